import Foundation

/// What UIKit tells the code about the app around the item when a handler runs.
///
/// The item's `center` is in the coordinates of its superview, as in UIKit, and so is this
/// context's `environment`; touches and recognisers give the finger in whichever view the code
/// asks for (`location(in: view)`, `location(in: superview)`, `location(in: nil)` for the
/// window). When the superview fills the window (`Environment.superviewFrame` is `nil`) the
/// superview's coordinates are the window's. Under an opaque navigation bar the superview starts
/// below the bar, so code that takes the screen's size for positions in its superview
/// (`SCREEN_HEIGHT - h/2`) puts them a bar's height lower on screen, as it does in UIKit.
public struct UIKitContext: Sendable {
  /// When the handler runs, on the gesture's clock.
  public var time: Double
  /// The screen, window and bars at that moment, in the superview's coordinates
  /// (`Environment.inSuperviewCoordinates`).
  public var environment: Environment

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
    time: Double, environment: Environment, fingerVelocity: CGVector = .zero,
    superview: Superview? = nil
  ) {
    self.time = time
    self.environment = environment
    self.fingerVelocity = fingerVelocity
    self.superview = superview ?? Superview(environment)
  }

  /// `[UIScreen mainScreen].bounds`, which the articles' `SCREEN_WIDTH`/`SCREEN_HEIGHT` macros read.
  @inlinable public var screenBounds: CGRect { environment.screenBounds }
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
/// translucent bars, and starts below an opaque navigation bar (`Environment.superviewFrame`).
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
  public var safeAreaInsets: EdgeInsets

  /// `superview.bounds`: its own coordinates, origin at its top left corner.
  @inlinable
  public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  @inlinable
  public init(frame: CGRect, safeAreaInsets: EdgeInsets) {
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
  public init(_ environment: Environment) {
    let bounds = environment.bounds
    let frame = environment.superviewFrame ?? bounds
    let insets = environment.safeAreaInsets
    let extra = environment.additionalSafeAreaInsets
    let barsBottom = bounds.maxY - max(environment.tabBarHeight, insets.bottom, 0) - extra.bottom
    self.init(
      frame: frame,
      safeAreaInsets: EdgeInsets(
        top: max(environment.topBarsBottom - frame.minY, 0),
        left: max(bounds.minX + insets.left + extra.left - frame.minX, 0),
        bottom: max(frame.maxY - barsBottom, 0),
        right: max(frame.maxX - (bounds.maxX - insets.right - extra.right), 0)))
  }
}

/// One finger as the touches API hands it over (`[touches anyObject]`).
public struct Touch: Hashable, Sendable {
  /// The finger's position in the window.
  public var locationInWindow: CGPoint
  /// Where the item's superview's origin is in the window: zero when it fills the window.
  public var superviewOrigin: CGPoint
  /// `touch.tapCount`: 1, or one more than the touch before it when this one lands within
  /// `Touch.multipleTapInterval` of that one's lift and `Touch.multipleTapDistance` of where it
  /// landed, that one having been a tap (a finger that did not move beyond
  /// `TapGestureRecognizer.allowableMovement`).
  public var tapCount: Int

  /// How soon after a tap's lift the next touch counts as its second tap, in seconds. UIKit
  /// does not document it; 0.35 s is what double taps are measured against in practice.
  public static let multipleTapInterval: Double = 0.35
  /// How near to the previous tap the next must land to count as its second, in points.
  public static let multipleTapDistance: CGFloat = 45

  @inlinable
  public init(locationInWindow: CGPoint, superviewOrigin: CGPoint = .zero, tapCount: Int = 1) {
    self.locationInWindow = locationInWindow
    self.superviewOrigin = superviewOrigin
    self.tapCount = tapCount
  }

  /// `[touch locationInView:view]`: the position in the view's own (bounds) coordinates,
  /// converted through the superview and the view's model frame as it is at the moment of the
  /// call.
  @inlinable
  public func location(in view: ItemView) -> CGPoint {
    let origin = view.frame.origin
    return CGPoint(
      x: locationInWindow.x - superviewOrigin.x - origin.x,
      y: locationInWindow.y - superviewOrigin.y - origin.y)
  }

