import Foundation
import SnapAlgorithms

// finite and bounded-frame-cost: what is asked even of an item with no size.

extension Invariant {
  /// finite: every frame and the rest frame are finite numbers.
  static func checkFinite(_ run: Run) -> Verdict {
    let trajectory = run.trajectory
    if let frame = trajectory.frames.first(where: { !$0.rect.isFinite }) {
      return .violated(Violation(
        "frame at t = \(describeNumber(frame.time)) is \(describe(frame.rect))", at: frame.time, rect: frame.rect))
    }
    return trajectory.rest.isFinite
      ? .holds : .violated(Violation("rest frame is \(describe(trajectory.rest))", rect: trajectory.rest))
  }

  /// bounded-frame-cost: no frame has more than `maximumAnimationsPerFrame` animations to
  /// evaluate, however long the gesture or the motion.
  static func checkBoundedFrameCost(_ run: Run) -> Verdict {
    let trajectory = run.trajectory
    var most = 0
    for frame in trajectory.frames { most = Swift.max(most, frame.animationsInFlight) }
    if most <= Self.maximumAnimationsPerFrame { return .holds }
    let frame = trajectory.frames.first { $0.animationsInFlight == most }
    return .violated(Violation(
      "a frame evaluates \(most) animations; the bound is \(Self.maximumAnimationsPerFrame)",
      at: frame?.time, rect: frame?.rect))
  }
}
