import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.pip-overlay-window`: an in-app picture-in-picture view in a window of its own,
/// docking to the nearest corner, in the shape of PIPKit, FloatingShowable and FluidInterfaceKit's
/// PiP (research, shapes C, F and G).
///
/// Wiring: the PiP is the root view of a `UIWindow` at `.alert` level (`host`
/// `.overlayWindow`: no bars, the window's safe area, under the keyboard's window). A pan moves
/// it by its absolute translation from where the drag began (`center = start + translation`),
/// kept inside the window's safe area. When the finger lifts (or the drag is cancelled) the
/// release point is projected along the finger's velocity with a scroll view's 0.99 deceleration
/// (Apple's "Designing Fluid Interfaces" sample) and the PiP settles into a corner, 16 pt inside
/// the safe area and above the keyboard, on a `UIViewPropertyAnimator` spring (damping 0.85,
/// 0.5 s) handed the finger's velocity divided by the distance on each axis (the documented
/// normalisation). It starts at the bottom-right corner. The keyboard is followed through its
/// notifications (`context.containerChange?.keyboard`): when a keyboard shows over the PiP, the
/// PiP rises above it along with it and remembers where it was; when the keyboard hides, it goes
/// back there. A rotation or window resize puts it back in its corner.
///
/// Judged defects:
/// - When the keyboard hides, the PiP goes back to the point it had before the keyboard pushed
///   it up, a point never forgotten: drag the PiP to another corner while the keyboard is up (or
///   rotate), and it flies back to that stale point — the other side of the screen, or a
///   portrait point in a landscape window; and a PiP docked (or placed at load) while the
///   keyboard was up, with no point to go back to, stays up where the keyboard's top was. Real:
///   the research lists "restoring to a stale pre-keyboard point after the user dragged" among
///   the keyboard bugs real libraries ship (XFAssistiveTouch, CBAssistiveTouch keep exactly such
///   a point, and move back only what they moved).
/// - The left or right corner is chosen from the projected frame's left edge against the middle
///   (`bounds.width / 2 > frame.minX`, FluidInterfaceKit's rule), not its centre: a PiP released
///   with its centre right of the middle but its left edge left of it goes to a left corner.
///   Real: a bias of half the PiP's width, the research's "corner chosen from the left edge
///   instead of the centre".
/// - UIKit hit-tests the model frame: while the PiP settles (half a second), a finger that lands
///   on it where it is shown misses it, and one that lands where it is going grabs it there.
///   Real at this length: the research's fact sheet on hit-testing animated views, and none of
///   the libraries stops the spring where it is shown.
/// - Found by SnapLab, confirmed by hand: a fast flick overshoots the corner past the screen's
///   edge (on-screen, in motion, by up to some 60 pt), since the spring (damping 0.85) is handed
///   the flick's velocity and has only the 16 pt margin to stop in. Real by the research's
///   rule: a spring overshoot is cosmetic only while it stays within the container.
/// - Found by SnapLab: with no room for the PiP and its margins (a window with no width yet, a
///   small Stage Manager window under the keyboard), `insetBy(dx:dy:)` gives `CGRectNull`, whose
///   origin is infinite, and the centre becomes infinite or not a number: the "CALayer position
///   contains NaN" crash.
public struct PictureInPictureWindow: SnapAlgorithm {
  public let id = "corpus.pip-overlay-window"
  public let inputAPI = InputAPI.panGestureRecognizer
  public var host: ItemHost { .overlayWindow }
  public var releaseMotion: Motion? = .uikitSpring(
    dampingRatio: PictureInPictureWindow.dampingRatio, duration: PictureInPictureWindow.duration)
  public var dockingMargin: CGFloat? { margin }
  public var dockingRule: DockingRule {
    DockingRule(
      placement: .nearestCorner, decelerationRate: decelerationRate, marginOnAllSides: true)
  }
  public var projectsVelocity: Bool { true }

  static let dampingRatio = 0.85
  static let duration = 0.5
  let margin: CGFloat = 16
  let decelerationRate: CGFloat = 0.99
  /// The corner it rests in.
  var corner = (right: true, bottom: true)
  /// The keyboard's frame, from its notifications; `nil` while it is hidden.
  var keyboardFrame: CGRect?
  /// Where the PiP was before a keyboard pushed it up.
  var beforeKeyboard: CGPoint?
  var dragStart = CGPoint.zero
  var isDragging = false

  public init() {}

  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
    // The app's keyboard observer runs from launch.
    keyboardFrame = context.keyboardFrame
    view.center = cornerCenter(size: view.size, in: restRegion(context))
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    switch recognizer.state {
    case .began, .changed:
      if recognizer.state == .began {
        isDragging = true
        dragStart = view.center
      }
      let translation = recognizer.translation(in: context.superview)
      let bounds = context.superview.bounds.inset(by: context.superview.safeAreaInsets)
      view.center = CGPoint(
        x: clamp(dragStart.x + translation.x, view.size.width, bounds.minX, bounds.maxX),
        y: clamp(dragStart.y + translation.y, view.size.height, bounds.minY, bounds.maxY))
    case .ended, .cancelled:
      isDragging = false
      let velocity = recognizer.velocity(in: context.superview)
      let region = restRegion(context)
      let projected = CGPoint(
        x: view.center.x + project(velocity.x), y: view.center.y + project(velocity.y))
      // FluidInterfaceKit's test: the frame's left edge against the middle.
      corner = (
        right: projected.x - view.size.width / 2 >= region.midX, bottom: projected.y > region.midY
      )
      let target = cornerCenter(size: view.size, in: region)
      // UISpringTimingParameters takes the velocity divided by the distance, per axis.
      func normalised(_ speed: CGFloat, _ distance: CGFloat) -> CGFloat {
        let value = speed / distance
        return value.isFinite ? value : 0
      }
      let initial = CGVector(
        dx: normalised(velocity.x, target.x - view.center.x),
        dy: normalised(velocity.y, target.y - view.center.y))
      view.animate(
        withDuration: Self.duration,
        timingParameters: ItemView.SpringTimingParameters(
          dampingRatio: CGFloat(Self.dampingRatio), initialVelocity: initial),
        options: [.allowUserInteraction]
      ) { $0.center = target }
    default:
      break
    }
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    let change = context.containerChange
    let keyboard = change?.keyboard
    if let keyboard { keyboardFrame = keyboard.name == .willHide ? nil : keyboard.endFrame }
    guard !isDragging else { return }
    if change?.newSize != nil || change?.rotated == true || change?.safeAreaChanged == true {
      view.removeAllAnimations()
      view.center = cornerCenter(size: view.size, in: restRegion(context))
      return
    }
    guard let keyboard else { return }
    let curve = ItemView.AnimationOptions(rawValue: UInt(keyboard.curve) << 16)
    switch keyboard.name {
    case .willShow, .willChangeFrame:
      guard view.frame.intersects(keyboard.endFrame) else { return }
      if beforeKeyboard == nil { beforeKeyboard = view.center }
      let target = cornerCenter(size: view.size, in: restRegion(context))
      view.animate(withDuration: keyboard.duration, delay: 0, options: curve) {
        $0.center = target
      }
    case .willHide:
      guard let back = beforeKeyboard else { return }
      beforeKeyboard = nil
      view.animate(withDuration: keyboard.duration, delay: 0, options: curve) {
        $0.center = back
      }
    }
  }

  /// How far a scroll view decelerating at `decelerationRate` carries a flick of `speed`.
  private func project(_ speed: CGFloat) -> CGFloat {
    guard speed.isFinite else { return 0 }
    return speed / 1000 * decelerationRate / (1 - decelerationRate)
  }

  /// Where the PiP may rest: the window's safe area, above the keyboard.
  private func restRegion(_ context: UIKitContext) -> CGRect {
    var region = context.superview.bounds.inset(by: context.superview.safeAreaInsets)
    if let keyboard = keyboardFrame, keyboard.minY < region.maxY {
      region.size.height = max(keyboard.minY - region.minY, 0)
    }
    return region
  }

  /// The centre of the PiP in `corner`, `margin` inside `region`.
  private func cornerCenter(size: CGSize, in region: CGRect) -> CGPoint {
    let inner = region.insetBy(dx: margin, dy: margin)
    return CGPoint(
      x: clamp(corner.right ? inner.maxX : inner.minX, size.width, inner.minX, inner.maxX),
      y: clamp(corner.bottom ? inner.maxY : inner.minY, size.height, inner.minY, inner.maxY))
  }

  /// `value` kept so that an extent centred on it stays within `low…high` (the low end wins
  /// when it does not fit).
  private func clamp(_ value: CGFloat, _ extent: CGFloat, _ low: CGFloat, _ high: CGFloat)
    -> CGFloat
  {
    max(min(value, high - extent / 2), low + extent / 2)
  }
}

extension Corpus.Entry {
  /// The picture-in-picture window, a 160×90 video on phones and iPads held either way.
  public static let pictureInPictureWindow = Corpus.Entry(
    PictureInPictureWindow(), shape: .pictureInPictureWindow,
    scope: Scope(itemSizes: .exactly(CGSize(width: 160, height: 90))),
    defects: [
      Corpus.JudgedDefect(
        "the keyboard's hiding sends it to the point it had before the keyboard pushed it up, "
          + "never forgotten: moved to another corner (or rotated) meanwhile, it flies back "
          + "there; docked while the keyboard was up, it stays above where the keyboard was",
        invariants: [.resizeSafe, .docked, .inSafeArea, .onScreen],
        defects: [.changesSide, .notDocked, .outsideSafeArea, .offScreenAtRest],
        causeClasses: [.keyboard], witness: .keyboardHid && !.noRoom),
      Corpus.JudgedDefect(
        "the left or right corner is chosen from the projected frame's left edge, not its "
          + "centre: released just right of the middle, it goes left",
        invariants: [.nearestEdge], defects: [.wrongSide], causeClasses: [.plain]),
      Corpus.JudgedDefect(
        "hit-tested at its model frame while the 0.5 s spring settles: a finger on the PiP "
          + "where it is shown misses it, one where it is going grabs it there",
        invariants: [.catchable, .tracksFinger],
        defects: [.touchIgnored, .grabbedBesideIt, .jumpsWhenCaught, .lagsTheFinger],
        causeClasses: [.catchInFlight], witness: .caughtInFlight),
      Corpus.JudgedDefect(
        "a fast flick overshoots the corner past the screen's edge: the spring (damping 0.85) is "
          + "handed the flick's velocity and has only the 16 pt margin to stop in (found by "
          + "SnapLab; the research counts an overshoot off screen as real)",
        invariants: [.onScreen], defects: [.offScreenInMotion, .offScreenWhileDragged],
        causeClasses: [.plain], witness: !.noRoom, foundBySnapLab: true),
      Corpus.JudgedDefect(
        "with no room for the video and its margins (a window that has no width yet, a small "
          + "Stage Manager window under the keyboard), `CGRect.insetBy` gives `CGRectNull` and "
          + "the PiP's centre becomes infinite or not a number: Core Animation raises on such a "
          + "position (\"CALayer position contains NaN\"), a crash (found by SnapLab)",
        invariants: [.finite], defects: [.nonFiniteFrame], causeClasses: [.hostile, .combined],
        witness: .noRoom, foundBySnapLab: true),
    ],
    falseAlarms: [
      .noRoom, .changeUnderRestingFinger, .changeWhileDragging, .edgeDragShortBySlop,
      Corpus.FalseAlarm(
        "tracks-finger and catchable let a bound stop a dragged item only at the window's edge "
          + "or the safe region of the moment, which includes the keyboard: a PiP dragged over "
          + "the keyboard and kept inside the window's safe area (PIPKit keeps it so) stops at "
          + "the home indicator's inset, and is flagged for lagging the finger there",
        invariants: [.tracksFinger, .catchable], defects: [.lagsTheFinger],
        causeClasses: [.keyboard], witness: .draggedOverKeyboard),
    ])
}
