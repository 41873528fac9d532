import Foundation
import HostileAlgorithms
import SnapAlgorithms
import SnapLabTesting
import SnapVerification
import Testing

/// What SnapLab does with buttons that trap, loop, crawl, roll dice or share state, checked as a
/// user would meet it: through this package's own bench (`hostile-bench`, SnapBench with the
/// buttons added) and its own `expectInvariants`, each run as a process of its own, since a
/// crash ends the process it happens in.
@Suite("SnapLab lives through hostile buttons")
struct HostileTests {
  /// A program that ran: its exit status (or the signal that ended it), its output, its time.
  struct Ran {
    var status: Int32
    var signalled: Bool
    var stdout: String
    var stderr: String
    var seconds: Double
  }

  /// A program built beside this test bundle.
  static func built(_ name: String) throws -> String {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw Missing(name: name)
  }

  struct Missing: Error { var name: String }

  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Ran {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let err = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: out)
      try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    let started = Date()
    try process.run()
    process.waitUntilExit()
    return Ran(
      status: process.terminationStatus,
      signalled: process.terminationReason == .uncaughtSignal,
      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
      seconds: Date().timeIntervalSince(started))
  }

  static func bench(_ arguments: [String], environment: [String: String] = [:]) throws -> Ran {
    try run(try built("hostile-bench"), arguments, environment: environment)
  }

  /// A printed replay (`swift run hostile-bench trace …`, or `hostile-bench trace …` when the
  /// bench was not built in `.build`) as a command for this bench.
  static func runnable(_ replay: String) throws -> String {
    guard let start = replay.range(of: "hostile-bench trace ") else { return replay }
    return try built("hostile-bench") + " trace " + replay[start.upperBound...]
  }

  /// The matrix row of `id`: its cells.
  static func row(_ id: String, in output: String) -> [Substring]? {
    output.split(separator: "\n").first { $0.hasPrefix(id + " ") }?
      .split(separator: " ").dropFirst().map { $0 }
  }

  @Test("a button that force-unwraps nil or overflows its stack is a 'crashes' finding too",
    arguments: [("unwraps", "Unexpectedly found nil"), ("recurses", "SIGSEGV")])
  func otherCrashes(_ bug: String, _ said: String) throws {
    let ran = try Self.bench([
      "verify", "--algorithm", "hostile.\(bug)", "--algorithm", "hostile.dock", "--no-progress",
    ])
    // A crash fails the run (--fail-on hazard, the default), which says so on stderr.
    #expect(ran.status == 1 && !ran.signalled, "\(ran.stderr)")
    #expect(ran.stderr.contains("hostile.\(bug)") && ran.stderr.contains("crash"), "\(ran.stderr)")
    #expect(ran.stdout.contains("! hostile.\(bug) crashes: "), "\(ran.stdout)")
    #expect(ran.stdout.contains(said), "\(ran.stdout)")
    #expect(ran.stdout.contains("smallest scenario: "))
    #expect(Self.row("hostile.dock", in: ran.stdout)?.contains("✓") == true)
  }

  @Test("a button that traps is a 'crashes' finding with its smallest scenario; the other rows are kept")
  func trapping() throws {
    let ran = try Self.bench([
      "verify", "--algorithm", "hostile.traps", "--algorithm", "hostile.dock", "--no-progress",
    ])
    #expect(ran.status == 1 && !ran.signalled, "\(ran.stderr)")
    let traps = try #require(Self.row("hostile.traps", in: ran.stdout))
    #expect(traps.contains("!") && !traps.contains("✓"), "\(ran.stdout)")
    // The button that does not trap is judged as ever.
    let dock = try #require(Self.row("hostile.dock", in: ran.stdout))
    #expect(dock.contains("✓") && !dock.contains("!"))
    #expect(ran.stdout.contains("! hostile.traps crashes: "))
    #expect(ran.stdout.contains("Index out of range"))
    // Shrunk: a drag that ends in a flick, a few touches long.
    let scenario = try #require(
      ran.stdout.split(separator: "\n").first { $0.contains("smallest scenario: ") })
    #expect(scenario.contains("shrunk in"))
    let touches = scenario.components(separatedBy: " t=").count - 1
    #expect((2...6).contains(touches), "\(scenario)")
    // Its replay traps in trace too, and says where.
    let replay = try #require(
      ran.stdout.split(separator: "\n").first { $0.contains("replay: ") }
    ).components(separatedBy: "replay: ")[1]
    let traced = try Self.run("/bin/bash", ["-c", try Self.runnable(replay)])
    #expect(traced.status != 0, "\(traced.stdout)")
    #expect(traced.stderr.contains("Index out of range"), "\(traced.stderr)")
  }

  @Test("a button that loops ends verify within its deadline and a few seconds, with a finding")
  func looping() throws {
    let ran = try Self.bench([
      "verify", "--algorithm", "hostile.loops", "--algorithm", "hostile.dock", "--no-progress",
      "--cause", "keyboard",
    ])
    #expect(ran.status == 1)
    #expect(ran.stderr.contains("past the deadline (hostile.loops)"), "\(ran.stderr)")
    #expect(ran.seconds < 30, "verify took \(ran.seconds) s")
    #expect(Self.row("hostile.loops", in: ran.stdout)?.contains("!") == true, "\(ran.stdout)")
    #expect(ran.stdout.contains("! hostile.loops runs past the deadline"))
    #expect(ran.stdout.contains("keyboard shown"))
    #expect(Self.row("hostile.dock", in: ran.stdout)?.contains("✓") == true)
  }

  @Test("a button that takes 50 ms an event is too slow for a frame, reported with its cost per event")
  func crawling() throws {
    let ran = try Self.bench(["verify", "--algorithm", "hostile.slow", "--no-progress"])
    #expect(ran.status == 1)
    #expect(ran.seconds < 30, "verify took \(ran.seconds) s")
    #expect(ran.stdout.contains("! hostile.slow runs past the deadline: the code under test is too slow for a frame: "), "\(ran.stdout)")
    // Measured, run alone: 50 ms of sleep an event, and more than a frame at 60 Hz.
    let cost = ran.stdout.firstMatch(of: /took ([0-9.]+) ms each/).flatMap { Double($0.1) }
    #expect(cost.map { $0 >= 50 && $0 < 500 } == true, "\(ran.stdout)")
    #expect(ran.stdout.contains("more than a whole frame at 60 Hz (16.7 ms)"))
    #expect(!ran.stdout.contains("a loop that never ends"))
  }

  @Test("a button that takes 10 ms an event, within a frame, is slow to verify but never a finding")
  func busyWithinAFrame() throws {
    let ran = try Self.bench(
      ["verify", "--algorithm", "hostile.busy", "--examples", "12", "--no-progress"],
      environment: ["HOSTILE_BUSY": "1"])
    #expect(ran.status == 0 && !ran.signalled, "\(ran.stdout)\n\(ran.stderr)")
    #expect(Self.row("hostile.busy", in: ran.stdout)?.contains("!") == false, "\(ran.stdout)")
    #expect(!ran.stdout.contains("deadline") && !ran.stdout.contains("too slow"), "\(ran.stdout)")
    // Its replays too: a gesture of many events, each within a frame, is traced whole.
    let traced = try Self.bench(["trace", "hostile.busy"], environment: ["HOSTILE_BUSY": "1"])
    #expect(traced.status == 0, "\(traced.stderr)")
  }

  @Test("verify --worst searches each button in a worker: a trap or a loop ends that search only")
  func worstCases() throws {
    let ran = try Self.bench([
      "verify", "--worst", "--algorithm", "hostile.traps", "--algorithm", "hostile.loops",
      "--algorithm", "hostile.dock", "--examples", "200", "--no-progress",
    ])
    #expect(ran.status == 0 && !ran.signalled, "\(ran.stderr)")
    #expect(ran.seconds < 30, "verify --worst took \(ran.seconds) s")
    #expect(Self.row("hostile.dock", in: ran.stdout) != nil, "\(ran.stdout)")
    #expect(ran.stdout.contains("! hostile.traps crashes: "))
    #expect(ran.stdout.contains("Index out of range"))
    #expect(ran.stdout.contains("! hostile.loops runs past the deadline"))
    #expect(ran.stdout.contains("hostile-bench trace hostile.traps"))
  }

  @Test("run names a button too slow to time at once, and one that loops within 10 s and a few")
  func timing() throws {
    let slow = try Self.bench(["run", "--filter", "hostile\\.slow", "--no-progress"])
    #expect(slow.status == 1 && !slow.signalled)
    #expect(slow.seconds < 10, "run took \(slow.seconds) s")
    #expect(slow.stderr.contains("Error: hostile.slow takes "), "\(slow.stderr)")
    let loops = try Self.bench(["run", "--filter", "hostile\\.loops", "--no-progress"])
    #expect(loops.status == 1 && !loops.signalled)
    #expect(loops.seconds < 30, "run took \(loops.seconds) s")
    #expect(loops.stderr.contains("Error: the code under test has run"), "\(loops.stderr)")
    #expect(loops.stderr.contains("hostile.loops/"))
  }

  @Test("what a button prints goes to standard error, never into a document on standard output")
  func printing() throws {
    let traced = try Self.bench(["trace", "hostile.prints", "--format", "json"])
    #expect(traced.status == 0, "\(traced.stderr)")
    #expect(try JSONSerialization.jsonObject(with: Data(traced.stdout.utf8)) is [String: Any])
    #expect(traced.stderr.contains("pan began at"), "the button's own output is kept, on stderr")
    let csv = try Self.bench(["trace", "hostile.prints", "--format", "csv"])
    #expect(!csv.stdout.contains("pan "), "\(csv.stdout.prefix(300))")
    let verified = try Self.bench([
      "verify", "--algorithm", "hostile.prints", "--examples", "20", "--no-progress",
      "--format", "json", "--fail-on", "never",
    ])
    #expect(try JSONSerialization.jsonObject(with: Data(verified.stdout.utf8)) is [String: Any])
    let timed = try Self.bench([
      "run", "--filter", "^hostile\\.prints/drag-step$", "--iterations", "100", "--repetitions", "2",
      "--no-progress", "--format", "json",
    ])
    #expect(timed.status == 0, "\(timed.stderr.suffix(500))")
    #expect(try JSONSerialization.jsonObject(with: Data(timed.stdout.utf8)) is [String: Any])
  }

  @Test("under GitHub Actions, no line of an algorithm's message becomes a workflow command")
  func workflowCommands() throws {
    let ran = try Self.run(
      try Self.built("hostile-bench"),
      ["verify", "--algorithm", "hostile.injects-command", "--no-progress", "--fail-on", "never"],
      environment: ["GITHUB_ACTIONS": "true"])
    #expect(ran.stdout.contains("! hostile.injects-command crashes: "), "\(ran.stdout)")
    let commands = (ran.stdout + ran.stderr).split(separator: "\n").filter { $0.hasPrefix("::") }
    // Only SnapLab's own annotation, at the line that registers the algorithm.
    #expect(commands.count == 1, "\(commands)")
    #expect(commands.allSatisfy { $0.hasPrefix("::warning file=Sources/hostile-bench/main.swift,") })
    #expect(!commands.contains { $0.contains("file=PWNED") })
  }

  @Test("a button that stops its own process is a finding with its scenario and replay, never a hang")
  func stopping() throws {
    let ran = try Self.bench([
      "verify", "--algorithm", "hostile.stops", "--algorithm", "hostile.dock", "--no-progress",
    ])
    #expect(ran.status == 1 && !ran.signalled, "\(ran.stderr)")
    #expect(ran.seconds < 30, "verify took \(ran.seconds) s")
    #expect(
      ran.stdout.contains(
        "! hostile.stops crashes: the process was stopped by SIGSTOP while handling the touch event 'ended'"),
      "\(ran.stdout)")
    #expect(ran.stdout.contains("    scenario: "), "\(ran.stdout)")
    #expect(ran.stdout.contains("    replay: swift run hostile-bench trace hostile.stops "))
    #expect(Self.row("hostile.dock", in: ran.stdout)?.contains("✓") == true)
    // The scenario ends with the touch that stopped it.
    let replay = ran.stdout.split(separator: "\n").first { $0.hasPrefix("    replay: ") }
    #expect(replay?.contains(#""phase":"ended""#) == true)
    // verify --worst says the same of it.
    let worst = try Self.bench([
      "verify", "--worst", "--algorithm", "hostile.stops", "--examples", "100", "--no-progress",
    ])
    #expect(worst.seconds < 30, "verify --worst took \(worst.seconds) s")
    #expect(
      worst.stdout.contains("! hostile.stops crashes: the process was stopped by SIGSTOP while handling"),
      "\(worst.stdout)")
  }

  @Test("trace and run of a button that stops its own process end with an error, never hang")
  func stoppingInProcess() throws {
    let traced = try Self.bench(["trace", "hostile.stops"])
    #expect(traced.status == 1 && !traced.signalled, "\(traced.stderr)")
    #expect(traced.seconds < 10, "trace took \(traced.seconds) s")
    #expect(traced.stderr.contains("Error: the code under test stopped the process"), "\(traced.stderr)")
    #expect(traced.stderr.contains("It was checking that 'hostile.stops'"), "\(traced.stderr)")
    let timed = try Self.bench(["run", "--filter", "^hostile\\.stops/", "--iterations", "100", "--no-progress"])
    #expect(timed.status == 1 && !timed.signalled, "\(timed.stderr)")
    #expect(timed.seconds < 10, "run took \(timed.seconds) s")
    #expect(timed.stderr.contains("stopped"), "\(timed.stderr)")
  }

  @Test("a button that calls exit() fails every command that runs it, saying so, never exit 0")
  func exiting() throws {
    let verified = try Self.bench(["verify", "--algorithm", "hostile.exits", "--no-progress"])
    #expect(verified.status == 1)
    #expect(
      verified.stdout.contains(
        "! hostile.exits crashes: the code under test called exit() while handling the touch event 'ended' at t = "),
      "\(verified.stdout)")
    #expect(verified.stdout.contains("    replay: swift run hostile-bench trace hostile.exits "))
    let traced = try Self.bench(["trace", "hostile.exits"])
    #expect(traced.status == 1 && traced.stdout.isEmpty)
    #expect(traced.stderr.contains("Error: the code under test called exit()"), "\(traced.stderr)")
    let timed = try Self.bench(["run", "--filter", "^hostile\\.exits/", "--iterations", "100", "--no-progress"])
    #expect(timed.status == 1)
    #expect(timed.stderr.contains("Error: the code under test called exit()"), "\(timed.stderr)")
  }

  @Test("trace of a replay that traps ends with an error and status 1, not by the signal")
  func traceOfATrap() throws {
    let verified = try Self.bench(["verify", "--algorithm", "hostile.traps", "--no-progress"])
    let replay = try #require(
      verified.stdout.split(separator: "\n").first { $0.contains("replay: ") && $0.contains("hostile-bench trace") })
    let ran = try Self.run("/bin/bash", ["-c", try Self.runnable(String(replay))])
    #expect(ran.status == 1 && !ran.signalled, "status \(ran.status): \(ran.stderr)")
    #expect(ran.stderr.contains("Error: the code under test crashed"), "\(ran.stderr)")
    #expect(ran.stderr.contains("hostile.traps"))
  }

  #if os(Linux)
    @Test("a worker never outlives the verify that started it, however that ends",
      arguments: [SIGTERM, SIGKILL])
    func noWorkerLeft(_ signal: Int32) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try Self.built("hostile-bench"))
      process.arguments = [
        "verify", "--algorithm", "hostile.loops", "--algorithm", "hostile.slow", "--no-progress",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let parent = process.processIdentifier
      usleep(1_500_000)
      #expect(!Self.workers(of: parent).isEmpty, "verify started no worker in 1.5 s")
      kill(parent, signal)
      process.waitUntilExit()
      // Killed with a SIGTERM; by themselves within a tenth of a second or so after a SIGKILL.
      var left = Self.workers(of: parent)
      for _ in 0..<20 where !left.isEmpty {
        usleep(100_000)
        left = Self.workers(of: parent)
      }
      #expect(left.isEmpty, "workers left running: \(left)")
      for pid in left { kill(pid, SIGKILL) }
    }

    /// The processes whose environment names `parent` as the process that started them.
    static func workers(of parent: Int32) -> [Int32] {
      let mark = Data("SNAPLAB_WORKER_PARENT=\(parent)\0".utf8)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap(Int32.init).filter { pid in
        guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return environment.range(of: mark) != nil
      }
    }
  #endif

  @Test("buttons that roll dice or share state are told apart from the rest", arguments: ["random", "shared"])
  func unrepeatable(_ bug: String) throws {
    let ran = try Self.bench([
      "verify", "--algorithm", "hostile.\(bug)", "--algorithm", "hostile.dock", "--no-progress",
      "--jobs", "2",
    ])
    #expect(ran.stdout.contains("⚠ hostile.\(bug) is not deterministic: "), "\(ran.stdout)")
    // A seed does not reproduce its findings: the run fails on it.
    #expect(ran.status == 1)
    #expect(ran.stderr.contains("not deterministic (hostile.\(bug))"), "\(ran.stderr)")
    #expect(!ran.stdout.contains("⚠ hostile.dock"))
    // (The closing sentence wraps at 120 columns in a pipe.)
    let said = ran.stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(said.contains("but for the rows that are not deterministic (hostile.\(bug))"))
    let json = try Self.bench([
      "verify", "--algorithm", "hostile.\(bug)", "--no-progress", "--format", "json",
    ])
    #expect(json.stdout.contains("\"nondeterminism\""))
  }

  @Test("report lives through them: in the matrix, left out of the pictures and the cost")
  func report() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hostile-report-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let ran = try Self.bench([
      "report", "--output", directory, "--no-progress", "--examples", "100",
    ])
    #expect(ran.status == 0, "\(ran.stderr)")
    let page = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
    #expect(page.contains("Do not ship: It crashes"))
    #expect(page.contains("left out of the pictures and the cost"))
    #expect(page.contains("hostile.traps"))
  }

  // MARK: In the user's own test process

  /// The variable that tells `trapsInThisProcess` to run; unset, it returns at once.
  static let trapSwitch = "HOSTILE_TRAP_IN_PROCESS"

  @Test("expectInvariants on a button that traps says which algorithm and scenario before the process ends")
  func trapInTheTestProcess() throws {
    let tests = try Self.built("HostileAlgorithmsPackageTests.xctest")
    let ran = try Self.run(
      tests, ["--testing-library", "swift-testing", "--filter", "trapsInThisProcess"],
      environment: [Self.trapSwitch: "1", "SWIFT_BACKTRACE": "enable=no"])
    #expect(ran.signalled, "status \(ran.status): \(ran.stderr)")
    let said = ran.stdout + ran.stderr
    #expect(said.contains("SnapLab: 'hostile.traps' was being verified (seed 1)."), "\(said)")
    #expect(said.contains("Replay it: swift run hostile-bench trace hostile.traps"))
    #expect(said.contains("hostile-bench verify --algorithm hostile.traps --seed 1"))
  }

  @Test("a SNAPCHECK_SEED that cannot be read is said before the trap ends the process")
  func settingsBeforeATrap() throws {
    let tests = try Self.built("HostileAlgorithmsPackageTests.xctest")
    let ran = try Self.run(
      tests, ["--testing-library", "swift-testing", "--filter", "trapsInThisProcess"],
      environment: [Self.trapSwitch: "1", "SWIFT_BACKTRACE": "enable=no", "SNAPCHECK_SEED": "garbage"])
    #expect(ran.signalled, "status \(ran.status): \(ran.stderr)")
    #expect(ran.stderr.contains("SnapCheck: warning: SNAPCHECK_SEED='garbage'"), "\(ran.stderr)")
  }

  @Test("(run by trapInTheTestProcess in a process of its own)")
  func trapsInThisProcess() {
    guard ProcessInfo.processInfo.environment[Self.trapSwitch] == "1" else { return }
    expectInvariants(HostileDock(bug: .traps), replayTool: "swift run hostile-bench")
  }
}
