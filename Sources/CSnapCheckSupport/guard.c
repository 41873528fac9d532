// Linux only: glibc hides some of what is used below behind its feature macros. Darwin shows
// everything by default, and `.ci/portability` compiles this file as strict POSIX (XSI) to
// check that nothing outside a `__linux__` block needs more.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSnapCheckSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#if defined(__APPLE__)
#include <sys/types.h>
#include <sys/sysctl.h>
#endif
#include <time.h>
#include <unistd.h>

// No debug information at all, for the functions, the variables or the types of casts: valgrind
// 3.19 (Debian 12's) cannot read a binary with two DWARF 5 units of C, and gives up on the
// whole binary — `run --instructions` would count nothing. CBenchSupport is the other.
#define NO_DEBUG_INFO __attribute__((nodebug))

// MARK: - Slots: one per thread that ran an example, visible to the watchdog

#define SLOT_COUNT 1024

struct slot {
  _Atomic int in_use;
  _Atomic int lock;
  _Atomic uint64_t started;  // 0: no example running
  _Atomic int reported;      // the watchdog already reported this example
  _Atomic uint64_t deadline; // this example's own deadline, or 0 for the watchdog's
  _Atomic uint64_t allowed;  // time allowed beyond the deadline for the work the example does
  _Atomic uint64_t events;   // touch events (or other units of work) the example has played
  void *crumb;
  void (*release)(void *);
  void *alternate_stack;
};

NO_DEBUG_INFO static struct slot slots[SLOT_COUNT];
NO_DEBUG_INFO static _Atomic int slots_used = 0;  // one past the highest slot ever used
NO_DEBUG_INFO static _Thread_local int own_slot = -1;
NO_DEBUG_INFO static pthread_key_t slot_key;
NO_DEBUG_INFO static pthread_once_t slot_key_once = PTHREAD_ONCE_INIT;

NO_DEBUG_INFO uint64_t snapcheck_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t seconds = now.tv_sec;
  uint64_t nanoseconds = now.tv_nsec;
  return seconds * 1000000000u + nanoseconds;
}

NO_DEBUG_INFO static void slot_lock(struct slot *slot) {
  int expected = 0;
  while (!atomic_compare_exchange_weak(&slot->lock, &expected, 1)) {
    expected = 0;
  }
}

NO_DEBUG_INFO static void slot_unlock(struct slot *slot) { atomic_store(&slot->lock, 0); }

/// A thread ends: its crumb is let go and its slot freed for another thread.
NO_DEBUG_INFO static void thread_ended(void *value) {
  struct slot *slot = value;
  if (!slot) return;
  slot_lock(slot);
  void *crumb = slot->crumb;
  void (*release)(void *) = slot->release;
  slot->crumb = 0;
  atomic_store(&slot->started, 0);
  slot_unlock(slot);
  if (slot->alternate_stack) {
    stack_t none = {.ss_flags = SS_DISABLE};
    sigaltstack(&none, 0);
    free(slot->alternate_stack);
    slot->alternate_stack = 0;
  }
  if (crumb && release) release(crumb);
  atomic_store(&slot->in_use, 0);
}

NO_DEBUG_INFO static void make_slot_key(void) { pthread_key_create(&slot_key, thread_ended); }

/// The calling thread's slot, taken on first use; -1 when all are taken.
NO_DEBUG_INFO static int take_slot(void) {
  if (own_slot >= 0) return own_slot;
  pthread_once(&slot_key_once, make_slot_key);
  for (int index = 0; index < SLOT_COUNT; index++) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&slots[index].in_use, &expected, 1)) {
      own_slot = index;
      int used = atomic_load(&slots_used);
      while (used < index + 1 && !atomic_compare_exchange_weak(&slots_used, &used, index + 1)) {
      }
      pthread_setspecific(slot_key, &slots[index]);
      // A stack overflow can only be reported from a stack of its own.
      stack_t current;
      if (sigaltstack(0, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        size_t size = 256 * 1024;
        void *memory = malloc(size);
        if (memory) {
          stack_t stack = {.ss_sp = memory, .ss_size = size, .ss_flags = 0};
          if (sigaltstack(&stack, 0) == 0) {
            slots[index].alternate_stack = memory;
          } else {
            free(memory);
          }
        }
      }
      return index;
    }
  }
  return -1;
}

