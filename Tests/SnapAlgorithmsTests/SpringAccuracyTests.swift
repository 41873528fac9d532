import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Springs against numerical integration of m x'' + c x' + k x = 0, their parameterisations,
/// settle times, overshoot, and evaluation at hostile times.
///
/// Errors are measured in the spring's own units: displacement relative to
/// scale = max(|x0|, |v0| / ω0), velocity relative to ω0 · scale. Both are what the motion can
/// reach (to within a factor of about 2), so one tolerance fits every start and stiffness.
@Suite("Springs")
struct SpringAccuracyTests {
  /// Every regime, and both sides of ζ = 1 at decreasing distances.
  static let dampingRatios: [Double] = [
    0.1, 0.3, 0.7, 1, 1.5, 3, 10,
    1 - 1e-9, 1 + 1e-9, 1 - 1e-7, 1 + 1e-7, 1 - 1e-6, 1 + 1e-6, 1 - 1e-5, 1 + 1e-5,
    1 - 1e-3, 1 + 1e-3,
  ]

  /// Starts as (x0, v0 / ω0): at rest, towards the target fast enough that even a critically
  /// damped spring overshoots (v0 < −ω0 x0), away from the target, from the target itself,
  /// large mixed ones, and x0 = −v0 / ω0, where ∂x/∂ζ at ζ = 1 is largest.
  static let starts: [(displacement: Double, velocityOverOmega: Double)] = [
    (1, 0), (1, -3), (1, 2), (0, 1), (-40, 13), (250, -10), (-1, 0.5), (1, -1), (-2, 2),
  ]

  /// How fast x and v can move with ζ near 1: |∂x/∂ζ| ≤ 0.56 scale and
  /// |∂v/∂ζ| ≤ 0.48 ω0 scale.
  ///
  /// At ζ = 1, y = ∂x/∂ζ solves y'' + 2ω0 y' + ω0² y = −2ω0 x' from rest. With u = ω0 t,
  /// p = v0 / ω0 and q = p + x0 that gives y = −e^(−u) (p u² − q u³/3) and
  /// y' = ω0 e^(−u) (p u² − q u³/3 − 2p u + q u²). Both are linear in (x0, p), so over
  /// |x0|, |p| ≤ scale they peak at a corner: x0 = −p, where y = −p u² e^(−u) peaks at
  /// 4/e² ≈ 0.541 (u = 2) and y' at 0.461 (u ≈ 0.59). Rounded up a little for the second-order
  /// terms, which at |ζ − 1| = 1e-3 add under 0.1 %.
  static let displacementSensitivity = 0.56
  static let velocitySensitivity = 0.48

  /// What RK4 and rounding may contribute, relative to scale. The step keeps the fastest rate
  /// times the step at 0.004, where RK4's relative error per step is about (0.004)⁵ / 120 ≈
  /// 1e-14; over the longest run here (about 2e5 steps) that and rounding come to about 1e-11,
  /// which is what the runs show.
  static let integrationTolerance = 1e-9

  /// The error allowed at damping ratio ζ: the integration error, plus, within 1e-6 of 1, what
  /// treating the spring as critically damped costs, which the library documents it does to
  /// avoid dividing by a vanishing ωd. That is |ζ − 1| times the sensitivity above, at most
  /// 5.6e-7 of the scale: well inside what any animation can show.
  static func tolerances(dampingRatio zeta: Double) -> (displacement: Double, velocity: Double) {
    let distance = abs(zeta - 1)
    guard distance <= 1e-6 * (1 + 1e-9) else {
      return (integrationTolerance, integrationTolerance)
    }
    return (
      integrationTolerance + displacementSensitivity * distance,
      integrationTolerance + velocitySensitivity * distance
    )
  }

