import CBenchSupport
import Foundation
import SnapAlgorithms

/// A mistake in how the command was invoked: printed with the usage line, exit status 64.
struct UsageError: Error, Sendable, CustomStringConvertible {
  /// What was wrong, as one sentence without the `Error: ` prefix.
  var message: String
  /// The command that rejected the input, whose usage line is printed (laid out for the tool
  /// that reports it); `nil`, no usage is printed.
  var usage: CommandSpec?

  /// Makes a usage error; the parser fills in `usage` with the command's spec.
  init(_ message: String, usage: CommandSpec? = nil) {
    self.message = message
    self.usage = usage
  }

  var description: String { message }

  /// Returns this error with the usage line of `spec`, unless it already has one.
  func withUsage(of spec: CommandSpec) -> UsageError {
    var error = self
    if error.usage == nil { error.usage = spec }
    return error
  }

  /// The standard error for a value the command cannot use.
  ///
  /// Reads `The value 'x' is invalid for '--iterations <n>'`, followed by `: reason` if given.
  static func invalidValue(
    _ value: String, for option: OptionSpec, reason: String? = nil
  ) -> UsageError {
    invalidValue(value, forLabel: option.label, reason: reason)
  }

  /// The standard error for a positional argument the command cannot use.
  static func invalidValue(
    _ value: String, for argument: ArgumentSpec, reason: String? = nil
  ) -> UsageError {
    invalidValue(value, forLabel: argument.name, reason: reason)
  }

  /// The standard error for a value given for `label`, like `--iterations <n>` or `<algorithm>`.
  static func invalidValue(
    _ value: String, forLabel label: String, reason: String? = nil
  ) -> UsageError {
    var message = "The value \(quoted(value)) is invalid for '\(label)'"
    if let reason, !reason.isEmpty { message += ": \(reason)" }
    return UsageError(message)
  }
}

/// A failure while doing the work the user asked for: printed as `Error: …`, exit status 1.
struct RuntimeError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, as one sentence without the `Error: ` prefix.
  var message: String

  /// Makes a runtime error with the message to print.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}

/// The exit statuses of `snap-bench`, following `sysexits.h` for usage errors.
enum ExitStatus {
  /// The command did what it was asked.
  static let success: Int32 = 0
  /// The work itself failed.
  static let failure: Int32 = 1
  /// The command line was wrong (`EX_USAGE`).
  static let usage: Int32 = 64
  /// Whoever read standard output stopped reading (`snap-bench list | head -1`): the run ends
  /// quietly, as a coreutils tool does when SIGPIPE kills it.
  ///
  /// 128 + SIGPIPE is what a shell reports for such a death, so a script sees the same status
  /// whether the process died of the signal (its default) or, with SIGPIPE ignored (`trap ''
  /// PIPE`, or a host of `SnapBench.run` that ignores it), saw EPIPE and stopped here. Not 0:
  /// the output was not all delivered; not 1: nothing failed that deserves a message.
  static let brokenPipe: Int32 = 128 + SIGPIPE
}

/// A command that finished with a status of its own after printing what it had to say (a
/// regression against a baseline, a frame over budget): nothing more is printed.
struct CommandExit: Error, Sendable {
  var status: Int32
}

/// Runs a command's body, reports any error the standard way, and returns the exit status.
///
/// A `UsageError` prints `Error:`, the usage line (naming the tool as `toolName`) and a pointer
/// to `--help`, and returns 64; a `CommandExit` returns its status; any other error prints
/// `Error: …` and returns 1; success returns 0. Standard output is always flushed first, so
/// everything printed reaches a pipe before the process ends.
func reportingErrors(toolName: String, _ body: () throws -> Void) -> Int32 {
  let status: Int32
  // Only a failure of this run's own output is this run's to report.
  let bufferedOutputFailedBefore = snapbench_stdout_failed() != 0
  do {
    try body()
    // Commands write through `writeStandardOutput`, which checks every write; anything that
    // went through stdio's buffer instead is checked here, as it is flushed.
    try checkBufferedStandardOutput(failedBefore: bufferedOutputFailedBefore)
    status = ExitStatus.success
  } catch let error as UsageError {
    var text = "Error: \(boundingQuotations(in: error.message))\n"
    if let spec = error.usage { text += "Usage: \(spec.renamed(to: toolName).usage)\n" }
    text += "  See '\(toolName) --help' for more information.\n"
    writeStandardError(text)
    status = ExitStatus.usage
  } catch let error as CommandExit {
    status = error.status
  } catch let error as RuntimeError {
    writeStandardError("Error: \(boundingQuotations(in: error.message))\n")
    status = ExitStatus.failure
  } catch {
    writeStandardError("Error: \(boundingQuotations(in: describeError(error)))\n")
    status = ExitStatus.failure
  }
  // `fflush(nil)` flushes every output stream, stdout included; Swift 6 forbids naming the
  // mutable C global `stdout` outside an isolation domain.
  fflush(nil)
  return status
}

/// Writes `text` to standard error, unbuffered, after flushing standard output.
///
/// Flushing first keeps the two streams in order when they share a terminal or file.
func writeStandardError(_ text: String) {
  fflush(nil)
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(StandardStreams.error, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      return  // Nowhere left to report a failure to report.
    }
    bytes = bytes.dropFirst(written)
  }
}

/// A one-line description of an error that is neither a usage nor a runtime error.
///
/// On Linux `localizedDescription` of a plain Swift error is the unhelpful "The operation could
/// not be completed", so it is only used for errors that carry a real description.
private func describeError(_ error: any Error) -> String {
  if let localized = error as? any LocalizedError, let description = localized.errorDescription {
    return description
  }
  if error is CocoaError || type(of: error) is NSError.Type {
    return error.localizedDescription
  }
  return String(describing: error)
}
