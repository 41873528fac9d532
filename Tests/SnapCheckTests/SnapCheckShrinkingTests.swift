import Foundation
import SnapCheck
import Testing

/// False properties must fail and shrink to exactly their minimal counterexample.
@Suite("SnapCheck shrinking")
struct SnapCheckShrinkingTests {
  static let lists = Gen.int(in: -1000...1000).array(count: 0...20)
  static let lengthList = Gen.int(in: 1...100).flatMap { n in
    Gen.int(in: 0...1000).array(count: n...n)
  }

  @Test("reversal: every seed shrinks to [0, 1]", arguments: 0..<20)
  func reverse(seed: UInt64) {
    let result = forAll(Self.lists, seed: seed, examples: 1000) { xs in xs.reversed() == xs }
    #expect(result.counterexample == [0, 1], "seed \(seed): \(String(describing: result.originalCounterexample))")
    #expect(result.failure == .falsified)
  }

  @Test("a list whose length came from flatMap shrinks to [900]", arguments: 0..<20)
  func lengthList(seed: UInt64) {
    let result = forAll(Self.lengthList, seed: seed, examples: 1000) { xs in (xs.max() ?? 0) < 900 }
    #expect(result.counterexample == [900], "seed \(seed): from \(String(describing: result.originalCounterexample?.count)) elements")
  }
}

extension SnapCheckShrinkingTests {
  @Test("integers shrink to the boundary of the failure, on either side of zero")
  func integerBoundaries() {
    #expect(forAll(Gen.int, seed: 1) { $0 < 1000 }.counterexample == 1000)
    #expect(forAll(Gen.int, seed: 2) { $0 > -1000 }.counterexample == -1000)
    #expect(forAll(Gen.int(in: 500...10_000), seed: 3) { $0 < 600 }.counterexample == 600)
    #expect(forAll(Gen.int(in: -10_000 ... -500), seed: 4) { $0 > -600 }.counterexample == -600)
    // The whole UInt64 range shrinks as well as Int's.
    let unsigned = forAll(Gen<UInt64>.integer(in: .min ... .max), seed: 5) { $0 < 1 << 40 }
    #expect(unsigned.counterexample == 1 << 40)
  }

  @Test("shrinking works through filter")
  func throughFilter() {
    let evens = Gen.int(in: 0...10_000).filter { $0 % 2 == 0 }
    for seed: UInt64 in 0..<10 {
      #expect(forAll(evens, seed: seed) { $0 < 101 }.counterexample == 102)
    }
  }

  @Test("shrinking works through map, zip and oneOf")
  func throughMapZipOneOf() {
    let doubled = Gen.int(in: 0...1000).map { $0 * 2 }
    #expect(forAll(doubled, seed: 7) { $0 < 300 }.counterexample == 300)

    // A sum that must stay small shrinks to the simplest pair: the first as small as allowed.
    let pairs = zip(Gen.int(in: 1...1_000_000), Gen.int(in: 1...1_000_000))
    for seed: UInt64 in 0..<10 {
      let result = forAll(pairs, seed: seed) { $0.0 + $0.1 < 1000 }
      #expect(result.counterexample.map { [$0.0, $0.1] } == [1, 999], "seed \(seed)")
    }

    // oneOf shrinks within a generator, and to the first one when the value fails there too.
    let either = Gen.oneOf(Gen.int(in: 0...100), Gen.int(in: 0...2000))
    for seed: UInt64 in 0..<10 {
      let result = forAll(either, seed: seed) { $0 < 50 }
      #expect(result.counterexample == 50)
      #expect(result.choices == [0, 50])
    }
  }

  @Test("doubles shrink to round numbers; special values are found and shrink in order")
  func doubles() {
    let reals = Gen.double(in: 0...10)
    #expect(forAll(reals, seed: 9) { $0 < 1.5 }.counterexample == 2)
    #expect(forAll(Gen.double(in: -10 ... -1), seed: 10) { $0 > -3.5 }.counterexample == -4)
    let hostile = Gen.double(in: 0...1, includingSpecialValues: true)
    let nan = forAll(hostile, seed: 11, examples: 1000) { !$0.isNaN }
    #expect(nan.counterexample?.isNaN == true)
    let infinite = forAll(hostile, seed: 12, examples: 1000) { $0.isFinite }
    #expect(infinite.counterexample == .infinity)
  }

  @Test("the same seed gives the same run, shrink and all")
  func reproducible() {
    let first = forAll(Self.lists, seed: 99) { xs in xs.reversed() == xs }
    let second = forAll(Self.lists, seed: 99) { xs in xs.reversed() == xs }
    #expect(first.examplesRun == second.examplesRun)
    #expect(first.originalCounterexample == second.originalCounterexample)
    #expect(first.shrinkEvaluations == second.shrinkEvaluations)
    #expect(first.choices == second.choices)
    // A different seed draws different values.
    let values = (0..<5).map { Self.lists.example(seed: $0) }
    #expect(Set(values.map { $0 ?? [] }).count > 1)
  }

  @Test("shrinking is bounded by its budget")
  func boundedWork() {
    let result = forAll(Self.lengthList, seed: 5, shrinkLimit: 10) { ($0.max() ?? 0) < 900 }
    #expect(result.shrinkEvaluations <= 10)
    #expect(result.failure == .falsified)
    #expect((result.counterexample?.max() ?? 0) >= 900)
  }

