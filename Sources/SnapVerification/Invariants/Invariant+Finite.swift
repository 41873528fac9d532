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
        "frame at t = \(frame.time) is \(frame.rect)",
        defect: .nonFiniteFrame, magnitude: Magnitude(Double(bad.count), .occurrences),
        at: frame.time, rect: frame.rect))
    }
    return trajectory.rest.isFinite
      ? .holds
      : Judgement(Violation(
        "rest frame is \(trajectory.rest)", defect: .nonFiniteFrame, magnitude: .once,
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

// MARK: - Registration

extension Invariant {
  /// `finite`: every frame and the rest frame are finite numbers.
  public static let finite: Invariant = Invariant(
    "finite",
    definition: Definition(
      harmRank: 10,
      consequence: { _ in
        "Hostile input makes the item's frame not a number: the button is lost." },
      abbreviation: "fi",
      defects: [.nonFiniteFrame],
      askedOfAnyInput: true,
      judge: { run, _ in checkFinite(run) }))

  /// `bounded-frame-cost`: no frame has more than `maximumAnimationsPerFrame` animations to
  /// evaluate, however long the gesture or the motion.
  public static let boundedFrameCost: Invariant = Invariant(
    "bounded-frame-cost",
    definition: Definition(
      harmRank: 140,
      consequence: { size in "A frame's work grows with the gesture's length\(size)." },
      abbreviation: "bfc",
      defects: [.tooManyAnimations],
      askedOfAnyInput: true,
      judge: { run, _ in checkBoundedFrameCost(run) }))
}

extension Defect {
  /// `non-finite-frame`: shows a frame that is not a number. Its magnitude is not a distance
  /// from where the item should be.
  public static let nonFiniteFrame: Defect = Defect(
    "non-finite-frame",
    "shows a frame that is not a number",
    measuresPosition: false, harm: .robustness)

  /// `too-many-animations`: evaluates too many animations in a frame. Its magnitude is not a
  /// distance from where the item should be.
  public static let tooManyAnimations: Defect = Defect(
    "too-many-animations",
    "evaluates too many animations in a frame",
    measuresPosition: false, harm: .robustness)
}
