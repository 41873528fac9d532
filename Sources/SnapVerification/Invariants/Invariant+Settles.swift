import Foundation
import SnapAlgorithms

extension Invariant {
  /// settles: the run ends at rest, the last frame is the rest frame, and nothing moves after the
  /// motion's declared settle time (one frame late is polish: where a frame falls on the display
  /// clock, not the motion).
  static func checkSettles(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let tolerance = Self.tolerance
    let span = (trajectory.frames.last?.time ?? 0) - (trajectory.frames.first?.time ?? 0)
    guard !trajectory.isTruncated, let last = trajectory.frames.last else {
      return Judgement(Violation(
        "the run did not come to rest within the simulator's frame limit", defect: .neverRests,
        magnitude: Magnitude(span.isFinite ? span : 0, .seconds),
        at: trajectory.frames.last?.time, rect: trajectory.frames.last?.rect))
    }
    guard last.phase == .rest else {
      return Judgement(Violation(
        "the last frame is not at rest", defect: .neverRests,
        magnitude: Magnitude(span.isFinite ? span : 0, .seconds), at: last.time, rect: last.rect))
    }
    guard last.rect.distance(to: trajectory.rest) <= tolerance else {
      return Judgement(Violation(
        "the last frame \(last.rect) is not the rest frame \(trajectory.rest)",
        defect: .movesPastSettleTime, magnitude: .points(last.rect.distance(to: trajectory.rest)),
        at: last.time, rect: last.rect, region: trajectory.rest))
    }
    guard let final = trajectory.frames.last(where: { $0.phase == .motion }) else {
      return .holds
    }
    // Each motion declares its settle time when it starts (for a spring handed a velocity,
    // the time for that velocity); nothing may still move after the last one has ended.
    let end = trajectory.motionEnd ?? -.infinity
    if final.time < end + Self.sameMoment { return .holds }
    let late = final.time - end
    return Judgement(Violation(
      "still moving at t = \(final.time) s; its motion was declared to end at "
        + "t = \(end) s", defect: .movesPastSettleTime,
      magnitude: Magnitude(late.isFinite ? late : 0, .seconds), at: final.time, rect: final.rect,
      transient: late <= run.initialEnvironment.frameDuration + Self.sameMoment))
  }
}

// MARK: - Registration

extension Invariant {
  /// `settles`: the run ends at rest, the last frame is the rest frame, and motion lasts no
  /// longer than the release motion's settle time.
  public static let settles: Invariant = Invariant(
    "settles",
    definition: Definition(
      harmRank: 120,
      consequence: { size in
        "The motion overruns its declared time or stops off its target\(size)." },
      abbreviation: "se",
      defects: [.neverRests, .movesPastSettleTime],
      judge: { run, _ in checkSettles(run) }))
}

extension Defect {
  /// `never-rests`: never comes to rest. Its magnitude is not a distance from where the item
  /// should be.
  public static let neverRests: Defect = Defect(
    "never-rests",
    "never comes to rest",
    measuresPosition: false, harm: .motion)

  /// `moves-past-settle-time`: moves past its settle time. Its magnitude is not a distance from
  /// where the item should be.
  public static let movesPastSettleTime: Defect = Defect(
    "moves-past-settle-time",
    "moves past its settle time",
    measuresPosition: false, harm: .motion)
}
