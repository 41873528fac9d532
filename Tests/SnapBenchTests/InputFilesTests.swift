import Foundation
import TestSupport
import Testing

/// Files the command line reads: every read has a size limit, so that `/dev/zero` or a runaway
/// stream is an error rather than the end of memory.
@Suite("Files snap-bench reads")
struct InputFilesTests {
  func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-in-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Runs `command` (the binary's arguments, shell-quoted) in a shell that bounds the process's
  /// memory and time: a build that reads without a limit fails here within seconds, instead of
  /// taking the machine's memory with it.
  func bounded(_ command: String) throws -> SnapBenchProcess.Result {
    let binary = try #require(SnapBenchProcess.executable).path
    return try SnapBenchProcess.shell("ulimit -v 4000000; timeout 60 '\(binary)' \(command)")
  }

  @Test("a gesture file from /dev/zero is refused at 256 MiB, exit 1")
  func endlessDevice() throws {
    let result = try bounded("trace edge-dock.published --gesture /dev/zero")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("Error: the gesture file '/dev/zero' is larger than 256 MiB;"),
      "\(result.stderr)")
  }

  @Test("a stream on standard input or a FIFO is refused once 256 MiB have come")
  func endlessStream() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let piped = try bounded(
      "trace edge-dock.published --gesture - < <(head -c 300000000 /dev/zero)")
    #expect(piped.status == 1, "\(piped.stderr)")
    #expect(
      piped.stderr.hasPrefix("Error: the gesture file on standard input is larger than 256 MiB;"),
      "\(piped.stderr)")
    let fifo = directory.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    // The writer is stopped by the reader closing its end; `|| true` keeps its SIGPIPE quiet.
    let fed = try bounded(
      "report --verify '\(fifo)' --output '\(directory.path)/page' & "
        + "(head -c 300000000 /dev/zero > '\(fifo)' || true); wait $!")
    #expect(fed.status == 1, "\(fed.stderr)")
    #expect(fed.stderr.contains("Error: the verify file '\(fifo)' is larger than 256 MiB;"), "\(fed.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fifo"])
  }

  @Test("a regular file over 256 MiB is refused by its size, before it is read")
  func hugeFile() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Sparse: 300 MB long, nothing on the disk.
    let big = directory.appendingPathComponent("big.json").path
    let descriptor = open(big, O_WRONLY | O_CREAT, 0o600)
    try #require(descriptor >= 0)
    ftruncate(descriptor, 300_000_000)
    close(descriptor)
    let started = Date()
    let result = try bounded("report --results '\(big)' --output '\(directory.path)/page'")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("Error: the results file '\(big)' is larger than 256 MiB;"),
      "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.json"])
  }
}
