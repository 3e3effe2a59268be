/*
 * Runs a command once and prints its wall time, peak memory, exit status and CPU time (user + system):
 * "<wall nanoseconds> <peak RSS bytes> <exit status> <CPU nanoseconds>".
 *
 * Usage: rusage <stdout-file> <command> [arguments...]
 *
 * measure.py uses this small launcher instead of spawning from Python because Linux counts the address space a
 * process had before exec in its peak RSS: a child spawned by Python would report at least Python's own ~15 MiB,
 * hiding the real peak of small processes such as git. Forked from this ~1 MiB process, the child's ru_maxrss
 * (from wait4, for that child alone) is its own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: rusage <stdout-file> <command> [arguments...]\n");
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("rusage: fork");
        return 2;
    }
    if (pid == 0) {
        int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (out < 0 || in < 0) {
            perror("rusage: open");
            _exit(127);
        }
        dup2(in, 0);
        dup2(out, 1);
        close(in);
        close(out);
        execvp(argv[2], argv + 2);
        perror("rusage: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("rusage: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long nanoseconds = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
#ifdef __APPLE__
    long long peak = (long long)usage.ru_maxrss;          /* bytes on macOS */
#else
    long long peak = (long long)usage.ru_maxrss * 1024;   /* KiB on Linux */
#endif
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    long long cpu = ((long long)usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000LL
        + ((long long)usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000LL;
    printf("%lld %lld %d %lld\n", nanoseconds, peak, code, cpu);
    return 0;
}
