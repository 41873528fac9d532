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
  _ algorithm: Algorithm, _ invariant: Invariant, examples: Int = defaultExamples, seed: UInt64 = 1,
  scope: Scope = .everything, replayTool: String = "snap-bench"
) -> Finding {
  // The same run as the matrix's, with one invariant.
  verify(
    algorithm, invariants: [invariant], examples: examples, seed: seed, scope: scope,
    replayTool: replayTool)[0]
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
  _ algorithm: Algorithm, examples: Int = defaultExamples, seed: UInt64 = 1, scope: Scope = .everything,
  replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, examples: examples, seed: seed, scope: scope,
    replayTool: replayTool, jobs: jobs)
}

/// Checks every invariant of the catalogue on `algorithm` with `motion` in place of its own
/// release motion (an algorithm that never moves the item after the finger lifts keeps none).
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion, examples: Int = defaultExamples, seed: UInt64 = 1,
  scope: Scope = .everything, replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: Invariant.checked, motion: motion, examples: examples, seed: seed,
    scope: scope, replayTool: replayTool, jobs: jobs)
}

/// Checks `invariants`, in the order given, on `algorithm`, with `motion` in place of its own
/// release motion when one is given (and the algorithm has one), on the scenarios `scope`
/// allows.
///
/// Every cause class the scope searches gets its share of the `examples` (see `CauseClass`):
/// each scenario is simulated once and every invariant checked on that trajectory, and every
/// way an invariant breaks — its cause class and severity — is shrunk on its own to the smallest
/// scenario of that class, and climbed from towards its worst case. With `jobs` above 1 the
/// scenarios are simulated, and the causes shrunk, on that many threads; the findings are the
/// same for every `jobs` (`ProcessInfo.processInfo.activeProcessorCount` uses every core).
///
/// Inlinable, so that the simulator is compiled for the algorithm's own type in the caller's
/// module (see `Simulation`): a user's algorithm is simulated as fast as SnapLab's own.
@inlinable
public func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, invariants: [Invariant], motion: Motion? = nil, examples: Int = defaultExamples,
  seed: UInt64 = 1, scope: Scope = .everything, replayTool: String = "snap-bench", jobs: Int = 1
) -> [Finding] {
  verify(
    algorithm, invariants: invariants, motion: motion, examples: examples, seed: seed,
    scope: scope, replayTool: replayTool, jobs: jobs, simulation: Simulation())
}

/// The examples `verify`, `expectInvariants` and `snap-bench verify` run by default, shared
/// among the cause classes: enough that each class's share finds the defects it can show,
/// whatever the seed (`Benchmarks/mutation`: 76 of 79 realistic planted bugs reported at each of
/// seeds 1 to 5, 75 of them as hazards; one of the three it misses is equivalent).
public let defaultExamples = 400

/// One way an invariant breaks, as `verify` sorts them: the invariant (its index among those
/// that apply), the cause class (`nil` for polish, which is searched in every class at once and
/// shrunk to the simplest), the severity.
struct CauseKey: Hashable, Sendable {
  var invariant: Int
  var cause: CauseClass?
  var severity: Severity
  var defect: Defect

  /// The order causes are reported and budgeted in: hazards first, the commonest class first,
  /// then the defects in their order.
  var rank: (Int, Int, Int) {
    (
      severity == .hazard ? 0 : 1, cause.map { CauseClass.allCases.firstIndex(of: $0)! } ?? 0,
      Defect.allCases.firstIndex(of: defect)!
    )
  }
}

/// A defect of one severity, as `verify` notes which ones a plain gesture already shows.
struct Shown: Hashable {
  var severity: Severity
  var defect: Defect
}

/// How many property runs `verify` spends shrinking each cause, and climbing from its worst.
///
/// The cause reported first for an invariant (its hazard in the commonest class, or its polish
/// when it has no hazard) is shrunk as far as SnapCheck shrinks a property's failure, and its
/// worst case climbed towards; every other cause, which starts from a scenario its class's
/// generator already keeps small, gets a smaller share, so that an algorithm that breaks
/// everything everywhere is still verified in a moment. Its worst is the worst of the examples
/// that fell in it.
enum VerificationBudget {
  static let firstCause = 10_000
  static let otherHazard = 40
  static let otherPolish = 30
  static let otherMost = 300
  static let polishFirst = 300
  static let climbLimit = 12

