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
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, _ invariant: Invariant, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench"
) -> Finding {
  // The same run as the matrix's, with one invariant.
  verify(algorithm, invariants: [invariant], examples: examples, seed: seed, replayTool: replayTool)[0]
}

/// Checks every invariant of the catalogue (`Invariant.checked`, in its order) on `algorithm`
/// with its own release motion: one finding per invariant. `jobs` threads share the work
/// (see `verify(_:invariants:motion:examples:seed:replayTool:jobs:)`).
///
///     let findings = verify(MyDock(), examples: 200, seed: 1)
///     for finding in findings where finding.status == .violated {
///       print(finding.invariant, finding.violation ?? "", finding.replayCommand)
///     }
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, examples: examples, seed: seed,
    replayTool: replayTool, jobs: jobs)
}

/// Checks every invariant of the catalogue on `algorithm` with `motion` in place of its own
/// release motion (an algorithm that never moves the item after the finger lifts keeps none).
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion, examples: Int = 200, seed: UInt64 = 1,
  replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, motion: motion, examples: examples, seed: seed,
    replayTool: replayTool, jobs: jobs)
}

/// Checks `invariants`, in the order given, on `algorithm`, with `motion` in place of its own
/// release motion when one is given (and the algorithm has one).
///
/// Each scenario is simulated once and every invariant checked on that trajectory; each
/// finding is the one `verify(algorithm, invariant, …)` gives for its invariant alone. With
/// `jobs` above 1 the scenarios are simulated, and the violations shrunk, on that many threads;
/// the findings are the same for every `jobs` (`ProcessInfo.processInfo.activeProcessorCount`
/// uses every core).
///
/// Inlinable, so that the simulator is compiled for the algorithm's own type in the caller's
/// module (see `Simulation`): a user's algorithm is simulated as fast as SnapLab's own.
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, invariants: [Invariant], motion: Motion? = nil, examples: Int = 200,
  seed: UInt64 = 1, replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: invariants, motion: motion, examples: examples, seed: seed,
    replayTool: replayTool, jobs: jobs, simulation: Simulation())
}

/// `verify(_:invariants:motion:examples:seed:replayTool:jobs:)` with the simulator made where
/// the algorithm's type is known.
@usableFromInline
func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, invariants: [Invariant], motion: Motion?, examples: Int,
  seed: UInt64, replayTool: String, jobs: Int, simulation: Simulation<Algorithm>
) -> [Finding] {
  var algorithm = algorithm
  let replaced = motion != nil && algorithm.releaseMotion != nil
  if let motion, replaced { algorithm.releaseMotion = motion }
  // One simulation per scenario, every invariant checked on it: the examples are the same
  // for every invariant (they come from the seed alone), so each finding is exactly the one
  // `verify(algorithm, invariant, …)` gives, at a fraction of the simulations.
  let declarations = Declarations(algorithm)
  let applicable = invariants.filter { $0.applies(to: declarations) }
  // Each example is simulated once, into the run every invariant is checked on.
  let simulated = ScenarioGenerators.examples(
    for: algorithm, simulation: simulation, declarations: declarations)
  let results = forAllEach(
    simulated, seed: seed, examples: examples, count: applicable.count, jobs: jobs
  ) {
    index, example, run in
    let verdict = applicable[index].check(example)
    if verdict != .notApplicable { run.label("applicable") }
    if case .violated = verdict { return false }
    return true
  }
  return invariants.map { invariant in
    var finding = Finding(
      algorithm: algorithm.id, motion: algorithm.releaseMotion?.description,
      invariant: invariant, status: .notApplicable, seed: seed, examples: examples,
      motionReplaced: replaced, replayTool: replayTool)
    guard let index = applicable.firstIndex(of: invariant) else { return finding }
    finding.record(results[index])
    return finding
  }
}

extension Finding {
  /// Fills in what a check of `invariant` found.
  mutating func record<Algorithm: SnapAlgorithm>(_ result: CheckResult<Example<Algorithm>>) {
    examplesRun = result.examplesRun
    applicable = result.labels["applicable"] ?? 0
    shrinkEvaluations = result.shrinkEvaluations
    if let example = result.counterexample {
      status = .violated
      counterexample = example.scenario
      if case .violated(let violation) = invariant.check(example) {
        self.violation = violation.message
        evidence = violation
      }
    } else if applicable > 0 {
      status = .holds
    }
  }
}

extension Invariant {
  /// The verdict of each of `invariants`, in order, on one run of `algorithm` through
  /// `scenario`: the scenario is simulated once and every invariant judged on that run, as
  /// `verify` judges each example (a verdict is what `check(_:scenario:trajectory:)` gives).
  ///
  ///     let scenario = ScenarioGenerators.scenarios(for: MyDock()).example(seed: 7)!
  ///     let verdicts = Invariant.verdicts(MyDock(), scenario: scenario)
  ///
  /// Inlinable, so that the simulator is compiled for the algorithm's type in the caller's
  /// module; `snap-bench run` times it as `<variant>/verify`.
  @inlinable
  public static func verdicts<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, invariants: [Invariant] = Invariant.checked
  ) -> [Verdict] {
    verdicts(algorithm, scenario: scenario, invariants: invariants, simulation: Simulation())
  }

  @usableFromInline
  static func verdicts<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, invariants: [Invariant],
    simulation: Simulation<Algorithm>
  ) -> [Verdict] {
    let example = Example(simulating: scenario, with: algorithm, simulation: simulation)
    return invariants.map { $0.check(example) }
  }
}
