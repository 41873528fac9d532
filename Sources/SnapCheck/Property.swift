import Foundation

/// What happened when a property was checked.
public struct CheckResult<Value> {
  /// The smallest failing value found, after shrinking; `nil` when every example passed.
  public var counterexample: Value?
  /// The first failing value found, before shrinking.
  public var originalCounterexample: Value?
  /// The run's seed: `forAll(gen, seed: result.seed, …)` replays the same run.
  public var seed: UInt64
  /// How many examples ran, up to and including the first failure.
  public var examplesRun: Int
  /// How many times the property ran while shrinking.
  public var shrinkEvaluations: Int
  /// How many test cases a generator gave up on (a filter found nothing it accepts).
  public var discarded: Int
  /// Why the property failed, or `nil` when it held.
  public var failure: Failure?
  /// How often each label was attached, over the examples that ran.
  public var labels: [String: Int]
  /// Each coverage requirement and how it fared.
  public var coverage: [Coverage]
  /// The choices the shrunk counterexample was generated from.
  public var choices: [UInt64]
  /// How long the run took.
  public var duration: Duration
  /// Whether the failure is one the failure database held, replayed before any new example.
  public var replayedFromDatabase = false
  /// What the property noted (`PropertyContext.note`) on the smallest counterexample.
  public var notes: [String] = []
  /// The highest score each `target` label reached, and the value that reached it.
  public var targets: [String: (score: Double, value: Value)] = [:]
  /// Other ways the property failed while shrinking — a different error type, or `false`
  /// where the first failure threw — each shrunk on its own (at most three).
  public var otherFailures: [(value: Value, failure: Failure)] = []
  /// Health checks that did not pass: a flaky property, examples too large for the choice
  /// limit, examples that are slow. They are printed with a failure and do not fail a run.
  public var warnings: [String] = []

  /// Whether the property held for every example and met every coverage requirement.
  public var passed: Bool { failure == nil }

  /// Why a property failed.
  public enum Failure: Equatable, Sendable {
    /// It returned `false` for `counterexample`.
    case falsified
    /// It threw for `counterexample`; the error's description.
    case threw(String)
    /// Labels that were required to cover a share of the examples and did not.
    case insufficientCoverage([String])
    /// Generators gave up on too many test cases: a filter rejects almost everything.
    case tooManyDiscards
  }

  /// A coverage requirement: `label` should hold in at least `required` percent of examples.
  public struct Coverage: Equatable, Sendable {
    public var label: String
    public var required: Double
    /// How many examples it held in.
    public var hits: Int
    /// Out of how many.
    public var examples: Int
    /// Whether the data rule out the required share (a one-sided 99.9% Wilson bound below it).
    public var isUnmet: Bool

    /// The observed share, in percent.
    public var observed: Double { examples == 0 ? 0 : 100 * Double(hits) / Double(examples) }
  }
}

/// Labels and coverage requirements for the example being checked.
///
/// Take it as the property's second argument: `forAll(gen) { value, check in … }`.
public final class PropertyContext {
  // One property call owns a context, on one thread, and its accesses never overlap: the
  // runtime's exclusivity checks (a call per access) are left out, as in `TestCase`.
  @exclusivity(unchecked) var labels: [String] = []
  @exclusivity(unchecked) var covered: [(label: String, required: Double, holds: Bool)] = []
  let isRecording: Bool

  init(isRecording: Bool) { self.isRecording = isRecording }

  /// Forgets everything recorded, for the next property call (keeping the labels' storage when
  /// nothing else holds it).
  func clear() {
    // Most calls record nothing, and removeAll is not free even on an empty array.
    if !labels.isEmpty { labels.removeAll(keepingCapacity: true) }
    if !covered.isEmpty { covered.removeAll(keepingCapacity: true) }
    if !notes.isEmpty { notes.removeAll(keepingCapacity: true) }
    if !targets.isEmpty { targets.removeAll(keepingCapacity: true) }
  }

  /// Attaches `label` to this example; the result counts how often each label occurred.
  public func label(_ label: String) {
    if isRecording { labels.append(label) }
  }

  /// Requires that `condition` holds in at least `percentage` percent of the examples; the
  /// property fails when the examples show, beyond reasonable doubt, that it does not.
  public func cover(_ percentage: Double, _ label: String, _ condition: Bool) {
    if isRecording { covered.append((label, percentage, condition)) }
  }

