import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification

/// `snap-bench verify`: the invariant matrix, algorithm × invariant, with the smallest
/// counterexample of every violation.
enum VerifyCommand: Subcommand {
  static let name = "verify"

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
    "--examples", value: "<n>",
    help: "Examples per row, shared among the cause classes (default: \(defaultExamples)).")
  static let seed = OptionSpec(
    "--seed", value: "<n>", help: "The run's seed; the same seed prints the same output (default: 1).")
  static let format = OptionSpec(
    "--format", value: "<format>",
    help: "table, markdown, json, junit (JUnit XML) or github (GitHub Actions annotations) "
      + "(default: table).")
  static let junitFile = OptionSpec(
    "--junit", value: "<file>",
    help: "Write the findings as JUnit XML to a file too, for a CI test reporter; - prints the XML "
      + "as standard output's only document (as --format junit).")
  static let wide = OptionSpec(
    flag: "--wide",
    help: "Print the matrix with full invariant names even when the terminal is narrower than "
      + "it (it always is when the output is not a terminal).")
  static let jobs = OptionSpec(
    "--jobs", value: "<n>",
    help: "Threads to verify on (default: one per core); every count prints the same output.")
  static let noProgress = OptionSpec(flag: "--no-progress", help: "No progress bar on stderr.")
  static let deadline = OptionSpec(
    "--deadline", value: "<seconds>",
    help: "How long one scenario may run, besides a frame (16.7 ms) for each of its touch events, before it is reported as a finding (default: 1).")
  static let item = OptionSpec(
    "--item", value: "<width>x<height>",
    help: "Only items of this size (default: the algorithm's scope, every size).")
  static let orientation = OptionSpec(
    "--orientation", value: "<orientation>",
    help: "Only portrait or only landscape (a rotation is then never searched).")
  static let idiom = OptionSpec(
    "--idiom", value: "<idiom>", help: "Only phones or only iPads: phone or pad.")
  static let cause = OptionSpec(
    "--cause", value: "<class>",
    help: "Only this cause class (repeatable): plain, keyboard, rotation, bars, ipad-window, "
      + "cancel, catch-in-flight, side-column, combined, hostile.", repeatable: true)
  static let strict = OptionSpec(
    flag: "--strict",
    help: "Mark polish (a lag within the pan's slop, a point or two, one transient frame) as a "
      + "violation too.")
  static let verbose = OptionSpec(
    flag: "--verbose",
    help: "After the summary, every cause of every violated cell and of polish: its smallest "
      + "and worst counterexample and the commands that replay them.")
  static let replays = OptionSpec(
    "--replays", value: "<dir>",
    help: "Write every cause's smallest and worst counterexample there as a gesture file, with "
      + "commands.txt, the trace command that replays each (a new or empty directory, or one "
      + "an earlier run wrote).")
  static let worst = OptionSpec(
    flag: "--worst",
    help: "Instead of the matrix, search for each algorithm's worst cases (overshoot past the "
      + "edge, depth into a bar or the keyboard at rest, jump between frames, animations per "
      + "frame), climbing from the worst scenarios found, and print each with its scenario.")

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Check every invariant of every algorithm with the property tester.",
    discussion: """
      Each cause class (a plain gesture, the keyboard, a rotation, bars, an iPad window, a \
      cancel, a catch in flight, a side column, several at once, hostile input) gets its share \
      of generated scenarios; every scenario is checked against every invariant, and every way \
      an invariant breaks (its cause class and severity) is shrunk on its own to the smallest \
      scenario of that class and climbed from towards its worst case. ✓ holds, ✗ violated (a \
      hazard), ~ polish only, — not applicable. Each cause is printed with its worst magnitude \
      and a command that replays it with '\(.tool) trace'. The exit status is 1 when the run \
      fails under --fail-on (by default, on a hazard, a crash, a run past the deadline or an \
      algorithm that is not deterministic), with the reason on stderr; 0 otherwise. Under GitHub \
      Actions (GITHUB_ACTIONS=true) each finding is also written to stderr as an annotation.
      """,
    options: [
      algorithm, invariant, motion, examples, seed, item, orientation, idiom, cause, strict,
      failOn, jobs, deadline, format, junitFile, wide, verbose, replays, noProgress, worst,
    ])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    var algorithms: [any SnapAlgorithm] = tool.algorithms.map { $0.entry.make() }
    let chosenIDs = uniqued(parsed.values(algorithm), option: algorithm)
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
      // Two ids may name one algorithm ('fluid-dock' and 'fluid-dock.sides'): each is one row.
      var seen = Set<String>()
      algorithms = algorithms.filter { seen.insert($0.id).inserted }
    }
    var invariants = Invariant.checked
    let chosenInvariants = uniqued(parsed.values(invariant), option: invariant)
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
    // Each algorithm with its own motion; without --motion, SnapLab's corrected variants whose
    // motion is a timing curve with the two springs too (they promise to take any motion and
    // hand it the finger's velocity), and fluid-dock's sides mode with slots: the default budget
    // covers what swift test claims. An added algorithm promises only its own motion; --motion
    // tries it with another.
    var rows = algorithms.map { Row(algorithm: $0, motion: replacement) }
    if replacement == nil {
      rows = algorithms.flatMap { algorithm -> [Row] in
        var rows = [Row(algorithm: algorithm, motion: nil)]
        let entry = tool.algorithms.first { $0.entry.id == algorithm.id }?.entry
        let builtIn = AlgorithmCatalogue.claims(algorithm.id)
        if builtIn, entry?.source == nil, let own = algorithm.releaseMotion, !own.carriesVelocity {
          rows += Self.springs.map { Row(algorithm: algorithm, motion: $0) }
        }
        if algorithm.id == "fluid-dock.sides", let slotted = try? tool.algorithms(matching: Self.slotted).first {
          rows.append(Row(algorithm: slotted, motion: nil))
        }
        return rows
      }
    }
    let count = try parsed.count(
      examples, default: defaultExamples, minimum: 1, maximum: 100_000_000)
    let runSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    try checkSnapCheckSettings(examples: count, option: examples, spec: spec)
    var output =
      try parsed.choice(format, among: ["table", "markdown", "json", "junit", "github"]) ?? "table"
    let policy =
      try parsed.choice(failOn, among: FailurePolicy.allCases.map(\.rawValue))
      .flatMap(FailurePolicy.init(rawValue:)) ?? .hazard
    // Checked before any work: a bad path costs nothing.
    var junitOutput: OutputFile?
    if let path = parsed.value(junitFile) {
      do {
        junitOutput = try OutputFile(path, for: junitFile)
      } catch {
        throw error.withUsage(of: spec)
      }
    }
    // One document per stream: '--junit -' makes the XML standard output's document, so no
    // other format may claim it.
    if let junit = junitOutput, junit.isStandardOutput {
      guard parsed.value(format) == nil || output == "junit" else {
        throw UsageError(
          "--junit - writes the JUnit XML to standard output, where --format \(output) writes "
            + "its own document: give --junit a file, or leave out --format", usage: spec)
      }
      output = "junit"
      junitOutput = nil
    }
    let threads = try parsed.count(
      jobs, default: ProcessInfo.processInfo.activeProcessorCount, minimum: 1, maximum: 1024)
    var replayDirectory: OutputDirectory?
    if let path = parsed.value(replays) {
      do {
        replayDirectory = try OutputDirectory(path, for: replays)
      } catch {
        throw error.withUsage(of: spec)
      }
    }
    let narrowing = try scope(from: parsed)
    let limit = try deadline(from: parsed)
    let strictly = parsed.flag(strict)

    if parsed.flag(worst) {
      guard output == "table" else {
        throw UsageError("--worst prints a table; leave out --format \(output)", usage: spec)
      }
      if junitOutput != nil {
        throw UsageError("--worst prints a table; leave out --junit", usage: spec)
      }
      if replayDirectory != nil {
        throw UsageError("--worst prints its replays; leave out --replays", usage: spec)
      }
      let progress = ProgressBar(total: algorithms.count, unit: "algorithms", enabled: !parsed.flag(noProgress))
      var rows: [(any SnapAlgorithm, [WorstCase])] = []
      var failures: [String] = []
      for (index, algorithm) in algorithms.enumerated() {
        progress.update(index, algorithm.id)
        // In a worker, as the matrix's rows: a crash or a hang ends that algorithm's search only.
        if Workers.available(tool),
          let outcome = try? Workers.worst(
            algorithm, motion: replacement, examples: count, seed: runSeed, deadline: limit, tool: tool)
        {
          switch outcome {
          case .found(let cases):
            rows.append((algorithm, cases))
          case .failed(let what, let scenario):
            failures.append(
              "! \(algorithm.id) \(what)"
                + (scenario.map { "\n  in flight: \($0)\n  replay: " + traceReplay(algorithm, $0, motion: replacement, tool: tool) } ?? "")
                + "\n  '\(tool.replayName) verify --algorithm \(algorithm.id)' shrinks it to its smallest scenario.")
          }
          continue
        }
        rows.append((algorithm, worstCasesOpened(algorithm, motion: replacement, examples: count, seed: runSeed)))
      }
      progress.finish()
      try printOutput(worstTable(rows, motion: replacement, tool: tool))
      if !failures.isEmpty { try printOutput("\n" + failures.joined(separator: "\n\n")) }
      try printOutput("\nSeed \(runSeed), \(count) examples per algorithm, the second half climbing from the worst so far; '--seed \(runSeed)' reproduces this run.")
      return
    }
    let progress = ProgressBar(
      total: rows.count * invariants.count, unit: "cells", enabled: !parsed.flag(noProgress))
    // In workers, each checks its own algorithm's release animation: it runs the algorithm.
    for algorithm in algorithms where !Workers.available(tool) {
      if let problem = releaseMotionProblem(algorithm, motion: replacement) {
        writeStandardError("note: \(problem)\n")
      }
    }
    var report = VerificationReport(
      seed: runSeed, examples: count,
      rows: verifyAll(
        rows, invariants: invariants, examples: count, seed: runSeed, scope: narrowing,
        tool: tool, progress: progress, jobs: threads, deadline: limit))
    progress.finish()
    if strictly {
      for row in report.rows.indices {
        for index in report.rows[row].findings.indices
        where report.rows[row].findings[index].status == .polish {
          report.rows[row].findings[index].status = .violated
        }
      }
    }
    let junitText = {
      junit(report.rows, policy: policy, seed: runSeed, examples: count, tool: tool.name)
    }
    // The file first: it is what outlasts the run, and a reader of standard output that goes
    // away must not cost it.
    var fileFailure: (any Error)?
    if let junitOutput, !junitOutput.isStandardOutput {
      do { try junitOutput.write(junitText() + "\n") } catch { fileFailure = error }
    }
    var replayFiles: String?
    if let replayDirectory {
      do {
        try replayDirectory.write(Self.replayFiles(report.rows, directory: replayDirectory.path))
        replayFiles = replayDirectory.path
      } catch {
        if fileFailure == nil { fileFailure = error }
      }
    }
    let annotations = { githubAnnotations(report.rows, policy: policy, tool: tool) }
    switch output {
    case "json":
      try printOutput(report.jsonText())
    case "junit":
      try printOutput(junitText())
    case "github":
      let lines = annotations()
      if !lines.isEmpty { try printOutput(lines.joined(separator: "\n")) }
    default:
      var table = matrix(report.rows, invariants: invariants, markdown: output == "markdown")
      // A matrix wider than the terminal (or than 120 columns, in a file or a CI log) gets
      // short heads and a key; '--wide' keeps the full one.
      let columns = Terminal.outputWidth ?? Self.fileWidth
      if output == "table", !parsed.flag(wide), widestLine(table) > columns {
        table = narrowMatrix(report.rows, invariants: invariants, width: columns)
      }
      try printOutput(table)
      let summary = firstScreen(
        report.rows, width: max(columns, 60), verbose: parsed.flag(verbose), replays: replayFiles)
      if !summary.isEmpty { try printOutput("\n" + summary) }
      if parsed.flag(verbose) {
        let details = violations(report.rows)
        if !details.isEmpty { try printOutput("\n" + details) }
      }
      let unrepeatable = report.rows.compactMap { row in
        row[0].nondeterminism.map { (label: rowLabel(row[0]), why: $0) }
      }
      for (label, why) in unrepeatable {
        try printOutput("\n⚠ \(label) is not deterministic: \(why)")
      }
      let scoped = narrowing == .everything ? "" : " (scope: \(narrowing))"
      let except = unrepeatable.isEmpty
        ? "" : ", but for the rows that are not deterministic (\(unrepeatable.map { $0.label }.joined(separator: ", ")))"
      let footer = "Seed \(runSeed), \(count) examples per row, shared among the cause classes"
        + "\(scoped); '--seed \(runSeed)' reproduces this run\(except)."
      try printOutput(
        "\n" + wrapText(footer, width: max(columns, 60), firstPrefix: "", continuationIndent: 0)
          .joined(separator: "\n"))
    }
    if let junitOutput, junitOutput.isStandardOutput { try junitOutput.write(junitText() + "\n") }
    if output != "github", ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
      for line in annotations() { writeStandardError(line + "\n") }
    }
    if let fileFailure { throw fileFailure }
    if let reason = failureReason(report.rows, policy: policy) { throw RuntimeError(reason) }
  }

  /// The springs the corrected variants are verified with beside their own motion: an
  /// underdamped and a critically damped one, as `swift test` runs them.
  static let springs = [
    Motion.spring(dampingRatio: 0.5, response: 0.4), Motion.spring(dampingRatio: 1, response: 0.4),
  ]
  /// fluid-dock with slots, verified beside its modes.
  static let slotted = "fluid-dock.sides(slots:3)"

  /// One row of the matrix: an algorithm, and the motion that replaces its own (`nil`: its own).
  struct Row {
    var algorithm: any SnapAlgorithm
    var motion: Motion?
  }

  /// The deadline `--deadline` asks for, or the default; set for this process's own examples
  /// too, which the watchdog reports when they run past it.
  static func deadline(from parsed: ParsedArguments) throws -> Duration {
    guard let text = parsed.value(deadline) else { return ExampleGuard.defaultDeadline }
    let seconds = try parseDouble(text, option: deadline, minimum: 0.01, maximum: 86_400)
    let limit = Duration.milliseconds(Int64((seconds * 1000).rounded()))
    ExampleGuard.deadline = limit
    return limit
  }

  /// The scope the flags ask for: `--item`, `--orientation`, `--idiom`, `--cause`.
  static func scope(from parsed: ParsedArguments) throws -> Scope {
    var result = Scope.everything
    if let size = try parsed.itemSize(item) {
      result.itemSizes = .exactly(CGSize(width: size.width, height: size.height))
    }
    if let text = try parsed.choice(orientation, among: ["portrait", "landscape"]) {
      result.orientations = [text == "portrait" ? .portrait : .landscape]
    }
    if let text = try parsed.choice(idiom, among: ["phone", "pad"]) {
      result.idioms = [text == "phone" ? .phone : .pad]
    }
    let causes = uniqued(parsed.values(cause), option: cause)
    if !causes.isEmpty {
      result.causes = Set(try causes.map { text in
        guard let found = CauseClass(rawValue: text.lowercased()) else {
          let names = CauseClass.allCases.map(\.rawValue)
          var reason = "not a cause class"
          if let near = nearestCandidate(to: text.lowercased(), among: names) {
            reason += ". Did you mean '\(near)'?"
          } else {
            reason += "; expected one of \(names.joined(separator: ", "))"
          }
          throw UsageError.invalidValue(text, for: cause, reason: reason).withUsage(of: spec)
        }
        return found
      })
    }
    return result
  }

  /// The findings of every row and invariant, in that order (the cells are what
  /// `verify(_:invariants:…)` gives), the rows shared among `jobs` threads and `progress`
  /// moved as each is done. The findings do not depend on `jobs`.
  static func verifyAll(
    _ rows: [Row], invariants: [Invariant], examples: Int, seed: UInt64,
    scope: Scope = .everything, tool: Tool, progress: ProgressBar, jobs: Int = 1,
    deadline: Duration = ExampleGuard.defaultDeadline
  ) -> [VerificationReport.Row] {
    let isolated = Workers.available(tool)
    // Fewer rows than threads: each row's scenarios are shared out as well.
    let inner = max(1, (jobs + rows.count - 1) / max(1, rows.count))
    var cells = [[Finding]](repeating: [], count: rows.count)
    var notes = [[String]](repeating: [], count: rows.count)
    let lock = NSLock()
    var done = 0
    progress.update(0, rows.first?.algorithm.id ?? "")
    cells.withUnsafeMutableBufferPointer { slots in
      notes.withUnsafeMutableBufferPointer { said in
        concurrentForEach(rows.count, jobs: jobs) { index, _ in
          // In a worker of its own where one can be started: a crash or a hang ends the worker.
          if isolated,
            let job = Workers.job(
              for: rows[index], examples: examples, seed: seed, jobs: inner, scope: scope,
              deadline: deadline, tool: tool),
            let found = try? Workers.verify(
              rows[index], job: job, invariants: invariants, tool: tool, notes: &said[index])
          {
            slots[index] = found
          } else {
            // In this process: watched for a stop as `trace` is (`SnapBench.runsAlgorithmsHere`).
            if isolated { SnapBench.watchForStops() }
            slots[index] = verifyOpened(
              rows[index].algorithm, invariants: invariants, motion: rows[index].motion,
              examples: examples, seed: seed, scope: scope, tool: tool, noting: false, jobs: inner)
            // The note the parent left to the workers.
            if isolated, let problem = releaseMotionProblem(rows[index].algorithm, motion: rows[index].motion) {
              said[index].append(problem)
            }
          }
          lock.lock()
          done += 1
          progress.update(done * invariants.count, rows[index].algorithm.id)
          lock.unlock()
        }
      }
    }
    // The workers' notes, in the order of the rows, each once.
    var told: Set<String> = []
    for note in notes.joined() where told.insert(note).inserted {
      progress.finish()
      writeStandardError("note: \(note)\n")
    }
    return cells.filter { !$0.isEmpty }.map(VerificationReport.Row.init)
  }

  /// The findings of every algorithm with its own motion, or `motion` in its place.
  static func verifyAll(
    _ algorithms: [any SnapAlgorithm], invariants: [Invariant], motion: Motion?, examples: Int,
    seed: UInt64, tool: Tool, progress: ProgressBar, jobs: Int = 1
  ) -> [VerificationReport.Row] {
    for algorithm in algorithms where !Workers.available(tool) {
      if let problem = releaseMotionProblem(algorithm, motion: motion) {
        progress.finish()
        writeStandardError("note: \(problem)\n")
      }
    }
    return verifyAll(
      algorithms.map { Row(algorithm: $0, motion: motion) }, invariants: invariants,
      examples: examples, seed: seed, tool: tool, progress: progress, jobs: jobs)
  }

  /// The findings of `algorithm` (its type opened from the existential), replayable with `tool`.
  /// The findings of `algorithm` (its type opened from the existential), replayable with
  /// `tool`, inside the scope it was registered with narrowed by `scope`.
  static func verifyOpened<A: SnapAlgorithm>(
    _ algorithm: A, invariants: [Invariant], motion: Motion? = nil, examples: Int, seed: UInt64,
    scope: Scope = .everything, tool: Tool, noting: Bool = true, jobs: Int = 1
  ) -> [Finding] {
    if noting, let problem = releaseMotionProblem(algorithm, motion: motion) {
      writeStandardError("note: \(problem)\n")
    }
    let registeredScope =
      tool.algorithms.first { $0.entry.id == algorithm.id }?.scope ?? .everything
    let scope = registeredScope.narrowed(by: scope)
    // Through the registered algorithm of its type, whose verify is compiled for that type.
    for registered in tool.algorithms {
      if let findings = registered.verifier(
        algorithm, invariants, motion, examples, seed, scope, tool.replayName, jobs)
      {
        return findings
      }
    }
    return verify(
      algorithm, invariants: invariants, motion: motion, examples: examples, seed: seed,
      scope: scope, replayTool: tool.replayName, jobs: jobs)
  }

  /// The `trace` command that replays `scenario` on `algorithm`.
  static func traceReplay(
    _ algorithm: any SnapAlgorithm, _ scenario: Scenario, motion: Motion?, tool: Tool
  ) -> String {
    WorstCase(measure: .overshoot, amount: 0, scenario: scenario)
      .replayCommand(algorithm: algorithm, motion: motion, tool: tool.replayName) ?? ""
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
    case .polish: return "~"
    case .notApplicable: return "—"
    case .crashes, .timesOut: return "!"
    }
  }

  /// A row's name: the algorithm's id, with the motion that replaced its own.
  static func rowLabel(_ finding: Finding) -> String {
    finding.motionReplaced ? "\(finding.algorithm) with \(finding.motion ?? "none")" : finding.algorithm
  }

  static func cells(_ row: VerificationReport.Row, _ invariants: [Invariant]) -> [String] {
    invariants.map { invariant in row[invariant].map { symbol($0.status) } ?? " " }
  }

  static func matrix(_ matrix: [VerificationReport.Row], invariants: [Invariant], markdown: Bool) -> String {
    let header = ["algorithm"] + invariants.map(\.rawValue)
    let rows = matrix.map { row in [rowLabel(row[0])] + cells(row, invariants) }
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

  /// A short head for each invariant: its `abbreviation` (`isa` for in-safe-area); numbered
  /// when two would be the same.
  static func shortHeads(_ invariants: [Invariant]) -> [String] {
    let heads = invariants.map(\.abbreviation)
    return Set(heads).count == heads.count ? heads : invariants.indices.map { "\($0 + 1)" }
  }

  /// The matrix for a terminal `width` columns wide: short heads, motions that replaced an
  /// algorithm's own as `+m1`, `+m2`, …, and a key below.
  static func narrowMatrix(_ matrix: [VerificationReport.Row], invariants: [Invariant], width: Int) -> String {
    let heads = shortHeads(invariants)
    let header = ["algorithm"] + heads
    var motions: [String] = []
    let rows = matrix.map { row -> [String] in
      var label = row[0].algorithm
      if row[0].motionReplaced {
        let motion = row[0].motion ?? "none"
        if !motions.contains(motion) { motions.append(motion) }
        label += " +m\(motions.firstIndex(of: motion)! + 1)"
      }
      return [label] + cells(row, invariants)
    }
    var widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    // The label column gives way to the cells: a label too long to leave them room (a long id
    // of your own) is printed on lines of its own, cut at the width, its cells on the next.
    let cellsWidth = widths.dropFirst().reduce(0) { $0 + 1 + $1 }
    widths[0] = max(header[0].count, min(widths[0], width - cellsWidth))
    let format = { (cells: [String]) -> String in
      let line = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: " ")
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
    let lines = rows.flatMap { row -> [String] in
      guard row[0].count > widths[0] else { return [format(row)] }
      let label = Array(row[0])
      let pieces = stride(from: 0, to: label.count, by: max(1, width)).map {
        String(label[$0..<min(label.count, $0 + max(1, width))])
      }
      return pieces + [format([""] + row.dropFirst())]
    }
    let key = zip(heads, invariants).map { "\($0) \($1.rawValue)" }
      + motions.enumerated().map { "+m\($0.offset + 1) with \($0.element)" }
    return ([format(header)] + lines).joined(separator: "\n") + "\n\n"
      + wrapText("Key: " + key.joined(separator: ", ") + ". '--wide' prints the full names.", width: width, firstPrefix: "", continuationIndent: 0)
      .joined(separator: "\n")
  }

  /// `values` with each given once, in the order first given; a value repeated is said once on
  /// standard error (`note: --algorithm 'edge-dock.published' was given 3 times; each value
  /// counts once`).
  static func uniqued(_ values: [String], option: OptionSpec) -> [String] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for value in values {
      if counts[value] == nil { order.append(value) }
      counts[value, default: 0] += 1
    }
    let repeated = order.filter { counts[$0, default: 0] > 1 }
    if let first = repeated.first {
      let more = repeated.count > 1 ? " (and \(repeated.count - 1) more repeated value(s))" : ""
      writeStandardError(
        "note: \(option.name) \(quoted(first)) was given \(counts[first, default: 0]) times"
          + "\(more); each value counts once\n")
    }
    return order
  }

  /// How wide the text is when standard output is not a terminal (a file, a pipe, a CI log).
  static let fileWidth = 120

  /// What a reader sees first, under the matrix: each row's hazards by mechanism, the
  /// commonest first, each in one line with the item's words and one with the counterexample
  /// that shows it; a line for the polish; then where the details are. A crash or a hang comes
  /// first, said once for its row.
  static func firstScreen(
    _ rows: [VerificationReport.Row], width: Int, verbose: Bool, replays: String?
  ) -> String {
    func wrapped(_ text: String, _ prefix: String, indent: Int) -> [String] {
      wrapText(text, width: width, firstPrefix: prefix, continuationIndent: indent)
    }
    // A crash or a hang is the row's, whatever the invariant: said once, first, with its
    // scenario in full and the command that replays it (one line each, so that it can be pasted).
    var sections = rows.compactMap { $0.first { $0.status == .crashes || $0.status == .timesOut } }
      .map { finding -> String in
        let crashed = finding.status == .crashes
        // The message is the algorithm's: one line, control characters escaped (`\x0A`), so
        // that none of it starts a line (a GitHub workflow command, `::error …`, is one).
        let message = escaped(Array((finding.violation ?? "").utf8))
        var lines = [
          "! \(rowLabel(finding)) \(crashed ? "crashes" : "runs past the deadline"): " + message
        ]
        if let scenario = finding.counterexample {
          let shrunk = finding.shrinkEvaluations > 0
            ? " (shrunk in \(finding.shrinkEvaluations) runs, each in a child process)" : ""
          lines.append("    \(crashed && finding.shrinkEvaluations > 0 ? "smallest scenario" : "scenario"): \(scenario)\(shrunk)")
          lines.append("    replay: \(finding.replayCommand)")
        } else {
          lines.append("    the scenario was still being drawn; replay: \(finding.replayCommand)")
        }
        lines.append(
          "    every invariant of the row is marked '!': none could be judged past the "
            + (crashed ? "crash" : "deadline"))
        return lines.joined(separator: "\n")
      }
    for row in rows {
      let groups = FindingGroup.byMechanism(row.findings)
      let polish = FindingGroup.byMechanism(row.findings, severity: .polish)
      guard let first = row.findings.first else { continue }
      var lines: [String] = []
      if !groups.isEmpty {
        let count = groups.count == 1 ? "one mechanism" : "\(groups.count) mechanisms"
        lines.append("\(rowLabel(first)): \(count) to fix, the commonest first")
        for (number, group) in groups.enumerated() {
          let head = "  \(number + 1). "
          lines += wrapped(group.line, head, indent: head.count)
          lines += wrapped(
            group.lead.cause.counterexample.brief, String(repeating: " ", count: head.count) + "e.g. ",
            indent: head.count + 5)
        }
      }
      if !polish.isEmpty {
        let invariants = polish.flatMap(\.invariants).reduce(into: [Invariant]()) {
          if !$0.contains($1) { $0.append($1) }
        }
        let what = polish.count == 1 ? "one mechanism" : "\(polish.count) mechanisms"
        let text = "polish only, which fails nothing ('--strict' fails on it): \(what), under "
          + invariants.map(\.rawValue).joined(separator: ", ")
        lines += wrapped(text, groups.isEmpty ? "\(rowLabel(first)): " : "  ", indent: 4)
      }
      if !lines.isEmpty { sections.append(lines.joined(separator: "\n")) }
    }
    guard !sections.isEmpty else { return "" }
    var pointers: [String] = []
    if let replays {
      pointers.append(
        "Every cause's smallest and worst counterexample: gesture files in \(replays), the trace "
          + "commands that replay them in \(replays)/commands.txt.")
    }
    if !verbose {
      pointers.append(
        "'--verbose' prints every cause with its counterexamples and replay commands"
          + (replays == nil ? "; '--replays DIR' writes them as gesture files" : "")
          + "; '--format json' keeps every digit.")
    }
    if !pointers.isEmpty {
      sections.append(pointers.flatMap { wrapped($0, "", indent: 0) }.joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n")
  }

  /// The files `--replays` writes: each cause's smallest (and worst, when it is another
  /// scenario) counterexample as a gesture file, and `commands.txt`, the trace command that
  /// replays each from the directory it was written to.
  static func replayFiles(
    _ rows: [VerificationReport.Row], directory: String
  ) -> [(name: String, bytes: [UInt8])] {
    var files: [(name: String, bytes: [UInt8])] = []
    var commands: [String] = []
    var used = Set<String>()
    func fileName(_ parts: [String]) -> String {
      let raw = parts.joined(separator: "_")
      var stem = String(raw.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
      if stem.count > 150 { stem = String(stem.prefix(150)) }
      var name = stem + ".json"
      var suffix = 2
      while !used.insert(name).inserted {
        name = "\(stem)-\(suffix).json"
        suffix += 1
      }
      return name
    }
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    for finding in rows.flatMap(\.findings) {
      for cause in finding.causes {
        let label = [
          rowLabel(finding), finding.invariant.rawValue, cause.causeClass.rawValue,
          cause.severity.rawValue,
        ]
        let smallest = fileName(label)
        files.append((smallest, Array(cause.counterexample.gesture.jsonText().utf8)))
        commands.append("# \(rowLabel(finding)) \(finding.invariant.rawValue): \(cause.summary)")
        commands.append(
          cause.replayCommand(
            tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion,
            gestureFile: base + smallest))
        if cause.worst.magnitude.value > cause.violation.magnitude.value {
          let worst = fileName(label + ["worst"])
          files.append((worst, Array(cause.worstScenario.gesture.jsonText().utf8)))
          commands.append(
            cause.worstReplayCommand(
              tool: finding.replayTool, algorithm: finding.algorithm,
              motion: finding.replayedMotion, gestureFile: base + worst))
        }
      }
    }
    files.append(("commands.txt", Array((commands.joined(separator: "\n") + "\n").utf8)))
    return files
  }

  /// Every violated cell, then every cell with polish only: each cause with its smallest
  /// counterexample, its worst and the commands that replay them.
  static func violations(_ rows: [VerificationReport.Row]) -> String {
    let findings = rows.flatMap(\.findings)
    let violated = findings.filter { $0.status == .violated }
    let polished = findings.filter { $0.status == .polish }
    var sections: [String] = []
    sections += violated.map { finding in
      (["✗ \(rowLabel(finding)) breaks \(finding.invariant.rawValue)"]
        + finding.causes.flatMap { $0.reportLines(for: finding) }).joined(separator: "\n")
    }
    if !polished.isEmpty {
      sections.append(
        "Polish only (not violations; '--strict' counts them):\n"
          + polished.map { finding in
            (["~ \(rowLabel(finding)) \(finding.invariant.rawValue)"]
              + finding.causes.flatMap { $0.reportLines(for: finding) }).joined(separator: "\n")
          }.joined(separator: "\n\n"))
    }
    return sections.joined(separator: "\n\n")
  }
}
