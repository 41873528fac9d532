import Foundation
import SnapAlgorithms

// docked and cancel-safe: where a drag that moved the item leaves it.

extension Invariant {
  /// docked (after a drag that moved the item and ended) and cancel-safe (after one that was
  /// cancelled, and on screen too): the rest frame lies against an edge the algorithm's rule
  /// allows, at its margin, on one of its slots (when the item fits with the margin).
  func checkDocking(_ run: Run) -> Verdict {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    let environment = run.environment
    let bounds = run.environment.bounds
    let region = run.environment.safeRegion
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    let wanted: TouchPhase = self == .docked ? .ended : .cancelled
    guard scenario.gesture.events.last?.phase == wanted, Self.movedWhileDragging(trajectory),
      let margin = algorithm.dockingMargin,
      Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule)
    else { return .notApplicable }
    if self == .cancelSafe, size.width <= bounds.width, size.height <= bounds.height,
      !bounds.contains(trajectory.rest, tolerance: tolerance)
    {
      return .violated(Violation(
        "rests at \(describe(trajectory.rest)), off screen, after a cancelled drag",
        rect: trajectory.rest, region: bounds))
    }
    if let problem = Self.dockingProblem(
      trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
    {
      return .violated(Violation(
        "rests at \(describe(trajectory.rest)); \(problem)", rect: trajectory.rest,
        region: environment.safeRegion))
    }
    return .holds
  }
}
