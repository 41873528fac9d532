import Foundation
import SnapAlgorithms

/// What an invariant says about one run.
public enum Verdict: Equatable, Sendable {
  case holds
  /// Broken, and how: the first frame or value that breaks it, in words.
  case violated(String)
  /// The invariant says nothing about this run (the item does not fit, the gesture was
  /// cancelled, the algorithm does not dock …).
  case notApplicable
}

/// The invariants of `shared/DESIGN.md`, by the ids users type.
public enum Invariant: String, CaseIterable, Sendable {
  case onScreen = "on-screen"
  case inSafeArea = "in-safe-area"
  case docked
  case nearestEdge = "nearest-edge"
  case idempotent
  case tracksFinger = "tracks-finger"
  case settles
  case velocityContinuous = "velocity-continuous"
  case cancelSafe = "cancel-safe"
  case resizeSafe = "resize-safe"
  case finite
  case boundedFrameCost = "bounded-frame-cost"

  /// The invariants this version of the catalogue checks; the others need container events and
  /// release velocities that the simulator does not model yet.
  public static let checked: [Invariant] = [
    .onScreen, .inSafeArea, .docked, .nearestEdge, .idempotent, .tracksFinger, .settles,
    .cancelSafe, .finite,
  ]

  /// Tolerance for positions compared after floating-point arithmetic (C `float` offsets
  /// included), in points: far below a pixel.
  static let tolerance: CGFloat = 0.05

  /// Whether the invariant can apply to `algorithm` at all: docking invariants need an
  /// algorithm that docks.
  public func applies(to algorithm: some SnapAlgorithm) -> Bool {
    switch self {
    case .docked, .nearestEdge, .cancelSafe: return algorithm.dockingMargin != nil
    default: return Self.checked.contains(self)
    }
  }

