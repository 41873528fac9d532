import Foundation
import SnapAlgorithms
import SnapCheck

/// Runs `algorithm` through `examples` generated scenarios, checking `invariant` on each, and
/// shrinks the first violation to its smallest scenario.
///
/// The invariant holds when no example violates it and it applied to at least one; it is not
/// applicable when it applied to none. The same seed finds the same counterexample.
///
///     let finding = verify(MyDock(), .onScreen, examples: 200, seed: 1)
///     if finding.status == .violated { print(finding.violation ?? "", finding.replayCommand) }
///
/// `replayTool` is the executable `finding.replayCommand` names: `snap-bench` for SnapLab's
/// own algorithms, your bench (`"swift run my-bench"`) for yours.
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, _ invariant: Invariant, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench"
) -> Finding {
  var finding = Finding(
    algorithm: algorithm.id, motion: algorithm.releaseMotion?.description, invariant: invariant,
    status: .notApplicable, seed: seed, examples: examples, replayTool: replayTool)
  guard invariant.applies(to: algorithm) else { return finding }
  let result = forAll(ScenarioGenerators.scenarios(for: algorithm), seed: seed, examples: examples) { scenario, run in
    let verdict = invariant.check(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
    if verdict != .notApplicable { run.label("applicable") }
    if case .violated = verdict { return false }
    return true
  }
  finding.examplesRun = result.examplesRun
  finding.applicable = result.labels["applicable"] ?? 0
  finding.shrinkEvaluations = result.shrinkEvaluations
  if let scenario = result.counterexample {
    finding.status = .violated
    finding.counterexample = scenario
    if case .violated(let violation) = invariant.check(
      algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
    {
      finding.violation = violation.message
      finding.evidence = violation
    }
  } else if finding.applicable > 0 {
    finding.status = .holds
  }
  return finding
}

/// Checks every invariant of the catalogue (`Invariant.checked`, in its order) on `algorithm`
/// with its own release motion: one finding per invariant.
///
///     let findings = verify(MyDock(), examples: 200, seed: 1)
///     for finding in findings where finding.status == .violated {
///       print(finding.invariant, finding.violation ?? "", finding.replayCommand)
///     }
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench"
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, examples: examples, seed: seed,
    replayTool: replayTool)
}

/// Checks every invariant of the catalogue on `algorithm` with `motion` in place of its own
/// release motion (an algorithm that never moves the item after the finger lifts keeps none).
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench"
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, motion: motion, examples: examples, seed: seed,
    replayTool: replayTool)
}

/// Checks `invariants`, in the order given, on `algorithm`, with `motion` in place of its own
/// release motion when one is given (and the algorithm has one).
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, invariants: [Invariant], motion: Motion? = nil, examples: Int = 200,
  seed: UInt64 = 1, replayTool: String = "snap-bench"
) -> [Finding] {
  var algorithm = algorithm
  let replaced = motion != nil && algorithm.releaseMotion != nil
  if let motion, replaced { algorithm.releaseMotion = motion }
  return invariants.map { invariant in
    var finding = verify(
      algorithm, invariant, examples: examples, seed: seed, replayTool: replayTool)
    finding.motionReplaced = replaced
    return finding
  }
}
