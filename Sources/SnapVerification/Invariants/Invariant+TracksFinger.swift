import Foundation
import SnapAlgorithms

extension Invariant {
  /// tracks-finger: while each touch drags, once its finger has moved a pan's 10 pt hysteresis
  /// from where it landed, the item's centre is the finger less the offset it was grabbed at (or
  /// where the algorithm's rubber band shows that point), in the container of the moment,
  /// unless a bound stops it; after the
  /// release, an algorithm that docks to a side, anywhere along it, moves it up or down no
  /// further than into the safe region unless it declares that it projects the flick.
  static func checkTracksFinger(_ run: Run) -> Judgement {
    let (algorithm, scenario, trajectory) = (run.algorithm, run.scenario, run.trajectory)
    guard trajectory.frames.contains(where: { $0.phase == .drag && $0.finger != nil }),
      trajectory.touches.contains(where: \.reachedItem)
    else { return .notApplicable }
    var judgement = Judgement.holds
    for record in trajectory.touches where record.reachedItem {
      guard let grabbed = record.grabbedCenter else { continue }
      let follow = Self.followProblems(run, touch: record, grabbedAt: grabbed).problems
      // A catch the item was not meant for is catchable's polish, and so is how it follows.
      let brief = Self.catchExcused(run, record)
      for var violation in [follow.hazard, follow.polish].compactMap({ $0 }) {
        if brief { violation.severity = .polish }
        judgement.add(violation)
      }
      if let problem = Self.stuckOnItsEdge(run, touch: record) { judgement.add(problem) }
    }
    // After the release it moves only as far as docking requires: across to its side, and
    // up or down only into the safe region — or, for an algorithm that projects the flick (and
    // declares no deceleration rate of its own, which nearest-edge checks), no further than a
    // scroll view's normal deceleration (0.998 per ms) carries the release velocity.
    let projects = algorithm.projectsVelocity
    // Only for a dock to a side, anywhere along it: one that docks to the top or bottom edge
    // too, or to a corner or a slot, moves the item up or down as nearest-edge judges.
    let sideOnly: Bool
    switch algorithm.dockingRule.placement {
    case .nearerSide, .left, .right, .thrown: sideOnly = algorithm.dockingRule.slots == nil
    case .nearestEdge, .nearestCorner: sideOnly = false
    }
    if sideOnly, scenario.gesture.events.last?.phase == .ended,
      let declared = algorithm.dockingMargin(for: scenario.itemSize),
      !projects || algorithm.dockingRule.decelerationRate == nil,
      let release = trajectory.releaseCenter,
      let releaseTime = trajectory.releaseTime, Self.releaseIsLast(trajectory),
      !run.resizes.contains(where: { $0.time >= releaseTime })
    {
      // Into the region it docks against (the safe area's by default).
      let region = algorithm.docking(trajectory.finalEnvironment.seen(by: algorithm.host)).safeRegion
      let height = scenario.itemSize.height
      // The algorithm's margin counts as part of docking when the item has room for it (exactly
      // room enough counts, as docked's own test has it).
      // A designed overhang is at the edges it docks against: it does not let the item past
      // the top or bottom, unless the margin holds there too.
      let vertical = algorithm.dockingRule.marginOnAllSides ? declared : max(declared, 0)
      let margin = height + 2 * vertical <= region.height ? vertical : 0
      if height <= region.height {
        func kept(_ y: CGFloat) -> CGFloat {
          min(max(y, region.minY + height / 2 + margin), region.maxY - height / 2 - margin)
        }
        let allowed = kept(release.y)
        let flick = projects
          ? kept(DockingRule.project(release, velocity: trajectory.releaseVelocity ?? .zero, rate: FluidDock.normalDeceleration).y)
          : allowed
        // An item that docks where the finger lifts (`ItemContract.sideChoice` `.finger`) may
        // go to the finger's height, kept inside the region.
        let lifted = algorithm.contract.sideChoice == .finger
          ? trajectory.releaseFinger.map { kept($0.y) } ?? allowed : allowed
        // Released within a magnetic end's band, it may go to that end (`DockingRule.topBand`,
        // `bottomBand`), as the point that chooses the side has it.
        let rule = algorithm.dockingRule
        let choosers = rule.hasMagneticEnds
          ? Self.choosingPoints(algorithm, centre: release, finger: trajectory.releaseFinger) : []
        let ends = choosers.map { point -> CGFloat in
          switch rule.magneticEnd(of: point.rect(ofSize: scenario.itemSize), in: region) {
          case .top?: return region.minY + rule.endMargin(declared) + height / 2
          case .bottom?: return region.maxY - rule.endMargin(declared) - height / 2
          case nil: return allowed
          }
        }
        let low = min(release.y, allowed, flick, lifted, ends.min() ?? allowed)
        let high = max(release.y, allowed, flick, lifted, ends.max() ?? allowed)
        let rest = trajectory.rest.midY
        if rest < low - tolerance || rest > high + tolerance {
          let limit = rest < low ? low : high
          // Back from the edge it was let go near, towards the window's middle and no further,
          // to rest inside the safe region: a band of the item's own (a ball kept 80 pt clear of
          // the top) — a design's choice, polish. Past the middle, or out of the region, it is
          // not where the finger left it for no reason.
          let middle = trajectory.finalEnvironment.bounds.midY
          // A band exactly the difference between the item's half-width and half-height is no
          // design: it is the width standing for the height (FLDragView's `y = fl_width/2`, its
          // tracker's #1), a bug only an item that is not square shows.
          let size = scenario.itemSize
          let axisMixUp = abs(size.width - size.height) > 2 * tolerance
            && abs(abs(rest - limit) - abs(size.width - size.height) / 2) <= tolerance
          // A band at an end where the contract reserves room is the declared one
          // (`ItemContract.reservedInsets`, which `allowed` keeps already): more is no design
          // (a band computed once, stale after a rotation).
          let reserved = algorithm.contract.reservedInsets
          let declaredBand = rest < low ? reserved.bottom > 0 : reserved.top > 0
          let inward = !axisMixUp && !declaredBand && (rest - release.y) * (middle - release.y) > 0
            && abs(rest - release.y) <= abs(middle - release.y) + tolerance
            && trajectory.rest.minY >= region.minY - tolerance
            && trajectory.rest.maxY <= region.maxY + tolerance
          judgement.add(Violation(
            "released at y = \(release.y), it rests at y = \(rest);"
              + " docking needs it no further than y = \(allowed)"
              + (projects ? ", and the flick carries it to y = \(flick)" : ""),
            defect: inward ? .keptClearOfEdge : .movesAfterRelease,
            magnitude: .points(abs(rest - limit)),
            rect: trajectory.rest,
            region: Self.moved(trajectory.rest, axis: "y", centredOn: limit)))
        }
      }
    }
    return judgement
  }

