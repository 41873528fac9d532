import Foundation
import SnapAlgorithms

extension Invariant {
  /// resize-safe: after the container changes during or after the gesture, the item rests inside
  /// the new safe region on each axis it fits along and, for an algorithm that docks, docked in it
  /// (when a drag moved it, or it rested docked before the change);
  /// changes after the last touch keep the side it was docked on (an item that does not dock
  /// moves no further than the new safe region makes it, from where it rested in the window or in
  /// its superview), and a container that comes back to a
  /// state the item rested in brings the item back to exactly where it rested.
  static func checkResizeSafe(_ run: Run) -> Judgement {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    // Docked against the edges it declares, at its margin less a designed overhang; inside the
    // safe region but for that overhang.
    let environment = algorithm.docking(run.environment)
    let region = run.environment.safeRegion.outset(by: algorithm.designedOverhang(for: size))
    guard !run.resizes.isEmpty, size.width <= region.width || size.height <= region.height
    else { return .notApplicable }
    let checkX = size.width <= region.width
    let checkY = size.height <= region.height
    if let outside = Self.hiddenAtRest(
      trajectory.rest, algorithm: algorithm, environment: run.environment, checkX: checkX,
      checkY: checkY),
      !outside.underHardware || outside.magnitude > Self.polishDistance
    {
      return Judgement(Violation(
        "after the container changed, rests at \(trajectory.rest), "
          + (outside.underHardware
            ? "\(outside.magnitude) pt under the sensor housing or the display's corner"
            : "outside the new safe region \(outside.region)"), defect: .outsideSafeArea,
        magnitude: .points(outside.magnitude), rect: trajectory.rest, region: outside.region))
    }
    // Docked, when a drag gave the algorithm a release to dock it from, or it rested docked
    // before the change (where it starts stands for where earlier use left it): an item the app
    // placed away from an edge, never dragged, is where the app put it, and in-safe-area judges
    // that.
    func dockedBefore(_ margin: CGFloat) -> Bool {
      guard let first = run.resizes.first else { return false }
      let frame = trajectory.frames.last(where: { $0.time < first.time - run.slack })
      let rect = frame?.rect ?? scenario.gesture.start.rect(ofSize: size)
      return Self.dockingProblem(
        rect, in: algorithm.docking(frame.map { run.environment(at: $0.time) } ?? run.initialEnvironment),
        margin: margin, rule: algorithm.dockingRule) == nil
    }
    if let margin = algorithm.dockingMargin(for: size),
      Self.fitsDocked(size, in: environment.safeRegion, margin: margin, rule: algorithm.dockingRule),
      Self.movedWhileDragging(trajectory) || dockedBefore(margin), !Self.tapMovedItLast(run),
      let problem = Self.dockingProblem(
        trajectory.rest, in: environment, margin: margin, rule: algorithm.dockingRule)
    {
      return Judgement(Violation(
        "after the container changed, rests at \(trajectory.rest), not docked in the new"
          + " safe region: \(problem.words)", defect: .notDocked,
        magnitude: .points(problem.distance), rect: trajectory.rest, region: region))
    }
    if let problem = Self.berthProblem(run) { return Judgement(problem) }
    return .holds
  }

