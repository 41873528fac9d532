import Foundation
import Testing

@testable import SnapCheck

/// `forAllEach` (one generation, several properties, on several threads) gives each property
/// exactly what `forAll` gives it alone.
@Suite("SnapCheck: several properties on the same examples")
struct ForAllEachTests {
  /// Properties of a list that fail at different examples, hold, discard and label.
  static var properties: [(([Int], PropertyContext) throws -> Bool)] { [
    { xs, _ in xs.reduce(0, +) < 900 },
    { xs, run in
      run.label(xs.isEmpty ? "empty" : "some")
      return true
    },
    { xs, run in
      try run.assume(xs.count != 3)
      return !xs.contains(77)
    },
    { xs, _ in xs.count < 9 },
    { xs, _ in
      struct Odd: Error {}
      if xs.first.map({ $0 % 97 == 13 }) == true { throw Odd() }
      return true
    },
  ] }

  @Test("each result is the one forAll gives that property alone, for every number of jobs", arguments: [1, 3])
  func sameAsAlone(jobs: Int) {
    let gen = Gen.int(in: 0...200).array(count: 0...12)
    let together = forAllEach(gen, seed: 11, examples: 300, count: Self.properties.count, jobs: jobs) {
      index, value, run in try Self.properties[index](value, run)
    }
    #expect(together.count == Self.properties.count)
    var failures = 0
    for (index, property) in Self.properties.enumerated() {
      let alone = forAll(gen, seed: 11, examples: 300, property)
      let both = together[index]
      #expect(both.counterexample == alone.counterexample, "property \(index)")
      #expect(both.originalCounterexample == alone.originalCounterexample, "property \(index)")
      #expect(both.failure == alone.failure, "property \(index)")
      #expect(both.examplesRun == alone.examplesRun, "property \(index)")
      #expect(both.discarded == alone.discarded, "property \(index)")
      #expect(both.labels == alone.labels, "property \(index)")
      #expect(both.shrinkEvaluations == alone.shrinkEvaluations, "property \(index)")
      #expect(both.choices == alone.choices, "property \(index)")
      if alone.failure != nil { failures += 1 }
    }
    // The check means something only if some properties fail and some hold.
    #expect(failures >= 3)
    #expect(together[1].passed && together[1].labels["some"] ?? 0 > 0)
    #expect(together[2].discarded > 0)
  }

  @Test("concurrentForEach visits every index exactly once, on at most `jobs` workers")
  func concurrentForEachVisitsAll() {
    var seen = [Int](repeating: 0, count: 1000)
    var workers = [Int](repeating: -1, count: 1000)
    seen.withUnsafeMutableBufferPointer { seen in
      workers.withUnsafeMutableBufferPointer { workers in
        concurrentForEach(1000, jobs: 4) { index, worker in
          seen[index] += 1
          workers[index] = worker
        }
      }
    }
    #expect(seen.allSatisfy { $0 == 1 })
    #expect(workers.allSatisfy { (0..<4).contains($0) })
  }
}
