// Linux system headers that Swift's Glibc module does not export:
// epoll(7), timerfd_create(2), signalfd(2), inotify(7), flock(2), posix_spawn(3).
#ifndef POMOBAR_CLINUX_H
#define POMOBAR_CLINUX_H

#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>

// Macros Swift cannot import, as constants.
// glibc defines POSIX_SPAWN_SETSID only under _GNU_SOURCE, which would split the
// module's view of shared types from Glibc's; its value is fixed in the ABI.
static const short pomobar_POSIX_SPAWN_SETSID = 0x80;
static const unsigned int pomobar_EPOLLIN = EPOLLIN;
static const unsigned int pomobar_EPOLLERR = EPOLLERR;
static const unsigned int pomobar_EPOLLHUP = EPOLLHUP;

/// Sets a SIGCHLD disposition that makes the kernel reap children (SA_NOCLDWAIT).
int pomobar_reap_children_automatically(void);

#endif
