import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Standard output, written so that a failure is never silent: a closed descriptor, `/dev/full`
// or a full disk is an error and exit status 1, where `print` would have exited 0 with the
// output lost in stdio's buffer.

/// The descriptors command output and error messages go to.
enum StandardStreams {
  /// Where `writeStandardOutput` writes: standard output (`documents`), or, inside
  /// `$redirected.withValue(…)`, another descriptor (a test's `/dev/full`, without touching the
  /// process's own).
  static var output: Int32 { redirected ?? documents }
  /// A descriptor that takes the place of `documents` for a task (a test's).
  @TaskLocal static var redirected: Int32?
  /// Standard output as the process was started with it: where SnapBench's documents go.
  /// In a tool's own process `separateDocuments()` moves descriptor 1 to standard error, so
  /// that what the user's algorithm prints (`print`, `printf`) cannot land inside a table or a
  /// JSON document; this is then a copy of the original descriptor 1.
  nonisolated(unsafe) private(set) static var documents: Int32 = STDOUT_FILENO

  /// Keeps standard output for SnapBench's documents alone: a copy of descriptor 1 (closed on
  /// exec, so no worker inherits it) becomes `documents`, and descriptor 1 becomes standard
  /// error, where anything the code under test prints goes. Only for a tool's own process,
  /// before any thread starts (`SnapBench.main`); a host's (`SnapBench.run`) is left alone.
  static func separateDocuments() {
    fflush(nil)
    let copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
    guard copy >= 0 else { return }
    guard dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
      close(copy)
      return
    }
    documents = copy
  }
  /// Where `writeStandardError` writes: standard error, or, inside `$error.withValue(…)`,
  /// another descriptor.
  @TaskLocal static var error: Int32 = STDERR_FILENO
}

/// Writes `bytes` to standard output as they are, after anything stdio has buffered.
///
/// - Throws: `RuntimeError` (`could not write standard output: …`, exit status 1) when a write
///   fails; `CommandExit` with `ExitStatus.brokenPipe`, and nothing printed, when the reader
///   has gone (EPIPE, which a process sees only when it ignores SIGPIPE; otherwise the signal
///   ends it first, as it ends `cat`).
func writeStandardOutput(_ bytes: [UInt8]) throws {
  fflush(nil)
  var rest = bytes[...]
  while !rest.isEmpty {
    let written = rest.withUnsafeBytes { write(StandardStreams.output, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      throw standardOutputFailure(errno)
    }
    rest = rest.dropFirst(written)
  }
}

/// Writes `text` and then `terminator` to standard output, as `print` would, but checked: see
/// `writeStandardOutput(_:)`.
func printOutput(_ text: String, terminator: String = "\n") throws {
  try writeStandardOutput(Array(text.utf8) + Array(terminator.utf8))
}

/// The error for a write to standard output that failed with `code`.
func standardOutputFailure(_ code: Int32) -> any Error {
  if code == EPIPE { return CommandExit(status: ExitStatus.brokenPipe) }
  let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
  return RuntimeError("could not write standard output: \(reason)")
}

/// Flushes what stdio holds for standard output (text printed with `print`, which the
/// commands do not use but a library they call might) and throws as `writeStandardOutput`
/// does if any of it could not be written.
///
/// - Parameter failedBefore: Whether stdio's standard output had already failed before the
///   command ran (in a host of `SnapBench.run`): that failure is the host's, not reported.
func checkBufferedStandardOutput(failedBefore: Bool) throws {
  let code = snapbench_stdout_flush()
  if code != 0, !failedBefore { throw standardOutputFailure(code) }
}

/// Makes sure descriptors 0, 1 and 2 are open before the command runs, each as a stand-in that
/// fails as the closed one did: standard input opened write-only, so reading it fails with
/// EBADF; standard output and error read-only, so writing them does.
///
/// A process started with standard output closed (`snap-bench list >&-`) would otherwise hand
/// descriptor 1 to the next file it opens, and write its output into that file (a gesture
/// file, a report's picture). With the stand-in, the write fails and is reported.
func holdStandardDescriptors() {
  for (descriptor, mode) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
    guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
    // The lowest free number is this one: the lower ones are open, or were just held.
    let opened = open("/dev/null", mode)
    if opened >= 0, opened != descriptor {
      dup2(opened, descriptor)
      close(opened)
    }
  }
}
