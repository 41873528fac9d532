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
/// when the window changes. `FloatingButtonDock` is the same code on SnapLab's UIKit model.
final class FloatingButton: UIButton {
  let margin: CGFloat = 16
  /// Kept up to date by the view controller from `keyboardWillChangeFrameNotification`.
  var keyboardFrame: CGRect?
  private var grabOffset = CGPoint.zero
  private var lastFinger: CGPoint?

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    guard let touch = touches.first, let superview else { return }
    let finger = touch.location(in: superview)
    grabOffset = CGPoint(x: finger.x - center.x, y: finger.y - center.y)
  }

  func handlePan(_ recognizer: UIPanGestureRecognizer) {
    guard let superview else { return }
    let finger = recognizer.location(in: superview)
    let region = restRegion(in: superview, keyboard: keyboardFrame)
    switch recognizer.state {
    case .began, .changed:
      lastFinger = finger
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      center = DockingGeometry.clamped(
        wanted, size: bounds.size, into: region, within: superview.bounds)
    case .ended, .cancelled:
      lastFinger = nil
      let target = DockingGeometry.dockedCenter(
        from: center, size: bounds.size, margin: margin, in: region, within: superview.bounds)
      UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
        self.center = target
      }
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
      // Under the finger: where the finger puts it in the new window.
      let wanted = CGPoint(x: lastFinger.x - grabOffset.x, y: lastFinger.y - grabOffset.y)
      center = DockingGeometry.clamped(
        wanted, size: bounds.size, into: region, within: superview.bounds)
      return
    }
    layer.removeAllAnimations()
    center = DockingGeometry.dockedCenter(
      from: center, size: bounds.size, margin: margin, right: center.x > oldRegion.midX,
      in: region, within: superview.bounds)
  }

  private func restRegion(in superview: UIView, keyboard: CGRect?) -> CGRect {
    DockingGeometry.restRegion(
      superview.bounds.inset(by: superview.safeAreaInsets), keyboard: keyboard,
      bounds: superview.bounds)
  }
}

#if canImport(UIKit)
  extension FloatingButton {
    /// The pan recogniser's action, `#selector(panned(_:))`: Objective-C's entry point exists
    /// only where UIKit does.
    @objc func panned(_ recognizer: UIPanGestureRecognizer) { handlePan(recognizer) }
  }
#endif
