import DockingGeometry
import Foundation
import SnapAlgorithms

/// The app's floating button (`FloatingButton` in the UIKit target) on SnapLab's UIKit model,
/// line for line: it follows the finger from where it was grabbed, docks 16 pt inside the
/// nearer side of the safe area when the finger lifts or the touch is cancelled, above the
/// keyboard, with a 0.3 s ease-out, and docks again on the same side when the window changes.
///
/// `bug` plants one mistake, to show that SnapLab finds it.
public struct FloatingButtonDock: SnapAlgorithm {
  /// A mistake an app might ship.
  public enum Bug: String, Sendable {
    /// Forgets the keyboard: the button can rest under it.
    case ignoresKeyboard = "ignores-keyboard"
  }

  public let id: String
  public let inputAPI = InputAPI.panGestureRecognizer
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
  public var dockingMargin: CGFloat? { margin }

  public let margin: CGFloat = 16
  public let bug: Bug?
  var grabOffset = CGPoint.zero
  var lastFinger: CGPoint?

  /// The button as it ships, or with `bug` planted (its id then says which).
  public init(bug: Bug? = nil) {
    self.bug = bug
    id = "floating-button.dock" + (bug.map { "-" + $0.rawValue } ?? "")
  }

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let superview = context.superview
    let finger = touch.location(in: superview)
    grabOffset = CGPoint(x: finger.x - view.center.x, y: finger.y - view.center.y)
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let superview = context.superview
    let finger = recognizer.location(in: superview)
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    switch recognizer.state {
    case .began, .changed:
      lastFinger = finger
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: superview.bounds)
    case .ended, .cancelled:
      lastFinger = nil
      let target = DockingGeometry.dockedCenter(
        from: view.center, size: view.bounds.size, margin: margin, in: region,
        within: superview.bounds)
      view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
        $0.center = target
      }
    default:
      break
    }
  }

  public mutating func environmentDidChange(
    from old: Environment, view: inout ItemView, context: UIKitContext
  ) {
    let superview = context.superview
    let oldRegion = restRegion(in: Superview(old), keyboard: keyboardFrame(old))
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    if let lastFinger {
      // Under the finger: where the finger puts it in the new window.
      let wanted = CGPoint(x: lastFinger.x - grabOffset.x, y: lastFinger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: superview.bounds)
      return
    }
    view.removeAllAnimations()
    view.center = DockingGeometry.dockedCenter(
      from: view.center, size: view.bounds.size, margin: margin,
      right: view.center.x > oldRegion.midX, in: region, within: superview.bounds)
  }

  private func restRegion(in superview: Superview, keyboard: CGRect?) -> CGRect {
    DockingGeometry.restRegion(
      superview.bounds.inset(by: superview.safeAreaInsets), keyboard: keyboard,
      bounds: superview.bounds)
  }

  /// The keyboard the button keeps clear of (none, with the planted bug).
  private func keyboardFrame(_ context: UIKitContext) -> CGRect? {
    keyboardFrame(context.environment)
  }

  private func keyboardFrame(_ environment: Environment) -> CGRect? {
    bug == .ignoresKeyboard ? nil : environment.keyboardFrame
  }
}
