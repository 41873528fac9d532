#ifndef SNAPLAB_CSNAPCHECKSUPPORT_H
#define SNAPLAB_CSNAPCHECKSUPPORT_H

#include <stdint.h>

/// Called on the thread that crashed, from the signal handler, with that thread's crumb (an
/// object its owner keeps alive) and the signal; it should write what it knows and return. A
/// reporter that itself crashes is not called again.
typedef void (*snapcheck_crash_reporter)(int signal_number, void *crumb);

/// Installs, once, handlers for the signals a crash raises (SIGILL and SIGTRAP for a Swift
/// trap, SIGSEGV, SIGBUS, SIGFPE, SIGABRT) that call `reporter` and then hand the signal to
/// whatever handled it before (the Swift runtime's backtracer, or the default: the process
/// dies of it). Later calls change nothing.
void snapcheck_guard_install(snapcheck_crash_reporter reporter);

/// Sets the calling thread's crumb (the caller keeps it alive for as long as the thread may
/// crash), giving the thread a slot the watchdog can see and an alternate signal stack, so that
/// a stack overflow is reported too. `release` is called with the crumb when the thread ends.
void snapcheck_crumb_set(void *crumb, void (*release)(void *crumb));

/// The calling thread's crumb, or NULL.
void *snapcheck_crumb(void);

/// Locks (1) or unlocks (0) the calling thread's crumb against the watchdog reading it, while
/// its owner changes it.
void snapcheck_crumb_lock(int lock);

/// An example starts (or ends) on the calling thread: the watchdog measures from here.
void snapcheck_example_begin(void);
/// An example starts with a deadline of its own, in nanoseconds (0: the watchdog's).
void snapcheck_example_begin_within(uint64_t deadline);
/// Ends the example begun on this thread; returns how long it ran, in nanoseconds.
uint64_t snapcheck_example_end(void);

/// The example on this thread plays `events` more touch events (or other units of work) and
/// is allowed `nanoseconds` more before the watchdog reports it: a handler that takes most of a
/// frame for each event is slow, not stuck.
void snapcheck_example_allow(uint64_t events, uint64_t nanoseconds);

/// The calling thread's crumb when an example runs on it, or else that of the example in flight
/// longest on any thread, or else the calling thread's (NULL if none): for a signal sent from
/// outside, which lands on any thread.
void *snapcheck_crumb_in_flight(void);

/// The touch events every ended example played, all together (`snapcheck_example_allow`).
uint64_t snapcheck_pace_events(void);

/// Whether `elapsed` (an example's time, from `snapcheck_example_end`) is the longest yet: it
/// becomes the record.
int snapcheck_pace_record(uint64_t elapsed);

/// The time every ended example took, all together, and how many there were.
void snapcheck_pace(uint64_t *total, uint64_t *count);

/// The crumb of the example that has run longest of those that have run at least their own
/// deadline (or `nanoseconds`) and were not reported yet, locked and marked reported, with how long it has
/// run in `elapsed`; NULL if none. Unlock it with `snapcheck_overrun_done`.
void *snapcheck_overrun(uint64_t nanoseconds, uint64_t *elapsed);
void snapcheck_overrun_done(void *crumb);

/// The monotonic clock, in nanoseconds.
uint64_t snapcheck_now(void);

/// Runs `body(context)` in a child process made by fork(), its standard error and a report
/// pipe captured, and waits at most `timeout_ns` for it. Returns 0 when the child exited with
/// status 0, the signal number when a signal ended it, -1 when it ran past the timeout (it is
/// then killed), -2 when it exited with another status, -3 when it could not be started.
/// `output` receives up to `capacity - 1` bytes of what the child wrote to standard error (NUL
/// ended). Only for a process with one thread: the child runs nothing but `body` and `_exit`.
int snapcheck_run_in_child(void (*body)(void *context), void *context, uint64_t timeout_ns,
                           char *output, int capacity);

/// Starts, once, a small process that watches this one: when this process stays stopped (by a
/// SIGSTOP its own code raised, or one sent to it alone) it is woken and ended through its crash
/// handler, which reports the work in flight as stopped (`SIGSTOP`), never left to hang. A stop
/// of the whole job (^Z) stops the watcher too, and is left alone; so is a debugger's stop.
/// Call it early, from the main thread. Returns 0, or -1 where it cannot run (no fork, or a
/// system it does not know).
int snapcheck_stop_guard_start(void);

#endif
