import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The package's own bench, `my-bench`, is snap-bench with the button beside the built-ins.
@Suite("my-bench")
struct BenchTests {
  func run(
    _ arguments: [String], executable: URL? = nil, environment: [String: String] = [:]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let bench = try #require(ReplayTests.bench, "my-bench was not built beside the tests")
    let process = Process()
    process.executableURL = executable ?? bench
    process.arguments = arguments
    // Outside GitHub Actions unless asked, wherever the tests run.
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["GITHUB_ACTIONS": "false"].merging(environment) { $1 }) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: stdout, as: UTF8.self),
      String(decoding: stderr, as: UTF8.self)
    )
  }

  @Test("lists the button, the bubble and their planted-bug twins after SnapLab's algorithms")
  func lists() throws {
    let result = try run(["list", "algorithms"])
    #expect(result.status == 0)
    let ids = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map {
      String($0.prefix { $0 != " " })
    }
    #expect(
      ids.suffix(5) == [
        "floating-button.dock", "floating-button.dock-ignores-keyboard",
        "floating-button.dock-ignores-home-indicator", "floating-bubble.dock",
        "floating-bubble.dock-ignores-cancel",
      ])
    #expect(ids.contains("edge-dock.corrected"))
  }

  @Test("times the button compiled for its own type, with ratios to edge-dock.corrected")
  func times() throws {
    let result = try run([
      "run", "--filter", "^floating-button.dock/", "--iterations", "1000", "--repetitions", "3",
      "--no-progress", "--format", "csv",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let names = rows.map { String($0[0]) }
    for operation in ["drag-step", "release", "frame", "gesture"] {
      #expect(names.contains("floating-button.dock/\(operation)"))
      #expect(names.contains("edge-dock.corrected/\(operation)"), "its reference is timed too")
    }
    // Every row has a ratio (column 9), and nothing is timed through generic code.
    #expect(rows.allSatisfy { !$0[8].isEmpty })
    #expect(!result.stdout.contains("generic code") && !result.stderr.contains("generic code"))
  }

  @Test("an id the bench does not know is a usage error that suggests the button")
  func suggests() throws {
    let result = try run(["trace", "floating-button.dok"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Did you mean 'floating-button.dock'?"))
    #expect(result.stderr.contains("Usage: my-bench trace <algorithm>"))
  }

  /// The package's root: `ci/verify.sh` and `Sources/my-bench/main.swift` are under it.
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `ci/verify.sh`, the package's CI job, with the bench built beside the tests and its
  /// JUnit XML written to `junit`.
  func ciJob(
    _ arguments: [String], junit: URL, environment: [String: String] = [:]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let bench = try #require(ReplayTests.bench, "my-bench was not built beside the tests")
    let script = Self.package.appendingPathComponent("ci/verify.sh")
    return try run(
      [script.path] + arguments, executable: URL(fileURLWithPath: "/bin/bash"),
      environment: ["BENCH": bench.path, "JUNIT": junit.path].merging(environment) { $1 })
  }

  @Test(
    "the CI job fails on the planted bug through --fail-on, and writes JUnit XML a reader parses",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func ciJobFailsOnThePlantedBug() throws {
    let junit = FileManager.default.temporaryDirectory
      .appendingPathComponent("floating-button-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: junit) }
    let planted = try ciJob(
      ["--algorithm", "floating-button.dock-ignores-keyboard", "--invariant", "in-safe-area"],
      junit: junit)
    #expect(planted.status == 1, "\(planted.stderr)")
    // The log says the mechanism in the button's words, under the matrix's ✗.
    #expect(planted.stdout.contains("floating-button.dock-ignores-keyboard  ✗"), "\(planted.stdout)")
    #expect(
      planted.stdout.contains("1. rests under the keyboard after the keyboard"), "\(planted.stdout)")
    #expect(
      planted.stderr.contains(
        "Error: verify found 1 violated invariant (floating-button.dock-ignores-keyboard in-safe-area)"),
      "\(planted.stderr)")
    let root = try #require(try XMLDocument(contentsOf: junit).rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "1")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    let suite = try #require(root.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "name")?.stringValue == "floating-button.dock-ignores-keyboard")
    let testcase = try #require(suite.elements(forName: "testcase").first)
    #expect(testcase.attribute(forName: "name")?.stringValue == "in-safe-area")
    let failure = try #require(testcase.elements(forName: "failure").first)
    #expect(failure.attribute(forName: "type")?.stringValue == "hazard")
    // The failure says how to see it: the counterexample and the command that replays it.
    #expect(failure.stringValue?.contains("smallest counterexample: ") == true)
    #expect(failure.stringValue?.contains("replay: swift run my-bench trace floating-button.dock-ignores-keyboard") == true)

    // The button itself passes the same job.
    let button = try ciJob(["--algorithm", "floating-button.dock", "--examples", "100"], junit: junit)
    #expect(button.status == 0, "\(button.stderr)")
    let passed = try #require(try XMLDocument(contentsOf: junit).rootElement())
    #expect(passed.attribute(forName: "failures")?.stringValue == "0")
    #expect(passed.attribute(forName: "errors")?.stringValue == "0")
  }

  @Test("under GitHub Actions a failure is annotated on the line of main.swift that registers the button")
  func annotatesTheRegistration() throws {
    let result = try run(
      ["verify", "--algorithm", "floating-button.dock-ignores-keyboard", "--invariant", "in-safe-area",
       "--no-progress"],
      environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": Self.package.path])
    #expect(result.status == 1)
    let main = try String(
      contentsOf: Self.package.appendingPathComponent("Sources/my-bench/main.swift"), encoding: .utf8)
    let line = try #require(
      main.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("SnapBench.main(adding:") })
    #expect(
      result.stderr.contains(
        "::error file=Sources/my-bench/main.swift,line=\(line + 1),title=floating-button.dock-ignores-keyboard breaks in-safe-area::"),
      "\(result.stderr)")
  }
}