  /// The cause reported first for each invariant among `keys`: its hazard in the commonest
  /// class, else its polish in the commonest class.
  static func firstCauses(_ keys: [CauseKey]) -> Set<CauseKey> {
    var first: [Int: CauseKey] = [:]
    for key in keys {
      if let seen = first[key.invariant], seen.rank <= key.rank { continue }
      first[key.invariant] = key
    }
    return Set(first.values)
  }

  /// The shrink and climb allowances of each cause, in the order given, from the scenario each
  /// shrink starts from: only the first hazard of each invariant is climbed from (its worst is
  /// what the finding reports first), and every other gets as many runs as its scenario has to
  /// lose — a few touch events a few dozen, a long hostile stroke several hundred. A run of
  /// fewer `examples` than the default (a quick look) shrinks each cause at most
  /// `quickLookShrink(examples:)` runs: otherwise the shrinks of its causes, a few hundred runs
  /// each, would cost twenty times its search.
  static func budgets(_ causes: [(key: CauseKey, start: Scenario)], examples: Int = defaultExamples)
    -> [BucketBudget]
  {
    let first = firstCauses(causes.map(\.key))
    let cap = quickLookShrink(examples: examples)
    return causes.map { key, start in
      if first.contains(key) {
        // Polish is reported apart and fails nothing by default: its counterexample is shrunk
        // with less effort.
        return key.severity == .hazard
          ? BucketBudget(shrink: min(firstCause, cap), climb: climbLimit)
          : BucketBudget(shrink: min(polishFirst, cap))
      }
      let least = key.severity == .hazard ? otherHazard : otherPolish
      return BucketBudget(shrink: min(max(least, 3 * size(start)), otherMost, cap), leads: false)
    }
  }

  /// The most runs one cause's shrink may take in a run of `examples` per row: unbounded from
  /// the default up, and below it two and a half per example, never fewer than 30.
  static func quickLookShrink(examples: Int) -> Int {
    examples >= defaultExamples ? .max : max(30, examples * 5 / 2)
  }

  /// The least magnitude a cause's smallest counterexample keeps: the low end of the band most
  /// of its examples fall in (each band four times the size of the one below it, from the
  /// slightest example up; on a tie, the larger), so that a defect whose examples mostly lose the
  /// item hundreds of points off the screen is not shown first by a 3 pt instance of it. `nil`
  /// when the slightest band is the commonest, or there are too few examples to tell.
  static func typicalFloor(_ scores: [Double]) -> Double? {
    let sizes = scores.filter { $0.isFinite && $0 > 0 }
    guard sizes.count >= typicalSample, let least = sizes.min() else { return nil }
    var counts: [Int: Int] = [:]
    for size in sizes {
      counts[Int((log(size / least) / log(bandRatio)).rounded(.down)), default: 0] += 1
    }
    guard
      let (band, _) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }),
      band > 0
    else { return nil }
    return least * pow(bandRatio, Double(band))
  }

  /// How many times the size of the band below it a band of `typicalFloor` spans.
  static let bandRatio: Double = 4
  /// The fewest examples of a cause from which its commonest band is told.
  static let typicalSample = 3

  /// How much a scenario has to lose: its touch events, a container change counting as ten.
  static func size(_ scenario: Scenario) -> Int {
    scenario.gesture.events.count + 10 * scenario.gesture.containerChanges.count
  }}

