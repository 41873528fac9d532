import Foundation
import SnapAlgorithms

extension Invariant {
  /// resize-safe: after the container changes during or after the gesture, the item rests inside
  /// the new safe region on each axis it fits along and, for an algorithm that docks, docked in it.
  static func checkResizeSafe<Algorithm: SnapAlgorithm>(_ run: Run<Algorithm>) -> Verdict {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    let environment = run.environment
    let region = run.environment.safeRegion
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    guard !scenario.resizes.isEmpty, size.width <= region.width || size.height <= region.height
    else { return .notApplicable }
    guard
      region.contains(
        trajectory.rest, tolerance: tolerance, checkX: size.width <= region.width,
        checkY: size.height <= region.height)
    else {
      return .violated(Violation(
        "after the container changed, rests at \(describe(trajectory.rest)), outside the new safe"
          + " region \(describe(region))", rect: trajectory.rest, region: region))
    }
    if let margin = algorithm.dockingMargin,
      Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule),
      let problem = Self.dockingProblem(
        trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
    {
      return .violated(Violation(
        "after the container changed, rests at \(describe(trajectory.rest)), not docked in the new"
          + " safe region: \(problem)", rect: trajectory.rest, region: region))
    }
    return .holds
  }
}