  /// The finger in the container the item moves in, its superview (the coordinates `center` is
  /// in): `touch.location(in: view.superview)`; the window's when the superview fills it.
  @inlinable
  public var locationInContainer: CGPoint {
    CGPoint(x: locationInWindow.x - superviewOrigin.x, y: locationInWindow.y - superviewOrigin.y)
  }

  /// `touch.location(in: view.superview)`: in the superview's coordinates, which the item's
  /// `center` is in; `touch.location(in: nil)`: in the window.
  @inlinable
  public func location(in view: Superview?) -> CGPoint {
    guard let view else { return locationInWindow }
    return CGPoint(x: locationInWindow.x - view.frame.minX, y: locationInWindow.y - view.frame.minY)
  }
}

/// Which coordinate space a pan recogniser's translation is asked for in.
///
/// None of the views involved is rotated or scaled, so a translation (a difference of two
/// points) is the same vector in every one of them; the argument is kept so that the code
/// reads like the article's.
public enum CoordinateSpace: Sendable {
  /// The item itself (`translationInView:button`).
  case item
  /// The item's superview (`translationInView:self.view`).
  case superview
  /// The key window (`translationInView:[UIApplication sharedApplication].keyWindow`).
  case window
}

/// A model of `UIPanGestureRecognizer` attached to the item, for one touch.
///
/// States follow UIKit: `possible` until the finger has moved `hysteresis` points from where
/// it landed along either axis, then `began`, `changed` on each further move, and `ended` or
/// `cancelled`. A touch that lifts before the hysteresis is crossed fails the recogniser and
/// the handler is never called. Translations are measured from a reference point that starts
/// where the finger landed and that `setTranslation(_:in:)` moves.
///
/// Two details of UIKit's implementation (UIKitCore's `UIPanGestureRecognizer`, iOS 18) matter
/// for code that adds translations to a centre:
/// - On beginning, UIKit removes the hysteresis from the translation, each axis shrunk towards
///   zero by it (`_removeHysteresisFromTranslation`): a pan that began after a 12 pt move
///   reports a translation of 2 pt, and an item moved by translations lags the finger by up to
///   the hysteresis on each axis for the rest of the drag.
/// - When the finger lifts, the recogniser ends without recording where: the translation at
///   `ended` is what was left after the last `changed`.
public struct PanGestureRecognizer: Hashable, Sendable {
  public enum State: String, Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed
  }

  /// How far the finger moves, along either axis, before a pan begins: UIKit's
  /// `+[UIPanGestureRecognizer _defaultHysteresis]`, 10 points.
  public static let defaultHysteresis: CGFloat = 10

  /// The recogniser's state, as `recognizer.state` reads it in UIKit.
  ///
  /// Assigning it from an action method is `UIGestureRecognizerSubclass`'s setter (the
  /// articles' `setState:`): a request that the recogniser acts on when the method returns; it
  /// reads back at once, as in UIKit.
  @inlinable
  public var state: State {
    get { requestedState ?? recognizedState }
    set { requestedState = newValue }
  }
  /// The state UIKit has put the recogniser in, and calls the action method with; the
  /// simulator (or an adapter driving a real recogniser) sets it.
  public var recognizedState: State = .possible
  /// The finger's current position, in window coordinates; set by the simulator.
  public var location: CGPoint
  /// Where the item's superview's origin is in the window (zero when it fills the window); set
  /// by the simulator.
  public var superviewOrigin: CGPoint = .zero
  /// Where the finger landed.
  public let touchDownLocation: CGPoint
  /// The point translations are measured from.
  @usableFromInline var reference: CGPoint
  public let hysteresis: CGFloat
  /// A state the handler asked for (`state = …`, `setState(_:)`), applied when it returns.
  public var requestedState: State?
  /// The finger's velocity as UIKit estimates it; set by the simulator.
  public var velocity: CGVector = .zero

  @inlinable
  public init(touchDownAt location: CGPoint, hysteresis: CGFloat = Self.defaultHysteresis) {
    self.location = location
    self.touchDownLocation = location
    self.reference = location
    self.hysteresis = hysteresis
  }

  /// `[recognizer translationInView:view]`.
  @inlinable
  public func translation(in view: CoordinateSpace) -> CGPoint {
    CGPoint(x: location.x - reference.x, y: location.y - reference.y)
  }

  /// Whether the finger has moved the hysteresis along either axis (`_willScrollX`,
  /// `_willScrollY`).
  @inlinable
  public var hasCrossedHysteresis: Bool {
    let translation = translation(in: .window)
    return abs(translation.x) >= hysteresis || abs(translation.y) >= hysteresis
  }

  /// Shrinks each axis of the translation towards zero by the hysteresis, as UIKit does just
  /// before a pan begins.
  @inlinable
  public mutating func removeHysteresisFromTranslation() {
    let translation = translation(in: .window)
    func shrink(_ value: CGFloat) -> CGFloat {
      value > 0 ? max(value - hysteresis, 0) : min(value + hysteresis, 0)
    }
    setTranslation(CGPoint(x: shrink(translation.x), y: shrink(translation.y)), in: .window)
  }

  /// `[recognizer locationInView:view]`: in the window for `.window`; in the superview, the
  /// coordinates the item's centre is in, for `.superview` (and for `.item`, which needs the
  /// view itself: `location(in: view)`).
  @inlinable
  public func location(in view: CoordinateSpace) -> CGPoint {
    switch view {
    case .window: return location
    case .superview, .item:
      return CGPoint(x: location.x - superviewOrigin.x, y: location.y - superviewOrigin.y)
    }
  }

  /// `[recognizer velocityInView:view]`, in points per second.
  @inlinable
  public func velocity(in view: CoordinateSpace) -> CGPoint {
    CGPoint(x: velocity.dx, y: velocity.dy)
  }

  /// `[recognizer setTranslation:translation inView:view]`.
  @inlinable
  public mutating func setTranslation(_ translation: CGPoint, in view: CoordinateSpace) {
    reference = CGPoint(x: location.x - translation.x, y: location.y - translation.y)
  }

  // MARK: UIKit's spellings, taking the views themselves

  /// `recognizer.translation(in: view)`: the same vector in the item, its superview or the
  /// window, since none is rotated or scaled.
  @inlinable
  public func translation(in view: ItemView) -> CGPoint { translation(in: .item) }

  /// `recognizer.translation(in: view.superview)`.
  @inlinable
  public func translation(in view: Superview) -> CGPoint { translation(in: .superview) }

  /// `recognizer.translation(in: nil)`: in the window.
  @inlinable
  public func translation(in view: CoordinateSpace?) -> CGPoint { translation(in: view ?? .window) }

  /// `recognizer.setTranslation(_:in: view)`.
  @inlinable
  public mutating func setTranslation(_ translation: CGPoint, in view: ItemView) {
    setTranslation(translation, in: .item)
  }

  /// `recognizer.setTranslation(_:in: view.superview)`.
  @inlinable
  public mutating func setTranslation(_ translation: CGPoint, in view: Superview) {
    setTranslation(translation, in: .superview)
  }

  /// `recognizer.setTranslation(_:in: nil)`.
  @inlinable
  public mutating func setTranslation(_ translation: CGPoint, in view: CoordinateSpace?) {
    setTranslation(translation, in: view ?? .window)
  }

  /// `recognizer.velocity(in: view)`, in points per second (the same in every view).
  @inlinable
  public func velocity(in view: ItemView) -> CGPoint { velocity(in: .item) }

  /// `recognizer.velocity(in: view.superview)`.
  @inlinable
  public func velocity(in view: Superview) -> CGPoint { velocity(in: .superview) }

  /// `recognizer.velocity(in: nil)`.
  @inlinable
  public func velocity(in view: CoordinateSpace?) -> CGPoint { velocity(in: view ?? .window) }

  /// `recognizer.location(in: view)`: the finger in the item's own coordinates (its bounds),
  /// through the superview and the item's model frame.
  @inlinable
  public func location(in view: ItemView) -> CGPoint {
    let origin = view.frame.origin
    return CGPoint(
      x: location.x - superviewOrigin.x - origin.x, y: location.y - superviewOrigin.y - origin.y)
  }

  /// `recognizer.location(in: view.superview)`: the finger in the superview's coordinates,
  /// which the item's `center` is in.
  @inlinable
  public func location(in view: Superview) -> CGPoint {
    CGPoint(x: location.x - view.frame.minX, y: location.y - view.frame.minY)
  }

  /// `recognizer.location(in: nil)`: the finger in the window.
  @inlinable
  public func location(in view: CoordinateSpace?) -> CGPoint { location(in: view ?? .window) }

  /// `[recognizer setState:state]`, which only a subclass may call in UIKit's headers; the
  /// article calls it from the action method to end the drag early. The recogniser takes the
  /// new state when the handler returns and calls the handler again with it.
  @inlinable
  public mutating func setState(_ state: State) {
    requestedState = state
  }
}

