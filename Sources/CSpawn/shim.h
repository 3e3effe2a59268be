// Declarations Swift's platform modules do not give: on Linux, the process-spawning calls glibc hides behind
// _GNU_SOURCE, and a pidfd helper.
// pipe2 creates close-on-exec pipes atomically (so a child spawned on another thread never inherits them);
// addchdir_np gives each child its own working directory without chdir in this multi-threaded process.
#include <spawn.h>
#include <unistd.h>
#include <fcntl.h>

#ifdef __linux__
#include <sys/syscall.h>

int pipe2(int pipefd[2], int flags);
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions, const char *__restrict path);

// A descriptor that becomes readable when the process exits (Linux 5.3+), so its exit can be polled together with
// its output; -1 where the kernel lacks it. syscall() is variadic, which Swift cannot call, hence this wrapper.
static inline int slipway_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}
#endif
