import CBenchSupport
import Foundation
import SnapAlgorithms

#if canImport(Glibc)
  import Glibc
#endif

/// `snap-bench [run]`: times every algorithm and motion, side by side.
enum RunCommand: Subcommand {
  static let name = "run"

  static let iterations = OptionSpec(
    "--iterations", value: "<n>",
    help: "Most operations in one timed epoch, e.g. 1e6, 2.5e5, 1_000_000 (default: 1e6).")
  static let filter = OptionSpec(
    "--filter", value: "<regex>", help: "Only benchmarks whose name matches.")
  static let skip = OptionSpec(
    "--skip", value: "<regex>", help: "Leave out benchmarks whose name matches.")
  static let repetitions = OptionSpec(
    "--repetitions", value: "<n>", help: "Timed epochs per benchmark (default: 21).")
  static let warmup = OptionSpec(
    "--warmup", value: "<n>", help: "Epochs run and discarded first (default: 2).")
  static let format = OptionSpec(
    "--format", value: "<format>", help: "table, markdown, json or csv (default: table).")
  static let output = OptionSpec(
    "--output", value: "<file>",
    help: "Write the results to a file too: a new or regular file is replaced atomically, a link written through, a device or FIFO written to; - prints them, whole, as standard output's only document.")
  static let saveBaseline = OptionSpec(
    "--save-baseline", value: "<name>",
    help: "Save the results as Benchmarks/baselines/<name>.json of the package (a name, not a path).")
  static let force = OptionSpec(
    flag: "--force",
    help: "Let --save-baseline replace a baseline that holds benchmarks this run does not time.")
  static let baseline = OptionSpec(
    "--baseline", value: "<name>",
    help: "Compare with Benchmarks/baselines/<name>.json; exit 2 on regression.")
  static let threshold = OptionSpec(
    "--threshold", value: "<percent>",
    help: "How much slower than the baseline is a regression, in percent from 0 to 1000000 (default: 10).")
  static let frameBudget = OptionSpec(
    "--frame-budget", value: "<hz>",
    help: "Exit 3 if any frame's p99 cost exceeds the frame time at this rate.")
  static let maxAllocations = OptionSpec(
    "--max-allocations", value: "<n>",
    help: "Exit 3 if any per-frame operation (a drag step, a motion frame) makes more than n heap "
      + "allocations per operation, n from 0 (any allocation at all) to 1000000.")
  static let instructions = OptionSpec(
    flag: "--instructions",
    help: "Also count instructions per operation under valgrind --tool=callgrind.")
  static let seed = OptionSpec(
    "--seed", value: "<n>", help: "Seed of the generated inputs (default: 1).")
  static let noProgress = OptionSpec(flag: "--no-progress", help: "No progress bar on stderr.")
  static let wide = OptionSpec(
    flag: "--wide",
    help: "Print the full table even when it is wider than the terminal (or than 80 columns, "
      + "when the output is not a terminal).")
  static let countOnly = OptionSpec(
    "--count-only", value: "<n>",
    help: "Run the selected benchmarks n times untimed and exit (for --instructions).")

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Time every algorithm and motion, side by side (the default subcommand).",
    discussion: """
      Each benchmark runs in epochs of a calibrated batch (about 1 ms each) over inputs drawn \
      from the seed before timing; benchmarks of a group are interleaved and reported as a \
      ratio to the group's reference. See Benchmarks/README.md for what each measures and how \
      to read the table. Exit status: 0, 2 for a regression against --baseline, 3 when a frame \
      exceeds --frame-budget or a per-frame operation allocates more than --max-allocations, 1 \
      for other failures, 64 for usage errors.
      """,
    options: [
      iterations, filter, skip, repetitions, warmup, format, output, saveBaseline, force,
      baseline, threshold, frameBudget, maxAllocations, instructions, seed, noProgress, wide,
    ])

  /// The options parsed, including the hidden `--count-only`.
  static let parsingSpec = CommandSpec(
    subcommand: spec.subcommand, abstract: spec.abstract, discussion: spec.discussion,
    options: spec.options + [countOnly])

  static func run(_ arguments: [String], tool: Tool) throws {
    let parsed = try parseArguments(arguments, for: parsingSpec)
    if parsed.helpRequested {
      try printOutput(tool.spec(spec).helpText())
      return
    }
    func usage(_ error: UsageError) -> UsageError { error.withUsage(of: spec) }
    let iterationCount = try parsed.count(iterations, default: 1_000_000, minimum: 1, maximum: 1_000_000_000_000)
    let epochCount = try parsed.count(repetitions, default: 21, minimum: 1, maximum: 100_000)
    let warmupCount = try parsed.count(warmup, default: 2, minimum: 0, maximum: 100_000)
    let outputFormat = try parsed.choice(format, among: ["table", "markdown", "json", "csv"]) ?? "table"
    let thresholdPercent = try parsed.double(threshold, minimum: 0, maximum: 1_000_000) ?? 10
    let budget = try parsed.double(frameBudget, minimum: 1, maximum: 1e9)
    let allocationLimit = try parsed.double(maxAllocations, minimum: 0, maximum: 1_000_000)
    if allocationLimit != nil, !AllocationCounter.isAvailable {
      throw RuntimeError(
        "--max-allocations needs heap allocations counted, and this build cannot count them "
          + "(they are counted on Linux with glibc only)")
    }
    let inputSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    let include = try parsed.value(filter).map { try regex($0, for: filter) }
    let exclude = try parsed.value(skip).map { try regex($0, for: skip) }

    // Check every destination and read the baseline before measuring: a bad path, a missing or
    // corrupt baseline fails fast and touches nothing.
    let outputFile = try parsed.value(output).map { text throws(UsageError) in
      try OutputFile(text, for: output).self
    }
    var baselineResults: [String: Double]?
    if let name = parsed.value(baseline) {
      let path = try Baselines.path(of: name, for: baseline, spec: spec)
      // The output may not be the baseline it compares with (--save-baseline may: it replaces
      // the baseline on purpose, after reading it).
      do {
        try outputFile?.refuse(asInput: path, for: baseline.label, option: output)
        try refuseStandardOutput(asInput: path, for: baseline.label)
      } catch {
        throw error.withUsage(of: spec)
      }
      let file = try Baselines.read(path)
      baselineResults = Dictionary(
        file.results.map { ($0.name, $0.nsPerOp.median) }, uniquingKeysWith: { a, _ in a })
    }
    let savedBaseline = try parsed.value(saveBaseline).map {
      try Baselines.path(of: $0, for: saveBaseline, spec: spec)
    }

    func matches(_ pattern: NSRegularExpression, _ name: String) -> Bool {
      pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }
    // Only the algorithms with a benchmark selected are set up (their set-up simulates
    // gestures, slow under callgrind), and the reference of the ratios whenever any is.
    func selected(_ name: String) -> Bool {
      (include.map { matches($0, name) } ?? true) && !(exclude.map { matches($0, name) } ?? false)
    }
    let wanted = Set(
      tool.algorithms.map(\.entry.id).filter { id in
        algorithmOperations.contains { selected("\(id)/\($0)") }
      })
    let setUp = tool.algorithms.filter {
      wanted.contains($0.entry.id) || (!wanted.isEmpty && $0.entry.id == referenceAlgorithm)
    }
    if parsed.value(countOnly) == nil { try Harness.requireTimeable(setUp, tool: tool) }
    let all = makeBenchmarks(seed: inputSeed, algorithms: setUp)
    var benchmarks = all.filter { selected($0.name) }
    guard !benchmarks.isEmpty else {
      throw RuntimeError("no benchmark matches; see the names with '\(tool.name) run --filter .'")
    }
    // A ratio needs its reference in the same run: a filter that leaves a group without it
    // (`--filter myapp`) brings it along, unless `--skip` names it.
    var addedReferences: [String] = []
    if parsed.value(countOnly) == nil {
      for group in BenchmarkGroup.order {
        guard let reference = BenchmarkGroup.references[group],
          benchmarks.contains(where: { $0.group == group }),
          !benchmarks.contains(where: { $0.name == reference }),
          exclude.map({ !matches($0, reference) }) ?? true,
          let found = all.first(where: { $0.name == reference })
        else { continue }
        benchmarks.insert(found, at: benchmarks.firstIndex { $0.group == group } ?? 0)
        addedReferences.append(reference)
      }
    }

    // A baseline saved over another must hold everything the other held, or be --force'd.
    if let savedBaseline, FileManager.default.fileExists(atPath: savedBaseline),
      parsed.value(countOnly) == nil
    {
      let existing = try Baselines.read(savedBaseline)
      let timed = Set(benchmarks.map(\.name))
      let lost = existing.results.map(\.name).filter { !timed.contains($0) }
      if !lost.isEmpty, !parsed.flag(force) {
        throw RuntimeError(
          "the baseline \(quoted(savedBaseline)) holds \(lost.count) benchmark\(lost.count == 1 ? "" : "s") "
            + "this run does not time (\(lost.prefix(3).joined(separator: ", "))\(lost.count > 3 ? ", …" : "")); "
            + "time them too, save under another name, or add --force")
      }
    }

    if let text = parsed.value(countOnly) {
      // Untimed, for instruction counts under callgrind: the names, one a line in the order
      // run, then each benchmark after a boundary, and a boundary after the last, where
      // `countInstructions` has callgrind cut its counts into one part per benchmark.
      let count = try parseCount(text, option: countOnly, minimum: 0)
      try printOutput(benchmarks.map(\.name).joined(separator: "\n"))
      for benchmark in benchmarks {
        snapbench_benchmark_boundary()
        snapbench_sink(benchmark.body(count))
      }
      snapbench_benchmark_boundary()
      return
    }

    let machine = MachineDescription.current()
    if machine.configuration == "debug" {
      writeStandardError(
        "WARNING: this is a debug build; its timings say nothing about shipped code. "
          + "Run 'swift run -c release \(tool.name)'.\n")
    }

    var harness = Harness()
    harness.iterations = iterationCount
    harness.epochs = epochCount
    harness.warmup = warmupCount
    if !parsed.flag(noProgress), Terminal.showsProgress {
      harness.progress = { done, total in
        let bar = ProgressBar(total: total, unit: "epochs", enabled: true)
        bar.update(done)
      }
    }
    let measurements = try harness.run(benchmarks)
    if harness.progress != nil { ProgressBar.wipe() }
    let results = Result.from(measurements)

    var instructionCounts: [String: Double] = [:]
    // Notes under the table, one per line.
    var notes: [String] = []
    if parsed.flag(instructions) {
      let counted = countInstructions(benchmarks.map(\.name), seed: inputSeed)
      instructionCounts = counted.0
      if let note = counted.1 { notes.append(note) }
    }

    if !addedReferences.isEmpty {
      let note =
        "\(addedReferences.joined(separator: ", ")): timed too, as the reference of the ratios "
        + "(leave out with --skip)."
      notes.append(note)
    }
    // Benchmarks of algorithms added as `any SnapAlgorithm` run through generic code: say so.
    let generic = tool.algorithms.filter { !$0.isSpecialized }.map(\.entry.id)
      .filter { id in results.contains { $0.subject == id } }
    if !generic.isEmpty {
      let note =
        "\(generic.joined(separator: ", ")): timed through generic code (added as any "
        + "SnapAlgorithm); register each with RegisteredAlgorithm(_:) to time it as the built-ins are."
      notes.append(note)
    }
    let report = render(
      results, machine: machine, format: outputFormat, baseline: baselineResults,
      instructions: instructionCounts, notes: notes)
    // The files first: they are what outlasts the run, and a reader of standard output that
    // goes away (`| head -1`, whose SIGPIPE ends the process at the next write) or a standard
    // output that cannot be written must not cost them. A file that fails still lets the table
    // be printed; the first failure is reported.
    var fileFailure: (any Error)?
    do {
      if let outputFile, !outputFile.isStandardOutput {
        try outputFile.write(report + "\n")
      }
      if let path = savedBaseline {
        try save(resultsFile(results, machine: machine, instructions: instructionCounts), to: path)
      }
    } catch {
      fileFailure = error
    }
    do {
      // A table wider than the terminal (80 columns when the output is not one: a file, a CI
      // log) gets its narrow form; '--wide' the full one.
      let columns = Terminal.outputWidth ?? 80
      if let outputFile, outputFile.isStandardOutput {
        // '--output -': the results, whole, are standard output's one document (never printed
        // twice: a JSON or CSV reader gets one).
        try outputFile.write(report + "\n")
      } else if outputFormat == "table", !parsed.flag(wide), widestLine(report) > columns {
        try printOutput(render(
          results, machine: machine, format: "narrow", baseline: baselineResults,
          instructions: instructionCounts, notes: notes, width: columns))
      } else {
        try printOutput(report)
      }
    } catch {
      throw fileFailure ?? error
    }
    if let fileFailure { throw fileFailure }

    var status: Int32 = 0
    if let baselineResults {
      let regressions = results.filter { result in
        guard let old = baselineResults[result.name], old > 0 else { return false }
        return (result.nsPerOp.median / old - 1) * 100 > thresholdPercent
      }
      if !regressions.isEmpty {
        writeStandardError(
          "Regression beyond \(formatNumber(thresholdPercent))%: "
            + regressions.map(\.name).joined(separator: ", ") + "\n")
        status = 2
      }
    }
    if let budget {
      let over = results.filter { ($0.budgetShare(hertz: budget) ?? 0) > 1 }
      if !over.isEmpty {
        writeStandardError(
          "Over the \(formatNumber(budget)) Hz frame budget: "
            + over.map(\.name).joined(separator: ", ") + "\n")
        status = 3
      }
    }
    if let allocationLimit {
      let over = results.filter { $0.isPerFrame && ($0.allocationsPerOp ?? 0) > allocationLimit }
      if !over.isEmpty {
        writeStandardError(
          "Per-frame operations that allocate more than \(formatNumber(allocationLimit)) times "
            + "per operation: "
            + over.map { "\($0.name) (\(formatAllocations($0.allocationsPerOp ?? 0)))" }
              .joined(separator: ", ") + "\n")
        status = 3
      }
    }
    if status != 0 { throw CommandExit(status: status) }
  }

  /// Saves `file` as the baseline at `path`, atomically, making its directory if need be.
  static func save(_ file: BenchmarkResults, to path: String) throws {
    do {
      try FileManager.default.createDirectory(
        atPath: OutputFile.directory(of: path), withIntermediateDirectories: true)
    } catch {
      throw RuntimeError("cannot make the directory for \(quoted(path)): \(error.localizedDescription)")
    }
    try OutputFile.replace(path, with: Array((file.jsonText() + "\n").utf8), failure: RuntimeError(
      "Could not write the baseline \(quoted(path)): \(systemErrorText())"))
    writeStandardError("Saved baseline \(path)\n")
  }

  static func regex(_ text: String, for option: OptionSpec) throws -> NSRegularExpression {
    do {
      return try NSRegularExpression(pattern: text)
    } catch {
      throw UsageError.invalidValue(text, for: option, reason: "not a regular expression")
        .withUsage(of: spec)
    }
  }

  /// Instructions per operation of each benchmark, from two callgrind runs of all of them at
  /// different lengths (the difference of a benchmark's counts cancels start-up and set-up), or
  /// a note saying why not.
  static func countInstructions(_ names: [String], seed: UInt64) -> ([String: Double], String?) {
    guard let valgrind = findExecutable("valgrind") else {
      return ([:], "instructions: unavailable (valgrind is not installed)")
    }
    let short = 2_000
    let long = 22_000
    // One process per length, every benchmark in it: a process under callgrind spends a second
    // starting (the dynamic linker, ICU), which once per benchmark and length was 7 s for three.
    guard let shortRun = callgrindParts(valgrind, names, seed: seed, count: short),
      let longRun = callgrindParts(valgrind, names, seed: seed, count: long)
    else { return ([:], "instructions: callgrind reported nothing") }
    var counts: [String: Double] = [:]
    for name in names {
      if let a = shortRun[name], let b = longRun[name] {
        counts[name] = (b - a) / Double(long - short)
      }
    }
    return (counts, counts.isEmpty ? "instructions: callgrind reported nothing" : nil)
  }

  /// The instructions each of `names` took run `count` times under callgrind, all in one
  /// process whose counts `--dump-before` cuts at each `snapbench_benchmark_boundary`; `nil`
  /// if callgrind could not run or wrote no counts.
  static func callgrindParts(
    _ valgrind: String, _ names: [String], seed: UInt64, count: Int
  ) -> [String: Double]? {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let directory =
      FileManager.default.temporaryDirectory.path + "/snap-bench-callgrind-\(getpid())-\(suffix)"
    guard mkdir(directory, 0o700) == 0 else { return nil }
    // Removed on the way out, and by SIGINT, SIGTERM or SIGHUP meanwhile: the directory, then its parts
    // (the part before the first benchmark, one per benchmark, the one after the last).
    let out = directory + "/callgrind.out"
    var slots = [snapbench_temporary_remember(directory, 1)]
    for path in [out] + (1...names.count + 1).map({ "\(out).\($0)" }) {
      slots.append(snapbench_temporary_remember(path, 0))
    }
    defer {
      OutputDirectory.remove(directory)
      for slot in slots { snapbench_temporary_forget(slot) }
    }
    let alternatives = names.map { NSRegularExpression.escapedPattern(for: $0) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=\(out)",
      "--dump-before=snapbench_benchmark_boundary", me, "run",
      "--filter", "^(" + alternatives.joined(separator: "|") + ")$", "--seed", String(seed),
      "--count-only", String(count),
    ]
    // Hashing seeded per process would make the two runs' set-up differ by a few thousand
    // instructions, which the difference would not cancel.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    // No stop watcher: a forked process under callgrind is counted too, into the same file.
    environment["SNAPLAB_STOP_GUARD"] = "0"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let ran = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    // Part 1 is the start-up; part k + 1 the k-th benchmark run.
    var counts: [String: Double] = [:]
    for (index, name) in ran.enumerated() {
      guard let text = try? String(contentsOfFile: "\(out).\(index + 2)", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
        let number = line.split(separator: " ").last.flatMap({ Double($0) })
      else { return nil }
      counts[name] = number
    }
    return counts.isEmpty ? nil : counts
  }

  static func findExecutable(_ name: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
