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

  @Test("a baseline round-trips, and a missing or corrupt one fails without overwriting anything")
  func baselines() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("base.json").path

    let saved = try cli.run(["run"] + quick + ["--save-baseline", path, "--format", "json"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let file = try #require(FileManager.default.contents(atPath: path))
    let decoded = try BenchmarkResults(json: file)
    #expect(decoded.results.map(\.name) == ["reference/empty"])
    #expect(String(decoding: file, as: UTF8.self).hasPrefix("{\n  \"version\": 1,"))

    // Compared with itself, with a threshold no noise can cross: no regression.
    let compared = try cli.run(["run"] + quick + ["--baseline", path, "--threshold", "1000000"])
    #expect(compared.status == 0, "\(compared.stderr)")
    #expect(compared.stdout.contains("vs baseline"))

    // A baseline far faster than anything can run: a regression, exit 2.
    let fast = directory.appendingPathComponent("fast.json").path
    var faster = decoded
    faster.results[0].nsPerOp.median = 1e-9
    try faster.jsonText().write(toFile: fast, atomically: true, encoding: .utf8)
    let regressed = try cli.run(["run"] + quick + ["--baseline", fast])
    #expect(regressed.status == 2)
    #expect(regressed.stderr.contains("Regression beyond 10%: reference/empty"))

    // Missing: exit 1, named.
    let missing = try cli.run(["run"] + quick + ["--baseline", directory.appendingPathComponent("none.json").path])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("cannot read the baseline"))

    // Corrupt: exit 1, and neither it nor a --save-baseline target is touched.
    let corrupt = directory.appendingPathComponent("corrupt.json").path
    try "{ not json".write(toFile: corrupt, atomically: true, encoding: .utf8)
    let target = directory.appendingPathComponent("target.json").path
    let failed = try cli.run(["run"] + quick + ["--baseline", corrupt, "--save-baseline", target])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("is not a snap-bench results file"))
    #expect(try String(contentsOfFile: corrupt, encoding: .utf8) == "{ not json")
    #expect(!FileManager.default.fileExists(atPath: target))
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
