import Foundation
import SnapAlgorithms

extension Invariant {
  /// settles: the run ends at rest, the last frame is the rest frame, and nothing moves after the
  /// motion's declared settle time.
  static func checkSettles(_ run: Run) -> Verdict {
    let trajectory = run.trajectory
    let tolerance = Self.tolerance
    guard !trajectory.isTruncated, let last = trajectory.frames.last else {
      return .violated(Violation(
        "the run did not come to rest within the simulator's frame limit",
        at: trajectory.frames.last?.time, rect: trajectory.frames.last?.rect))
    }
    guard last.phase == .rest else {
      return .violated(Violation("the last frame is not at rest", at: last.time, rect: last.rect))
    }
    guard last.rect.distance(to: trajectory.rest) <= tolerance else {
      return .violated(Violation(
        "the last frame \(describe(last.rect)) is not the rest frame \(describe(trajectory.rest))",
        at: last.time, rect: last.rect, region: trajectory.rest))
    }
    guard let final = trajectory.frames.last(where: { $0.phase == .motion }) else {
      return .holds
    }
    // Each motion declares its settle time when it starts (for a spring handed a velocity,
    // the time for that velocity); nothing may still move after the last one has ended.
    let end = trajectory.motionEnd ?? -.infinity
    if final.time < end + Self.sameMoment { return .holds }
    return .violated(Violation(
      "still moving at t = \(describeNumber(final.time)) s; its motion was declared to end at "
        + "t = \(describeNumber(end)) s", at: final.time, rect: final.rect))
  }
}