NO_DEBUG_INFO void snapcheck_crumb_set(void *crumb, void (*release)(void *)) {
  int index = take_slot();
  if (index < 0) return;
  struct slot *slot = &slots[index];
  slot_lock(slot);
  void *old = slot->crumb;
  void (*old_release)(void *) = slot->release;
  slot->crumb = crumb;
  slot->release = release;
  slot_unlock(slot);
  if (old && old != crumb && old_release) old_release(old);
}

NO_DEBUG_INFO void *snapcheck_crumb(void) { return own_slot >= 0 ? slots[own_slot].crumb : 0; }

NO_DEBUG_INFO void snapcheck_crumb_lock(int lock) {
  if (own_slot < 0) return;
  if (lock) {
    slot_lock(&slots[own_slot]);
  } else {
    slot_unlock(&slots[own_slot]);
  }
}

NO_DEBUG_INFO void snapcheck_example_begin(void) { snapcheck_example_begin_within(0); }

NO_DEBUG_INFO void snapcheck_example_begin_within(uint64_t deadline) {
  int index = take_slot();
  if (index < 0) return;
  atomic_store(&slots[index].reported, 0);
  atomic_store(&slots[index].deadline, deadline);
  atomic_store(&slots[index].allowed, 0);
  atomic_store(&slots[index].events, 0);
  atomic_store(&slots[index].started, snapcheck_now());
}

NO_DEBUG_INFO void snapcheck_example_allow(uint64_t events, uint64_t nanoseconds) {
  if (own_slot < 0) return;
  struct slot *slot = &slots[own_slot];
  atomic_fetch_add_explicit(&slot->events, events, memory_order_relaxed);
  atomic_fetch_add_explicit(&slot->allowed, nanoseconds, memory_order_relaxed);
}

/// The slot of the example in flight longest, or -1.
NO_DEBUG_INFO static int slot_in_flight(void) {
  int used = atomic_load(&slots_used);
  int earliest = -1;
  uint64_t earliest_start = UINT64_MAX;
  for (int index = 0; index < used; index++) {
    uint64_t started = atomic_load(&slots[index].started);
    if (!started || !slots[index].crumb) continue;
    if (started < earliest_start) {
      earliest = index;
      earliest_start = started;
    }
  }
  return earliest;
}

NO_DEBUG_INFO static int own_example_running(void) {
  return own_slot >= 0 && slots[own_slot].crumb && atomic_load(&slots[own_slot].started);
}

/// The slot whose crumb a report names: the calling thread's when an example runs on it, or
/// else the example in flight longest on any thread, or else the calling thread's (-1: none).
NO_DEBUG_INFO static int slot_to_report(void) {
  if (own_example_running()) return own_slot;
  int found = slot_in_flight();
  return found >= 0 ? found : own_slot;
}

NO_DEBUG_INFO void *snapcheck_crumb_in_flight(void) {
  int index = slot_to_report();
  return index >= 0 ? slots[index].crumb : 0;
}

NO_DEBUG_INFO static _Atomic uint64_t pace_total = 0;
NO_DEBUG_INFO static _Atomic uint64_t pace_count = 0;
NO_DEBUG_INFO static _Atomic uint64_t pace_events = 0;
NO_DEBUG_INFO static _Atomic uint64_t pace_slowest = 0;

NO_DEBUG_INFO uint64_t snapcheck_example_end(void) {
  if (own_slot < 0) return 0;
  struct slot *slot = &slots[own_slot];
  // Waits while the watchdog reads the crumb.
  slot_lock(slot);
  uint64_t started = atomic_exchange(&slot->started, 0);
  slot_unlock(slot);
  if (!started) return 0;
  uint64_t elapsed = snapcheck_now() - started;
  atomic_fetch_add(&pace_total, elapsed);
  atomic_fetch_add(&pace_count, 1);
  atomic_fetch_add(&pace_events, atomic_load(&slot->events));
  return elapsed;
}

NO_DEBUG_INFO int snapcheck_pace_record(uint64_t elapsed) {
  uint64_t slowest = atomic_load(&pace_slowest);
  while (elapsed > slowest) {
    if (atomic_compare_exchange_weak(&pace_slowest, &slowest, elapsed)) return 1;
  }
  return 0;
}