  /// Checks the invariant on `trajectory`, the run of `algorithm` through `scenario`.
  ///
  /// - on-screen: every frame lies inside the container, when the item fits in it.
  /// - in-safe-area: the rest frame lies inside the safe region (less bars and keyboard), when
  ///   the item fits in it.
  /// - docked: after a drag that moved the item and ended normally, the rest frame's left or
  ///   right edge lies on the safe region's, at the algorithm's margin (when the item fits).
  /// - nearest-edge: after such a drag, the item rests on the side of the safe region's middle
  ///   where its centre was when the touch stopped reaching the code (not checked when either
  ///   lies within 0.5 pt of the middle).
  /// - idempotent: a tap on the resting item (on screen) leaves it where it rests.
  /// - tracks-finger: from the first frame the item moved in, while dragging, the item's centre
  ///   is the finger less the offset it was grabbed at, on each axis, unless the item lies
  ///   against a bound there (an edge of the container or the safe region).
  /// - settles: the run ends at rest, the last frame is the rest frame, and motion lasts no longer
  ///   than the release motion's settle time.
  /// - cancel-safe: after a cancelled drag that moved the item, it rests docked and on screen.
  /// - finite: every frame and the rest frame are finite numbers.
  public func check<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory
  ) -> Verdict {
    guard applies(to: algorithm) else { return .notApplicable }
    let environment = trajectory.environment
    let bounds = environment.bounds
    let region = environment.safeRegion
    let size = scenario.itemSize
    let tolerance = Self.tolerance
    switch self {
    case .finite:
      if let frame = trajectory.frames.first(where: { !$0.rect.isFinite }) {
        return .violated("frame at t = \(formatNumber(frame.time)) is \(frame.rect)")
      }
      return trajectory.rest.isFinite ? .holds : .violated("rest frame is \(trajectory.rest)")

    case .onScreen:
      guard size.width <= bounds.width, size.height <= bounds.height else { return .notApplicable }
      for frame in trajectory.frames where !bounds.contains(frame.rect, tolerance: tolerance) {
        return .violated(
          "\(frame.phase.rawValue) frame at t = \(formatNumber(frame.time)) is \(describe(frame.rect)),"
            + " outside the container \(describe(bounds))")
      }
      return .holds

    case .inSafeArea:
      guard size.width <= region.width, size.height <= region.height else { return .notApplicable }
      if region.contains(trajectory.rest, tolerance: tolerance) { return .holds }
      return .violated(
        "rests at \(describe(trajectory.rest)), outside the safe region \(describe(region))")

    case .docked, .cancelSafe:
      let wanted: TouchPhase = self == .docked ? .ended : .cancelled
      guard scenario.gesture.events.last?.phase == wanted, movedWhileDragging(trajectory),
        let margin = algorithm.dockingMargin, size.width + 2 * margin <= region.width
      else { return .notApplicable }
      if self == .cancelSafe, !bounds.contains(trajectory.rest, tolerance: tolerance) {
        return .violated("rests at \(describe(trajectory.rest)), off screen, after a cancelled drag")
      }
      if isDocked(trajectory.rest, in: region, margin: margin) { return .holds }
      return .violated(
        "rests at \(describe(trajectory.rest)); docked means x = \(formatNumber(region.minX + margin))"
          + " or maxX = \(formatNumber(region.maxX - margin)) (safe region \(describe(region)))")

    case .nearestEdge:
      guard scenario.gesture.events.last?.phase == .ended, movedWhileDragging(trajectory),
        let margin = algorithm.dockingMargin, size.width + 2 * margin <= region.width,
        let release = trajectory.releaseCenter
      else { return .notApplicable }
      let offset = release.x - region.midX
      let restOffset = trajectory.rest.midX - region.midX
      // Within half a point of the middle, a side is not meaningful (nor for an item as wide
      // as the region, whose left and right positions coincide).
      guard abs(offset) > 0.5, abs(restOffset) > 0.5 else { return .notApplicable }
      let restedRight = restOffset > 0
      if restedRight == (offset > 0) { return .holds }
      return .violated(
        "released with its centre at x = \(formatNumber(release.x)), \(offset > 0 ? "right" : "left")"
          + " of the middle (\(formatNumber(region.midX))), it rests on the \(restedRight ? "right" : "left")")

    case .idempotent:
      let rest = trajectory.rest
      let tapPoint = CGPoint(x: rest.midX, y: rest.midY)
      guard bounds.contains(tapPoint), environment.screenBounds.contains(tapPoint),
        let end = trajectory.frames.last?.time
      else { return .notApplicable }
      let tap = Gesture.tap(at: tapPoint, start: tapPoint, at: end + 0.1)
      let again = Scenario(
        device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
        itemSize: scenario.itemSize, gesture: scenario.gesture.followed(by: tap, after: 0.1))
      let after = again.simulate(algorithm).rest
      if after.distance(to: rest) <= tolerance { return .holds }
      return .violated("resting at \(describe(rest)), a tap moves it to \(describe(after))")

    case .tracksFinger:
      return tracksFinger(trajectory, bounds: bounds, region: region)

    case .settles:
      guard !trajectory.isTruncated, let last = trajectory.frames.last else {
        return .violated("the run did not come to rest within the simulator's frame limit")
      }
      guard last.phase == .rest else { return .violated("the last frame is not at rest") }
      guard last.rect.distance(to: trajectory.rest) <= tolerance else {
        return .violated("the last frame \(describe(last.rect)) is not the rest frame \(describe(trajectory.rest))")
      }
      let motion = trajectory.frames.filter { $0.phase == .motion }
      guard let first = motion.first, let final = motion.last else { return .holds }
      let declared = algorithm.releaseMotion?.settleTime ?? 0
      let lasted = final.time - first.time
      if lasted <= declared + environment.frameDuration + 1e-9 { return .holds }
      return .violated(
        "moved for \(formatNumber(lasted)) s; its motion settles in \(formatNumber(declared)) s")

    case .velocityContinuous, .resizeSafe, .boundedFrameCost:
      return .notApplicable
    }
  }

  /// Whether some drag frame shows the item away from where it started.
  private func movedWhileDragging(_ trajectory: Trajectory) -> Bool {
    guard let first = trajectory.frames.first?.rect else { return false }
    return trajectory.frames.contains {
      $0.phase != .rest && $0.rect.distance(to: first) > Self.tolerance
    } || trajectory.rest.distance(to: first) > Self.tolerance
  }

  private func isDocked(_ rect: CGRect, in region: CGRect, margin: CGFloat) -> Bool {
    abs(rect.minX - (region.minX + margin)) <= 0.5 || abs(rect.maxX - (region.maxX - margin)) <= 0.5
  }

  private func tracksFinger(_ trajectory: Trajectory, bounds: CGRect, region: CGRect) -> Verdict {
    let drags = trajectory.frames.filter { $0.phase == .drag && $0.finger != nil }
    guard let first = drags.first, let touchDown = first.finger else { return .notApplicable }
    let grab = CGPoint(x: touchDown.x - first.rect.midX, y: touchDown.y - first.rect.midY)
    let tolerance = Self.tolerance
    var following = false
    for frame in drags {
      guard let finger = frame.finger else { continue }
      if !following {
        following = frame.rect.distance(to: first.rect) > tolerance
        if !following { continue }
      }
      let expected = CGPoint(x: finger.x - grab.x, y: finger.y - grab.y)
      let rect = frame.rect
      let againstX = [bounds.minX, region.minX].contains { abs(rect.minX - $0) <= tolerance }
        || [bounds.maxX, region.maxX].contains { abs(rect.maxX - $0) <= tolerance }
      let againstY = [bounds.minY, region.minY].contains { abs(rect.minY - $0) <= tolerance }
        || [bounds.maxY, region.maxY].contains { abs(rect.maxY - $0) <= tolerance }
      let offX = abs(rect.midX - expected.x) > tolerance && !againstX
      let offY = abs(rect.midY - expected.y) > tolerance && !againstY
      if offX || offY {
        return .violated(
          "at t = \(formatNumber(frame.time)) the finger at (\(formatNumber(finger.x)), "
            + "\(formatNumber(finger.y))) puts the grabbed point at (\(formatNumber(expected.x)), "
            + "\(formatNumber(expected.y))), but the item's centre is at "
            + "(\(formatNumber(rect.midX)), \(formatNumber(rect.midY)))")
      }
    }
    return .holds
  }
}

func describe(_ rect: CGRect) -> String {
  "(\(formatNumber(rect.minX)), \(formatNumber(rect.minY)), \(formatNumber(rect.width))×\(formatNumber(rect.height)))"
}

extension CGRect {
  func contains(_ other: CGRect, tolerance: CGFloat) -> Bool {
    other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
      && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
  }

  /// The largest difference between corresponding edges.
  func distance(to other: CGRect) -> CGFloat {
    max(
      abs(minX - other.minX), abs(minY - other.minY), abs(maxX - other.maxX),
      abs(maxY - other.maxY))
  }
}
