import Foundation
import SnapBench
import TestSupport
import Testing

/// `snap-bench run`: bad input, baselines, the frame budget, and that the work is not optimised
/// away. Timings themselves are never asserted here: they come from snap-bench, as ratios.
@Suite("snap-bench run")
struct RunCommandTests {
  let cli = CommandLineTests()
  /// A quick run: few iterations, few epochs, one cheap benchmark.
  let quick = [
    "--filter", "reference/empty$", "--skip", "clamp", "--iterations", "1000", "--repetitions", "3",
    "--no-progress",
  ]

  @Test(
    "bad input is a usage error with status 64",
    arguments: [
      (["--iterations", "x"], "The value 'x' is invalid for '--iterations <n>'"),
      (["--iterations", "0"], "'--iterations <n>'"),
      (["--iterations", "1.5"], "'--iterations <n>'"),
      (["--iterations", "1e13"], "'--iterations <n>'"),
      (["--iterations", "-5"], "'--iterations <n>'"),
      (["run", "--format", "xml"], "'--format <format>'"),
      (["run", "--filter", "("], "not a regular expression"),
      (["run", "--threshold", "-1"], "'--threshold <percent>'"),
      (["run", "--frame-budget", "0"], "'--frame-budget <hz>'"),
      (["--iteration", "5"], "Did you mean '--iterations'?"),
    ])
  func badInput(arguments: [String], message: String) throws {
    let result = try cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: snap-bench run"))
  }

  @Test("--iterations accepts 1e6, 2.5e5, 1_000_000 and 1000000")
  func iterationForms() throws {
    for text in ["1e3", "2.5e3", "1_000", "1000"] {
      let result = try cli.run(["run", "--filter", "reference/empty$", "--iterations", text, "--repetitions", "2"])
      #expect(result.status == 0, "\(text): \(result.stderr)")
    }
  }

  @Test("a baseline round-trips by name, and a missing or corrupt one fails without overwriting anything")
  func baselines() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let here = ["SNAPBENCH_BASELINES": directory.path]
    func run(_ arguments: [String]) throws -> SnapBenchProcess.Result {
      try cli.run(["run"] + quick + arguments, environment: here)
    }
    let path = directory.appendingPathComponent("base.json").path

