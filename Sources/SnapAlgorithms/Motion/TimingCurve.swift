import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as Core Animation and CSS define them.
///
/// The control points are `(x1, y1)` and `(x2, y2)`. The x coordinates must lie in [0, 1], which
/// keeps x(t) monotonic so that every progress value has exactly one answer; the y coordinates
/// may leave [0, 1] (a curve that anticipates or overshoots).
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  /// Creates the curve, or returns `nil` when a coordinate is not finite or an x lies outside
  /// [0, 1].
  public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
    guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite,
      (0...1).contains(x1), (0...1).contains(x2)
    else { return nil }
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  @usableFromInline
  init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  public static let linear = TimingCurve(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
  public static let easeIn = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
  public static let easeOut = TimingCurve(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
  public static let easeInOut = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)
  /// Core Animation's `kCAMediaTimingFunctionDefault`.
  public static let `default` = TimingCurve(uncheckedX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

  /// The named curves, under the names users type.
  public static let named: [(name: String, curve: TimingCurve)] = [
    ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut),
    ("ease-in-out", .easeInOut), ("default", .default),
  ]

  public var description: String {
    if let name = Self.named.first(where: { $0.curve == self })?.name { return name }
    return "cubic-bezier(\(formatted(x1)),\(formatted(y1)),\(formatted(x2)),\(formatted(y2)))"
  }

  /// The curve's output at `progress`, the fraction of the duration elapsed.
  ///
  /// Solves x(t) = progress for the Bézier parameter t by Newton's method from a linear first
  /// guess, falling back to bisection; the result is within 1e-12 of the exact curve in t and
  /// so far inside 1e-7 in value. Progress outside [0, 1] is clamped, and NaN gives 0.
  ///
  /// - Complexity: O(1): at most 8 Newton steps and 64 bisection steps.
  @inlinable
  public func value(atProgress progress: Double) -> Double {
    guard progress > 0 else { return 0 }  // also catches NaN
    guard progress < 1 else { return 1 }
    return bezierY(solveParameter(forX: progress))
  }

  // Polynomial coefficients of x(t) = ((ax t + bx) t + cx) t, likewise y.
  @inlinable var cx: Double { 3 * x1 }
  @inlinable var bx: Double { 3 * (x2 - x1) - cx }
  @inlinable var ax: Double { 1 - cx - bx }
  @inlinable var cy: Double { 3 * y1 }
  @inlinable var by: Double { 3 * (y2 - y1) - cy }
  @inlinable var ay: Double { 1 - cy - by }

  @inlinable
  func bezierX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

  @inlinable
  func bezierY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

  @inlinable
  func bezierXDerivative(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The Bézier parameter t in [0, 1] at which x(t) = x, for x in (0, 1).
  @inlinable
  func solveParameter(forX x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = bezierX(t) - x
      if abs(error) < 1e-14 { return t }
      let slope = bezierXDerivative(t)
      if abs(slope) < 1e-9 { break }
      t -= error / slope
      if !(t >= 0 && t <= 1) { break }
    }
    // x(t) is monotonic on [0, 1] because x1 and x2 lie in [0, 1]; bisection always converges.
    var low = 0.0
    var high = 1.0
    t = x
    for _ in 0..<64 {
      let value = bezierX(t)
      if abs(value - x) < 1e-15 { return t }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
      if high - low < 1e-16 { break }
    }
    return t
  }
}

/// A number as users write it: `0.6`, not `0.59999999999999998`.
func formatted(_ value: Double) -> String {
  if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
  return "\(value)"
}