/// How UIKit delivers the finger to an algorithm's code.
public enum InputAPI: Hashable, Sendable {
  /// `touchesBegan/Moved/Ended/Cancelled:withEvent:` overridden on the item.
  ///
  /// `tapRecognizerAttached`: a `UITapGestureRecognizer` is also on the item. It recognises a
  /// touch that lifts within `TapGestureRecognizer.maximumDuration` without having moved more
  /// than `TapGestureRecognizer.allowableMovement` from where it landed (it fails on the move;
  /// where the finger lifts is not checked), and because `cancelsTouchesInView` is on by
  /// default the view then gets `touchesCancelled` instead of `touchesEnded`.
  case touches(tapRecognizerAttached: Bool)
  /// A `UIPanGestureRecognizer` on the item calling the algorithm's action method.
  ///
  /// With UIKit's defaults the view still receives the touch: `touchesBegan` at once,
  /// `touchesMoved` until the pan begins, then `touchesCancelled` once it does (we deliver it
  /// just after the `began` action; UIKit does not document the order), or `touchesEnded` /
  /// `touchesCancelled` if the pan never begins.
  case panGestureRecognizer
}

/// What the item does when it is tapped, as the app wires it: the action a tap must fire and a
/// drag must not (the invariant `tap-is-not-drag`).
public enum ItemAction: Hashable, Sendable {
  /// A `UITapGestureRecognizer` on the item calls the action when it recognises a tap: the
  /// finger never moves more than `TapGestureRecognizer.allowableMovement` from where it landed
  /// and lifts within `TapGestureRecognizer.maximumDuration` (for a pan-driven item, only if the
  /// pan never began). Article 001 wires its button this way.
  case tapRecognizer
  /// A `UIButton`'s touch-up-inside: the control tracks the touch and fires when the finger
  /// lifts within 70 pt of its frame, unless a recogniser took the touch (a pan that began
  /// cancels it; a tap recogniser that recognised does). For an item on the touches API this
  /// means the overrides call `super`, so the control sees the touch too.
  case touchUpInside
  /// The algorithm's own handlers decide, by calling `ItemView.sendAction()` (typically from
  /// `touchesEnded` when the finger did not drag).
  case handlers
}

