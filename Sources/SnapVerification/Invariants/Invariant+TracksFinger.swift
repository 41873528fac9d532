import Foundation
import SnapAlgorithms

extension Invariant {
  /// tracks-finger: while each touch drags, once its finger has moved a pan's 10 pt hysteresis
  /// from where it landed, the item's centre is the finger less the offset it was grabbed at (or
  /// where the algorithm's rubber band shows that point), in the container of the moment,
  /// unless a bound stops it; after the
  /// release, a docking algorithm moves it up or down no further than into the safe region
  /// unless it declares that it projects the flick.
  static func checkTracksFinger(_ run: Run) -> Verdict {
    let (algorithm, scenario, trajectory) = (run.algorithm, run.scenario, run.trajectory)
    guard trajectory.frames.contains(where: { $0.phase == .drag && $0.finger != nil }),
      trajectory.touches.contains(where: \.reachedItem)
    else { return .notApplicable }
    for record in trajectory.touches where record.reachedItem {
      guard let grabbed = record.grabbedCenter else { continue }
      if let problem = Self.followProblem(run, touch: record, grabbedAt: grabbed).problem {
        return .violated(problem)
      }
      if let problem = Self.stuckOnItsEdge(run, touch: record) { return .violated(problem) }
    }
    // After the release it moves only as far as docking requires: across to its side, and
    // up or down only into the safe region — or, for an algorithm that projects the flick (and
    // declares no deceleration rate of its own, which nearest-edge checks), no further than a
    // scroll view's normal deceleration (0.998 per ms) carries the release velocity.
    let projects = algorithm.projectsVelocity
    if scenario.gesture.events.last?.phase == .ended, algorithm.dockingMargin != nil,
      !projects || algorithm.dockingRule.decelerationRate == nil,
      let release = trajectory.releaseCenter,
      let releaseTime = trajectory.releaseTime, Self.releaseIsLast(trajectory),
      !run.resizes.contains(where: { $0.time >= releaseTime })
    {
      let region = trajectory.finalEnvironment.safeRegion
      let height = scenario.itemSize.height
      // The algorithm's margin counts as part of docking when the item has room for it (exactly
      // room enough counts, as docked's own test has it).
      let margin = height + 2 * (algorithm.dockingMargin ?? 0) <= region.height
        ? algorithm.dockingMargin ?? 0 : 0
      if height <= region.height {
        func kept(_ y: CGFloat) -> CGFloat {
          min(max(y, region.minY + height / 2 + margin), region.maxY - height / 2 - margin)
        }
        let allowed = kept(release.y)
        let flick = projects
          ? kept(DockingRule.project(release, velocity: trajectory.releaseVelocity ?? .zero, rate: 0.998).y)
          : allowed
        let low = min(release.y, allowed, flick)
        let high = max(release.y, allowed, flick)
        let rest = trajectory.rest.midY
        if rest < low - tolerance || rest > high + tolerance {
          let limit = rest < low ? low : high
          return .violated(Violation(
            "released at y = \(describeNumber(release.y)), it rests at y = \(describeNumber(rest));"
              + " docking needs it no further than y = \(describeNumber(allowed))"
              + (projects ? ", and the flick carries it to y = \(describeNumber(flick))" : ""),
            rect: trajectory.rest,
            region: Self.moved(trajectory.rest, axis: "y", centredOn: limit)))
        }
      }
    }
    return .holds
  }

