import Foundation
import TestSupport
import Testing

@testable import SnapBench

/// Files the command line writes: atomic where they replace, written through links and to
/// devices as they are, never a directory or a parent that does not exist.
@Suite("Files snap-bench writes")
struct OutputFilesTests {
  let option = RunCommand.output

  func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  func entries(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  @Test("a regular file is replaced atomically and keeps its mode; nothing is left beside it")
  func regular() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.txt").path
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    try OutputFile(path, for: option).write("new\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    var info = stat()
    stat(path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(entries(directory) == ["out.txt"])
  }

  @Test("a symbolic link is written through to its target, and stays a link")
  func link() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target.txt").path
    let link = directory.appendingPathComponent("link").path
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    symlink("target.txt", link)
    try OutputFile(link, for: option).write("through\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "through\n")
    var info = stat()
    lstat(link, &info)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
    // A dangling link makes its target.
    let dangling = directory.appendingPathComponent("dangling").path
    symlink("made.txt", dangling)
    try OutputFile(dangling, for: option).write("made\n")
    #expect(try String(contentsOfFile: directory.appendingPathComponent("made.txt").path, encoding: .utf8) == "made\n")
  }

  @Test("a device is written to as it is: /dev/null stays a device")
  func device() throws {
    let file = try OutputFile("/dev/null", for: option)
    guard case .stream = file.destination else {
      Issue.record("/dev/null is not written as a stream")
      return
    }
    try file.write("nothing\n")
    var info = stat()
    stat("/dev/null", &info)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test("an empty path, a directory, a missing parent and a loop of links are usage errors")
  func refused() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let loop = directory.appendingPathComponent("loop").path
    symlink(loop, loop)
    for (path, reason) in [
      ("", "the path is empty"), (directory.path, "it names a directory"),
      (directory.path + "/missing/out.txt", "does not exist"), (loop, "loop"),
    ] {
      #expect(throws: UsageError.self) { try OutputFile(path, for: option) }
      do {
        _ = try OutputFile(path, for: option)
      } catch {
        #expect(error.message.contains(reason), "\(path): \(error.message)")
      }
    }
    #expect(entries(directory) == ["loop"])
  }

  @Test("a directory is written whole: a new one, or one an earlier run wrote, never another's")
  func directories() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report")
    let isOurs: (String) -> Bool = { $0 == "index.html" || $0.hasSuffix(".svg") }
    try OutputDirectory(report.path, for: ReportCommand.output, isOurs: isOurs)
      .write([("index.html", Array("one".utf8)), ("a.svg", Array("<svg/>".utf8))])
    #expect(entries(report) == ["a.svg", "index.html"])
    try OutputDirectory(report.path, for: ReportCommand.output, isOurs: isOurs)
      .write([("index.html", Array("two".utf8)), ("b.svg", Array("<svg/>".utf8))])
    // Replaced whole: the old picture is gone, and nothing is left beside the directory.
    #expect(entries(report) == ["b.svg", "index.html"])
    #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8) == "two")
    #expect(entries(directory) == ["report"])
    try "mine".write(to: report.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
    #expect(throws: UsageError.self) {
      try OutputDirectory(report.path, for: ReportCommand.output, isOurs: isOurs)
    }
  }

  @Test("run --output: /dev/null, a link, a FIFO; '' and a directory exit 64 and write nothing")
  func runOutput() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let quick = [
      "run", "--filter", "^reference/empty$", "--skip", "clamp", "--iterations", "100",
      "--repetitions", "2", "--no-progress",
    ]
    #expect(try SnapBenchProcess.run(quick + ["--output", "/dev/null"]).status == 0)
    let target = directory.appendingPathComponent("results.txt").path
    let link = directory.appendingPathComponent("results-link").path
    symlink(target, link)
    #expect(try SnapBenchProcess.run(quick + ["--output", link]).status == 0)
    #expect(try String(contentsOfFile: target, encoding: .utf8).contains("reference/empty"))
    let fifo = directory.appendingPathComponent("fifo").path
    mkfifo(fifo, 0o600)
    let reader = try SnapBenchProcess.shell(
      "cat '\(fifo)' & " + (try #require(SnapBenchProcess.executable)).path + " "
        + (quick + ["--output", fifo]).joined(separator: " ") + " > /dev/null; wait")
    #expect(reader.status == 0)
    #expect(reader.stdout.contains("reference/empty"))
    for bad in ["", directory.path] {
      let result = try SnapBenchProcess.run(quick + ["--output", bad])
      #expect(result.status == 64, "\(bad): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "))
    }
    #expect(entries(directory) == ["fifo", "results-link", "results.txt"])
  }

  @Test("report, stopped by SIGINT or SIGTERM, leaves the previous report and nothing else")
  func interruptedReport() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report").path
    let binary = try #require(SnapBenchProcess.executable).path
    // The report ReportTests wrote once, copied in: the one an interrupted run must leave.
    let written = try #require(ReportTests.report)
    #expect(written.status == 0, "\(written.stderr)")
    try FileManager.default.copyItem(atPath: written.directory.path, toPath: report)
    let before = entries(URL(fileURLWithPath: report))
    let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    for (name, number) in [("INT", SIGINT), ("TERM", SIGTERM)] {
      // Stopped at once, while it computes: a debug build is still computing at 0.3 s.
      let stopped = try SnapBenchProcess.shell(
        "timeout -s \(name) 0.3 \(binary) report --output '\(report)' --examples 20 --flick=-900,300 > /dev/null")
      #expect(stopped.status == 124, "not stopped by SIG\(name): \(stopped.stderr)")
      #expect(entries(directory) == ["report"], "SIG\(name) at 0.3 s left \(entries(directory))")
      #expect(entries(URL(fileURLWithPath: report)) == before)
      #expect(try String(contentsOfFile: report + "/index.html", encoding: .utf8) == index)
      // Stopped while it writes: as soon as its hidden build directory appears beside the
      // report (a fixed delay raced a report that now takes a second or two to compute).
      let writing = try SnapBenchProcess.start(
        executable: binary,
        ["report", "--output", report, "--examples", "20", "--flick=-900,300", "--no-progress"])
      var signalled = false
      while writing.isRunning {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if names.contains(where: { $0.hasPrefix(".report.tmp-") }) {
          kill(writing.processIdentifier, number)
          signalled = true
          break
        }
        usleep(500)
      }
      writing.waitUntilExit()
      #expect(signalled, "the report was written before its hidden directory was seen")
      #expect(
        writing.terminationReason == .uncaughtSignal && writing.terminationStatus == number,
        "SIG\(name) while writing: \(writing.terminationReason) \(writing.terminationStatus)")
      #expect(entries(directory) == ["report"], "SIG\(name) while writing left \(entries(directory))")
      let now = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
      if now == index {
        #expect(entries(URL(fileURLWithPath: report)) == before)
      } else {
        // The signal came while the finished page was being swapped in, which waits for the
        // swap: then the new report is there whole, and the previous one is gone.
        #expect(now.contains("</html>"))
        try FileManager.default.removeItem(atPath: report)
        try FileManager.default.copyItem(atPath: written.directory.path, toPath: report)
      }
    }
  }
}
