import Foundation

/// `edge-dock.corrected`: article 001's idea — the button follows the finger and, when it
/// lifts, docks flush against the nearer side — with what the property tester found fixed.
///
/// - Both axes are clamped while dragging, to the safe region (window less insets, bars and
///   keyboard), not the screen: nothing slides off screen or under a bar, also in Split View.
/// - It docks flush against the safe region's side, with y kept inside it.
/// - A tap is a tap: the button fires its action (`itemAction` `.handlers`) when the finger lifts
///   having moved less than a pan's 10 pt, and stays where it is; it only follows the finger
///   once the finger has moved that far, and a drag never fires the action. (The article's tap
///   recogniser fires on every drag shorter than 45 pt; it is gone.)
/// - A cancelled drag docks too. A touch on the button while it docks catches it where it is
///   shown (the motion is display-link driven) and drags it from there.
/// - Motion: the article's 0.5 s ease-in-out, or any motion; a spring is handed the finger's
///   velocity, and the shown position is confined to the window so an overshoot never leaves
///   the screen.
/// - On a container change the button re-docks on the same side in the new region.
public struct EdgeDockCorrected: SnapAlgorithm {
  public let id = "edge-dock.corrected"
  /// The drag is clamped to the safe region, so it never passes under a bar or the keyboard.
  public var confinesDragToSafeRegion: Bool { true }
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
  public var itemAction: ItemAction? { .handlers }
  public var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.5)
  public var dockingMargin: CGFloat? { 0 }

  /// Where and how the finger holds the button: followed while it drags, re-seated under it if
  /// the container changes.
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
    grab.touchDown(&view, at: touch.locationInContainer, time: context.time)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    guard let wanted = grab.drag(to: touch.locationInContainer) else { return }
    view.center = SafeDocking.clamp(wanted, size: view.size, in: context.environment)
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    if grab.hold == .touched {
      // A tap: the action, and the button stays put (settling if it was caught in flight).
      if grab.isTap { view.sendAction() }
      if grab.letGo() { dock(&view, context: context, velocity: .zero) }
      return
    }
    dock(&view, context: context, velocity: context.fingerVelocity)
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    if grab.hold == .touched, !grab.mustSettle {
      grab.end()
      return
    }
    dock(&view, context: context, velocity: context.fingerVelocity)
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    if let held = grab.holdThroughChange(from: old, to: context.environment, center: view.center) {
      // Under a finger, the button goes where the finger puts it in the new container.
      view.center = SafeDocking.clamp(held, size: view.size, in: context.environment)
      return
    }
    // Keep the side, and the height it docked at as far as the new region allows: from the
    // berth, so a change that is undone puts it back exactly.
    let from = berth ?? Berth(center: view.center, environment: old)
    berth = from
    let anchor = SafeDocking.sideAnchor(of: from.center, from: from.environment, to: context.environment)
    view.finishAnimations()
    view.center = SafeDocking.dockedCenter(
      releasedAt: anchor, size: view.size, in: context.environment, margin: 0)
  }

  @inlinable
  mutating func dock(_ view: inout ItemView, context: UIKitContext, velocity: CGVector) {
    grab.end()
    let target = SafeDocking.dockedCenter(
      releasedAt: releasePoint(view.center, velocity: velocity), size: view.size,
      in: context.environment, margin: 0)
    berth = Berth(center: target, environment: context.environment)
    view.confinement = context.environment.bounds
    view.isDisplayLinkDriven = true
    view.animate(
      to: target, with: releaseMotion ?? .none, at: context.time, allowsUserInteraction: true,
      velocity: velocity)
  }
}