NO_DEBUG_INFO void snapcheck_pace(uint64_t *total, uint64_t *count) {
  *total = atomic_load(&pace_total);
  *count = atomic_load(&pace_count);
}

NO_DEBUG_INFO uint64_t snapcheck_pace_events(void) { return atomic_load(&pace_events); }

NO_DEBUG_INFO void *snapcheck_overrun(uint64_t nanoseconds, uint64_t *elapsed) {
  uint64_t now = snapcheck_now();
  int used = atomic_load(&slots_used);
  int longest = -1;
  uint64_t longest_time = 0;
  for (int index = 0; index < used; index++) {
    uint64_t started = atomic_load(&slots[index].started);
    if (!started || atomic_load(&slots[index].reported) || !slots[index].crumb) continue;
    uint64_t ran = now > started ? now - started : 0;
    uint64_t own = atomic_load(&slots[index].deadline);
    uint64_t limit = (own ? own : nanoseconds) + atomic_load(&slots[index].allowed);
    if (ran >= limit && ran >= longest_time) {
      longest = index;
      longest_time = ran;
    }
  }
  if (longest < 0) return 0;
  struct slot *slot = &slots[longest];
  slot_lock(slot);
  if (!atomic_load(&slot->started) || !slot->crumb) {
    slot_unlock(slot);
    return 0;
  }
  atomic_store(&slot->reported, 1);
  if (elapsed) *elapsed = longest_time;
  return slot->crumb;
}

NO_DEBUG_INFO void snapcheck_overrun_done(void *crumb) {
  int used = atomic_load(&slots_used);
  for (int index = 0; index < used; index++) {
    if (slots[index].crumb == crumb) {
      slot_unlock(&slots[index]);
      return;
    }
  }
}

// MARK: - Crash handlers

NO_DEBUG_INFO static const int fatal_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
#define FATAL_COUNT 6
NO_DEBUG_INFO static struct sigaction previous_actions[FATAL_COUNT];
NO_DEBUG_INFO static snapcheck_crash_reporter crash_reporter = 0;
NO_DEBUG_INFO static _Atomic int installed = 0;
NO_DEBUG_INFO static _Atomic int reporting = 0;

// Set (shared with the stop guard's process) when the stop guard ends this process.
NO_DEBUG_INFO static volatile int *stop_flag = 0;
// Text as variables marked NO_DEBUG_INFO: a string literal in code gets debug information.
NO_DEBUG_INFO static const char stopped_message[] =
    "Error: the process was stopped (by a SIGSTOP its own code raised, or one sent to it alone), "
    "and a stopped process never goes on: it was ended\n";


NO_DEBUG_INFO static void on_fatal_signal(int signal_number, siginfo_t *info, void *context __attribute__((unused))) {

  int expected = 0;
  if (atomic_compare_exchange_strong(&reporting, &expected, 1)) {
    // A signal sent from outside (the parent ending a stopped worker) lands on any thread: the
    // example in flight longest is reported, its slot locked first, as the watchdog does, so
    // that its thread (going on after SIGCONT) cannot change the crumb while it is read, and
    // stops at its next change.
    int index = slot_to_report();
    if (index >= 0 && index != own_slot) slot_lock(&slots[index]);
    void *crumb = index >= 0 ? slots[index].crumb : 0;
    // Sent by the stop guard: the process had been stopped, and is reported so.
    int reported = signal_number;
    if (stop_flag && *stop_flag) {
      reported = SIGSTOP;
      if (!crash_reporter || !crumb) {
        if (write(STDERR_FILENO, stopped_message, sizeof stopped_message - 1) < 0) {
        }
        _exit(1);
      }
    }
    if (crash_reporter && crumb) crash_reporter(reported, crumb);
  }
  for (int index = 0; index < FATAL_COUNT; index++) {
    if (fatal_signals[index] == signal_number) {
      sigaction(signal_number, &previous_actions[index], 0);
    }
  }
  // A fault the kernel raised happens again when the handler returns, now handled as before
  // (with the registers of the fault, for a backtracer); one raised by a call (abort, raise,
  // kill) or a trap the processor steps past is raised again.
  int refaults = info && info->si_code > 0 && signal_number != SIGABRT && signal_number != SIGTRAP;
  if (!refaults) raise(signal_number);
}

