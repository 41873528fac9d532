import Foundation
import SnapAlgorithms

// finite and bounded-frame-cost: what is asked even of an item with no size.

extension Invariant {
  /// finite: every frame and the rest frame are finite numbers.
  static func checkFinite(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let bad = trajectory.frames.lazy.filter { !$0.rect.isFinite }
    if let frame = bad.first {
      return Judgement(Violation(
        "frame at t = \(describeNumber(frame.time)) is \(describe(frame.rect))",
        defect: .nonFiniteFrame, magnitude: Magnitude(Double(bad.count), .occurrences),
        at: frame.time, rect: frame.rect))
    }
    return trajectory.rest.isFinite
      ? .holds
      : Judgement(Violation(
        "rest frame is \(describe(trajectory.rest))", defect: .nonFiniteFrame, magnitude: .once,
        rect: trajectory.rest))
  }

  /// bounded-frame-cost: no frame has more than `maximumAnimationsPerFrame` animations to
  /// evaluate, however long the gesture or the motion.
  static func checkBoundedFrameCost(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    var most = 0
    for frame in trajectory.frames { most = Swift.max(most, frame.animationsInFlight) }
    if most <= Self.maximumAnimationsPerFrame { return .holds }
    let frame = trajectory.frames.first { $0.animationsInFlight == most }
    return Judgement(Violation(
      "a frame evaluates \(most) animations; the bound is \(Self.maximumAnimationsPerFrame)",
      defect: .tooManyAnimations, magnitude: Magnitude(Double(most), .animations),
      at: frame?.time, rect: frame?.rect))
  }
}
