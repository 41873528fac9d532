import Foundation

/// What UIKit tells the code about the app around the item when a handler runs.
///
/// The item's `center` is in the coordinates of its superview, as in UIKit, and so is this
/// context's `environment`; touches and recognisers give the finger in whichever view the code
/// asks for (`location(in: view)`, `location(in: superview)`, `location(in: nil)` for the
/// window). When the superview fills the window (`ItemEnvironment.superviewFrame` is `nil`) the
/// superview's coordinates are the window's. Under an opaque navigation bar the superview starts
/// below the bar, so code that takes the screen's size for positions in its superview
/// (`SCREEN_HEIGHT - h/2`) puts them a bar's height lower on screen, as it does in UIKit.
public struct UIKitContext: Sendable {
  /// When the handler runs, on the gesture's clock.
  public var time: Double
  /// The screen, window and bars at that moment, in the superview's coordinates
  /// (`ItemEnvironment.inSuperviewCoordinates`).
  public var environment: ItemEnvironment

  /// The finger's velocity in points per second, as `UIPanGestureRecognizer.velocity(in:)`
  /// reports it (code on the touches API would compute the same from its own samples); zero
  /// with no finger down.
  public var fingerVelocity: CGVector

  /// The item's superview, as UIKit code reads it through `view.superview`: its frame in the
  /// window, its bounds and its safe-area insets at this moment.
  public var superview: Superview

  /// Inside `environmentDidChange(from:view:context:)`: what changed, as UIKit's callbacks and
  /// notifications tell it (a rotation, a new size, the keyboard's notification with its frames
  /// and animation, the bars, the in-call bar, the safe area); `nil` in every other handler.
  public var containerChange: ContainerChangeInfo?

  /// `UIDevice.current.userInterfaceIdiom`.
  @inlinable public var idiom: DeviceProfile.Idiom { environment.idiom }

  /// A context at `time` in `environment` (in the superview's coordinates); `superview` defaults
  /// to the one `environment` describes.
  @inlinable
  public init(
    time: Double, environment: ItemEnvironment, fingerVelocity: CGVector = .zero,
    superview: Superview? = nil
  ) {
    self.time = time
    self.environment = environment
    self.fingerVelocity = fingerVelocity
    self.superview = superview ?? Superview(environment)
  }

  /// `[UIScreen mainScreen].bounds`, which the articles' `SCREEN_WIDTH`/`SCREEN_HEIGHT` macros read.
  @inlinable public var screenBounds: CGRect { environment.screenBounds }
  /// `[UIScreen mainScreen].applicationFrame` (deprecated since iOS 9, still in old libraries):
  /// the screen less the status bar at its top.
  @inlinable public var applicationFrame: CGRect {
    let screen = environment.screenBounds
    let bar = Swift.min(Swift.max(environment.statusBarHeight, 0), screen.height)
    return CGRect(x: screen.minX, y: screen.minY + bar, width: screen.width, height: screen.height - bar)
  }
  /// `keyWindow.bounds`, converted to the superview's coordinates; the superview's own bounds
  /// too when it fills the window.
  @inlinable public var windowBounds: CGRect { environment.bounds }
  /// The keyboard's frame in the superview's coordinates while it is shown, as an app reads it
  /// from `UIResponder.keyboardFrameEndUserInfoKey` (or `view.keyboardLayoutGuide`).
  @inlinable public var keyboardFrame: CGRect? { environment.keyboardFrame }
}

/// The item's superview as UIKit code reads it through `view.superview` (the model hands it
/// over as `context.superview`): its bounds, where it lies in the window, and its safe-area
/// insets.
///
/// The articles add the item to a view controller's view: it fills the window under
/// translucent bars, and starts below an opaque navigation bar (`ItemEnvironment.superviewFrame`).
/// Such a view's `safeAreaInsets` are the part of it the bars and the window's insets cover:
/// the status bar or sensor housing and the navigation bar at the top (none when the view
/// starts below them), the tab bar (or the home indicator) at the bottom, the sensor housing's
/// side in landscape; not the keyboard, which apps learn of from notifications. So
/// `superview.bounds.inset(by: superview.safeAreaInsets)` is the environment's safe region when
/// no keyboard is shown.
public struct Superview: Hashable, Sendable {
  /// `superview.frame`, in the coordinates of the environment it was made from: for
  /// `context.superview`, the window's.
  public var frame: CGRect
  /// `superview.safeAreaInsets`, bars included.
  public var safeAreaInsets: Insets

  /// `superview.bounds`: its own coordinates, origin at its top left corner.
  @inlinable
  public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  @inlinable
  public init(frame: CGRect, safeAreaInsets: Insets) {
    self.frame = frame
    self.safeAreaInsets = safeAreaInsets
  }

  /// The key window, the one view `convert(_:from:)` takes points from (`nil` in UIKit's
  /// spelling, `superview.convert(point, from: nil)`).
  public enum Window: Sendable { case key }

  /// `superview.convert(point, from: nil)`: a point in the window, in the superview's
  /// coordinates.
  @inlinable
  public func convert(_ point: CGPoint, from window: Window?) -> CGPoint {
    CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
  }

  /// The superview of an item in `environment`: `superviewFrame`, or the window's full size,
  /// with the insets a view controller's view reports there (how far the bars and the window's
  /// insets reach into it).
  @inlinable
  public init(_ environment: ItemEnvironment) {
    let bounds = environment.bounds
    let frame = environment.superviewFrame ?? bounds
    let insets = environment.safeAreaInsets
    let extra = environment.additionalSafeAreaInsets
    let barsBottom = bounds.maxY - max(environment.tabBarHeight, insets.bottom, 0) - extra.bottom
    self.init(
      frame: frame,
      safeAreaInsets: Insets(
        top: max(environment.topBarsBottom - frame.minY, 0),
        left: max(bounds.minX + insets.left + extra.left - frame.minX, 0),
        bottom: max(frame.maxY - barsBottom, 0),
        right: max(frame.maxX - (bounds.maxX - insets.right - extra.right), 0)))
  }
}