    let saved = try run(["--save-baseline", "base", "--format", "json"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let file = try #require(FileManager.default.contents(atPath: path))
    let decoded = try BenchmarkResults(json: file)
    #expect(decoded.results.map(\.name) == ["reference/empty"])
    #expect(String(decoding: file, as: UTF8.self).hasPrefix("{\n  \"version\": 1,"))

    // Compared with itself (by name, .json or not), with a threshold no noise can cross.
    for name in ["base", "base.json"] {
      let compared = try run(["--baseline", name, "--threshold", "1000000"])
      #expect(compared.status == 0, "\(compared.stderr)")
      #expect(compared.stdout.contains("vs base"), "the narrow table of a file or a pipe too")
      let wide = try run(["--baseline", name, "--threshold", "1000000", "--wide"])
      #expect(wide.stdout.contains("vs baseline"))
    }

    // A baseline far faster than anything can run: a regression, exit 2.
    var faster = decoded
    faster.results[0].nsPerOp.median = 1e-9
    try faster.jsonText().write(
      toFile: directory.appendingPathComponent("fast.json").path, atomically: true, encoding: .utf8)
    let regressed = try run(["--baseline", "fast"])
    #expect(regressed.status == 2)
    #expect(regressed.stderr.contains("Regression beyond 10%: reference/empty"))

    // Missing: exit 1, named.
    let missing = try run(["--baseline", "none"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot read the baseline"))

    // Corrupt: exit 1, and neither it nor a --save-baseline target is touched.
    let corrupt = directory.appendingPathComponent("corrupt.json").path
    try "{ not json".write(toFile: corrupt, atomically: true, encoding: .utf8)
    let failed = try run(["--baseline", "corrupt", "--save-baseline", "target"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("is not a snap-bench results file"))
    #expect(try String(contentsOfFile: corrupt, encoding: .utf8) == "{ not json")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("target.json").path))
  }

  @Test(
    "a baseline name is a name, never a path",
    arguments: ["", "a/b", "../x", ".json", ".hidden", "a b", "é", "/tmp/x", "-"])
  func baselineNames(name: String) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for option in ["--save-baseline", "--baseline"] {
      let result = try cli.run(
        ["run"] + quick + [option, name], environment: ["SNAPBENCH_BASELINES": directory.path],
        directory: directory.path)
      #expect(result.status == 64, "\(option) '\(name)': \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
  }

  @Test("a baseline with a zero, negative or non-finite median, or another version, is corrupt")
  func corruptBaselines() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let here = ["SNAPBENCH_BASELINES": directory.path]
    let saved = try cli.run(["run"] + quick + ["--save-baseline", "good"], environment: here)
    #expect(saved.status == 0, "\(saved.stderr)")
    let good = try String(contentsOfFile: directory.appendingPathComponent("good.json").path, encoding: .utf8)
    let median = try #require(good.range(of: #""median": [0-9.e+-]+"#, options: .regularExpression))
    var cases = ["0", "-1", "1e999"].map { good.replacingCharacters(in: median, with: "\"median\": \($0)") }
    cases.append(good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
    for (index, text) in cases.enumerated() {
      try text.write(toFile: directory.appendingPathComponent("bad.json").path, atomically: true, encoding: .utf8)
      let result = try cli.run(
        ["run"] + quick + ["--baseline", "bad", "--save-baseline", "good"], environment: here)
      #expect(result.status == 1, "case \(index): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "), "case \(index): \(result.stderr)")
      #expect(!result.stdout.contains("inf"), "case \(index)")
      #expect(
        try String(contentsOfFile: directory.appendingPathComponent("good.json").path, encoding: .utf8) == good)
    }
  }

  @Test("saving over a baseline that holds benchmarks this run lacks is refused unless --force")
  func baselineNotLost() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let here = ["SNAPBENCH_BASELINES": directory.path]
    let two = ["--filter", "^reference/(empty|clamp)$", "--iterations", "1000", "--repetitions", "3", "--no-progress"]
    #expect(try cli.run(["run"] + two + ["--save-baseline", "machine"], environment: here).status == 0)
    let path = directory.appendingPathComponent("machine.json").path
    let before = try String(contentsOfFile: path, encoding: .utf8)
    let narrower = try cli.run(["run"] + quick + ["--save-baseline", "machine"], environment: here)
    #expect(narrower.status == 1)
    #expect(narrower.stderr.contains("holds 1 benchmark this run does not time (reference/clamp)"), "\(narrower.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    // The same benchmarks (or more) replace it; --force replaces it anyway.
    #expect(try cli.run(["run"] + two + ["--save-baseline", "machine"], environment: here).status == 0)
    let forced = try cli.run(["run"] + quick + ["--save-baseline", "machine", "--force"], environment: here)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try BenchmarkResults(json: Data(contentsOf: URL(fileURLWithPath: path))).results.map(\.name) == ["reference/empty"])
  }

  @Test("baselines are found in Benchmarks/baselines of the package from any directory below it")
  func baselinesFromSubdirectory() throws {
    let package = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    let deep = package.appendingPathComponent("Sources/Deep")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: package) }
    try "// swift-tools-version:6.0\n".write(
      to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let saved = try cli.run(["run"] + quick + ["--save-baseline", "here"], directory: deep.path)
    #expect(saved.status == 0, "\(saved.stderr)")
    let file = package.appendingPathComponent("Benchmarks/baselines/here.json").path
    #expect(FileManager.default.fileExists(atPath: file))
    let compared = try cli.run(["run"] + quick + ["--baseline", "here", "--threshold", "1000000"], directory: package.path)
    #expect(compared.status == 0, "\(compared.stderr)")
  }

  @Test("--frame-budget fails the run with status 3 when a frame exceeds it")
  func frameBudget() throws {
    // At a billion frames a second every frame is over budget; at one a second none is.
    let over = try cli.run(["run", "--filter", "ease-out", "--iterations", "1000", "--repetitions", "3", "--frame-budget", "1e9"])
    #expect(over.status == 3)
    #expect(over.stderr.contains("Over the 1000000000 Hz frame budget"))
    let within = try cli.run(["run", "--filter", "ease-out", "--iterations", "1000", "--repetitions", "3", "--frame-budget", "1"])
    #expect(within.status == 0)
  }

