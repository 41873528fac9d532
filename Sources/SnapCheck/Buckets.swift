import Foundation

/// One kind of failure that `forAllBuckets` found: every example that fell in it was counted,
/// the first was shrunk to the smallest value still in it, and the worst (the highest score)
/// was kept, then climbed from.
public struct FailureBucket<Key: Hashable, Value> {
  /// What kind of failure this is, as the property named it.
  public var key: Key
  /// How many of the examples run fell in it.
  public var hits: Int
  /// How many examples had run when the first fell in it (that one included).
  public var firstHit: Int
  /// The stratum the first one was drawn from; its shrink and climb stay in it.
  public var stratum: Int
  /// The smallest value found in the bucket: the simplest of the random examples that fell in
  /// it (the shortest record of choices, then the least), shrunk.
  public var counterexample: Value
  /// That simplest random example, before shrinking.
  public var originalCounterexample: Value
  /// The record of choices that replays `counterexample` from `stratum`'s generator.
  public var choices: [UInt64]
  /// The highest-scoring value found, and its score: the random examples' best, then the best
  /// of `climbLimit` mutations of it.
  public var worst: Value
  public var worstScore: Double
  /// The least score `counterexample` was shrunk to keep (`forAllBuckets`'s `typical`), or
  /// `nil` when any score in the bucket would do.
  public var floor: Double?
  /// Property runs spent shrinking and climbing.
  public var shrinkEvaluations: Int
  public var climbEvaluations: Int
  /// Whether the first value did not fall in the bucket again when it was replayed from the
  /// same choices: the property depends on something besides its input. It was not shrunk.
  public var isFlaky: Bool
}

/// How much effort one bucket of `forAllBuckets` gets: property runs to shrink it and to climb
/// from its worst, and whether it leads — is shrunk among the first, on its own — or follows: a
/// follower takes the smallest value a leader of its stratum shrank to, when that value falls in
/// the follower's bucket too and is simpler than the follower's own start (the same failure shown
/// by two buckets is shrunk once), and is shrunk itself only when none does.
public struct BucketBudget: Sendable, Equatable {
  public var shrink: Int
  public var climb: Int
  public var leads: Bool

  public init(shrink: Int, climb: Int = 0, leads: Bool = true) {
    self.shrink = shrink
    self.climb = climb
    self.leads = leads
  }
}

/// What `forAllBuckets` found: the buckets in the order their first example came, and what
/// every example that ran recorded.
public struct BucketedResult<Key: Hashable, Value> {
  public var seed: UInt64
  /// Examples that ran (discarded ones left out).
  public var examplesRun: Int
  public var discarded: Int
  /// How many of the examples each label was recorded on.
  public var labels: [String: Int]
  /// How many examples each stratum ran.
  public var examplesPerStratum: [Int]
  public var buckets: [FailureBucket<Key, Value>]
  public var warnings: [String]
}