  @exclusivity(unchecked) var notes: [String] = []
  @exclusivity(unchecked) var targets: [(label: String, score: Double)] = []

  /// Asks the runner to look for examples where `score` is as high as it can get (hill
  /// climbing, as Hypothesis's `target()` and PropEr's targeted testing do): once half the
  /// examples have run, three in four of the rest are mutations of the highest-scoring example
  /// of each label in turn (one to three choices moved by a step of random scale, or redrawn),
  /// the fourth a fresh one. The best score of each label, and its value, are
  /// in `CheckResult.targets`. Scores that are not finite are ignored.
  public func target(_ score: Double, label: String = "") {
    if score.isFinite { targets.append((label, score)) }
  }

  /// Discards this example unless `condition` holds: it counts neither as a pass nor as a
  /// failure, and shrinking never keeps a candidate that breaks it. (Too many discards end the
  /// run with `tooManyDiscards`, like a filter that rejects almost everything.)
  public func assume(_ condition: Bool) throws {
    if !condition { throw TestCase.Discard() }
  }

  /// Adds `text` to the failure report, printed only with the smallest counterexample: for
  /// intermediate values the property computed from it.
  public func note(_ text: @autoclosure () -> String) {
    notes.append(text())
  }
}

/// Checks `property` on `examples` values from `gen`, and shrinks the first failure.
///
/// A property fails when it returns `false` or throws. The run is reproducible from `seed`;
/// without one, `SNAPCHECK_SEED` is used if set, else a fresh random seed (printed on failure).
/// `SNAPCHECK_EXAMPLES` scales `examples` for every property at once, to at most
/// `SnapCheckEnvironment.maximumExamples`. A setting that cannot be read, or asks for more
/// than that, is not a failure: it is ignored (or held to the most) and says so in `warnings`,
/// which `check` prints even when the property passes. `timeLimit` stops drawing
/// new examples when it runs out (the examples that ran must still pass); `shrinkLimit` bounds
/// the property runs spent shrinking.
///
/// With a `database` and a `databaseKey` naming the property, a failure stored under the key
/// is replayed first (and shrunk again); if it now passes it is removed, and a new failure's
/// shrunk record is stored.
///
/// `explicit` values are checked first, as given (they are not shrunk: a failing one is the
/// counterexample as it is), before the database's and the random ones.
public func forAll<Value>(
  _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 100, explicit: [Value] = [],
  timeLimit: Duration? = nil, shrinkLimit: Int = 10_000, database: FailureDatabase? = nil,
  databaseKey: String? = nil, _ property: (Value) throws -> Bool
) -> CheckResult<Value> {
  forAll(
    gen, seed: seed, examples: examples, explicit: explicit, timeLimit: timeLimit,
    shrinkLimit: shrinkLimit, database: database, databaseKey: databaseKey
  ) { value, _ in try property(value) }
}

/// The smallest value of `gen` for which `predicate` holds, as the shrinker orders values, or
/// `nil` when none of `examples` random ones does.
///
///     find(Gen.int(in: 0...1000).array(count: 0...10)) { $0.reduce(0, +) >= 100 }  // [100]
public func find<Value>(
  _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 1000, shrinkLimit: Int = 10_000,
  where predicate: (Value) throws -> Bool
) -> Value? {
  let result = forAll(gen, seed: seed, examples: examples, shrinkLimit: shrinkLimit) {
    try !predicate($0)
  }
  return result.failure == .falsified ? result.counterexample : nil
}

/// Checks `property` on `examples` values from `gen`, with labels and coverage requirements
/// recorded through the context it is handed; see `forAll(_:seed:examples:timeLimit:shrinkLimit:_:)`.
public func forAll<Value>(
  _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 100, explicit: [Value] = [],
  timeLimit: Duration? = nil, shrinkLimit: Int = 10_000, database: FailureDatabase? = nil,
  databaseKey: String? = nil, _ property: (Value, PropertyContext) throws -> Bool
) -> CheckResult<Value> {
  withoutActuallyEscaping(property) { property in
    runCheck(
      gen, seed: seed, examples: examples, explicit: explicit, timeLimit: timeLimit,
      shrinkLimit: shrinkLimit, database: databaseKey == nil ? nil : database,
      key: databaseKey ?? "", property)
  }
}

