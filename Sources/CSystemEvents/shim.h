// Linux event descriptors the dashboard's loop waits on with poll(): a realtime timer that also
// fires when the wall clock is set, and signals delivered as a descriptor. Glibc's Swift module
// does not expose timerfd and signalfd, so they are wrapped here (and malloc_trim, which gives
// freed heap pages back after the first frame).
#ifndef HOMESCREEN_SYSTEM_EVENTS_SHIM_H
#define HOMESCREEN_SYSTEM_EVENTS_SHIM_H
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>

static inline int hs_timer_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms the timer for an absolute wall-clock instant; it also fires (read fails with
/// ECANCELED) when the clock is set. seconds < 0 disarms it.
static inline int hs_timer_arm(int fd, long long seconds, long nanoseconds) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (seconds >= 0) {
        spec.it_value.tv_sec = (time_t)seconds;
        spec.it_value.tv_nsec = nanoseconds;
        if (seconds == 0 && nanoseconds == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(fd, seconds >= 0 ? (TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET) : 0, &spec, NULL);
}

/// Reads the timer. Returns 1 when it expired, 2 when the clock was set, 0 when nothing.
static inline int hs_timer_read(int fd) {
    unsigned long long expirations = 0;
    ssize_t count = read(fd, &expirations, sizeof expirations);
    if (count == (ssize_t)sizeof expirations) return 1;
    if (count < 0 && errno == ECANCELED) return 2;
    return 0;
}

/// The signals the dashboard reads from its signalfd.
static inline void hs_dashboard_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGQUIT);
    sigaddset(set, SIGWINCH);
    sigaddset(set, SIGCONT);
    // SIGRTMIN+1 … SIGRTMAX: a script widget's `signal = N` (i3blocks' meaning), read here
    // rather than killing the dashboard (their default action) when no widget takes N.
    for (int number = SIGRTMIN + 1; number <= SIGRTMAX; number++) sigaddset(set, number);
}

/// The first realtime signal the C library leaves to programs: `signal = N` is this + N.
static inline int hs_signal_realtime_first(void) { return SIGRTMIN; }
static inline int hs_signal_realtime_last(void) { return SIGRTMAX; }

/// Every realtime signal a widget may take (SIGRTMIN+1 … SIGRTMAX) ignored: a command that
/// takes none (`status`, `render`) is not ended by `pkill -RTMIN+N homescreen`. A loop that
/// takes them blocks them and reads them from its signalfd (a blocked signal is kept pending
/// whatever its disposition). Children get the default back (`posix_spawnattr_setsigdefault`).
static inline void hs_ignore_realtime_signals(void) {
    for (int number = SIGRTMIN + 1; number <= SIGRTMAX; number++) signal(number, SIG_IGN);
}

/// SIGRTMIN+1 … SIGRTMAX blocked in the calling thread (and threads started after) and read
/// from a descriptor instead. -1 when it cannot be made.
static inline int hs_realtime_signal_descriptor(void) {
    sigset_t set;
    sigemptyset(&set);
    for (int number = SIGRTMIN + 1; number <= SIGRTMAX; number++) sigaddset(&set, number);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// A descriptor that becomes readable when the process `pid` (a child) has ended: Linux's
/// pidfd (5.3 and later). -1 with errno ENOSYS on an older kernel.
static inline int hs_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// Blocks the dashboard's signals in this thread (and every thread started after) so they
/// arrive only through a signalfd. Call before any thread starts.
static inline int hs_block_signals(void) {
    sigset_t set;
    hs_dashboard_signals(&set);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGTSTP, SIG_IGN);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}

static inline int hs_signal_descriptor(void) {
    sigset_t set;
    hs_dashboard_signals(&set);
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one pending signal number, or 0 when none.
static inline int hs_signal_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t count = read(fd, &info, sizeof info);
    return count == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

/// SIGCHLD blocked in the calling thread (and threads started after) and delivered as a
/// descriptor instead: readable when a child may have ended, for a loop that reaps its
/// children without waiting on them. -1 when it cannot be made.
static inline int hs_child_exit_descriptor(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/* A set of descriptors that is itself one descriptor, readable when one of them is (epoll,
   level-triggered): to wait on several feeds where one descriptor is expected. */
static inline int hs_descriptor_set(void) { return epoll_create1(EPOLL_CLOEXEC); }

static inline int hs_descriptor_set_add(int set, int fd) {
    struct epoll_event event = { .events = EPOLLIN, .data = { .fd = fd } };
    return epoll_ctl(set, EPOLL_CTL_ADD, fd, &event);
}

static inline int hs_descriptor_set_remove(int set, int fd) { return epoll_ctl(set, EPOLL_CTL_DEL, fd, NULL); }


static inline int hs_signal_winch(void) { return SIGWINCH; }
static inline int hs_signal_cont(void) { return SIGCONT; }
#endif