  /// How many display frames before a finger lifts a lag of the item behind it is polish: two
  /// (33 ms at 60 Hz), over before the eye sees it, with the release deciding where the item
  /// goes (a handler that drops a step near the edge and docks from the finger). Three frames
  /// behind is a stall a user sees.
  public static let liftFrames = 2

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
    guard let margin = algorithm.dockingMargin(for: run.scenario.itemSize), !touch.itemWasMoving,
      run.longPressTook(touch) == nil, let end = touch.end
    else {
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
    // region's ends, the room its contract reserves and a margin on every side stop it there).
    let docking = algorithm.docking(environment).safeRegion
    let safe = environment.safeRegion
    let region = CGRect(
      x: safe.minX, y: max(safe.minY, docking.minY), width: safe.width,
      height: max(min(safe.maxY, docking.maxY) - max(safe.minY, docking.minY), 0))
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
    // Only an item clear of that end can be taken into it: one resting there already was not —
    // unless the finger took it away from there and then back past where it landed, into that
    // end again (a variant that sets aside the band it starts in takes it up again once left).
    if otherRoom > halfPoint,
      fingers.contains(where: tookItOtherWay) || touched.contains(where: tookItOtherWay)
    {
      return nil
    }
    if otherRoom <= halfPoint {
      var away = false
      for point in touched {
        let along = (point.y - touch.finger.y) * sign
        if along >= PanGestureRecognizer.defaultHysteresis { away = true }
        if away, along < 0 { return nil }
      }
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
        anchor.y + farthest.y - touch.finger.y, extent: shown.height, regionLow: safe.minY,
        regionHigh: safe.maxY, windowLow: bounds.minY, windowHigh: bounds.maxY, margin: inset,
        coefficient: coefficient)
      wanted = min(abs(banded - shown.midY), room)
    }
    /// How far `frame` carries it the way the finger went.
    func carriedBy(_ frame: Frame) -> CGFloat { (frame.rect.midY - shown.midY) * sign }
    let farthestFrame = frames.max { carriedBy($0) < carriedBy($1) }
    let carried = farthestFrame.map(carriedBy) ?? 0
    // A translation-based pan handler comes the recogniser's slop short (what the finger went
    // before the pan began), as it lags the finger everywhere (tracks-finger's polish).
    let slop = algorithm.inputAPI == .panGestureRecognizer
      ? max(PanGestureRecognizer.defaultHysteresis, Self.recognitionTravel(run, touch: touch)) : 0
    if carried >= wanted - 1 - slop { return nil }
    // Stopped by a clamp of its own within 20 pt of the window's edge it was taken towards (a
    // button kept 9.8 pt below the top): a design's choice, polish, as tracks-finger has it.
    let bounds = environment.bounds
    let nearEdge = farthestFrame.map {
      downwards
        ? $0.rect.maxY >= bounds.maxY - clampReach && $0.rect.maxY <= bounds.maxY + tolerance
        : $0.rect.minY <= bounds.minY + clampReach && $0.rect.minY >= bounds.minY - tolerance
    } ?? false
    return Violation(
      "docked at \(shown), a drag of \(abs(farthest.y - touch.finger.y)) pt "
        + "\(downwards ? "down" : "up") its edge from (\(touch.finger.x), "
        + "\(touch.finger.y)) carries it \(max(carried, 0)) pt; the "
        + "finger and the room there take it \(wanted) pt",
      defect: nearEdge ? .heldShortOfEdge : .stuckOnItsEdge,
      magnitude: .points(wanted - max(carried, 0)), at: touch.began,
      rect: shown, region: shown.offsetBy(dx: 0, dy: sign * wanted))
  }

  /// Whether the item follows the finger of `touch`, grabbed with its centre at `grabbedAt`,
  /// frame by frame while that touch drags it: the first value says whether any frame was
  /// judged, the second the worst hazard and the worst polish among the frames that break it.
  /// Frames are judged in the container in force at their time, so a container change under the
  /// finger is judged too. A pan-driven item that stays within the recogniser's slop of the
  /// finger (10 pt, or as far as the finger had gone when the pan would begin, if further: the
  /// translation a handler that counts from `.began` never sees) lags it as every
  /// translation-based handler does (polish, `panHysteresisLag`), and an
  /// offset in the frames between a container change and the next touch event, which that event
  /// may correct, is polish too (`offsetUntilNextTouch`).
  static func followProblems(
    _ run: Run, touch: TouchRecord, grabbedAt centerThen: CGPoint
  ) -> (judged: Bool, problems: Judgement) {
    run.follows.value(touch: touch, grabbedAt: centerThen) {
      uncachedFollowProblems(run, touch: touch, grabbedAt: centerThen)
    }
  }

  private static func uncachedFollowProblems(
    _ run: Run, touch: TouchRecord, grabbedAt centerThen: CGPoint
  ) -> (judged: Bool, problems: Judgement) {
    let (algorithm, scenario) = (run.algorithm, run.scenario)
    let touchDown = touch.finger
    let slack = run.slack
    // With a rubber band, the finger holds the point the band shows the item at: the grab is
    // measured from where the finger would have to put it, so nothing jumps when it follows.
    let anchor = Self.grabAnchor(
      algorithm, center: centerThen, size: scenario.itemSize,
      environment: run.environment(at: touch.began))
    // An item declared to centre itself under the finger (`ItemContract.grip`) is held by
    // its centre.
    let grab = algorithm.contract.grip == .centre
      ? .zero : CGPoint(x: touchDown.x - anchor.x, y: touchDown.y - anchor.y)
    let changed =
      scenario.gesture.containerChanges.first { $0.time > touch.began + slack }?.time ?? .infinity
    let tolerance = Self.tolerance
    let hysteresis = PanGestureRecognizer.defaultHysteresis
    let rubberBand = algorithm.rubberBand
    let margin = algorithm.dockingMargin(for: scenario.itemSize) ?? 0
    let marginOnAllSides = algorithm.dockingRule.marginOnAllSides
    /// When the touch's last drag frame is shown (what a clamp holds there is held): found once,
    /// when a clamp first asks.
    var lastDragFrameFound: Double??
    func lastDragFrame() -> Double? {
      if let found = lastDragFrameFound { return found }
      var last: Double?
      for frame in run.dragFrames(of: touch) { last = frame.time }
      lastDragFrameFound = .some(last)
      return last
    }
    var recognised = false
    var firstRecognised = false
    var judged = false
    var problems = Judgement.holds
    let panDriven = algorithm.inputAPI == .panGestureRecognizer
    // A handler that counts the translation from `.began` lags by what the finger travelled
    // before it: the slop at a finger's pace, more after a first move faster than a finger
    // starts. Either way it is the recogniser's lag.
    let slop = panDriven ? max(hysteresis, Self.recognitionTravel(run, touch: touch)) : 0
    /// What is wrong with an item `off` points from where the finger puts it, in `frame`.
    func defect(off: CGFloat, frame: Frame) -> Defect {
      panDriven && off <= slop + tolerance ? .panHysteresisLag : .lagsTheFinger
    }
    /// A frame's axis off where the finger wants it: the words are built only for the worst.
    struct Candidate {
      var axis: String
      var frame: Frame
      var finger: CGPoint
      var actual: CGFloat
      var wanted: CGFloat
      /// Where a rubber band shows the point the finger wants, when there is one.
      var banded: CGFloat?
      /// Whether the item is held by a clamp of its own near the window's edge the finger goes
      /// past (`heldShortOfEdge`).
      var clamped = false
      /// Where the item was on this axis in the frame before, when known.
      var previous: CGFloat?
      var off: CGFloat { abs(actual - (banded ?? wanted)) }
      /// Whether the item is behind the finger: between where it was the frame before and where
      /// the finger wants it. One that jumped away from both is not lagging.
      var behind: Bool {
        guard let previous else { return true }
        let target = banded ?? wanted
        return actual >= min(previous, target) - Invariant.tolerance
          && actual <= max(previous, target) + Invariant.tolerance
      }
    }
    func offer(_ candidate: Candidate, as found: Defect) {
      let defect = candidate.clamped && found == .lagsTheFinger ? .heldShortOfEdge : found
      let magnitude = Magnitude.points(candidate.off)
      // A frame while a container change animates (the keyboard pushing the item clear, a
      // rotation) is off the finger for reasons not the item's: polish; where the item stays
      // off, the frames after the animation say so.
      // So is a stall in the last frames before the finger lifts (`liftFrames`): over before
      // the eye sees it, and the release decides where the item goes.
      // (A lag, not a jump away from the finger: a first move that throws the item's corner to
      // the finger just before the lift, PFloatingButton's, is seen at rest where it went.)
      let transient = run.duringContainerChange(candidate.frame.time)
        || (candidate.frame.time >= liftGraceStart - slack && candidate.behind)
      problems.offer(defect, magnitude, transient: transient) {
        let (frame, finger, axis) = (candidate.frame, candidate.finger, candidate.axis)
        let shown: Prose = candidate.banded.map {
          ", which the rubber band shows at \($0),"
        } ?? ","
        return Violation(
          "at t = \(frame.time) the finger at (\(finger.x), "
            + "\(finger.y)) puts the grabbed point's \(axis) at "
            + "\(candidate.wanted)\(shown) but the item's centre is at "
            + "\(candidate.actual)",
          defect: defect, magnitude: magnitude, at: frame.time, rect: frame.rect,
          region: Self.moved(frame.rect, axis: axis, centredOn: candidate.banded ?? candidate.wanted),
          transient: transient)
      }
    }
    // Problems in the frames between a container change and the next touch event, which the
    // item's code has not yet been told of, are polish (the offset the change left); so is the
    // first frame after the pan begins when the next frame has the item under the finger (the
    // one-step catch-up of a handler that only notes `began`).
    var pending: [Candidate] = []
    var pendingUntil = -Double.infinity
    func settlePending(corrected: Bool) {
      for candidate in pending {
        offer(
          candidate,
          as: corrected ? .panHysteresisLag : defect(off: candidate.off, frame: candidate.frame))
      }
      pending.removeAll()
    }
    // After a container change under the finger, the item is judged by how it follows the
    // finger from where the change left it: a constant offset from the grab is polish.
    var shift = CGPoint.zero
    /// The grab's offset before the last re-anchoring, which later frames may still follow.
    var previous: CGPoint?
    var anchoredAfter = touch.began
    // Where a bound held the item in the last frame judged, on each axis: how far the finger
    // there was from where it would put the item (`nil` where no bound held it). Two fields,
    // not an array: it is reset every frame.
    struct Held {
      var x: CGFloat?
      var y: CGFloat?
      subscript(axis: String) -> CGFloat? {
        get { axis == "x" ? x : y }
        set { if axis == "x" { x = newValue } else { y = newValue } }
      }
    }
    var heldOffset = Held()
    /// The problem on one axis of `frame`, or `nil`.
    func judgeAxis(
      _ axis: String, frame: Frame, finger: CGPoint, actual: CGFloat, wanted: CGFloat,
      extent: CGFloat, low: CGFloat, high: CGFloat, windowLow: CGFloat, windowHigh: CGFloat,
      regionLow: CGFloat, regionHigh: CGFloat, areaLow: CGFloat, areaHigh: CGFloat,
      dockLow: CGFloat, dockHigh: CGFloat, room: CGFloat, inset: CGFloat
    ) -> Candidate? {
      // An item larger than the safe region on an axis is placed, not dragged, on it.
      guard extent <= room else { return nil }
      if let coefficient = rubberBand {
        // A rubber band promises an exact position everywhere, not just a stop at a bound.
        let expected = Self.rubberBanded(
          wanted, extent: extent, regionLow: regionLow, regionHigh: regionHigh,
          windowLow: windowLow, windowHigh: windowHigh, margin: inset, coefficient: coefficient)
        if abs(actual - expected) <= tolerance { return nil }
        return Candidate(
          axis: axis, frame: frame, finger: finger, actual: actual, wanted: wanted,
          banded: expected)
      }
      guard abs(actual - wanted) > tolerance else { return nil }
      // Where the item already pokes past the window's edge that the finger takes it towards,
      // how far is on-screen's to judge: a lag of a few points off the screen is no one's
      // concern, and the finger there has left the glass the container shows.
      if (high > windowHigh + tolerance && wanted + extent / 2 > windowHigh)
        || (low < windowLow - tolerance && wanted - extent / 2 < windowLow)
      {
        return nil
      }
      // A bound (the window's, its safe area's or the safe region's, with the bars and the
      // keyboard, or the region its contract docks against, less the room it reserves: a
      // button kept below a 64 pt band for the navigation bar) may stop the item only where
      // the finger would take it past that bound.
      func stops(_ lowBound: CGFloat, _ highBound: CGFloat) -> Bool {
        (wanted - extent / 2 < lowBound && abs(low - lowBound) <= tolerance)
          || (wanted + extent / 2 > highBound && abs(high - highBound) <= tolerance)
      }
      if stops(windowLow, windowHigh) || stops(regionLow, regionHigh) || stops(areaLow, areaHigh)
        || stops(dockLow, dockHigh)
      {
        heldOffset[axis] = wanted - actual
        return nil
      }
      // So may the region it rests in, the declared margin inside the safe region or the
      // region it docks against (a picture-in-picture window held 15 pt clear of the edges
      // while it is dragged, too).
      if inset > 0,
        (extent + 2 * inset <= regionHigh - regionLow && stops(regionLow + inset, regionHigh - inset))
          || (extent + 2 * inset <= dockHigh - dockLow && stops(dockLow + inset, dockHigh - inset))
      {
        heldOffset[axis] = wanted - actual
        return nil
      }
      // So may a clamp of the item's own a little inside the window's edge the finger takes it
      // past (a floating button kept 10 pt clear of the screen's top): held there, at one place
      // for two frames or more while the finger goes on, it is a design's choice, polish; where
      // it rests is judged at rest. An item that stops anywhere else, or that still creeps on,
      // does not follow the finger. So, too, a clamp that let the item a little past a bound
      // before holding it there (a handler that stops adding the translation to an axis once the
      // frame has crossed the edge, under the bar it went to): while the finger goes on the same
      // way it is held at its bound, and where it rests is judged at rest. A finger that comes
      // back, and an item that stays, is not held by any bound: that is still a hazard.
      // A cage that refuses the step that would cross its bound, rather than clamping it,
      // holds the item short of that bound by up to a step while the finger goes on past it:
      // within `clampReach` of a bound the finger would take it past is held there, too.
      func shortOf(_ lowBound: CGFloat, _ highBound: CGFloat) -> (low: Bool, high: Bool) {
        (
          low >= lowBound - tolerance && low <= lowBound + Self.clampReach
            && wanted - extent / 2 < lowBound,
          high <= highBound + tolerance && high >= highBound - Self.clampReach
            && wanted + extent / 2 > highBound
        )
      }
      let cage = [
        shortOf(regionLow, regionHigh), shortOf(areaLow, areaHigh), shortOf(dockLow, dockHigh),
        inset > 0 ? shortOf(regionLow + inset, regionHigh - inset) : (low: false, high: false),
        inset > 0 ? shortOf(dockLow + inset, dockHigh - inset) : (low: false, high: false),
      ]
      var clamped = false
      let heldHigh =
        (high <= windowHigh + tolerance && high >= windowHigh - Self.clampReach)
        || high >= regionHigh - tolerance || high >= areaHigh - tolerance
        || cage.contains { $0.high }
      let heldLow =
        (low >= windowLow - tolerance && low <= windowLow + Self.clampReach)
        || low <= regionLow + tolerance || low <= areaLow + tolerance
        || cage.contains { $0.low }
      if (wanted > actual && heldHigh) || (wanted < actual && heldLow) {
        // (Or held there in the touch's last frame: a finger that passes the clamp in one event
        // and lifts.)
        clamped =
          run.dragFrames(of: touch).lazy.filter {
            abs((axis == "x" ? $0.rect.midX : $0.rect.midY) - actual) <= Self.halfPoint
          }.prefix(2).count == 2
          || frame.time == lastDragFrame()
      }
      if clamped { heldOffset[axis] = wanted - actual }
      return Candidate(
        axis: axis, frame: frame, finger: finger, actual: actual, wanted: wanted, banded: nil,
        clamped: clamped, previous: axis == "x" ? priorRect?.midX : priorRect?.midY)
    }
    let liftGraceStart = (touch.end ?? .infinity)
      - Double(Self.liftFrames) * run.initialEnvironment.frameDuration
    // A touch a long press took is the long press's from then on: it drags nothing.
    let pressedAt = (run.longPressTook(touch) ?? .infinity) - slack
    // The item in the frame before the one judged (where the touch found it, at first).
    var priorRect: CGRect? = touch.shownFrame
    var lastRect: CGRect? = touch.shownFrame
    // When the frame before the one judged was shown.
    var priorTime = touch.began
    var lastTime = touch.began
    for frame in run.dragFrames(of: touch) {
      priorRect = lastRect
      lastRect = frame.rect
      priorTime = lastTime
      lastTime = frame.time
      guard let finger = frame.finger else { continue }
      if frame.time >= pressedAt { break }
      // Until the finger has moved a pan's hysteresis from where it landed, nothing may
      // follow yet.
      if !recognised {
        recognised =
          abs(finger.x - touchDown.x) >= hysteresis || abs(finger.y - touchDown.y) >= hysteresis
        if !recognised { continue }
        firstRecognised = true
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
      let area = regions.safeArea
      let dock = regions.docking
      if run.untouchedSinceContainerChange(at: frame.time, during: touch) {
        // The item's code has not been told where the still finger now is.
        for (axis, actual, wanted) in [
          ("x", rect.midX, finger.x - grab.x - shift.x), ("y", rect.midY, finger.y - grab.y - shift.y),
        ] where abs(actual - wanted) > tolerance {
          offer(
            Candidate(axis: axis, frame: frame, finger: finger, actual: actual, wanted: wanted, banded: nil),
            as: .offsetUntilNextTouch)
        }
        continue
      }
      /// The problems of this frame with the grab moved by `offset`.
      func problemsOf(shiftedBy offset: CGPoint) -> [Candidate] {
        // Most frames are where the finger puts them: no array is built for those.
        let x = judgeAxis(
          "x", frame: frame, finger: finger, actual: rect.midX,
          wanted: finger.x - grab.x - offset.x, extent: rect.width, low: rect.minX,
          high: rect.maxX, windowLow: bounds.minX, windowHigh: bounds.maxX,
          regionLow: region.minX, regionHigh: region.maxX, areaLow: area.minX,
          areaHigh: area.maxX, dockLow: dock.minX, dockHigh: dock.maxX, room: region.width,
          inset: margin)
        let y = judgeAxis(
          "y", frame: frame, finger: finger, actual: rect.midY,
          wanted: finger.y - grab.y - offset.y, extent: rect.height, low: rect.minY,
          high: rect.maxY, windowLow: bounds.minY, windowHigh: bounds.maxY,
          regionLow: region.minY, regionHigh: region.maxY, areaLow: area.minY,
          areaHigh: area.maxY, dockLow: dock.minY, dockHigh: dock.maxY, room: region.height,
          inset: marginOnAllSides ? margin : 0)
        switch (x, y) {
        case (nil, nil): return []
        case (let x?, nil): return [x]
        case (nil, let y?): return [y]
        case (let x?, let y?): return [x, y]
        }
      }
      // (A bound held the item in the frame before, in the container of that frame: after a
      // change between the two, that bound is gone, and the offset it gave says nothing.)
      let heldBefore =
        (heldOffset.x == nil && heldOffset.y == nil)
          || !run.containerChanges(from: priorTime + slack, to: frame.time) ? heldOffset : Held()
      heldOffset = Held()
      var found = problemsOf(shiftedBy: shift)
      // The frame after a bound held the item, off the finger by just what it was off it there:
      // it came back with the finger at once, as a handler that adds each move to the clamped
      // frame brings it. It follows the finger from that offset (polish, `offsetFromBound`).
      if !found.isEmpty {
        var moved = shift
        var reanchored = false
        found.removeAll { candidate in
          // (An offset no more than the pan's slop is the recogniser's lag, and said so.)
          guard candidate.banded == nil, !candidate.clamped, let held = heldBefore[candidate.axis],
            abs((candidate.wanted - candidate.actual) - held) <= tolerance,
            !(panDriven && candidate.off <= slop + tolerance)
          else { return false }
          if candidate.axis == "x" { moved.x += held } else { moved.y += held }
          reanchored = true
          return true
        }
        if reanchored {
          let magnitude = Magnitude.points(max(abs(moved.x - shift.x), abs(moved.y - shift.y)))
          shift = moved
          problems.offer(.offsetFromBound, magnitude) {
            Violation(
              "at t = \(frame.time) the finger at (\(finger.x), \(finger.y)) brings the item back"
                + " from the bound it was held at, \(magnitude.value) pt from where it grabbed it",
              defect: .offsetFromBound, magnitude: magnitude, at: frame.time, rect: rect)
          }
        }
      }
      // The first frame after a container change during the touch that the grab no longer
      // explains re-anchors it where the change left the item (a rubber band's is left to the
      // other invariants, above); a frame a bound explains (the keyboard under a still finger,
      // say) keeps the grab it had.
      if !found.isEmpty, let earlier = previous, problemsOf(shiftedBy: earlier).isEmpty {
        // A frame that the grab before the change explains is followed too.
        found = []
      }
      // (Only the changes' times are needed: `changeDurations` has one for every change the
      // host sees.)
      let changes = run.changeDurations
      let newChange = changes.last(where: {
        $0.time > anchoredAfter + slack && $0.time <= frame.time + slack
      })
      // While what a change set off may still be moving the item (the change's own animation,
      // or a re-dock of up to half a second the algorithm starts), each frame the grab no longer
      // explains re-anchors it: the item is judged by how it follows the finger once that is
      // over.
      let settling = changes.last(where: {
        $0.time > touch.began - slack && $0.time <= frame.time + slack
          && frame.time < $0.time + Self.changeSettleTime - slack
      })
      if let change = newChange ?? settling {
        anchoredAfter = max(anchoredAfter, change.time)
        if !found.isEmpty {
          let before = shift
          var moved = before
          for candidate in found {
            let offset = candidate.wanted - candidate.actual
            if candidate.axis == "x" { moved.x += offset } else { moved.y += offset }
          }
          shift = moved
          found = problemsOf(shiftedBy: shift)
          let magnitude = Magnitude.points(max(abs(shift.x), abs(shift.y)))
          problems.offer(.offsetAfterContainerChange, magnitude) {
            Violation(
              "after the container changed at t = \(change.time), the finger at "
                + "(\(finger.x), \(finger.y)) holds the item "
                + "\(magnitude.value) pt from where it grabbed it",
              defect: .offsetAfterContainerChange, magnitude: magnitude, at: frame.time,
              rect: rect)
          }
          if newChange != nil { previous = before }
        }
      }
      if firstRecognised, panDriven {
        // The frames from the one the pan began in to the next touch event: a handler that only
        // notes `.began` catches up on the first `.changed`, which that event brings; they are
        // judged by the first frame after it (or are polish when that event is the lift).
        firstRecognised = false
        let next = scenario.gesture.events.first { $0.time > frame.time + slack }
        pendingUntil = next?.time ?? .infinity
      }
      if frame.time < pendingUntil - slack {
        pending += found
        continue
      }
      if !pending.isEmpty {
        settlePending(corrected: found.allSatisfy { $0.off <= slop + tolerance })
      }
      pendingUntil = -.infinity
      for candidate in found { offer(candidate, as: defect(off: candidate.off, frame: frame)) }
    }
    // No frame came after the event that would bring the catch-up: nothing shows a lag.
    settlePending(corrected: true)
    return (judged, problems)
  }

  /// How far the finger of `touch` had gone from where it landed when a pan recogniser would
  /// have begun (the first touch event a pan's hysteresis from the landing): the translation a
  /// handler that starts counting at `.began` never sees. About the slop at a finger's pace; a
  /// first move of many points at once, faster than a finger starts, makes it more. Zero when
  /// the finger never got that far.
  static func recognitionTravel(_ run: Run, touch: TouchRecord) -> CGFloat {
    let hysteresis = PanGestureRecognizer.defaultHysteresis
    let slack = run.slack
    let end = touch.end ?? .infinity
    for event in run.scenario.gesture.events
    where event.time > touch.began - slack && event.time <= end + slack {
      // Where the code was told the finger is: on the screen, as the simulation delivers it.
      guard event.location.x.isFinite, event.location.y.isFinite else { continue }
      let at = run.environment(at: event.time).onTheGlass(event.location)
      let dx = at.x - touch.finger.x, dy = at.y - touch.finger.y
      guard dx.isFinite, dy.isFinite else { continue }
      if abs(dx) >= hysteresis || abs(dy) >= hysteresis { return hypot(dx, dy) }
    }
    return 0
  }

  /// How far inside the window's edge an item's own clamp may hold it while the finger drags it
  /// past that edge, and be a design's choice (`heldShortOfEdge`), in points; how far short of
  /// any bound a cage that refuses the step across it may leave it, too.
  static let clampReach: CGFloat = 20

  /// How long after a container change under the finger the item may still be moved by what
  /// the change set off (UIKit's animations of it, a re-dock the algorithm animates), in
  /// seconds.
  static let changeSettleTime = 0.5

  /// `rect` moved along `axis` (`"x"` or `"y"`) so that its centre is at `center` there: where
  /// the item should have been.
  static func moved(_ rect: CGRect, axis: String, centredOn center: CGFloat) -> CGRect {
    axis == "x"
      ? rect.offsetBy(dx: center - rect.midX, dy: 0) : rect.offsetBy(dx: 0, dy: center - rect.midY)
  }
}