/// Checks every example of every stratum and sorts what fails into buckets, each shrunk on its
/// own: a search for every kind of failure, not only the first.
///
/// `buckets(value, context)` names the buckets a value falls in, each with a score (how bad
/// it is there; higher is worse) — an empty list when it passes. Every example runs, failing or
/// not. Afterwards each bucket's first example is shrunk to the smallest value that still falls
/// in that bucket — `score(value, key)` says whether a value does (its score), or `nil` — and
/// its worst example is climbed from by up to `climbLimit` random mutations that stay in the
/// bucket, keeping each that scores higher (targeted search towards the worst case).
///
///     let result = forAllBuckets([Gen.int(in: -100...100).array(count: 0...10)], seed: 1,
///       examples: 500, buckets: { xs, _ in xs.contains(0) ? [("zero", 1)] : [] },
///       score: { xs, _ in xs.contains(0) ? 1 : nil })
///     result.buckets[0].counterexample  // [0]
///
/// The examples come from `strata`, in turns set by `weights` (one each by default): example
/// `i` is drawn from the stratum whose turn it is, so every stratum gets its share of the budget
/// whatever the seed, and a bucket's shrink stays within the stratum its first example came
/// from. The random source of example `i` is the one `forAll` and `forAllEach` give it, so the
/// same seed gives the same run. With `jobs` above 1 examples are checked, and buckets shrunk,
/// on that many threads; the result is the same for every `jobs`. `SNAPCHECK_EXAMPLES` scales
/// `examples`, to at most `SnapCheckEnvironment.maximumExamples`; a value that cannot be read,
/// or asks for more, is ignored (or held to the most) and says so in `warnings`.
///
/// `shrinkLimit` bounds the property runs spent shrinking each bucket, and `climbLimit` those
/// spent climbing; `budgets`, when given, decides both for each bucket from every key found (in
/// order of first hit) and the value its shrink starts from, so that the buckets that matter
/// most, or have the most to shrink, get more than the rest. A bucket's shrink starts from its
/// simplest example: by `smaller(a, b)` ("is `a` smaller than `b`?") when given, else the
/// shortest record of choices, then the least.
///
/// `typical(key, scores)`, when given, names for each bucket the least score its counterexample
/// must keep, from the scores of every example that fell in it: the shrink then starts from the
/// simplest example at least that bad and keeps to values at least that bad, so that what the
/// bucket shows first is the size of failure most of its examples have, not the slightest
/// instance the shrinker can reach (`nil`: any score will do).
public func forAllBuckets<Value, Key: Hashable>(
  _ strata: [Gen<Value>], weights: [Int]? = nil, seed: UInt64, examples: Int,
  shrinkLimit: Int = 10_000, climbLimit: Int = 0,
  budgets: (([(key: Key, start: Value)]) -> [BucketBudget])? = nil,
  smaller: ((Value, Value) -> Bool)? = nil, jobs: Int = 1,
  typical: ((Key, [Double]) -> Double?)? = nil,
  buckets classify: (Value, PropertyContext) throws -> [(key: Key, score: Double)],
  score: (Value, Key) -> Double?
) -> BucketedResult<Key, Value> {
  precondition(!strata.isEmpty, "forAllBuckets needs at least one generator")
  ExampleGuard.install()
  return withoutActuallyEscaping(classify) { classify in
    withoutActuallyEscaping(score) { score in
      BucketRun(
        strata: strata, turns: Turns(weights: weights ?? strata.map { _ in 1 }, count: strata.count),
        seed: seed, jobs: max(1, jobs), classify: classify, score: score, smaller: smaller,
        typical: typical
      ).run(
        examples: examples,
        budgets: budgets ?? { $0.map { _ in BucketBudget(shrink: shrinkLimit, climb: climbLimit) } })
    }
  }
}

/// Which stratum each example is drawn from: a smooth weighted round robin, so that the first
/// few examples already visit every stratum with a weight.
struct Turns {
  let cycle: [Int]

  init(weights: [Int], count: Int) {
    let weights = (0..<count).map { $0 < weights.count ? max(0, weights[$0]) : 0 }
    let total = weights.reduce(0, +)
    guard total > 0 else {
      cycle = [0]
      return
    }
    // Each turn goes to the stratum furthest behind its share (the "smooth" weighted round
    // robin): weights 3, 2, 1 give 0, 1, 0, 2, 1, 0.
    var credit = [Int](repeating: 0, count: count)
    var order: [Int] = []
    for _ in 0..<total {
      for i in 0..<count { credit[i] += weights[i] }
      var chosen = 0
      for i in 1..<count where credit[i] > credit[chosen] { chosen = i }
      credit[chosen] -= total
      order.append(chosen)
    }
    cycle = order
  }

  func stratum(of example: UInt64) -> Int { cycle[Int(example % UInt64(cycle.count))] }
}

/// How many of a bucket's examples `forAllBuckets` keeps whole when `typical` asks, to start a
/// typical shrink from: the first that fell in it, a random sample of them.
let typicalCandidates = 64

/// One bucketed run: the random phase, then a shrink and a climb per bucket.
private struct BucketRun<Value, Key: Hashable> {
  let strata: [Gen<Value>]
  let turns: Turns
  let seed: UInt64
  let jobs: Int
  let classify: (Value, PropertyContext) throws -> [(key: Key, score: Double)]
  let score: (Value, Key) -> Double?
  let smaller: ((Value, Value) -> Bool)?
  let typical: ((Key, [Double]) -> Double?)?

  /// What one example recorded: its stratum, choices, labels and the buckets it fell in (`nil`
  /// when discarded).
  struct Outcome {
    var stratum: Int
    var choices: [UInt64]
    var labels: [String]
    var hits: [(key: Key, score: Double)]
    var value: Value
  }

  /// A bucket while the random phase fills it.
  struct Tally {
    var key: Key
    var hits = 0
    var firstHit: Int
    /// The simplest example so far, which the shrink starts from, and its stratum.
    var stratum: Int
    var firstChoices: [UInt64]
    var firstValue: Value
    var worstChoices: [UInt64]
    var worstValue: Value
    var worstScore: Double
    /// The stratum of the worst, which the climb stays in.
    var worstStratum: Int
    /// The score of every example that fell in it, and the first `typicalCandidates` of them
    /// whole: kept only when `typical` asks (a sample to start a typical shrink from, bounded
    /// however large the budget).
    var scores: [Double] = []
    var candidates: [(choices: [UInt64], value: Value, score: Double, stratum: Int)] = []
  }