/// The limits of a default single-tap `UITapGestureRecognizer`.
///
/// UIKit documents neither. 45 pt is the allowable movement UIKitCore's `UITapRecognizer`
/// starts with (its coder skips the value when it equals 45); 0.75 s is what
/// `maximumSingleTapDuration` returns. A touch that moves further, or stays down longer, is
/// not a tap. The recogniser fails as the finger moves (`touchesMoved`); at the lift it does not
/// measure the distance again, so a move of 40 pt followed by a lift 50 pt away is a tap.
public enum TapGestureRecognizer {
  public static let allowableMovement: CGFloat = 45
  public static let maximumDuration: Double = 0.75
}

/// How far outside a `UIControl`'s bounds a lifting finger still counts as inside it (UIKit's
/// touch-up-inside tolerance), in points.
public enum ControlTracking {
  public static let insideTolerance: CGFloat = 70
}

/// The finger's velocity as UIKit's pan recogniser estimates it.
///
/// Each move makes a sample, (new location − previous location) / elapsed time; the estimate is
/// 0.2 × the latest sample + 0.8 × the one before (UIKitCore's `velocityInView:`), and the lift
/// itself adds no sample.
public struct VelocityTracker: Hashable, Sendable {
  @usableFromInline var latest: CGVector?
  @usableFromInline var previous: CGVector?
  @usableFromInline var lastLocation: CGPoint?
  @usableFromInline var lastTime: Double = 0