/// `verify(_:invariants:motion:examples:seed:scope:replayTool:jobs:)` with the simulator made
/// where the algorithm's type is known.
@usableFromInline
func verify<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, invariants: [Invariant], motion: Motion?, examples: Int,
  seed: UInt64, scope: Scope, replayTool: String, jobs: Int, simulation: Simulation<Algorithm>
) -> [Finding] {
  var algorithm = algorithm
  // The sizes the app gives its item, unless the scope names one.
  let scope = scope.keeping(sizesOf: algorithm)
  let replaced = motion != nil && algorithm.releaseMotion != nil
  if let motion, replaced { algorithm.releaseMotion = motion }
  let declarations = Declarations(algorithm)
  let applicable = invariants.filter { $0.applies(to: declarations) }
  // Labels built once, not for every example.
  let applicableLabels = applicable.map { "applicable:" + $0.rawValue }
  let classLabels = Dictionary(
    uniqueKeysWithValues: CauseClass.allCases.map { ($0, "class:" + $0.rawValue) })
  let strata = ScenarioGenerators.strata(
    for: algorithm, simulation: simulation, declarations: declarations, scope: scope)
  // Each example tells the guard what it is, for the report of a crash or a hang.
  let motionReplayed = replaced ? algorithm.releaseMotion?.description : nil
  let algorithmID = algorithm.id
  let guarded = strata.map { stratum in
    Gen<Example<Algorithm>> { testCase in
      ScenarioInFlight.begin(
        algorithm: algorithmID, motion: motionReplayed, replayTool: replayTool, seed: seed)
      return try stratum.examples.generate(testCase)
    }
  }
  let search = CauseSearch(
    algorithm: algorithm, applicable: applicable, applicableLabels: applicableLabels,
    classLabels: classLabels)
  var result = forAllBuckets(
    guarded, weights: strata.map(\.weight), seed: seed, examples: examples,
    budgets: {
      VerificationBudget.budgets(
        $0.map { (key: $0.key, start: $0.start.scenario) }, examples: examples)
    },
    smaller: { VerificationBudget.size($0.scenario) < VerificationBudget.size($1.scenario) },
    jobs: jobs, typical: { _, scores in VerificationBudget.typicalFloor(scores) },
    buckets: search.hits, score: search.score)
  // The shrinker works on the generator's choices, one step at a time; a whole touch the
  // failure does not need can survive it. Each is taken out of the scenario itself.
  for index in result.buckets.indices {
    result.buckets[index].counterexample = search.withoutTouchesItDoesNotNeed(
      result.buckets[index].counterexample, key: result.buckets[index].key,
      simulation: simulation, declarations: declarations)
  }
  // Every counterexample, and a few plain gestures, replayed on fresh copies: a run that does
  // not repeat makes every finding of the row doubtful.
  let probes =
    result.buckets.map(\.counterexample.scenario)
    + (0..<4).compactMap { offset in
      strata.first { $0.cause == .plain }?.examples.example(seed: seed &+ UInt64(offset))?.scenario
    }
  let unrepeatable = nondeterminism(algorithm, probes: probes, simulation: simulation)
  // The defects a plain gesture shows, under any invariant.
  let plainShows = Set(
    result.buckets.filter { $0.key.cause == .plain }.map {
      Shown(severity: $0.key.severity, defect: $0.key.defect)
    })
  return invariants.map { invariant in
    var finding = Finding(
      algorithm: algorithm.id, motion: algorithm.releaseMotion?.description,
      invariant: invariant, status: .notApplicable, examplesRun: result.examplesRun, seed: seed,
      examples: examples, motionReplaced: replaced, replayTool: replayTool)
    guard let index = applicable.firstIndex(of: invariant) else { return finding }
    finding.applicable = result.labels[applicableLabels[index]] ?? 0
    finding.nondeterminism = unrepeatable
    let causes = VerificationFindings(
      algorithm: algorithm, applicable: applicable, simulation: simulation,
      declarations: declarations, result: result, classLabels: classLabels, plainShows: plainShows
    ).causes(of: index)
    finding.settle(causes)
    return finding
  }
}

/// How `verify` files each example: under a key for every way it breaks an applicable
/// invariant (its invariant, cause class, severity and defect), scored by how badly.
struct CauseSearch<Algorithm: SnapAlgorithm> {
  let algorithm: Algorithm
  /// The invariants searched, in the order `CauseKey.invariant` indexes them.
  let applicable: [Invariant]
  /// `applicable:<id>` for each, built once rather than for every example.
  let applicableLabels: [String]
  let classLabels: [CauseClass: String]

  /// A score for a magnitude: one that is not a number is the worst of all.
  func magnitudeScore(_ violation: Violation) -> Double {
    violation.magnitude.value.isNaN ? .infinity : violation.magnitude.value
  }

