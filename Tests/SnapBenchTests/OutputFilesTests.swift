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

  @Test("a directory is written whole, with a manifest: a new one, or one an earlier run wrote, never another's")
  func directories() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report")
    func write(_ files: [(String, String)]) throws {
      try OutputDirectory(report.path, for: ReportCommand.output)
        .write(files.map { ($0.0, Array($0.1.utf8)) })
    }
    try write([("index.html", "one"), ("a.svg", "<svg/>")])
    #expect(entries(report) == [Manifest.name, "a.svg", "index.html"])
    let manifest = try String(contentsOf: report.appendingPathComponent(Manifest.name), encoding: .utf8)
    #expect(manifest == "\(Manifest.header)\nindex.html\na.svg\n")
    try write([("index.html", "two"), ("b.svg", "<svg/>")])
    // Replaced whole: the old picture is gone, and nothing is left beside the directory.
    #expect(entries(report) == [Manifest.name, "b.svg", "index.html"])
    #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8) == "two")
    #expect(entries(directory) == ["report"])
    // A file no manifest lists, a manifest that is not one, a directory where a listed file
    // should be: each refused, naming what is wrong.
    func refusal() -> String? {
      do {
        _ = try OutputDirectory(report.path, for: ReportCommand.output)
        return nil
      } catch {
        return error.message
      }
    }
    try "mine".write(to: report.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
    #expect(refusal()?.contains("it holds 'notes.txt', which this command did not write") == true)
    try FileManager.default.removeItem(at: report.appendingPathComponent("notes.txt"))
    try FileManager.default.removeItem(at: report.appendingPathComponent("b.svg"))
    try FileManager.default.createDirectory(
      at: report.appendingPathComponent("b.svg"), withIntermediateDirectories: false)
    #expect(refusal()?.contains("it holds 'b.svg'") == true)
    try FileManager.default.removeItem(at: report.appendingPathComponent("b.svg"))
    #expect(refusal() == nil, "a listed file that is missing is no one's loss")
    try "index.html\n".write(
      to: report.appendingPathComponent(Manifest.name), atomically: false, encoding: .utf8)
    #expect(refusal()?.contains("is not a list of files this command wrote") == true)
    try FileManager.default.removeItem(at: report.appendingPathComponent(Manifest.name))
    #expect(refusal()?.contains("it holds 'index.html', which this command did not write (no '.snap-bench-report' lists it)") == true)
    #expect(entries(report) == ["index.html"])
  }

  /// Directories of the user's own, each holding files `report` must never replace: the one
  /// it must name, and what each file holds.
  static let usersDirectories: [(foreign: String, files: [String: String])] = [
    ("index.html", ["index.html": "<p>my own page</p>"]),
    ("add.svg", ["add.svg": "<svg>add</svg>", "close.svg": "<svg>close</svg>"]),
    ("notes.txt", [
      ".snap-bench-report": "snap-bench report files, version 1\nindex.html\n",
      "index.html": "<p>a report</p>", "notes.txt": "my notes",
    ]),
    (".snap-bench-report", [".snap-bench-report": "my own dotfile", "index.html": "<p>x</p>"]),
  ]

  @Test(
    "report refuses a directory of the user's own (a page, icons, a stray file), exit 64, touching nothing",
    arguments: usersDirectories.indices)
  func reportRefusesUsersFiles(index: Int) throws {
    let (foreign, files) = Self.usersDirectories[index]
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let mine = directory.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: false)
    for (name, text) in files {
      try text.write(to: mine.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    let result = try SnapBenchProcess.run(
      ["report", "--output", mine.path, "--examples", "1", "--no-progress"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("'\(foreign)'"), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: snap-bench report"), "\(result.stderr)")
    #expect(entries(directory) == ["mine"])
    #expect(entries(mine) == files.keys.sorted())
    for (name, text) in files {
      #expect(try String(contentsOf: mine.appendingPathComponent(name), encoding: .utf8) == text)
    }
  }

  @Test("a report lists what it wrote in its manifest, and nothing else is in its directory")
  func reportManifest() throws {
    let report = try #require(ReportTests.report)
    #expect(report.status == 0, "\(report.stderr)")
    let names = entries(report.directory)
    let manifest = try Data(contentsOf: report.directory.appendingPathComponent(Manifest.name))
    let listed = try Manifest.files(in: Array(manifest))
    #expect(listed.contains("index.html"))
    #expect(Set(names) == listed.union([Manifest.name]))
  }

  @Test("report removes what killed runs into the same directory left hidden, and nothing else")
  func reportLeftovers() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A process id no process has now: one that has ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let alive = getpid()
    let listing = "snap-bench report files, version 1\nindex.html\na.svg\n"
    // Name → (files, whether the run must remove it).
    let leftovers: [String: (files: [String: String], removed: Bool)] = [
      // The old report an exchange swapped out, and the fallback's, not yet removed.
      ".report.tmp-\(dead)-abc": ([".snap-bench-report": listing, "index.html": "old", "a.svg": "<svg/>"], true),
      ".report.old-\(dead)-x1": ([".snap-bench-report": listing, "index.html": "old"], true),
      // A build killed before it wrote a file.
      ".report.tmp-\(dead)-empty": ([:], true),
      // Not provably a report's: something it did not list, no manifest, a live owner, the
      // leftover of another directory.
      ".report.tmp-\(dead)-def": ([".snap-bench-report": listing, "index.html": "old", "mine.txt": "x"], false),
      ".report.tmp-\(dead)-ghi": (["index.html": "mine"], false),
      ".report.tmp-\(alive)-jkl": ([".snap-bench-report": listing, "index.html": "being written"], false),
      ".other.tmp-\(dead)-mno": ([".snap-bench-report": listing, "index.html": "old"], false),
    ]
    for (name, leftover) in leftovers {
      let path = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
      for (file, text) in leftover.files {
        try text.write(to: path.appendingPathComponent(file), atomically: false, encoding: .utf8)
      }
    }
    let report = directory.appendingPathComponent("report")
    let result = try SnapBenchProcess.run(
      ["report", "--output", report.path, "--examples", "1", "--no-progress"])
    #expect(result.status == 0, "\(result.stderr)")
    let kept = leftovers.filter { !$0.value.removed }.map(\.key)
    #expect(entries(directory) == (kept + ["report"]).sorted())
    for name in kept {
      #expect(
        entries(directory.appendingPathComponent(name)) == leftovers[name]?.files.keys.sorted(),
        "\(name)")
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

  @Test("report, stopped by SIGINT, SIGTERM or SIGHUP, leaves the previous report and nothing else")
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
    let inputs = (
      verify: FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-stop-v-\(getpid()).json").path,
      results: FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-stop-r-\(getpid()).json").path
    )
    defer { for path in [inputs.verify, inputs.results] { try? FileManager.default.removeItem(atPath: path) } }
    let verified = try SnapBenchProcess.run([
      "verify", "--examples", "5", "--algorithm", "edge-dock.corrected", "--format", "json", "--no-progress",
    ])
    try Data(verified.stdout.utf8).write(to: URL(fileURLWithPath: inputs.verify))
    let timed = try SnapBenchProcess.run([
      "run", "--format", "json", "--iterations", "100", "--repetitions", "3", "--no-progress",
      "--filter", "^edge-dock.corrected",
    ])
    try Data(timed.stdout.utf8).write(to: URL(fileURLWithPath: inputs.results))
    for (name, number) in [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)] {
      // Stopped at once, while it computes: a debug build is still computing at 0.3 s.
      let stopped = try SnapBenchProcess.shell(
        "timeout -s \(name) 0.3 \(binary) report --output '\(report)' --examples 20 --flick=-900,300 > /dev/null")
      #expect(stopped.status == 124, "not stopped by SIG\(name): \(stopped.stderr)")
      #expect(entries(directory) == ["report"], "SIG\(name) at 0.3 s left \(entries(directory))")
      #expect(entries(URL(fileURLWithPath: report)) == before)
      #expect(try String(contentsOfFile: report + "/index.html", encoding: .utf8) == index)
      // Stopped while it writes: as soon as its hidden build directory appears beside the
      // report (a fixed delay raced a report that now takes a second or two to compute).
      // From small verify and run files, so that the page is all it computes (a report that
      // verifies and times now spent 3 s of CPU before writing, three times over).
      let writing = try SnapBenchProcess.start(
        executable: binary,
        [
          "report", "--output", report, "--verify", inputs.verify, "--results", inputs.results,
          "--flick=-900,300", "--no-progress",
        ])
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