  @Test("the closed form matches RK4 integration of the ODE", arguments: dampingRatios)
  func matchesIntegration(dampingRatio: Double) throws {
    let omega = 7.0
    let mass = 2.0
    let springs = [
      try #require(DampedSpring(dampingRatio: dampingRatio, response: 0.5)),
      try #require(
        DampedSpring(
          mass: mass, stiffness: mass * omega * omega,
          damping: 2 * dampingRatio * (mass * mass * omega * omega).squareRoot())),
    ]
    for spring in springs {
      let omega0 = spring.naturalFrequency
      let zeta = spring.dampingRatio
      let tolerance = Self.tolerances(dampingRatio: zeta)
      var starts = Self.starts.map { (x0: $0.displacement, v0: $0.velocityOverOmega * omega0) }
      // UIKit's normalised initial velocity (1 = the whole distance per second), 20 towards the
      // target: a fast flick over a short distance.
      starts.append((x0: 1, v0: -20))
      for (x0, v0) in starts {
        let scale = max(abs(x0), abs(v0) / omega0)
        var worst = (displacement: 0.0, velocity: 0.0, time: 0.0)
        for sample in rungeKutta(spring, displacement: x0, velocity: v0) {
          let state = spring.state(at: sample.time, displacement: x0, velocity: v0)
          let displacementError = abs(state.displacement - sample.displacement) / scale
          let velocityError = abs(state.velocity - sample.velocity) / (omega0 * scale)
          if !(displacementError <= worst.displacement) {
            worst = (displacementError, max(worst.velocity, velocityError), sample.time)
          } else if !(velocityError <= worst.velocity) {
            worst.velocity = velocityError
          }
        }
        #expect(
          worst.displacement <= tolerance.displacement && worst.velocity <= tolerance.velocity,
          """
          \(spring) (ζ = \(zeta), ω0 = \(omega0)) from x0 = \(x0), v0 = \(v0): displacement \
          error \(worst.displacement) × \(scale) (largest at t = \(worst.time), allowed \
          \(tolerance.displacement)), velocity error \(worst.velocity) × ω0 scale (allowed \
          \(tolerance.velocity))
          """)
      }
    }
  }

  @Test(
    "the closed form is continuous across ζ = 1",
    arguments: [1e-9, 1e-7, 1e-6 * (1 - 1e-6), 1e-6, 1e-6 * (1 + 1e-6), 2e-6, 1e-5, 1e-3])
  func continuousAcrossCriticalDamping(distance: Double) throws {
    let response = 0.4
    let critical = try #require(DampedSpring(dampingRatio: 1, response: response))
    let below = try #require(DampedSpring(dampingRatio: 1 - distance, response: response))
    let above = try #require(DampedSpring(dampingRatio: 1 + distance, response: response))
    let omega0 = critical.naturalFrequency
    // Moving ζ by δ moves x by at most sensitivity · δ · scale (see the derivation above); the
    // two neighbours are 2δ apart. 1e-12 absorbs rounding in the near-cancelling terms of the
    // overdamped and underdamped forms, which grows like ε / √|ζ − 1| ≈ 1e-13 at 1e-6.
    let allowed = (
      displacement: Self.displacementSensitivity * distance + 1e-12,
      velocity: Self.velocitySensitivity * distance + 1e-12
    )
    for start in Self.starts {
      let x0 = start.displacement
      let v0 = start.velocityOverOmega * omega0
      let scale = max(abs(x0), abs(v0) / omega0)
      for step in 0...3000 {
        let t = Double(step) / 3000 * 40 / omega0
        let reference = critical.state(at: t, displacement: x0, velocity: v0)
        for (name, spring) in [("1 − δ", below), ("1 + δ", above)] {
          let state = spring.state(at: t, displacement: x0, velocity: v0)
          let displacementJump = abs(state.displacement - reference.displacement) / scale
          let velocityJump = abs(state.velocity - reference.velocity) / (omega0 * scale)
          #expect(
            displacementJump <= allowed.displacement && velocityJump <= allowed.velocity,
            """
            ζ = \(name), δ = \(distance), from x0 = \(x0), v0 = \(v0), t = \(t): differs from \
            ζ = 1 by \(displacementJump) scale in x (allowed \(allowed.displacement)) and \
            \(velocityJump) ω0 scale in v (allowed \(allowed.velocity))
            """)
        }
        let low = below.state(at: t, displacement: x0, velocity: v0)
        let high = above.state(at: t, displacement: x0, velocity: v0)
        let gap = abs(high.displacement - low.displacement) / scale
        #expect(
          gap <= 2 * allowed.displacement,
          "ζ = 1 ± \(distance) from x0 = \(x0), v0 = \(v0), t = \(t): they differ by \(gap) scale")
      }
    }
  }
}

// MARK: - Parameterisations

