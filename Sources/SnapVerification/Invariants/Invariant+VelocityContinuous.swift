import Foundation
import SnapAlgorithms

extension Invariant {
  /// velocity-continuous: with a spring, after a drag (a touch whose finger moved at least a
  /// pan's 10 pt; a tap or a catch holds the item, it does not throw it), the motion starts at
  /// the finger's velocity at release
  /// (UIKit's estimate, when faster than 100 pt/s), within 5% or 25 pt/s (on an axis the finger
  /// left faster than `fastestFinger`, ten times any real flick, anything from that speed up to
  /// the finger's, in its direction: a motion may cap what only a crafted gesture makes, to keep
  /// it from overflowing), on every axis the
  /// finger moved along at 25 pt/s or more and the motion travels along, unless the item lay
  /// against a bound that the velocity points into. For an algorithm with a rubber band, the item's own velocity: the finger's
  /// times the band's slope where the item was (not judged after a container change during the
  /// releasing touch, which moves the band under the finger).
  static func checkVelocityContinuous(_ run: Run) -> Judgement {
    let algorithm = run.algorithm
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    guard let release = trajectory.releaseVelocity, let handoff = trajectory.handoffVelocity,
      let center = trajectory.releaseCenter, let releaseTime = trajectory.releaseTime,
      Self.releaseIsLast(trajectory),
      (release.dx * release.dx + release.dy * release.dy).squareRoot() >= Self.minimumReleaseSpeed,
      // A container change after the release moves the item for reasons of its own.
      !run.resizes.contains(where: { $0.time >= releaseTime })
    else { return .notApplicable }
    let releaseEnvironment = run.environment(at: releaseTime)
    let rect = center.rect(ofSize: size)
    // Where the finger would have put the item at release: on an axis where a bound held
    // the item away from it, the item was not moving with the finger.
    let lastFinger = trajectory.releaseFinger
    // Measured from the touch that released it (a second drag is grabbed where the first left
    // the item), where it landed and the centre it grabbed.
    let releasing = trajectory.touches.last { $0.reachedItem && $0.began <= releaseTime }
    // A touch whose finger never moved a pan's 10 pt was a tap or a catch, not a throw: it
    // held the item rather than moving it, so there is no finger's velocity to hand over.
    if let releasing, releasing.movedTravel < PanGestureRecognizer.defaultHysteresis {
      return .notApplicable
    }
    let landedTime = releasing?.began ?? trajectory.frames.first?.time ?? releaseTime
    let landed = releasing.map(\.finger) ?? trajectory.touchDownFinger
    let grabbedCenter = releasing?.grabbedCenter ?? trajectory.touchDownCenter
    let grab = landed.flatMap { finger in
      grabbedCenter.map { center in
        let anchor = Self.grabAnchor(
          algorithm, center: center, size: size, environment: run.environment(at: landedTime))
        return CGVector(dx: finger.x - anchor.x, dy: finger.y - anchor.y)
      }
    }
    let wanted = lastFinger.flatMap { finger in
      grab.map { CGPoint(x: finger.x - $0.dx, y: finger.y - $0.dy) }
    }
    let container = releaseEnvironment.bounds
    let safe = releaseEnvironment.safeRegion
    // An item whose code put it under the finger but animated it there, so that it was shown
    // trailing behind by more than a pan's slop, hands over what it was showing.
    let trailing: CGVector? = {
      guard let shown = trajectory.releaseShownCenter, let velocity = trajectory.releaseShownVelocity,
        let wanted, hypot(wanted.x - center.x, wanted.y - center.y) <= tolerance,
        hypot(shown.x - center.x, shown.y - center.y) > PanGestureRecognizer.defaultHysteresis
      else { return nil }
      return velocity
    }()
    var judgement = Judgement.notApplicable
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
      guard abs(speed) >= Self.minimumAxisSpeed else { continue }
      // Except one the motion does not travel along (a side dock that keeps the height it was
      // released at): there is no motion to hand the speed to, and UIKit's spring takes one
      // velocity for the whole path, along the path.
      let rest = axis == "x" ? trajectory.rest.midX : trajectory.rest.midY
      guard abs(rest - actual) > Self.halfPoint else { continue }
      var itemSpeed = speed
      var eased = false
      if let shown = trailing {
        // An item an animation carried behind the finger while dragged hands over what it was
        // showing: its own speed, not the finger's (how far it trails is tracks-finger's).
        itemSpeed = axis == "x" ? shown.dx : shown.dy
        eased = true
        judgement.applicable = true
      } else if let coefficient = algorithm.rubberBand, let target {
        // A container change while this touch was down moved the band under the finger: the
        // grab it was measured from is the algorithm's to re-take (as tracks-finger leaves it),
        // so the slope the item had at release is not known from the touch-down.
        if let touch = trajectory.touches.last,
          run.containerChanges(from: touch.began, to: releaseTime)
        {
          continue
        }
        // Past the rest region a rubber band moves the item slower than the finger, by the
        // formula's slope there: that is the speed to hand over. Against the window it stops.
        let margin = algorithm.dockingMargin(for: size) ?? 0
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
      judgement.applicable = true
      // Written so that a NaN hand-off fails.
      let allowed = max(Self.velocityTolerance, Self.relativeVelocityTolerance * abs(itemSpeed))
      var matches = abs(handed - itemSpeed) <= allowed
      if !matches, abs(speed) > Self.fastestFinger {
        // No finger is this fast: a motion may cap it, but at no less than the fastest finger.
        let least = abs(itemSpeed) * Self.fastestFinger / abs(speed)
        matches = handed * itemSpeed > 0 && abs(handed) >= least - allowed
          && abs(handed) <= abs(itemSpeed) + allowed
      }
      if !matches {
        // A motion its author started at rest, by choice or by default, stops dead after a
        // flick: a hitch a user sees, polish — unless the item promises the flick's speed
        // (`ItemContract.handsOverVelocity`), or was handed some (then the wrong one).
        let promised =
          algorithm.contract.handsOverVelocity
          ?? (algorithm.projectsVelocity || abs(handed) > Self.minimumAxisSpeed)
        let moving: Prose =
          trailing != nil
          ? "trailing the finger, the item moved at \(itemSpeed.rounded()) pt/s along \(axis)"
          : eased
            ? "the item moved at \(itemSpeed.rounded()) pt/s along \(axis) (the finger's "
              + "\(speed.rounded()) eased by the rubber band)"
            : "the finger left at \(speed.rounded()) pt/s along \(axis)"
        let gap = abs(handed - itemSpeed)
        judgement.add(Violation(
          "\(moving); the motion starts at \(handed.rounded()) pt/s",
          defect: .velocityHitch,
          magnitude: Magnitude(Double(gap.isFinite ? gap : .greatestFiniteMagnitude), .pointsPerSecond),
          at: releaseTime, rect: rect, transient: !promised))
      }
    }
    return judgement
  }
}

