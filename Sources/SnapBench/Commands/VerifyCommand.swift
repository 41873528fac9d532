import Foundation
import SnapAlgorithms
import SnapVerification

/// `snap-bench verify`: the invariant matrix, algorithm × invariant, with the smallest
/// counterexample of every violation.
enum VerifyCommand {
  static let algorithm = OptionSpec(
    "--algorithm", value: "<id>",
    help: "Only this algorithm (repeatable; default: all); 'fluid-dock' means all its modes.",
    repeatable: true)
  static let invariant = OptionSpec(
    "--invariant", value: "<id>", help: "Only this invariant (repeatable; default: all checked).",
    repeatable: true)
  static let motion = OptionSpec(
    "--motion", value: "<motion>",
    help: "Replace the release motion of every algorithm that has one.")
  static let examples = OptionSpec(
    "--examples", value: "<n>", help: "Examples per algorithm and invariant (default: 200).")
  static let seed = OptionSpec(
    "--seed", value: "<n>", help: "The run's seed; the same seed prints the same output (default: 1).")
  static let format = OptionSpec(
    "--format", value: "<format>", help: "table, markdown or json (default: table).")

  static let spec = CommandSpec(
    name: "snap-bench verify",
    abstract: "Check every invariant of every algorithm with the property tester.",
    discussion: """
      For each algorithm and invariant, generated scenarios (devices, orientations, bars, item \
      sizes, gestures) are simulated until one breaks the invariant, which is then shrunk to \
      the smallest scenario that still does. ✓ holds, ✗ violated, — not applicable. Each \
      violation is printed with a command that replays it with 'snap-bench trace'. The exit \
      status is 0 whatever the findings.
      """,
    options: [algorithm, invariant, motion, examples, seed, format])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    var algorithms: [any SnapAlgorithm] = tool.algorithms.map { $0.entry.make() }
    let chosenIDs = parsed.values(algorithm)
    if !chosenIDs.isEmpty {
      algorithms = try chosenIDs.flatMap { id in
        let found: [any SnapAlgorithm]
        do {
          found = try tool.algorithms(matching: id)
        } catch {
          throw UsageError.invalidValue(id, for: algorithm, reason: "\(error)").withUsage(of: spec)
        }
        guard !found.isEmpty else {
          var reason = "not an algorithm id"
          if let near = tool.suggestion(for: id) { reason += ". Did you mean '\(near)'?" }
          throw UsageError.invalidValue(id, for: algorithm, reason: reason).withUsage(of: spec)
        }
        return found
      }
    }
    var invariants = Invariant.checked
    let chosenInvariants = parsed.values(invariant)
    if !chosenInvariants.isEmpty {
      invariants = try chosenInvariants.map { id in
        guard let found = Invariant(rawValue: id.lowercased()) else {
          let names = Invariant.allCases.map(\.rawValue)
          var reason = "not an invariant id"
          if let near = nearestCandidate(to: id.lowercased(), among: names) {
            reason += ". Did you mean '\(near)'?"
          } else {
            reason += "; expected one of \(names.joined(separator: ", "))"
          }
          throw UsageError.invalidValue(id, for: invariant, reason: reason).withUsage(of: spec)
        }
        return found
      }
    }
    let motionOverridden = parsed.value(motion) != nil
    if let text = parsed.value(motion) {
      let chosen: Motion
      do {
        chosen = try Motion(parsing: text)
      } catch {
        throw UsageError.invalidValue(text, for: motion, reason: error.description).withUsage(of: spec)
      }
      algorithms = algorithms.map { algorithm in
        var algorithm = algorithm
        if algorithm.releaseMotion != nil { algorithm.releaseMotion = chosen }
        return algorithm
      }
    }
    let count = try parsed.count(examples, default: 200, minimum: 1, maximum: 100_000_000)
    let runSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    let output = try parsed.choice(format, among: ["table", "markdown", "json"]) ?? "table"

