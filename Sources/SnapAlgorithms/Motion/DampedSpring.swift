import Foundation

/// A damped harmonic oscillator pulling an item towards its target, solved in closed form.
///
/// The state is the displacement x from the target and its velocity; the equation of motion is
/// m x'' + c x' + k x = 0. Three parameterisations are offered: mass/stiffness/damping (Core
/// Animation's `CASpringAnimation`), damping ratio/response (SwiftUI and most UIKit helpers),
/// and UIView's damping/duration/initial-velocity form (see `uikit(dampingRatio:duration:initialVelocity:)`).
///
/// Named so as not to collide with SwiftUI's `Spring`.
public struct DampedSpring: Hashable, Sendable {
  public let mass: Double
  public let stiffness: Double
  public let damping: Double
  /// The velocity at the start, normalised by the distance to travel: 1 means the whole
  /// distance per second, in the direction of the target. This is UIKit's convention.
  public let initialVelocity: Double
  /// When set, the animation lasts exactly this long and then stops on the target, as UIView
  /// spring animations do; otherwise it lasts until the spring settles (see `settleTime`).
  public let fixedDuration: Double?
  /// How the spring was specified, so that it prints back the way the user wrote it.
  public let form: Form

  /// The parameterisation a spring was created from.
  public enum Form: Hashable, Sendable {
    case massStiffnessDamping
    case dampingRatioResponse(dampingRatio: Double, response: Double)
    case uikit(dampingRatio: Double, duration: Double)
  }

  /// The settle tolerance: the motion has settled once its displacement stays within this
  /// fraction of the distance travelled. 0.001 is the threshold the community reconstruction of
  /// UIKit's duration uses, and a tenth of a point on a 100 pt move.
  public static let settleTolerance = 1e-3

  /// Creates a spring from its physical constants, or `nil` unless all three are positive and
  /// finite and the initial velocity is finite.
  public init?(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    guard mass.isFinite, stiffness.isFinite, damping.isFinite, initialVelocity.isFinite,
      mass > 0, stiffness > 0, damping > 0
    else { return nil }
    self.init(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
      fixedDuration: nil, form: .massStiffnessDamping)
    guard isUsable else { return nil }
  }

  /// Creates a spring from a damping ratio ζ and a response (the period, in seconds, of the
  /// undamped oscillation), with mass 1: k = (2π / response)², c = 4π ζ / response.
  public init?(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
    guard dampingRatio.isFinite, response.isFinite, initialVelocity.isFinite,
      dampingRatio > 0, response > 0
    else { return nil }
    let stiffness = (2 * Double.pi / response) * (2 * Double.pi / response)
    let damping = 4 * Double.pi * dampingRatio / response
    self.init(
      mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
      fixedDuration: nil, form: .dampingRatioResponse(dampingRatio: dampingRatio, response: response))
    guard isUsable else { return nil }
  }

  /// UIView's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
  ///
  /// UIKit does not document how it turns a duration into a stiffness. This model uses the
  /// community reconstruction: mass 1, and the natural frequency ω0 chosen so that the slowest
  /// decaying term of the motion has shrunk to 0.001 of the distance at `duration` — for ζ ≤ 1
  /// that is e^(−ζ ω0 duration) = 0.001. The animation then lasts exactly `duration` and stops
  /// on the target, as UIKit's does. `initialVelocity` is UIKit's: normalised by the distance.
  public static func uikit(dampingRatio: Double, duration: Double, initialVelocity: Double)
    -> DampedSpring?
  {
    guard dampingRatio.isFinite, duration.isFinite, initialVelocity.isFinite,
      dampingRatio > 0, duration > 0
    else { return nil }
    // Decay rate of the slowest term per unit ω0: ζ when ζ ≤ 1, ζ − √(ζ² − 1) above.
    let decayPerOmega =
      dampingRatio <= 1
      ? dampingRatio : 1 / (dampingRatio * (1 + (1 - 1 / (dampingRatio * dampingRatio)).squareRoot()))
    let omega = log(1 / settleTolerance) / (decayPerOmega * duration)
    guard omega.isFinite, omega > 0 else { return nil }
    let spring = DampedSpring(
      mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
      initialVelocity: initialVelocity, fixedDuration: duration,
      form: .uikit(dampingRatio: dampingRatio, duration: duration))
    return spring.isUsable ? spring : nil
  }

  /// Whether the constants survive floating point: ω0 and ζ finite and positive, and a settle
  /// time that is finite. Extreme inputs (stiffness 1e-300 on mass 1e300) fail it.
  var isUsable: Bool {
    let omega = naturalFrequency
    let zeta = dampingRatio
    // 2 ω0 ζ (1 + s) is the overdamped spring's fast rate: it too must be a number.
    guard omega.isFinite, omega > 0, zeta.isFinite, zeta > 0, (4 * omega * zeta).isFinite else {
      return false
    }
    return settleTime.isFinite
  }

