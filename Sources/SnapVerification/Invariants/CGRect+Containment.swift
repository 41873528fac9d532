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

