/// How an integer range is laid out as choices.
///
/// Values are measured from the range's origin — zero, or the bound nearest it. A range on one
/// side of its origin takes one choice, the distance from the origin. A range that straddles
/// zero takes two: the side (0 for zero and above, 1 for below) and then the distance (below
/// zero, `choice + 1`). Smaller choices are simpler values — shrinking moves towards zero, and
/// prefers positive values — and for a given side the value grows with the choice, so a binary
/// search on the distance finds the boundary of a failure.
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

  /// Whether a side choice precedes the distance.
  var hasSides: Bool { above > 0 && below > 0 }

  /// The value on `side` (0 above the origin, 1 below) at `distance` choices from it.
  func value(side: UInt64, distance: UInt64) -> I {
    if side == 0 && (above > 0 || below == 0) {
      return origin &+ I(truncatingIfNeeded: distance)
    }
    // Below the origin; with two sides, distance 0 is the first value below it.
    let step = hasSides ? distance &+ 1 : distance
    return origin &- I(truncatingIfNeeded: step)
  }

  /// The largest distance choice on `side`.
  func distanceBound(side: UInt64) -> UInt64 {
    if !hasSides { return above > 0 ? above : below }
    return side == 0 ? above : below - 1
  }

  /// The side and distance choices that give `value`, which must lie in the range.
  func choices(for value: I) -> (side: UInt64, distance: UInt64) {
    if value >= origin {
      return (0, UInt64(I.Magnitude(truncatingIfNeeded: value &- origin)))
    }
    let magnitude = UInt64(I.Magnitude(truncatingIfNeeded: origin &- value))
    return hasSides ? (1, magnitude - 1) : (0, magnitude)
  }
}

extension Gen where Value: FixedWidthInteger & Sendable {
  /// Integers in `range`, shrinking towards zero (or the bound nearest it).
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
      .map(layout.choices(for:))
    let sideShare = layout.hasSides
      ? Double(layout.above) / (Double(layout.above) + Double(layout.below)) : 1
    return Gen { testCase in
      // Whether (and which) edge value this draw is; decided by the first random sample.
      var edge: (side: UInt64, distance: UInt64)?
      var side: UInt64 = 0
      if layout.hasSides {
        side = try testCase.choose(upTo: 1) { random in
          if random.next() & 7 == 0 {
            edge = edges[Int(random.next(upTo: UInt64(edges.count - 1)))]
            return edge?.side ?? 0
          }
          // Small magnitudes are as likely on either side; uniform ones follow the range.
          return random.nextUnit() < sideShare ? 0 : 1
        }
      }
      let bound = layout.distanceBound(side: side)
      let distance = try testCase.choose(upTo: bound) { random in
        if !layout.hasSides && edge == nil && random.next() & 7 == 0 {
          edge = edges[Int(random.next(upTo: UInt64(edges.count - 1)))]
        }
        if let edge, edge.side == side { return edge.distance }
        if random.next() & 7 < 3 {
          let width = random.next(upTo: 63) + 1
          let limit = width == 64 ? UInt64.max : (UInt64(1) << width) - 1
          return random.next(upTo: Swift.min(limit, bound))
        }
        return random.next(upTo: bound)
      }
      return layout.value(side: side, distance: distance)
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
