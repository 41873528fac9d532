// Declarations with UIKit's names and signatures, just enough for the example's UIKit button
// to compile where UIKit does not exist (Linux, macOS). They do nothing: the button only ever
// runs on iOS, against the real UIKit; SnapLab runs its twin, `FloatingButtonDock`.
#if !canImport(UIKit)
  import Foundation

  public struct UIEdgeInsets: Sendable {
    public var top, left, bottom, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
      (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
  }

  extension CGRect {
    public func inset(by insets: UIEdgeInsets) -> CGRect {
      CGRect(
        x: origin.x + insets.left, y: origin.y + insets.top,
        width: size.width - insets.left - insets.right,
        height: size.height - insets.top - insets.bottom)
    }
  }

  open class CALayer: NSObject {
    open var position = CGPoint.zero
    open func removeAllAnimations() {}
    open func presentation() -> Self? { nil }
    open func animationKeys() -> [String]? { nil }
  }

  open class UIEvent: NSObject {}

  open class UITouch: NSObject {
    open func location(in view: UIView?) -> CGPoint { .zero }
  }

  open class UIResponder: NSObject {
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
  }

  open class UIView: UIResponder {
    open var center = CGPoint.zero
    open var bounds = CGRect.zero
    open var safeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    open private(set) var superview: UIView?
    open private(set) var window: UIWindow?
    public let layer = CALayer()
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { point }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
      bounds.contains(point)
    }

    public struct AnimationOptions: OptionSet, Sendable {
      public let rawValue: UInt
      public init(rawValue: UInt) { self.rawValue = rawValue }
      public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
      public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    }

    open class func animate(
      withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
      animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}
  }

  open class UIWindow: UIView {}
  open class UIControl: UIView {}
  open class UIButton: UIControl {}

  open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed }
    open var state = State.possible
  }

  open class UIPanGestureRecognizer: UIGestureRecognizer {
    open func location(in view: UIView?) -> CGPoint { .zero }
    open func translation(in view: UIView?) -> CGPoint { .zero }
    open func velocity(in view: UIView?) -> CGPoint { .zero }
  }
#endif
