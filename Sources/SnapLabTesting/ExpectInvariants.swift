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
/// `my-bench verify --algorithm <id> --seed <seed>` with your bench. `seed` defaults to
/// `SNAPCHECK_SEED` when it is set, else 1; `SNAPCHECK_EXAMPLES` scales `examples`.
///
/// It also fails when the algorithm's release animation does not use the `releaseMotion` it
/// declares (or the `motion` given): the invariants read the declared one.
///
/// - Parameters:
///   - algorithm: The algorithm to check, with the motion it ships with.
///   - excluded: Invariants not to check (an invariant it does not promise).
///   - motion: A release motion to check it with instead of its own.
///   - examples: Generated scenarios per invariant.
/// - Returns: The findings, one per checked invariant, in catalogue order.
///
/// Inlinable, so that your algorithm is simulated with code compiled for its type, as
/// SnapLab's own are.
@discardableResult
@inlinable
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
  recordFindings(
    findings, motionProblem: releaseMotionProblem(algorithm, motion: motion), testName: name,
    sourceLocation, file, line)
  return findings
}

/// Records one failure per violated finding, and the release motion's problem if there is one.
@usableFromInline
func recordFindings(
  _ findings: [Finding], motionProblem: String?, testName: String,
  _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt
) {
  for finding in findings where finding.status == .violated {
    record(failureMessage(finding, testName: testName), sourceLocation, file, line)
  }
  if let motionProblem {
    record(motionProblem, sourceLocation, file, line)
  }
}

/// Records a failure where a test will see it: an `Issue` inside a Swift Testing test; off a
/// test's task (a detached task, another queue) or in an XCTest method, both an `XCTFail`,
/// which fails a running XCTest case, and an `Issue`, which Swift Testing reports even when it
/// cannot tell which test it belongs to. Neither is lost.
private func record(
  _ message: String, _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt
) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return
  }
  #if canImport(XCTest)
    XCTFail(message, file: file, line: line)
  #endif
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
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