/// Where a run that stopped part-way stood: the random examples drawn so far and what they
/// recorded. `runCheck` resumes from it (see `forAllEach`).
struct RunState {
  var exampleIndex: UInt64 = 0
  var examplesRun = 0
  var discarded = 0
  var labels: [String: Int] = [:]
  var coverageHits: [String: (required: Double, hits: Int)] = [:]
  var coverageOrder: [String] = []

  /// Counts what one example that ran recorded: its labels and its coverage conditions.
  mutating func record(
    labels: [String], covered: [(label: String, required: Double, holds: Bool)]
  ) {
    for label in labels { self.labels[label, default: 0] += 1 }
    for requirement in covered {
      if coverageHits[requirement.label] == nil { coverageOrder.append(requirement.label) }
      var entry = coverageHits[requirement.label] ?? (requirement.required, 0)
      entry.required = requirement.required
      if requirement.holds { entry.hits += 1 }
      coverageHits[requirement.label] = entry
    }
  }

  /// The random source of the run's example number `index`: the same for every property
  /// checked with `seed`, so properties checked together see the examples each sees alone.
  static func random(seed: UInt64, example index: UInt64) -> Xoshiro256 {
    var state = seed &+ index &* 0xD1B5_4A32_D192_ED03
    return Xoshiro256(seed: Xoshiro256.splitMix(&state))
  }
}

private func runCheck<Value>(
  _ gen: Gen<Value>, seed: UInt64?, examples: Int, explicit: [Value], timeLimit: Duration?,
  shrinkLimit: Int, database: FailureDatabase?, key: String, resuming resumed: RunState? = nil,
  _ property: @escaping (Value, PropertyContext) throws -> Bool
) -> CheckResult<Value> {
  let run = PropertyRun(
    gen, seed: seed, examples: examples, timeLimit: timeLimit, shrinkLimit: shrinkLimit,
    database: database, key: key, resuming: resumed, property)
  // Explicit examples come first, as they are, then a failure stored by an earlier run (neither
  // when resuming: they ran before), then random examples until one fails.
  if resumed == nil, run.runExplicit(explicit) || run.replayStoredFailure() {
    return run.result
  }
  run.runRandomExamples()
  return run.finish()
}

/// One check of a property, phase by phase: its explicit examples, a stored failure, random
/// examples (climbing towards targets in the second half), the shrink of a failure, and the
/// health checks and coverage at the end.
private final class PropertyRun<Value> {
  let gen: Gen<Value>
  let property: (Value, PropertyContext) throws -> Bool
  let timeLimit: Duration?
  let shrinkLimit: Int
  let database: FailureDatabase?
  let key: String
  let resumed: RunState?
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant
  let runSeed: UInt64
  /// The random examples asked for, scaled by `SNAPCHECK_EXAMPLES`.
  let target: Int
  let maximumDiscards: Int
  let testCase = TestCase(maximumChoices: 8192)
  var result: CheckResult<Value>
  /// The labels and coverage of the random examples, counted as they run (carried over when
  /// resuming).
  var tally: RunState
  /// What kind of failure the last evaluation was: `false`, or the type of what it threw.
  var failureKind = ""
  var overruns = 0

  typealias Outcome = (value: Value, failure: CheckResult<Value>.Failure?, context: PropertyContext)

  init(
    _ gen: Gen<Value>, seed: UInt64?, examples: Int, timeLimit: Duration?, shrinkLimit: Int,
    database: FailureDatabase?, key: String, resuming resumed: RunState?,
    _ property: @escaping (Value, PropertyContext) throws -> Bool
  ) {
    ExampleGuard.install()
    started = clock.now
    self.gen = gen
    self.property = property
    self.timeLimit = timeLimit
    self.shrinkLimit = shrinkLimit
    self.database = database
    self.key = key
    self.resumed = resumed
    let environment = SnapCheckEnvironment.current
    runSeed = seed ?? SnapCheckEnvironment.seed(in: environment) ?? UInt64.random(in: .min ... .max)
    target = SnapCheckEnvironment.scaledExamples(examples, in: environment)
    maximumDiscards = max(10 * target, 100)
    result = CheckResult<Value>(
      counterexample: nil, originalCounterexample: nil, seed: runSeed, examplesRun: 0,
      shrinkEvaluations: 0, discarded: 0, failure: nil, labels: [:], coverage: [], choices: [],
      duration: .zero)
    // A setting that could not be taken at its word says so with the result, whatever it is.
    result.warnings = SnapCheckEnvironment.warnings(
      scaling: examples, readingSeed: seed == nil, in: environment)
    tally = resumed ?? RunState()
  }

