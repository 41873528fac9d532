import Foundation
import TestSupport
import Testing

@testable import SnapBench

/// Standard output that cannot be written is an error, never a silent exit 0: `/dev/full`, a
/// closed descriptor; a reader that goes away ends the run quietly, as coreutils do.
@Suite("Standard output that cannot be written")
struct StandardOutputTests {
  /// The built binary, quoted for a shell command line.
  func binary() throws -> String {
    "'" + (try #require(SnapBenchProcess.executable)).path + "'"
  }

  /// Commands that print to standard output, each quick, as a shell would type them.
  static let printing = [
    "list", "list algorithms", "curve ease-out", "curve ease-out --format json",
    "trace edge-dock.published", "trace edge-dock.published --format csv",
    "trace edge-dock.published --format svg", "list --help",
    "verify --examples 1 --algorithm edge-dock.published --invariant on-screen --no-progress",
    "verify --examples 1 --algorithm edge-dock.published --invariant on-screen --format json --no-progress",
    "run --filter ^reference/empty$ --skip clamp --iterations 100 --repetitions 2 --no-progress --output -",
  ]

  @Test("output to /dev/full is an error naming the reason, exit 1", arguments: printing)
  func full(command: String) throws {
    let result = try SnapBenchProcess.shell("\(try binary()) \(command) > /dev/full")
    #expect(result.status == 1, "\(command): \(result.stderr)")
    #expect(
      result.stderr.hasSuffix("Error: could not write standard output: No space left on device\n"),
      "\(command): \(result.stderr)")
  }

  @Test("output with standard output closed is an error naming the reason, exit 1", arguments: printing)
  func closed(command: String) throws {
    let result = try SnapBenchProcess.shell("\(try binary()) \(command) >&-")
    #expect(result.status == 1, "\(command): \(result.stderr)")
    #expect(
      result.stderr.hasSuffix("Error: could not write standard output: Bad file descriptor\n"),
      "\(command): \(result.stderr)")
  }

  @Test("a reader that stops reading ends the run quietly with status 141, SIGPIPE ignored or not")
  func brokenPipe() throws {
    // A hundred thousand rows: far more than a pipe holds, so the writer meets the closed end.
    for ignored in [false, true] {
      let result = try SnapBenchProcess.shell(
        (ignored ? "trap '' PIPE; " : "")
          + "\(try binary()) curve ease-out --samples 100000 | head -c 10; "
          + "echo \" status ${PIPESTATUS[0]}\"")
      #expect(result.stdout == "progress,v status 141\n", "SIGPIPE ignored: \(ignored)")
      #expect(result.stderr.isEmpty, "SIGPIPE ignored: \(ignored): \(result.stderr)")
    }
  }
}
