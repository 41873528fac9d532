import Foundation
import Testing

/// The package's own bench, `my-bench`, is snap-bench with the button beside the built-ins.
@Suite("my-bench")
struct BenchTests {
  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let bench = try #require(ReplayTests.bench, "my-bench was not built beside the tests")
    let process = Process()
    process.executableURL = bench
    process.arguments = arguments
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

  @Test("lists the button and its planted-bug twin after SnapLab's algorithms")
  func lists() throws {
    let result = try run(["list", "algorithms"])
    #expect(result.status == 0)
    let ids = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map {
      String($0.prefix { $0 != " " })
    }
    #expect(ids.suffix(2) == ["floating-button.dock", "floating-button.dock-ignores-keyboard"])
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
}
