import Foundation
import SnapAlgorithms

// docked and cancel-safe: where a drag that moved the item leaves it.

extension Invariant {
  /// docked (after a drag — its finger past a pan's 10 pt — that moved the item and ended) and
  /// cancel-safe (after one that was cancelled, and on screen too): the rest frame lies against an edge the algorithm's rule
  /// allows, at its margin, on one of its slots (when the item fits with the margin).
  func checkDocking(_ run: Run) -> Judgement {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    // Docked against the edges it declares (the safe area's by default), at its margin less a
    // designed overhang.
    let environment = algorithm.docking(run.environment)
    let bounds = run.environment.bounds
    let region = environment.safeRegion
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    // The last drag decides which applies: one that ended, or one the system cancelled (a tap
    // after it, cancelled or not, does not make it either).
    let last = scenario.gesture.events.last?.phase
    guard last == .ended || last == .cancelled,
      let drag = trajectory.touches.last(where: {
        $0.reachedItem && $0.travel > PanGestureRecognizer.defaultHysteresis
      }), drag.end != nil, drag.cancelled == (self == .cancelSafe),
      Self.movedWhileDragging(trajectory), !Self.tapMovedItLast(run),
      let margin = algorithm.dockingMargin(for: size),
      Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule)
    else { return .notApplicable }
    var judgement = Judgement.holds
    let container = bounds.outset(by: algorithm.designedOverhang(for: size))
    if self == .cancelSafe, size.width <= bounds.width, size.height <= bounds.height,
      !container.contains(trajectory.rest, tolerance: tolerance)
    {
      judgement.add(Violation(
        "rests at \(trajectory.rest), off screen, after a cancelled drag",
        defect: .offScreenAtRest, magnitude: .points(container.overhang(of: trajectory.rest)),
        rect: trajectory.rest, region: container))
    }
    if let problem = Self.dockingProblem(
      trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
    {
      judgement.add(Violation(
        "rests at \(trajectory.rest); \(problem.words)", defect: .notDocked,
        magnitude: .points(problem.distance), rect: trajectory.rest, region: region))
    }
    return judgement
  }
}

// MARK: - Registration

extension Invariant {
  /// `docked`: after a drag that moved the item and ended normally, the rest frame's left or
  /// right edge lies on the safe region's, at the algorithm's margin (when the item fits); with
  /// `marginOnAllSides`, it also keeps the margin from the top and bottom where it has room.
  ///
  /// Applies only to an algorithm that docks (`dockingMargin`).
  public static let docked: Invariant = Invariant(
    "docked",
    definition: Definition(
      harmRank: 60,
      consequence: { size in "It can come to rest away from the edge it docks to\(size)." },
      abbreviation: "do",
      defects: [.offScreenAtRest, .notDocked],
      applies: { $0.dockingMargin != nil },
      judge: { run, _ in Invariant.docked.checkDocking(run) }))

  /// `cancel-safe`: after a cancelled drag that moved the item, it rests docked and on screen.
  ///
  /// Applies only to an algorithm that docks (`dockingMargin`).
  public static let cancelSafe: Invariant = Invariant(
    "cancel-safe",
    definition: Definition(
      harmRank: 40,
      consequence: { size in
        "After a cancelled drag (a call, a system gesture) it stays where the finger left "
        + "it, undocked\(size)." },
      abbreviation: "cs",
      defects: [.offScreenAtRest, .notDocked],
      applies: { $0.dockingMargin != nil },
      judge: { run, _ in Invariant.cancelSafe.checkDocking(run) }))
}

extension Defect {
  /// `not-docked`: does not dock.
  public static let notDocked: Defect = Defect("not-docked", "does not dock", harm: .rest)
}
