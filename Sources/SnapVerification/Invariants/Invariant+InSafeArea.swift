import Foundation
import SnapAlgorithms

extension Invariant {
  /// in-safe-area: the rest frame lies inside the final safe region (less bars and keyboard),
  /// on each axis the item fits along.
  static func checkInSafeArea<Algorithm: SnapAlgorithm>(_ run: Run<Algorithm>) -> Verdict {
    let trajectory = run.trajectory
    let region = run.environment.safeRegion
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    let checkX = size.width <= region.width
    let checkY = size.height <= region.height
    guard checkX || checkY else { return .notApplicable }
    if region.contains(trajectory.rest, tolerance: tolerance, checkX: checkX, checkY: checkY) {
      return .holds
    }
    return .violated(Violation(
      "rests at \(describe(trajectory.rest)), outside the safe region \(describe(region))",
      rect: trajectory.rest, region: region))
  }
}