  @usableFromInline
  init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
    fixedDuration: Double?, form: Form
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.fixedDuration = fixedDuration
    self.form = form
  }

  /// The same spring started with a different normalised initial velocity.
  public func withInitialVelocity(_ velocity: Double) -> DampedSpring {
    DampedSpring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
      fixedDuration: fixedDuration, form: form)
  }

  /// ω0 = √(k / m), in radians per second.
  @inlinable public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// ζ = c / (2 √(k m)): below 1 the spring oscillates, at 1 it is critically damped.
  @inlinable public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Displacement from the target and velocity at time `t` ≥ 0, from displacement `x0` and
  /// velocity `v0` at time 0.
  ///
  /// Closed form in each regime. Ratios within 1e-6 of 1 use the critically damped solution,
  /// which is the limit of both others and avoids dividing by a vanishing ωd.
  ///
  /// - Complexity: O(1)
  @inlinable
  public func state(at t: Double, displacement x0: Double, velocity v0: Double)
    -> (displacement: Double, velocity: Double)
  {
    state(phase(at: t), displacement: x0, velocity: v0)
  }

  /// What the closed form needs of the time `t` alone (its exponentials, sine and cosine):
  /// computed once, it serves every start evaluated at `t` (both axes of one animation), with
  /// the same result as `state(at:displacement:velocity:)` for each.
  @inlinable
  func phase(at t: Double) -> Phase {
    let omega0 = naturalFrequency
    let zeta = dampingRatio
    if abs(zeta - 1) < 1e-6 {
      return Phase(regime: .critical, t: t, omega0: omega0, zeta: zeta, first: exp(-omega0 * t))
    } else if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      return Phase(
        regime: .underdamped, t: t, omega0: omega0, zeta: zeta, first: exp(-zeta * omega0 * t),
        cosine: cos(omegaD * t), sine: sin(omegaD * t), omegaD: omegaD)
    } else {
      let (gammaMinus, gammaPlus) = Self.overdampedRates(omega0: omega0, zeta: zeta)
      return Phase(
        regime: .overdamped, t: t, omega0: omega0, zeta: zeta, first: exp(gammaMinus * t),
        second: exp(gammaPlus * t), gammaMinus: gammaMinus, gammaPlus: gammaPlus)
    }
  }

  /// The state at `phase`'s time from displacement `x0` and velocity `v0`.
  @inlinable
  func state(_ phase: Phase, displacement x0: Double, velocity v0: Double)
    -> (displacement: Double, velocity: Double)
  {
    let (t, omega0, zeta) = (phase.t, phase.omega0, phase.zeta)
    switch phase.regime {
    case .critical:
      let b = v0 + omega0 * x0
      let decay = phase.first
      let x = (x0 + b * t) * decay
      let v = (b - omega0 * (x0 + b * t)) * decay
      return (x, v)
    case .underdamped:
      let omegaD = phase.omegaD
      let a = x0
      let b = (zeta * omega0 * x0 + v0) / omegaD
      let decay = phase.first
      let c = phase.cosine
      let s = phase.sine
      let x = decay * (a * c + b * s)
      let v = decay * ((b * omegaD - zeta * omega0 * a) * c - (a * omegaD + zeta * omega0 * b) * s)
      return (x, v)
    case .overdamped:
      let (gammaMinus, gammaPlus) = (phase.gammaMinus, phase.gammaPlus)
      let bCoefficient = (gammaMinus * x0 - v0) / (gammaMinus - gammaPlus)
      let aCoefficient = x0 - bCoefficient
      let eMinus = phase.first
      let ePlus = phase.second
      let x = aCoefficient * eMinus + bCoefficient * ePlus
      let v = aCoefficient * gammaMinus * eMinus + bCoefficient * gammaPlus * ePlus
      return (x, v)
    }
  }

  /// The time-dependent parts of the closed form at one moment (see `phase(at:)`).
  @usableFromInline
  struct Phase {
    @usableFromInline enum Regime { case critical, underdamped, overdamped }
    @usableFromInline var regime: Regime
    @usableFromInline var t: Double
    @usableFromInline var omega0: Double
    @usableFromInline var zeta: Double
    /// The decay (critical, underdamped), or the exponential of the first rate (overdamped).
    @usableFromInline var first: Double
    @usableFromInline var second: Double = 0
    @usableFromInline var cosine: Double = 0
    @usableFromInline var sine: Double = 0
    @usableFromInline var omegaD: Double = 0
    @usableFromInline var gammaMinus: Double = 0
    @usableFromInline var gammaPlus: Double = 0

    @inlinable
    init(
      regime: Regime, t: Double, omega0: Double, zeta: Double, first: Double, second: Double = 0,
      cosine: Double = 0, sine: Double = 0, omegaD: Double = 0, gammaMinus: Double = 0,
      gammaPlus: Double = 0
    ) {
      self.regime = regime
      self.t = t
      self.omega0 = omega0
      self.zeta = zeta
      self.first = first
      self.second = second
      self.cosine = cosine
      self.sine = sine
      self.omegaD = omegaD
      self.gammaMinus = gammaMinus
      self.gammaPlus = gammaPlus
    }
  }

  /// The fraction of the distance covered at time `t`, starting from 0 with the spring's
  /// normalised initial velocity; above 1 when the spring overshoots.
  @inlinable
  public func fraction(at t: Double) -> Double {
    1 - state(at: t, displacement: 1, velocity: -initialVelocity).displacement
  }

  /// How long the motion takes: `fixedDuration` when set, otherwise the time after which the
  /// displacement provably stays within `settleTolerance` of the distance.
  ///
  /// Uses an upper bound (envelope) of |x(t)| that decreases with t, solved by bisection, so the
  /// answer is never early and costs a bounded amount of work. Computed once per motion, not
  /// per frame.
  public var settleTime: Double {
    if let fixedDuration { return fixedDuration }
    return Self.settleTime(of: self, initialVelocity: initialVelocity)
  }

  static func settleTime(of spring: DampedSpring, initialVelocity: Double) -> Double {
    let x0 = 1.0
    let v0 = -initialVelocity
    let omega0 = spring.naturalFrequency
    let zeta = spring.dampingRatio
    let tolerance = settleTolerance
    let envelope: (Double) -> Double
    // Each envelope bounds |x(t)| from above and decreases for t at or beyond `from`.
    var from = 0.0
    if abs(zeta - 1) < 1e-6 {
      let a = abs(x0)
      let b = abs(v0 + omega0 * x0)
      envelope = { t in (a + b * t) * exp(-omega0 * t) }
      if b > 0 { from = max(0, 1 / omega0 - a / b) }
    } else if zeta < 1 {
      let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * omega0 * x0 + v0) / omegaD
      let amplitude = (x0 * x0 + b * b).squareRoot()
      // The envelope is a plain exponential: solve it for the tolerance directly (no search).
      let exact = log(amplitude / tolerance) / (zeta * omega0)
      if exact.isFinite {
        // Rounded up a hair so the envelope is within the tolerance at the returned time.
        return max(0, exact.nextUp * (1 + 1e-12))
      }
      envelope = { t in amplitude * exp(-zeta * omega0 * t) }
    } else {
      let (gammaMinus, gammaPlus) = Self.overdampedRates(omega0: omega0, zeta: zeta)
      let bCoefficient = (gammaMinus * x0 - v0) / (gammaMinus - gammaPlus)
      let aCoefficient = x0 - bCoefficient
      envelope = { t in abs(aCoefficient) * exp(gammaMinus * t) + abs(bCoefficient) * exp(gammaPlus * t) }
    }
    if envelope(from) <= tolerance { return from }
    var high = max(from, 1e-3)
    var doublings = 0
    // Written so that an envelope that is not a number never counts as settled.
    while !(envelope(high) <= tolerance) {
      guard doublings < 200, high.isFinite else { return .infinity }
      high *= 2
      doublings += 1
    }
    var low = from
    for _ in 0..<100 {
      let mid = (low + high) / 2
      if !(envelope(mid) <= tolerance) { low = mid } else { high = mid }
      if high - low <= 1e-9 * high { break }
    }
    return high
  }
}

