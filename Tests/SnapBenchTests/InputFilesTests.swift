import Foundation
import TestSupport
import Testing

/// Files the command line reads: every read has a size limit, so that `/dev/zero` or a runaway
/// stream is an error rather than the end of memory, and no output may be one of them.
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

  /// A quick `run`: one benchmark, a few epochs.
  static let quickRun = [
    "run", "--filter", "^reference/empty$", "--skip", "clamp", "--iterations", "100",
    "--repetitions", "2", "--no-progress",
  ]

  @Test("run --output that is the --baseline file, or a link to it, is refused before any work")
  func runOutputIsBaseline() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let baselines = ["SNAPBENCH_BASELINES": directory.path]
    let saved = try SnapBenchProcess.run(
      Self.quickRun + ["--save-baseline", "main"], environment: baselines)
    try #require(saved.status == 0, "\(saved.stderr)")
    let baseline = directory.appendingPathComponent("main.json").path
    let before = try String(contentsOfFile: baseline, encoding: .utf8)
    let link = directory.appendingPathComponent("link.txt").path
    symlink(baseline, link)
    for output in [baseline, link] {
      let result = try SnapBenchProcess.run(
        Self.quickRun + ["--baseline", "main", "--output", output], environment: baselines)
      #expect(result.status == 64, "\(output): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(output)' is invalid for '--output <file>': it is also the input "
            + "given to '--baseline <name>'"),
        "\(result.stderr)")
      #expect(!result.stderr.contains("Regression"), "it measured before refusing")
      #expect(try String(contentsOfFile: baseline, encoding: .utf8) == before)
    }
    // Standard output redirected onto the baseline: the shell emptied it; said so.
    let binary = try #require(SnapBenchProcess.executable).path
    let redirected = try SnapBenchProcess.shell(
      "SNAPBENCH_BASELINES='\(directory.path)' '\(binary)' "
        + Self.quickRun.map { "'\($0)'" }.joined(separator: " ")
        + " --baseline main > '\(baseline)'")
    #expect(redirected.status == 64, "\(redirected.stderr)")
    #expect(redirected.stderr.contains("it is also standard output"), "\(redirected.stderr)")
  }

  @Test("trace --gesture that is also standard output is refused, exit 64")
  func gestureIsStandardOutput() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try #require(SnapBenchProcess.executable).path
    let gesture = directory.appendingPathComponent("g.json").path
    let result = try SnapBenchProcess.shell(
      "'\(binary)' trace edge-dock.published --gesture '\(gesture)' > '\(gesture)'")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '\(gesture)' is invalid for '--gesture <file>|-': it is also standard output"),
      "\(result.stderr)")
  }

  @Test("report --output holding its own --verify or --results file is refused, the file kept")
  func reportOutputHoldsInput() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A report written earlier, and a verify file saved in it under one of the names the
    // report writes (so that nothing but its being an input could keep it).
    let written = try #require(ReportTests.report)
    try #require(written.status == 0, "\(written.stderr)")
    let page = directory.appendingPathComponent("page")
    try FileManager.default.copyItem(at: written.directory, to: page)
    let verify = try SnapBenchProcess.run([
      "verify", "--format", "json", "--examples", "1", "--algorithm", "edge-dock.published",
      "--invariant", "on-screen", "--no-progress", "--fail-on", "never",
    ])
    try #require(verify.status == 0, "\(verify.stderr)")
    let input = page.appendingPathComponent("cost-frame.svg")
    try Data(verify.stdout.utf8).write(to: input)
    // Named directly, and through a link outside the directory.
    let link = directory.appendingPathComponent("v.json")
    symlink(input.path, link.path)
    for (option, path) in [("--verify", input.path), ("--verify", link.path), ("--results", input.path)] {
      let result = try SnapBenchProcess.run(
        ["report", "--output", page.path, option, path, "--examples", "1", "--no-progress"])
      #expect(result.status == 64, "\(option) \(path): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("Error: The value '\(page.path)' is invalid for '--output <dir>': it holds '\(path)', the input given to '\(option) "),
        "\(result.stderr)")
      #expect(try String(contentsOf: input, encoding: .utf8) == verify.stdout)
    }
  }
}