  func run(examples: Int, budgets: ([(key: Key, start: Value)]) -> [BucketBudget])
    -> BucketedResult<Key, Value>
  {
    let environment = SnapCheckEnvironment.current
    let target = SnapCheckEnvironment.scaledExamples(examples, in: environment)
    let maximumDiscards = max(10 * target, 100)
    var examplesRun = 0
    var discarded = 0
    var perStratum = [Int](repeating: 0, count: strata.count)
    var labels: [String: Int] = [:]
    var tallies: [Tally] = []
    var index: [Key: Int] = [:]
    var next: UInt64 = 0
    var roundSize = 64
    let testCases = (0..<jobs).map { _ in TestCase(maximumChoices: 8192) }
    let contexts = (0..<jobs).map { _ in PropertyContext(isRecording: true) }
    while examplesRun < target, discarded < maximumDiscards {
      let size = min(roundSize, max(target - examplesRun, 1))
      var round = [UncheckedSendable<Outcome?>](repeating: UncheckedSendable(nil), count: size)
      round.withUnsafeMutableBufferPointer { slots in
        concurrentForEach(size, jobs: jobs) { offset, worker in
          slots[offset] = UncheckedSendable(
            outcome(
              of: next + UInt64(offset), testCase: testCases[worker], context: contexts[worker]))
        }
      }
      for slot in round {
        guard examplesRun < target else { break }
        guard let outcome = slot.value else {
          discarded += 1
          if discarded >= maximumDiscards { break }
          continue
        }
        examplesRun += 1
        perStratum[outcome.stratum] += 1
        for label in outcome.labels { labels[label, default: 0] += 1 }
        for (key, score) in outcome.hits {
          if let at = index[key] {
            tallies[at].hits += 1
            if typical != nil {
              tallies[at].scores.append(score)
              if tallies[at].candidates.count < typicalCandidates {
                tallies[at].candidates.append((outcome.choices, outcome.value, score, outcome.stratum))
              }
            }
            if score > tallies[at].worstScore {
              tallies[at].worstScore = score
              tallies[at].worstChoices = outcome.choices
              tallies[at].worstValue = outcome.value
              tallies[at].worstStratum = outcome.stratum
            }
            // The shrink starts from the simplest example that fell in: less to shrink.
            let simpler =
              smaller.map { $0(outcome.value, tallies[at].firstValue) }
              ?? Shrinker.isSimpler(outcome.choices, than: tallies[at].firstChoices)
            if simpler {
              tallies[at].firstChoices = outcome.choices
              tallies[at].firstValue = outcome.value
              tallies[at].stratum = outcome.stratum
            }
          } else {
            index[key] = tallies.count
            tallies.append(
              Tally(
                key: key, hits: 1, firstHit: examplesRun, stratum: outcome.stratum,
                firstChoices: outcome.choices, firstValue: outcome.value,
                worstChoices: outcome.choices, worstValue: outcome.value, worstScore: score,
                worstStratum: outcome.stratum,
                scores: typical == nil ? [] : [score],
                candidates: typical == nil ? [] : [(outcome.choices, outcome.value, score, outcome.stratum)]))
          }
        }
      }
      next += UInt64(size)
      roundSize = min(roundSize * 2, 1 << 16)
    }
    var warnings = SnapCheckEnvironment.warnings(
      scaling: examples, readingSeed: false, in: environment)
    if discarded >= maximumDiscards {
      warnings.append(
        "Too many discards: \(discarded) examples were discarded for \(examplesRun) that ran.")
    }
    // Each bucket is shrunk and climbed on its own, side by side: the results do not depend on
    // the order or the thread.
    var finished = [UncheckedSendable<FailureBucket<Key, Value>?>](
      repeating: UncheckedSendable(nil), count: tallies.count)
    let workers = (0..<min(jobs, max(tallies.count, 1))).map { _ in TestCase(maximumChoices: 8192) }
    // Where a bucket's typical failure is worse than its simplest example, its shrink starts
    // from the simplest example that bad, and keeps to it.
    var floors = [Double?](repeating: nil, count: tallies.count)
    if let typical {
      for position in tallies.indices {
        let tally = tallies[position]
        guard let floor = typical(tally.key, tally.scores) else { continue }
        // The simplest of the sample at least that bad; else the worst, which is.
        var start: (choices: [UInt64], value: Value, score: Double, stratum: Int)? =
          tally.worstScore >= floor
          ? (tally.worstChoices, tally.worstValue, tally.worstScore, tally.worstStratum) : nil
        for hit in tally.candidates where hit.score >= floor {
          let simpler = start.map { start in
            smaller.map { $0(hit.value, start.value) }
              ?? Shrinker.isSimpler(hit.choices, than: start.choices)
          } ?? true
          if simpler { start = hit }
        }
        guard let start else { continue }
        floors[position] = floor
        tallies[position].firstChoices = start.choices
        tallies[position].firstValue = start.value
        tallies[position].stratum = start.stratum
      }
      for position in tallies.indices {
        tallies[position].scores = []
        tallies[position].candidates = []
      }
    }
    let limits = budgets(tallies.map { (key: $0.key, start: $0.firstValue) })
    func budget(_ position: Int) -> BucketBudget {
      position < limits.count ? limits[position] : BucketBudget(shrink: 0)
    }
    // The leaders first, side by side; then the followers, each seeded with what the leaders of
    // its stratum shrank to. Two waves, whatever `jobs`: the result does not depend on it.
    let leaders = tallies.indices.filter { budget($0).leads }
    let followers = tallies.indices.filter { !budget($0).leads }
    for (wave, seeded) in [(leaders, false), (followers, true)] {
      let seeds = seeded
        ? leaders.compactMap { finished[$0].value.map { (stratum: $0.stratum, choices: $0.choices) } }
        : []
      finished.withUnsafeMutableBufferPointer { slots in
        concurrentForEach(wave.count, jobs: jobs) { index, worker in
          let position = wave[index]
          slots[position] = UncheckedSendable(
            finish(
              tallies[position], position: position, testCase: workers[worker],
              shrinkLimit: max(0, budget(position).shrink),
              climbLimit: max(0, budget(position).climb), floor: floors[position], seeds: seeds))
        }
      }
    }
    let buckets = finished.compactMap(\.value)
    for bucket in buckets where bucket.isFlaky {
      warnings.append(
        "Flaky: an example in bucket \(bucket.key) did not fall in it again when replayed, so it "
          + "was not shrunk. Does the property depend on time, on global state or on randomness "
          + "of its own?")
    }
    return BucketedResult(
      seed: seed, examplesRun: examplesRun, discarded: discarded, labels: labels,
      examplesPerStratum: perStratum, buckets: buckets, warnings: warnings)
  }

