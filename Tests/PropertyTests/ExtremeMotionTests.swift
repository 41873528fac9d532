import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// `finite` is an invariant of every variant, whatever motion it is given among those every
/// command accepts: the edges of the accepted space (steepest curves, longest and shortest
/// durations, springs at the settle-time limit, the largest initial velocity) included.
@Suite("Finite with every accepted motion")
struct ExtremeMotionTests {
  /// Motions at the edges of what `Motion(parsing:)` accepts.
  static let motions = [
    "cubic-bezier(0.2,10,0,-10)(duration:10)",
    "cubic-bezier(1,-10,0,10)(duration:0.000001)",
    "linear(duration:1e-300)",
    "ease-out(duration:10)",
    "spring(damping:0.075,response:0.4,velocity:1000)",
    "spring(damping:1,response:1e-12,velocity:-1000)",
    "spring(damping:40,response:0.02)",
    "spring(mass:1e-6,stiffness:1e6,damping:1,velocity:1000)",
    "uikit-spring(damping:0.01,duration:10,velocity:-1000)",
    "uikit-spring(damping:1e6,duration:1e-6,velocity:1000)",
  ]

  /// Every variant with every motion; a variant that keeps no release motion (the per-axis
  /// clamps) ignores the one given, so every motion would verify the same scenarios: it runs
  /// with the first only.
  static var cases: [(String, String)] {
    AlgorithmCatalogue.ids.flatMap { id in
      let keepsNoMotion = AlgorithmCatalogue.algorithm(id: id)?.releaseMotion == nil
      return (keepsNoMotion ? Array(motions.prefix(1)) : motions).map { (id, $0) }
    }
  }

  @Test("every variant stays finite with each extreme accepted motion", arguments: cases)
  func finite(algorithmID: String, motionText: String) throws {
    let motion = try Motion(parsing: motionText)
    #expect(motion.problem == nil)
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: algorithmID))
    let finding = Self.verifyOpened(algorithm, motion: motion)
    #expect(
      finding.status != .violated,
      "\(algorithmID) with \(motionText): \(finding.violation ?? "") in \(String(describing: finding.counterexample))")
  }

  static func verifyOpened<A: SnapAlgorithm>(_ algorithm: A, motion: Motion) -> Finding {
    verify(algorithm, invariants: [.finite], motion: motion, examples: 25, seed: 1)[0]
  }
}