  @Test("a property that throws fails, and its error is reported")
  func throwing() {
    struct Boom: Error {}
    let result = forAll(Gen.int(in: 0...100), seed: 1) { x in
      if x >= 10 { throw Boom() }
      return true
    }
    #expect(result.counterexample == 10)
    #expect(result.failure == .threw("Boom()"))
  }

  @Test("true properties pass every example")
  func truePropertiesPass() {
    let result = forAll(Self.lists, seed: 3, examples: 500) { xs in
      Array(xs.reversed().reversed()) == xs
    }
    #expect(result.passed)
    #expect(result.counterexample == nil)
    // SNAPCHECK_EXAMPLES scales every property's examples, this one's too.
    #expect(result.examplesRun == SnapCheckEnvironment.scaledExamples(500))
    #expect(result.shrinkEvaluations == 0)
  }
}

/// Two problems of the shrinking challenge as it publishes them, where shrinking used to stop
/// short (issue 31): Benchmarks/shrinking-challenge runs all of them.
extension SnapCheckShrinkingTests {
  /// A list of indices into itself, kept only while every element is a valid index: deleting
  /// an element makes the list invalid unless the indices past it are lowered with it.
  @Test("coupling, as published: a list of valid indices shrinks to [1, 0] from every seed")
  func coupling() {
    for seed: UInt64 in 1...30 {
      let result = forAll(Gen.int(in: 0...10).array(count: 0...Int.max), seed: seed, examples: 10_000) {
        list, context in
        try context.assume(list.allSatisfy { $0 < list.count })
        return list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
      }
      #expect(result.counterexample == [1, 0], "seed \(seed)")
    }
  }

  /// Five lists of `Int16` each summing (wrapping) below 256 whose wrapping total reaches
  /// 5 × 256: ends at [-32768] and [-1], not at a list like [1, 32767] that sums to the same.
  @Test("bound5, as published: [-32768] and [-1] alone from every seed")
  func bound5() {
    let bounded = Gen.integer(in: Int16.min...Int16.max).array(count: 0...Int.max)
      .filter { $0.reduce(0, &+) < 256 }
    for seed: UInt64 in 1...30 {
      let result = forAll(zip(bounded, bounded, bounded, bounded, bounded), seed: seed, examples: 10_000) {
        [$0.0, $0.1, $0.2, $0.3, $0.4].joined().reduce(Int16(0), &+) < 5 * 256
      }
      let lists = result.counterexample.map { [$0.0, $0.1, $0.2, $0.3, $0.4].filter { !$0.isEmpty } }
      #expect(lists?.count == 2 && lists?.allSatisfy { $0.count == 1 } == true
        && Set(lists?.map { $0[0] } ?? []) == [-32768, -1], "seed \(seed): \(String(describing: lists))")
    }
  }
}

extension SnapCheckShrinkingTests {
  indirect enum Heap: Equatable, Sendable {
    case empty
    case node(Int, Heap, Heap)

    /// Pre-order, through a stack: the value, then the right subtree before the left.
    var list: [Int] {
      var result: [Int] = []
      var stack: [Heap] = [self]
      while let heap = stack.popLast() {
        guard case .node(let v, let l, let r) = heap else { continue }
        result.append(v)
        stack.append(l)
        stack.append(r)
      }
      return result
    }

    static func merge(_ a: Heap, _ b: Heap) -> Heap {
      switch (a, b) {
      case (.empty, _): return b
      case (_, .empty): return a
      case (.node(let x, let xl, let xr), .node(let y, let yl, let yr)):
        return x <= y ? .node(x, merge(xr, b), xl) : .node(y, merge(yr, a), yl)
      }
    }

    /// The challenge's wrong conversion to a sorted list.
    var wrongSortedList: [Int] {
      guard case .node(let v, let l, let r) = self else { return [] }
      return [v] + Heap.merge(l, r).list
    }

    /// The challenge's heaps: a branch from 1 to 8 (1 ends the heap), a key kept when at least
    /// its parent's, the size halved at each level. A level is five spans below its parent.
    static func generator(bound: Int?, size: Int) -> Gen<Heap> {
      Gen.int(in: 1...8).flatMap { branch in
        if branch == 1 || size <= 0 { return Gen.constant(Heap.empty) }
        let key = bound.map { bound in Gen.int.filter { $0 >= bound } } ?? Gen.int
        return key.flatMap { head in
          zip(generator(bound: head, size: size / 2), generator(bound: head, size: size / 2))
            .map { Heap.node(head, $0.0, $0.1) }
        }
      }
    }
  }

  /// The smallest wrong heap is four nodes deep on one side; reaching it needs a subtree moved
  /// up into its parent's place.
  @Test("binheap, as published: the four-node heap from every seed")
  func binheap() {
    let heaps = Gen.int(in: 0...20).flatMap { Heap.generator(bound: nil, size: $0) }
    let minimum = Heap.node(0, .empty, .node(0, .node(0, .empty, .empty), .node(1, .empty, .empty)))
    for seed: UInt64 in 1...30 {
      let result = forAll(heaps, seed: seed, examples: 100_000) { heap in
        let sorted = heap.wrongSortedList
        return sorted == sorted.sorted() && heap.list.sorted() == sorted
      }
      #expect(result.counterexample == minimum, "seed \(seed): \(String(describing: result.counterexample))")
    }
  }
}