/// `Invariant.followProblems` of each touch of one run, kept for the next invariant that asks.
/// A run is judged on one thread at a time.
final class FollowMemo: @unchecked Sendable {
  private var entries:
    [(began: Double, end: Double?, finger: CGPoint, center: CGPoint, value: (Bool, Judgement))] = []

  func value(
    touch: TouchRecord, grabbedAt center: CGPoint, _ make: () -> (judged: Bool, problems: Judgement)
  ) -> (judged: Bool, problems: Judgement) {
    // Bitwise equality: a NaN is found again too.
    func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    if let hit = entries.first(where: {
      same($0.began, touch.began) && $0.end.map(\.bitPattern) == touch.end.map(\.bitPattern)
        && same($0.finger.x, touch.finger.x) && same($0.finger.y, touch.finger.y)
        && same($0.center.x, center.x) && same($0.center.y, center.y)
    }) {
      return hit.value
    }
    let value = make()
    entries.append((touch.began, touch.end, touch.finger, center, value))
    return value
  }
}

// MARK: - Registration

extension Invariant {
  /// `tracks-finger`: while each touch drags, once its finger has moved a pan's 10 pt
  /// hysteresis from where it landed, the item's centre is the finger less the offset it was
  /// grabbed at, on each axis, judged in the container of the moment (a rotation or resize
  /// under the finger included), unless a bound stops it there — the container's, the safe
  /// region's, or the region the item rests in, its declared margin inside the safe region (and
  /// a docked item goes along with a finger that drags it at least 30 pt along its left or
  /// right edge, as far as the room there allows, unless the finger first took it the other way
  /// to the end of its room, or the item is taller than that room): the finger would take it
  /// past an edge of the container or the safe region and it rests against that edge (an item
  /// larger than the safe region on an axis is placed, not dragged, on it). An algorithm with a
  /// rubber band shows the item exactly where the band puts it past the region it rests in (its
  /// margin inside the safe region), and never beyond the window — until the container changes
  /// under the finger, after which where the band holds the item is the algorithm's choice and
  /// only the other invariants judge it. After the release, an algorithm that docks moves the
  /// item up or down no further than into the safe region, or, if it declares that it projects
  /// the flick (without a deceleration rate of its own, which nearest-edge checks), no further
  /// than a scroll view's normal deceleration (0.998 per ms) carries the release velocity.
  public static let tracksFinger: Invariant = Invariant(
    "tracks-finger",
    definition: Definition(
      harmRank: 70,
      consequence: { size in "While dragged, the button slips away from the finger\(size)." },
      abbreviation: "tf",
      defects: [.lagsTheFinger, .heldShortOfEdge, .panHysteresisLag, .offsetUntilNextTouch,
        .offsetAfterContainerChange, .offsetFromBound, .stuckOnItsEdge, .movesAfterRelease,
        .keptClearOfEdge],
      judge: { run, _ in checkTracksFinger(run) }))
}

