import Foundation
import SnapAlgorithms

extension Invariant {
  /// in-safe-area: the rest frame lies inside the final safe region (less bars and keyboard),
  /// on each axis the item fits along — and, for an algorithm that declares
  /// `confinesDragToSafeRegion`, so does every drag frame of an item picked up at rest, in the
  /// safe region of its moment (the keyboard aside: the finger may take the item over it).
  static func checkInSafeArea(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    // A designed overhang lets the item rest that far past the edges it docks against.
    let overhang = run.algorithm.designedOverhang(for: size)
    let region = run.environment.safeRegion.outset(by: overhang)
    let tolerance = Self.tolerance
    var judgement = Judgement.notApplicable
    // Where the algorithm put it when it loaded, if it moved it then: inside the safe region of
    // that moment.
    if let placed = trajectory.loadPlacement {
      let rect = placed.rect(ofSize: size)
      let region = run.initialEnvironment.safeRegion.outset(by: overhang)
      let checkX = size.width <= region.width
      let checkY = size.height <= region.height
      if checkX || checkY { judgement.applicable = true }
      if let outside = Self.hiddenAtRest(
        rect, algorithm: run.algorithm, environment: run.initialEnvironment, checkX: checkX,
        checkY: checkY),
        !outside.underHardware || outside.magnitude > Self.polishDistance
      {
        judgement.add(Violation(
          "placed at load at \(rect), "
            + (outside.underHardware
              ? "\(outside.magnitude) pt under the sensor housing or the display's corner"
              : "outside the safe region \(outside.region)"),
          defect: .outsideSafeArea, magnitude: .points(outside.magnitude),
          at: trajectory.frames.first?.time, rect: rect, region: outside.region))
      }
    }
    // A touch that catches the item in flight holds it where it is shown, which a spring's
    // overshoot may have carried under a bar: only drags of an item picked up at rest.
    if run.algorithm.confinesDragToSafeRegion {
      for touch in trajectory.touches where touch.reachedItem && !touch.itemWasMoving {
        // Found resting outside the region already: where it was found is the rest's place,
        // which the rest is judged by (a change under the finger that leaves it outside is the
        // drag's).
        let found = touch.shownFrame
        let then = run.regions(at: touch.began).safeRegion
        let foundOutside = !then.contains(
          found, tolerance: tolerance, checkX: size.width <= then.width,
          checkY: size.height <= then.height)
        for frame in run.dragFrames(of: touch) {
          if foundOutside, frame.rect.distance(to: found) <= tolerance { continue }
          var now = run.regions(at: frame.time).safeRegion
          var checkX = size.width <= now.width
          var checkY = size.height <= now.height
          guard !now.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY)
          else { continue }
          // The keyboard counts at rest, not under a dragging finger: a finger that takes the
          // item over the keyboard put it there (a picture-in-picture window kept to the window's
          // safe area while dragged, lifted clear of the keyboard when let go).
          var environment = run.environment(at: frame.time)
          if environment.keyboardFrame != nil {
            environment.keyboardFrame = nil
            now = environment.safeRegion
            checkX = size.width <= now.width
            checkY = size.height <= now.height
            if now.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY) {
              continue
            }
          }
          let magnitude = Magnitude.points(now.overhang(of: frame.rect, checkX: checkX, checkY: checkY))
          // As the container changes, and after it until the next touch event tells the code
          // where the still finger is, the finger holds it where the change left it.
          let transient = run.duringContainerChange(frame.time)
            || run.untouchedSinceContainerChange(at: frame.time, during: touch)
          judgement.offer(.outsideSafeAreaWhileDragged, magnitude, transient: transient) {
            Violation(
              "while dragged, at t = \(frame.time) it is at "
                + "\(frame.rect), outside the safe region \(now) it keeps to",
              defect: .outsideSafeAreaWhileDragged, magnitude: magnitude, at: frame.time,
              rect: frame.rect, region: now, transient: transient)
          }
        }
      }
    }
    let checkX = size.width <= region.width
    let checkY = size.height <= region.height
    // In a landscape phone's side insets only the sensor housing and the rounded corners hide
    // it: a point or two under them is polish, like any other point or two.
    if let outside = Self.hiddenAtRest(
      trajectory.rest, algorithm: run.algorithm, environment: run.environment, checkX: checkX,
      checkY: checkY),
      !outside.underHardware || outside.magnitude > Self.polishDistance
    {
      judgement.add(Violation(
        "rests at \(trajectory.rest), "
          + (outside.underHardware
            ? "\(outside.magnitude) pt under the sensor housing or the display's corner"
            : "outside the safe region \(outside.region)"),
        defect: .outsideSafeArea, magnitude: .points(outside.magnitude),
        rect: trajectory.rest, region: outside.region))
      return judgement
    }
    if checkX || checkY { judgement.applicable = true }
    // Along an axis it does not fit, an item the algorithm placed is centred on the region, as
    // far as the container allows: no edge of the region is favoured.
    let bounds = run.environment.bounds
    let rest = trajectory.rest
    guard Self.movedWhileDragging(trajectory) || !run.resizes.isEmpty else { return judgement }
    for (axis, fits, center, middle, extent, low, high) in [
      ("x", checkX, rest.midX, region.midX, size.width, bounds.minX, bounds.maxX),
      ("y", checkY, rest.midY, region.midY, size.height, bounds.minY, bounds.maxY),
    ] where !fits {
      judgement.applicable = true
      let wanted =
        extent <= high - low ? min(max(middle, low + extent / 2), high - extent / 2) : (low + high) / 2
      if abs(center - wanted) > Self.halfPoint {
        judgement.add(Violation(
          "an item \(extent) pt long on \(axis), larger than the safe region "
            + "\(region), rests with its centre at \(axis) = \(center), "
            + "not centred (\(axis) = \(wanted))",
          defect: .notCentred, magnitude: .points(abs(center - wanted)),
          rect: rest, region: Self.moved(rest, axis: axis, centredOn: wanted)))
      }
    }
    return judgement
  }
}

