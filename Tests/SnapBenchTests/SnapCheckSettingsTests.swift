import Foundation
import TestSupport
import Testing

/// snap-bench refuses SnapCheck settings it cannot use, naming the variable, before any work:
/// as it refuses a bad `--examples` or `--seed`.
@Suite("SnapCheck settings on the command line")
struct SnapCheckSettingsTests {
  @Test(
    "verify refuses SNAPCHECK_EXAMPLES or SNAPCHECK_SEED it cannot use, exit 64",
    arguments: [
      ("SNAPCHECK_EXAMPLES", "1e300", "must be at most 100000000"),
      ("SNAPCHECK_EXAMPLES", "1e15", "must be at most 100000000"),
      ("SNAPCHECK_EXAMPLES", "1e7", "it scales '--examples <n>' 20 past 100000000 examples"),
      ("SNAPCHECK_EXAMPLES", "ten", "expected a positive number"),
      ("SNAPCHECK_EXAMPLES", "0", "expected a positive number"),
      ("SNAPCHECK_SEED", "nope", "expected a whole number"),
      ("SNAPCHECK_SEED", "-1", "expected a whole number"),
    ])
  func refused(variable: String, value: String, reason: String) throws {
    let binary = try #require(SnapBenchProcess.executable).path
    // Bounded: a build that took 1e15 at its word would run for ever.
    let result = try SnapBenchProcess.shell(
      "\(variable)='\(value)' timeout 60 '\(binary)' verify --examples 20 "
        + "--algorithm edge-dock.published --invariant on-screen --no-progress")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '\(value)' of the environment variable \(variable) is invalid: \(reason)"),
      "\(result.stderr)")
    #expect(result.stderr.contains("Usage: snap-bench verify"))
    #expect(result.stdout.isEmpty)
  }

  @Test("readable settings are taken: SNAPCHECK_EXAMPLES scales verify's examples")
  func accepted() throws {
    let binary = try #require(SnapBenchProcess.executable).path
    let result = try SnapBenchProcess.shell(
      "SNAPCHECK_EXAMPLES=0.5 SNAPCHECK_SEED=0x2A '\(binary)' verify --examples 20 --format json "
        + "--algorithm edge-dock.published --invariant on-screen --no-progress")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"examplesRun\": 10,"), "\(result.stdout.prefix(400))")
  }
}
