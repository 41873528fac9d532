import Foundation
import SnapAlgorithms

extension CGRect {
  func contains(_ other: CGRect, tolerance: CGFloat) -> Bool {
    contains(other, tolerance: tolerance, checkX: true, checkY: true)
  }

  /// Containment along the axes asked for only.
  func contains(_ other: CGRect, tolerance: CGFloat, checkX: Bool, checkY: Bool) -> Bool {
    (!checkX || (other.minX >= minX - tolerance && other.maxX <= maxX + tolerance))
      && (!checkY || (other.minY >= minY - tolerance && other.maxY <= maxY + tolerance))
  }

  /// The largest difference between corresponding edges.
  func distance(to other: CGRect) -> CGFloat {
    max(
      abs(minX - other.minX), abs(minY - other.minY), abs(maxX - other.maxX),
      abs(maxY - other.maxY))
  }
}


extension CGRect {
  /// How far `other` reaches outside this rectangle along the axes asked for, in points: the
  /// largest overhang past any of its edges (0 when inside; NaN when either is not a number).
  func overhang(of other: CGRect, checkX: Bool = true, checkY: Bool = true) -> CGFloat {
    var most: CGFloat = 0
    if checkX { most = Swift.max(most, minX - other.minX, other.maxX - maxX) }
    if checkY { most = Swift.max(most, minY - other.minY, other.maxY - maxY) }
    if !other.isFinite || !isFinite { return .nan }
    return most
  }
}

extension CGRect {
  /// How far `point` lies outside this rectangle, in points (0 inside).
  func distance(toPoint point: CGPoint) -> CGFloat {
    let dx = Swift.max(minX - point.x, 0, point.x - maxX)
    let dy = Swift.max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}

extension CGRect {
  /// The rectangle grown by `insets` on each side: the container an item with a designed
  /// overhang may lie in. Itself when every inset is 0.
  func outset(by insets: Insets) -> CGRect {
    if insets == .zero { return self }
    return CGRect(
      x: minX - insets.left, y: minY - insets.top, width: width + insets.left + insets.right,
      height: height + insets.top + insets.bottom)
  }
}

extension ItemEnvironment {
  /// `point` where the glass ends: a finger that lands or slides on past the screen's edge is
  /// reported at that edge, as a touch screen reports it and as `DragSimulation` delivers it to
  /// the code (in the window's coordinates). A screen of no size, or not a real one (hostile
  /// input), leaves the point as it is.
  @inlinable
  func onTheGlass(_ point: CGPoint) -> CGPoint {
    let screen = screenBounds
    guard screen.isFinite, screen.width > 0, screen.height > 0 else { return point }
    return CGPoint(
      x: min(max(point.x, screen.minX), screen.maxX), y: min(max(point.y, screen.minY), screen.maxY))
  }
}
