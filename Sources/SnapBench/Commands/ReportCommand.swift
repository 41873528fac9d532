import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification

/// `snap-bench report`: a self-contained page of pictures — on a user's bench their own
/// algorithms first, then the verdict, trajectories, dock maps, motion curves, the invariant
/// matrix with a drawing of every counterexample, and the cost.
enum ReportCommand: Subcommand {
  static let name = "report"

  static let output = OptionSpec(
    "--output", value: "<dir>",
    help: "The directory to write index.html and the SVGs into (default: report); an existing one "
      + "is replaced only if a report wrote it (its .snap-bench-report lists every file in it).")
  static let device = OptionSpec(
    "--device", value: "<name>", help: "The device to draw (default: iPhone 15).")
  static let landscape = OptionSpec(flag: "--landscape", help: "Hold the device in landscape.")
  static let keyboard = OptionSpec(
    flag: "--keyboard", help: "Show the keyboard in the trajectories and dock maps.")
  static let results = OptionSpec(
    "--results", value: "<run.json>",
    help: "Cost from a '\(.tool) run --format json' file (default: a short run now).")
  static let verifyFile = OptionSpec(
    "--verify", value: "<verify.json>",
    help: "The invariant matrix from a '\(.tool) verify --format json' file (default: run it now).")
  static let examples = OptionSpec(
    "--examples", value: "<n>",
    help: "Examples per row when verifying now (default: \(defaultExamples)).")
  static let seed = OptionSpec("--seed", value: "<n>", help: "The verify seed (default: 1).")
  static let noProgress = OptionSpec(flag: "--no-progress", help: "No progress bar on stderr.")
  static let flick = OptionSpec(
    "--flick", value: "<vx>,<vy>",
    help: "The release velocity of the flicked dock maps, in points per second (default: 600,-600).")

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Write a page of pictures: trajectories, dock maps, motion, invariants, cost.",
    discussion: """
      Writes <dir>/index.html and one SVG per picture beside it; the page has no scripts and \
      loads nothing from elsewhere, so it works offline, and every SVG stands on its own. A \
      bench of your own (SnapBench.main(adding:)) opens the page with your algorithms: each \
      one's verdict, its largest violation, and each cause's counterexample drawn.
      """,
    options: [output, device, landscape, keyboard, results, verifyFile, examples, seed, flick, noProgress])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let deviceName = parsed.value(device) ?? DeviceProfile.standard.name
    guard let profile = DeviceProfile.named(deviceName) else {
      var reason = "not a known device"
      if let near = nearestCandidate(to: deviceName, among: DeviceProfile.catalogue.flatMap(\.acceptedNames)) {
        reason += ". Did you mean '\(near)'?"
      }
      throw UsageError.invalidValue(deviceName, for: device, reason: reason).withUsage(of: spec)
    }
    let orientation: DeviceProfile.Orientation = parsed.flag(landscape) ? .landscape : .portrait
    let count = try parsed.count(
      examples, default: defaultExamples, minimum: 1, maximum: 1_000_000)
    let runSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    if parsed.value(verifyFile) == nil {
      // Verifying now: SnapCheck reads its settings.
      try checkSnapCheckSettings(examples: count, option: examples, spec: spec)
    }
    let directory = parsed.value(output) ?? "report"
    // What an earlier report wrote (its manifest says) may be replaced; nothing else may.
    // Nor may it hold an input: the swap would take it away.
    let inputs = [verifyFile, results].compactMap { option in
      parsed.value(option).map { (path: $0, label: option.label) }
    }
    let destination: OutputDirectory
    do {
      destination = try OutputDirectory(directory, for: output, inputs: inputs)
      for input in inputs { try refuseStandardOutput(asInput: input.path, for: input.label) }
    } catch {
      throw error.withUsage(of: spec)
    }
    let velocity = try parsed.value(flick).map { try parseVelocity($0, for: flick, spec: spec) }
      ?? CGVector(dx: 600, dy: -600)
    guard velocity != .zero else {
      throw UsageError.invalidValue(
        parsed.value(flick) ?? "", for: flick,
        reason: "a flick needs a velocity; the dock maps already show releases with the finger still")
        .withUsage(of: spec)
    }
    // Read the inputs first: a bad file is an error before anything is written.
    let findings = try parsed.value(verifyFile).map { try readFindings($0, tool: tool) }
    let cost = try parsed.value(results).map { try readResults($0, tool: tool) }

    let started = Date()
    var page = ReportPage(
      device: profile, orientation: orientation, keyboard: parsed.flag(keyboard), tool: tool)
    // Steps: every cell verified now, the cost, the pictures, the page. The matrix and the cost
    // come first: the verdict and the dock maps' captions are made from them.
    let cells = findings == nil ? tool.algorithms.count * Invariant.checked.count : 0
    let progress = ProgressBar(total: 5 + cells, unit: "steps", enabled: !parsed.flag(noProgress))
    progress.update(0, "verifying")
    let matrix = findings ?? freshFindings(examples: count, seed: runSeed, tool: tool, progress: progress)
    // An algorithm that crashed or hung is in the matrix, and nowhere else: it would bring the
    // report down with it.
    var failing = Set(
      matrix.filter { $0.contains { $0.status == .crashes || $0.status == .timesOut } }
        .map(\.algorithm))
    // An added algorithm is drawn and timed on scenarios verify may never have tried: each is
    // drawn and run once first in a worker process, and left out if that crashes or hangs.
    if tool.workerExecutable != nil {
      for added in tool.added where !failing.contains(added.entry.id) {
        if let problem = rehearse(
          added, device: profile, orientation: orientation, keyboard: parsed.flag(keyboard),
          flick: velocity, tool: tool)
        {
          failing.insert(added.entry.id)
          progress.finish()
          writeStandardError("note: \(added.entry.id) is left out of the pictures and the cost: \(problem)\n")
        }
      }
    }
    page.leaveOut(failing)
    progress.update(cells, "cost")
    let measured = try cost ?? freshResults(tool: tool, leavingOut: failing)
    progress.update(cells + 1, "trajectories")
    page.addPairs()
    progress.update(cells + 2, "dock maps")
    page.addDockMaps(flick: velocity, findings: matrix.flatMap(\.findings))
    progress.update(cells + 3, "motion and matrix")
    page.addMotion()
    page.addMatrix(
      matrix,
      source: (findings == nil
        ? "verified now: \(count) examples per cell, seed \(runSeed)"
        : "read from \(parsed.value(verifyFile) ?? "")")
        + (failing.isEmpty
          ? ""
          : "; left out of the pictures and the cost, having crashed or hung: "
            + failing.sorted().joined(separator: ", ")))
    page.addCost(
      measured,
      source: cost == nil
        ? "a short run now (timings from a short run are rough; pass --results for a full one)"
        : "read from \(parsed.value(results) ?? "")")
    page.addVerdict(matrix, cost: measured)
    progress.update(cells + 4, "writing")
    page.footer = footer(
      arguments: arguments, tool: tool, seed: findings == nil ? runSeed : nil,
      examples: findings == nil ? count : nil, started: started)

    // The page appears whole, in one step, or not at all.
    try destination.write(
      page.files.map { (name: $0.0, bytes: Array($0.1.document.utf8)) }
        + [(name: "index.html", bytes: Array(page.html.utf8))])
    progress.finish()
    try printOutput("Wrote \(directory)/index.html and \(page.files.count) pictures.")
  }

  /// Why drawing `algorithm`'s pictures, or running each of its benchmarks once, fails in a
  /// worker process (a crash, an exit, or past a minute), or `nil` when it does not.
  static func rehearse(
    _ algorithm: RegisteredAlgorithm, device: DeviceProfile, orientation: DeviceProfile.Orientation,
    keyboard: Bool, flick: CGVector, tool: Tool
  ) -> String? {
    let rehearsal = Rehearsal(
      algorithm: algorithm.entry.id, device: device.name, landscape: orientation == .landscape,
      keyboard: keyboard, flickX: Double(flick.dx), flickY: Double(flick.dy))
    guard let ended = try? Workers.ask(.rehearse(rehearsal), tool: tool, timeout: .seconds(120)) else {
      return nil
    }
    if ended.timedOut { return "drawing and timing it took more than two minutes" }
    if ended.signalled {
      return "it crashed while drawn or timed ("
        + (crashMessage(in: ended.stderr) ?? ExampleGuard.signalDescription(ended.status)) + ")"
    }
    if ended.status != 0 {
      if ended.status == ExitStatus.failure, let error = ended.output?.error { return error }
      // Not an error of the worker's: the algorithm ended the process (exit()); what it last
      // printed may say why.
      let last = ended.stderr.split(separator: "\n").last.map(String.init) ?? ""
      return "drawing and timing it ended its process with status \(ended.status)"
        + (last.isEmpty ? "" : ": \(last)")
    }
    return nil
  }

  /// What a rehearsal worker draws and times: one algorithm, as the report will
  /// (`WorkerRequest.rehearse`).
  struct Rehearsal: Codable {
    var algorithm: String
    var device: String
    var landscape: Bool
    var keyboard: Bool
    var flickX: Double
    var flickY: Double
  }

  /// Draws the algorithm's pictures and runs each of its benchmarks once; returns if all of
  /// that returns.
  static func runRehearsal(_ job: Rehearsal, tool: Tool) throws {
    guard let registered = tool.registered(id: job.algorithm), let device = DeviceProfile.named(job.device)
    else { throw RuntimeError("worker: malformed rehearsal") }
    let (dx, dy) = (job.flickX, job.flickY)
    Workers.watchParent()
    try Harness.requireTimeable([registered], tool: tool)
    var page = ReportPage(
      device: device, orientation: job.landscape ? .landscape : .portrait,
      keyboard: job.keyboard, tool: tool)
    page.leaveOut(Set(tool.algorithms.map(\.entry.id)).subtracting([registered.entry.id]))
    page.addPairs()
    page.addDockMaps(flick: CGVector(dx: dx, dy: dy), findings: [])
    for benchmark in makeBenchmarks(seed: 1, algorithms: [registered])
    where benchmark.subject == registered.entry.id {
      _ = benchmark.body(16)
    }
  }

  // MARK: Inputs

  static func freshFindings(
    examples: Int, seed: UInt64, tool: Tool,
    progress: ProgressBar = ProgressBar(total: 0, unit: "", enabled: false)
  ) -> [VerificationReport.Row] {
    VerifyCommand.verifyAll(
      tool.algorithms.map { $0.entry.make() }, invariants: Invariant.checked, motion: nil,
      examples: examples, seed: seed, tool: tool, progress: progress,
      jobs: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The findings of a verify file, read through `VerificationReport`; a finding whose motion is
  /// not its algorithm's own was verified with `--motion`, and is redrawn with it.
  static func readFindings(_ path: String, tool: Tool) throws -> [VerificationReport.Row] {
    let data = Data(try readInput(path, what: "the verify file"))
    var rows: [VerificationReport.Row]
    do {
      rows = try VerificationReport(json: data).rows
    } catch {
      throw RuntimeError(
        "the verify file \(quoted(path)) is invalid: \(error.description) (expected the output of "
          + "'\(tool.name) verify --format json')")
    }
    for row in rows.indices {
      // A row's findings share its algorithm and motion: whether the motion replaced the
      // algorithm's own is the row's.
      let replaced = rows[row].motion.map {
        tool.algorithm(id: rows[row].algorithm)?.releaseMotion?.description != $0
      } ?? false
      for index in rows[row].findings.indices {
        rows[row].findings[index].replayTool = tool.replayName
        if replaced { rows[row].findings[index].motionReplaced = true }
      }
    }
    return rows
  }

  /// One benchmark's figures for the cost chart.
  struct Cost {
    var name: String
    /// What was timed (an algorithm's id, a motion) and the operation (`frame`, `gesture`, …);
    /// `nil` for a result of a file written before they were recorded whose name is none this
    /// tool's benchmarks have.
    var subject: String?
    var operation: String?
    var median: Double
    var low: Double
    var high: Double
    var ratio: Double?
    /// Heap allocations per operation, where they were counted.
    var allocations: Double?
  }

  /// How, when and on what the report was made: the command, the date, the build, the machine
  /// and the seed.
  static func footer(
    arguments: [String], tool: Tool, seed: UInt64?, examples: Int?, started: Date
  ) -> String {
    let machine = MachineDescription.current()
    // Each argument as one shell word: as it is when plain, in single quotes otherwise.
    let words = arguments.map { word -> String in
      let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) || "._-:,/=".unicodeScalars.contains($0)
      }
      return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
    let command = ([tool.replayName, "report"] + words).joined(separator: " ")
    let seconds = Date().timeIntervalSince(started)
    var text = "Made with <code>\(SVG.escape(command))</code> on \(SVG.escape(machine.date))"
      + String(format: " in %.1f s", seconds)
      + " by SnapLab's snap-bench (page version \(pageVersion); a \(SVG.escape(machine.configuration)) build, Swift \(SVG.escape(machine.swift)))"
      + " on \(SVG.escape(machine.cpu)), \(machine.cores) cores, \(SVG.escape(machine.os))."
    if let seed, let examples {
      text += " Verified with seed \(seed), \(examples) examples per cell; benchmark inputs drawn from seed 1."
    }
    return text
  }

  /// The page's version: what its layout promises (the sections' ids, the verdict table, one
  /// SVG file per picture) changes with it. 3: a user's algorithms first (`yours`), every
  /// section after the first folded, no tooltips.
  static let pageVersion = 3

  static func freshResults(tool: Tool, leavingOut failing: Set<String> = []) throws -> [Cost] {
    var harness = Harness()
    harness.epochTarget = 200_000
    harness.epochs = 5
    harness.warmup = 1
    let timed = tool.algorithms.filter { !failing.contains($0.entry.id) }
    try Harness.requireTimeable(timed, tool: tool)
    let benchmarks = makeBenchmarks(seed: 1, algorithms: timed).filter { $0.group != "reference" || $0.name == "reference/clamp" }
    return try Result.from(harness.run(benchmarks)).map {
      Cost(
        name: $0.name, subject: $0.subject, operation: $0.operation, median: $0.nsPerOp.median,
        low: $0.nsPerOp.min, high: $0.nsPerOp.p90, ratio: $0.ratio,
        allocations: $0.allocationsPerOp)
    }
  }

  static func readResults(_ path: String, tool: Tool) throws -> [Cost] {
    let data = Data(try readInput(path, what: "the results file"))
    let file: BenchmarkResults
    do {
      file = try BenchmarkResults(json: data)
    } catch {
      throw RuntimeError(
        "the results file \(quoted(path)) is invalid: \(error.description); expected "
          + "'\(tool.name) run --format json'")
    }
    // A file written before results recorded their parts: each name is looked up whole among
    // the names this tool's benchmarks have.
    var known: [String: (subject: String, operation: String)] = [:]
    if file.results.contains(where: { $0.subject == nil || $0.operation == nil }) {
      for benchmark in makeBenchmarks(seed: 1, algorithms: tool.algorithms) {
        known[benchmark.name] = (benchmark.subject, benchmark.operation)
      }
    }
    return file.results.map { entry in
      var parts = known[entry.name]
      if let subject = entry.subject, let operation = entry.operation { parts = (subject, operation) }
      return Cost(
        name: entry.name, subject: parts?.subject, operation: parts?.operation,
        median: entry.nsPerOp.median, low: entry.nsPerOp.min, high: entry.nsPerOp.p90,
        ratio: entry.ratio, allocations: entry.allocationsPerOp)
    }
  }

  static func html(_ text: String) -> String { SVG.escape(text) }

}
