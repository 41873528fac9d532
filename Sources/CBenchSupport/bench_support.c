// One C file on purpose: valgrind 3.19 (Debian 12's) refuses a binary holding two DWARF 5 C
// compile units ("possibly corrupted debuginfo"), and `run --instructions` runs this one
// under callgrind.
// Linux only (see guard.c): elsewhere the file is strict POSIX plus its `__APPLE__` block.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CBenchSupport.h"

#include <string.h>

void snapbench_sink(uint64_t value) { __asm__ volatile("" : : "r"(value) : "memory"); }

void snapbench_escape(const void *pointer) { __asm__ volatile("" : : "r"(pointer) : "memory"); }

__attribute__((noinline)) void snapbench_benchmark_boundary(void) {
  __asm__ volatile("" : : : "memory");
}

static inline uint64_t bits(double value) {
  uint64_t result;
  memcpy(&result, &value, sizeof result);
  return result;
}

uint64_t snapbench_clamp_loop(const double *xs, const double *ys, size_t count,
                              size_t iterations, double min_x, double max_x, double min_y,
                              double max_y) {
  uint64_t checksum = 0;
  size_t index = 0;
  for (size_t i = 0; i < iterations; i++) {
    double x = xs[index];
    double y = ys[index];
    x = x < min_x ? min_x : x;
    x = x > max_x ? max_x : x;
    y = y < min_y ? min_y : y;
    y = y > max_y ? max_y : y;
    checksum += bits(x) ^ bits(y);
    index = (index + 1) & (count - 1);  /* count is a power of two */
  }
  return checksum;
}

// MARK: - Temporary files removed on SIGINT, SIGTERM, SIGHUP and SIGPIPE

#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#endif

#define SNAPBENCH_TEMPORARY_SLOTS 4096

/// The table the signal handler reads: only pointers and flags, filled in before the handler
/// can see them, so it needs nothing that is not async-signal-safe.
static char *volatile temporary_paths[SNAPBENCH_TEMPORARY_SLOTS];
static volatile int temporary_is_directory[SNAPBENCH_TEMPORARY_SLOTS];
static volatile int temporary_count = 0;
static int handlers_installed = 0;
/// The thread that made the temporaries in the table, while there are any. The kernel hands a
/// process's signal to any thread that does not block it (a worker left over from verifying);
/// the handler passes it on to this one, so that it never runs beside the thread making files
/// (which would add one after the handler looked) and waits while that thread holds signals.
static pthread_t writer_thread;
static volatile sig_atomic_t has_writer = 0;

#define SNAPBENCH_CHILD_SLOTS 256

/// Worker processes running, killed by the handler before the process dies (0: a free slot).
static volatile pid_t children[SNAPBENCH_CHILD_SLOTS];

static void kill_children(void) {
  for (int index = 0; index < SNAPBENCH_CHILD_SLOTS; index++) {
    pid_t child = children[index];
    if (child > 0) kill(child, SIGKILL);
  }
}

// MARK: - Worker files

static void install_handlers(void);

/// The directory of the workers' channel and record files, or empty.
static char worker_directory[4096];
static volatile int worker_files = 0;

/// Appends `text` to `buffer` at `*length`, within `size`.
static void append(char *buffer, size_t size, size_t *length, const char *text) {
  while (*text && *length + 1 < size) buffer[(*length)++] = *text++;
  buffer[*length] = 0;
}

/// Removes every worker file there may be, and the directory: async-signal-safe.
static void remove_worker_files(void) {
  if (worker_directory[0] == 0) return;
  const char *suffixes[2] = {".channel", ".record"};
  for (int number = 0; number < worker_files; number++) {
    char digits[16];
    int count = 0;
    int value = number;
    do {
      digits[count++] = (char)('0' + value % 10);
      value /= 10;
    } while (value > 0 && count < 15);
    char name[16];
    for (int index = 0; index < count; index++) name[index] = digits[count - 1 - index];
    name[count] = 0;
    for (int suffix = 0; suffix < 2; suffix++) {
      char path[4200];
      size_t length = 0;
      path[0] = 0;
      append(path, sizeof path, &length, worker_directory);
      append(path, sizeof path, &length, "/");
      append(path, sizeof path, &length, name);
      append(path, sizeof path, &length, suffixes[suffix]);
      unlink(path);
    }
  }
  rmdir(worker_directory);
}