  /// Draws example `index` from its stratum and names the buckets it falls in.
  func outcome(of index: UInt64, testCase: TestCase, context: PropertyContext) -> Outcome? {
    ExampleGuard.running(seed: seed, example: index) {
      unguardedOutcome(of: index, testCase: testCase, context: context)
    }
  }

  func unguardedOutcome(of index: UInt64, testCase: TestCase, context: PropertyContext) -> Outcome? {
    let stratum = turns.stratum(of: index)
    testCase.reset(random: RunState.random(seed: seed, example: index))
    guard let value = try? strata[stratum].generate(testCase) else { return nil }
    context.clear()
    let hits: [(key: Key, score: Double)]
    do {
      hits = try classify(value, context)
    } catch is TestCase.Discard {
      return nil
    } catch {
      return nil
    }
    return Outcome(
      stratum: stratum, choices: testCase.choices, labels: context.labels, hits: hits,
      value: value)
  }

  /// Shrinks a bucket's first example and climbs from its worst.
  func finish(
    _ tally: Tally, position: Int, testCase: TestCase, shrinkLimit: Int, climbLimit: Int,
    floor: Double? = nil, seeds: [(stratum: Int, choices: [UInt64])] = []
  ) -> FailureBucket<Key, Value> {
    let key = tally.key
    let least = floor ?? -.infinity
    /// The value `choices` replay to from `stratum` (zeros past their end, or `random` draws),
    /// its score in the bucket, and the record it consumed; `nil` when it does not fall in it.
    func replay(
      _ choices: [UInt64], random: Xoshiro256? = nil, spans: Bool = false,
      stratum: Int = tally.stratum
    ) -> (value: Value, score: Double, run: Shrinker.Run)? {
      ExampleGuard.running(seed: seed, example: nil) {
        unguardedReplay(choices, random: random, spans: spans, stratum: stratum)
      }
    }
    func unguardedReplay(
      _ choices: [UInt64], random: Xoshiro256?, spans: Bool, stratum: Int
    ) -> (value: Value, score: Double, run: Shrinker.Run)? {
      let gen = strata[stratum]
      testCase.reset(prefix: choices, random: random, recordsSpans: spans)
      guard let value = try? gen.generate(testCase), let score = score(value, key),
        score >= least || (score.isNaN && least == -.infinity)
      else {
        return nil
      }
      return (
        value, score,
        Shrinker.Run(choices: testCase.choices, spans: testCase.spans, bounds: testCase.bounds)
      )
    }
    var bucket = FailureBucket(
      key: key, hits: tally.hits, firstHit: tally.firstHit, stratum: tally.stratum,
      counterexample: tally.firstValue, originalCounterexample: tally.firstValue,
      choices: tally.firstChoices, worst: tally.worstValue, worstScore: tally.worstScore,
      floor: floor, shrinkEvaluations: 0, climbEvaluations: 0, isFlaky: false)
    guard var start = replay(tally.firstChoices, spans: true) else {
      bucket.isFlaky = true
      return bucket
    }
    // A leader's smallest value that falls in this bucket too, if simpler, is taken as it is:
    // the same failure, shrunk once already.
    var seeded = false
    for seed in seeds where seed.stratum == tally.stratum
      && Shrinker.isSimpler(seed.choices, than: start.run.choices)
    {
      bucket.shrinkEvaluations += 1
      if let found = replay(seed.choices, spans: true),
        Shrinker.isSimpler(found.run.choices, than: start.run.choices)
      {
        start = found
        seeded = true
      }
    }
    var shrinker = Shrinker(failing: start.run, maximumEvaluations: seeded ? 0 : shrinkLimit) {
      candidate in
      replay(candidate, spans: true)?.run
    } redraw: { prefix, seed in
      replay(prefix, random: Xoshiro256(seed: seed), spans: true)?.run
    }
    shrinker.shrink()
    bucket.shrinkEvaluations += shrinker.evaluations
    if let final = replay(shrinker.best.choices) {
      bucket.counterexample = final.value
      bucket.choices = shrinker.best.choices
    } else {
      bucket.counterexample = start.value
    }
    // The climb: mutations of the best record so far, each kept when it stays in the bucket
    // and scores higher.
    guard climbLimit > 0 else { return bucket }
    var best = (choices: tally.worstChoices, bounds: [UInt64](), score: tally.worstScore)
    let climbing = tally.worstStratum
    if let again = replay(tally.worstChoices, stratum: climbing) {
      best.bounds = again.run.bounds
      best.score = again.score
      bucket.worst = again.value
      bucket.worstScore = again.score
    }
    var mutator = Xoshiro256(seed: seed ^ 0x636C_696D_6200_0000 ^ UInt64(position))
    for step in 0..<climbLimit {
      var choices = best.choices
      Mutation.mutate(&choices, bounds: best.bounds, using: &mutator)
      let fresh = RunState.random(seed: seed ^ 0x5EED, example: UInt64(position) << 32 | UInt64(step))
      bucket.climbEvaluations += 1
      guard let candidate = replay(choices, random: fresh, stratum: climbing),
        candidate.score > best.score
      else {
        continue
      }
      best = (candidate.run.choices, candidate.run.bounds, candidate.score)
      bucket.worst = candidate.value
      bucket.worstScore = candidate.score
    }
    return bucket
  }
}

