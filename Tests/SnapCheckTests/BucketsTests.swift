import Foundation
import Testing

@testable import SnapCheck

/// `forAllBuckets`: every kind of failure found and shrunk on its own, strata that each get
/// their share, worst cases climbed towards.
@Suite("SnapCheck: every kind of failure, each shrunk on its own")
struct BucketsTests {
  static let lists = Gen.int(in: -1000...1000).array(count: 0...12)

  /// Two unrelated defects of one list: a negative element, and a sum over 1,000.
  static func defects(_ xs: [Int]) -> [(key: String, score: Double)] {
    var hits: [(key: String, score: Double)] = []
    if let least = xs.min(), least < 0 { hits.append(("negative", Double(-least))) }
    if xs.reduce(0, +) > 1000 { hits.append(("large sum", Double(xs.reduce(0, +)))) }
    return hits
  }

  static func score(_ xs: [Int], _ key: String) -> Double? {
    defects(xs).first { $0.key == key }?.score
  }

  @Test("both defects are found, each shrunk to its own smallest example")
  func bothDefectsFound() throws {
    let result = forAllBuckets(
      [Self.lists], seed: 3, examples: 300, buckets: { xs, _ in Self.defects(xs) },
      score: Self.score)
    #expect(result.examplesRun == 300)
    let keys = Set(result.buckets.map(\.key))
    #expect(keys == ["negative", "large sum"])
    let negative = try #require(result.buckets.first { $0.key == "negative" })
    #expect(negative.counterexample == [-1])
    let large = try #require(result.buckets.first { $0.key == "large sum" })
    // The smallest list summing past 1,000 with elements up to 1,000: two elements.
    #expect(large.counterexample.count == 2)
    #expect(large.counterexample.reduce(0, +) == 1001)
    #expect(!large.counterexample.contains { $0 < 0 })
    // Every example was counted: most lists of this generator have a negative element.
    #expect(negative.hits > 150 && negative.hits <= 300)
    #expect(negative.firstHit >= 1 && negative.firstHit <= result.examplesRun)
  }

  @Test("with a typical score, a bucket shows the smallest example at least that bad, not the slightest one")
  func typicalFloor() throws {
    // Most negative elements are hundreds below zero; the slightest the shrinker reaches is -1.
    let plain = forAllBuckets(
      [Self.lists], seed: 3, examples: 300, buckets: { xs, _ in Self.defects(xs) },
      score: Self.score)
    #expect(plain.buckets.first { $0.key == "negative" }?.counterexample == [-1])
    let typical = forAllBuckets(
      [Self.lists], seed: 3, examples: 300,
      typical: { key, scores in key == "negative" ? 500 : nil },
      buckets: { xs, _ in Self.defects(xs) }, score: Self.score)
    let negative = try #require(typical.buckets.first { $0.key == "negative" })
    // Shrunk as far as the floor lets it: one element, exactly 500 below zero.
    #expect(negative.counterexample == [-500])
    #expect(negative.floor == 500)
    // The other bucket, with no floor, is shrunk as before.
    #expect(typical.buckets.first { $0.key == "large sum" }?.counterexample.reduce(0, +) == 1001)
    // Its worst is unchanged by the floor.
    #expect(negative.worstScore == plain.buckets.first { $0.key == "negative" }?.worstScore)
  }

  @Test("strata get their turns whatever the seed", arguments: [1, 2, 99] as [UInt64])
  func strataShare(seed: UInt64) {
    let small = Gen.int(in: 0...10)
    let large = Gen.int(in: 1000...2000)
    let result = forAllBuckets(
      [small, large], weights: [3, 1], seed: seed, examples: 400,
      buckets: { x, _ in x % 2 == 1 ? [("odd", Double(x))] : [] },
      score: { x, _ in x % 2 == 1 ? Double(x) : nil })
    #expect(result.examplesPerStratum == [300, 100])
    // The first odd example came from one stratum; its shrink stayed in it.
    let odd = result.buckets[0]
    if odd.stratum == 0 {
      #expect(odd.counterexample == 1)
    } else {
      #expect(odd.counterexample == 1001)
    }
  }

