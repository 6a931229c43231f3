/* Second floor for "CPU per hour while a phase runs": a status command that
   waits the way pomobar does - epoll_pwait2's own timeout, counted to an
   absolute CLOCK_BOOTTIME deadline read before each wait (no timerfd to read) -
   then formats one short i3bar frame and writes it. Used by scripts/bench
   beside ticker.c (the timerfd floor), each at its own quarter of the second:
   woken alone, the two cost the same on this VM (a ticker that woke a few ms
   after another, on a CPU already awake, cost half, which once made this one
   look cheaper). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static int64_t boottime(void) {
  struct timespec ts; clock_gettime(CLOCK_BOOTTIME, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
int main(void) {
  int ep = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event ev = {0}, out[8];
  ev.data.fd = 1;
  epoll_ctl(ep, EPOLL_CTL_ADD, 1, &ev); /* stdout, for hang-up only, as pomobar */
  int64_t deadline = boottime() + 1000000000;
  char buf[256];
  fputs("{\"version\":1}\n[\n", stdout); fflush(stdout);
  for (int left = 1500, first = 1; left > 0; left--, first = 0) {
    int n = snprintf(buf, sizeof buf, "%s[{\"name\":\"ticker\",\"full_text\":\"Focus %02d:%02d\"}]\n",
                     first ? "" : ",", left / 60, left % 60);
    if (write(1, buf, (size_t)n) != n) return 1;
    for (;;) {
      int64_t wait = deadline - boottime();
      if (wait <= 0) break;
      struct timespec timeout = {wait / 1000000000, wait % 1000000000};
      long r = syscall(SYS_epoll_pwait2, ep, out, 8, &timeout, NULL, 0);
      if (r > 0) return 0; /* stdout hung up */
    }
    deadline += 1000000000;
  }
  return 0;
}