  /// After the last touch, the container changes and no finger touches the item again: the
  /// item must keep the side (the edges) it was docked on — and, for an algorithm that keeps its
  /// place along the edge (`DockingRule.keepsPlaceAlongEdge`) or rests on slots, the same
  /// fraction of the way along it (the same slot) — and when the container comes back to a state it rested in earlier (a rotation
  /// there and back, a keyboard or bar shown and hidden), it must come back to exactly where it
  /// rested then (an item of a docking algorithm that never moved from where the app put it, half
  /// a point off its edge or slot, may come back seated exactly on them: `docked` counts it
  /// docked there). An item that does not dock (no `dockingMargin`) must rest where it rested
  /// since the last touch that moved it (before a cover or a column pushed it, or after),
  /// clamped into the final safe region on each axis it fits along: it moves no further than
  /// it must.
  static func berthProblem(_ run: Run) -> Violation? {
    let (algorithm, scenario, trajectory) = (run.algorithm, run.scenario, run.trajectory)
    let slack = run.slack
    let lastTouchEnd = trajectory.touches.compactMap(\.end).max() ?? -Double.infinity
    guard !trajectory.touches.contains(where: { $0.end == nil }) else { return nil }

    let changes = scenario.gesture.containerChanges.filter { $0.time > lastTouchEnd + slack }
    guard let first = changes.first else { return nil }
    // Where it rested before the first of those changes, and in which container.
    guard
      let before = trajectory.frames.last(where: { $0.time < first.time - slack }),
      before.phase == .rest
    else { return nil }
    let size = scenario.itemSize
    // Docking is judged against the edges the item declares, at its margin less its overhang.
    let (thenSeen, finalSeen) = (run.environment(at: before.time), run.environment)
    let then = algorithm.docking(thenSeen)
    let final = algorithm.docking(finalSeen)
    let dockingMargin = algorithm.dockingMargin(for: size)
    // Only a berth — a rest the algorithm chose: inside the safe region (but for a designed
    // overhang), and docked if it docks — is kept through the changes.
    let berth =
      run.environment(at: before.time).safeRegion.outset(by: algorithm.designedOverhang(for: size))
        .contains(before.rect, tolerance: Self.tolerance)
      && (dockingMargin.map {
        Self.dockingProblem(before.rect, in: then, margin: $0, rule: algorithm.dockingRule) == nil
      } ?? true)
    guard berth else { return nil }
    if let margin = dockingMargin {
      let rule = algorithm.dockingRule
      let wasOn = Self.edges(of: before.rect, in: then.safeRegion, margin: margin, rule: rule)
      let nowOn = Self.edges(of: trajectory.rest, in: final.safeRegion, margin: margin, rule: rule)
      let sides: Edges = [.left, .right]
      let fits = Self.fitsDocked(size, in: then.safeRegion, margin: margin, rule: rule)
        && Self.fitsDocked(size, in: final.safeRegion, margin: margin, rule: rule)
        && size.width + 2 * margin < min(then.safeRegion.width, final.safeRegion.width)
      let side = wasOn.intersection(sides)
      // An item that may rest on any edge and rested in a corner (on a side and an end) keeps
      // the end or the side; where along it, placeAlongEdgeProblem judges.
      let corner = rule.placement == .nearestEdge && !wasOn.isDisjoint(with: [.top, .bottom])
      if fits, side.count == 1, !corner, nowOn.intersection(sides) != side {
        return Violation(
          "docked on the \(side.members[0].rawValue) at \(before.rect), after the container "
            + "changed it rests at \(trajectory.rest), not on that side",
          defect: .changesSide, magnitude: .points(abs(trajectory.rest.midX - before.rect.midX)),
          rect: trajectory.rest, region: final.safeRegion)
      }
    }
    // An item on a slot rests on the same slot: the one nearest to where it was, even where a
    // bar or the keyboard held it short of it.
    var gaveWay = false
    if let margin = dockingMargin, let slots = algorithm.dockingRule.slots,
      let problem = Self.slotProblem(
        before.rect, in: then, rest: trajectory.rest, in: final, margin: margin, slots: slots,
        rule: algorithm.dockingRule, gaveWay: &gaveWay)
    {
      return problem
    }
    // An item that keeps its place along the edge, or rests on slots (the same slot is the
    // nearest to where it was: a slot is a fraction of the way along), stays at that fraction —
    // unless it gave way to the keyboard, a row up.
    if let margin = dockingMargin, !gaveWay,
      algorithm.dockingRule.keepsPlaceAlongEdge || algorithm.dockingRule.slots != nil,
      let problem = Self.placeAlongEdgeProblem(
        before.rect, in: then, rest: trajectory.rest, in: final, margin: margin)
    {
      return problem
    }
    // An item that does not dock moves no further than the new safe region makes it: it rests
    // where it rested since the last touch that moved it (its berth, which a cover or a column
    // may have pushed it from since), clamped into the region on each axis it fits along — the
    // region its contract keeps it in (`dockingReference`: a button clamped to its superview's
    // bounds need not leave a new inset the superview's bounds include; in-safe-area judges
    // what hides it there).
    if algorithm.dockingMargin == nil {
      let region = algorithm.docking(run.environment).safeRegion
      let moved = trajectory.touches.filter { $0.reachedItem && $0.movedTravel > 0 }
      let since = moved.compactMap(\.end).max() ?? -Double.infinity
      // Each place it rested at once (a rest lasts many frames at one place), starting with
      // where the finger let go of it: a container change in the same display frame as the lift
      // comes before any frame shows that rest.
      var berths: [CGRect] = []
      if let release = trajectory.releaseCenter, let releaseTime = trajectory.releaseTime,
        abs(releaseTime - since) <= sameMoment, releaseTime < first.time - slack
      {
        berths.append(release.rect(ofSize: size))
      }
      for frame in trajectory.frames
      where frame.phase == .rest && frame.time >= since - slack && frame.time < first.time - slack
        && frame.rect != berths.last
      {
        berths.append(frame.rect)
      }
      if moved.isEmpty { berths.append(scenario.gesture.start.rect(ofSize: size)) }
      func kept(_ rect: CGRect) -> CGRect {
        func along(_ center: CGFloat, _ extent: CGFloat, _ low: CGFloat, _ high: CGFloat, _ now: CGFloat)
          -> CGFloat
        {
          extent <= high - low ? min(max(center, low + extent / 2), high - extent / 2) : now
        }
        let x = along(rect.midX, size.width, region.minX, region.maxX, trajectory.rest.midX)
        let y = along(rect.midY, size.height, region.minY, region.maxY, trajectory.rest.midY)
        return CGRect(
          x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height)
      }
      // Left alone, a view keeps its place in its superview: where the superview moved in the
      // window (a view controller's view under an opaque navigation bar that changed height),
      // the item moved with it, as every other subview did. Either place, clamped, is kept.
      let offset = finalSeen.superviewOffset
      let shift = CGVector(
        dx: offset.dx - thenSeen.superviewOffset.dx, dy: offset.dy - thenSeen.superviewOffset.dy)
      let carried = shift == .zero ? [] : berths.map { $0.offsetBy(dx: shift.dx, dy: shift.dy) }
      let targets = (berths + carried).map(kept)
      if let nearest = targets.min(by: {
        $0.distance(to: trajectory.rest) < $1.distance(to: trajectory.rest)
      }), nearest.distance(to: trajectory.rest) > Self.tolerance {
        let off = nearest.distance(to: trajectory.rest)
        // (An item that stayed where it rested was not moved far enough: say so.)
        let stayed = (berths + carried).contains { $0.distance(to: trajectory.rest) <= Self.tolerance }
        return Violation(
          "resting at \(before.rect), after the container changed it rests at "
            + "\(trajectory.rest), \((off * 10).rounded() / 10) pt from "
            + "where it rested kept inside the new safe region, \(nearest): "
            + (stayed ? "it stayed where the new region does not reach" : "it moved further than it had to"),
          defect: .movedFurtherThanNeeded, magnitude: .points(off), rect: trajectory.rest,
          region: nearest)
      }
    }
    // Back in a container it rested in: back where it rested. An item of a docking algorithm
    // still where the app put it (it never moved) counted as docked within half a point of an
    // edge or a slot; the algorithm may seat it exactly there, so it comes back within that.
    guard finalSeen == thenSeen else { return nil }
    let placedByApp =
      algorithm.dockingMargin != nil
      && before.rect.distance(to: scenario.gesture.start.rect(ofSize: size)) <= Self.tolerance
    // Still where the app put it, it was never a place the algorithm chose: a change that did not
    // need to move it (it lay clear of the bars and the keyboard of every state) may seat it on
    // the algorithm's own place (a margin the app's placement did not keep), and there it stays,
    // docked as its rule says. One the change pushed must come back.
    if placedByApp, let margin = dockingMargin,
      changes.allSatisfy({
        $0.environment.seen(by: algorithm.host).safeRegion.contains(before.rect, tolerance: Self.tolerance)
      }),
      Self.dockingProblem(trajectory.rest, in: final, margin: margin, rule: algorithm.dockingRule)
        == nil
    {
      return nil
    }
    // One the change pushed may come back to where the app put it moved only as far as the
    // algorithm's own margin needs: a place inside the margin band is seated on the margin, as
    // a release there would seat it (swiftui-dock.corrected, an item the app put 3 pt inside the
    // 16 pt it keeps from the tab bar, 1 in 43,866 keyboard examples at 1,000 times the budget).
    if placedByApp, let margin = dockingMargin, margin > 0 {
      let room = final.safeRegion.insetBy(dx: margin, dy: margin)
      if room.width >= size.width, room.height >= size.height {
        let seated = SafeDocking.clamp(before.rect.center, size: size, in: room).rect(ofSize: size)
        if trajectory.rest.distance(to: seated) <= Self.halfPoint { return nil }
      }
    }
    if trajectory.rest.distance(to: before.rect) > (placedByApp ? Self.halfPoint : Self.tolerance) {
      return Violation(
        "resting at \(before.rect), the container changed and came back to the same "
          + "state, but the item rests at \(trajectory.rest)",
        defect: .notBackAfterRoundTrip, magnitude: .points(trajectory.rest.distance(to: before.rect)),
        rect: trajectory.rest, region: before.rect)
    }
    return nil
  }
}