NO_DEBUG_INFO void snapcheck_guard_install(snapcheck_crash_reporter reporter) {
  int expected = 0;
  if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
  crash_reporter = reporter;
  for (int index = 0; index < FATAL_COUNT; index++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(fatal_signals[index], &action, &previous_actions[index]);
  }
}

// MARK: - A body run in a child process

// A pipe whose ends close on exec. Linux makes both atomically (`pipe2`); Apple's SDKs before
// 27 do not declare `pipe2`, so there each end is marked just after `pipe`. A process spawned by
// another thread in between could inherit an end: Foundation's `Process` on Darwin spawns with
// POSIX_SPAWN_CLOEXEC_DEFAULT, which inherits none, and this function is only for a process
// whose other threads are idle (see `ChildProcess.run`), so nothing else forks there.
NO_DEBUG_INFO static int cloexec_pipe(int ends[2]) {
#if defined(__linux__)
  return pipe2(ends, O_CLOEXEC);
#else
  if (pipe(ends) != 0) return -1;
  for (int index = 0; index < 2; index++) {
    if (fcntl(ends[index], F_SETFD, FD_CLOEXEC) != 0) {
      int saved = errno;
      close(ends[0]);
      close(ends[1]);
      errno = saved;
      return -1;
    }
  }
  return 0;
#endif
}

NO_DEBUG_INFO int snapcheck_run_in_child(void (*body)(void *), void *context, uint64_t timeout_ns,
                           char *output, int capacity) {
  if (capacity > 0) output[0] = 0;
  int pipe_ends[2];
  if (cloexec_pipe(pipe_ends) != 0) return -3;
  pid_t parent = getpid();
  pid_t child = fork();
  if (child < 0) {
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    return -3;
  }
  if (child == 0) {
#if defined(__linux__)
    // Killed with the process that forked it, however that ends (the thread that forked it
    // waits for it, so the thread's end is the process's).
    unsigned long kill_signal = SIGKILL;
    prctl(PR_SET_PDEATHSIG, kill_signal);
#endif
    if (getppid() != parent) _exit(1);
    dup2(pipe_ends[1], STDERR_FILENO);
    close(pipe_ends[0]);
    body(context);
    _exit(0);
  }
  close(pipe_ends[1]);
  int length = 0;
  uint64_t deadline = snapcheck_now() + timeout_ns;
  int timed_out = 0;
  for (;;) {
    uint64_t now = snapcheck_now();
    if (now >= deadline) {
      timed_out = 1;
      break;
    }
    uint64_t left_ms = (deadline - now) / 1000000u + 1;
    struct pollfd descriptor = {.fd = pipe_ends[0], .events = POLLIN};
    int wait_ms = 60000;
    if (left_ms < 60000) wait_ms = left_ms;
    int ready = poll(&descriptor, 1, wait_ms);
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (ready == 0) continue;
    char buffer[4096];
    ssize_t count = read(pipe_ends[0], buffer, sizeof buffer);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) break;  // the child is gone, or closed its standard error
    for (ssize_t index = 0; index < count && length < capacity - 1; index++) {
      output[length++] = buffer[index];
    }
    if (capacity > 0) output[length] = 0;
  }
  close(pipe_ends[0]);
  int status = 0;
  if (timed_out) {
    kill(child, SIGKILL);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return -1;
  }
  // The pipe closed: the child is ending; wait for it, within the time left.
  for (;;) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) return -3;
    if (snapcheck_now() >= deadline) {
      kill(child, SIGKILL);
      while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
      }
      return -1;
    }
    struct timespec pause = {.tv_sec = 0, .tv_nsec = 1000000};
    nanosleep(&pause, 0);
  }
  // The wait status decoded by hand: glibc's WIFSIGNALED casts, and a cast is debug
  // information (see NO_DEBUG_INFO).
  int low = status & 0x7f;
  if (low != 0 && low != 0x7f) return low;  // ended by the signal `low`
  if (low == 0 && ((status >> 8) & 0xff) == 0) return 0;  // exited with status 0
  return -2;
}

// MARK: - The stop guard

#if defined(__linux__)
NO_DEBUG_INFO static const char proc_prefix[] = "/proc/";
NO_DEBUG_INFO static const char stat_suffix[] = "/stat";

