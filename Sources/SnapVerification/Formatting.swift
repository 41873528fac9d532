import Foundation
import SnapAlgorithms

/// A time to the millisecond, for reading: `0.017`.
func formatTime(_ value: Double) -> String {
  describeNumber((value * 1000).rounded() / 1000)
}

/// An environment in words: `iPhone 15 (landscape), no tab bar, keyboard shown`.
func describe(_ environment: Environment) -> String {
  var bits = [environment.name]
  if environment.navigationBarHeight == 0 { bits.append("no navigation bar") }
  if environment.tabBarHeight == 0 { bits.append("no tab bar") }
  if environment.keyboardFrame != nil { bits.append("keyboard shown") }
  if let frame = environment.superviewFrame { bits.append("the view at \(describe(frame))") }
  return bits.joined(separator: ", ")
}

/// A rectangle in words: origin and size, `(0, 103, 60×60)`.
func describe(_ rect: CGRect) -> String {
  "(\(describeNumber(rect.minX)), \(describeNumber(rect.minY)), \(describeNumber(rect.width))×\(describeNumber(rect.height)))"
}