extension SpringAccuracyTests {
  @Test("damping ratio and response give k = (2π / response)², c = 4π ζ / response, mass 1")
  func dampingRatioResponse() throws {
    for zeta in [0.05, 0.5, 0.7, 1, 1.5, 12] {
      for response in [0.05, 0.3, 0.55, 1, 4] {
        let spring = try #require(DampedSpring(dampingRatio: zeta, response: response))
        let stiffness = (2 * Double.pi / response) * (2 * Double.pi / response)
        let damping = 4 * Double.pi * zeta / response
        #expect(spring.mass == 1)
        #expect(isClose(spring.stiffness, stiffness), "k for ζ \(zeta), response \(response)")
        #expect(isClose(spring.damping, damping), "c for ζ \(zeta), response \(response)")
        #expect(isClose(spring.naturalFrequency, 2 * Double.pi / response))
        #expect(isClose(spring.dampingRatio, zeta), "ζ \(zeta) read back as \(spring.dampingRatio)")
        #expect(spring.initialVelocity == 0)
        #expect(spring.fixedDuration == nil)
      }
    }
  }

  @Test("mass, stiffness and damping round-trip through ω0 and ζ")
  func massStiffnessDamping() throws {
    for mass in [0.01, 1, 3.5, 250] {
      for omega in [0.5, 10, 62.8, 400] {
        for zeta in [0.02, 0.5, 1, 1.7, 25] {
          let stiffness = mass * omega * omega
          let damping = 2 * zeta * (stiffness * mass).squareRoot()
          let spring = try #require(DampedSpring(mass: mass, stiffness: stiffness, damping: damping))
          #expect(spring.mass == mass && spring.stiffness == stiffness && spring.damping == damping)
          let label = "m \(mass), ω0 \(omega), ζ \(zeta)"
          #expect(isClose(spring.naturalFrequency, omega), "ω0 for \(label)")
          #expect(isClose(spring.dampingRatio, zeta), "ζ for \(label)")
        }
      }
    }
    // Core Animation's defaults: ω0 = 10, ζ = 10 / (2 · 10) = 0.5.
    let defaults = try #require(DampedSpring(mass: 1, stiffness: 100, damping: 10))
    #expect(defaults.naturalFrequency == 10)
    #expect(defaults.dampingRatio == 0.5)
  }

  @Test("UIKit's form lasts exactly the duration, by which the slowest term has decayed to 0.001")
  func uikitDuration() throws {
    for zeta in [0.1, 0.5, 0.8, 1, 1.2, 2, 5] {
      for duration in [0.1, 0.3, 0.5, 1, 2.5] {
        for velocity in [0.0, 0.5, -2, 20] {
          let spring = try #require(
            DampedSpring.uikit(dampingRatio: zeta, duration: duration, initialVelocity: velocity))
          #expect(spring.settleTime == duration)
          #expect(Motion.spring(spring).settleTime == duration)
          #expect(spring.fixedDuration == duration)
          #expect(spring.mass == 1)
          #expect(spring.initialVelocity == velocity)
          #expect(isClose(spring.dampingRatio, zeta))
          let omega0 = spring.naturalFrequency
          // The slowest decaying term: e^(−ζ ω0 t) for ζ ≤ 1, e^(γ+ t) above.
          let slowestRate =
            zeta <= 1 ? zeta * omega0 : omega0 / (zeta + (zeta * zeta - 1).squareRoot())
          let remaining = exp(-slowestRate * duration)
          #expect(
            isClose(remaining, DampedSpring.settleTolerance, relative: 1e-12),
            "ζ \(zeta), duration \(duration): slowest term left \(remaining) at the duration")
        }
      }
    }
  }

  @Test("every form rejects zero, negative, NaN and infinite parameters")
  func rejectsInvalidParameters() {
    let bad: [Double] = [0, -0.0, -1, -.leastNonzeroMagnitude, .nan, .infinity, -.infinity]
    for value in bad {
      #expect(DampedSpring(dampingRatio: value, response: 0.5) == nil, "ζ \(value)")
      #expect(DampedSpring(dampingRatio: 0.7, response: value) == nil, "response \(value)")
      #expect(DampedSpring(mass: value, stiffness: 100, damping: 10) == nil, "mass \(value)")
      #expect(DampedSpring(mass: 1, stiffness: value, damping: 10) == nil, "stiffness \(value)")
      #expect(DampedSpring(mass: 1, stiffness: 100, damping: value) == nil, "damping \(value)")
      #expect(DampedSpring.uikit(dampingRatio: value, duration: 0.5, initialVelocity: 0) == nil)
      #expect(DampedSpring.uikit(dampingRatio: 0.7, duration: value, initialVelocity: 0) == nil)
    }
    for velocity in [Double.nan, .infinity, -.infinity] {
      #expect(DampedSpring(dampingRatio: 0.7, response: 0.5, initialVelocity: velocity) == nil)
      #expect(DampedSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: velocity) == nil)
      #expect(DampedSpring.uikit(dampingRatio: 0.7, duration: 0.5, initialVelocity: velocity) == nil)
    }
    // A negative (away from the target) or zero initial velocity is fine.
    #expect(DampedSpring(dampingRatio: 0.7, response: 0.5, initialVelocity: -3) != nil)
    #expect(DampedSpring.uikit(dampingRatio: 0.7, duration: 0.5, initialVelocity: 0) != nil)
  }
}