extension Defect {
  /// `lags-the-finger`: does not follow the finger.
  public static let lagsTheFinger: Defect = Defect("lags-the-finger", "does not follow the finger", harm: .drag)

  /// `held-short-of-edge`: is held short of the edge the finger drags it to. Polish whatever its
  /// size (a design choice: the item's own clamp holds it a little short of the window's edge the
  /// finger goes past).
  public static let heldShortOfEdge: Defect = Defect(
    "held-short-of-edge",
    "is held short of the edge the finger drags it to",
    alwaysPolish: true, harm: .drag)

  /// `pan-hysteresis-lag`: lags the finger by the pan's 10 pt slop. Polish whatever its size (every
  /// translation-based pan handler has it: UIKit takes the recogniser's 10 pt slop off the
  /// translation).
  public static let panHysteresisLag: Defect = Defect(
    "pan-hysteresis-lag",
    "lags the finger by the pan's 10 pt slop",
    alwaysPolish: true, harm: .drag)

  /// `offset-until-next-touch`: is off the still finger until the next touch event. Polish whatever
  /// its size (UIKit tells the code nothing until the finger moves again).
  public static let offsetUntilNextTouch: Defect = Defect(
    "offset-until-next-touch",
    "is off the still finger until the next touch event",
    alwaysPolish: true, harm: .drag)

