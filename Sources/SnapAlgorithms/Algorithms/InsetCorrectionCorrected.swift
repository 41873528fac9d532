import Foundation

/// `inset-correction.corrected`: article 000's idea — a pan recogniser drags the button; when
/// the finger lifts it docks against the left or right edge and its height is corrected so it
/// clears the navigation and tab bars, with a 0.6 s ease-out — with what the property tester
/// found fixed.
///
/// - The side is chosen by the button's centre, not its left edge.
/// - It docks flush against the safe region's edge whatever its width, not at a centre of 20 pt.
/// - The correction uses the real bars, safe area and keyboard of this window in this
///   orientation, not constants for one phone, and keeps the whole button clear of them.
/// - The button follows the finger's location from where it was grabbed (no hysteresis lag),
///   and no movement is counted twice.
/// - A cancelled pan docks too. On a container change the button re-docks on its side.
/// - Any motion may replace the ease-out; a spring is handed the finger's velocity and confined
///   to the window, so an overshoot never leaves the screen.
public struct InsetCorrectionCorrected: SnapAlgorithm {
  public let id = "inset-correction.corrected"
  public let inputAPI = InputAPI.panGestureRecognizer
  /// A button: the pan, once it begins, cancels its touch-up-inside.
  public var itemAction: ItemAction? { .touchUpInside }
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.6)
  public var dockingMargin: CGFloat? { 0 }

  /// Where and how the finger holds the button: followed while it drags, re-seated under it if
  /// the container changes, left in place while a touch has not become a pan.
  public var grab = Grab()
  /// Where it last docked by its own choice: container changes re-dock it from there.
  public var berth: Berth?

  @inlinable
  public init() {}

  /// With a spring, the rest height follows a vertical flick (projected with a scroll view's
  /// deceleration, then kept inside the safe region), so the spring has somewhere to carry the
  /// finger's vertical velocity; with a timing curve the button rests where it was released.
  public var projectsVelocity: Bool { releaseMotion?.carriesVelocity ?? false }

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // The view hears the touch before the pan recognises it: note where it was grabbed.
    grab.touchDown(&view, at: touch.locationInContainer, time: context.time)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grab.moved(to: touch.locationInContainer)
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // A tap: the pan never began. The button stays where it is, unless it must settle where a
    // release would.
    if grab.letGo() { dock(&view, context: context, velocity: .zero) }
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    // Either the pan took the touch over (it is dragging) or the system cancelled it.
    guard grab.hold != .dragging else { return }
    if grab.letGo() { dock(&view, context: context, velocity: .zero) }
  }

  @inlinable
  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    switch recognizer.state {
    case .began:
      grab.hold = .dragging
      fallthrough
    case .changed:
      // Free to follow the finger across the whole window while dragging, as the article's.
      let wanted = grab.follow(recognizer.location(in: .superview))
      view.center = SafeDocking.clamp(wanted, size: view.size, in: context.environment.bounds)
    case .ended, .cancelled:
      grab.end()
      dock(&view, context: context, velocity: recognizer.velocity(in: .window))
    default:
      break
    }
  }

  /// Docks flush against the nearer side of the safe region, by the button's centre.
  @inlinable
  mutating func dock(_ view: inout ItemView, context: UIKitContext, velocity: CGPoint) {
    let flick = CGVector(dx: velocity.x, dy: velocity.y)
    let target = SafeDocking.dockedCenter(
      releasedAt: releasePoint(view.center, velocity: flick), size: view.size,
      in: context.environment, margin: 0)
    berth = Berth(center: target, environment: context.environment)
    view.confinement = context.environment.bounds
    view.isDisplayLinkDriven = true
    view.animate(
      to: target, with: releaseMotion ?? .none, at: context.time, allowsUserInteraction: true,
      velocity: flick)
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    if let held = grab.holdThroughChange(from: old, to: context.environment, center: view.center) {
      // Under a finger: where the finger holds it, free across the window while dragging (as
      // during the drag), kept in the safe region while only touched.
      view.center =
        grab.hold == .dragging
        ? SafeDocking.clamp(held, size: view.size, in: context.environment.bounds)
        : SafeDocking.clamp(held, size: view.size, in: context.environment)
      return
    }
    // Keep the side, and the height it docked at as far as the new region allows: from the
    // berth, so a change that is undone puts it back exactly.
    let from = berth ?? Berth(center: view.center, environment: old)
    berth = from
    let anchor = SafeDocking.sideAnchor(of: from.center, from: from.environment, to: context.environment)
    view.finishAnimations()
    view.center = SafeDocking.dockedCenter(releasedAt: anchor, size: view.size, in: context.environment, margin: 0)
  }
}
