// _GNU_SOURCE here only, not in the header: it would split the module's view of shared
// types from Glibc's.
#define _GNU_SOURCE
#include "CLinux.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int pomobar_reap_children_automatically(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  action.sa_flags = SA_NOCLDWAIT;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGCHLD, &action, NULL);
}

int pomobar_wait_for_children(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGCHLD, &action, NULL);
}

int pomobar_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int pomobar_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int pomobar_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int low) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, low);
#else
  (void)actions;
  (void)low;
  return ENOSYS;
#endif
}
