import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Runs the built `snap-bench` and checks what users see: output, errors and exit statuses.
@Suite("snap-bench list, trace and curve")
struct CommandLineTests {
  typealias Result = SnapBenchProcess.Result

  /// The `snap-bench` binary built beside this test bundle.
  static var executable: URL? { SnapBenchProcess.executable }

  func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    directory: String? = nil
  ) throws -> Result {
    try SnapBenchProcess.run(arguments, input: input, environment: environment, directory: directory)
  }

  @Test("list algorithms prints the published ids, their corrected variants and fluid-dock's modes")
  func listAlgorithms() throws {
    let result = try run(["list", "algorithms"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let ids = lines.prefix { !$0.isEmpty }.map { String($0.prefix { $0 != " " }) }
    let families = [
      "per-axis-clamp", "edge-dock", "forced-boundary-end", "inset-correction", "swiftui-dock",
    ]
    let modes = ["sides", "edges", "corners", "left", "right", "thrown"]
    #expect(
      ids == families.map { "\($0).published" } + families.map { "\($0).corrected" }
        + modes.map { "fluid-dock.\($0)" })
    // After the ids, how to write fluid-dock's options.
    #expect(result.stdout.contains("slots:<n>"))
  }

  @Test("list devices prints every accepted name")
  func listDevices() throws {
    let result = try run(["list", "devices"])
    #expect(result.status == 0)
    for name in DeviceProfile.catalogue.flatMap(\.acceptedNames) {
      #expect(result.stdout.contains("\(name)  "), "\(name)")
    }
  }

  @Test("trace's table tells each container change on a line of its own, where it happens")
  func traceTableTellsChanges() throws {
    let landscape = try #require(DeviceProfile.named("iPhone 8")).environment(.landscape)
    let gesture = TouchGesture(
      start: CGPoint(x: 300, y: 300),
      events: [
        TouchEvent(time: 0, phase: .began, location: CGPoint(x: 300, y: 300)),
        TouchEvent(time: 0.05, phase: .moved, location: CGPoint(x: 250, y: 300)),
        TouchEvent(time: 0.1, phase: .ended, location: CGPoint(x: 250, y: 300)),
      ],
      containerChanges: [ContainerChange(time: 0.5, environment: landscape)])
    let result = try run(
      ["trace", "edge-dock.corrected", "--device", "iPhone 8", "--gesture", "-", "--format", "table"],
      input: gesture.jsonText())
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let told = try #require(lines.firstIndex { $0.contains("the container changes: iPhone 8 (landscape) (667×375 pt)") }, "\(result.stdout)")
    #expect(lines[told].hasPrefix("    0.500"))
    // After the last frame before it, and before the first frame at or after it.
    #expect(lines[told - 1].contains("0.48") || lines[told - 1].contains("0.49"), "\(lines[told - 1])")
  }

  @Test("trace prints the documented JSON, which matches the simulator")
  func traceJSON() throws {
    let gesture = TouchGesture.drag(
      from: CGPoint(x: 300, y: 300), to: CGPoint(x: 250, y: 20), duration: 0.1, touchRate: 60)
    let result = try run(
      ["trace", "edge-dock.published", "--device", "IPHONE 8", "--gesture", "-"],
      input: gesture.jsonText())
    #expect(result.status == 0, "\(result.stderr)")
    // JSONDecoder, not JSONSerialization: on Linux the latter rounds some doubles.
    let trace = try JSONDecoder().decode(TraceFile.self, from: Data(result.stdout.utf8))
    #expect(trace.version == 1)
    #expect(trace.algorithm == "edge-dock.published")
    #expect(trace.device == "iPhone 8")
    #expect(trace.container == TraceFile.Size(width: 375, height: 667))
    #expect(trace.refreshRate == 60 && trace.truncated == false)
    // TraceFile knows every field trace writes (only a null one is left out when re-encoded).
    let written = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let known = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(trace)) as? [String: Any])
    #expect(Set(known.keys).isSubset(of: written.keys))
    #expect(Set(written.keys).subtracting(known.keys).allSatisfy { written[$0] is NSNull })
    // As worked out in EdgeDockTests: docked flush right at y 30 → origin (315, 0).
    #expect(trace.rest == TraceFile.Rect(x: 315, y: 0, width: 60, height: 60))
    let expected = Simulator(environment: Fixtures.iPhone8).run(EdgeDockPublished(), gesture: gesture)
    #expect(trace.frames.count == expected.frames.count)
    for (frame, reference) in zip(trace.frames, expected.frames) {
      #expect(frame.t == reference.time)
      #expect(frame.phase == reference.phase)
      #expect(frame.x == Double(reference.rect.origin.x))
      #expect(frame.y == Double(reference.rect.origin.y))
      #expect(frame.width == 60 && frame.height == 60)
    }
  }

  @Test("trace --scenario replays a counterexample of the verify file as it is written there")
  func traceScenario() throws {
    let verified = try run([
      "verify", "--algorithm", "edge-dock.published", "--invariant", "in-safe-area",
      "--format", "json", "--fail-on", "never",
    ])
    #expect(verified.status == 0, "\(verified.stderr)")
    let report = try VerificationReport(json: Data(verified.stdout.utf8))
    let scenario = try #require(report.findings.first?.counterexample)
    // The counterexample object as the file holds it, on standard input.
    let text = String(decoding: try JSONEncoder().encode(scenario), as: UTF8.self)
    let result = try run(
      ["trace", "edge-dock.published", "--scenario", "-", "--format", "json"], input: text)
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try JSONDecoder().decode(TraceFile.self, from: Data(result.stdout.utf8))
    #expect(trace.device == scenario.environment.name)
    #expect(trace.rest.rect == scenario.simulate(EdgeDockPublished()).rest)
    // The whole file is refused with the way to take one counterexample out of it.
    let whole = try run(["trace", "edge-dock.published", "--scenario", "-"], input: verified.stdout)
    #expect(whole.status == 1 && whole.stderr.contains("whole verify file"), "\(whole.stderr)")
    let both = try run(["trace", "edge-dock.published", "--scenario", "-", "--keyboard"], input: text)
    #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
  }

  @Test("trace --format csv has one row per frame; --motion replaces the release motion")
  func traceCSV() throws {
    let result = try run([
      "trace", "inset-correction.published", "--format=csv", "--landscape",
      "--motion", "uikit-spring(damping:0.5,duration:0.6,velocity:0)", "--item", "44x44",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "t,phase,x,y,width,height")
    #expect(lines.count > 10)
    #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",").count == 6 })
    #expect(lines.last?.contains(",rest,") == true)
    #expect(!result.stdout.lowercased().contains("nan"))
  }

  @Test(
    "bad input is refused with Error:, a usage line and status 64",
    arguments: [
      (["trace"], "Missing expected argument '<algorithm>'"),
      (["trace", "edge-dok"], "Did you mean 'edge-dock.published'?"),
      (["trace", "edge-dock.published", "--device", "iPhone 99"], "'--device <name>'"),
      (["trace", "edge-dock.published", "--item", "nanx60"], "'--item <width>x<height>'"),
      (["trace", "edge-dock.published", "--item", "2e6x60"], "'--item <width>x<height>'"),
      (["trace", "edge-dock.published", "--format", "xml"], "'--format <format>'"),
      (["trace", "edge-dock.published", "--motion", "bouncy"], "'--motion <motion>'"),
      (["trace", "per-axis-clamp.published", "--motion", "ease-out"], "never moves the item"),
      (["trace", "edge-dock.published", "--iteration", "3"], "Unknown option '--iteration'"),
      (["curve", "spring(damping:-1,response:0.4)"], "'<motion>'"),
      (["curve", "ease-out", "--samples", "1"], "'--samples <n>'"),
      (["curve", "ease-out", "--samples", "x"], "The value 'x' is invalid for '--samples <n>'"),
      (["curve", "none"], "no curve to sample"),
      (["list", "widgets"], "'<topic>'"),
      (["frobnicate"], "Unknown subcommand 'frobnicate'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("\nUsage: snap-bench"))
  }

  @Test("a corrupt gesture file is a runtime error naming what is wrong, status 1")
  func corruptGesture() throws {
    let result = try run(
      ["trace", "edge-dock.published", "--gesture", "-"],
      input: #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "began"}]}"#)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: the gesture in standard input is invalid: events[0]"))
    let missing = try run(["trace", "edge-dock.published", "--gesture", "/nonexistent/g.json"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent/g.json"))
  }

  @Test("curve samples timing curves by progress and springs by time up to the settle time")
  func curve() throws {
    let easeOut = try run(["curve", "ease-out", "--samples", "3"])
    #expect(easeOut.status == 0)
    let rows = easeOut.stdout.split(separator: "\n").map(String.init)
    #expect(rows.count == 4)
    #expect(rows[0] == "progress,value")
    #expect(rows[1] == "0,0")
    #expect(rows[3] == "1,1")
    let middle = try #require(Double(rows[2].split(separator: ",")[1]))
    #expect(abs(middle - TimingCurve.easeOut.value(atProgress: 0.5)) < 1e-12)

    let spring = try run(["curve", "spring(mass:1,stiffness:100,damping:10)", "--format", "json"])
    #expect(spring.status == 0)
    let object = try JSONDecoder().decode(CurveFile.self, from: Data(spring.stdout.utf8))
    let samples = object.samples
    #expect(object.kind == .spring)
    #expect(samples.count == 21)
    #expect(samples.first == CurveFile.Sample(at: 0, value: 0))
    #expect(samples.last?.value == 1)
    #expect(samples.last?.at == object.settleTime)
    // ζ = 10 / (2·√100) = 0.5: the spring overshoots.
    #expect(samples.contains { $0.value > 1 })
    // Every field written is one CurveFile knows, and it writes back the same JSON.
    let written = try #require(
      JSONSerialization.jsonObject(with: Data(spring.stdout.utf8)) as? [String: Any])
    #expect(Set(written.keys) == ["version", "motion", "kind", "settleTime", "samples"])
    let first = try #require((written["samples"] as? [[String: Any]])?.first)
    #expect(Set(first.keys) == ["t", "value"])
    let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(object)) as? NSDictionary
    #expect(again == (written as NSDictionary))
    let curve = try run(["curve", "ease-in-out", "--samples", "5", "--format", "json"])
    let eased = try JSONDecoder().decode(CurveFile.self, from: Data(curve.stdout.utf8))
    #expect(eased.kind == .timingCurve)
    #expect(eased.samples.map(\.at) == [0, 0.25, 0.5, 0.75, 1])
    #expect(curve.stdout.contains(#""progress" : 0.25"#) || curve.stdout.contains(#""progress": 0.25"#))
  }

  @Test("--help prints the sections to stdout and exits 0")
  func help() throws {
    for arguments in [["--help"], ["trace", "--help"], ["curve", "-h"], ["list", "--help"]] {
      let result = try run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout.contains("OVERVIEW:"))
      #expect(result.stdout.contains("USAGE:"))
      #expect(result.stderr.isEmpty)
    }
  }
}

extension CommandLineTests {
  @Test("verify of one algorithm fits one screen: ≤ 60 lines of ≤ 120 characters naming every mechanism; JSON keeps every cause")
  func verifyFirstScreen() throws {
    let arguments = ["verify", "--algorithm", "edge-dock.published"]
    let result = try run(arguments, environment: ["GITHUB_ACTIONS": "false"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 60, "\(lines.count) lines:\n\(result.stdout)")
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.filter { $0.count > 120 })")
    let json = try run(arguments + ["--format", "json"], environment: ["GITHUB_ACTIONS": "false"])
    let report = try VerificationReport(json: Data(json.stdout.utf8))
    let findings = report.rows.flatMap(\.findings)
    let groups = FindingGroup.byMechanism(findings)
    #expect(groups.count >= 5)
    // Every mechanism named, in one line (wrapped at most once), numbered, in order.
    let text = result.stdout.replacingOccurrences(of: "\n     ", with: " ")
      .replacingOccurrences(of: "\n      ", with: " ")
    for (index, group) in groups.enumerated() {
      #expect(text.contains("\(index + 1). \(group.line)"), "\(group.line)")
    }
    // The JSON holds every cause of every finding, with full precision.
    #expect(findings.flatMap(\.causes).count >= groups.map(\.members.count).reduce(0, +))
    #expect(!result.stdout.contains("\"version\""), "no gesture JSON on the first screen")
    // --verbose adds every cause with its replay command.
    let verbose = try run(arguments + ["--verbose"], environment: ["GITHUB_ACTIONS": "false"])
    #expect(verbose.stdout.hasPrefix(result.stdout.components(separatedBy: "\n'--verbose'")[0]))
    #expect(verbose.stdout.contains("✗ edge-dock.published breaks in-safe-area"))
    #expect(verbose.stdout.contains("replay: snap-bench trace edge-dock.published"))
  }

  @Test("verify --replays writes every cause's gesture file and the commands that replay them")
  func verifyReplays() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-replays-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = [
      "verify", "--algorithm", "edge-dock.published", "--invariant", "in-safe-area", "--examples", "60",
      "--replays", directory,
    ]
    let result = try run(arguments, environment: ["GITHUB_ACTIONS": "false"])
    #expect(result.status == 1)
    let said = result.stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(said.contains("gesture files in \(directory), the trace"), "\(result.stdout)")
    let commands = try String(contentsOfFile: directory + "/commands.txt", encoding: .utf8)
    let replays = commands.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(!replays.isEmpty)
    for command in replays {
      #expect(command.hasPrefix("snap-bench trace edge-dock.published "))
      let file = try #require(command.components(separatedBy: " --gesture ").last)
      let gesture = try TouchGesture(json: Data(contentsOf: URL(fileURLWithPath: file)))
      #expect(!gesture.events.isEmpty || !gesture.containerChanges.isEmpty)
    }
    // A second run replaces what the first wrote; a directory of someone else's is refused.
    #expect(try run(arguments, environment: ["GITHUB_ACTIONS": "false"]).status == 1)
    try "mine".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
    let refused = try run(arguments, environment: ["GITHUB_ACTIONS": "false"])
    #expect(refused.status == 64, "a usage error: \(refused.stderr)")
    #expect(refused.stderr.contains("notes.txt"))
    #expect(try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8) == "mine")
  }

  @Test("verify prints the matrix, one line per violation with a replay command, exit 0")
  func verifyTable() throws {
    // The default rows at 20 examples, enough for every invariant to apply to every corrected
    // and fluid-dock row (the property tests verify every variant at the full budget,
    // in-process).
    // Outside GitHub Actions, wherever the tests run: there each finding is an annotation too.
    let result = try run(
      ["verify", "--examples", "20", "--wide", "--verbose"], environment: ["GITHUB_ACTIONS": "false"])
    // The published variants break invariants: the run fails, and says why in one line.
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: verify found "), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("algorithm") == true)
    #expect(lines[1].hasPrefix("per-axis-clamp.published"))
    #expect(result.stdout.contains("✗ inset-correction.published breaks on-screen"))
    #expect(result.stdout.contains("replay: snap-bench trace inset-correction.published"))
    let markdown = try run(["verify", "--format", "markdown", "--algorithm", "edge-dock.published", "--examples", "20"])
    #expect(markdown.stdout.hasPrefix("| algorithm | on-screen |"))
    // The corrected variants and fluid-dock hold every invariant that applies to them.
    for line in lines where line.contains(".corrected") || line.hasPrefix("fluid-dock") {
      #expect(!line.contains("✗"), "\(line)")
    }
    // The default budget covers what it claims: each corrected variant with a timing curve also
    // with an underdamped and a critically damped spring, fluid-dock's sides with slots.
    for id in ["edge-dock.corrected", "forced-boundary-end.corrected", "inset-correction.corrected"] {
      for spring in ["spring(damping:0.5,response:0.4)", "spring(damping:1,response:0.4)"] {
        let row = lines.first { $0.hasPrefix("\(id) with \(spring) ") }
        #expect(row?.filter { $0 == "✓" }.count ?? 0 >= 12, "\(id) with \(spring)")
      }
    }
    #expect(!lines.contains { $0.hasPrefix("per-axis-clamp.corrected with") || $0.contains(".published with") })
    #expect(lines.contains { $0.hasPrefix("fluid-dock.sides(slots:3) ") })
    // fluid-dock's six modes: every invariant holding where it applies; at this budget all but
    // cancel-safe do (a drag the system cancels past the pan's 10 pt is rarer than 20 examples:
    // FluidDockTests checks every invariant applies at the full budget).
    let fluidRows = lines.filter { $0.hasPrefix("fluid-dock.") && !$0.hasPrefix("fluid-dock.sides(") }
    #expect(fluidRows.count == 6)
    #expect(
      fluidRows.allSatisfy {
        $0.filter { $0 == "✓" }.count >= Invariant.checked.count - 1 && !$0.contains("✗")
          && !$0.contains("~")
      },
      "\(result.stdout)")
    // 'fluid-dock' names every mode (the matrix above already verified them at this budget).
    let fluid = try run(["verify", "--algorithm", "fluid-dock", "--examples", "1"])
    let rows = fluid.stdout.split(separator: "\n").filter { $0.hasPrefix("fluid-dock.") && !$0.hasPrefix("fluid-dock.sides(") }
    #expect(rows.map { $0.prefix { $0 != " " } } == fluidRows.map { $0.prefix { $0 != " " } })
  }

  @Test("trace --format json lists each touch, whether it reached the item and fired its action, and each container change")
  func traceTouchesAndChanges() throws {
    // A drag of edge-dock.corrected's button to the left, a tap on it there, and the phone
    // turned to landscape with the keyboard up between them.
    var gesture = TouchGesture.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 100, y: 300), duration: 0.05)
      .followed(by: .tap(at: CGPoint(x: 46, y: 300)))
    let landscape = DeviceProfile.standard.environment(
      .landscape, bars: .init(navigationBar: true, tabBar: true, keyboard: true))
    gesture.containerChanges = [ContainerChange(time: 0.9, environment: landscape)]
    let result = try run(
      ["trace", "edge-dock.corrected", "--gesture", "-", "--format", "json"], input: gesture.jsonText())
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try JSONDecoder().decode(TraceFile.self, from: Data(result.stdout.utf8))
    let touches = try #require(trace.touches)
    #expect(touches.count == 2)
    // The drag reached the button and fired nothing; the tap on the docked button fired once.
    #expect(touches.map(\.reachedItem) == [true, true])
    #expect(touches.map(\.actions) == [0, 1])
    #expect(touches.allSatisfy { !$0.cancelled && $0.end != nil })
    #expect(touches[1].finger.x == 46 && touches[1].finger.y == 300)
    let changes = try #require(trace.containerChanges)
    #expect(changes.count == 1)
    #expect(changes.first?.t == 0.9)
    #expect(changes.first?.container.width == Double(landscape.bounds.width))
    #expect(changes.first?.keyboard != nil)
    #expect(changes.first?.safeRegion.rect == landscape.safeRegion)
  }

  @Test("trace --flick shows the motion starting at the finger's velocity, and where it was projected")
  func traceFlick() throws {
    let result = try run(["trace", "fluid-dock.corners", "--flick", "1500,-800"])
    #expect(result.status == 0, "\(result.stderr)")
    let output = try JSONDecoder().decode(TraceFile.self, from: Data(result.stdout.utf8))
    let release = try #require(output.release)
    let finger = try #require(release.fingerVelocity)
    let motion = try #require(release.motionVelocity)
    let projected = try #require(release.projected)
    #expect(abs(finger.x - 1500) < 1e-6 && abs(finger.y + 800) < 1e-6)
    #expect(abs(motion.x - 1500) < 1e-6 && abs(motion.y + 800) < 1e-6)
    // 0.499 s of normal deceleration: 748.5 pt right and 399.2 pt up.
    #expect(abs(projected.x - (release.center.x + 748.5)) < 1e-6)
    #expect(abs(projected.y - (release.center.y - 399.2)) < 1e-6)
    // iPhone 15: safe region x 0…393, y 103…769; the top right corner, 16 pt in.
    #expect(output.rest.x + output.rest.width == 377 && output.rest.y == 119)
    for (arguments, message) in [
      (["trace", "fluid-dock", "--flick", "fast"], "'--flick <vx>,<vy>'"),
      (["trace", "fluid-dock", "--flick", "1,2", "--gesture", "-"], "not both"),
      (["trace", "fluid-dock(slots:0)"], "slots"),
      (["verify", "--algorithm", "fluid-dock.middle"], "not a fluid-dock mode"),
    ] {
      let bad = try run(arguments)
      #expect(bad.status == 64 && bad.stderr.contains(message), "\(arguments): \(bad.stderr)")
    }
  }

  @Test("verify --format json is versioned, and byte-identical for the same seed and any --jobs")
  func verifyJSON() throws {
    let first = try run(["verify", "--format", "json", "--seed", "7", "--examples", "20"])
    #expect(first.status == 1, "the published variants' hazards fail the run")
    // Threads share the work, not the outcome: rows of a published variant (violations shrunk)
    // and of a corrected one with its two spring rows, on one thread, three and every core.
    let rows = ["--algorithm", "edge-dock.published", "--algorithm", "inset-correction.corrected"]
    let second = try run(["verify", "--format=json", "--seed=7", "--examples=20", "--jobs=1"] + rows)
    let parallel = try run(["verify", "--format", "json", "--seed", "7", "--examples", "20", "--jobs", "3"] + rows)
    let everyCore = try run(["verify", "--format", "json", "--seed", "7", "--examples", "20"] + rows)
    #expect(second.stdout.contains("\"violated\""))
    #expect(parallel.stdout == second.stdout)
    #expect(everyCore.stdout == second.stdout)
    struct Output: Decodable {
      struct Result: Decodable {
        var algorithm: String
        var invariant: String
        var status: String
        var examplesRun: Int
        var counterexample: Counterexample?
      }
      struct Counterexample: Decodable {
        var device: String
        var landscape: Bool
        var navigationBar: Bool
        var tabBar: Bool
        var keyboard: Bool
        var item: [String: Double]
      }
      var version: Int
      var seed: UInt64
      var examples: Int
      var results: [Result]
    }
    let output = try JSONDecoder().decode(Output.self, from: Data(first.stdout.utf8))
    #expect(output.version == 1)
    #expect(output.seed == 7)
    #expect(output.examples == 20)
    // 16 catalogue rows, the three corrected variants with timing curves with two springs
    // each, and fluid-dock.sides with slots.
    #expect(output.results.count == 23 * Invariant.checked.count)
    // A counterexample for every cell that breaks, as a hazard or only as polish.
    #expect(
      output.results.allSatisfy {
        ["violated", "polish"].contains($0.status) == ($0.counterexample != nil)
      })
    #expect(Set(output.results.map(\.status)).isSubset(of: ["holds", "violated", "polish", "not-applicable"]))
    #expect(Set(output.results.map(\.status)).isSuperset(of: ["holds", "violated", "not-applicable"]))
  }

  @Test("a violation verify reports replays, pasted as printed, to the same rest with trace")
  func verifyReplaysWithTrace() throws {
    // Every finding is replayed in-process through a gesture file by the property tests (which
    // pin all 29); here one of each published variant — on-screen, which all four break — goes
    // through the shell as a user pastes it.
    let published = AlgorithmCatalogue.ids.filter { $0.hasSuffix(".published") }
    let result = try run(
      ["verify", "--format", "json", "--invariant", "on-screen"]
        + published.flatMap { ["--algorithm", $0] } + ["--fail-on", "never"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try VerificationReport(json: Data(result.stdout.utf8))
    let binary = try #require(Self.executable)
    var replayed: Set<String> = []
    let violated = report.findings.filter { $0.status == .violated }
    #expect(violated.count == published.count)
    for finding in violated where !replayed.contains(finding.algorithm) {
      let scenario = try #require(finding.counterexample)
      let trace = try SnapBenchProcess.shell(
        finding.replayCommand(tool: binary.path) + " --format json")
      #expect(trace.status == 0, "\(trace.stderr)")
      // The simulator, run on the same scenario, gives the rest frame trace printed.
      let algorithm = try #require(AlgorithmCatalogue.algorithm(id: finding.algorithm))
      let rest = simulateRest(algorithm, scenario)
      let traced = try JSONDecoder().decode(TraceFile.self, from: Data(trace.stdout.utf8))
      #expect(traced.rest.rect == rest, "\(finding.algorithm) \(finding.invariant)")
      replayed.insert(finding.algorithm)
    }
    #expect(replayed == Set(published))
  }

  func simulateRest<A: SnapAlgorithm>(_ algorithm: A, _ scenario: Scenario) -> CGRect {
    scenario.simulate(algorithm).rest
  }


  @Test(
    "verify rejects bad input with a usage error",
    arguments: [
      (["verify", "--invariant", "on-scren"], "Did you mean 'on-screen'?"),
      (["verify", "--algorithm", "edge-dok"], "Did you mean 'edge-dock.published'?"),
      (["verify", "--examples", "0"], "'--examples <n>'"),
      (["verify", "--format", "xml"], "'--format <format>'"),
      (["verify", "--jobs", "0"], "'--jobs <n>'"),
      (["verify", "--jobs", "two"], "'--jobs <n>'"),
    ])
  func verifyUsageErrors(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}

extension CommandLineTests {
  @Test("an empty or negative item, which the property tests use, traces: its replay must run")
  func degenerateItems() throws {
    for item in ["0x60", "-5x60", "-20x-3"] {
      let result = try run(["trace", "edge-dock.corrected", "--item", item, "--format", "csv"])
      #expect(result.status == 0, "\(item): \(result.stderr)")
    }
  }

  @Test("verify --worst prints each algorithm's worst cases and how to replay them")
  func verifyWorst() throws {
    let result = try run(["verify", "--worst", "--algorithm", "edge-dock.published", "--algorithm", "edge-dock.corrected", "--examples", "50"])
    #expect(result.status == 0, "\(result.stderr)")
    let header = result.stdout.split(separator: "\n").first ?? ""
    #expect(header.split(separator: " ") == ["algorithm", "overshoot", "incursion", "jump", "frame-cost"])
    let corrected = result.stdout.split(separator: "\n").first { $0.hasPrefix("edge-dock.corrected ") } ?? ""
    #expect(corrected.split(separator: " ").dropFirst().prefix(2) == ["0", "0"], "\(corrected)")
    #expect(result.stdout.contains("edge-dock.published overshoot "))
    #expect(result.stdout.contains("replay: snap-bench trace edge-dock.published"))
    // With --motion, the replay replays that motion too.
    let spring = try run([
      "verify", "--worst", "--algorithm", "edge-dock.corrected", "--examples", "20", "--motion",
      "spring(damping:0.5,response:0.4)",
    ])
    #expect(spring.status == 0, "\(spring.stderr)")
    #expect(spring.stdout.contains("--motion 'spring(damping:0.5,response:0.4)' --gesture -"), "\(spring.stdout)")
    let json = try run(["verify", "--worst", "--format", "json"])
    #expect(json.status == 64 && json.stderr.contains("--worst prints a table"))
  }
}