int snapbench_worker_directory(char *template) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&lock);
  int status = 0;
  if (worker_directory[0] == 0) {
    install_handlers();
    if (mkdtemp(template) == NULL || strlen(template) >= sizeof worker_directory) {
      status = -1;
    } else {
      strcpy(worker_directory, template);
      atexit(remove_worker_files);
    }
  } else {
    strcpy(template, worker_directory);
  }
  pthread_mutex_unlock(&lock);
  return status;
}

int snapbench_worker_file_number(void) { return __sync_fetch_and_add(&worker_files, 1); }

static void remove_temporaries_and_die(int signal_number) {
  kill_children();
  remove_worker_files();
  if (has_writer && !pthread_equal(pthread_self(), writer_thread)) {
    pthread_kill(writer_thread, signal_number);
    return;
  }
  for (int index = temporary_count - 1; index >= 0; index--) {
    char *path = temporary_paths[index];
    if (path == NULL) continue;
    if (temporary_is_directory[index]) {
      rmdir(path);
    } else {
      unlink(path);
    }
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

static void install_handlers(void) {
  if (handlers_installed) return;
  handlers_installed = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = remove_temporaries_and_die;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  sigaddset(&action.sa_mask, SIGHUP);
  sigaddset(&action.sa_mask, SIGPIPE);
  // A signal the process was started ignoring (a background job's SIGINT, SIGHUP under nohup)
  // stays ignored. SIGHUP is the terminal closing (or an ssh session dropping): it ends the
  // process as the other two do, and must not leave its temporaries behind either. SIGPIPE is
  // a reader of standard output gone (`verify | head -1`): the process still dies by it, after
  // the same clean-up.
  int signals[4] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (int index = 0; index < 4; index++) {
    struct sigaction previous;
    if (sigaction(signals[index], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signals[index], &action, NULL);
  }
}

int snapbench_temporary_remember(const char *path, int is_directory) {
  install_handlers();
  char *copy = strdup(path);
  if (copy == NULL) return -1;
  snapbench_signals_hold(1);
  int slot = -1;
  // Reuse the topmost free slots so the table does not grow with every file.
  while (temporary_count > 0 && temporary_paths[temporary_count - 1] == NULL) temporary_count--;
  if (temporary_count < SNAPBENCH_TEMPORARY_SLOTS) {
    slot = temporary_count;
    temporary_is_directory[slot] = is_directory;
    temporary_paths[slot] = copy;
    temporary_count = slot + 1;
    writer_thread = pthread_self();
    __sync_synchronize();  // another thread's handler reads the thread only after the flag
    has_writer = 1;
  } else {
    free(copy);
  }
  snapbench_signals_hold(0);
  return slot;
}

void snapbench_temporary_forget(int slot) {
  if (slot < 0 || slot >= SNAPBENCH_TEMPORARY_SLOTS) return;
  snapbench_signals_hold(1);
  char *path = temporary_paths[slot];
  temporary_paths[slot] = NULL;
  int remaining = 0;
  for (int index = 0; index < temporary_count; index++) {
    if (temporary_paths[index] != NULL) remaining = 1;
  }
  if (!remaining) has_writer = 0;
  snapbench_signals_hold(0);
  free(path);
}

// MARK: - Worker processes

static void install_handlers(void);

int snapbench_child_remember(int pid) {
  if (pid <= 0) return -1;
  snapbench_signals_hold(1);
  install_handlers();
  int slot = -1;
  for (int index = 0; index < SNAPBENCH_CHILD_SLOTS; index++) {
    if (__sync_bool_compare_and_swap(&children[index], 0, pid)) {
      slot = index;
      break;
    }
  }
  snapbench_signals_hold(0);
  return slot;
}

int snapbench_child_stopped(int pid) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  if (waitid(P_PID, (id_t)pid, &info, WSTOPPED | WNOHANG | WNOWAIT) != 0) return -1;
  if (info.si_pid == pid && info.si_code == CLD_STOPPED) return info.si_status;
  return 0;
}

static volatile sig_atomic_t command_running = 0;
static void (*exit_observer)(void) = 0;

/// Run at exit(): when a command is still running, the code under test called exit().
static void exit_guard(void) {
  if (!command_running) return;
  // Two threads of the code under test may call exit() at once: the first ends the process
  // with the error; any other waits for it, instead of running on to exit with its status.
  static atomic_int ending = 0;
  if (atomic_exchange(&ending, 1)) {
    for (;;) pause();
  }
  if (exit_observer) exit_observer();
  static const char message[] =
      "Error: the code under test called exit() while it ran: an algorithm must not end the "
      "process it runs in (nothing the command was doing was finished)\n";
  ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
  _exit(1);
}

void snapbench_command_begin(void (*observer)(void)) {
  exit_observer = observer;
  static int registered = 0;
  if (!registered) {
    registered = 1;
    atexit(exit_guard);
  }
  command_running = 1;
}

void snapbench_command_end(void) { command_running = 0; }

void snapbench_child_forget(int slot) {
  if (slot < 0 || slot >= SNAPBENCH_CHILD_SLOTS) return;
  children[slot] = 0;
}

/// A worker's own channel and record files, removed if its parent dies first.
static char owned_files[2][4096];

void snapbench_worker_files_own(const char *channel, const char *record) {
  if (strlen(channel) < sizeof owned_files[0]) strcpy(owned_files[0], channel);
  if (strlen(record) < sizeof owned_files[1]) strcpy(owned_files[1], record);
}

static void remove_owned_files(void) {
  for (int index = 0; index < 2; index++) {
    if (owned_files[index][0] == 0) continue;
    unlink(owned_files[index]);
    char *slash = strrchr(owned_files[index], '/');
    if (slash != NULL && slash != owned_files[index]) {
      *slash = 0;
      rmdir(owned_files[index]);  // the last worker's removal empties it
    }
  }
}

static void *watch_parent(void *context) {
  pid_t parent = (pid_t)(intptr_t)context;
  for (;;) {
    if (getppid() != parent) {
      remove_owned_files();
      _exit(1);
    }
    struct timespec pause = {.tv_sec = 0, .tv_nsec = 100000000};  // 0.1 s
    nanosleep(&pause, NULL);
  }
  return NULL;
}

void snapbench_watch_parent(int parent) {
  if (parent <= 1 || getppid() != parent) _exit(1);
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &attributes, watch_parent, (void *)(intptr_t)parent) != 0) {
    pthread_attr_destroy(&attributes);
    return;
  }
  pthread_attr_destroy(&attributes);
}