// MARK: - Registration

extension Invariant {
  /// `in-safe-area`: the rest frame lies inside the safe region (less bars and keyboard), on
  /// each axis the item fits along; on an axis it does not fit, a rest the algorithm chose
  /// (after a release or a container change) is centred on the region, as far as the container
  /// allows (within 0.5 pt). For an algorithm that declares `confinesDragToSafeRegion`, every
  /// drag frame of an item picked up at rest lies inside the safe region of its moment too (one
  /// caught in flight is held where it is shown, which may be in a spring's overshoot).
  public static let inSafeArea: Invariant = Invariant(
    "in-safe-area",
    definition: Definition(
      harmRank: 30,
      consequence: { size in
        "The button can come to rest under a bar, the keyboard or the home "
        + "indicator\(size)." },
      abbreviation: "isa",
      defects: [.outsideSafeArea, .outsideSafeAreaWhileDragged, .notCentred],
      judge: { run, _ in checkInSafeArea(run) }))
}

extension Defect {
  /// `outside-safe-area`: rests under a bar, the keyboard or an inset.
  public static let outsideSafeArea: Defect = Defect(
    "outside-safe-area",
    "rests under a bar, the keyboard or an inset", harm: .rest)

  /// `outside-safe-area-while-dragged`: leaves the safe area while dragged.
  public static let outsideSafeAreaWhileDragged: Defect = Defect(
    "outside-safe-area-while-dragged",
    "leaves the safe area while dragged", harm: .drag)

  /// `not-centred`: an item too large for the safe area is not centred. Polish whatever its size
  /// (no place is right for an item larger than the room for it; on-screen judges whether it can be
  /// seen).
  public static let notCentred: Defect = Defect(
    "not-centred",
    "an item too large for the safe area is not centred",
    alwaysPolish: true, harm: .rest)
}
