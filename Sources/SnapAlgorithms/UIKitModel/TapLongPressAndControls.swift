import Foundation

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
  public func location(in view: UIKitCoordinateSpace?) -> CGPoint {
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