void snapbench_signals_hold(int hold) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

int snapbench_stdout_flush(void) {
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
  return errno != 0 ? errno : EIO;
}

int snapbench_stdout_failed(void) { return ferror(stdout) != 0; }

int snapbench_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
  return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#elif defined(__APPLE__)
  extern int renamex_np(const char *, const char *, unsigned int);
  return renamex_np(a, b, 0x00000002 /* RENAME_SWAP */);
#else
  errno = ENOSYS;
  return -1;
#endif
}

// MARK: - Heap allocations counted per thread

#if defined(__linux__) && defined(__GLIBC__)
// The allocation functions, defined in the executable that links this target, take the place of
// the C library's for every library of the process (ELF symbol interposition), and hand each call
// to glibc's allocator under its other names. Only the calling thread's counter is touched: a
// thread-local add, no lock, no atomic, and no allocation of its own (the counter is static TLS of
// the executable, set up before any code runs).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static __thread uint64_t thread_allocations = 0;

void *malloc(size_t size) {
  thread_allocations++;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  thread_allocations++;
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  thread_allocations++;
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  thread_allocations++;
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  thread_allocations++;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  // POSIX: a power of two that is a multiple of sizeof(void *), or EINVAL and nothing allocated.
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) {
    return EINVAL;
  }
  thread_allocations++;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  thread_allocations++;
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  thread_allocations++;
  return __libc_pvalloc(size);
}

uint64_t snapbench_allocations(void) { return thread_allocations; }

int snapbench_allocations_counted(void) { return 1; }
#else
uint64_t snapbench_allocations(void) { return 0; }

int snapbench_allocations_counted(void) { return 0; }
#endif

void snapbench_unblock_signals(void) {
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_UNBLOCK, &all, 0);
}
