import Foundation

#if !canImport(CoreGraphics)
/// A two-dimensional vector, as Core Graphics defines it on Apple platforms.
///
/// Foundation on Linux provides `CGPoint`, `CGSize` and `CGRect` but not `CGVector`; this
/// stands in for it with the same name and fields so that algorithm code compiles unchanged
/// in a UIKit app, where the system type is used instead.
public struct CGVector: Hashable, Sendable, Codable {
  public var dx: CGFloat
  public var dy: CGFloat

  @inlinable
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  @inlinable
  public init() { self.init(dx: 0, dy: 0) }

  public static let zero = CGVector(dx: 0, dy: 0)
}
#endif

extension CGPoint {
  /// The rectangle of `size` centred on this point, as UIKit derives `frame` from `center`.
  @inlinable
  public func rect(ofSize size: CGSize) -> CGRect {
    CGRect(x: x - size.width / 2, y: y - size.height / 2, width: size.width, height: size.height)
  }

  /// Whether both coordinates are finite numbers.
  @inlinable
  public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
  /// Whether origin and size are all finite numbers.
  @inlinable
  public var isFinite: Bool {
    origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
  }

  /// The centre point, as UIKit's `center` reports it for an untransformed view.
  @inlinable
  public var center: CGPoint { CGPoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
}