  @inlinable
  public init() {}

  /// Starts over at a touch-down.
  @inlinable
  public mutating func begin(at location: CGPoint, time: Double) {
    self = VelocityTracker()
    lastLocation = location
    lastTime = time
  }

  /// Records a move.
  @inlinable
  public mutating func move(to location: CGPoint, time: Double) {
    defer {
      lastLocation = location
      lastTime = time
    }
    guard let from = lastLocation else { return }
    let elapsed = time - lastTime
    guard elapsed > 0 else { return }
    previous = latest
    latest = CGVector(dx: (location.x - from.x) / elapsed, dy: (location.y - from.y) / elapsed)
  }

  /// The current estimate, in points per second.
  @inlinable
  public var velocity: CGVector {
    guard let latest else { return .zero }
    guard let previous else { return latest }
    return CGVector(
      dx: 0.2 * latest.dx + 0.8 * previous.dx, dy: 0.2 * latest.dy + 0.8 * previous.dy)
  }
}

/// A model of `UILongPressGestureRecognizer` on the item, for one touch, with UIKit's defaults.
///
/// It begins once the finger has stayed down `minimumPressDuration` without moving more than
/// `allowableMovement` from where it landed (it fails if it moves further first), then reports
/// `changed` on every move and `ended` (or `cancelled`) when the finger lifts. Once it begins,
/// a pan recogniser on the same item that has not begun fails, and the view's touches are
/// cancelled (`cancelsTouchesInView`); a pan that began first makes it fail.
public struct LongPressGestureRecognizer: Hashable, Sendable {
  public typealias State = PanGestureRecognizer.State

  /// `minimumPressDuration`: 0.5 s.
  public static let defaultMinimumPressDuration: Double = 0.5
  /// `allowableMovement`: 10 pt.
  public static let defaultAllowableMovement: CGFloat = 10

  /// The recogniser's state, as `recognizer.state` reads it.
  public var state: State = .possible
  /// The finger's current position, in window coordinates; set by the simulator.
  public var location: CGPoint
  /// Where the item's superview's origin is in the window; set by the simulator.
  public var superviewOrigin: CGPoint = .zero
  /// Where and when the finger landed.
  public let touchDownLocation: CGPoint
  public let touchDownTime: Double
  public var minimumPressDuration: Double
  public var allowableMovement: CGFloat

  @inlinable
  public init(
    touchDownAt location: CGPoint, time: Double,
    minimumPressDuration: Double = Self.defaultMinimumPressDuration,
    allowableMovement: CGFloat = Self.defaultAllowableMovement
  ) {
    self.location = location
    touchDownLocation = location
    touchDownTime = time
    self.minimumPressDuration = minimumPressDuration
    self.allowableMovement = allowableMovement
  }

  /// When it begins if the finger stays: `touchDownTime + minimumPressDuration`.
  @inlinable
  public var recognitionTime: Double { touchDownTime + minimumPressDuration }

  /// `recognizer.location(in: nil)`: the finger in the window.
  @inlinable
  public func location(in view: CoordinateSpace?) -> CGPoint {
    switch view ?? .window {
    case .window: return location
    case .superview, .item:
      return CGPoint(x: location.x - superviewOrigin.x, y: location.y - superviewOrigin.y)
    }
  }

  /// `recognizer.location(in: view.superview)`: the finger in the superview's coordinates.
  @inlinable
  public func location(in view: Superview) -> CGPoint {
    CGPoint(x: location.x - view.frame.minX, y: location.y - view.frame.minY)
  }

  /// `recognizer.location(in: view)`: the finger in the item's own coordinates.
  @inlinable
  public func location(in view: ItemView) -> CGPoint {
    let origin = view.frame.origin
    return CGPoint(
      x: location.x - superviewOrigin.x - origin.x, y: location.y - superviewOrigin.y - origin.y)
  }
}