  // MARK: Evaluating

  /// Runs the property on what `testCase` generates: `nil` when the case is discarded.
  func evaluate(recording: Bool) -> Outcome? {
    ExampleGuard.running(seed: runSeed, example: nil) {
      unguardedEvaluate(recording: recording)
    }
  }

  func unguardedEvaluate(recording: Bool) -> Outcome? {
    let value: Value
    do {
      value = try gen.generate(testCase)
    } catch {
      if recording, error is TestCase.Overrun { overruns += 1 }
      return nil
    }
    let context = PropertyContext(isRecording: recording)
    do {
      failureKind = "false"
      return (value, try property(value, context) ? nil : .falsified, context)
    } catch is TestCase.Discard {
      return nil
    } catch {
      failureKind = "threw \(type(of: error))"
      return (value, .threw(String(describing: error)), context)
    }
  }

  // MARK: The phases

  /// Runs the explicit examples as they are; returns whether one failed (then `result` says
  /// how).
  func runExplicit(_ explicit: [Value]) -> Bool {
    for value in explicit {
      let context = PropertyContext(isRecording: false)
      var failure: CheckResult<Value>.Failure?
      do {
        if try !property(value, context) { failure = .falsified }
      } catch is TestCase.Discard {
        continue
      } catch {
        failure = .threw(String(describing: error))
      }
      result.examplesRun += 1
      if let failure {
        result.counterexample = value
        result.originalCounterexample = value
        result.failure = failure
        result.notes = context.notes
        result.duration = clock.now - started
        return true
      }
    }
    return false
  }

  /// Replays a failure stored by an earlier run and shrinks it if it still fails (returns
  /// true); one that now passes is forgotten.
  func replayStoredFailure() -> Bool {
    guard let database, let stored = database.load(key) else { return false }
    testCase.reset(prefix: stored, random: nil)
    if let outcome = evaluate(recording: false), let failure = outcome.failure {
      result.examplesRun += 1
      result.replayedFromDatabase = true
      shrinkFailure(outcome, failure)
      result.duration = clock.now - started
      return true
    }
    database.remove(key)
    return false
  }

  /// Random examples until `target` have run, one fails (and is shrunk), too many are
  /// discarded, or the time limit passes; in the second half, three in four mutate the best
  /// record of a target label (hill climbing).
  func runRandomExamples() {
    var exampleIndex: UInt64 = 0
    let randomTarget = target + result.examplesRun
    let climbingFrom = result.examplesRun + target / 2
    if let resumed {
      exampleIndex = resumed.exampleIndex
      result.examplesRun = resumed.examplesRun
      result.discarded = resumed.discarded
      if result.discarded >= maximumDiscards { result.failure = .tooManyDiscards }
    }
    // The best record of each target label, for hill climbing.
    var best: [String: (score: Double, choices: [UInt64], bounds: [UInt64])] = [:]
    var labelsInOrder: [String] = []
    var mutator = Xoshiro256(seed: runSeed ^ 0x7A52_6574_6172_6765)
    while result.examplesRun < randomTarget, result.failure == nil {
      if let timeLimit, clock.now - started > timeLimit { break }
      let fresh = RunState.random(seed: runSeed, example: exampleIndex)
      exampleIndex += 1
      if !labelsInOrder.isEmpty, result.examplesRun >= climbingFrom, exampleIndex & 3 != 0 {
        // A mutation of a best record: one to three choices moved by a step of random scale or
        // redrawn, the rest kept, and anything past its end drawn afresh.
        let label = labelsInOrder[Int(exampleIndex) % labelsInOrder.count]
        let entry = best[label]!
        var choices = entry.choices
        Mutation.mutate(&choices, bounds: entry.bounds, using: &mutator)
        testCase.reset(prefix: choices, random: fresh)
      } else {
        testCase.reset(random: fresh)
      }
      guard let outcome = evaluate(recording: true) else {
        result.discarded += 1
        if result.discarded >= maximumDiscards {
          result.failure = .tooManyDiscards
          break
        }
        continue
      }
      result.examplesRun += 1
      for (label, score) in outcome.context.targets where score > (best[label]?.score ?? -.infinity) {
        if best[label] == nil { labelsInOrder.append(label) }
        best[label] = (score, testCase.choices, testCase.bounds)
        result.targets[label] = (score, outcome.value)
      }
      tally.record(labels: outcome.context.labels, covered: outcome.context.covered)
      guard let failure = outcome.failure else { continue }

      // Shrink: replay edited records (zeros past their end) and keep the simplest failure.
      shrinkFailure(outcome, failure)
      break
    }
  }