extension Invariant {
  /// For an algorithm with `slots` slots along its edges: resting at `before` in `then` on a slot
  /// (kept clear of the bars and the keyboard of the moment), after the container became `final`
  /// it must rest on the same slot there (kept clear of `final`'s), within 0.5 pt — or, when the
  /// keyboard covers that slot, on the nearest slot the keyboard leaves clear, and back when it
  /// goes (`gaveWay`). Not judged when `before` is on no slot, or on a place two slots share (a
  /// bar held both short of their places).
  static func slotProblem(
    _ before: CGRect, in then: ItemEnvironment, rest: CGRect, in final: ItemEnvironment, margin: CGFloat,
    slots: Int, rule: DockingRule, gaveWay: inout Bool
  ) -> Violation? {
    guard slots > 1 else { return nil }
    let edges = Self.edges(of: before, in: then.safeRegion, margin: margin, rule: rule)
    // Along a side the slots run down it; along the top or bottom, across.
    let alongY = !edges.isDisjoint(with: [.left, .right])
    guard alongY || (rule.placement == .nearestEdge && !edges.isDisjoint(with: [.top, .bottom]))
    else { return nil }
    /// Where each slot puts the centre along the edge in `environment`, clamped into its box.
    func places(_ environment: ItemEnvironment) -> [CGFloat]? {
      let extent = alongY ? before.height : before.width
      let region = environment.safeRegion
      let free = environment.unobstructed.safeRegion
      let inset = alongY ? (rule.marginOnAllSides ? margin : 0) : margin
      let (low, high) =
        alongY
        ? (region.minY + inset + extent / 2, region.maxY - inset - extent / 2)
        : (region.minX + inset + extent / 2, region.maxX - inset - extent / 2)
      let (freeLow, freeHigh) =
        alongY
        ? (free.minY + inset + extent / 2, free.maxY - inset - extent / 2)
        : (free.minX + inset + extent / 2, free.maxX - inset - extent / 2)
      guard high >= low, freeHigh > freeLow else { return nil }
      return slotFractions(slots).map { min(max(freeLow + $0 * (freeHigh - freeLow), low), high) }
    }
    guard let was = places(then), let now = places(final) else { return nil }
    let at = alongY ? before.midY : before.midX
    let on = was.indices.filter { abs(was[$0] - at) <= halfPoint }
    // On no slot, or on a place several slots share: which slot it stands for is not known.
    guard on.count == 1, let slot = on.first else { return nil }
    let wanted = now[slot]
    let actual = alongY ? rest.midY : rest.midX
    guard abs(actual - wanted) > halfPoint else { return nil }
    /// Whether, under the keyboard of `environment`, slot `covered` gives way to slot `other`:
    /// the keyboard moves `covered` from its place and leaves `other` where it is, and no slot it
    /// leaves clear is nearer `covered`.
    func givesWay(in environment: ItemEnvironment, from covered: Int, to other: Int) -> Bool {
      guard environment.keyboardFrame != nil, let placed = places(environment) else { return false }
      var open = environment
      open.keyboardFrame = nil
      guard let without = places(open) else { return false }
      let clear = placed.indices.filter { abs(placed[$0] - without[$0]) <= halfPoint }
      guard !clear.contains(covered), clear.contains(other) else { return false }
      return clear.map { abs($0 - covered) }.min() == abs(other - covered)
    }
    // Its slot under the keyboard: the slot nearest it that the keyboard leaves clear is as
    // good a place (a picture in picture moved up a row above the keyboard), and when the
    // keyboard goes, so is the slot it came up from. Bars are part of the layout: a slot they
    // cover is pushed clear of them.
    let restsOn = now.indices.filter { abs(actual - now[$0]) <= halfPoint }
    if restsOn.contains(where: { other in
      givesWay(in: final, from: slot, to: other)
        || (final.keyboardFrame == nil && givesWay(in: then, from: other, to: slot))
    }) {
      gaveWay = true
      return nil
    }
    let axis = alongY ? "y" : "x"
    return Violation(
      "resting on slot \(slot + 1) of \(slots) at \(before), after the container changed "
        + "it rests at \(rest); that slot is at \(axis) = \(wanted)",
      defect: .losesPlaceAlongEdge, magnitude: .points(abs(actual - wanted)), rect: rest,
      region: Self.moved(rest, axis: axis, centredOn: wanted))
  }

