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
  ///   safe region on an axis is placed, not dragged, on it). An algorithm with a rubber band
  ///   shows the item exactly where the band puts it past the region it rests in (its margin
  ///   inside the safe region), and never beyond the window. After the release, an algorithm
  ///   that docks moves the item up or down no further than into the safe region, unless it
  ///   declares that it projects the flick. Not checked when the container changes during the
  ///   drag.
  /// - settles: the run ends at rest, the last frame is the rest frame, and motion lasts no longer
  ///   than the release motion's settle time.
  /// - velocity-continuous: with a spring, the motion starts at the finger's velocity at release
  ///   (UIKit's estimate, when faster than 100 pt/s), within 5% or 25 pt/s, on every axis the
  ///   finger moved along at 25 pt/s or more — unless the item lay against a bound that the
  ///   velocity points into. For an algorithm with a rubber band, the item's own velocity: the
  ///   finger's times the band's slope where the item was. Timing curves cannot be handed a
  ///   velocity: not applicable.
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
        let margin = algorithm.dockingMargin,
        Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule)
      else { return .notApplicable }
      if self == .cancelSafe, size.width <= bounds.width, size.height <= bounds.height,
        !bounds.contains(trajectory.rest, tolerance: tolerance)
      {
        return .violated("rests at \(describe(trajectory.rest)), off screen, after a cancelled drag")
      }
      if let problem = Self.dockingProblem(
        trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
      {
        return .violated("rests at \(describe(trajectory.rest)); \(problem)")
      }
      return .holds

    case .nearestEdge:
      guard scenario.resizes.isEmpty,
        scenario.gesture.events.last?.phase == .ended, movedWhileDragging(trajectory),
        let margin = algorithm.dockingMargin,
        Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule),
        let releaseCenter = trajectory.releaseCenter
      else { return .notApplicable }
      let rule = algorithm.dockingRule
      if rule.placement != .nearerSide {
        return nearestEdge(
          trajectory, size: size, region: region, margin: margin, rule: rule)
      }
      // The point the side is chosen from: the release point, or its projection.
      let release = Self.projected(
        releaseCenter, velocity: trajectory.releaseVelocity ?? .zero, rate: rule.decelerationRate)
      let offset = release.x - region.midX
      let restOffset = trajectory.rest.midX - region.midX
      // Within half a point of the middle, a side is not meaningful (nor for an item as wide
      // as the region, whose left and right positions coincide).
      guard abs(offset) > 0.5, abs(restOffset) > 0.5 else { return .notApplicable }
      let restedRight = restOffset > 0
      if restedRight == (offset > 0) {
        guard rule.decelerationRate != nil,
          let problem = Self.alongEdgeProblem(
            trajectory.rest, dockedOn: restedRight ? .right : .left, projected: release,
            environment: environment, margin: margin, rule: rule)
        else { return .holds }
        return .violated(problem)
      }
      let what = rule.decelerationRate == nil ? "released with its centre" : "projected"
      return .violated(
        "\(what) at x = \(formatNumber(release.x)), \(offset > 0 ? "right" : "left")"
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
      if let margin = algorithm.dockingMargin,
        Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule),
        let problem = Self.dockingProblem(
          trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
      {
        return .violated(
          "after the container changed, rests at \(describe(trajectory.rest)), not docked in the new"
            + " safe region: \(problem)")
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
      let firstTime = trajectory.frames.first?.time ?? releaseTime
      let grab = trajectory.touchDownFinger.flatMap { finger in
        trajectory.touchDownCenter.map { center in
          let anchor = Self.grabAnchor(
            algorithm, center: center, size: size, environment: scenario.environment(at: firstTime))
          return CGVector(dx: finger.x - anchor.x, dy: finger.y - anchor.y)
        }
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
        var itemSpeed = speed
        var eased = false
        if let coefficient = algorithm.rubberBand, let target {
          // Past the rest region a rubber band moves the item slower than the finger, by the
          // formula's slope there: that is the speed to hand over. Against the window it stops.
          let margin = algorithm.dockingMargin ?? 0
          let inset = axis == "x" || algorithm.dockingRule.marginOnAllSides ? margin : 0
          let extent = axis == "x" ? size.width : size.height
          let (regionLow, regionHigh, windowLow, windowHigh) =
            axis == "x"
            ? (safe.minX, safe.maxX, container.minX, container.maxX)
            : (safe.minY, safe.maxY, container.minY, container.maxY)
          // An item larger than the safe region on an axis is placed, not dragged, on it.
          guard extent <= regionHigh - regionLow,
            let slope = Self.rubberBandSlope(
              target, extent: extent, regionLow: regionLow, regionHigh: regionHigh,
              windowLow: windowLow, windowHigh: windowHigh, margin: inset, coefficient: coefficient)
          else { continue }
          // Only where the band put it: a container change under the finger re-seats it.
          let banded = Self.rubberBanded(
            target, extent: extent, regionLow: regionLow, regionHigh: regionHigh,
            windowLow: windowLow, windowHigh: windowHigh, margin: inset, coefficient: coefficient)
          guard abs(banded - actual) <= tolerance else { continue }
          eased = slope != 1
          itemSpeed = speed * slope
          let intoWindow =
            (speed < 0 && low <= windowLow + tolerance) || (speed > 0 && high >= windowHigh - tolerance)
          guard !intoWindow else { continue }
        } else {
          if let target, abs(target - actual) > tolerance { continue }
          let intoLow = speed < 0 && lowBounds.contains { low <= $0 + tolerance }
          let intoHigh = speed > 0 && highBounds.contains { high >= $0 - tolerance }
          guard !intoLow, !intoHigh else { continue }
        }
        applied = true
        // Written so that a NaN hand-off fails.
        if !(abs(handed - itemSpeed) <= max(25, 0.05 * abs(itemSpeed))) {
          let moving =
            eased
            ? "the item moved at \(formatNumber(itemSpeed.rounded())) pt/s along \(axis) (the finger's "
              + "\(formatNumber(speed.rounded())) eased by the rubber band)"
            : "the finger left at \(formatNumber(speed.rounded())) pt/s along \(axis)"
          return .violated(
            "\(moving); the motion starts at \(formatNumber(handed.rounded())) pt/s")
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

  /// The centres an item of `extent` may rest at along an axis of the region: `margin` inside
  /// it where the item fits with the margin, flush where only the item fits.
  static func restRange(extent: CGFloat, regionLow: CGFloat, regionHigh: CGFloat, margin: CGFloat)
    -> (low: CGFloat, high: CGFloat)
  {
    let inset = extent + 2 * margin <= regionHigh - regionLow ? margin : 0
    return (regionLow + inset + extent / 2, regionHigh - inset - extent / 2)
  }

  /// The rubber band for an overshoot x past the rest range in a window of length d:
  /// the shown offset (1 − 1 / (x c / d + 1)) d and its slope c / (x c / d + 1)².
  static func band(_ overshoot: CGFloat, length: CGFloat, coefficient: CGFloat)
    -> (offset: CGFloat, slope: CGFloat)
  {
    let stretch = overshoot * coefficient / length + 1
    return ((1 - 1 / stretch) * length, coefficient / (stretch * stretch))
  }

  /// Where a rubber band shows a centre the finger puts at `wanted`: unchanged inside the range
  /// the item may rest in (`margin` inside the region, flush where the margin does not fit),
  /// `(1 − 1 / (x c / d + 1)) d` past it for an overshoot x and the window's length d, and never
  /// beyond the window.
  static func rubberBanded(
    _ wanted: CGFloat, extent: CGFloat, regionLow: CGFloat, regionHigh: CGFloat,
    windowLow: CGFloat, windowHigh: CGFloat, margin: CGFloat, coefficient: CGFloat
  ) -> CGFloat {
    let (low, high) = restRange(extent: extent, regionLow: regionLow, regionHigh: regionHigh, margin: margin)
    let length = windowHigh - windowLow
    var shown = wanted
    if wanted > high || wanted < low {
      let overshoot = wanted > high ? wanted - high : low - wanted
      let offset = band(overshoot, length: length, coefficient: coefficient).offset
      shown = wanted > high ? high + offset : low - offset
    }
    return min(max(shown, windowLow + extent / 2), windowHigh - extent / 2)
  }

  /// Where `count` slots lie along an edge, as fractions of the range of centres in the region
  /// without bars or keyboard: evenly spaced, ends included; the middle for one.
  static func slotFractions(_ count: Int) -> [CGFloat] {
    count == 1 ? [0.5] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
  }

  /// Why `rest`, docked on `edge`, is not where the projected point puts it along that edge —
  /// the projected coordinate kept inside the region, or the slot nearest it — or nil when it
  /// is (or when the projection lies within half a point of the middle between two slots).
  static func alongEdgeProblem(
    _ rest: CGRect, dockedOn edge: Edge, projected: CGPoint, environment: Environment,
    margin: CGFloat, rule: DockingRule
  ) -> String? {
    let alongX = edge == .top || edge == .bottom
    let inset = alongX ? margin : (rule.marginOnAllSides ? margin : 0)
    let extent = alongX ? rest.width : rest.height
    let region = environment.safeRegion
    let free = environment.unobstructed.safeRegion
    let (low, high) =
      alongX
      ? (region.minX + inset + extent / 2, region.maxX - inset - extent / 2)
      : (region.minY + inset + extent / 2, region.maxY - inset - extent / 2)
    guard high >= low else { return nil }
    let wanted = alongX ? projected.x : projected.y
    guard wanted.isFinite else { return nil }
    var expected = min(max(wanted, low), high)
    if let slots = rule.slots, slots > 0 {
      let (freeLow, freeHigh) =
        alongX
        ? (free.minX + inset + extent / 2, free.maxX - inset - extent / 2)
        : (free.minY + inset + extent / 2, free.maxY - inset - extent / 2)
      guard freeHigh > freeLow else { return nil }
      // The slot nearest the projection; within half a point of the middle between two, too
      // close to call.
      let nearest = slotFractions(slots).map { freeLow + $0 * (freeHigh - freeLow) }
        .sorted { abs($0 - expected) < abs($1 - expected) }
      if nearest.count > 1, abs(nearest[1] - expected) - abs(nearest[0] - expected) < 1 { return nil }
      expected = min(max(nearest[0], low), high)
    }
    let actual = alongX ? rest.midX : rest.midY
    if abs(actual - expected) <= 0.5 { return nil }
    let axis = alongX ? "x" : "y"
    let what = rule.slots == nil ? "the projected point puts it at" : "the slot nearest the projected point is at"
    return "projected to \(axis) = \(formatNumber(wanted)), its centre rests at \(axis) = "
      + "\(formatNumber(actual)) along the \(edge.rawValue) edge; \(what) \(axis) = \(formatNumber(expected))"
  }

  /// The inverse of `rubberBanded`'s band (ignoring the window): the centre the finger would
  /// have to put the item at for the band to show it at `shown`, x = (d / c) · y / (d − y) for
  /// a shown overshoot y.
  static func unbanded(
    _ shown: CGFloat, extent: CGFloat, regionLow: CGFloat, regionHigh: CGFloat,
    windowLow: CGFloat, windowHigh: CGFloat, margin: CGFloat, coefficient: CGFloat
  ) -> CGFloat {
    let (low, high) = restRange(extent: extent, regionLow: regionLow, regionHigh: regionHigh, margin: margin)
    let length = windowHigh - windowLow
    guard shown > high || shown < low, length > 0, extent <= regionHigh - regionLow else {
      return shown
    }
    let overshoot = shown > high ? shown - high : low - shown
    guard overshoot < length else { return shown }
    let excess = length / coefficient * overshoot / (length - overshoot)
    return shown > high ? high + excess : low - excess
  }

  /// Where the finger's grab is measured from, for an item shown with its centre at `center`:
  /// the centre itself, or for an algorithm with a rubber band, the point the finger would
  /// have to put it at for the band to show it there.
  static func grabAnchor<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, center: CGPoint, size: CGSize, environment: Environment
  ) -> CGPoint {
    guard let coefficient = algorithm.rubberBand else { return center }
    let margin = algorithm.dockingMargin ?? 0
    let vertical = algorithm.dockingRule.marginOnAllSides ? margin : 0
    let region = environment.safeRegion
    let bounds = environment.bounds
    return CGPoint(
      x: unbanded(
        center.x, extent: size.width, regionLow: region.minX, regionHigh: region.maxX,
        windowLow: bounds.minX, windowHigh: bounds.maxX, margin: margin, coefficient: coefficient),
      y: unbanded(
        center.y, extent: size.height, regionLow: region.minY, regionHigh: region.maxY,
        windowLow: bounds.minY, windowHigh: bounds.maxY, margin: vertical, coefficient: coefficient))
  }

  /// How far the shown centre moves per point the finger moves, at a finger that puts the centre
  /// at `wanted`, for `rubberBanded`: 1 inside the rest range, the formula's derivative
  /// c / (x c / d + 1)² past it, 0 where the window stops it; `nil` within a millionth of a
  /// point of the rest range's ends, where the slope jumps and rounding decides which side.
  static func rubberBandSlope(
    _ wanted: CGFloat, extent: CGFloat, regionLow: CGFloat, regionHigh: CGFloat,
    windowLow: CGFloat, windowHigh: CGFloat, margin: CGFloat, coefficient: CGFloat
  ) -> CGFloat? {
    let (low, high) = restRange(extent: extent, regionLow: regionLow, regionHigh: regionHigh, margin: margin)
    guard abs(wanted - low) > 1e-6, abs(wanted - high) > 1e-6 else { return nil }
    let length = windowHigh - windowLow
    var unclamped = wanted
    var slope: CGFloat = 1
    if wanted > high || wanted < low {
      let overshoot = wanted > high ? wanted - high : low - wanted
      let banded = band(overshoot, length: length, coefficient: coefficient)
      unclamped = wanted > high ? high + banded.offset : low - banded.offset
      slope = banded.slope
    }
    // Held by the window only strictly beyond it; exactly on its edge the slope depends on the
    // direction, so the axis is not judged.
    let lowest = windowLow + extent / 2
    let highest = windowHigh - extent / 2
    if abs(unclamped - lowest) <= 1e-9 || abs(unclamped - highest) <= 1e-9 { return nil }
    if unclamped < lowest || unclamped > highest { return 0 }
    return slope
  }

  /// The edges of the safe region a docked item may rest against.
  enum Edge: String, CaseIterable {
    case left, right, top, bottom
  }

  /// Whether an item of `size` has room to dock in `region` as `rule` says: with the margin
  /// between it and both sides, and also above and below when it may dock at the top or bottom.
  static func fitsDocked(_ size: CGSize, in region: CGRect, margin: CGFloat, rule: DockingRule)
    -> Bool
  {
    guard size.width + 2 * margin <= region.width else { return false }
    switch rule.placement {
    case .nearestEdge, .nearestCorner: return size.height + 2 * margin <= region.height
    default: return true
    }
  }

  /// The edges of `region` that `rect` rests against at `margin` (top and bottom at the margin
  /// only when the rule puts it on every side), within half a point.
  static func edges(of rect: CGRect, in region: CGRect, margin: CGFloat, rule: DockingRule)
    -> Set<Edge>
  {
    let vertical = rule.marginOnAllSides ? margin : 0
    var edges: Set<Edge> = []
    if abs(rect.minX - (region.minX + margin)) <= 0.5 { edges.insert(.left) }
    if abs(rect.maxX - (region.maxX - margin)) <= 0.5 { edges.insert(.right) }
    if abs(rect.minY - (region.minY + vertical)) <= 0.5 { edges.insert(.top) }
    if abs(rect.maxY - (region.maxY - vertical)) <= 0.5 { edges.insert(.bottom) }
    return edges
  }

  /// Why `rect` is not docked in `environment` as `rule` says, or nil when it is: against an
  /// edge the rule allows, at the margin, and on one of the rule's slots along that edge.
  static func dockingProblem(
    _ rect: CGRect, in environment: Environment, margin: CGFloat, rule: DockingRule
  ) -> String? {
    let region = environment.safeRegion
    let touching = edges(of: rect, in: region, margin: margin, rule: rule)
    let sides = touching.intersection([.left, .right])
    let ends = touching.intersection([.top, .bottom])
    let sidesAt =
      "x = \(formatNumber(region.minX + margin)) or maxX = \(formatNumber(region.maxX - margin))"
    switch rule.placement {
    case .nearerSide, .thrown:
      if sides.isEmpty { return "docked means \(sidesAt) (safe region \(describe(region)))" }
    case .left:
      if !touching.contains(.left) {
        return "it docks on the left: x = \(formatNumber(region.minX + margin))"
      }
    case .right:
      if !touching.contains(.right) {
        return "it docks on the right: maxX = \(formatNumber(region.maxX - margin))"
      }
    case .nearestEdge:
      if touching.isEmpty {
        return "docked means against an edge of the safe region \(describe(region)), "
          + "\(formatNumber(margin)) pt inside it"
      }
    case .nearestCorner:
      if sides.isEmpty || ends.isEmpty {
        return "docked means in a corner of the safe region \(describe(region)), "
          + "\(formatNumber(margin)) pt inside it"
      }
    }
    guard let slots = rule.slots, slots > 0 else { return nil }
    // Along the edge it rests on, it sits on a slot: evenly spaced in the region without bars
    // or keyboard, kept clear of them when they are shown.
    let free = environment.unobstructed.safeRegion
    func onSlot(_ center: CGFloat, _ extent: CGFloat, _ low: CGFloat, _ high: CGFloat,
      _ freeLow: CGFloat, _ freeHigh: CGFloat) -> Bool?
    {
      let lowest = low + margin + extent / 2
      let highest = high - margin - extent / 2
      let freeLowest = freeLow + margin + extent / 2
      let freeHighest = freeHigh - margin - extent / 2
      guard highest >= lowest, freeHighest >= freeLowest else { return nil }
      return slotFractions(slots).contains { fraction in
        let slot = freeLowest + fraction * (freeHighest - freeLowest)
        return abs(min(max(slot, lowest), highest) - center) <= 0.5
      }
    }
    var verdicts: [Bool] = []
    if !sides.isEmpty,
      let verdict = onSlot(rect.midY, rect.height, region.minY, region.maxY, free.minY, free.maxY)
    {
      verdicts.append(verdict)
    }
    // Only a rule that docks at the top or bottom has slots along them: a side-docking item
    // that also touches the top is on the side's slot (kept clear of the bar), not the top's.
    if !ends.isEmpty, rule.placement == .nearestEdge,
      let verdict = onSlot(rect.midX, rect.width, region.minX, region.maxX, free.minX, free.maxX)
    {
      verdicts.append(verdict)
    }
    if verdicts.isEmpty || verdicts.contains(true) { return nil }
    return "not on one of the \(slots) slots along its edge"
  }

  /// `center` moved along `velocity` as a scroll view decelerating at `rate` per millisecond
  /// carries it; `center` itself without a rate.
  static func projected(_ center: CGPoint, velocity: CGVector, rate: CGFloat?) -> CGPoint {
    guard let rate, rate > 0, rate < 1 else { return center }
    let distance = rate / (1000 * (1 - rate))
    return CGPoint(
      x: center.x + (velocity.dx.isFinite ? velocity.dx * distance : 0),
      y: center.y + (velocity.dy.isFinite ? velocity.dy * distance : 0))
  }

  /// nearest-edge for rules other than the nearer side: the edge or corner the (projected)
  /// release point is nearest, the side a flick points to, or the one fixed side.
  private func nearestEdge(
    _ trajectory: Trajectory, size: CGSize, region: CGRect, margin: CGFloat, rule: DockingRule
  ) -> Verdict {
    let environment = trajectory.finalEnvironment
    guard let releaseCenter = trajectory.releaseCenter else { return .notApplicable }
    let velocity = trajectory.releaseVelocity ?? .zero
    let point = Self.projected(releaseCenter, velocity: velocity, rate: rule.decelerationRate)
    let rest = trajectory.rest
    let touching = Self.edges(of: rest, in: region, margin: margin, rule: rule)
    // The centres a docked item may have: the region less the margin and half the item.
    let vertical = rule.marginOnAllSides ? margin : 0
    let low = CGPoint(x: region.minX + margin + size.width / 2, y: region.minY + vertical + size.height / 2)
    let high = CGPoint(x: region.maxX - margin - size.width / 2, y: region.maxY - vertical - size.height / 2)
    let middle = CGPoint(x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
    func expect(_ wanted: Set<Edge>, _ reason: String) -> Verdict {
      if wanted.isSubset(of: touching) {
        // Along the edge, where the projected point says (corners have no along).
        guard rule.decelerationRate != nil, wanted.count == 1, let edge = wanted.first,
          let problem = Self.alongEdgeProblem(
            rest, dockedOn: edge, projected: point, environment: environment, margin: margin,
            rule: rule)
        else { return .holds }
        return .violated(problem)
      }
      let names = wanted.map(\.rawValue).sorted().joined(separator: " and ")
      let actual = touching.isEmpty ? "no edge" : touching.map(\.rawValue).sorted().joined(separator: " and ")
      return .violated("\(reason), so it should rest against the \(names); it rests against \(actual)")
    }
    let at = "(\(formatNumber(point.x)), \(formatNumber(point.y)))"
    switch rule.placement {
    case .nearerSide:
      return .notApplicable
    case .left:
      return expect([.left], "it always docks on the left")
    case .right:
      return expect([.right], "it always docks on the right")
    case .thrown(let minimumSpeed):
      let speed = velocity.dx
      if abs(speed) >= minimumSpeed + 1 {
        return expect(
          [speed > 0 ? .right : .left],
          "flicked at \(formatNumber(speed.rounded())) pt/s along x (a throw from \(formatNumber(minimumSpeed)))")
      }
      guard abs(speed) <= minimumSpeed - 1, abs(releaseCenter.x - middle.x) > 0.5 else {
        return .notApplicable
      }
      return expect(
        [releaseCenter.x > middle.x ? .right : .left],
        "released at x = \(formatNumber(releaseCenter.x)) without a throw")
    case .nearestCorner:
      guard abs(point.x - middle.x) > 0.5, abs(point.y - middle.y) > 0.5 else {
        return .notApplicable
      }
      return expect(
        [point.x > middle.x ? .right : .left, point.y > middle.y ? .bottom : .top],
        "the projected point \(at) lies in that quadrant")
    case .nearestEdge:
      let distances: [(Edge, CGFloat)] = [
        (.left, point.x - low.x), (.right, high.x - point.x), (.top, point.y - low.y),
        (.bottom, high.y - point.y),
      ].sorted { $0.1 < $1.1 }
      guard distances[1].1 - distances[0].1 > 0.5 else { return .notApplicable }
      return expect([distances[0].0], "the projected point \(at) is nearest the \(distances[0].0.rawValue)")
    }
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
    // With a rubber band, the finger holds the point the band shows the item at: the grab is
    // measured from where the finger would have to put it, so nothing jumps when it follows.
    let anchor = Self.grabAnchor(
      algorithm, center: centerThen, size: scenario.itemSize,
      environment: scenario.environment(at: first.time))
    let grab = CGPoint(x: touchDown.x - anchor.x, y: touchDown.y - anchor.y)
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
        guard extent <= room else { continue }
        if let coefficient = algorithm.rubberBand {
          // A rubber band promises an exact position everywhere, not just a stop at a bound.
          let margin = algorithm.dockingMargin ?? 0
          let inset = axis == "x" || algorithm.dockingRule.marginOnAllSides ? margin : 0
          let (regionLow, regionHigh, windowLow, windowHigh) =
            axis == "x"
            ? (region.minX, region.maxX, bounds.minX, bounds.maxX)
            : (region.minY, region.maxY, bounds.minY, bounds.maxY)
          let expected = Self.rubberBanded(
            wanted, extent: extent, regionLow: regionLow, regionHigh: regionHigh,
            windowLow: windowLow, windowHigh: windowHigh, margin: inset, coefficient: coefficient)
          if abs(actual - expected) <= tolerance { continue }
          return .violated(
            "at t = \(formatNumber(frame.time)) the finger at (\(formatNumber(finger.x)), "
              + "\(formatNumber(finger.y))) puts the grabbed point's \(axis) at "
              + "\(formatNumber(wanted)), which the rubber band shows at \(formatNumber(expected)), "
              + "but the item's centre is at \(formatNumber(actual))")
        }
        guard abs(actual - wanted) > tolerance else { continue }
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
