import Foundation

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
/// reads like the article's. Named so as not to collide with SwiftUI's `CoordinateSpace`.
public enum UIKitCoordinateSpace: Sendable {
  /// The item itself (`translationInView:button`).
  case item
  /// The item's superview (`translationInView:self.view`).
  case superview
  /// The key window (`translationInView:[UIApplication sharedApplication].keyWindow`).
  case window
}
