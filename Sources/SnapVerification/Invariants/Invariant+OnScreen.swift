import Foundation
import SnapAlgorithms

extension Invariant {
  /// on-screen: every frame lies inside the container in force at its time, on each axis the
  /// item fits along.
  ///
  /// The worst frame of each kind is reported: at rest (a hazard past a point or two), in motion
  /// (a hazard when it goes further off than it was when the motion began: a bounce past the
  /// edge) and while dragged (polish: the finger put it there); a frame off screen while the
  /// container changes (during the change's own animation) is polish.
  static func checkOnScreen(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let size = run.scenario.itemSize
    let tolerance = Self.tolerance
    var judgement = Judgement.notApplicable
    // How far off screen the item was when its motion began: a motion that brings an item back
    // from where the finger left it is not a bounce past the edge.
    var motionStart: CGFloat = 0
    var previous: (phase: FramePhase, overhang: CGFloat)?
    for frame in trajectory.frames {
      let container = run.regions(at: frame.time).bounds
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
      guard !container.contains(frame.rect, tolerance: tolerance, checkX: checkX, checkY: checkY)
      else { continue }
      let defect: Defect
      switch frame.phase {
      case .rest: defect = .offScreenAtRest
      case .motion: defect = .offScreenInMotion
      case .drag: defect = .offScreenWhileDragged
      }
      let magnitude = Magnitude.points(overhang)
      // As the container changes, or on its way back on screen, a frame off screen is transient.
      let transient =
        frame.phase != .rest
        && (run.duringContainerChange(frame.time)
          || (frame.phase == .motion && overhang <= motionStart + Self.polishDistance))
      judgement.offer(defect, magnitude, transient: transient) {
        Violation(
          "\(frame.phase.rawValue) frame at t = \(describeNumber(frame.time)) is "
            + "\(describe(frame.rect)), outside the container \(describe(container))",
          defect: defect, magnitude: magnitude, at: frame.time, rect: frame.rect,
          region: container, transient: transient)
      }
    }
    return judgement
  }
}
