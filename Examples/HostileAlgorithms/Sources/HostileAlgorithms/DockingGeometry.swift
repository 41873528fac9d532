import Foundation

/// Where the floating button may rest and where it docks: pure geometry, shared by the UIKit
/// button and its SnapLab twin so both run the same arithmetic.
public enum DockingGeometry {
  /// The region the button may rest in: `safeArea` (the superview's bounds inset by its safe
  /// area, which includes the bars), above the keyboard when one covers the bottom of `bounds`.
  /// Insets that cross leave an empty region midway between them, never a rectangle of negative
  /// size.
  public static func restRegion(_ safeArea: CGRect, keyboard: CGRect?, bounds: CGRect) -> CGRect {
    // Read the origin and size, not minX and maxX, which would flip a negative size.
    var left = safeArea.origin.x
    var right = left + safeArea.size.width
    var top = safeArea.origin.y
    var bottom = top + safeArea.size.height
    if let keyboard, keyboard.height > 0, keyboard.minY < bounds.maxY {
      bottom = min(bottom, keyboard.minY)
    }
    if right < left {
      left = (left + right) / 2
      right = left
    }
    if bottom < top {
      top = (top + bottom) / 2
      bottom = top
    }
    return CGRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// `value` moved so that an extent centred on it lies within `low…high`; centred there when it
  /// does not fit, or when `value` is not a number.
  public static func clamp(_ value: CGFloat, extent: CGFloat, low: CGFloat, high: CGFloat)
    -> CGFloat
  {
    guard extent < high - low, value.isFinite else { return (low + high) / 2 }
    return min(max(value, low + extent / 2), high - extent / 2)
  }

  /// `center` moved the least so that a button of `size` lies inside `region`; on an axis where
  /// it does not fit, as near the region's middle as keeps it inside `bounds`.
  public static func clamped(
    _ center: CGPoint, size: CGSize, into region: CGRect, within bounds: CGRect
  ) -> CGPoint {
    func axis(_ value: CGFloat, _ extent: CGFloat, _ low: CGFloat, _ high: CGFloat,
      _ outerLow: CGFloat, _ outerHigh: CGFloat) -> CGFloat
    {
      if extent < high - low { return clamp(value, extent: extent, low: low, high: high) }
      return clamp((low + high) / 2, extent: extent, low: outerLow, high: outerHigh)
    }
    return CGPoint(
      x: axis(center.x, size.width, region.minX, region.maxX, bounds.minX, bounds.maxX),
      y: axis(center.y, size.height, region.minY, region.maxY, bounds.minY, bounds.maxY))
  }

  /// Where a button of `size` released with its centre at `center` docks: `margin` inside the
  /// nearer of the region's left and right edges (or the side `right` names), its height kept
  /// inside the region.
  public static func dockedCenter(
    from center: CGPoint, size: CGSize, margin: CGFloat, right: Bool? = nil, in region: CGRect,
    within bounds: CGRect
  ) -> CGPoint {
    let kept = clamped(center, size: size, into: region, within: bounds)
    guard size.width + 2 * margin <= region.width else { return kept }
    let onRight = right ?? (center.x.isFinite && center.x > region.midX)
    let x = onRight ? region.maxX - margin - size.width / 2 : region.minX + margin + size.width / 2
    return CGPoint(x: x, y: kept.y)
  }
}
