// The UIKit and Core Animation calls the adapter makes, declared with UIKit's names and
// signatures and no behaviour, so that CI type-checks `FloatingItemController` on Linux:
//
//     swiftc -typecheck -D SNAPLAB_UIKIT_STUB -module-name SnapAlgorithms \
//       $(find Sources/SnapAlgorithms -name '*.swift')
//
// Never part of a build (the condition is set only by that command), and never where UIKit is.
// A call the adapter starts making that is not declared here fails that check: add it with
// UIKit's exact signature (https://developer.apple.com/documentation/uikit).
#if SNAPLAB_UIKIT_STUB && !canImport(UIKit)
  import Foundation

  public struct UIEdgeInsets {
    public var top, left, bottom, right: CGFloat
  }

  @MainActor
  open class UIScreen {
    open var bounds: CGRect { .zero }
    open var maximumFramesPerSecond: Int { 60 }
  }

  @MainActor
  open class UIResponder: NSObject {
    public nonisolated static let keyboardWillChangeFrameNotification = Notification.Name(
      "UIKeyboardWillChangeFrameNotification")
    public nonisolated static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  }

  @MainActor
  open class UITouch: NSObject {
    open func location(in view: UIView?) -> CGPoint { .zero }
  }

  @MainActor
  open class UIEvent: NSObject {}

  @MainActor
  open class UIGestureRecognizer: NSObject {
    public enum State: Int {
      case possible, began, changed, ended, cancelled, failed
    }
    open var state: State { .possible }
    open var isEnabled = true
  }

  @MainActor
  open class UIPanGestureRecognizer: UIGestureRecognizer {
    open func location(in view: UIView?) -> CGPoint { .zero }
    open func translation(in view: UIView?) -> CGPoint { .zero }
    open func velocity(in view: UIView?) -> CGPoint { .zero }
  }

  @MainActor
  open class UIView: UIResponder {
    open var center = CGPoint.zero
    open var bounds = CGRect.zero
    open var superview: UIView? { nil }
    open var window: UIWindow? { nil }
    open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
    open var isUserInteractionEnabled = true
    open var isHidden = false
    open var alpha: CGFloat = 1
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
  }

  @MainActor
  open class UIWindow: UIView {
    open var screen: UIScreen { UIScreen() }
  }

  open class CADisplayLink {
    open func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    open func invalidate() {}
  }

  public typealias CFTimeInterval = Double
  public func CACurrentMediaTime() -> CFTimeInterval { 0 }

  /// What `FloatingItemTarget.swift` (the `@objc` part, which needs the Objective-C runtime)
  /// gives the controller.
  @MainActor
  final class FloatingItemTarget: NSObject {
    var tick: () -> Void = {}
    var panned: (UIPanGestureRecognizer) -> Void = { _ in }
    func panRecognizer() -> UIPanGestureRecognizer { UIPanGestureRecognizer() }
    func displayLink() -> CADisplayLink { CADisplayLink() }
  }
#endif