/// Whether process `pid` is stopped by a signal (state `T`; not `t`, a debugger's stop).
NO_DEBUG_INFO static int process_stopped(pid_t pid) {
  char path[64];
  char text[512];
  int length = 0;
  // "/proc/<pid>/stat", written without stdio (the guard forks from a process with threads).
  for (const char *c = proc_prefix; *c; c++) path[length++] = *c;
  char digits[16];
  int count = 0;
  for (pid_t value = pid; value > 0 || count == 0; value /= 10) digits[count++] = '0' + value % 10;
  while (count > 0) path[length++] = digits[--count];
  for (const char *c = stat_suffix; *c; c++) path[length++] = *c;
  path[length] = 0;
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return 0;
  ssize_t read_count = read(descriptor, text, sizeof text - 1);
  close(descriptor);
  if (read_count <= 0) return 0;
  text[read_count] = 0;
  // The state follows the command's closing parenthesis: "pid (comm) S ...".
  char *close_paren = strrchr(text, ')');
  if (!close_paren || close_paren[1] != ' ') return 0;
  return close_paren[2] == 'T';
}
#elif defined(__APPLE__)
NO_DEBUG_INFO static int process_stopped(pid_t pid) {
  int name[4] = {CTL_KERN, KERN_PROC, KERN_PROC_PID, (int)pid};
  struct kinfo_proc info;
  size_t size = sizeof info;
  memset(&info, 0, sizeof info);
  if (sysctl(name, 4, &info, &size, 0, 0) != 0 || size == 0) return 0;
  if (info.kp_proc.p_flag & P_TRACED) return 0;
  return info.kp_proc.p_stat == SSTOP;
}
#endif

NO_DEBUG_INFO static _Atomic int stop_guard_started = 0;

NO_DEBUG_INFO static void guard_sleep(long milliseconds) {
  struct timespec pause = {.tv_sec = milliseconds / 1000, .tv_nsec = (milliseconds % 1000) * 1000000L};
  while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
  }
}

NO_DEBUG_INFO int snapcheck_stop_guard_start(void) {
#if (defined(__linux__) || defined(__APPLE__)) && (defined(MAP_ANONYMOUS) || defined(MAP_ANON))
  if (atomic_exchange(&stop_guard_started, 1)) return 0;
#if defined(MAP_ANONYMOUS)
  int anonymous = MAP_ANONYMOUS;
#else
  int anonymous = MAP_ANON;
#endif
  void *page = mmap(0, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | anonymous, -1, 0);
  // MAP_FAILED is ((void *) -1): compared by its bits, since a cast gets debug information.
  uintptr_t bits;
  memcpy(&bits, &page, sizeof bits);
  if (bits == UINTPTR_MAX) return -1;
  stop_flag = page;
  pid_t parent = getpid();
  pid_t guard = fork();
  if (guard < 0) return -1;
  if (guard > 0) return 0;
#if defined(__linux__)
  unsigned long kill_signal = SIGKILL;
  prctl(PR_SET_PDEATHSIG, kill_signal);
#endif
  // Holds none of the parent's files: a reader of its output sees the end when the parent ends.
  long most = sysconf(_SC_OPEN_MAX);
  if (most < 0 || most > 65536) most = 65536;
  for (int descriptor = 0; descriptor < most; descriptor++) close(descriptor);
  // Stopped with the rest of its job (^Z), so that a stop of the whole job is never mistaken for
  // the process stopping itself; ended with it by ^C or a hang-up, as it is.
  int seen = 0;
  for (;;) {
    guard_sleep(50);
    if (getppid() != parent) _exit(0);
    if (!process_stopped(parent)) {
      seen = 0;
      continue;
    }
    // Seen stopped twice, 50 ms apart, while this process ran: not a stop of the job.
    if (++seen < 2) continue;
    *stop_flag = 1;
    kill(parent, SIGABRT);
    kill(parent, SIGCONT);
    // Woken again if the code stops itself again before its guard ends it; killed after 2 s.
    for (int tries = 0; tries < 400; tries++) {
      guard_sleep(5);
      if (getppid() != parent || kill(parent, 0) != 0) _exit(0);
      if (process_stopped(parent)) kill(parent, SIGCONT);
    }
    kill(parent, SIGKILL);
    _exit(0);
  }
#else
  return -1;
#endif
}
