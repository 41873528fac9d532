/// How an integer range is laid out as one choice.
///
/// Values are measured from the range's origin — zero, or the bound nearest it. A range on one
/// side of its origin is the distance from the origin. A range that straddles zero interleaves
/// the two sides, 0, 1, −1, 2, −2, …, and goes on along the longer side once the shorter one
/// ends: so a value's sign and magnitude shrink in one move (−1 is simpler than 2), and
/// lowering the choice by two keeps the sign and moves one step towards zero.
@usableFromInline
struct IntegerLayout<I: FixedWidthInteger & Sendable>: Sendable {
  let origin: I
  /// How many values lie above and below the origin.
  let above: UInt64
  let below: UInt64

  init(_ range: ClosedRange<I>) {
    let origin: I =
      range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
    self.origin = origin
    above = UInt64(I.Magnitude(truncatingIfNeeded: range.upperBound &- origin))
    below = UInt64(I.Magnitude(truncatingIfNeeded: origin &- range.lowerBound))
  }

  /// Whether the range has values on both sides of its origin.
  var hasSides: Bool { above > 0 && below > 0 }

  /// The largest choice: one per value beside the origin (at most `UInt64.max`, for the whole
  /// range of a 64-bit integer).
  var bound: UInt64 { above &+ below }

  /// How far the sides interleave: the shorter side's length.
  var interleaved: UInt64 { Swift.min(above, below) }

  /// The value a choice stands for.
  func value(choice: UInt64) -> I {
    if !hasSides {
      return above > 0 ? origin &+ I(truncatingIfNeeded: choice) : origin &- I(truncatingIfNeeded: choice)
    }
    let shared = interleaved
    if choice / 2 < shared || (choice / 2 == shared && choice & 1 == 0) {
      // 1 → +1, 2 → −1, 3 → +2, 4 → −2, …
      let magnitude = (choice &+ 1) / 2
      return choice & 1 == 1
        ? origin &+ I(truncatingIfNeeded: magnitude) : origin &- I(truncatingIfNeeded: magnitude)
    }
    let magnitude = choice &- shared
    return above > below
      ? origin &+ I(truncatingIfNeeded: magnitude) : origin &- I(truncatingIfNeeded: magnitude)
  }

  /// The choice of `value`, which must lie in the range.
  func choice(for value: I) -> UInt64 {
    let positive = value >= origin
    let magnitude =
      positive
      ? UInt64(I.Magnitude(truncatingIfNeeded: value &- origin))
      : UInt64(I.Magnitude(truncatingIfNeeded: origin &- value))
    if !hasSides || magnitude == 0 { return magnitude }
    if magnitude <= interleaved { return positive ? magnitude &* 2 &- 1 : magnitude &* 2 }
    return magnitude &+ interleaved
  }
}

extension Gen where Value: FixedWidthInteger & Sendable {
  /// Integers in `range`, shrinking towards zero (or the bound nearest it), one choice each.
  ///
  /// At random: one draw in eight is an edge value on purpose — a bound, 0, ±1 and their
  /// neighbours — three in eight are small (a random bit width, so that every magnitude is
  /// likely), the rest uniform over the side.
  public static func integer(in range: ClosedRange<Value>) -> Gen<Value> {
    let layout = IntegerLayout(range)
    var edgeValues: [Value] = [range.lowerBound, range.upperBound, 0, 1, 0 &- 1]
    edgeValues.append(range.lowerBound &+ 1)
    edgeValues.append(range.upperBound &- 1)
    let edges = Array(Set(edgeValues.filter { range.contains($0) })).sorted()
    let sideShare = layout.hasSides
      ? Double(layout.above) / (Double(layout.above) + Double(layout.below)) : 1
    let sideBound = layout.hasSides ? layout.above : (layout.above > 0 ? layout.above : layout.below)
    let belowBound = layout.hasSides ? layout.below - 1 : 0
    return Gen { testCase in
      let choice = try testCase.choose(upTo: layout.bound) { random in
        // The random stream is drawn as it always was (a side, then a distance from the
        // origin), so a seed gives the same values; the value is then recorded as one choice.
        var edge: Value?
        var below = false
        if layout.hasSides {
          if random.next() & 7 == 0 {
            edge = edges[Int(random.next(upTo: UInt64(edges.count - 1)))]
            below = edge.map { $0 < layout.origin } ?? false
          } else {
            below = !(random.nextUnit() < sideShare)
          }
        }
        let distanceBound = below ? belowBound : sideBound
        if !layout.hasSides && random.next() & 7 == 0 {
          edge = edges[Int(random.next(upTo: UInt64(edges.count - 1)))]
        }
        if let edge { return layout.choice(for: edge) }
        let distance: UInt64
        if random.next() & 7 < 3 {
          let width = random.next(upTo: 63) + 1
          let limit = width == 64 ? UInt64.max : (UInt64(1) << width) - 1
          distance = random.next(upTo: Swift.min(limit, distanceBound))
        } else {
          distance = random.next(upTo: distanceBound)
        }
        // With two sides, distance 0 below the origin is the first value below it.
        let value = below ? layout.origin &- Value(truncatingIfNeeded: distance &+ 1)
          : (layout.hasSides || layout.above > 0
            ? layout.origin &+ Value(truncatingIfNeeded: distance)
            : layout.origin &- Value(truncatingIfNeeded: distance))
        return layout.choice(for: value)
      }
      return layout.value(choice: choice)
    }
  }
}

