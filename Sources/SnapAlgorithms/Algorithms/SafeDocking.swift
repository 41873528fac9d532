import Foundation

/// Geometry the corrected variants share: keeping an item inside a region and choosing where
/// it docks.
public enum SafeDocking {
  /// `value` moved so that an extent centred on it lies within `low…high`; centred there when
  /// it does not fit (the defined behaviour for an item larger than the region).
  @inlinable
  public static func clamp(_ value: CGFloat, extent: CGFloat, low: CGFloat, high: CGFloat)
    -> CGFloat
  {
    guard extent < high - low else { return (low + high) / 2 }
    guard value.isFinite else { return (low + high) / 2 }
    return min(max(value, low + extent / 2), high - extent / 2)
  }

  /// `value` kept inside `low…high` if the extent fits there; otherwise as close to that
  /// range's middle as the container `outerLow…outerHigh` allows; centred on the container if
  /// it does not fit that either.
  @inlinable
  public static func clamp(
    _ value: CGFloat, extent: CGFloat, low: CGFloat, high: CGFloat, outerLow: CGFloat,
    outerHigh: CGFloat
  ) -> CGFloat {
    if extent < high - low { return clamp(value, extent: extent, low: low, high: high) }
    return clamp((low + high) / 2, extent: extent, low: outerLow, high: outerHigh)
  }

  /// `center` moved the least so that an item of `size` lies inside `region`; on an axis where
  /// it does not fit, as near the region's middle as keeps it inside `container`.
  @inlinable
  public static func clamp(
    _ center: CGPoint, size: CGSize, in region: CGRect, within container: CGRect
  ) -> CGPoint {
    CGPoint(
      x: clamp(
        center.x, extent: size.width, low: region.minX, high: region.maxX,
        outerLow: container.minX, outerHigh: container.maxX),
      y: clamp(
        center.y, extent: size.height, low: region.minY, high: region.maxY,
        outerLow: container.minY, outerHigh: container.maxY))
  }

  /// `center` moved the least so that an item of `size` lies inside `region`.
  @inlinable
  public static func clamp(_ center: CGPoint, size: CGSize, in region: CGRect) -> CGPoint {
    clamp(center, size: size, in: region, within: region)
  }

  /// `center` clamped into `environment`'s safe region, or kept on screen where it cannot fit.
  @inlinable
  public static func clamp(_ center: CGPoint, size: CGSize, in environment: ItemEnvironment)
    -> CGPoint
  {
    clamp(center, size: size, in: environment.safeRegion, within: environment.bounds)
  }

  /// How far a flick at `velocity` points per second carries, under a scroll view's normal
  /// deceleration (rate 0.998 per millisecond): (v / 1000) · r / (1 − r).
  @inlinable
  public static func projection(
    of velocity: CGFloat, rate: CGFloat = FluidDock.normalDeceleration
  ) -> CGFloat {
    guard velocity.isFinite else { return 0 }
    return velocity / 1000 * rate / (1 - rate)
  }

  /// Where an item of `size` released with its centre at `center` docks: against the nearer of
  /// the left and right edges of the environment's safe region, `margin` inside it, with its y
  /// clamped into the region. Ties go left. On an axis where it does not fit the region it is
  /// placed as near the region's middle as keeps it on screen.
  @inlinable
  public static func dockedCenter(
    releasedAt center: CGPoint, size: CGSize, in environment: ItemEnvironment, margin: CGFloat
  ) -> CGPoint {
    dockedCenter(
      releasedAt: center, size: size, in: environment.safeRegion, within: environment.bounds,
      margin: margin)
  }

  /// Where an item of `size` released with its centre at `center` docks in `region` (a safe
  /// region) of `container`: as `dockedCenter(releasedAt:size:in:margin:)` with an environment's
  /// safe region and bounds.
  @inlinable
  public static func dockedCenter(
    releasedAt center: CGPoint, size: CGSize, in region: CGRect, within container: CGRect,
    margin: CGFloat
  ) -> CGPoint {
    // Plain numbers, not a rectangle: `insetBy` returns the null rectangle when the margin eats
    // the region, and a CGRect built with a negative width is read back standardised (its
    // width positive, its minX moved left), which would put the item off screen.
    let innerWidth = region.width - 2 * margin
    let y = clamp(
      center.y, extent: size.height, low: region.minY, high: region.maxY,
      outerLow: container.minY, outerHigh: container.maxY)
    guard size.width < innerWidth, innerWidth > 0 else {
      let x = clamp(
        region.midX, extent: size.width, low: container.minX, high: container.maxX)
      return CGPoint(x: x, y: y)
    }
    let left = region.minX + margin + size.width / 2
    let right = region.maxX - margin - size.width / 2
    let x = center.x.isFinite && center.x > region.midX ? right : left
    return CGPoint(x: x, y: y)
  }
}
