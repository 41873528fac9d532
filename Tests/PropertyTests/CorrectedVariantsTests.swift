import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// The corrected variants hold every invariant that applies to them, with each motion they
/// support: their own, ease-out, an underdamped spring, and a critically damped spring handed
/// the release velocity. A violation fails with its smallest counterexample.
@Suite("Corrected variants")
struct CorrectedVariantsTests {
  static let motions: [String?] = [
    nil, "ease-out(duration:0.6)", "spring(damping:0.5,response:0.4)",
    "spring(damping:1,response:0.4)",
  ]

  static var cases: [(String, String?)] {
    AlgorithmCatalogue.ids.filter { $0.hasSuffix(".corrected") }.flatMap { id in
      motions.map { (id, $0) }
    }
  }

  @Test("every applicable invariant holds", arguments: cases)
  func holds(algorithmID: String, motion: String?) throws {
    var algorithm = try #require(AlgorithmCatalogue.algorithm(id: algorithmID))
    if let motion, algorithm.releaseMotion != nil {
      algorithm.releaseMotion = try Motion(parsing: motion)
    }
    for invariant in Invariant.checked {
      let finding = run(algorithm, invariant)
      #expect(
        finding.status != .violated,
        """
        \(algorithmID) with \(motion ?? "its own motion") breaks \(invariant.rawValue): \
        \(finding.violation ?? "")
        smallest counterexample: \(finding.counterexample.map { "\($0)" } ?? "")
        replay: SNAPCHECK_SEED=\(finding.seed) swift test --filter CorrectedVariantsTests
        """)
      if invariant.applies(to: algorithm) {
        #expect(finding.applicable > 0, "\(invariant.rawValue) never applied to \(algorithmID)")
      }
    }
  }

  @Test("velocity-continuous applies to springs and holds: a flick hands over without a hitch")
  func springsHandOverTheVelocity() throws {
    var algorithm = EdgeDockCorrected()
    algorithm.releaseMotion = try Motion(parsing: "spring(damping:1,response:0.4)")
    let finding = verify(algorithm, .velocityContinuous, seed: 3)
    #expect(finding.status == .holds)
    #expect(finding.applicable > 10)
    // A flick left at 3,000 pt/s from the middle of an iPhone 15: the motion starts at the
    // finger's velocity, and the spring's overshoot never leaves the screen.
    let gesture = Gesture.drag(
      from: CGPoint(x: 200, y: 400), to: CGPoint(x: 150, y: 400), duration: 1.0 / 60,
      touchRate: 120)
    let trajectory = Simulator(environment: DeviceProfile.standard.environment())
      .run(algorithm, gesture: gesture)
    let release = try #require(trajectory.releaseVelocity)
    let handoff = try #require(trajectory.handoffVelocity)
    #expect(abs(release.dx + 3000) < 1)
    #expect(abs(handoff.dx - release.dx) < 0.05 * 3000)
    #expect(trajectory.frames.allSatisfy { $0.rect.minX >= -1e-9 })
    #expect(trajectory.rest.minX == 0)
  }

  func run<A: SnapAlgorithm>(_ algorithm: A, _ invariant: Invariant) -> Finding {
    verify(algorithm, invariant, seed: SnapCheckSeed.value)
  }
}

/// The seed the suite's checks use: `SNAPCHECK_SEED` when set, else a fixed one, so CI is
/// reproducible and a reported failure replays.
enum SnapCheckSeed {
  static var value: UInt64 {
    ProcessInfo.processInfo.environment["SNAPCHECK_SEED"].flatMap { UInt64($0) } ?? 1
  }
}