  /// Every way `example` breaks an applicable invariant, with its score; labels the run with
  /// its class and the invariants that applied.
  func hits(_ example: Example<Algorithm>, _ run: PropertyContext) -> [(key: CauseKey, score: Double)] {
    let cause = example.run.features.causeClass
    run.label(classLabels[cause]!)
    var hits: [(key: CauseKey, score: Double)] = []
    var without = RideAlong(example, cause: cause)
    for (index, invariant) in applicable.enumerated() {
      let judgement = invariant.judge(example)
      if judgement.applicable { run.label(applicableLabels[index]) }
      // A run's polish is reported only when it has no hazard, which says more about it; it is
      // searched in every class at once.
      for violation in judgement.reported {
        // A hazard of a container change's class that the run shows without the change is
        // not that class's to report: its cause is elsewhere (a plain drag's, most often).
        if violation.severity == .hazard,
          without.showsToo(invariant, violation, with: algorithm)
        {
          continue
        }
        let key = CauseKey(
          invariant: index, cause: violation.severity == .hazard ? cause : nil,
          severity: violation.severity, defect: violation.defect)
        hits.append((key, magnitudeScore(violation)))
      }
    }
    return hits
  }

  /// `example` with every whole touch (from its `began` to its end) taken out that it still
  /// breaks the way `key` names without, the last first, until none can go: the counterexample
  /// a reader is shown holds only the touches the failure needs.
  func withoutTouchesItDoesNotNeed(
    _ example: Example<Algorithm>, key: CauseKey, simulation: Simulation<Algorithm>,
    declarations: Declarations
  ) -> Example<Algorithm> {
    var kept = example
    while true {
      let events = kept.scenario.gesture.events
      var touches: [ClosedRange<Int>] = []
      var began: Int?
      for (index, event) in events.enumerated() {
        switch event.phase {
        case .began: began = index
        case .ended, .cancelled:
          if let start = began { touches.append(start...index) }
          began = nil
        default: break
        }
      }
      guard touches.count > 1 else { return kept }
      var shorter: Example<Algorithm>?
      for touch in touches.reversed() {
        var scenario = kept.scenario
        scenario.gesture.events.removeSubrange(touch)
        let candidate = Example(
          simulating: scenario, with: algorithm, simulation: simulation,
          declarations: declarations)
        if score(candidate, key) != nil {
          shorter = candidate
          break
        }
      }
      guard let shorter else { return kept }
      kept = shorter
    }
  }

  /// How badly `example` breaks the way `key` names, for shrinking and climbing within its
  /// bucket; `nil` when it does not.
  func score(_ example: Example<Algorithm>, _ key: CauseKey) -> Double? {
    let cause = example.run.features.causeClass
    // A failure of several causes at once may shrink to one of them alone (never to a plain
    // gesture, which its own stratum searches): it is then reported under that one. Polish
    // shrinks to whatever class shows it most simply.
    if let wanted = key.cause {
      guard cause == wanted || (wanted == .combined && cause.isSingleCause) else { return nil }
    }
    let invariant = applicable[key.invariant]
    guard let violation = invariant.judge(example).violation(key.defect, key.severity) else {
      return nil
    }
    // Shrunk within its class, a container change's hazard keeps needing the change: it does
    // not shrink to a run that breaks the same way without it.
    var without = RideAlong(example, cause: cause)
    if key.severity == .hazard, without.showsToo(invariant, violation, with: algorithm) {
      return nil
    }
    return magnitudeScore(violation)
  }
}

/// What `verify` found for one algorithm, cause by cause: each bucket of an invariant turned
/// into a `Finding.Cause`, then the causes that say nothing new dropped.
struct VerificationFindings<Algorithm: SnapAlgorithm> {
  let algorithm: Algorithm
  /// The invariants searched, in the order `CauseKey.invariant` indexes them.
  let applicable: [Invariant]
  let simulation: Simulation<Algorithm>
  let declarations: Declarations
  let result: BucketedResult<CauseKey, Example<Algorithm>>
  let classLabels: [CauseClass: String]
  /// The defects a plain gesture shows, under any invariant.
  let plainShows: Set<Shown>

  /// The causes of the invariant at `index`, each with its smallest counterexample and its
  /// worst, less those that say nothing new.
  func causes(of index: Int) -> [Finding.Cause] {
    let causes = result.buckets.filter { $0.key.invariant == index }.compactMap {
      cause(of: $0, invariant: applicable[index])
    }
    return withoutRedundancy(causes)
  }

