import DockingGeometry
import Foundation
import SnapAlgorithms

/// The app's floating button (`FloatingButton` in the UIKit target) on SnapLab's UIKit model,
/// line for line: it follows the finger from where it was grabbed, docks 16 pt inside the
/// nearer side of the safe area when the finger lifts or the touch is cancelled, above the
/// keyboard, with a 0.3 s ease-out, and docks again on the same side when the window changes,
/// from its berth (where it last docked); a finger catches it mid-motion where it is shown.
///
/// `bug` plants one mistake, to show that SnapLab finds it.
public struct FloatingButtonDock: SnapAlgorithm {
  /// A mistake an app might ship.
  public enum Bug: String, Sendable {
    /// Forgets the keyboard: the button can rest under it.
    case ignoresKeyboard = "ignores-keyboard"
    /// Forgets the safe area's bottom inset: the button can rest over the home indicator.
    case ignoresHomeIndicator = "ignores-home-indicator"
  }

  public let id: String
  public let inputAPI = InputAPI.panGestureRecognizer
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
  public var dockingMargin: CGFloat? { margin }
  /// What the app means beyond what a user expects: a finger catches the button mid-motion
  /// where it is shown, however short the motion, so every missed catch is a hazard.
  public var contract: ItemContract { ItemContract(catchableInFlight: true) }

  public let margin: CGFloat = 16
  public let bug: Bug?
  var grabOffset = CGPoint.zero
  /// In the window: a finger that stays put on the glass stays put there when the superview
  /// moves under it (an opaque navigation bar that comes or goes).
  var lastFinger: CGPoint?
  var berth: (center: CGPoint, region: CGRect)?
  var caught = false

  /// The button as it ships, or with `bug` planted (its id then says which).
  public init(bug: Bug? = nil) {
    self.bug = bug
    id = "floating-button.dock" + (bug.map { "-" + $0.rawValue } ?? "")
  }

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let superview = context.superview
    // Caught in flight: copy the presentation into the model and remove the animations.
    caught = view.isAnimating(at: context.time)
    view.stopAnimations(at: context.time)
    let finger = touch.location(in: superview)
    grabOffset = CGPoint(x: finger.x - view.center.x, y: finger.y - view.center.y)
  }

  // The pan never began: a tap. One that caught the button in flight docks it.
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    if caught { dock(&view, context: context) }
  }

  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    if caught, lastFinger == nil { dock(&view, context: context) }
  }

  private mutating func dock(_ view: inout ItemView, context: UIKitContext) {
    let superview = context.superview
    caught = false
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    let target = DockingGeometry.dockedCenter(
      from: view.center, size: view.bounds.size, margin: margin, in: region,
      within: windowBounds(context))
    berth = (target, region)
    // The UIKit button overrides point(inside:with:) to test the presentation layer.
    view.hitTestsWhereShown = true
    view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction]) {
      $0.center = target
    }
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let superview = context.superview
    let finger = recognizer.location(in: superview)
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    switch recognizer.state {
    case .began, .changed:
      lastFinger = recognizer.location(in: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: windowBounds(context))
    case .ended, .cancelled:
      lastFinger = nil
      dock(&view, context: context)
    default:
      break
    }
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    let superview = context.superview
    let oldRegion = restRegion(in: Superview(old), keyboard: keyboardFrame(old))
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    if let lastFinger {
      // Under the finger: where the finger, still on the glass, puts it in the new window.
      let finger = superview.convert(lastFinger, from: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: windowBounds(context))
      return
    }
    view.removeAllAnimations()
    let from = berth ?? (view.center, oldRegion)
    berth = from
    view.center = DockingGeometry.dockedCenter(
      from: from.center, size: view.bounds.size, margin: margin,
      right: from.center.x > from.region.midX, in: region, within: windowBounds(context))
  }

  private func restRegion(in superview: Superview, keyboard: CGRect?) -> CGRect {
    var insets = superview.safeAreaInsets
    if bug == .ignoresHomeIndicator { insets.bottom = 0 }
    return DockingGeometry.restRegion(
      superview.bounds.inset(by: insets), keyboard: keyboard, bounds: superview.bounds)
  }

  /// Where a button too large for the rest region may lie: the window, in the superview's
  /// coordinates (`superview.convert(window.bounds, from: nil)`).
  private func windowBounds(_ context: UIKitContext) -> CGRect {
    context.windowBounds
  }

  /// The keyboard the button keeps clear of (none, with the planted bug).
  private func keyboardFrame(_ context: UIKitContext) -> CGRect? {
    keyboardFrame(context.environment)
  }

  private func keyboardFrame(_ environment: ItemEnvironment) -> CGRect? {
    bug == .ignoresKeyboard ? nil : environment.keyboardFrame
  }
}