  /// The result with its labels, its coverage (a requirement not met is a failure when nothing
  /// else failed), its duration, and warnings for examples too large or too slow.
  func finish() -> CheckResult<Value> {
    result.labels = tally.labels
    result.coverage = tally.coverageOrder.compactMap { label in
      guard let entry = tally.coverageHits[label] else { return nil }
      return CheckResult<Value>.Coverage(
        label: label, required: entry.required, hits: entry.hits, examples: result.examplesRun,
        isUnmet: wilsonUpperBound(hits: entry.hits, of: result.examplesRun) < entry.required / 100)
    }
    if result.failure == nil {
      let unmet = result.coverage.filter(\.isUnmet).map(\.label)
      if !unmet.isEmpty { result.failure = .insufficientCoverage(unmet) }
    }
    result.duration = clock.now - started
    // Health checks.
    if overruns >= 10, overruns * 10 >= result.examplesRun + result.discarded {
      result.warnings.append(
        "Examples too large: \(overruns) test cases needed more than \(testCase.maximumChoices) "
          + "choices and were dropped; bound the sizes of arrays and recursive values.")
    }
    let seconds = Double(result.duration.components.seconds)
      + Double(result.duration.components.attoseconds) * 1e-18
    if result.examplesRun >= 10, seconds / Double(result.examplesRun) > 0.05 {
      result.warnings.append(
        "Slow examples: \(Int(seconds * 1000 / Double(result.examplesRun))) ms each on average "
          + "(generation, property and shrinking); a run of \(target) takes \(Int(seconds)) s.")
    }
    return result
  }

  // MARK: Shrinking

  /// Shrinks the failure `testCase` holds now and records the result (and stores it); other
  /// kinds of failure met on the way are shrunk on their own afterwards, with a quarter of the
  /// budget each.
  func shrinkFailure(_ outcome: Outcome, _ failure: CheckResult<Value>.Failure) {
    result.originalCounterexample = outcome.value
    let original = testCase.choices
    let kind = failureKind
    testCase.reset(prefix: original, random: nil, recordsSpans: true)
    guard let replayed = evaluate(recording: false), replayed.failure != nil, failureKind == kind else {
      // Health check: the same choices passed (or failed otherwise) on replay.
      result.warnings.append(
        "The property is flaky: the failing example behaved differently when replayed, so it "
          + "was not shrunk. Does it depend on time, on global state or on randomness of its own?")
      result.counterexample = outcome.value
      result.failure = failure
      result.choices = original
      return
    }
    // Other kinds of failure met while shrinking this one: shrunk on their own afterwards.
    var others: [String: [UInt64]] = [:]
    let main = shrunk(from: original, kind: kind, budget: shrinkLimit, others: &others)
    result.shrinkEvaluations = main.evaluations
    testCase.reset(prefix: main.choices, random: nil)
    if let final = evaluate(recording: false), let finalFailure = final.failure {
      result.counterexample = final.value
      result.failure = finalFailure
      result.notes = final.context.notes
    } else {
      // The shrinker only keeps failing records, so this is unreachable unless the property
      // is not deterministic; report the original failure rather than none.
      result.counterexample = outcome.value
      result.failure = failure
    }
    result.choices = main.choices
    database?.save(key, result.choices)
    for otherKind in others.keys.sorted() where otherKind != kind {
      guard let choices = others[otherKind] else { continue }
      let other = shrunk(
        from: choices, kind: otherKind, budget: max(1, shrinkLimit / 4), others: &others)
      result.shrinkEvaluations += other.evaluations
      testCase.reset(prefix: other.choices, random: nil)
      if let final = evaluate(recording: false), let otherFailure = final.failure {
        result.otherFailures.append((final.value, otherFailure))
      }
    }
  }

