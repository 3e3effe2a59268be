// Process-spawning declarations Swift's Glibc module hides behind _GNU_SOURCE.
// pipe2 creates close-on-exec pipes atomically (so a child spawned on another thread never inherits them);
// addchdir_np gives each child its own working directory without chdir in this multi-threaded process.
#include <spawn.h>
#include <unistd.h>
#include <fcntl.h>

#ifdef __linux__
int pipe2(int pipefd[2], int flags);
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions, const char *__restrict path);
#endif