    var findings: [Finding] = []
    for algorithm in algorithms {
      for invariant in invariants {
        findings.append(verifyOpened(algorithm, invariant, examples: count, seed: runSeed))
      }
    }
    switch output {
    case "json":
      print(json(findings, seed: runSeed, examples: count).serialized(pretty: true))
    default:
      print(matrix(findings, algorithms: algorithms, invariants: invariants, markdown: output == "markdown"))
      let details = violations(findings, withMotion: motionOverridden)
      if !details.isEmpty { print("\n" + details) }
      print("\nSeed \(runSeed), \(count) examples per cell; '--seed \(runSeed)' reproduces this run.")
    }
  }

  static func verifyOpened<A: SnapAlgorithm>(
    _ algorithm: A, _ invariant: Invariant, examples: Int, seed: UInt64
  ) -> Finding {
    verify(algorithm, invariant, examples: examples, seed: seed)
  }

  static func symbol(_ status: Finding.Status) -> String {
    switch status {
    case .holds: return "✓"
    case .violated: return "✗"
    case .notApplicable: return "—"
    }
  }

  static func matrix(
    _ findings: [Finding], algorithms: [any SnapAlgorithm], invariants: [Invariant], markdown: Bool
  ) -> String {
    let header = ["algorithm"] + invariants.map(\.rawValue)
    let rows = algorithms.map { algorithm in
      [algorithm.id] + invariants.map { invariant in
        findings.first { $0.algorithm == algorithm.id && $0.invariant == invariant }
          .map { symbol($0.status) } ?? " "
      }
    }
    if markdown {
      let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
      return ([line(header), line(header.map { _ in "---" })] + rows.map(line))
        .joined(separator: "\n")
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    let format = { (cells: [String]) in
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    return ([format(header)] + rows.map(format)).joined(separator: "\n")
  }

  static func violations(_ findings: [Finding], withMotion: Bool) -> String {
    findings.filter { $0.status == .violated }.map { finding in
      guard let scenario = finding.counterexample else { return "" }
      var lines = ["✗ \(finding.algorithm) breaks \(finding.invariant.rawValue): \(finding.violation ?? "")"]
      lines.append("  smallest counterexample: \(scenario)")
      lines.append("  replay: \(replayCommand(finding, scenario, withMotion: withMotion))")
      return lines.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// A shell command that replays the counterexample with `trace`.
  static func replayCommand(_ finding: Finding, _ scenario: Scenario, withMotion: Bool) -> String {
    var words = ["snap-bench", "trace", finding.algorithm, "--device", "'\(scenario.device.name)'"]
    if scenario.orientation == .landscape { words.append("--landscape") }
    if !scenario.bars.navigationBar { words.append("--no-nav-bar") }
    if !scenario.bars.tabBar { words.append("--no-tab-bar") }
    if scenario.bars.keyboard { words.append("--keyboard") }
    words += ["--item", "\(formatNumber(scenario.itemSize.width))x\(formatNumber(scenario.itemSize.height))"]
    if withMotion, let motion = finding.motion { words += ["--motion", "'\(motion)'"] }
    let gesture = gestureJSON(scenario.gesture).serialized(pretty: false)
    return words.joined(separator: " ") + " --gesture - <<< '\(gesture)'"
  }

  /// The gesture in the gesture-file format `trace --gesture` reads.
  static func gestureJSON(_ gesture: Gesture) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("version", .integer(Gesture.fileFormatVersion)),
      ("start", .object([("x", .number(gesture.start.x)), ("y", .number(gesture.start.y))])),
      ("events", .array(gesture.events.map { event in
        .object([
          ("t", .number(event.time)), ("phase", .string(event.phase.rawValue)),
          ("x", .number(event.location.x)), ("y", .number(event.location.y)),
        ])
      })),
    ]
    if !gesture.containerChanges.isEmpty {
      members.append(("container", .array(gesture.containerChanges.map(containerJSON))))
    }
    return .object(members)
  }

  /// One container change, with the fields `Gesture(json:)` reads.
  static func containerJSON(_ change: ContainerChange) -> JSONValue {
    let environment = change.environment
    let insets = environment.safeAreaInsets
    var members: [(String, JSONValue)] = [
      ("t", .number(change.time)),
      ("name", .string(environment.name)),
      ("width", .number(environment.bounds.width)),
      ("height", .number(environment.bounds.height)),
      ("screenWidth", .number(environment.screenBounds.width)),
      ("screenHeight", .number(environment.screenBounds.height)),
      ("safeArea", .object([
        ("top", .number(insets.top)), ("left", .number(insets.left)),
        ("bottom", .number(insets.bottom)), ("right", .number(insets.right)),
      ])),
      ("statusBar", .number(environment.statusBarHeight)),
      ("navigationBar", .number(environment.navigationBarHeight)),
      ("tabBar", .number(environment.tabBarHeight)),
      ("refreshRate", .integer(environment.refreshRate)),
    ]
    if let keyboard = environment.keyboardFrame {
      members.append(("keyboard", .object([
        ("x", .number(keyboard.minX)), ("y", .number(keyboard.minY)),
        ("width", .number(keyboard.width)), ("height", .number(keyboard.height)),
      ])))
    }
    return .object(members)
  }

  static func json(_ findings: [Finding], seed: UInt64, examples: Int) -> JSONValue {
    .object([
      ("version", .integer(1)),
      ("seed", .number(Double(seed))),
      ("examples", .integer(examples)),
      ("results", .array(findings.map { finding in
        var members: [(String, JSONValue)] = [
          ("algorithm", .string(finding.algorithm)),
          ("motion", finding.motion.map(JSONValue.string) ?? .null),
          ("invariant", .string(finding.invariant.rawValue)),
          ("status", .string(finding.status.rawValue)),
          ("examplesRun", .integer(finding.examplesRun)),
        ]
        if let scenario = finding.counterexample {
          members.append(("violation", .string(finding.violation ?? "")))
          members.append(("counterexample", .object([
            ("device", .string(scenario.device.name)),
            ("landscape", .bool(scenario.orientation == .landscape)),
            ("navigationBar", .bool(scenario.bars.navigationBar)),
            ("tabBar", .bool(scenario.bars.tabBar)),
            ("keyboard", .bool(scenario.bars.keyboard)),
            ("item", .object([
              ("width", .number(scenario.itemSize.width)), ("height", .number(scenario.itemSize.height)),
            ])),
            ("gesture", gestureJSON(scenario.gesture)),
          ])))
        }
        return .object(members)
      })),
    ])
  }
}

func formatNumber(_ value: CGFloat) -> String { formatNumber(Double(value)) }