/// The random edits targeted search makes to a good record.
enum Mutation {
  /// Moves one to three choices of `choices` by a step of random scale, or redraws them, within
  /// their `bounds` (a choice past the end of `bounds` is bounded only by `UInt64.max`).
  static func mutate(_ choices: inout [UInt64], bounds: [UInt64], using mutator: inout Xoshiro256)
  {
    guard !choices.isEmpty else { return }
    for _ in 0...mutator.next(upTo: 2) {
      let position = Int(mutator.next(upTo: UInt64(choices.count - 1)))
      let bound = position < bounds.count ? bounds[position] : .max
      if mutator.next() & 1 == 0 {
        choices[position] = mutator.next(upTo: bound)
      } else {
        // A step of any scale up to the choice's bound, small ones as likely as large.
        let scale = mutator.next(upTo: UInt64(63 - min(63, bound.leadingZeroBitCount)))
        let delta = mutator.next(upTo: scale == 63 ? .max : (UInt64(1) << (scale + 1)) - 1) | 1
        choices[position] =
          mutator.next() & 1 == 0
          ? (choices[position] >= delta ? choices[position] - delta : 0)
          : min(
            bound,
            choices[position].addingReportingOverflow(delta).overflow
              ? bound : choices[position] + delta)
      }
    }
  }
}
