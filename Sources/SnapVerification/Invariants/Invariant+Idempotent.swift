import Foundation
import SnapAlgorithms

extension Invariant {
  /// idempotent: a tap on the resting item (on screen), after everything else has happened,
  /// leaves it where it rests.
  static func checkIdempotent<Algorithm: SnapAlgorithm>(_ run: Run<Algorithm>) -> Verdict {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    let environment = run.environment
    let bounds = run.environment.bounds
    let tolerance = Self.tolerance
    // Only a rest the algorithm chose: after a touch it received was released.
    guard trajectory.releaseCenter != nil else { return .notApplicable }
    let rest = trajectory.rest
    let tapPoint = CGPoint(x: rest.midX, y: rest.midY)
    guard bounds.contains(tapPoint), environment.screenBounds.contains(tapPoint),
      let end = trajectory.frames.last?.time
    else { return .notApplicable }
    // The tap comes 0.1 s after the last frame, so after the rest and every container change
    // (not 0.1 s after the last touch, which a later change may follow).
    let tap = Gesture.tap(at: tapPoint, start: tapPoint)
    let lastTouch = scenario.gesture.events.last?.time ?? 0
    let gap = lastTouch.isFinite ? Swift.max(0.1, end + 0.1 - lastTouch) : 0.1
    let after: CGRect
    if var simulation = run.atRest {
      // The same as simulating the scenario with the tap appended, without the scenario again.
      simulation.append(tap.events, after: gap)
      after = run.simulation.proceed(&simulation).rest
    } else {
      let again = Scenario(
        device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
        itemSize: scenario.itemSize, gesture: scenario.gesture.followed(by: tap, after: gap))
      after = run.simulation(algorithm, again).rest
    }
    if after.distance(to: rest) <= tolerance { return .holds }
    return .violated(Violation(
      "resting at \(describe(rest)), a tap moves it to \(describe(after))", rect: after, region: rest))
  }
}