extension Gen where Value == Int {
  /// Integers in `range`, shrinking towards zero (or the bound nearest it).
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> { integer(in: range) }

  /// Any `Int`, from `Int.min` to `Int.max`, with small values and the extremes drawn often.
  public static var int: Gen<Int> { integer(in: Int.min...Int.max) }
}

extension Gen where Value == Bool {
  /// `false` or `true`, equally likely; shrinks to `false`.
  public static var bool: Gen<Bool> {
    Gen { testCase in try testCase.chooseBool() }
  }
}

extension Gen where Value == Double {
  /// The special values `Gen.double(in:includingSpecialValues:)` may add, simplest first.
  public static let specialValues: [Double] = [
    0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
    -.leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity,
    -.infinity, .nan,
  ]

  /// Doubles in `range`, shrinking towards zero (or the bound nearest it) and towards whole
  /// numbers; with `includingSpecialValues`, also ±0, subnormals, the extremes, ±infinity and
  /// NaN, whatever the range.
  ///
  /// Each value is drawn in one of three ways, and shrinking prefers the earlier ones: a whole
  /// number in the range (so failures shrink to round numbers), a uniformly spread real (the
  /// bounds included on purpose), or a special value.
  public static func double(
    in range: ClosedRange<Double>, includingSpecialValues: Bool = false
  ) -> Gen<Double> {
    precondition(
      range.lowerBound.isFinite && range.upperBound.isFinite,
      "Gen.double(in:) needs finite bounds; ask for special values with includingSpecialValues")
    let low = range.lowerBound
    let high = range.upperBound
    let origin = range.contains(0) ? 0 : (low > 0 ? low : high)
    // Whole numbers in range, limited to where doubles still represent every integer.
    let limit = 9_007_199_254_740_992.0  // 2^53
    let wholeLow = Swift.max(low.rounded(.up), -limit)
    let wholeHigh = Swift.min(high.rounded(.down), limit)
    let whole: Gen<Int>? =
      wholeLow <= wholeHigh ? .int(in: Int(wholeLow)...Int(wholeHigh)) : nil
    let kinds: UInt64 = includingSpecialValues ? 2 : 1
    let fractionBound: UInt64 = 1 << 53
    let specialBound = UInt64(specialValues.count - 1)
    return Gen { testCase in
      let kind = try testCase.choose(upTo: kinds) { random in
        let roll = random.next() % 20
        if includingSpecialValues && roll < 3 { return 2 }
        return roll < 7 ? 0 : 1
      }
      switch kind {
      case 0 where whole != nil:
        return Double(try whole?.generate(testCase) ?? 0)
      case 2:
        return specialValues[Int(try testCase.chooseUniformly(upTo: specialBound))]
      default:
        // A side (0: towards the upper bound, 1: towards the lower one) where both exist, then
        // the fraction of the way from the origin to that bound; 2^53 is the bound itself.
        let downwards = origin > low && origin < high ? try testCase.chooseBool() : origin == high
        let fraction = try testCase.choose(upTo: fractionBound) { random in
          random.next() & 15 == 0 ? fractionBound : random.next(upTo: fractionBound)
        }
        let share = Double(fraction) / Double(fractionBound)
        let end = downwards ? low : high
        // origin + share × (end − origin), written to stay finite for the widest ranges.
        let value = origin + share * (end / 2 - origin / 2) * 2
        return Swift.min(Swift.max(value, low), high)
      }
    }
  }

  /// Any double at all: every finite value, and the special values often.
  public static var anyDouble: Gen<Double> {
    double(in: -.greatestFiniteMagnitude ... .greatestFiniteMagnitude, includingSpecialValues: true)
  }
}