  /// A docked item can be dragged along its edge: a touch on an item resting against a left or
  /// right edge whose finger, as the frames while it is down show it (a drag the algorithm ends
  /// by itself counts), moves at least 30 pt along that edge
  /// (and less than 5 pt across it, with no container change) must carry the item along as far
  /// as the finger went or the room there allows (the region's end, less a margin the variant
  /// keeps on every side), within 1 pt — with a rubber band, as far as the band shows the point
  /// the finger holds. Not judged when the finger first took the item the other way to the end
  /// of its room there, where a variant may end the drag, nor for an item taller than that room
  /// (the region less the margins), which has no place along the edge to be dragged to: it is
  /// placed, centred, as in-safe-area says.
  static func stuckOnItsEdge(_ run: Run, touch: TouchRecord)
    -> Violation?
  {
    let algorithm = run.algorithm
    guard let margin = algorithm.dockingMargin, !touch.itemWasMoving, let end = touch.end else {
      return nil
    }
    let environment = run.environment(at: touch.began)
    let shown = touch.shownFrame
    let edges = Self.edges(
      of: shown, in: environment.safeRegion, margin: margin, rule: algorithm.dockingRule)
    guard !edges.intersection([.left, .right]).isEmpty,
      !run.containerChanges(from: touch.began, to: end)
    else { return nil }
    let frames = run.framesWhileDown(of: touch)
    let fingers = frames.compactMap(\.finger)
    guard let farthest = fingers.max(by: { abs($0.y - touch.finger.y) < abs($1.y - touch.finger.y) }),
      abs(farthest.y - touch.finger.y) >= 30,
      fingers.allSatisfy({ abs($0.x - touch.finger.x) < 5 })
    else { return nil }
    // Room to move along the edge, in the direction the finger went (the bars, the keyboard, the
    // region's ends and a margin on every side stop it there).
    let region = environment.safeRegion
    let downwards = farthest.y > touch.finger.y
    let sign: CGFloat = downwards ? 1 : -1
    let inset = algorithm.dockingRule.marginOnAllSides ? margin : 0
    let room = downwards ? region.maxY - inset - shown.maxY : shown.minY - region.minY - inset
    guard room >= 5, shown.height + 2 * inset <= region.height else { return nil }
    // A finger that took the item from clear of the other end of its room into it first may
    // have ended the drag there, as a variant that ends drags at a margin band does: what
    // follows is not a drag along the edge.
    // (The touch's events, not only the frames: a finger may get there between two frames.)
    let otherRoom = downwards ? shown.minY - region.minY - inset : region.maxY - inset - shown.maxY
    let slack = run.slack
    let touched = run.scenario.gesture.events.lazy.filter {
      $0.time >= touch.began - slack && $0.time <= end + slack
    }.map(\.location)
    func tookItOtherWay(_ point: CGPoint) -> Bool {
      (downwards ? touch.finger.y - point.y : point.y - touch.finger.y) >= otherRoom
    }
    // Only an item clear of that end can be taken into it: one resting there already was not.
    if otherRoom > halfPoint,
      fingers.contains(where: tookItOtherWay) || touched.contains(where: tookItOtherWay)
    {
      return nil
    }
    var wanted = min(abs(farthest.y - touch.finger.y), room)
    if let coefficient = algorithm.rubberBand {
      // The finger holds the point the band shows the item at (as followProblem has it): an
      // item resting a little into the band moves the unbanded centre by the finger's travel,
      // and comes out of the band by less than that.
      let anchor = Self.grabAnchor(
        algorithm, center: CGPoint(x: shown.midX, y: shown.midY), size: run.scenario.itemSize,
        environment: environment)
      let bounds = environment.bounds
      let banded = Self.rubberBanded(
        anchor.y + farthest.y - touch.finger.y, extent: shown.height, regionLow: region.minY,
        regionHigh: region.maxY, windowLow: bounds.minY, windowHigh: bounds.maxY, margin: inset,
        coefficient: coefficient)
      wanted = min(abs(banded - shown.midY), room)
    }
    let carried = frames.map { ($0.rect.midY - shown.midY) * sign }.max() ?? 0
    if carried >= wanted - 1 { return nil }
    return Violation(
      "docked at \(describe(shown)), a drag of \(describeNumber(abs(farthest.y - touch.finger.y))) pt "
        + "\(downwards ? "down" : "up") its edge from (\(describeNumber(touch.finger.x)), "
        + "\(describeNumber(touch.finger.y))) carries it \(describeNumber(max(carried, 0))) pt; the "
        + "finger and the room there take it \(describeNumber(wanted)) pt",
      at: touch.began, rect: shown, region: shown.offsetBy(dx: 0, dy: sign * wanted))
  }