// MARK: - Registration

extension Invariant {
  /// `velocity-continuous`: with a spring, after a drag (the releasing finger moved at least a
  /// pan's 10 pt; a tap or a catch holds the item rather than throwing it), the motion starts
  /// at the finger's velocity at release (UIKit's estimate, when faster than 100 pt/s), within
  /// 5% or 25 pt/s, on every axis the finger moved along at 25 pt/s or more and the motion
  /// travels along (a side dock that keeps the height it was released at owes no vertical
  /// speed: UIKit's spring takes one velocity, along its path) (faster than 100,000 pt/s, ten
  /// times any finger's, at least that in the finger's direction: a motion may cap a velocity
  /// only a crafted gesture makes) — unless the item lay against a bound that the velocity
  /// points into. For an algorithm with a rubber band, the item's own velocity: the finger's
  /// times the band's slope where the item was. Timing curves cannot be handed a velocity: not
  /// applicable.
  ///
  /// Applies only to a spring release motion.
  public static let velocityContinuous: Invariant = Invariant(
    "velocity-continuous",
    definition: Definition(
      harmRank: 110,
      consequence: { size in
        "The motion ignores the flick's speed: a visible hitch at the lift\(size)." },
      abbreviation: "vc",
      defects: [.velocityHitch],
      applies: {
        if case .spring? = $0.releaseMotion { return true }
        return false
      },
      judge: { run, _ in checkVelocityContinuous(run) }))
}

extension Defect {
  /// `velocity-hitch`: hitches when the finger hands it over. Its magnitude is not a distance
  /// from where the item should be.
  public static let velocityHitch: Defect = Defect(
    "velocity-hitch",
    "hitches when the finger hands it over",
    measuresPosition: false, harm: .motion)
}
