#ifndef SNAPLAB_CBENCHSUPPORT_H
#define SNAPLAB_CBENCHSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// Takes a value the optimiser must assume is used: an empty `asm volatile` with the value as
/// an input, in a separate translation unit that Swift cannot see into.
void snapbench_sink(uint64_t value);

/// Tells the optimiser that the memory behind `pointer` may be read or written by anyone.
void snapbench_escape(const void *pointer);

/// Does nothing, out of line, under a name callgrind can find: `run --count-only` calls it
/// before each benchmark and after the last, and `--dump-before=snapbench_benchmark_boundary`
/// cuts the instruction counts of one process into one part per benchmark.
void snapbench_benchmark_boundary(void);

/// The bare per-axis clamp loop written in C with comparisons (no fmin/fmax): for each of
/// `iterations`, clamps point `i % count` (count a power of two) into the rectangle and folds both coordinates'
/// bits into a checksum, exactly as the Swift reference benchmark does.
uint64_t snapbench_clamp_loop(const double *xs, const double *ys, size_t count,
                              size_t iterations, double min_x, double max_x, double min_y,
                              double max_y);

// MARK: - Heap allocations

/// How many heap allocations the calling thread has made since it started: every call of
/// `malloc`, `calloc`, `realloc`, `memalign`, `aligned_alloc`, `posix_memalign`, `valloc` and
/// `pvalloc`, by any code in the process (the Swift runtime's object allocations included), counted
/// by this target's replacements of those functions, which hand each call to the C library's own
/// allocator. Always 0 where the replacements are not built (anywhere but Linux with glibc); see
/// `snapbench_allocations_counted`.
uint64_t snapbench_allocations(void);

/// 1 where this target replaces the allocation functions (Linux with glibc), 0 elsewhere. Whether
/// the replacements are in force for every library of the process is for the caller to check: see
/// `AllocationCounter.isAvailable`.
int snapbench_allocations_counted(void);

// MARK: - Files the command line writes

/// Remembers a temporary file (or, with `is_directory`, an empty directory) that SIGINT,
/// SIGTERM and SIGHUP remove before the process dies; returns a slot for `snapbench_temporary_forget`, or -1
/// when the table is full. Paths registered later are removed first, so a directory's files go
/// before it. Installs the signal handlers the first time. One thread at a time makes
/// temporaries: the handler runs on the one that remembered them (a signal another thread
/// receives is passed on to it), so it never races that thread's next file, and it waits while
/// that thread holds signals.
int snapbench_temporary_remember(const char *path, int is_directory);

/// Forgets a slot: the file was renamed into place, or removed.
void snapbench_temporary_forget(int slot);

/// Remembers a worker process that SIGINT, SIGTERM and SIGHUP kill (SIGKILL) before this process
/// dies; returns a slot for `snapbench_child_forget`, or -1 when the table is full. Installs the
/// signal handlers the first time.
int snapbench_child_remember(int pid);

/// Makes the directory the files workers talk to their parent through live in (`mkdtemp`
/// `template`, rewritten in place), once; its numbered files (`<n>.channel`, `<n>.record`) and
/// the directory go when the process exits or dies by SIGINT, SIGTERM or SIGHUP. 0 on success.
int snapbench_worker_directory(char *template);

/// The number of the next worker's files in that directory.
int snapbench_worker_file_number(void);

/// In a worker: the files its parent gave it, removed (with their directory, once empty) when
/// the parent is gone — killed by SIGKILL, it could not remove them itself.
void snapbench_worker_files_own(const char *channel, const char *record);

/// Forgets a slot: the worker has ended.
void snapbench_child_forget(int slot);

/// The signal that stopped child `pid` (SIGSTOP, SIGTSTP, …) when it is stopped now, 0 when it
/// is not (running, or ended), -1 when it cannot be told. It reaps nothing (`waitid` with
/// WNOWAIT): the child stays waitable for whoever waits for it.
int snapbench_child_stopped(int pid);

/// While a command of the tool runs: a call of `exit()` (by the code under test) does not end
/// the process silently with the status it chose, but says so on standard error and ends it
/// with status 1, after calling `observer` (if not NULL), which leaves a record of what was
/// running for a supervising process. `snapbench_command_end` lifts it before the tool's own
/// exit.
void snapbench_command_begin(void (*observer)(void));
void snapbench_command_end(void);

/// Unblocks every signal for the calling thread (call it first, on the main thread). A process
/// started from a Dispatch thread (a test's `Process`, a verify worker) inherits that thread's
/// mask, which blocks SIGHUP, SIGINT, SIGQUIT and SIGABRT: a tool started so could be neither
/// ended through its crash guard nor clean up when interrupted.
void snapbench_unblock_signals(void);

/// In a worker: ends the process (`_exit(1)`) as soon as `parent` is no longer its parent, checked
/// now and every tenth of a second by a thread of its own, so that a worker never outlives the
/// process that reads it, however that process ended (SIGKILL included).
void snapbench_watch_parent(int parent);

/// Blocks (1) or unblocks (0) SIGINT, SIGTERM and SIGHUP for the calling thread, so that a few steps that
/// must not be torn apart run to the end; a signal that arrives meanwhile is delivered after.
void snapbench_signals_hold(int hold);

/// Flushes stdio's `stdout` and returns 0 when everything written to it so far reached the
/// descriptor, else the errno of the failure (EIO when stdio no longer knows it). Swift 6 cannot
/// name the C global `stdout`, so it is reached from here.
int snapbench_stdout_flush(void);

/// 1 when stdio's `stdout` has failed (its error indicator is set), else 0; nothing is flushed.
int snapbench_stdout_failed(void);

/// Swaps the names of two existing paths (files or directories) in one step; 0 on success, -1
/// with errno set (ENOSYS or EINVAL where the system or file system cannot).
int snapbench_exchange(const char *a, const char *b);

#endif
