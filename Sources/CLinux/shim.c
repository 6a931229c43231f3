// _GNU_SOURCE here only, not in the header: it would split the module's view of shared
// types from Glibc's.
#define _GNU_SOURCE
#include "CLinux.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
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

int pomobar_memfd(void) {
#ifdef SYS_memfd_create
  return (int)syscall(SYS_memfd_create, "pomobar", 1U /* MFD_CLOEXEC */);
#else
  errno = ENOSYS;
  return -1;
#endif
}

static void pomobar_ignore(int signal) { (void)signal; }

int pomobar_flock_exclusive(int fd, long milliseconds) {
  if (flock(fd, LOCK_EX | LOCK_NB) == 0) return 0;
  if (errno != EWOULDBLOCK) return -1;
  struct sigaction quiet, saved;
  memset(&quiet, 0, sizeof quiet);
  quiet.sa_handler = pomobar_ignore;  // no SA_RESTART: the signal ends the wait with EINTR
  sigemptyset(&quiet.sa_mask);
  sigaction(SIGALRM, &quiet, &saved);
  sigset_t alarm, before;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  sigprocmask(SIG_UNBLOCK, &alarm, &before);
  struct itimerval timer, savedTimer;
  memset(&timer, 0, sizeof timer);
  timer.it_value.tv_sec = milliseconds / 1000;
  timer.it_value.tv_usec = (milliseconds % 1000) * 1000;
  if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &timer, &savedTimer);
  int result = flock(fd, LOCK_EX);
  int error = errno;
  struct itimerval off;
  memset(&off, 0, sizeof off);
  setitimer(ITIMER_REAL, &off, NULL);
  sigprocmask(SIG_SETMASK, &before, NULL);
  sigaction(SIGALRM, &saved, NULL);
  if (savedTimer.it_value.tv_sec || savedTimer.it_value.tv_usec) setitimer(ITIMER_REAL, &savedTimer, NULL);
  if (result == 0) return 0;
  errno = error == EINTR ? EWOULDBLOCK : error;
  return -1;
}

extern char __executable_start;
extern char etext;

int pomobar_release_code_pages(void) {
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t start = ((uintptr_t)&__executable_start + page - 1) & ~(uintptr_t)(page - 1);
  uintptr_t end = (uintptr_t)&etext & ~(uintptr_t)(page - 1);
  if (end <= start) return 0;
  return madvise((void *)start, end - start, MADV_DONTNEED);
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

// Set by scripts/build-release as a C string literal: a C define is the one build-time
// value that reaches the binary without Foundation, a plugin or a generated source file.
#ifndef POMOBAR_COMMIT
#define POMOBAR_COMMIT "unknown"
#endif

const char *pomobar_build_commit(void) { return POMOBAR_COMMIT; }

void *pomobar_memmem(const void *haystack, size_t haystack_length, const void *needle,
                     size_t needle_length) {
  return memmem(haystack, haystack_length, needle, needle_length);
}

int pomobar_nice(void) {
  errno = 0;
  int nice = getpriority(PRIO_PROCESS, 0);
  return errno ? 0 : nice;
}

int pomobar_epoll_wait_ns(int epfd, struct epoll_event *events, int max, long long timeout_ns) {
  if (timeout_ns < 0) return epoll_wait(epfd, events, max, -1);
#ifdef SYS_epoll_pwait2
  static int unavailable = 0;
  if (!unavailable) {
    struct timespec timeout = {timeout_ns / 1000000000LL, timeout_ns % 1000000000LL};
    long n = syscall(SYS_epoll_pwait2, epfd, events, max, &timeout, NULL, 0);
    if (n >= 0 || errno != ENOSYS) return (int)n;
    unavailable = 1;
  }
#endif
  long long ms = (timeout_ns + 999999) / 1000000;
  return epoll_wait(epfd, events, max, ms > 2147483647LL ? 2147483647 : (int)ms);
}