  /// `offset-after-container-change`: keeps an offset from the finger after a container change
  /// under it. Polish whatever its size (a container change leaves it between the item and a
  /// finger held through it).
  public static let offsetAfterContainerChange: Defect = Defect(
    "offset-after-container-change",
    "keeps an offset from the finger after a container change under it",
    alwaysPolish: true, harm: .drag)

  /// `offset-from-a-bound`: follows the finger from an offset a bound gave it. Polish whatever
  /// its size (a handler that adds each move to the clamped frame: the finger went on past the
  /// edge the item was held at, and the item comes back with the finger at once, by as much as
  /// the finger moves, kept off it by how far the finger went on).
  public static let offsetFromBound: Defect = Defect(
    "offset-from-a-bound",
    "follows the finger from the offset a bound it was held at gave it",
    alwaysPolish: true, harm: .drag)

  /// `stuck-on-its-edge`: cannot be dragged along its edge.
  public static let stuckOnItsEdge: Defect = Defect(
    "stuck-on-its-edge",
    "cannot be dragged along its edge", harm: .drag)

  /// `moves-after-release`: moves further than docking needs after the lift.
  public static let movesAfterRelease: Defect = Defect(
    "moves-after-release",
    "moves further than docking needs after the lift", harm: .rest)

  /// `kept-clear-of-edge`: glides back from the edge it was let go near, further than docking
  /// needs. Polish whatever its size (a design choice: where it rests is judged at rest).
  public static let keptClearOfEdge: Defect = Defect(
    "kept-clear-of-edge",
    "glides back from the edge it was let go near, further than docking needs",
    alwaysPolish: true, harm: .rest)
}
