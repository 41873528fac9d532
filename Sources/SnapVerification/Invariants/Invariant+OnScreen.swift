import Foundation
import SnapAlgorithms

extension Invariant {
  /// on-screen: every frame lies inside the container in force at its time, on each axis the
  /// item fits along.
  ///
  /// The worst frame of each kind is reported: at rest (a hazard past a point or two), in motion
  /// (a hazard when it goes further off than it was when the motion began: a bounce past the
  /// edge) and while dragged (polish: the finger put it there); a frame off screen while the
  /// container changes (during the change's own animation) is polish, unless the item goes
  /// further off than the change's first frame left it.
  static func checkOnScreen(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    // A designed overhang lets the item lie that far past the edges it docks against, and a
    // declared bounce that much further while the release motion carries it.
    let overhang = run.algorithm.designedOverhang(for: size)
    let bounce = run.algorithm.designedOverhang(for: size, inMotion: true)
    // A bounce declared as a share of the travel (`ItemContract.releaseOvershootShare`): each
    // release motion may go that share of the distance from where it starts to where it ends
    // further past the edges.
    let share = max(run.algorithm.contract.releaseOvershootShare, 0)
    let frames = trajectory.frames
    var travel = [CGFloat](repeating: 0, count: share > 0 ? frames.count : 0)
    if share > 0 {
      var index = 0
      while index < frames.count {
        guard frames[index].phase == .motion else { index += 1; continue }
        var end = index
        while end + 1 < frames.count, frames[end + 1].phase == .motion { end += 1 }
        let from = index > 0 ? frames[index - 1].rect : frames[index].rect
        let to = end + 1 < frames.count ? frames[end + 1].rect : trajectory.rest
        let distance = hypot(to.midX - from.midX, to.midY - from.midY)
        for inMotion in index...end { travel[inMotion] = distance.isFinite ? distance : 0 }
        index = end + 1
      }
    }
    var judgement = Judgement.notApplicable
    // How far off screen the item was when its motion began: a motion that brings an item back
    // from where the finger left it is not a bounce past the edge.
    var motionStart: CGFloat = 0
    var previous: (phase: FramePhase, overhang: CGFloat)?
    /// The container change animating at the last frame, and how far off screen the item was in
    /// its first frame: what the change itself put off screen.
    var change: (time: Double, overhang: CGFloat)?
    for (index, frame) in frames.enumerated() {
      var container = run.regions(at: frame.time).bounds
        .outset(by: frame.phase == .motion ? bounce : overhang)
      if share > 0, frame.phase == .motion {
        let thrown = share * travel[index]
        container = container.insetBy(dx: -thrown, dy: -thrown)
      }
      let checkX = size.width <= container.width
      let checkY = size.height <= container.height
      guard checkX || checkY else { continue }
      judgement.applicable = true
      let overhang = container.overhang(of: frame.rect, checkX: checkX, checkY: checkY)
      defer { previous = (frame.phase, overhang.isFinite ? overhang : 0) }
      // The first frame of a motion shows where the finger let go of it (the lift may come
      // between two frames): that is where the motion begins.
      if frame.phase == .motion, previous?.phase != .motion {
        motionStart = max(previous?.overhang ?? 0, overhang.isFinite ? overhang : 0)
      }
      let changeTime = run.containerChange(animatingAt: frame.time)
      if let time = changeTime, change?.time != time {
        change = (time, overhang.isFinite ? overhang : 0)
      }
      guard !container.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY)
      else { continue }
      let defect: Defect
      switch frame.phase {
      case .rest: defect = .offScreenAtRest
      case .motion: defect = .offScreenInMotion
      case .drag: defect = .offScreenWhileDragged
      }
      let magnitude = Magnitude.points(overhang)
      // As the container changes, or on its way back on screen, a frame off screen is transient
      // — while the change animates, as long as the item goes no further off than the change
      // left it: one that carries on away from the window (an animation to where the old
      // container's edge was, left in flight) is not the change's doing.
      let changing = changeTime != nil
        && (frame.phase == .drag || overhang <= (change?.overhang ?? 0) + Self.polishDistance)
      // A bounce past the edge that hides no more than `bounceShare` of the item reads as a
      // bounce: the button is whole at a glance, and back a moment later.
      let bounce = max(Self.polishDistance, Self.bounceShare * min(size.width, size.height))
      let transient =
        frame.phase != .rest
        && (changing || (frame.phase == .motion && overhang <= motionStart + bounce))
      judgement.offer(defect, magnitude, transient: transient) {
        Violation(
          "\(frame.phase.rawValue) frame at t = \(frame.time) is "
            + "\(frame.rect), outside the container \(container)",
          defect: defect, magnitude: magnitude, at: frame.time, rect: frame.rect,
          region: container, transient: transient)
      }
    }
    return judgement
  }
}

// MARK: - Registration

extension Invariant {
  /// How much of the item, across the edge it bounces past, a release motion may carry past the
  /// screen's edge for a careful engineer to call it polish: a fifth (a standard spring's 5 to
  /// 19 pt overshoot on a 160 pt view, 7 to 9 pt on a 50 pt ball; 12 pt of a 60 pt button): the
  /// button is four fifths in sight through the bounce. More is a button visibly thrown off the
  /// screen, a hazard (a 40 pt ball a third or more past the edge), as is any bounce that is not
  /// back by the time the item rests.
  public static let bounceShare: CGFloat = 1.0 / 5

  /// `on-screen`: every frame lies inside the container, on each axis the item fits along —
  /// less the overhang the item declares (`ItemContract.overhang`) past the edges it docks
  /// against, and in a release motion its declared bounce (`ItemContract.releaseOvershoot`).
  public static let onScreen: Invariant = Invariant(
    "on-screen",
    definition: Definition(
      harmRank: 20,
      consequence: { size in "The button can leave the screen\(size)." },
      abbreviation: "os",
      defects: [.offScreenAtRest, .offScreenInMotion, .offScreenWhileDragged],
      judge: { run, _ in checkOnScreen(run) }))
}

extension Defect {
  /// `off-screen-at-rest`: rests off screen.
  public static let offScreenAtRest: Defect = Defect("off-screen-at-rest", "rests off screen", harm: .rest)

  /// `off-screen-in-motion`: goes off screen as it moves.
  public static let offScreenInMotion: Defect = Defect(
    "off-screen-in-motion",
    "goes off screen as it moves", harm: .motion)

  /// `off-screen-while-dragged`: follows the finger off screen while dragged. Polish whatever its
  /// size (the finger put it there; where it comes to rest is judged at rest).
  public static let offScreenWhileDragged: Defect = Defect(
    "off-screen-while-dragged",
    "follows the finger off screen while dragged",
    alwaysPolish: true, harm: .drag)
}
