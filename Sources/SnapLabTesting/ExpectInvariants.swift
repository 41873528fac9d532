import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Checks every invariant of SnapLab's catalogue on your algorithm, with the property tester,
/// and records one failure per invariant it breaks, at the line that called it.
///
///     @Test func myDockHoldsEveryInvariant() {
///       expectInvariants(MyDock())
///     }
///     @Test func myDockWithoutItsVelocityPromise() {
///       expectInvariants(MyDock(), except: [.velocityContinuous], examples: 500)
///     }
///
/// Each failure says what goes wrong, shows the smallest counterexample in plain words and as
/// the gesture file `trace --gesture` replays, and gives the seed, the command that replays it
/// with `replayTool` (your bench built on `SnapBench.main(adding:)`, e.g. `"swift run my-bench"`;
/// `snap-bench` knows only SnapLab's own algorithms) and the command that reruns the test.
///
/// Inside a Swift Testing `@Test` the failures are `Issue`s; in an XCTest test method they are
/// `XCTFail`s. The run is the one `verify` makes: the same seed gives the same findings as
/// `snap-bench verify --algorithm <id> --seed <seed>`. `seed` defaults to `SNAPCHECK_SEED` when
/// it is set, else 1; `SNAPCHECK_EXAMPLES` scales `examples`.
///
/// - Parameters:
///   - algorithm: The algorithm to check, with the motion it ships with.
///   - excluded: Invariants not to check (an invariant it does not promise).
///   - motion: A release motion to check it with instead of its own.
///   - examples: Generated scenarios per invariant.
/// - Returns: The findings, one per checked invariant, in catalogue order.
@discardableResult
public func expectInvariants<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, except excluded: Set<Invariant> = [], motion: Motion? = nil,
  examples: Int = 200, seed: UInt64? = nil, replayTool: String = "snap-bench",
  name: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
  file: StaticString = #filePath, line: UInt = #line
) -> [Finding] {
  let runSeed = seed ?? SnapCheckEnvironment.seed ?? 1
  let invariants = Invariant.checked.filter { !excluded.contains($0) }
  let findings = verify(
    algorithm, invariants: invariants, motion: motion, examples: examples, seed: runSeed,
    replayTool: replayTool)
  for finding in findings where finding.status == .violated {
    let message = failureMessage(finding, testName: name)
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
      #if canImport(XCTest)
        XCTFail(message, file: file, line: line)
      #else
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      #endif
    }
  }
  return findings
}

/// What a test failure says about a violated invariant: the violation, the smallest
/// counterexample in words and as a gesture file, the seed, and how to replay it and rerun the
/// test.
public func failureMessage(_ finding: Finding, testName: String? = nil) -> String {
  var lines = ["\(finding.algorithm) breaks \(finding.invariant.rawValue): \(finding.violation ?? "")"]
  if let scenario = finding.counterexample {
    lines.append("Smallest counterexample: \(scenario)")
    lines.append("Gesture file (trace --gesture):")
    lines.append(scenario.gesture.jsonText().trimmingCharacters(in: .newlines))
  }
  lines.append(
    "Seed: \(finding.seed) (\(finding.examplesRun) of \(finding.examples) examples run, "
      + "shrunk in \(finding.shrinkEvaluations) runs)")
  lines.append("Replay: \(finding.replayCommand)")
  if let testName {
    let base = testName.prefix { $0 != "(" }
    lines.append("Rerun: SNAPCHECK_SEED=\(finding.seed) swift test --filter \(base.isEmpty ? testName : String(base))")
  }
  return lines.joined(separator: "\n")
}
