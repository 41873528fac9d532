import Foundation
import SnapCheck
import Testing

/// Generators stay in range, reach their edges on purpose, and compose.
@Suite("SnapCheck generators")
struct SnapCheckGeneratorTests {
  /// `count` values from `gen`, each from its own seed.
  func sample<T>(_ gen: Gen<T>, _ count: Int = 2000) -> [T] {
    (0..<count).compactMap { gen.example(seed: UInt64($0)) }
  }

  @Test("the generator's raw output is pinned: a seed replays the same values on any toolchain")
  func pinnedValues() {
    // Reference values of xoshiro256** seeded through SplitMix64 (seed 0), computed by hand
    // from the published algorithms: they change only if SnapCheck's generator does.
    var random = Xoshiro256(seed: 0)
    #expect(random.next() == 0x99EC_5F36_CB75_F2B4)
    #expect(random.next(upTo: 9) == 7)
    let drawn = (0..<5).map { Gen.int(in: -1000...1000).example(seed: UInt64($0)) }
    let again = (0..<5).map { Gen.int(in: -1000...1000).example(seed: UInt64($0)) }
    #expect(drawn == again)
  }

  @Test(
    "integers stay in range and hit both bounds, 0 and ±1 on purpose",
    arguments: [-1000...1000, 0...10, 5...1_000_000, -50 ... -3, Int.min...Int.max])
  func integerEdges(range: ClosedRange<Int>) {
    let values = sample(Gen.int(in: range))
    #expect(values.allSatisfy(range.contains))
    let seen = Set(values)
    for edge in [range.lowerBound, range.upperBound, 0, 1, -1] where range.contains(edge) {
      #expect(seen.contains(edge), "\(edge) never drawn from \(range)")
    }
  }

  @Test("other integer types, including the whole UInt8 and Int64 ranges")
  func otherIntegers() {
    let bytes = sample(Gen<UInt8>.integer(in: .min ... .max))
    #expect(Set(bytes).isSuperset(of: [0, 1, 255]))
    let signed = sample(Gen<Int8>.integer(in: .min ... .max))
    #expect(Set(signed).isSuperset(of: [-128, -1, 0, 1, 127]))
  }

  @Test("doubles stay in range, include whole numbers and the bounds; specials only when asked")
  func doubles() {
    let values = sample(Gen.double(in: -2.5...7.25))
    #expect(values.allSatisfy { (-2.5...7.25).contains($0) })
    #expect(values.contains(-2.5))
    #expect(values.contains(7.25))
    #expect(values.contains(0))
    #expect(values.contains { $0 != $0.rounded() })
    let hostile = sample(Gen.double(in: 0...1, includingSpecialValues: true))
    #expect(hostile.contains { $0.isNaN })
    #expect(hostile.contains(.infinity))
    #expect(hostile.contains(-.infinity))
    #expect(hostile.contains { $0 == 0 && $0.sign == .minus })
    #expect(hostile.contains { $0.isSubnormal })
    let wide = sample(Gen.double(in: -.greatestFiniteMagnitude ... .greatestFiniteMagnitude))
    #expect(wide.allSatisfy { $0.isFinite })
  }

  @Test("arrays respect their count; element, oneOf, frequency, bool, constant")
  func collectionsAndChoices() {
    let arrays = sample(Gen.int(in: 0...9).array(count: 3...7))
    #expect(arrays.allSatisfy { (3...7).contains($0.count) })
    #expect(Set(arrays.map(\.count)) == Set(3...7))
    #expect(sample(Gen.element(of: ["a", "b", "c"])).reduce(into: Set<String>()) { $0.insert($1) } == ["a", "b", "c"])
    let bools = sample(Gen.bool)
    #expect(bools.contains(true) && bools.contains(false))
    #expect(sample(Gen.constant(42), 10) == Array(repeating: 42, count: 10))
    // frequency: weights 9:1 give roughly 90% from the first generator.
    let weighted = sample(Gen.frequency((9, Gen.constant(0)), (1, Gen.constant(1))), 4000)
    let share = Double(weighted.filter { $0 == 0 }.count) / Double(weighted.count)
    #expect((0.86...0.94).contains(share), "\(share)")
    let either = sample(Gen.oneOf(Gen.constant(1), Gen.constant(2), Gen.constant(3)))
    #expect(Set(either) == [1, 2, 3])
  }

  indirect enum Tree: Equatable, Sendable {
    case leaf(Int)
    case node(Tree, Tree)
    var size: Int {
      switch self {
      case .leaf: return 1
      case .node(let left, let right): return left.size + right.size
      }
    }
  }

  static let trees: Gen<Tree> = Gen.frequency(
    (3, Gen.int(in: 0...9).map(Tree.leaf)),
    (2, zip(Gen.deferred { trees }, Gen.deferred { trees }).map { Tree.node($0.0, $0.1) }))

  @Test("deferred builds recursive values, and they shrink")
  func recursion() {
    let values = sample(Self.trees, 200)
    #expect(values.contains { $0.size > 3 })
    let result = forAll(Self.trees, seed: 4) { $0.size < 3 }
    #expect(result.counterexample == .node(.leaf(0), .node(.leaf(0), .leaf(0))))
  }

  @Test("zip pairs up to five generators")
  func zips() {
    let five = zip(Gen.constant(1), Gen.constant("b"), Gen.bool, Gen.int(in: 7...7), Gen.constant(5.0))
    let value = five.example()
    #expect(value?.0 == 1 && value?.1 == "b" && value?.3 == 7 && value?.4 == 5)
  }

  @Test("SNAPCHECK_SEED and SNAPCHECK_EXAMPLES are read from the environment")
  func environment() {
    #expect(SnapCheckEnvironment.seed(in: ["SNAPCHECK_SEED": "12345"]) == 12345)
    #expect(SnapCheckEnvironment.seed(in: ["SNAPCHECK_SEED": "0xff"]) == 255)
    #expect(SnapCheckEnvironment.seed(in: ["SNAPCHECK_SEED": "nope"]) == nil)
    #expect(SnapCheckEnvironment.seed(in: [:]) == nil)
    #expect(SnapCheckEnvironment.examplesFactor(in: ["SNAPCHECK_EXAMPLES": "10"]) == 10)
    #expect(SnapCheckEnvironment.examplesFactor(in: ["SNAPCHECK_EXAMPLES": "-1"]) == 1)
    #expect(SnapCheckEnvironment.examplesFactor(in: [:]) == 1)
  }
}
