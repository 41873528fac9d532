import Foundation
import SnapAlgorithms
import SnapCheck

/// What the property tester found for one algorithm and one invariant.
public struct Finding: Sendable {
  public enum Status: String, Sendable {
    case holds
    case violated
    case notApplicable = "not-applicable"
  }

  public var algorithm: String
  public var motion: String?
  public var invariant: Invariant
  public var status: Status
  /// Examples checked, up to and including the first violation.
  public var examplesRun: Int
  /// Of those, how many the invariant applied to.
  public var applicable: Int
  /// The smallest scenario that breaks the invariant, when violated.
  public var counterexample: Scenario?
  /// What goes wrong in the counterexample, in words.
  public var violation: String?
  public var seed: UInt64
  public var shrinkEvaluations: Int
}

/// Runs `algorithm` through `examples` generated scenarios, checking `invariant` on each, and
/// shrinks the first violation to its smallest scenario.
///
/// The invariant holds when no example violates it and it applied to at least one; it is not
/// applicable when it applied to none.
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, _ invariant: Invariant, examples: Int = 200, seed: UInt64
) -> Finding {
  var finding = Finding(
    algorithm: algorithm.id, motion: algorithm.releaseMotion?.description, invariant: invariant,
    status: .notApplicable, examplesRun: 0, applicable: 0, counterexample: nil, violation: nil,
    seed: seed, shrinkEvaluations: 0)
  guard invariant.applies(to: algorithm) else { return finding }
  let result = forAll(ScenarioGenerators.scenarios, seed: seed, examples: examples) { scenario, run in
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
    if case .violated(let message) = invariant.check(
      algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
    {
      finding.violation = message
    }
  } else if finding.applicable > 0 {
    finding.status = .holds
  }
  return finding
}