  /// Whether the item follows the finger of `touch`, grabbed with its centre at `grabbedAt`,
  /// frame by frame while that touch drags it: the first value says whether any frame was
  /// judged, the second the first that breaks it. Frames are judged in the container in force
  /// at their time, so a container change under the finger is judged too.
  static func followProblem(
    _ run: Run, touch: TouchRecord, grabbedAt centerThen: CGPoint
  ) -> (judged: Bool, problem: Violation?) {
    let (algorithm, scenario) = (run.algorithm, run.scenario)
    let touchDown = touch.finger
    let slack = run.slack
    // With a rubber band, the finger holds the point the band shows the item at: the grab is
    // measured from where the finger would have to put it, so nothing jumps when it follows.
    let anchor = Self.grabAnchor(
      algorithm, center: centerThen, size: scenario.itemSize,
      environment: run.environment(at: touch.began))
    let grab = CGPoint(x: touchDown.x - anchor.x, y: touchDown.y - anchor.y)
    let changed =
      scenario.gesture.containerChanges.first { $0.time > touch.began + slack }?.time ?? .infinity
    let tolerance = Self.tolerance
    let hysteresis = PanGestureRecognizer.defaultHysteresis
    let rubberBand = algorithm.rubberBand
    let margin = algorithm.dockingMargin ?? 0
    let marginOnAllSides = algorithm.dockingRule.marginOnAllSides
    var recognised = false
    var judged = false
    /// The first problem on one axis of `frame`, or `nil`.
    func judgeAxis(
      _ axis: String, frame: Frame, finger: CGPoint, actual: CGFloat, wanted: CGFloat,
      extent: CGFloat, low: CGFloat, high: CGFloat, windowLow: CGFloat, windowHigh: CGFloat,
      regionLow: CGFloat, regionHigh: CGFloat, room: CGFloat, inset: CGFloat
    ) -> Violation? {
      // An item larger than the safe region on an axis is placed, not dragged, on it.
      guard extent <= room else { return nil }
      let rect = frame.rect
      if let coefficient = rubberBand {
        // A rubber band promises an exact position everywhere, not just a stop at a bound.
        let expected = Self.rubberBanded(
          wanted, extent: extent, regionLow: regionLow, regionHigh: regionHigh,
          windowLow: windowLow, windowHigh: windowHigh, margin: inset, coefficient: coefficient)
        if abs(actual - expected) <= tolerance { return nil }
        return Violation(
          "at t = \(describeNumber(frame.time)) the finger at (\(describeNumber(finger.x)), "
            + "\(describeNumber(finger.y))) puts the grabbed point's \(axis) at "
            + "\(describeNumber(wanted)), which the rubber band shows at \(describeNumber(expected)), "
            + "but the item's centre is at \(describeNumber(actual))",
          at: frame.time, rect: rect, region: Self.moved(rect, axis: axis, centredOn: expected))
      }
      guard abs(actual - wanted) > tolerance else { return nil }
      // A bound (the window's or the safe region's) may stop the item only where the finger
      // would take it past that bound.
      let wantsLow = wanted - extent / 2 < windowLow || wanted - extent / 2 < regionLow
      let wantsHigh = wanted + extent / 2 > windowHigh || wanted + extent / 2 > regionHigh
      let atLow = abs(low - windowLow) <= tolerance || abs(low - regionLow) <= tolerance
      let atHigh = abs(high - windowHigh) <= tolerance || abs(high - regionHigh) <= tolerance
      if (wantsLow && atLow) || (wantsHigh && atHigh) { return nil }
      return Violation(
        "at t = \(describeNumber(frame.time)) the finger at (\(describeNumber(finger.x)), "
          + "\(describeNumber(finger.y))) puts the grabbed point's \(axis) at "
          + "\(describeNumber(wanted)), but the item's centre is at \(describeNumber(actual))",
        at: frame.time, rect: rect, region: Self.moved(rect, axis: axis, centredOn: wanted))
    }
    for frame in run.dragFrames(of: touch) {
      guard let finger = frame.finger else { continue }
      // Until the finger has moved a pan's hysteresis from where it landed, nothing may
      // follow yet.
      if !recognised {
        recognised =
          abs(finger.x - touchDown.x) >= hysteresis || abs(finger.y - touchDown.y) >= hysteresis
        if !recognised { continue }
      }
      let rect = frame.rect
      // A rubber band's region moved under the finger: where the finger then holds the item
      // is the algorithm's choice (re-anchor, or keep the band it started with), so the rest
      // of this touch is left to on-screen and resize-safe.
      if rubberBand != nil, frame.time >= changed - slack { break }
      judged = true
      let regions = run.regions(at: frame.time)
      let bounds = regions.bounds
      let region = regions.safeRegion
      // Each axis: the item's centre, where the finger wants it, its extent, its low and high
      // edges, the window's and the region's bounds, and the room the region gives.
      if let problem = judgeAxis(
        "x", frame: frame, finger: finger, actual: rect.midX, wanted: finger.x - grab.x,
        extent: rect.width, low: rect.minX, high: rect.maxX, windowLow: bounds.minX,
        windowHigh: bounds.maxX, regionLow: region.minX, regionHigh: region.maxX,
        room: region.width, inset: margin)
      {
        return (judged, problem)
      }
      if let problem = judgeAxis(
        "y", frame: frame, finger: finger, actual: rect.midY, wanted: finger.y - grab.y,
        extent: rect.height, low: rect.minY, high: rect.maxY, windowLow: bounds.minY,
        windowHigh: bounds.maxY, regionLow: region.minY, regionHigh: region.maxY,
        room: region.height, inset: marginOnAllSides ? margin : 0)
      {
        return (judged, problem)
      }
    }
    return (judged, nil)
  }

  /// `rect` moved along `axis` (`"x"` or `"y"`) so that its centre is at `center` there: where
  /// the item should have been.
  static func moved(_ rect: CGRect, axis: String, centredOn center: CGFloat) -> CGRect {
    axis == "x"
      ? rect.offsetBy(dx: center - rect.midX, dy: 0) : rect.offsetBy(dx: 0, dy: center - rect.midY)
  }
}
