import Foundation
import SnapAlgorithms

// The geometry the invariants share: where an item may rest, the rubber band and its inverse,
// slots, edges, and how a flick is projected.

extension Invariant {
  /// Whether some drag frame shows the item away from where it started, and some touch on it
  /// was a drag: its finger went further than a pan's 10 pt hysteresis (UIKit's tap allows as
  /// much), not a tap's wobble, which an item on the touches API follows without being dragged
  /// anywhere.
  static func movedWhileDragging(_ trajectory: Trajectory) -> Bool {
    guard let first = trajectory.frames.first?.rect,
      trajectory.touches.contains(where: {
        $0.reachedItem && $0.travel > PanGestureRecognizer.defaultHysteresis
      })
    else { return false }
    return trajectory.frames.contains {
      $0.phase != .rest && $0.rect.distance(to: first) > Self.tolerance
    } || trajectory.rest.distance(to: first) > Self.tolerance
  }

  /// Whether the last release is what the run ends with: no touch reached the item after it (a
  /// later touch that caught it and lifted without dragging settles it by other rules).
  static func releaseIsLast(_ trajectory: Trajectory) -> Bool {
    guard let releaseTime = trajectory.releaseTime else { return false }
    return !trajectory.touches.contains { $0.reachedItem && $0.began > releaseTime + sameMoment }
  }

  /// Whether the item's tap is declared to move it (`ItemContract.tap`) and the last touch that
  /// reached it was a tap: where it rests is then the tap's place (a panel opened in the middle),
  /// which on-screen and in-safe-area judge, not a dock. A tap is a short touch that stays put,
  /// or one that fired the item's action and never got a pan's hysteresis from where it landed
  /// (a UIButton's tap allows a wobble of several points, and a press held a while).
  static func tapMovedItLast(_ run: Run) -> Bool {
    guard run.algorithm.contract.tap == .movesItem,
      let last = run.trajectory.touches.last(where: \.reachedItem), last.end != nil,
      !last.cancelled, run.longPressTook(last) == nil
    else { return false }
    return isTap(run, last) || (last.actions > 0 && last.leftHysteresisAt == nil)
  }

