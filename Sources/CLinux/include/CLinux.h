// Linux system headers that Swift's Glibc module does not export:
// epoll(7), timerfd_create(2), signalfd(2), inotify(7), flock(2), posix_spawn(3).
#ifndef POMOBAR_CLINUX_H
#define POMOBAR_CLINUX_H

#include <spawn.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/types.h>

// Macros Swift cannot import, as constants.
// glibc defines POSIX_SPAWN_SETSID only under _GNU_SOURCE, which would split the
// module's view of shared types from Glibc's; its value is fixed in the ABI.
static const short pomobar_POSIX_SPAWN_SETSID = 0x80;
static const unsigned int pomobar_EPOLLIN = EPOLLIN;
static const unsigned int pomobar_EPOLLOUT = EPOLLOUT;
static const unsigned int pomobar_EPOLLERR = EPOLLERR;
static const unsigned int pomobar_EPOLLHUP = EPOLLHUP;

/// Sets a SIGCHLD disposition that makes the kernel reap children (SA_NOCLDWAIT).
int pomobar_reap_children_automatically(void);

/// Sets SIGCHLD back to its default, so that children can be waited for.
int pomobar_wait_for_children(void);

/// pidfd_open(2): a descriptor that polls readable when process `pid` exits; -1 with
/// errno set where the kernel has no such call (before Linux 5.3).
int pomobar_pidfd_open(pid_t pid);

/// memfd_create(2), close-on-exec: a file in memory, for a child's stdin; -1 with errno.
int pomobar_memfd(void);

/// flock(fd, LOCK_EX), waiting at most `milliseconds`: 0 when locked, else -1 with errno
/// (EWOULDBLOCK when the time ran out). Waits in the kernel's queue for the lock, woken by
/// a one-shot SIGALRM timer (ITIMER_REAL) whose handler does nothing; the caller's
/// handler and timer for SIGALRM are put back.
int pomobar_flock_exclusive(int fd, long milliseconds);

/// Gives back the resident pages of this program's code (madvise MADV_DONTNEED on the
/// text segment, `__executable_start` to `etext`): a long-running process calls it once
/// start-up is over, and from then on only the code it still runs is faulted back in
/// from the page cache. Returns 0, or -1 with errno.
int pomobar_release_code_pages(void);

/// memmem(3), a GNU extension: the first `needle` in `haystack`, or NULL.
void *pomobar_memmem(const void *haystack, size_t haystack_length, const void *needle,
                     size_t needle_length);

/// pipe2(2) with O_CLOEXEC: a pipe whose ends no child inherits unless given on purpose.
int pomobar_pipe_cloexec(int fds[2]);

/// Adds "close every descriptor from `low` up" to spawn file actions (glibc 2.34+), so
/// that a child gets nothing it was not given on purpose; returns an errno value, or
/// ENOSYS where glibc lacks it.
int pomobar_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int low);

/// The process's nice value (0 if it cannot be read).
int pomobar_nice(void);

/// epoll_wait(2) with a timeout in nanoseconds (negative: none), through epoll_pwait2(2)
/// (Linux 5.11) called directly, so that no newer glibc is needed; on older kernels, the
/// timeout is rounded up to milliseconds for epoll_wait(2). -1 with errno on failure.
int pomobar_epoll_wait_ns(int epfd, struct epoll_event *events, int max, long long timeout_ns);

/// The commit this binary was built from, as scripts/build-release passes it
/// (`-Xcc -DPOMOBAR_COMMIT="abc1234"`, `-dirty` for uncommitted changes); "unknown" for a
/// plain `swift build`.
const char *pomobar_build_commit(void);

#endif