  /// The cause a bucket found: its counterexample's violation (`nil` when it no longer shows
  /// it), the class it shrank to, and the worst case seen.
  func cause(
    of bucket: FailureBucket<CauseKey, Example<Algorithm>>, invariant: Invariant
  ) -> Finding.Cause? {
    let judge = { (example: Example<Algorithm>) in
      invariant.judge(example).violation(bucket.key.defect, bucket.key.severity)
    }
    guard let violation = judge(bucket.counterexample) else { return nil }
    let shrunkTo = bucket.counterexample.run.features.causeClass
    let searched = bucket.key.cause ?? shrunkTo
    // The worst is the worst of everything seen: the examples, the climb, and the smallest
    // counterexample itself (a shrink can make a case worse as well as smaller).
    var worst = (judge(bucket.worst), bucket.worst.scenario)
    if worst.0.map({ violation.magnitude.value > $0.magnitude.value }) ?? true {
      worst = (violation, bucket.counterexample.scenario)
    }
    var cause = Finding.Cause(
      causeClass: shrunkTo, severity: bucket.key.severity, examples: bucket.hits,
      classExamples: bucket.key.cause.map { result.labels[classLabels[$0]!] ?? 0 }
        ?? result.examplesRun,
      counterexample: bucket.counterexample.scenario, violation: violation,
      worst: worst.0, worstScenario: worst.1, shrinkEvaluations: bucket.shrinkEvaluations)
    cause.searchedClass = searched
    cause.searchedEveryClass = bucket.key.cause == nil
    return cause
  }

  /// `causes` less those that say nothing new, sorted: hazards first, the commonest class
  /// first, then the defects in their order.
  func withoutRedundancy(_ causes: [Finding.Cause]) -> [Finding.Cause] {
    var causes = causes
    // A failure of several causes that shrank to one already found on its own, with the same
    // defect, says nothing new.
    // Its worse worst, if it found one, is that cause's worst: a defect is never hidden behind a
    // smaller one of the same name.
    func twin(_ a: Finding.Cause, _ b: Finding.Cause) -> Bool {
      a.causeClass == b.causeClass && a.severity == b.severity
        && a.violation.defect == b.violation.defect
    }
    let direct = causes.filter { $0.searchedClass == $0.causeClass }
    let reduced = causes.filter { cause in
      cause.searchedClass != cause.causeClass && direct.contains { twin($0, cause) }
    }
    causes.removeAll { cause in
      cause.searchedClass != cause.causeClass && direct.contains { twin($0, cause) }
    }
    for cause in reduced {
      guard let at = causes.firstIndex(where: { $0.searchedClass == $0.causeClass && twin($0, cause) }),
        !causes[at].worst.accountsFor(cause.worst)
      else { continue }
      causes[at].worst = cause.worst
      causes[at].worstScenario = cause.worstScenario
    }
    // Nor does a cause whose counterexample breaks the invariant the same way without it (its
    // container changes and keyboard taken away), when a plain gesture already shows that
    // defect: the change was along for the ride.
    // (Under any invariant: resize-safe's not-docked is docked's without the change.)
    // Both its smallest and its worst counterexample must break it as badly without: a change
    // that makes a defect larger is not along for the ride.
    causes.removeAll { cause in
      guard cause.causeClass.isContainerChange,
        plainShows.contains(Shown(severity: cause.severity, defect: cause.violation.defect))
      else { return false }
      return [(cause.counterexample, cause.violation), (cause.worstScenario, cause.worst)]
        .allSatisfy { scenario, violation in
          let example = Example(
            simulating: scenario.withoutContainerChanges, with: algorithm,
            simulation: simulation, declarations: declarations)
          return applicable.contains {
            $0.judge(example).violation(violation.defect, cause.severity)?.accountsFor(violation)
              ?? false
          }
        }
    }
    // Nor does one that needs several causes at once to show a defect that some single cause
    // already shows.
    let found = causes
    causes.removeAll { combined in
      combined.causeClass == .combined
        && found.contains {
          $0.causeClass != .combined && $0.causeClass != .hostile
            && $0.severity == combined.severity && $0.worst.accountsFor(combined.worst)
        }
    }
    return causes.sorted {
      let a = ($0.severity, $0.causeClass), b = ($1.severity, $1.causeClass)
      if a != b { return a < b }
      return Defect.allCases.firstIndex(of: $0.violation.defect)!
        < Defect.allCases.firstIndex(of: $1.violation.defect)!
    }
  }
}

