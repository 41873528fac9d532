import Foundation
import SnapAlgorithms

extension Invariant {
  /// on-screen: every frame lies inside the container in force at its time, on each axis the
  /// item fits along.
  static func checkOnScreen(_ run: Run) -> Verdict {
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    var applied = false
    for frame in trajectory.frames {
      let container = run.regions(at: frame.time).bounds
      let checkX = size.width <= container.width
      let checkY = size.height <= container.height
      guard checkX || checkY else { continue }
      applied = true
      if !container.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY) {
        return .violated(Violation(
          "\(frame.phase.rawValue) frame at t = \(describeNumber(frame.time)) is "
            + "\(describe(frame.rect)), outside the container \(describe(container))",
          at: frame.time, rect: frame.rect, region: container))
      }
    }
    return applied ? .holds : .notApplicable
  }
}
