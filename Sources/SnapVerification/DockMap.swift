import Foundation
import SnapAlgorithms

/// Where an algorithm comes to rest from a grid of release points, and which of those rests
/// break an invariant: the data of the report's dock maps.
///
/// Each release point is reached by a slow 30 pt drag held still before the lift (no
/// velocity), or by a 50 ms flick at `velocity` that ends there; the grid is inset so that the
/// flick's travel starts inside the safe region too.
public struct DockMap: Sendable {
  /// One release and its rest.
  public struct Rest: Sendable {
    /// The item's centre when the finger let go.
    public var release: CGPoint
    /// The frame it came to rest in.
    public var rest: CGRect
    /// The invariants of `DockMap.invariants` the run breaks.
    public var broken: [Invariant]
    /// The finger's velocity as the algorithm read it at the lift (what a projecting variant
    /// projects), when the run released.
    public var releaseVelocity: CGVector?
    /// The point a projecting algorithm chose the rest from: the release carried by that
    /// velocity under its deceleration rate (`Trajectory.projectedRelease(by:)`); `nil` for an
    /// algorithm that does not project, or a release with no measured velocity.
    public var projected: CGPoint?
  }

  /// The invariants a dock map judges each rest by.
  public static let invariants: [Invariant] = [.onScreen, .inSafeArea, .docked, .nearestEdge]

  /// The environment every release happens in.
  public var environment: ItemEnvironment
  /// The finger's velocity at each release; zero for releases with the finger still.
  public var velocity: CGVector
  public var rests: [Rest]

  /// How many rests break an invariant.
  public var brokenCount: Int { rests.filter { !$0.broken.isEmpty }.count }

  /// The map of `algorithm` with a 60×60 item on `device` held `orientation` with `bars`, over
  /// `columns` × `rows` release points.
  public init<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, device: DeviceProfile, orientation: DeviceProfile.Orientation,
    bars: DeviceProfile.Bars = .standard, velocity: CGVector, columns: Int = 5, rows: Int = 9
  ) {
    let environment = device.environment(orientation, bars: bars)
    self.environment = environment
    self.velocity = velocity
    let size = Simulator.defaultItemSize
    // Release points on a grid, inset so that a flick's 50 ms of travel before the lift starts
    // inside the safe region too.
    let travel = CGVector(dx: velocity.dx * 0.05, dy: velocity.dy * 0.05)
    let region = environment.safeRegion.insetBy(
      dx: size.width / 2 + abs(travel.dx) / 2, dy: size.height / 2 + abs(travel.dy) / 2)
      .offsetBy(dx: travel.dx / 2, dy: travel.dy / 2)
    var rests: [Rest] = []
    for row in 0..<rows {
      for column in 0..<columns {
        let point = CGPoint(
          x: region.minX + region.width * CGFloat(column) / CGFloat(max(columns - 1, 1)),
          y: region.minY + region.height * CGFloat(row) / CGFloat(max(rows - 1, 1)))
        let gesture: TouchGesture
        if velocity == .zero {
          // A slow drag up to the point, held still, then lifted.
          let from = CGPoint(x: point.x, y: point.y + (point.y > region.midY ? -30 : 30))
          gesture = TouchGesture.drag(from: from, to: point, duration: 0.3, touchRate: 60).heldStill()
        } else {
          gesture = .flick(
            from: CGPoint(x: point.x - travel.dx, y: point.y - travel.dy), velocity: velocity)
        }
        let scenario = Scenario(device: device, orientation: orientation, bars: bars, gesture: gesture)
        let trajectory = scenario.simulate(algorithm)
        let broken = Self.invariants.filter {
          if case .violated = $0.check(algorithm, scenario: scenario, trajectory: trajectory) {
            return true
          }
          return false
        }
        rests.append(
          Rest(
            release: trajectory.releaseCenter ?? gesture.start, rest: trajectory.rest, broken: broken,
            releaseVelocity: trajectory.releaseVelocity,
            projected: trajectory.projectedRelease(by: algorithm)))
      }
    }
    self.rests = rests
  }
}