  /// The smallest record found from `choices` that fails with `kind`, and the property runs it
  /// took; notes up to three records of other kinds of failure met on the way in `others`.
  func shrunk(
    from choices: [UInt64], kind: String, budget: Int, others: inout [String: [UInt64]]
  ) -> (choices: [UInt64], evaluations: Int) {
    testCase.reset(prefix: choices, random: nil, recordsSpans: true)
    _ = evaluate(recording: false)
    var met = others
    defer { others = met }
    var shrinker = Shrinker(
      failing: Shrinker.Run(choices: testCase.choices, spans: testCase.spans, bounds: testCase.bounds),
      maximumEvaluations: budget
    ) { candidate in
      self.testCase.reset(prefix: candidate, random: nil, recordsSpans: true)
      guard let replay = self.evaluate(recording: false), replay.failure != nil else { return nil }
      guard self.failureKind == kind else {
        if met[self.failureKind] == nil, met.count < 3 { met[self.failureKind] = self.testCase.choices }
        return nil
      }
      return Shrinker.Run(
        choices: self.testCase.choices, spans: self.testCase.spans, bounds: self.testCase.bounds)
    } redraw: { prefix, seed in
      self.testCase.reset(prefix: prefix, random: Xoshiro256(seed: seed), recordsSpans: true)
      guard let replay = self.evaluate(recording: false), replay.failure != nil,
        self.failureKind == kind
      else { return nil }
      return Shrinker.Run(
        choices: self.testCase.choices, spans: self.testCase.spans, bounds: self.testCase.bounds)
    }
    shrinker.shrink()
    return (shrinker.best.choices, shrinker.evaluations)
  }
}

/// The upper end of a one-sided 99.9% Wilson score interval for a proportion.
func wilsonUpperBound(hits: Int, of total: Int) -> Double {
  guard total > 0 else { return 1 }
  let z = 3.090232306167813  // one-sided 99.9%
  let n = Double(total)
  let p = Double(hits) / n
  let centre = p + z * z / (2 * n)
  let margin = z * ((p * (1 - p) + z * z / (4 * n)) / n).squareRoot()
  return min(1, (centre + margin) / (1 + z * z / n))
}

