/// SnapCheck's pseudo-random generator: xoshiro256** seeded through SplitMix64.
///
/// Every value SnapCheck draws is derived from this generator's raw 64-bit outputs by code in
/// this package, never by the standard library's `random(in:using:)`, whose algorithm may change
/// between Swift versions: a seed printed today replays the same run on any later toolchain.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
  @usableFromInline var s0: UInt64
  @usableFromInline var s1: UInt64
  @usableFromInline var s2: UInt64
  @usableFromInline var s3: UInt64

  /// A generator whose whole output is determined by `seed`.
  @inlinable
  public init(seed: UInt64) {
    var state = seed
    s0 = Self.splitMix(&state)
    s1 = Self.splitMix(&state)
    s2 = Self.splitMix(&state)
    s3 = Self.splitMix(&state)
  }

  /// One step of SplitMix64: a good 64-bit hash of a counter, used to expand seeds.
  @inlinable
  public static func splitMix(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next 64 raw bits.
  @inlinable
  public mutating func next() -> UInt64 {
    let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = s3.rotatedLeft(by: 45)
    return result
  }

  /// A uniformly distributed value in `0...bound`, by Lemire's multiply-and-reject method.
  @inlinable
  public mutating func next(upTo bound: UInt64) -> UInt64 {
    if bound == .max { return next() }
    let range = bound + 1
    var product = range.multipliedFullWidth(by: next())
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = range.multipliedFullWidth(by: next())
      }
    }
    return product.high
  }

  /// A uniformly distributed double in [0, 1), from the top 53 bits.
  @inlinable
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}

extension UInt64 {
  @inlinable
  func rotatedLeft(by count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
