// SnapCheck throughput: examples generated and checked per second, and shrink evaluations for
// the two examples over 20 seeds. Built by ./run.sh with the SnapCheck sources, -O.
import Foundation

func examplesPerSecond<T>(_ name: String, _ gen: Gen<T>, _ property: @escaping (T) -> Bool) {
  var best = 0.0
  for round in 0..<5 {
    let start = ContinuousClock.now
    let result = forAll(gen, seed: UInt64(round), examples: 200_000, property)
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    precondition(result.passed)
    best = max(best, Double(result.examplesRun) / seconds)
  }
  print("\(name): \(Int(best)) examples/s (best of 5 runs of 200,000)")
}

let lists = Gen.int(in: -1000...1000).array(count: 0...20)
let lengthList = Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1000).array(count: n...n) }

examplesPerSecond("trivial property over Gen.int", Gen.int) { _ in true }
examplesPerSecond("lists, reverse twice", lists) { Array($0.reversed().reversed()) == $0 }
examplesPerSecond("lengthList, max <= 1000", lengthList) { ($0.max() ?? 0) <= 1000 }

func shrinkStatistics<T: Equatable>(
  _ name: String, _ gen: Gen<T>, expected: T, _ property: @escaping (T) -> Bool
) {
  var evaluations: [Int] = []
  for seed: UInt64 in 0..<20 {
    let result = forAll(gen, seed: seed, examples: 1000, property)
    precondition(result.counterexample == expected, "seed \(seed): \(String(describing: result.counterexample))")
    evaluations.append(result.shrinkEvaluations)
  }
  let mean = Double(evaluations.reduce(0, +)) / Double(evaluations.count)
  print("\(name): shrink evaluations over 20 seeds: mean \(mean), worst \(evaluations.max() ?? 0)")
}

shrinkStatistics("reverse → [0, 1]", lists, expected: [0, 1]) { $0.reversed() == $0 }
shrinkStatistics("lengthList max < 900 → [900]", lengthList, expected: [900]) { ($0.max() ?? 0) < 900 }
