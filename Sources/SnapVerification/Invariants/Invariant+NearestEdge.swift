import Foundation
import SnapAlgorithms

extension Invariant {
  /// nearest-edge: after a drag that moved the item and ended with no container change since
  /// that touch landed (and no later touch caught it), it rests
  /// on the side (edge, corner) its rule chooses from the release point or its projection, and
  /// where along the edge the projection says.
  static func checkNearestEdge(_ run: Run) -> Judgement {
    let algorithm = run.algorithm
    let scenario = run.scenario
    let trajectory = run.trajectory
    // The sides of the region it docks against (the safe area's by default).
    let environment = algorithm.docking(run.environment)
    let region = environment.safeRegion
    let size = run.scenario.itemSize
    guard Self.containerSteadyThroughRelease(run),
      scenario.gesture.events.last?.phase == .ended, Self.movedWhileDragging(trajectory),
      let margin = algorithm.dockingMargin(for: size),
      Self.fitsDocked(size, in: region, margin: margin, rule: algorithm.dockingRule),
      let releaseCenter = trajectory.releaseCenter, Self.releaseIsLast(trajectory),
      !Self.tapMovedItLast(run)
    else { return .notApplicable }
    let rule = algorithm.dockingRule
    // Magnetic ends: released with its frame within a band of the top or bottom, it docks
    // against that end (`DockingRule.topBand`, `bottomBand`), anywhere along it; released
    // clear of them, on a side as below.
    if rule.placement == .nearerSide, rule.hasMagneticEnds {
      // The point that chooses is the one that chooses the side (`ItemContract.sideChoice`).
      let points = Self.choosingPoints(
        algorithm, centre: releaseCenter, finger: trajectory.releaseFinger)
      let released = points.map { $0.rect(ofSize: size) }
      guard released.allSatisfy({ rule.distanceToBandEdge(of: $0, in: region) > Self.halfPoint }) else {
        return .notApplicable
      }
      let ends = released.map { rule.magneticEnd(of: $0, in: region) }
      let touching = Self.edges(of: trajectory.rest, in: region, margin: margin, rule: rule)
      let atSide = !touching.intersection([.left, .right]).isEmpty
      let atTop = rule.topBand > 0 && touching.contains(.top)
      let atBottom = rule.bottomBand > 0 && touching.contains(.bottom)
      if (atTop && ends.contains(.top)) || (atBottom && ends.contains(.bottom)) { return .holds }
      if let end = ends.compactMap({ $0 }).first, !ends.contains(nil) {
        // Every point that may choose says an end: a side, or the other end, is the wrong place.
        let wanted: Edge = end == .top ? .top : .bottom
        let band = end == .top ? rule.topBand : rule.bottomBand
        let endY = end == .top
          ? region.minY + rule.endMargin(margin) + size.height / 2
          : region.maxY - rule.endMargin(margin) - size.height / 2
        return Judgement(Violation(
          "released at y = \(points[0].y), within \(band) pt of the \(wanted.rawValue), it "
            + "should rest against the \(wanted.rawValue); it rests at \(trajectory.rest)",
          defect: .wrongSide, magnitude: .points(abs(trajectory.rest.midY - endY)),
          rect: trajectory.rest, region: region))
      }
      if (atTop || atBottom), !atSide {
        return Judgement(Violation(
          "released at y = \(points[0].y), clear of its bands at the ends, it should rest "
            + "on a side; it rests against an end at \(trajectory.rest)",
          defect: .wrongSide,
          magnitude: .points(
            min(abs(trajectory.rest.minX - region.minX - margin), abs(region.maxX - margin - trajectory.rest.maxX))),
          rect: trajectory.rest, region: region))
      }
    }
    if rule.placement != .nearerSide {
      return nearestEdgeByRule(
        trajectory, environment: environment, size: size, region: region, margin: margin,
        rule: rule)
    }
    // The points the side may be chosen from (`ItemContract.sideChoice`): the item's centre
    // when the finger lifts, or the finger itself, or their projections.
    let velocity = trajectory.releaseVelocity ?? .zero
    let centre = Self.projected(releaseCenter, velocity: velocity, rate: rule.decelerationRate)
    let finger = trajectory.releaseFinger.map {
      Self.projected($0, velocity: velocity, rate: rule.decelerationRate)
    }
    let choices = Self.choosingPoints(algorithm, centre: centre, finger: finger)
    let restOffset = trajectory.rest.midX - region.midX
    // Within half a point of the middle, a side is not meaningful (nor for an item as wide
    // as the region, whose left and right positions coincide): a point that may choose the side
    // and lies there leaves either side right.
    let offsets = choices.map { $0.x - region.midX }
    guard let first = offsets.first, offsets.allSatisfy({ abs($0) > Self.halfPoint }),
      abs(restOffset) > Self.halfPoint
    else { return .notApplicable }
    let restedRight = restOffset > 0
    if let chosen = offsets.firstIndex(where: { ($0 > 0) == restedRight }) {
      let release = choices[chosen]
      guard rule.decelerationRate != nil,
        let problem = Self.alongEdgeProblem(
          trajectory.rest, dockedOn: restedRight ? .right : .left, projected: release,
          environment: environment, margin: margin, rule: rule)
      else { return .holds }
      return Judgement(Violation(
        problem.words, defect: .wrongPlaceAlongEdge, magnitude: .points(problem.distance),
        rect: trajectory.rest, region: region))
    }
    let offset = offsets.min { abs($0) < abs($1) } ?? first
    let what =
      (rule.decelerationRate == nil ? "released" : "projected")
      + (offsets.count > 1 ? " with its centre and the finger"
        : algorithm.contract.sideChoice == .finger && finger != nil
          ? " with the finger" : " with its centre")
    let at: Prose = offsets.count > 1
      ? "x = \(offsets[0] + region.midX) and \(offsets[1] + region.midX)"
      : "x = \(offsets[0] + region.midX)"
    return Judgement(Violation(
      "\(what) at \(at), \(offset > 0 ? "right" : "left") of the middle (\(region.midX)), it "
        + "rests on the \(restedRight ? "right" : "left")",
      defect: .wrongSide, magnitude: .points(abs(offset)), rect: trajectory.rest, region: region))
  }

