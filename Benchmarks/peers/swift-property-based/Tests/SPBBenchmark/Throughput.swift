// Throughput: examples checked per second by PropertyBased's own runner, one call of
// `propertyCheck(count: 200_000, ...)` timed with ContinuousClock, best of 5; the property
// (always passing) is an #expect in the body, as a user writes it.
import PropertyBased
import Testing

func examplesPerSecond<Value>(
  _ name: String, _ gen: Generator<Value, some Sequence>, examples: Int = 200_000,
  _ property: @escaping @Sendable (Value) -> Bool
) async {
  var best = 0.0
  for _ in 0..<5 {
    let checked = Box(0)
    let start = ContinuousClock.now
    await propertyCheck(count: examples, input: gen) { value in
      checked.value += 1
      #expect(property(value))
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    precondition(checked.value == examples, "\(name): \(checked.value) examples checked")
    best = max(best, Double(examples) / seconds)
  }
  print("\(name): \(Int(best)) examples/s (best of 5 runs of \(examples.formatted()))")
}

/// Not one of the three figures: the rate of this harness's seeded loop (one
/// `propertyCheck(count: 1)` under `.fixedSeed` per example), which sets how long the
/// challenge's runs that never fail take.
func seededLoopExamplesPerSecond() async {
  var best = 0.0
  let examples = 20_000
  for round in 0..<5 {
    let start = ContinuousClock.now
    let probe = await runOnce(Gen.int(), seed: UInt64(round + 1), budget: examples) { _ in true }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    precondition(probe.examples == examples && !probe.failed)
    best = max(best, Double(examples) / seconds)
  }
  print("(harness) trivial property over Int, seeded loop of one-example fixedSeed checks: \(Int(best)) examples/s (best of 5 runs of 20,000)")
}

func runThroughput() async {
  await examplesPerSecond("trivial property over Int", Gen.int()) { _ in true }
  await examplesPerSecond("lists, reverse twice", Gen.int(in: -1000...1000).array(of: 0...20)) {
    Array($0.reversed().reversed()) == $0
  }
  await examplesPerSecond("lengthList, max <= 1000", Gen.int(in: 0...1000).array(of: 1...100)) {
    ($0.max() ?? 0) <= 1000
  }
  if environment["SPB_SKIP_HARNESS_RATE"] == nil {
    await seededLoopExamplesPerSecond()
  }
}
