import Foundation
import SnapAlgorithms
import SnapVerification
import SnapCheck
import SnapCheckTesting
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

  /// A variant that does not animate its release (per-axis-clamp) has its own case only: with
  /// a motion it would run the same scenarios again.
  static var cases: [(String, String?)] {
    AlgorithmCatalogue.ids.filter { $0.hasSuffix(".corrected") }.flatMap { id in
      let animates = AlgorithmCatalogue.algorithm(id: id)?.releaseMotion != nil
      return (animates ? motions : [nil]).map { (id, $0) }
    }
  }

  @Test("every applicable invariant holds", arguments: cases)
  func holds(algorithmID: String, motion: String?) throws {
    var algorithm = try #require(AlgorithmCatalogue.algorithm(id: algorithmID))
    if let motion, algorithm.releaseMotion != nil {
      algorithm.releaseMotion = try Motion(parsing: motion)
    }
    // One verify run: each scenario simulated once, every invariant checked on it.
    for finding in verify(algorithm, seed: SnapCheckSeed.value) {
      let invariant = finding.invariant
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
    let gesture = TouchGesture.drag(
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

}

/// The seed the suite's checks use: `SNAPCHECK_SEED` when set, else a fixed one, so CI is
/// reproducible and a reported failure replays.
enum SnapCheckSeed {
  static var value: UInt64 {
    ProcessInfo.processInfo.environment["SNAPCHECK_SEED"].flatMap { UInt64($0) } ?? 1
  }
}

/// UIKit never hands code a NaN or a touch at 1e300 points, so the simulator does not either;
/// these properties call the corrected variants' handlers directly with such values, in
/// environments with empty or inverted safe regions, and require a finite position back.
@Suite("Corrected variants under hostile input")
struct CorrectedHostileInputTests {
  static let coordinate = Gen.frequency(
    (3, Gen.double(in: -2000...2000)), (1, Gen.anyDouble))
  static let points = zip(coordinate, coordinate).map { CGPoint(x: $0.0, y: $0.1) }
  static let environments: Gen<ItemEnvironment> = zip(
    Gen.element(of: DeviceProfile.catalogue), Gen.bool, Gen.int(in: 0...400),
    Gen.int(in: 0...100)
  ).map { device, landscape, keyboard, inset in
    var environment = device.environment(landscape ? .landscape : .portrait)
    environment.safeAreaInsets.left += CGFloat(inset) * 3  // up to past the middle
    if keyboard > 0 {
      environment.keyboardFrame = CGRect(
        x: 0, y: environment.bounds.height - CGFloat(keyboard) * 3, width: environment.bounds.width,
        height: CGFloat(keyboard) * 3)
    }
    return environment
  }
  static let cases = zip(environments, points.array(count: 2...12), Gen.bool)

  @Test("touches at NaN, infinity or 1e300 leave the corrected variants' and fluid-dock's items finite")
  func hostileTouches() {
    check(Self.cases, seed: 11, examples: 300) { environment, touches, cancel in
      ([
        drive(PerAxisClampCorrected(), environment, touches, cancel),
        drive(EdgeDockCorrected(), environment, touches, cancel),
        drive(ForcedBoundaryEndCorrected(), environment, touches, cancel),
        drive(InsetCorrectionCorrected(), environment, touches, cancel),
      ] + FluidDock.Mode.allCases.map { drive(FluidDock(mode: $0), environment, touches, cancel) })
      .allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
  }

  /// Calls the handlers as UIKit would, but with `touches` unfiltered; returns the final centre.
  func drive<A: SnapAlgorithm>(
    _ algorithm: A, _ environment: ItemEnvironment, _ touches: [CGPoint], _ cancel: Bool
  ) -> CGPoint {
    var algorithm = algorithm
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    algorithm.didLoad(in: environment)
    let context = UIKitContext(time: 0, environment: environment, fingerVelocity: CGVector(dx: touches[0].x, dy: touches[0].y))
    switch algorithm.inputAPI {
    case .touches:
      algorithm.touchesBegan(Touch(locationInWindow: touches[0]), view: &view, context: context)
      for touch in touches.dropFirst() {
        algorithm.touchesMoved(Touch(locationInWindow: touch), view: &view, context: context)
      }
      let last = Touch(locationInWindow: touches[touches.count - 1])
      if cancel {
        algorithm.touchesCancelled(last, view: &view, context: context)
      } else {
        algorithm.touchesEnded(last, view: &view, context: context)
      }
    case .panGestureRecognizer:
      algorithm.touchesBegan(Touch(locationInWindow: touches[0]), view: &view, context: context)
      var recognizer = PanGestureRecognizer(touchDownAt: touches[0])
      recognizer.velocity = context.fingerVelocity
      for (index, touch) in touches.dropFirst().enumerated() {
        recognizer.location = touch
        recognizer.recognizedState = index == 0 ? .began : .changed
        algorithm.handlePan(&recognizer, view: &view, context: context)
      }
      recognizer.recognizedState = cancel ? .cancelled : .ended
      algorithm.handlePan(&recognizer, view: &view, context: context)
    }
    algorithm.environmentDidChange(from: environment, view: &view, context: context)
    return view.presentationCenter(at: 0.3)
  }
}