  /// nearest-edge for rules other than the nearer side: the edge or corner the (projected)
  /// release point is nearest, the side a flick points to, or the one fixed side.
  private static func nearestEdgeByRule(
    _ trajectory: Trajectory, environment: ItemEnvironment, size: CGSize, region: CGRect,
    margin: CGFloat, rule: DockingRule
  ) -> Judgement {
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
    func expect(_ wanted: Edges, _ reason: Prose) -> Judgement {
      if wanted.isSubset(of: touching) {
        // Along the edge, where the projected point says (corners have no along).
        guard rule.decelerationRate != nil, wanted.count == 1, let edge = wanted.members.first,
          let problem = Self.alongEdgeProblem(
            rest, dockedOn: edge, projected: point, environment: environment, margin: margin,
            rule: rule)
        else { return .holds }
        return Judgement(Violation(
          problem.words, defect: .wrongPlaceAlongEdge, magnitude: .points(problem.distance),
          rect: rest, region: region))
      }
      let names = wanted.members.map(\.rawValue).sorted().joined(separator: " and ")
      let actual = touching.isEmpty ? "no edge" : touching.members.map(\.rawValue).sorted().joined(separator: " and ")
      // How far the rest is from the nearest place against the wanted edges.
      let distance = wanted.members.map { edge -> CGFloat in
        switch edge {
        case .left: return abs(rest.midX - low.x)
        case .right: return abs(rest.midX - high.x)
        case .top: return abs(rest.midY - low.y)
        case .bottom: return abs(rest.midY - high.y)
        }
      }.max() ?? 0
      return Judgement(Violation(
        "\(reason), so it should rest against the \(names); it rests against \(actual)",
        defect: .wrongSide, magnitude: .points(distance), rect: rest, region: region))
    }
    let at: Prose = "(\(point.x), \(point.y))"
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
          "flicked at \(speed.rounded()) pt/s along x (a throw from \(minimumSpeed))")
      }
      guard abs(speed) <= minimumSpeed - 1, abs(releaseCenter.x - middle.x) > Self.halfPoint else {
        return .notApplicable
      }
      return expect(
        [releaseCenter.x > middle.x ? .right : .left],
        "released at x = \(releaseCenter.x) without a throw")
    case .nearestCorner:
      guard abs(point.x - middle.x) > Self.halfPoint, abs(point.y - middle.y) > Self.halfPoint else {
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
      guard distances[1].1 - distances[0].1 > Self.halfPoint else { return .notApplicable }
      return expect(Edges(distances[0].0), "the projected point \(at) is nearest the \(distances[0].0.rawValue)")
    }
  }
}

// MARK: - Registration

extension Invariant {
  /// `nearest-edge`: after such a drag, the item rests on the side of the safe region's middle
  /// where its centre was when the touch stopped reaching the code (not checked when either
  /// lies within 0.5 pt of the middle, when the container changed after that touch landed, or
  /// when a later touch caught the item).
  ///
  /// Applies only to an algorithm that docks (`dockingMargin`).
  public static let nearestEdge: Invariant = Invariant(
    "nearest-edge",
    definition: Definition(
      harmRank: 100,
      consequence: { size in "It can dock on the far side from where it was thrown\(size)." },
      abbreviation: "ne",
      defects: [.wrongSide, .wrongPlaceAlongEdge],
      applies: { $0.dockingMargin != nil },
      judge: { run, _ in checkNearestEdge(run) }))
}

extension Defect {
  /// `wrong-side`: docks on the wrong side.
  public static let wrongSide: Defect = Defect("wrong-side", "docks on the wrong side", harm: .side)

  /// `wrong-place-along-edge`: docks at the wrong place along its edge.
  public static let wrongPlaceAlongEdge: Defect = Defect(
    "wrong-place-along-edge",
    "docks at the wrong place along its edge", harm: .side)
}