extension DampedSpring {
  /// The two decay rates of an overdamped spring, −ω0 (ζ ± √(ζ² − 1)), computed without
  /// overflow or cancellation: with s = √(1 − 1/ζ²), the fast one is −ω0 ζ (1 + s) and the slow
  /// one −ω0 / (ζ (1 + s)), so that even ζ = 1e154 gives finite, accurate rates.
  @inlinable
  static func overdampedRates(omega0: Double, zeta: Double) -> (fast: Double, slow: Double) {
    let s = (1 - 1 / (zeta * zeta)).squareRoot()
    return (-omega0 * zeta * (1 + s), -omega0 / (zeta * (1 + s)))
  }
}

extension DampedSpring: CustomStringConvertible {
  public var description: String {
    switch form {
    case .massStiffnessDamping:
      let velocity = initialVelocity == 0 ? "" : ",velocity:\(describeNumber(initialVelocity))"
      return "spring(mass:\(describeNumber(mass)),stiffness:\(describeNumber(stiffness)),"
        + "damping:\(describeNumber(damping))\(velocity))"
    case .dampingRatioResponse(let ratio, let response):
      let velocity = initialVelocity == 0 ? "" : ",velocity:\(describeNumber(initialVelocity))"
      return "spring(damping:\(describeNumber(ratio)),response:\(describeNumber(response))\(velocity))"
    case .uikit(let ratio, let duration):
      return "uikit-spring(damping:\(describeNumber(ratio)),duration:\(describeNumber(duration)),"
        + "velocity:\(describeNumber(initialVelocity)))"
    }
  }
}
