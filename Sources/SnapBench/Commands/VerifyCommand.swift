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
  static let wide = OptionSpec(
    flag: "--wide",
    help: "Print the matrix with full invariant names even when the terminal is narrower than "
      + "it (it always is when the output is not a terminal).")
  static let noProgress = OptionSpec(flag: "--no-progress", help: "No progress bar on stderr.")
  static let worst = OptionSpec(
    flag: "--worst",
    help: "Instead of the matrix, search for each algorithm's worst cases (overshoot past the "
      + "edge, depth into a bar or the keyboard at rest, jump between frames, animations per "
      + "frame), climbing from the worst scenarios found, and print each with its scenario.")

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
    options: [algorithm, invariant, motion, examples, seed, format, wide, noProgress, worst])

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
    var replacement: Motion?
    if let text = parsed.value(motion) {
      do {
        replacement = try Motion(parsing: text)
      } catch {
        throw UsageError.invalidValue(text, for: motion, reason: error.description).withUsage(of: spec)
      }
    }
    let count = try parsed.count(examples, default: 200, minimum: 1, maximum: 100_000_000)
    let runSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    let output = try parsed.choice(format, among: ["table", "markdown", "json"]) ?? "table"

    if parsed.flag(worst) {
      guard output == "table" else {
        throw UsageError("--worst prints a table; leave out --format \(output)", usage: spec.usage)
      }
      let progress = ProgressBar(total: algorithms.count, unit: "algorithms", enabled: !parsed.flag(noProgress))
      var rows: [(any SnapAlgorithm, [WorstCase])] = []
      for (index, algorithm) in algorithms.enumerated() {
        progress.update(index, algorithm.id)
        rows.append((algorithm, worstCasesOpened(algorithm, motion: replacement, examples: count, seed: runSeed)))
      }
      progress.finish()
      print(worstTable(rows, motion: replacement, tool: tool))
      print("\nSeed \(runSeed), \(count) examples per algorithm, the second half climbing from the worst so far; '--seed \(runSeed)' reproduces this run.")
      return
    }
    let progress = ProgressBar(
      total: algorithms.count * invariants.count, unit: "cells", enabled: !parsed.flag(noProgress))
    let findings = verifyAll(
      algorithms, invariants: invariants, motion: replacement, examples: count, seed: runSeed,
      tool: tool, progress: progress)
    progress.finish()
    switch output {
    case "json":
      print(VerificationReport(seed: runSeed, examples: count, findings: findings).jsonText())
    default:
      var table = matrix(findings, algorithms: algorithms, invariants: invariants, markdown: output == "markdown")
      // A terminal narrower than the matrix gets short heads and a key; a file, the full one.
      if output == "table", !parsed.flag(wide), let columns = Terminal.outputWidth,
        widestLine(table) > columns
      {
        table = narrowMatrix(findings, algorithms: algorithms, invariants: invariants, width: columns)
      }
      print(table)
      let details = violations(findings)
      if !details.isEmpty { print("\n" + details) }
      print("\nSeed \(runSeed), \(count) examples per cell; '--seed \(runSeed)' reproduces this run.")
    }
  }

  /// The findings of every algorithm and invariant, in that order, one cell at a time so that
  /// `progress` moves (the cells are what `verify(_:invariants:…)` would give).
  static func verifyAll(
    _ algorithms: [any SnapAlgorithm], invariants: [Invariant], motion: Motion?, examples: Int,
    seed: UInt64, tool: Tool, progress: ProgressBar
  ) -> [Finding] {
    var findings: [Finding] = []
    for algorithm in algorithms {
      if let problem = releaseMotionProblem(algorithm, motion: motion) {
        progress.finish()
        writeStandardError("note: \(problem)\n")
      }
      for invariant in invariants {
        progress.update(findings.count, "\(algorithm.id) \(invariant.rawValue)")
        findings += verifyOpened(
          algorithm, invariants: [invariant], motion: motion, examples: examples, seed: seed,
          tool: tool, noting: false)
      }
    }
    return findings
  }

  /// The findings of `algorithm` (its type opened from the existential), replayable with `tool`.
  static func verifyOpened<A: SnapAlgorithm>(
    _ algorithm: A, invariants: [Invariant], motion: Motion? = nil, examples: Int, seed: UInt64,
    tool: Tool, noting: Bool = true
  ) -> [Finding] {
    if noting, let problem = releaseMotionProblem(algorithm, motion: motion) {
      writeStandardError("note: \(problem)\n")
    }
    return verify(
      algorithm, invariants: invariants, motion: motion, examples: examples, seed: seed,
      replayTool: tool.replayName)
  }

  static func worstCasesOpened<A: SnapAlgorithm>(
    _ algorithm: A, motion: Motion?, examples: Int, seed: UInt64
  ) -> [WorstCase] {
    worstCases(algorithm, motion: motion, examples: examples, seed: seed)
  }

  /// The worst cases, one row per algorithm, then each case that breaks its invariant's bound
  /// (or every jump over 0) with its scenario and the command that replays it.
  static func worstTable(
    _ rows: [(any SnapAlgorithm, [WorstCase])], motion: Motion?, tool: Tool
  ) -> String {
    let measures = WorstCase.Measure.allCases
    let header = ["algorithm"] + measures.map(\.rawValue)
    func amount(_ value: Double) -> String {
      value == 0 ? "0" : formatNumber((value * 10).rounded() / 10)
    }
    let table = rows.map { algorithm, cases in [algorithm.id] + cases.map { amount($0.amount) } }
    var lines = [alignedTable(header, table), ""]
    lines += measures.map { "\($0.rawValue): \($0.summary)" + ($0.bound.map { "; the invariants allow \(formatNumber($0))" } ?? "") }
    for (algorithm, cases) in rows {
      for worst in cases {
        guard let scenario = worst.scenario, worst.amount > (worst.measure.bound ?? 0),
          let replay = worst.replayCommand(algorithm: algorithm, motion: motion, tool: tool.replayName)
        else { continue }
        lines.append("")
        lines.append("\(algorithm.id) \(worst.measure.rawValue) \(amount(worst.amount)): \(scenario)")
        lines.append("  replay: \(replay)")
      }
    }
    return lines.joined(separator: "\n")
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

  /// A short head for each invariant: the initials of its words (`in-safe-area` is `isa`),
  /// or the first two letters of a one-word id; numbered when two would be the same.
  static func shortHeads(_ invariants: [Invariant]) -> [String] {
    let heads = invariants.map { invariant -> String in
      let words = invariant.rawValue.split(separator: "-")
      return words.count == 1 ? String(words[0].prefix(2)) : String(words.compactMap(\.first))
    }
    return Set(heads).count == heads.count ? heads : invariants.indices.map { "\($0 + 1)" }
  }

  /// The matrix for a terminal `width` columns wide: short heads, and a key below.
  static func narrowMatrix(
    _ findings: [Finding], algorithms: [any SnapAlgorithm], invariants: [Invariant], width: Int
  ) -> String {
    let heads = shortHeads(invariants)
    let header = ["algorithm"] + heads
    let rows = algorithms.map { algorithm in
      [algorithm.id] + invariants.map { invariant in
        findings.first { $0.algorithm == algorithm.id && $0.invariant == invariant }
          .map { symbol($0.status) } ?? " "
      }
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    let format = { (cells: [String]) in
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
    let key = zip(heads, invariants).map { "\($0) \($1.rawValue)" }.joined(separator: ", ")
    return ([format(header)] + rows.map(format)).joined(separator: "\n") + "\n\n"
      + wrapText("Key: " + key + ". '--wide' prints the full names.", width: width, firstPrefix: "", continuationIndent: 0)
      .joined(separator: "\n")
  }

  static func violations(_ findings: [Finding]) -> String {
    findings.filter { $0.status == .violated }.map { finding in
      guard let scenario = finding.counterexample else { return "" }
      var lines = ["✗ \(finding.algorithm) breaks \(finding.invariant.rawValue): \(finding.violation ?? "")"]
      lines.append("  smallest counterexample: \(scenario)")
      lines.append("  replay: \(finding.replayCommand)")
      return lines.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }
}
