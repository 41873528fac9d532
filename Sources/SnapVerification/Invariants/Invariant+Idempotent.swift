import Foundation
import SnapAlgorithms

extension Invariant {
  /// idempotent: a tap on the resting item (on screen), after everything else has happened,
  /// leaves it where it rests. `restAfter` is where the item rests when the run is carried on
  /// with a gesture appended after a gap (see `Example.rest(after:gap:)`).
  static func checkIdempotent(
    _ run: Run, restAfter: (_ tap: TouchGesture, _ gap: Double) -> CGRect
  ) -> Judgement {
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
    let tap = TouchGesture.tap(at: tapPoint, start: tapPoint)
    let lastTouch = scenario.gesture.events.last?.time ?? 0
    let gap = lastTouch.isFinite ? Swift.max(0.1, end + 0.1 - lastTouch) : 0.1
    let after = restAfter(tap, gap)
    if after.distance(to: rest) <= tolerance { return .holds }
    // A tap that docks an item the run left undocked finishes what docked, cancel-safe or
    // resize-safe judge: a button that docks on every touch-up does so by design.
    if finishesDock(run.algorithm, from: rest, to: after, in: environment) { return .holds }
    return Judgement(Violation(
      "resting at \(rest), a tap moves it to \(after)", defect: .tapMovesIt,
      magnitude: .points(after.distance(to: rest)), rect: after, region: rest))
  }
}

// MARK: - Registration

extension Invariant {
  /// `idempotent`: a tap on the resting item (on screen) leaves it where it rests.
  ///
  /// Applies only to an item whose tap is not meant to move it (`ItemContract.tap`), or only to
  /// dock it.
  public static let idempotent: Invariant = Invariant(
    "idempotent",
    definition: Definition(
      harmRank: 130,
      consequence: { size in "A tap on the resting button moves it\(size)." },
      abbreviation: "id",
      defects: [.tapMovesIt],
      applies: { $0.contract.tap != .movesItem },
      carriesRunOn: true,
      judge: { run, restAfter in checkIdempotent(run, restAfter: restAfter) }))
}

extension Defect {
  /// `tap-moves-it`: a tap moves it.
  public static let tapMovesIt: Defect = Defect("tap-moves-it", "a tap moves it", harm: .action)
}
