import DockingGeometry
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import UIKitShim
#endif

/// The app's floating button, as it ships: it follows the finger from where it was grabbed,
/// docks 16 pt inside the nearer side of the safe area when the finger lifts (or the touch is
/// cancelled), above the keyboard, with a 0.3 s ease-out, and docks again on the same side
/// when the window changes — from its berth, where it last docked, so a keyboard that comes and
/// goes puts it back. A finger catches it during the ease-out where it is shown: the animation
/// allows interaction, hit-tests use the presentation layer, and a touch stops the motion there.
/// `FloatingButtonDock` is the same code on SnapLab's UIKit model.
final class FloatingButton: UIButton {
  let margin: CGFloat = 16
  /// Kept up to date by the view controller from `keyboardWillChangeFrameNotification`.
  var keyboardFrame: CGRect?
  private var grabOffset = CGPoint.zero
  /// In the window: a finger that stays put on the glass stays put there when the superview
  /// moves under it (an opaque navigation bar that comes or goes).
  private var lastFinger: CGPoint?
  /// Where it last docked, and the rest region it docked in.
  private var berth: (center: CGPoint, region: CGRect)?
  /// Whether the last touch caught it in flight (so a lift without a drag docks it).
  private var caught = false

  /// Hit-tested where it is shown, also mid-animation (UIKit tests the model frame).
  override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    guard let shown = layer.presentation() else { return super.point(inside: point, with: event) }
    return bounds.offsetBy(dx: shown.position.x - center.x, dy: shown.position.y - center.y)
      .contains(point)
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    guard let touch = touches.first, let superview else { return }
    // Caught in flight: stop where it is shown.
    caught = layer.animationKeys()?.isEmpty == false
    if let shown = layer.presentation() { center = shown.position }
    layer.removeAllAnimations()
    let finger = touch.location(in: superview)
    grabOffset = CGPoint(x: finger.x - center.x, y: finger.y - center.y)
  }

  // The pan never began (its recogniser cancels the touch once it does): a tap. One that caught
  // the button in flight docks it.
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesEnded(touches, with: event)
    if caught { dock() }
  }

  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesCancelled(touches, with: event)
    if caught, lastFinger == nil { dock() }
  }

  private func dock() {
    guard let superview else { return }
    caught = false
    let region = restRegion(in: superview, keyboard: keyboardFrame)
    let target = DockingGeometry.dockedCenter(
      from: center, size: bounds.size, margin: margin, in: region,
      within: windowBounds(in: superview))
    berth = (target, region)
    UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction]) {
      self.center = target
    }
  }

  func handlePan(_ recognizer: UIPanGestureRecognizer) {
    guard let superview else { return }
    let finger = recognizer.location(in: superview)
    let region = restRegion(in: superview, keyboard: keyboardFrame)
    switch recognizer.state {
    case .began, .changed:
      lastFinger = recognizer.location(in: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      center = DockingGeometry.clamped(
        wanted, size: bounds.size, into: region, within: windowBounds(in: superview))
    case .ended, .cancelled:
      lastFinger = nil
      dock()
    default:
      break
    }
  }

  /// Called by the view controller from `viewWillTransition(to:with:)` and the keyboard
  /// notifications, once the superview has its new size, with the region it had before.
  func superviewDidChange(from oldRegion: CGRect) {
    guard let superview else { return }
    let region = restRegion(in: superview, keyboard: keyboardFrame)
    if let lastFinger {
      // Under the finger: where the finger, still on the glass, puts it in the new window.
      let finger = superview.convert(lastFinger, from: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      center = DockingGeometry.clamped(
        wanted, size: bounds.size, into: region, within: windowBounds(in: superview))
      return
    }
    layer.removeAllAnimations()
    let from = berth ?? (center, oldRegion)
    berth = from
    center = DockingGeometry.dockedCenter(
      from: from.center, size: bounds.size, margin: margin, right: from.center.x > from.region.midX,
      in: region, within: windowBounds(in: superview))
  }

  private func restRegion(in superview: UIView, keyboard: CGRect?) -> CGRect {
    DockingGeometry.restRegion(
      superview.bounds.inset(by: superview.safeAreaInsets), keyboard: keyboard,
      bounds: superview.bounds)
  }

  /// Where a button too large for the rest region may lie: the window, in the superview's
  /// coordinates (the superview starts below an opaque navigation bar).
  private func windowBounds(in superview: UIView) -> CGRect {
    superview.window.map { superview.convert($0.bounds, from: nil) } ?? superview.bounds
  }
}

#if canImport(UIKit)
  extension FloatingButton {
    /// The pan recogniser's action, `#selector(panned(_:))`: Objective-C's entry point exists
    /// only where UIKit does.
    @objc func panned(_ recognizer: UIPanGestureRecognizer) { handlePan(recognizer) }
  }
#endif