  @Test("the turns interleave: weights 3, 2, 1 visit every stratum within six examples")
  func turnsInterleave() {
    let turns = Turns(weights: [3, 2, 1], count: 3)
    #expect(turns.cycle.count == 6)
    #expect(turns.cycle.filter { $0 == 0 }.count == 3)
    #expect(turns.cycle.filter { $0 == 2 }.count == 1)
    #expect(Set(turns.cycle.prefix(4)) == [0, 1, 2])
  }

  @Test("the result is the same for every number of jobs", arguments: [2, 3])
  func sameForEveryJobs(jobs: Int) {
    func run(_ jobs: Int) -> BucketedResult<String, [Int]> {
      forAllBuckets(
        [Self.lists, Gen.int(in: 0...5).array(count: 0...40)], seed: 7, examples: 500,
        climbLimit: 30, jobs: jobs, buckets: { xs, _ in Self.defects(xs) }, score: Self.score)
    }
    let one = run(1)
    let many = run(jobs)
    #expect(one.buckets.map(\.key) == many.buckets.map(\.key))
    #expect(one.buckets.map(\.counterexample) == many.buckets.map(\.counterexample))
    #expect(one.buckets.map(\.worst) == many.buckets.map(\.worst))
    #expect(one.buckets.map(\.hits) == many.buckets.map(\.hits))
    #expect(one.examplesPerStratum == many.examplesPerStratum)
  }

  @Test("the climb goes past the worst random example towards the worst case")
  func climbFindsWorse() throws {
    // The score peaks at one value that random draws (and the edge values drawn on purpose)
    // do not hit: only steps towards it reach it.
    let gen = Gen.int(in: 0...1_000_000)
    func closeness(_ x: Int) -> Double { -Double(abs(x - 777_777)) }
    let flat = forAllBuckets(
      [gen], seed: 5, examples: 60, buckets: { x, _ in [("near", closeness(x))] },
      score: { x, _ in closeness(x) })
    let climbed = forAllBuckets(
      [gen], seed: 5, examples: 60, climbLimit: 400, buckets: { x, _ in [("near", closeness(x))] },
      score: { x, _ in closeness(x) })
    let before = try #require(flat.buckets.first).worstScore
    let after = try #require(climbed.buckets.first)
    #expect(after.worstScore > before)
    #expect(after.worstScore > before / 100)
    #expect(after.climbEvaluations == 400)
    #expect(closeness(after.worst) == after.worstScore)
  }

  @Test("a property that does not fail the same way twice is reported flaky, not shrunk")
  func flakyBucket() throws {
    final class Counter: @unchecked Sendable { var calls = 0 }
    let counter = Counter()
    let result = forAllBuckets(
      [Gen.int(in: 0...100)], seed: 1, examples: 20,
      buckets: { _, _ in
        counter.calls += 1
        return counter.calls == 3 ? [("once", 1)] : []
      }, score: { _, _ in nil })
    let bucket = try #require(result.buckets.first)
    #expect(bucket.isFlaky)
    #expect(bucket.shrinkEvaluations == 0)
    #expect(result.warnings.contains { $0.contains("Flaky") })
  }

  @Test("labels are counted over every example, failing or not")
  func labelsCounted() {
    let result = forAllBuckets(
      [Gen.int(in: 0...9)], seed: 2, examples: 100,
      buckets: { x, run in
        run.label(x < 5 ? "low" : "high")
        return x == 0 ? [("zero", 1)] : []
      }, score: { x, _ in x == 0 ? 1 : nil })
    #expect((result.labels["low"] ?? 0) + (result.labels["high"] ?? 0) == 100)
  }
}