extension Finding {
  /// Takes `causes` as what was found: its status (a hazard first is violated, polish only is
  /// polish, none holds when the invariant applied), its first cause's counterexample and
  /// violation, and the shrink work of all.
  mutating func settle(_ causes: [Cause]) {
    self.causes = causes
    shrinkEvaluations = causes.reduce(0) { $0 + $1.shrinkEvaluations }
    if let first = causes.first {
      status = first.severity == .hazard ? .violated : .polish
      counterexample = first.counterexample
      violation = first.violation.message
      evidence = first.violation
    } else if applicable > 0 {
      status = .holds
    }
  }
}

/// Why `algorithm` cannot be trusted to repeat a run, or `nil`: each probe scenario is run on a
/// fresh copy twice in a row, and once more after the next probe ran on another copy (state
/// shared between copies changes the run then); two runs that differ are told, with where each
/// came to rest.
func nondeterminism<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, probes: [Scenario], simulation: Simulation<Algorithm>
) -> String? {
  func rest(_ trajectory: Trajectory) -> String {
    let rect = trajectory.rest
    return "(\(describeNumber(rect.midX)), \(describeNumber(rect.midY)))"
  }
  /// The same run: equal, or equal but for values that are not numbers (NaN is not equal to
  /// itself), which print the same.
  func same(_ a: Trajectory, _ b: Trajectory) -> Bool {
    a == b || String(describing: a) == String(describing: b)
  }
  for (index, scenario) in probes.prefix(12).enumerated() {
    let first = simulation(algorithm, scenario)
    let second = simulation(algorithm, scenario)
    var differing: (Trajectory, String)?
    if !same(first, second) {
      differing = (second, "run again on a fresh copy")
    } else if probes.count > 1 {
      _ = simulation(algorithm, probes[(index + 1) % probes.count])
      let third = simulation(algorithm, scenario)
      if !same(first, third) { differing = (third, "run again after another scenario ran on another copy") }
    }
    guard let (other, how) = differing else { continue }
    let outcome = first.rest == other.rest
      ? "its frames differ, though both came to rest centred at \(rest(first))"
      : "it came to rest centred at \(rest(first)) the first time and at \(rest(other)) the second"
    return "the same scenario, \(how), gave a different run: \(outcome). The algorithm draws "
      + "random numbers, reads the clock or shares state between copies (a class instance, a "
      + "static or global variable), so its findings can change from run to run and a seed does "
      + "not reproduce them. The scenario: \(scenario)"
  }
  return nil
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

/// The run of an example of a container change's class with its changes and keyboard taken away,
/// simulated only when a hazard asks, once: whether the same defect shows without them.
struct RideAlong<Algorithm: SnapAlgorithm> {
  let example: Example<Algorithm>
  let applies: Bool
  private var simulated: Example<Algorithm>?

  init(_ example: Example<Algorithm>, cause: CauseClass) {
    self.example = example
    applies = cause.isContainerChange
  }

  /// Whether `invariant` breaks as `violation` says, as a hazard, in the run without the
  /// changes, and as badly (`Violation.accountsFor(_:)`): an item lost 420 pt off the screen
  /// after a rotation is the rotation's, even when it rests 11 pt past the edge without one.
  mutating func showsToo(
    _ invariant: Invariant, _ violation: Violation, with algorithm: Algorithm
  ) -> Bool {
    guard applies else { return false }
    let without =
      simulated
      ?? Example(
        simulating: example.scenario.withoutContainerChanges, with: algorithm,
        simulation: example.simulation, declarations: example.run.algorithm)
    simulated = without
    return invariant.judge(without).violation(violation.defect, .hazard)?.accountsFor(violation)
      ?? false
  }
}

extension Scenario {
  /// The scenario with no container change and no keyboard: a finger on a fixed screen, the
  /// device, bars and gesture as they are.
  var withoutContainerChanges: Scenario {
    var scenario = self
    scenario.gesture.containerChanges = []
    scenario.bars.keyboard = false
    return scenario
  }
}