  /// Whether the container stayed as it was from the moment the touch that made the last
  /// release landed: a rotation before that touch sets the scene it is judged in, one during or
  /// after it is resize-safe's to judge.
  static func containerSteadyThroughRelease(_ run: Run) -> Bool {
    guard let releaseTime = run.trajectory.releaseTime else { return run.resizes.isEmpty }
    let began =
      run.trajectory.touches.last { $0.reachedItem && $0.began <= releaseTime + sameMoment }?.began
      ?? -Double.infinity
    let slack = run.slack
    return !run.resizes.contains { $0.time >= began - slack }
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
    _ rest: CGRect, dockedOn edge: Edge, projected: CGPoint, environment: ItemEnvironment,
    margin: CGFloat, rule: DockingRule
  ) -> (words: Prose, distance: CGFloat)? {
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
    if abs(actual - expected) <= halfPoint { return nil }
    let axis = alongX ? "x" : "y"
    let what = rule.slots == nil ? "the projected point puts it at" : "the slot nearest the projected point is at"
    return (
      "projected to \(axis) = \(wanted), its centre rests at \(axis) = "
        + "\(actual) along the \(edge.rawValue) edge; \(what) \(axis) = "
        + "\(expected)", abs(actual - expected)
    )
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
  static func grabAnchor(
    _ algorithm: Declarations, center: CGPoint, size: CGSize, environment: ItemEnvironment
  ) -> CGPoint {
    guard let coefficient = algorithm.rubberBand else { return center }
    let margin = algorithm.dockingMargin(for: size) ?? 0
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
    guard abs(wanted - low) > bandKink, abs(wanted - high) > bandKink else { return nil }
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
    if abs(unclamped - lowest) <= onTheEdge || abs(unclamped - highest) <= onTheEdge { return nil }
    if unclamped < lowest || unclamped > highest { return 0 }
    return slope
  }

  /// The edges of the safe region a docked item may rest against.
  enum Edge: String, CaseIterable {
    case left, right, top, bottom
  }

  /// Some of the four edges, as bits: the checks ask which edges every rest touches, where a
  /// `Set<Edge>` would hash each edge's name.
  struct Edges: OptionSet, Sendable {
    let rawValue: UInt8
    static let left = Edges(rawValue: 1)
    static let right = Edges(rawValue: 2)
    static let top = Edges(rawValue: 4)
    static let bottom = Edges(rawValue: 8)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ edge: Edge) {
      switch edge {
      case .left: self = .left
      case .right: self = .right
      case .top: self = .top
      case .bottom: self = .bottom
      }
    }

    /// The edges, in the order left, right, top, bottom.
    var members: [Edge] { Edge.allCases.filter { contains(Edges($0)) } }

    var count: Int { rawValue.nonzeroBitCount }
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
    -> Edges
  {
    let vertical = rule.endMargin(margin)
    var edges: Edges = []
    if abs(rect.minX - (region.minX + margin)) <= halfPoint { edges.insert(.left) }
    if abs(rect.maxX - (region.maxX - margin)) <= halfPoint { edges.insert(.right) }
    if abs(rect.minY - (region.minY + vertical)) <= halfPoint { edges.insert(.top) }
    if abs(rect.maxY - (region.maxY - vertical)) <= halfPoint { edges.insert(.bottom) }
    return edges
  }

  /// The points that may choose where an item released with its centre at `centre` and the
  /// finger at `finger` docks (`ItemContract.sideChoice`): the centre, the finger (the centre
  /// when there is none), or either.
  static func choosingPoints(_ algorithm: Declarations, centre: CGPoint, finger: CGPoint?)
    -> [CGPoint]
  {
    switch algorithm.contract.sideChoice {
    case .centre: return [centre]
    case .finger: return [finger ?? centre]
    case .centreOrFinger: return [centre] + (finger.map { [$0] } ?? [])
    }
  }

  /// Why `rect` is not docked in `environment` as `rule` says, and how far it is from the
  /// nearest place it would be, or nil when it is: against an edge the rule allows, at the
  /// margin, and on one of the rule's slots along that edge.
  static func dockingProblem(
    _ rect: CGRect, in environment: ItemEnvironment, margin: CGFloat, rule: DockingRule
  ) -> (words: Prose, distance: CGFloat)? {
    let region = environment.safeRegion
    let touching = edges(of: rect, in: region, margin: margin, rule: rule)
    let sides = touching.intersection([.left, .right])
    let ends = touching.intersection([.top, .bottom])
    let vertical = rule.endMargin(margin)
    // Magnetic ends (`DockingRule.topBand`, `bottomBand`): against such an end is docked too.
    let magnetic = (rule.topBand > 0 && ends.contains(.top)) || (rule.bottomBand > 0 && ends.contains(.bottom))
    // How far each edge of the rect is from where it would rest against that edge.
    let left = abs(rect.minX - (region.minX + margin))
    let right = abs(rect.maxX - (region.maxX - margin))
    let top = abs(rect.minY - (region.minY + vertical))
    let bottom = abs(rect.maxY - (region.maxY - vertical))
    var sidesAt: Prose {
      "x = \(region.minX + margin) or maxX = \(region.maxX - margin)"
    }
    switch rule.placement {
    case .nearerSide, .thrown:
      if sides.isEmpty, !magnetic {
        if rule.hasMagneticEnds {
          let distance = min(
            left, right, rule.topBand > 0 ? top : .infinity, rule.bottomBand > 0 ? bottom : .infinity)
          let ends: Prose =
            rule.topBand > 0 && rule.bottomBand > 0
            ? "y = \(region.minY + vertical) or maxY = \(region.maxY - vertical)"
            : rule.topBand > 0 ? "y = \(region.minY + vertical)" : "maxY = \(region.maxY - vertical)"
          return ("docked means \(sidesAt), or \(ends) (safe region \(region))", distance)
        }
        return ("docked means \(sidesAt) (safe region \(region))", min(left, right))
      }
    case .left:
      if !touching.contains(.left), !magnetic {
        return ("it docks on the left: x = \(region.minX + margin)", left)
      }
    case .right:
      if !touching.contains(.right), !magnetic {
        return ("it docks on the right: maxX = \(region.maxX - margin)", right)
      }
    case .nearestEdge:
      if touching.isEmpty {
        return (
          "docked means against an edge of the safe region \(region), "
            + "\(margin) pt inside it", min(left, right, top, bottom)
        )
      }
    case .nearestCorner:
      if sides.isEmpty || ends.isEmpty {
        return (
          "docked means in a corner of the safe region \(region), "
            + "\(margin) pt inside it", max(min(left, right), min(top, bottom))
        )
      }
    }
    // A margin on every side: clear of the top and bottom (and sides) too, when there is room.
    if rule.marginOnAllSides, margin > 0 {
      if rect.height + 2 * margin <= region.height,
        rect.minY < region.minY + margin - halfPoint || rect.maxY > region.maxY - margin + halfPoint
      {
        return (
          "its margin of \(margin) pt holds at the top and bottom too: "
            + "y from \(region.minY + margin) to \(region.maxY - margin)",
          max(region.minY + margin - rect.minY, rect.maxY - (region.maxY - margin))
        )
      }
      if rect.width + 2 * margin <= region.width,
        rect.minX < region.minX + margin - halfPoint || rect.maxX > region.maxX - margin + halfPoint
      {
        return (
          "its margin of \(margin) pt holds at the sides: x from "
            + "\(region.minX + margin) to \(region.maxX - margin)",
          max(region.minX + margin - rect.minX, rect.maxX - (region.maxX - margin))
        )
      }
    }
    guard let slots = rule.slots, slots > 0 else { return nil }
    // Along the edge it rests on, it sits on a slot: evenly spaced in the region without bars
    // or keyboard, kept clear of them when they are shown.
    let free = environment.unobstructed.safeRegion
    /// How far `center` is from the nearest slot, or nil when there is no room for slots.
    func slotDistance(_ center: CGFloat, _ extent: CGFloat, _ low: CGFloat, _ high: CGFloat,
      _ freeLow: CGFloat, _ freeHigh: CGFloat) -> CGFloat?
    {
      let lowest = low + margin + extent / 2
      let highest = high - margin - extent / 2
      let freeLowest = freeLow + margin + extent / 2
      let freeHighest = freeHigh - margin - extent / 2
      guard highest >= lowest, freeHighest >= freeLowest else { return nil }
      return slotFractions(slots).map { fraction in
        let slot = freeLowest + fraction * (freeHighest - freeLowest)
        return abs(min(max(slot, lowest), highest) - center)
      }.min()
    }
    var distances: [CGFloat] = []
    if !sides.isEmpty,
      let distance = slotDistance(rect.midY, rect.height, region.minY, region.maxY, free.minY, free.maxY)
    {
      distances.append(distance)
    }
    // Only a rule that docks at the top or bottom has slots along them: a side-docking item
    // that also touches the top is on the side's slot (kept clear of the bar), not the top's.
    if !ends.isEmpty, rule.placement == .nearestEdge,
      let distance = slotDistance(rect.midX, rect.width, region.minX, region.maxX, free.minX, free.maxX)
    {
      distances.append(distance)
    }
    guard let nearest = distances.min(), nearest > halfPoint else { return nil }
    return ("not on one of the \(slots) slots along its edge", nearest)
  }

  /// `center` moved along `velocity` as a scroll view decelerating at `rate` per millisecond
  /// carries it (`DockingRule.project`); `center` itself without a rate.
  static func projected(_ center: CGPoint, velocity: CGVector, rate: CGFloat?) -> CGPoint {
    guard let rate else { return center }
    return DockingRule.project(center, velocity: velocity, rate: rate)
  }
}
