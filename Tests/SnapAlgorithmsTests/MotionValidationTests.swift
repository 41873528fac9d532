import Foundation
import SnapCheck
import SnapCheckTesting
import Testing

@testable import SnapAlgorithms

/// A motion every command accepts evaluates to finite numbers at every moment and settles
/// within `Motion.longestSettleTime`; anything else is refused, naming the parameter.
@Suite("Motions that are accepted can be evaluated")
struct MotionValidationTests {
  /// Numbers from everywhere: small and huge, negative, the edges of every range.
  static let number: Gen<Double> = Gen.frequency(
    (3, Gen.double(in: -2...2)),
    (2, Gen.double(in: 0...20)),
    (1, Gen.element(of: [
      0, 1e-300, 1e-9, 1e-6, 0.001, 0.5, 1, 1.000001, 0.999999, 9.999, 10, 10.0001, 1e3, 1e6, 1e155,
      1e156, 1e300, 1e308, -1e308, -1, -0.0,
    ])))

  static let texts: Gen<String> = {
    let curves = ["linear", "ease-in", "ease-out", "ease-in-out", "default"]
    @Sendable func n(_ value: Double) -> String { "\(value)" }
    return Gen.oneOf(
      zip(Gen.element(of: curves), number).map { "\($0.0)(duration:\(n($0.1)))" },
      zip(zip(Gen.double(in: 0...1), number, Gen.double(in: 0...1), number), number).map {
        "cubic-bezier(\(n($0.0.0)),\(n($0.0.1)),\(n($0.0.2)),\(n($0.0.3)))(duration:\(n($0.1)))"
      },
      zip(number, number, number).map { "spring(damping:\(n($0.0)),response:\(n($0.1)),velocity:\(n($0.2)))" },
      zip(number, number, number, number).map {
        "spring(mass:\(n($0.0)),stiffness:\(n($0.1)),damping:\(n($0.2)),velocity:\(n($0.3)))"
      },
      zip(number, number, number).map { "uikit-spring(damping:\(n($0.0)),duration:\(n($0.1)),velocity:\(n($0.2)))" })
  }()

  /// The moments a motion is looked at: its start, its middle, its end, and far beyond.
  static func moments(_ settle: Double) -> [Double] {
    [-1, 0, 1e-9, settle / 7, settle / 3, settle / 2, settle * 0.999, settle, settle + 1e-9, settle * 2, 1e6]
  }

  @Test("every accepted motion is finite everywhere and settles in time; the rest name why")
  func acceptedMotionsEvaluate() {
    check(Self.texts, examples: 3000) { (text: String, run: PropertyContext) in
      let motion: Motion
      do {
        motion = try Motion(parsing: text)
      } catch {
        run.label("refused")
        // The reason names a parameter or says why: never an empty or generic sentence.
        return !"\(error)".isEmpty
      }
      run.label("accepted")
      let settle = motion.settleTime
      guard settle.isFinite, settle >= 0, settle <= Motion.longestSettleTime, motion.problem == nil
      else { return false }
      for t in Self.moments(settle) where !motion.fraction(at: t).isFinite { return false }
      if case .spring(let spring) = motion {
        // Handed any velocity an item can have (normalised by distances down to a hundredth
        // of a point), it stays finite too.
        for velocity in [-1e7, -1e3, 0, 1, 1e3, 1e7] {
          let handed = spring.withInitialVelocity(velocity)
          // `state(at:)` is defined from the start on; the simulator never asks about earlier.
          for t in Self.moments(handed.settleTime) where t >= 0 {
            let state = handed.state(at: t, displacement: 1, velocity: -velocity)
            if !(state.displacement.isFinite && state.velocity.isFinite) { return false }
          }
        }
      }
      return true
    }
  }

  @Test(
    "what the issue found is refused, saying which parameter and its range",
    arguments: [
      ("cubic-bezier(0.2,1e308,0,-1e308)", "y1: 1e+308 is not in [-10, 10]"),
      ("spring(mass:1,stiffness:100,damping:1e156)", "never settles within 10 s"),
      ("spring(mass:1,stiffness:100,damping:1e155)", "never settles within 10 s"),
      ("spring(damping:1e-6,response:0.4)", "a motion must settle within 10 s"),
      ("ease-out(duration:1e13)", "duration: 10000000000000 s is not in (0, 10]"),
      ("ease-out(duration:0.3,duration:0.4)", "duration: given twice"),
      ("spring(damping:0.7,response:0.4,velocity:1e9)", "velocity: 1000000000 is not in [-1000, 1000]"),
      ("uikit-spring(damping:0.5,duration:11,velocity:0)", "duration: 11 s is not in (0, 10]"),
    ])
  func refused(text: String, reason: String) {
    #expect {
      _ = try Motion(parsing: text)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
