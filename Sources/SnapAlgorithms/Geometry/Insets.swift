import Foundation

/// Distances inset from each side of a rectangle, in points.
///
/// UIKit's `UIEdgeInsets` does not exist on Linux; this has the same fields and meaning, so
/// code written against it reads the same in an app. Named so as not to collide with SwiftUI's
/// `EdgeInsets`.
public struct Insets: Hashable, Sendable, Codable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  @inlinable
  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any side.
  public static let zero = Insets()
}

extension CGRect {
  /// The rectangle shrunk by `insets` on each side, as `UIEdgeInsetsInsetRect` does.
  ///
  /// When the insets exceed the size, the width or height is negative, exactly as in UIKit;
  /// callers that need a usable region must check `isEmpty`-style conditions themselves.
  @inlinable
  public func inset(by insets: Insets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}