  /// For an algorithm that keeps its place along the edge: resting at `before` in `then`, after
  /// the container became `final` it must rest at the same fraction of the way along each axis
  /// of the centres it may rest at without bars or keyboard, kept clear of those of `final`. An
  /// axis on which `before` was pressed against a bar or the keyboard (its fraction unknown),
  /// or on which the item does not fit, is not judged.
  static func placeAlongEdgeProblem(
    _ before: CGRect, in then: ItemEnvironment, rest: CGRect, in final: ItemEnvironment, margin: CGFloat
  ) -> Violation? {
    let size = before.size
    for axis in ["x", "y"] {
      // The centres it may rest at without bars or keyboard, and with them; nil where the item
      // does not fit.
      func ranges(_ environment: ItemEnvironment) -> (free: (low: CGFloat, high: CGFloat), box: (low: CGFloat, high: CGFloat))? {
        let extent = axis == "x" ? size.width : size.height
        func range(_ region: CGRect) -> (low: CGFloat, high: CGFloat) {
          axis == "x"
            ? restRange(extent: extent, regionLow: region.minX, regionHigh: region.maxX, margin: margin)
            : restRange(extent: extent, regionLow: region.minY, regionHigh: region.maxY, margin: margin)
        }
        let free = range(environment.unobstructed.safeRegion)
        let box = range(environment.safeRegion)
        guard free.high - free.low > 1, box.high >= box.low else { return nil }
        return (free, box)
      }
      guard let old = ranges(then), let new = ranges(final) else { continue }
      let was = axis == "x" ? before.midX : before.midY
      let now = axis == "x" ? rest.midX : rest.midY
      // Pressed against a bar or the keyboard: the fraction it stands for is not known.
      let pressedLow = abs(was - old.box.low) <= halfPoint && abs(old.box.low - old.free.low) > halfPoint
      let pressedHigh = abs(was - old.box.high) <= halfPoint && abs(old.box.high - old.free.high) > halfPoint
      if pressedLow || pressedHigh { continue }
      let fraction = min(max((was - old.free.low) / (old.free.high - old.free.low), 0), 1)
      let wanted = min(
        max(new.free.low + fraction * (new.free.high - new.free.low), new.box.low), new.box.high)
      if abs(now - wanted) <= halfPoint { continue }
      let percent = describeNumber((fraction * 1000).rounded() / 10)
      return Violation(
        "resting at \(before), \(percent)% of the way along \(axis), after the container "
          + "changed it rests at \(rest); the same place along the edge is "
          + "\(axis) = \(wanted)",
        defect: .losesPlaceAlongEdge, magnitude: .points(abs(now - wanted)), rect: rest,
        region: Self.moved(rest, axis: axis, centredOn: wanted))
    }
    return nil
  }
}