/// Checks `count` properties on the same examples of `gen`: each example is generated once and
/// handed to every property that has not failed yet (`property(index, value, context)`), and
/// each property's first failure is shrunk on its own.
///
/// Result `i` is exactly what `forAll(gen, seed: seed, examples: examples)` checking property
/// `i` alone returns (same examples run, labels, counterexample and shrink; health-check
/// warnings aside), for properties that do not `target`: this runner does not hill-climb (it
/// stops with a precondition failure if a property targets). Generating once is what makes it
/// cheaper: a generator that does the expensive work (`gen.map { simulate($0) }`) does it once
/// per example for every property.
///
/// With `jobs` above 1 the examples of each round (64, 128, 256, … of them) are generated and
/// checked on that many threads, and the failures shrunk side by side; the results are the same
/// for every `jobs`, because the outcomes are then read in example order as one thread would.
/// `gen` and `property` must then be safe to call from several threads at once.
package func forAllEach<Value>(
  _ gen: Gen<Value>, seed: UInt64, examples: Int, shrinkLimit: Int = 10_000, count: Int,
  jobs: Int = 1, _ property: (Int, Value, PropertyContext) throws -> Bool
) -> [CheckResult<Value>] {
  withoutActuallyEscaping(property) { property in
    let target = SnapCheckEnvironment.scaledExamples(examples)
    let maximumDiscards = max(10 * target, 100)
    let jobs = max(1, jobs)
    var states = [RunState](repeating: RunState(), count: count)
    // Whether property i still takes examples: it has neither failed nor run its budget.
    var active = [Bool](repeating: true, count: count)

    /// What property `i` made of one example: nil when it was discarded.
    typealias Outcome = (failed: Bool, labels: [String], covered: [(label: String, required: Double, holds: Bool)])?

    /// The outcomes of example `index` for the properties `checking`.
    func outcomes(of index: UInt64, checking: [Int], testCase: TestCase, scratch: Scratch)
      -> [Outcome]
    {
      testCase.reset(random: RunState.random(seed: seed, example: index))
      guard let value = try? gen.generate(testCase) else { return checking.map { _ in nil } }
      let context = scratch.context
      return checking.map { i -> Outcome in
        context.clear()
        let failed: Bool
        do {
          failed = try !property(i, value, context)
        } catch is TestCase.Discard {
          return nil
        } catch {
          failed = true
        }
        precondition(context.targets.isEmpty, "forAllEach does not hill-climb: use forAll to target")
        let labels: [String]
        if let seen = scratch.labelLists.first(where: { $0 == context.labels }) {
          labels = seen
        } else {
          labels = context.labels
          if scratch.labelLists.count < 64 { scratch.labelLists.append(labels) }
        }
        return (failed, labels, context.covered)
      }
    }

    var start: UInt64 = 0
    var roundSize: UInt64 = 64
    let scratches = (0..<jobs).map { _ in Scratch() }
    while active.contains(true) {
      let checking = active.indices.filter { active[$0] }
      // No more examples than the property furthest from its budget still needs: a round of
      // 16,384 to finish a run of 20,000 drew 12,704 that nothing read (a run of 200 drew 448).
      // Discarded examples only make another round, and examples are numbered from the seed,
      // so every property sees the examples it would have.
      let needed = checking.map { target - states[$0].examplesRun }.max() ?? 1
      let size = Int(min(roundSize, UInt64(max(needed, 1))))
      var round = [[Outcome]](repeating: [], count: size)
      let testCases = (0..<min(jobs, size)).map { _ in TestCase(maximumChoices: 8192) }
      round.withUnsafeMutableBufferPointer { slots in
        concurrentForEach(size, jobs: jobs) { offset, worker in
          slots[offset] = outcomes(
            of: start + UInt64(offset), checking: checking, testCase: testCases[worker],
            scratch: scratches[worker])
        }
      }
      // Read in example order, as one thread checking property i alone would.
      for offset in 0..<size {
        for (column, i) in checking.enumerated() where active[i] {
          guard let outcome = round[offset][column] else {
            states[i].discarded += 1
            if states[i].discarded >= maximumDiscards {
              states[i].exampleIndex = start + UInt64(offset) + 1
              active[i] = false
            }
            continue
          }
          if outcome.failed {
            // Resumed at this example, the single-property run replays it and shrinks.
            states[i].exampleIndex = start + UInt64(offset)
            active[i] = false
            continue
          }
          states[i].examplesRun += 1
          states[i].record(labels: outcome.labels, covered: outcome.covered)
          if states[i].examplesRun >= target {
            states[i].exampleIndex = start + UInt64(offset) + 1
            active[i] = false
          }
        }
      }
      start += UInt64(size)
      roundSize = min(roundSize * 2, 1 << 16)
    }
    func finish(_ i: Int) -> CheckResult<Value> {
      runCheck(
        gen, seed: seed, examples: examples, explicit: [], timeLimit: nil,
        shrinkLimit: shrinkLimit, database: nil, key: "", resuming: states[i]
      ) { value, context in try property(i, value, context) }
    }
    guard jobs > 1, count > 1 else { return (0..<count).map(finish) }
    var results = [CheckResult<Value>?](repeating: nil, count: count)
    // The failures first: passes take no time.
    let order = (0..<count).sorted { (states[$0].examplesRun < target ? 0 : 1) < (states[$1].examplesRun < target ? 0 : 1) }
    results.withUnsafeMutableBufferPointer { slots in
      concurrentForEach(count, jobs: jobs) { position, _ in slots[order[position]] = finish(order[position]) }
    }
    return results.map { $0! }
  }
}

/// What a `forAllEach` worker reuses from one property call to the next: a context (emptied
/// before each call) and the label lists seen so far, so that the common case — the same labels
/// as an earlier example — allocates nothing.
final class Scratch {
  let context = PropertyContext(isRecording: true)
  @exclusivity(unchecked) var labelLists: [[String]] = [[]]
}

/// Calls `body(index, worker)` for every index in `0..<count`, on up to `jobs` threads at once
/// (`worker` in `0..<min(jobs, count)` says which), and returns when all are done. With one
/// job it is a plain loop on this thread. `body` must be safe to run on several threads: each
/// call may touch only what belongs to its index or its worker.
package func concurrentForEach(_ count: Int, jobs: Int, _ body: (Int, Int) -> Void) {
  guard count > 0 else { return }
  let workers = max(1, min(jobs, count))
  guard workers > 1 else {
    for index in 0..<count { body(index, 0) }
    return
  }
  withoutActuallyEscaping(body) { body in
    let shared = UncheckedSendable((body: body, next: NextIndex()))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      while let index = shared.value.next.take(below: count) { shared.value.body(index, worker) }
    }
  }
}

/// The next index to hand out, under a lock.
final class NextIndex: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0

  func take(below count: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }
}

/// A value handed to worker threads that only ever touch their own parts of it.
struct UncheckedSendable<Wrapped>: @unchecked Sendable {
  var value: Wrapped
  init(_ value: Wrapped) { self.value = value }
}
