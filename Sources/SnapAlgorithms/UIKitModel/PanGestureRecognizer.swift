import Foundation

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
  public func translation(in view: UIKitCoordinateSpace) -> CGPoint {
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
  public func location(in view: UIKitCoordinateSpace) -> CGPoint {
    switch view {
    case .window: return location
    case .superview, .item:
      return CGPoint(x: location.x - superviewOrigin.x, y: location.y - superviewOrigin.y)
    }
  }

  /// `[recognizer velocityInView:view]`, in points per second.
  @inlinable
  public func velocity(in view: UIKitCoordinateSpace) -> CGPoint {
    CGPoint(x: velocity.dx, y: velocity.dy)
  }

  /// `[recognizer setTranslation:translation inView:view]`.
  @inlinable
  public mutating func setTranslation(_ translation: CGPoint, in view: UIKitCoordinateSpace) {
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
  public func translation(in view: UIKitCoordinateSpace?) -> CGPoint { translation(in: view ?? .window) }

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
  public mutating func setTranslation(_ translation: CGPoint, in view: UIKitCoordinateSpace?) {
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
  public func velocity(in view: UIKitCoordinateSpace?) -> CGPoint { velocity(in: view ?? .window) }

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
  public func location(in view: UIKitCoordinateSpace?) -> CGPoint { location(in: view ?? .window) }

  /// `[recognizer setState:state]`, which only a subclass may call in UIKit's headers; the
  /// article calls it from the action method to end the drag early. The recogniser takes the
  /// new state when the handler returns and calls the handler again with it.
  @inlinable
  public mutating func setState(_ state: State) {
    requestedState = state
  }
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