// MARK: - Registration

extension Invariant {
  /// `resize-safe`: after the container changes during or after the gesture, the item rests
  /// inside the new safe region on each axis it fits along and, for an algorithm that docks,
  /// docked in it. Changes after the last touch keep the side (left or right) it was docked on
  /// (when it fits with its margin in both containers) — for an algorithm whose docking rule
  /// `keepsPlaceAlongEdge` (fluid-dock) or has `slots` (the same slot), the same fraction of
  /// the way along each axis of the centres it may rest at without bars or keyboard (its edge
  /// and its place along it), within 0.5 pt, kept clear of the new bars and keyboard; an
  /// algorithm that does not dock moves it no further than the new safe region makes it (to a
  /// place it rested at since the last touch that moved it, clamped into the region on each
  /// axis it fits along, within 0.05 pt) — and when the container comes back to the state the
  /// item last rested in before them (a rotation there and back, a keyboard, bar or in-call bar
  /// shown and hidden, a safe area that grows and goes back), the item rests exactly where it
  /// rested then (within 0.05 pt; within 0.5 pt for an item that docks and never moved from
  /// where the app put it, which the algorithm may seat exactly on the edge or slot docked
  /// already counted it on).
  public static let resizeSafe: Invariant = Invariant(
    "resize-safe",
    definition: Definition(
      harmRank: 50,
      consequence: { size in
        "After a rotation or a window resize it rests in the wrong place\(size)." },
      abbreviation: "rs",
      defects: [.outsideSafeArea, .notDocked, .changesSide, .losesPlaceAlongEdge,
        .movedFurtherThanNeeded, .notBackAfterRoundTrip],
      judge: { run, _ in checkResizeSafe(run) }))
}

extension Defect {
  /// `changes-side`: changes side when the container changes. Its magnitude is not a distance
  /// from where the item should be.
  public static let changesSide: Defect = Defect(
    "changes-side",
    "changes side when the container changes",
    measuresPosition: false, harm: .rest)

  /// `loses-place-along-edge`: loses its place along the edge when the container changes.
  public static let losesPlaceAlongEdge: Defect = Defect(
    "loses-place-along-edge",
    "loses its place along the edge when the container changes", harm: .rest)

  /// `moved-further-than-needed`: moves further than the new container needs.
  public static let movedFurtherThanNeeded: Defect = Defect(
    "moved-further-than-needed",
    "moves further than the new container needs", harm: .rest)

  /// `not-back-after-round-trip`: is not back where it was after a round trip.
  public static let notBackAfterRoundTrip: Defect = Defect(
    "not-back-after-round-trip",
    "is not back where it was after a round trip", harm: .rest)
}
