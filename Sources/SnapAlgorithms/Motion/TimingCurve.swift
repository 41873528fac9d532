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
    self.init(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
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
    return "cubic-bezier(\(describeNumber(x1)),\(describeNumber(y1)),\(describeNumber(x2)),\(describeNumber(y2)))"
  }

  /// The curve's output at `progress`, the fraction of the duration elapsed.
  ///
  /// Solves x(t) = progress for the Bézier parameter t, then returns y(t). Newton's method,
  /// kept inside a shrinking bracket, answers wherever x(t) is steep enough for double
  /// precision to pin t down; where it is nearly flat (x1 = 0 near the start, x2 = 1 near the
  /// end, x1 = 1 with x2 = 0 in the middle) bisection decides the side of each midpoint in
  /// double-double arithmetic instead. Either way the result is within 1e-9 of the exact curve.
  /// Progress outside [0, 1] is clamped, and NaN gives 0.
  ///
  /// - Complexity: O(1): at most 8 Newton steps, then if needed about 60 bisection steps in
  ///   doubles, or at most 1,100 in double-double.
  @inlinable
  public func value(atProgress progress: Double) -> Double {
    guard progress > 0 else { return 0 }  // also catches NaN
    guard progress < 1 else { return 1 }
    // y(t) = x(t) for every t: the curve is the identity whatever t solves.
    if x1 == y1 && x2 == y2 { return progress }
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

  /// x(t) − x, computed so that its rounding error is relative to the distance from the nearer
  /// end: the Bernstein form from (0, 0) for t ≤ ½, and from (1, 1) — in s = 1 − t, exact
  /// there — above. All terms are nonnegative, so nothing cancels; near an end where x(t) is
  /// flat the residual's sign stays right far closer to the root than the power form's.
  @inlinable
  func residual(_ t: Double, _ x: Double) -> Double {
    if t <= 0.5 {
      let u = 1 - t
      return ((3 * x1 * u + 3 * x2 * t) * u + t * t) * t - x
    }
    let s = 1 - t
    let oneMinusX = ((3 * (1 - x2) * t + 3 * (1 - x1) * s) * t + s * s) * s
    return (1 - x) - oneMinusX
  }

  /// The Bézier parameter t in [0, 1] at which x(t) = x, for x in (0, 1).
  @inlinable
  func solveParameter(forX x: Double) -> Double {
    // x(t) increases on [0, 1] because x1 and x2 lie in [0, 1], so [low, high] always brackets
    // the root. Newton's method first, from the linear guess, as long as it stays inside.
    var low = 0.0
    var high = 1.0
    var t = x
    var converged = false
    for _ in 0..<8 {
      let error = residual(t, x)
      if error == 0 {
        converged = true
        break
      }
      if error < 0 { low = t } else { high = t }
      let next = t - error / bezierXDerivative(t)
      if abs(next - t) <= 2 * t.ulp {
        converged = true
        break
      }
      guard next > low && next < high else { break }  // also catches a zero slope
      t = next
    }
    if !converged {
      // Bisection in doubles, down to adjacent numbers: at most about 60 halvings.
      t = low + (high - low) / 2
      while t > low && t < high {
        if residual(t, x) < 0 { low = t } else { high = t }
        t = low + (high - low) / 2
      }
    }
    // The residual's rounding (under 4e-16) moves t by that over the slope, and y by that
    // times y's steepest slope; accept while that stays under 1e-9. Near a flat point of x(t)
    // the double residual cannot be trusted, however small it looks.
    let steepestY = 3 * (abs(y1) + abs(y2 - y1) + abs(1 - y2))
    if abs(bezierXDerivative(t)) >= steepestY * 4e-7 { return t }
    return solveParameterPrecisely(forX: x)
  }

  /// Bisection on t in which the side of each midpoint is decided by x(t) − x evaluated in
  /// double-double arithmetic (about 106 bits), so it stays right where x(t) is flat.
  @usableFromInline
  func solveParameterPrecisely(forX x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<1100 {
      let mid = low + (high - low) / 2
      if mid <= low || mid >= high { break }
      let residual = preciseXMinus(x, at: mid)
      if residual == 0 { return mid }
      if residual < 0 { low = mid } else { high = mid }
    }
    return low + (high - low) / 2
  }

  /// The sign-correct value of x(t) − x, from the Bernstein form
  /// 3 x1 (1−t)² t + 3 x2 (1−t) t² + t³ in double-double arithmetic.
  @usableFromInline
  func preciseXMinus(_ x: Double, at t: Double) -> Double {
    let u = DoubleDouble.sum(1, -t)
    let tt = DoubleDouble(t)
    let first = DoubleDouble.product(3, x1) * u * u * tt
    let second = DoubleDouble.product(3, x2) * u * tt * tt
    let third = tt * tt * tt
    let total = first + second + third + DoubleDouble(-x)
    return total.high + total.low
  }
}

/// An unevaluated sum high + low of two doubles, carrying about 106 bits: enough to decide
/// signs that plain doubles get wrong near a flat point of a curve.
@usableFromInline
struct DoubleDouble {
  @usableFromInline var high: Double
  @usableFromInline var low: Double

  @usableFromInline
  init(_ value: Double) {
    high = value
    low = 0
  }

  @usableFromInline
  init(high: Double, low: Double) {
    self.high = high
    self.low = low
  }

  /// a + b exactly (Knuth's two-sum).
  @usableFromInline
  static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
    let s = a + b
    let bb = s - a
    return DoubleDouble(high: s, low: (a - (s - bb)) + (b - bb))
  }

  /// a × b exactly, using a fused multiply-add for the rounding error.
  @usableFromInline
  static func product(_ a: Double, _ b: Double) -> DoubleDouble {
    let p = a * b
    return DoubleDouble(high: p, low: (-p).addingProduct(a, b))
  }

  @usableFromInline
  static func normalised(_ high: Double, _ low: Double) -> DoubleDouble {
    let s = high + low
    return DoubleDouble(high: s, low: low - (s - high))
  }

  @usableFromInline
  static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let s = sum(a.high, b.high)
    return normalised(s.high, s.low + a.low + b.low)
  }

  @usableFromInline
  static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let p = product(a.high, b.high)
    return normalised(p.high, p.low + a.high * b.low + a.low * b.high)
  }
}