  @Test("every format prints every selected benchmark; JSON is versioned")
  func formats() throws {
    let json = try cli.run(["run", "--filter", "reference/", "--iterations", "1000", "--repetitions", "3", "--format", "json"])
    struct Output: Decodable {
      struct Entry: Decodable {
        struct Stats: Decodable { var min, median, p90, p99, max: Double }
        var name: String
        var iterations: Int
        var nsPerOp: Stats
        var errorPercent: Double
        var ratio: Double?
      }
      struct Machine: Decodable { var cpu: String; var cores: Int; var configuration: String }
      var version: Int
      var environment: Machine
      var results: [Entry]
    }
    let output = try JSONDecoder().decode(Output.self, from: Data(json.stdout.utf8))
    #expect(output.version == 1)
    #expect(output.environment.cores >= 1)
    #expect(output.results.map(\.name) == ["reference/empty", "reference/clamp", "reference/clamp-twice", "reference/clamp-c"])
    #expect(output.results.allSatisfy { $0.nsPerOp.min <= $0.nsPerOp.median && $0.nsPerOp.median <= $0.nsPerOp.max })
    #expect(output.results.first { $0.name == "reference/clamp" }?.ratio == 1)
    let csv = try cli.run(["run", "--filter", "reference/", "--iterations", "1000", "--repetitions", "3", "--format", "csv"])
    #expect(csv.stdout.split(separator: "\n").count == 5)
    let markdown = try cli.run(["run", "--filter", "reference/", "--iterations", "1000", "--repetitions", "3", "--format", "markdown"])
    #expect(markdown.stdout.hasPrefix("| benchmark | median ns |"))
  }

  /// The optimised binary the timing claims come from; .ci/run builds it before `swift test`.
  static let releaseBinary: String? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("release/snap-bench").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  static var hasValgrind: Bool {
    ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  @Test(
    "the release build does the work: twice the clamps, twice the instructions (callgrind)",
    .enabled(if: releaseBinary != nil && hasValgrind, "needs swift build -c release and valgrind"))
  func workIsNotOptimisedAway() throws {
    let binary = try #require(Self.releaseBinary)
    let result = try SnapBenchProcess.run(executable: binary, [
      "run", "--filter", "^reference/(empty|clamp|clamp-twice)$", "--iterations", "1000",
      "--repetitions", "3", "--instructions", "--format", "json", "--no-progress",
    ])
    let data = Data(result.stdout.utf8)
    #expect(result.status == 0)
    struct Output: Decodable {
      struct Entry: Decodable { var name: String; var instructionsPerOp: Double? }
      var results: [Entry]
    }
    let output = try JSONDecoder().decode(Output.self, from: data)
    func count(_ name: String) -> Double { output.results.first { $0.name == name }?.instructionsPerOp ?? 0 }
    let empty = count("reference/empty")
    let once = count("reference/clamp")
    let twice = count("reference/clamp-twice")
    // Instruction counts are exact: they do not move with the machine's noise.
    #expect(empty >= 2, "the empty loop still reads and folds: \(empty)")
    #expect(once >= empty + 4, "the clamp's comparisons survive optimisation: \(once) vs \(empty)")
    // Above the loop's own cost, twice the clamps is about twice the work.
    let ratio = (twice - empty) / (once - empty)
    #expect((1.5...2.5).contains(ratio), "clamp-twice \(twice), clamp \(once), empty \(empty)")
  }
}

extension RunCommandTests {
  @Test("a filter that leaves out its group's reference times the reference too, for the ratio")
  func referenceComesAlong() throws {
    let result = try cli.run([
      "run", "--filter", "^fluid-dock.sides/frame$", "--iterations", "1000", "--repetitions", "3",
      "--no-progress", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let file = try BenchmarkResults(json: Data(result.stdout.utf8))
    #expect(file.results.map(\.name) == ["edge-dock.corrected/frame", "fluid-dock.sides/frame"])
    #expect(file.results.allSatisfy { $0.ratio != nil })
    let skipped = try cli.run([
      "run", "--filter", "^fluid-dock.sides/frame$", "--skip", "edge-dock", "--iterations", "1000",
      "--repetitions", "3", "--no-progress", "--format", "json",
    ])
    #expect(try BenchmarkResults(json: Data(skipped.stdout.utf8)).results.map(\.name) == ["fluid-dock.sides/frame"])
  }
}