// MARK: - Settle time, overshoot and hostile times

extension SpringAccuracyTests {
  /// Springs without a fixed duration, in every regime, at rest and thrown either way.
  static func settlingSprings() throws -> [DampedSpring] {
    var springs: [DampedSpring] = []
    for zeta in [0.1, 0.3, 0.5, 0.7, 1, 1 + 1e-7, 1 - 1e-5, 1.5, 3, 10] {
      for response in [0.3, 1] {
        for velocity in [0.0, 3, -3, 20, 60] {
          springs.append(
            try #require(DampedSpring(dampingRatio: zeta, response: response, initialVelocity: velocity)))
        }
      }
    }
    springs.append(try #require(DampedSpring(mass: 1, stiffness: 100, damping: 10)))
    springs.append(try #require(DampedSpring(mass: 2, stiffness: 50, damping: 20)))  // ζ = 1 exactly
    springs.append(try #require(DampedSpring(mass: 0.5, stiffness: 300, damping: 1, initialVelocity: 8)))
    return springs
  }

  @Test("after the settle time the spring stays within the tolerance")
  func settledAfterSettleTime() throws {
    for spring in try Self.settlingSprings() {
      let settle = spring.settleTime
      #expect(settle.isFinite && settle > 0, "\(spring): settle time \(settle)")
      guard settle.isFinite, settle > 0 else { continue }
      var worst = (offset: 0.0, time: settle)
      // Dense out to 5× the settle time.
      let times = [settle, settle.nextUp] + (0...20000).map { settle * (1 + Double($0) / 5000) }
      for t in times {
        let offset = abs(1 - spring.fraction(at: t))
        if !(offset <= worst.offset) { worst = (offset, t) }
      }
      #expect(
        worst.offset <= DampedSpring.settleTolerance * (1 + 1e-9),
        "\(spring): settles at \(settle) but is \(worst.offset) off the target at \(worst.time)")
    }
  }

  @Test("the settle time is not late: within the envelope's bound, and unsettled at half of it")
  func settleTimeNotLate() throws {
    let tolerance = DampedSpring.settleTolerance
    for spring in try Self.settlingSprings() {
      let settle = spring.settleTime
      let omega0 = spring.naturalFrequency
      let zeta = spring.dampingRatio
      let x0 = 1.0
      let v0 = -spring.initialVelocity
      let bound: Double
      if zeta < 1 {
        // |x| ≤ A e^(−ζ ω0 t) with A = √(x0² + ((ζ ω0 x0 + v0) / ωd)²).
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let amplitude = (x0 * x0 + pow((zeta * omega0 * x0 + v0) / omegaD, 2)).squareRoot()
        bound = log(amplitude / tolerance) / (zeta * omega0)
      } else if zeta == 1 {
        // |x| ≤ (a + b u) e^(−u) with u = ω0 t, a = |x0|, b = |v0 + ω0 x0| / ω0, and
        // (1 + u) e^(−u/2) ≤ 2 / √e < 1.22, so |x| ≤ 1.22 (a + b) e^(−u/2).
        let sum = abs(x0) + abs(v0 + omega0 * x0) / omega0
        bound = 2 * log(1.22 * sum / tolerance) / omega0
      } else {
        // |x| ≤ (|A| + |B|) e^(γ+ t), γ+ = −ω0 / (ζ + √(ζ² − 1)) the slower rate.
        let root = omega0 * (zeta * zeta - 1).squareRoot()
        let gammaMinus = -zeta * omega0 - root
        let gammaPlus = -omega0 / (zeta + (zeta * zeta - 1).squareRoot())
        let b = (gammaMinus * x0 - v0) / (gammaMinus - gammaPlus)
        bound = log((abs(x0 - b) + abs(b)) / tolerance) / -gammaPlus
      }
      #expect(
        settle <= bound * (1 + 1e-6),
        "\(spring) (ζ = \(zeta)): settle time \(settle) beyond the envelope bound \(bound)")
      // Not more than twice too late: somewhere in its second half the motion is still moving.
      let unsettled = (0...4000).contains { step in
        let t = settle * (0.5 + 0.5 * Double(step) / 4000)
        return abs(1 - spring.fraction(at: t)) > tolerance
      }
      #expect(unsettled, "\(spring): already within \(tolerance) from \(settle / 2) on")
    }
  }

  @Test("a motion is exactly 0 until it starts and exactly 1 from its settle time on")
  func motionEndsExactly() throws {
    var motions = try Self.settlingSprings().map(Motion.spring)
    for velocity in [0.0, 4, -4] {
      for zeta in [0.3, 1, 2] {
        let spring = DampedSpring.uikit(dampingRatio: zeta, duration: 0.6, initialVelocity: velocity)
        motions.append(.spring(try #require(spring)))
      }
    }
    for (_, curve) in TimingCurve.named {
      for duration in [1e-3, 0.25, 0.6, 3] {
        motions.append(.curve(curve, duration: duration))
      }
    }
    let overshooting = try #require(TimingCurve(x1: 0.3, y1: 1.8, x2: 0.6, y2: -0.5))
    motions.append(.curve(overshooting, duration: 0.4))
    let after: (Double) -> [Double] = {
      [$0, $0.nextUp, $0 * 1.5, $0 + 1, 1e300, .greatestFiniteMagnitude, .infinity]
    }
    let before: [Double] = [
      0, -0.0, -.leastNonzeroMagnitude, -1e-9, -1, -.greatestFiniteMagnitude, -.infinity,
    ]
    for motion in motions {
      let settle = motion.settleTime
      #expect(settle.isFinite && settle > 0, "\(motion): settle time \(settle)")
      for t in after(settle) {
        #expect(motion.fraction(at: t) == 1, "\(motion) at \(t) (settle time \(settle))")
        #expect(motion.fraction(at: t, settleTime: settle) == 1, "\(motion) at \(t)")
      }
      for t in before {
        #expect(motion.fraction(at: t) == 0, "\(motion) at \(t)")
      }
      let atNaN = motion.fraction(at: .nan)
      #expect(atNaN == 0 || atNaN == 1, "\(motion) at NaN gives \(atNaN)")
      if case .curve(let curve, let duration) = motion {
        // In between, the curve played over the duration.
        for progress in [0.1, 0.25, 0.5, 0.9] {
          let t = progress * duration
          #expect(motion.fraction(at: t) == curve.value(atProgress: t / duration))
        }
      }
    }
  }

  @Test("underdamped springs overshoot; critically damped ones only when thrown hard enough")
  func overshoot() throws {
    func peak(_ spring: DampedSpring) -> Double {
      let settle = spring.settleTime
      return (0...20000).map { spring.fraction(at: settle * Double($0) / 20000) }.max() ?? 0
    }
    for zeta in [0.1, 0.5, 0.9] {
      let spring = try #require(DampedSpring(dampingRatio: zeta, response: 0.5))
      #expect(peak(spring) > 1, "ζ \(zeta) from rest should overshoot")
    }
    let criticals = [
      try #require(DampedSpring(dampingRatio: 1, response: 0.5)),
      try #require(DampedSpring(mass: 1, stiffness: 100, damping: 20)),
      try #require(DampedSpring(mass: 2, stiffness: 50, damping: 20)),
    ]
    for spring in criticals {
      #expect(peak(spring) <= 1, "\(spring) from rest should not overshoot")
      // x = (1 + (ω0 − 20) t) e^(−ω0 t) goes negative once ω0 < 20; here ω0 ≤ 4π.
      let thrown = spring.withInitialVelocity(20)
      let thrownPeak = peak(thrown)
      #expect(thrownPeak > 1, "\(thrown) (ω0 = \(thrown.naturalFrequency)) peaks at \(thrownPeak)")
      // Thrown no harder than ω0 (b = v0 + ω0 x0 ≥ 0), it still does not.
      let gentle = spring.withInitialVelocity(spring.naturalFrequency * (1 - 1e-9))
      #expect(peak(gentle) <= 1, "\(gentle) should not overshoot")
    }
  }

  @Test("evaluates at huge and NaN times without hanging: finite, on the target")
  func hugeTimes() throws {
    var springs = try Self.settlingSprings()
    // Stiff and fast: ω0 = 100, ζ = 1, 0.01 and 10.
    for (damping, velocity) in [(200.0, 1e3), (2, -1e3), (2e3, 50)] {
      springs.append(
        try #require(
          DampedSpring(mass: 1, stiffness: 1e4, damping: damping, initialVelocity: velocity)))
    }
    for spring in springs {
      let omega0 = spring.naturalFrequency
      for (x0, v0) in Self.starts.map({ ($0.displacement, $0.velocityOverOmega * omega0) }) {
        for t in [1e6, 1e300] {
          let state = spring.state(at: t, displacement: x0, velocity: v0)
          #expect(
            state.displacement == 0 && state.velocity.isFinite && abs(state.velocity) <= 1e-300,
            "\(spring) from x0 = \(x0), v0 = \(v0) at t = \(t): \(state)")
        }
      }
      for t in [1e6, 1e300] {
        #expect(spring.fraction(at: t) == 1, "\(spring) at \(t): \(spring.fraction(at: t))")
      }
      // NaN time must come back (it may be NaN); the Motion clamps it.
      _ = spring.state(at: .nan, displacement: 1, velocity: -3)
      _ = spring.fraction(at: .nan)
      let motion = Motion.spring(spring).fraction(at: .nan)
      #expect(motion == 0 || motion == 1)
    }
  }
}

// MARK: - The reference

/// Whether `a` is within `relative` of `b`, relative to the larger.
private func isClose(_ a: Double, _ b: Double, relative: Double = 1e-13) -> Bool {
  abs(a - b) <= relative * max(abs(a), abs(b))
}

/// About 500 samples of the classic fourth-order Runge–Kutta solution of
/// m x'' + c x' + k x = 0 from (x0, v0), with a fixed step, out to a few settle times.
///
/// The step is 0.004 divided by the fastest rate of the system (ω0 when ζ ≤ 1, |γ−| above) and
/// the run lasts 3 ln(1e4) over the slowest rate; times are whole multiples of the step, so no
/// sample needs a partial step.
private func rungeKutta(_ spring: DampedSpring, displacement x0: Double, velocity v0: Double)
  -> [(time: Double, displacement: Double, velocity: Double)]
{
  let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
  let omega0 = (k / m).squareRoot()
  let zeta = c / (2 * (k * m).squareRoot())
  let excess = zeta > 1 ? (zeta * zeta - 1).squareRoot() : 0
  let fastest = omega0 * (zeta + excess > 1 ? zeta + excess : 1)
  let slowest = zeta > 1 ? omega0 / (zeta + excess) : omega0 * zeta
  let step = 0.004 / fastest
  let steps = Int((3 * log(1e4) / slowest / step).rounded(.up))
  let stride = max(1, steps / 500)

  func acceleration(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }

  var samples = [(time: 0.0, displacement: x0, velocity: v0)]
  var (x, v) = (x0, v0)
  for n in 1...steps {
    let (k1x, k1v) = (v, acceleration(x, v))
    let (k2x, k2v) = (v + step / 2 * k1v, acceleration(x + step / 2 * k1x, v + step / 2 * k1v))
    let (k3x, k3v) = (v + step / 2 * k2v, acceleration(x + step / 2 * k2x, v + step / 2 * k2v))
    let (k4x, k4v) = (v + step * k3v, acceleration(x + step * k3x, v + step * k3v))
    x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    if n % stride == 0 { samples.append((Double(n) * step, x, v)) }
  }
  return samples
}
