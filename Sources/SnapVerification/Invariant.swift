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

  /// The invariants the catalogue checks, in the order of the matrix: all of them.
  public static let checked: [Invariant] = allCases

  /// The most animations a frame may have to evaluate: the constant of bounded-frame-cost.
  public static let maximumAnimationsPerFrame = 4

  /// Tolerance for positions compared after floating-point arithmetic (C `float` offsets
  /// included), in points: far below a pixel.
  static let tolerance: CGFloat = 0.05

  /// Whether the invariant can apply to `algorithm` at all: docking invariants need an
  /// algorithm that docks.
  public func applies(to algorithm: some SnapAlgorithm) -> Bool {
    switch self {
    case .docked, .nearestEdge, .cancelSafe: return algorithm.dockingMargin != nil
    case .velocityContinuous:
      if case .spring? = algorithm.releaseMotion { return true }
      return false
    default: return true
    }
  }

  /// Checks the invariant on `trajectory`, the run of `algorithm` through `scenario`.
  ///
  /// - on-screen: every frame lies inside the container, on each axis the item fits along.
  /// - in-safe-area: the rest frame lies inside the safe region (less bars and keyboard), on each
  ///   axis the item fits along.
  /// - docked: after a drag that moved the item and ended normally, the rest frame's left or
  ///   right edge lies on the safe region's, at the algorithm's margin (when the item fits).
  /// - nearest-edge: after such a drag, the item rests on the side of the safe region's middle
  ///   where its centre was when the touch stopped reaching the code (not checked when either
  ///   lies within 0.5 pt of the middle).
  /// - idempotent: a tap on the resting item (on screen) leaves it where it rests.
  /// - tracks-finger: while dragging, once the finger has moved a pan's 10 pt hysteresis from
  ///   where it landed, the item's centre is the finger less the offset it was grabbed at, on
  ///   each axis, unless a bound stops it there: the finger would take it past an edge of the
  ///   container or the safe region and it rests against that edge (an item larger than the
  ///   safe region on an axis is placed, not dragged, on it). After the release, an algorithm
  ///   that docks moves the item up or down no further than into the safe region, unless it
  ///   declares that it projects the flick. Not checked when the container changes during the
  ///   drag.
  /// - settles: the run ends at rest, the last frame is the rest frame, and motion lasts no longer
  ///   than the release motion's settle time.
  /// - velocity-continuous: with a spring, the motion starts at the finger's velocity at release
  ///   (UIKit's estimate, when faster than 100 pt/s), within 5% or 25 pt/s, on every axis the
  ///   finger moved along at 25 pt/s or more — unless the item lay against a bound that the
  ///   velocity points into. Timing curves cannot be handed a velocity: not applicable.
  /// - cancel-safe: after a cancelled drag that moved the item, it rests docked and on screen.
  /// - resize-safe: after the container changes during or after the gesture, the item rests
  ///   inside the new safe region on each axis it fits along and, for an algorithm that docks,
  ///   docked in it.
  /// - finite: every frame and the rest frame are finite numbers.
  /// - bounded-frame-cost: no frame has more than `maximumAnimationsPerFrame` animations to
  ///   evaluate, however long the gesture or the motion.
  ///
  /// Frames are checked against the environment in force at their time; the rest frame against
  /// the final one.
  public func check<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory
  ) -> Verdict {
    guard applies(to: algorithm) else { return .notApplicable }
    // An empty or negative item has no edges to keep anywhere: only finiteness and the cost
    // of a frame are asked of it.
    if !(scenario.itemSize.width > 0 && scenario.itemSize.height > 0),
      self != .finite, self != .boundedFrameCost
    {
      return .notApplicable
    }
    let environment = trajectory.finalEnvironment
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
      var applied = false
      for frame in trajectory.frames {
        let container = scenario.environment(at: frame.time).bounds
        let checkX = size.width <= container.width
        let checkY = size.height <= container.height
        guard checkX || checkY else { continue }
        applied = true
        if !container.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY) {
          return .violated(
            "\(frame.phase.rawValue) frame at t = \(formatNumber(frame.time)) is "
              + "\(describe(frame.rect)), outside the container \(describe(container))")
        }
      }
      return applied ? .holds : .notApplicable

    case .inSafeArea:
      let checkX = size.width <= region.width
      let checkY = size.height <= region.height
      guard checkX || checkY else { return .notApplicable }
      if region.contains(trajectory.rest, tolerance: tolerance, checkX: checkX, checkY: checkY) {
        return .holds
      }
      return .violated(
        "rests at \(describe(trajectory.rest)), outside the safe region \(describe(region))")

    case .docked, .cancelSafe:
      let wanted: TouchPhase = self == .docked ? .ended : .cancelled
      guard scenario.gesture.events.last?.phase == wanted, movedWhileDragging(trajectory),
        let margin = algorithm.dockingMargin, size.width + 2 * margin <= region.width
      else { return .notApplicable }
      if self == .cancelSafe, size.width <= bounds.width, size.height <= bounds.height,
        !bounds.contains(trajectory.rest, tolerance: tolerance)
      {
        return .violated("rests at \(describe(trajectory.rest)), off screen, after a cancelled drag")
      }
      if isDocked(trajectory.rest, in: region, margin: margin) { return .holds }
      return .violated(
        "rests at \(describe(trajectory.rest)); docked means x = \(formatNumber(region.minX + margin))"
          + " or maxX = \(formatNumber(region.maxX - margin)) (safe region \(describe(region)))")

    case .nearestEdge:
      guard scenario.resizes.isEmpty,
        scenario.gesture.events.last?.phase == .ended, movedWhileDragging(trajectory),
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
      // Only a rest the algorithm chose: after a touch it received was released.
      guard trajectory.releaseCenter != nil else { return .notApplicable }
      let rest = trajectory.rest
      let tapPoint = CGPoint(x: rest.midX, y: rest.midY)
      guard bounds.contains(tapPoint), environment.screenBounds.contains(tapPoint),
        let end = trajectory.frames.last?.time
      else { return .notApplicable }
      // The tap comes 0.1 s after the last frame, so after the rest and every container change
      // (not 0.1 s after the last touch, which a later change may follow).
      let tap = Gesture.tap(at: tapPoint, start: tapPoint)
      let lastTouch = scenario.gesture.events.last?.time ?? 0
      let gap = lastTouch.isFinite ? Swift.max(0.1, end + 0.1 - lastTouch) : 0.1
      let again = Scenario(
        device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
        itemSize: scenario.itemSize, gesture: scenario.gesture.followed(by: tap, after: gap))
      let after = again.simulate(algorithm).rest
      if after.distance(to: rest) <= tolerance { return .holds }
      return .violated("resting at \(describe(rest)), a tap moves it to \(describe(after))")

    case .tracksFinger:
      return tracksFinger(trajectory, scenario: scenario, algorithm: algorithm)

    case .resizeSafe:
      guard !scenario.resizes.isEmpty, size.width <= region.width || size.height <= region.height
      else { return .notApplicable }
      guard
        region.contains(
          trajectory.rest, tolerance: tolerance, checkX: size.width <= region.width,
          checkY: size.height <= region.height)
      else {
        return .violated(
          "after the container changed, rests at \(describe(trajectory.rest)), outside the new safe"
            + " region \(describe(region))")
      }
      if let margin = algorithm.dockingMargin, size.width + 2 * margin <= region.width,
        !isDocked(trajectory.rest, in: region, margin: margin)
      {
        return .violated(
          "after the container changed, rests at \(describe(trajectory.rest)), not docked in the new"
            + " safe region \(describe(region))")
      }
      return .holds

    case .velocityContinuous:
      guard let release = trajectory.releaseVelocity, let handoff = trajectory.handoffVelocity,
        let center = trajectory.releaseCenter, let releaseTime = trajectory.releaseTime,
        (release.dx * release.dx + release.dy * release.dy).squareRoot() >= 100,
        // A container change after the release moves the item for reasons of its own.
        !scenario.resizes.contains(where: { $0.time >= releaseTime })
      else { return .notApplicable }
      let releaseEnvironment = scenario.environment(at: releaseTime)
      let rect = center.rect(ofSize: size)
      // Where the finger would have put the item at release: on an axis where a bound held
      // the item away from it, the item was not moving with the finger.
      let lastFinger = trajectory.releaseFinger
      let grab = trajectory.touchDownFinger.flatMap { finger in
        trajectory.touchDownCenter.map { CGVector(dx: finger.x - $0.x, dy: finger.y - $0.y) }
      }
      let wanted = lastFinger.flatMap { finger in
        grab.map { CGPoint(x: finger.x - $0.dx, y: finger.y - $0.dy) }
      }
      let container = releaseEnvironment.bounds
      let safe = releaseEnvironment.safeRegion
      var applied = false
      for (axis, speed, handed, low, high, lowBounds, highBounds, actual, target) in [
        (
          "x", release.dx, handoff.dx, rect.minX, rect.maxX, [container.minX, safe.minX],
          [container.maxX, safe.maxX], center.x, wanted?.x
        ),
        (
          "y", release.dy, handoff.dy, rect.minY, rect.maxY, [container.minY, safe.minY],
          [container.maxY, safe.maxY], center.y, wanted?.y
        ),
      ] {
        // Every axis the finger was moving along: a motion that leaves one out hitches there.
        guard abs(speed) >= 25 else { continue }
        if let target, abs(target - actual) > tolerance { continue }
        let intoLow = speed < 0 && lowBounds.contains { low <= $0 + tolerance }
        let intoHigh = speed > 0 && highBounds.contains { high >= $0 - tolerance }
        guard !intoLow, !intoHigh else { continue }
        applied = true
        if abs(handed - speed) > max(25, 0.05 * abs(speed)) {
          return .violated(
            "the finger left at \(formatNumber(speed.rounded())) pt/s along \(axis); the motion "
              + "starts at \(formatNumber(handed.rounded())) pt/s")
        }
      }
      return applied ? .holds : .notApplicable

    case .boundedFrameCost:
      let most = trajectory.frames.map(\.animationsInFlight).max() ?? 0
      if most <= Self.maximumAnimationsPerFrame { return .holds }
      return .violated(
        "a frame evaluates \(most) animations; the bound is \(Self.maximumAnimationsPerFrame)")

    case .settles:
      guard !trajectory.isTruncated, let last = trajectory.frames.last else {
        return .violated("the run did not come to rest within the simulator's frame limit")
      }
      guard last.phase == .rest else { return .violated("the last frame is not at rest") }
      guard last.rect.distance(to: trajectory.rest) <= tolerance else {
        return .violated("the last frame \(describe(last.rect)) is not the rest frame \(describe(trajectory.rest))")
      }
      guard let final = trajectory.frames.last(where: { $0.phase == .motion }) else {
        return .holds
      }
      // Each motion declares its settle time when it starts (for a spring handed a velocity,
      // the time for that velocity); nothing may still move after the last one has ended.
      let end = trajectory.motionEnd ?? -.infinity
      if final.time < end + 1e-9 { return .holds }
      return .violated(
        "still moving at t = \(formatNumber(final.time)) s; its motion was declared to end at "
          + "t = \(formatNumber(end)) s")

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

  private func tracksFinger<Algorithm: SnapAlgorithm>(
    _ trajectory: Trajectory, scenario: Scenario, algorithm: Algorithm
  ) -> Verdict {
    let drags = trajectory.frames.filter { $0.phase == .drag && $0.finger != nil }
    guard let first = drags.first, let touchDown = trajectory.touchDownFinger,
      let centerThen = trajectory.touchDownCenter
    else { return .notApplicable }
    // A container that changes under the finger moves the bounds and the finger's coordinates
    // together; what the item should do then is resize-safe's and on-screen's to judge.
    let lastDrag = drags.last?.time ?? first.time
    if scenario.resizes.contains(where: { $0.time <= lastDrag + 1e-9 }) { return .notApplicable }
    let grab = CGPoint(x: touchDown.x - centerThen.x, y: touchDown.y - centerThen.y)
    let tolerance = Self.tolerance
    let hysteresis = PanGestureRecognizer.defaultHysteresis
    var recognised = false
    for frame in drags {
      guard let finger = frame.finger else { continue }
      // Until the finger has moved a pan's hysteresis from where it landed, nothing may
      // follow yet.
      if !recognised {
        recognised =
          abs(finger.x - touchDown.x) >= hysteresis || abs(finger.y - touchDown.y) >= hysteresis
        if !recognised { continue }
      }
      let expected = CGPoint(x: finger.x - grab.x, y: finger.y - grab.y)
      let rect = frame.rect
      let environment = scenario.environment(at: frame.time)
      let bounds = environment.bounds
      let region = environment.safeRegion
      for (axis, actual, wanted, extent, low, high, lows, highs, room) in [
        (
          "x", rect.midX, expected.x, rect.width, rect.minX, rect.maxX,
          [bounds.minX, region.minX], [bounds.maxX, region.maxX], region.width
        ),
        (
          "y", rect.midY, expected.y, rect.height, rect.minY, rect.maxY,
          [bounds.minY, region.minY], [bounds.maxY, region.maxY], region.height
        ),
      ] {
        // An item larger than the safe region on an axis is placed, not dragged, on it.
        guard extent <= room, abs(actual - wanted) > tolerance else { continue }
        // A bound may stop the item only where the finger would take it past that bound.
        let wantsLow = lows.contains { wanted - extent / 2 < $0 }
        let wantsHigh = highs.contains { wanted + extent / 2 > $0 }
        let atLow = lows.contains { abs(low - $0) <= tolerance }
        let atHigh = highs.contains { abs(high - $0) <= tolerance }
        if (wantsLow && atLow) || (wantsHigh && atHigh) { continue }
        return .violated(
          "at t = \(formatNumber(frame.time)) the finger at (\(formatNumber(finger.x)), "
            + "\(formatNumber(finger.y))) puts the grabbed point's \(axis) at "
            + "\(formatNumber(wanted)), but the item's centre is at \(formatNumber(actual))")
      }
    }
    // After the release it moves only as far as docking requires: across to its side, and
    // up or down only into the safe region (or along a flick it declares it projects).
    if scenario.gesture.events.last?.phase == .ended, algorithm.dockingMargin != nil,
      !algorithm.projectsVelocity, let release = trajectory.releaseCenter,
      let releaseTime = trajectory.releaseTime,
      !scenario.resizes.contains(where: { $0.time >= releaseTime })
    {
      let region = trajectory.finalEnvironment.safeRegion
      let height = scenario.itemSize.height
      // The algorithm's margin counts as part of docking when the item has room for it.
      let margin = height + 2 * (algorithm.dockingMargin ?? 0) < region.height
        ? algorithm.dockingMargin ?? 0 : 0
      if height <= region.height {
        let allowed = min(
          max(release.y, region.minY + height / 2 + margin), region.maxY - height / 2 - margin)
        let rest = trajectory.rest.midY
        if rest < min(release.y, allowed) - tolerance || rest > max(release.y, allowed) + tolerance {
          return .violated(
            "released at y = \(formatNumber(release.y)), it rests at y = \(formatNumber(rest));"
              + " docking needs it no further than y = \(formatNumber(allowed))")
        }
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
    contains(other, tolerance: tolerance, checkX: true, checkY: true)
  }

  /// Containment along the axes asked for only.
  func contains(_ other: CGRect, tolerance: CGFloat, checkX: Bool, checkY: Bool) -> Bool {
    (!checkX || (other.minX >= minX - tolerance && other.maxX <= maxX + tolerance))
      && (!checkY || (other.minY >= minY - tolerance && other.maxY <= maxY + tolerance))
  }

  /// The largest difference between corresponding edges.
  func distance(to other: CGRect) -> CGFloat {
    max(
      abs(minX - other.minX), abs(minY - other.minY), abs(maxX - other.maxX),
      abs(maxY - other.maxY))
  }
}
