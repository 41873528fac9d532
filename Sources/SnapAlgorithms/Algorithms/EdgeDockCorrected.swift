import Foundation

/// `edge-dock.corrected`: article 001's idea — the button follows the finger and, when it
/// lifts, docks flush against the nearer side — with what the property tester found fixed.
///
/// - Both axes are clamped while dragging, to the safe region (window less insets, bars and
///   keyboard), not the screen: nothing slides off screen or under a bar, also in Split View.
/// - It docks flush against the safe region's side, with y kept inside it.
/// - A cancelled touch docks too; so does the tap recogniser's cancel, so a short drag is not
///   left undocked (a tap on a docked button does not move it).
/// - Motion: the article's 0.5 s ease-in-out, or any motion; a spring is handed the finger's
///   velocity, and the shown position is confined to the window so an overshoot never leaves
///   the screen.
/// - On a container change the button re-docks on the same side in the new region.
public struct EdgeDockCorrected: SnapAlgorithm {
  public let id = "edge-dock.corrected"
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: true)
  public var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.5)
  public var dockingMargin: CGFloat? { 0 }

  /// Where and how the finger holds the button: followed while it drags, re-seated under it if
  /// the container changes.
  public var grab = Grab()

  @inlinable
  public init() {}

  /// With a spring, the rest height follows a vertical flick (projected with a scroll view's
  /// deceleration, then kept inside the safe region), so the spring has somewhere to carry the
  /// finger's vertical velocity; with a timing curve the button rests where it was released.
  public var projectsVelocity: Bool { releaseMotion?.carriesVelocity ?? false }

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grab.begin(at: touch.locationInContainer, center: view.center)
    grab.hold = .dragging
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let wanted = grab.follow(touch.locationInContainer)
    view.center = SafeDocking.clamp(wanted, size: view.size, in: context.environment)
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    dock(&view, context: context, velocity: context.fingerVelocity)
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    dock(&view, context: context, velocity: context.fingerVelocity)
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: Environment, view: inout ItemView, context: UIKitContext
  ) {
    if let held = grab.heldCenter(current: view.center) {
      // Under a finger, the button goes where the finger puts it in the new container.
      view.center = SafeDocking.clamp(held, size: view.size, in: context.environment)
      return
    }
    // Keep the side: measured against the old region's middle.
    let anchor = SafeDocking.sideAnchor(of: view.center, from: old, to: context.environment)
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
    view.confinement = context.environment.bounds
    view.animate(
      to: target, with: releaseMotion ?? .none, at: context.time, velocity: velocity)
  }
}
