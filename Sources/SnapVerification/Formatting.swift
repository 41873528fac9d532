import Foundation
import SnapAlgorithms

/// A time to the millisecond, for reading: `0.017`.
func formatTime(_ value: Double) -> String {
  describeNumber((value * 1000).rounded() / 1000)
}

/// An environment in words, `iPhone 15 (landscape), no tab bar, keyboard shown`, as `wording`
/// says (`name(of:on:_:)`, for an environment of `device`).
func describe(
  _ environment: ItemEnvironment, on device: DeviceProfile? = nil, _ wording: Wording = .exact
) -> String {
  var bits = [device.map { name(of: environment, on: $0, wording) } ?? environment.name]
  if environment.navigationBarHeight == 0 { bits.append("no navigation bar") }
  if environment.tabBarHeight == 0 { bits.append("no tab bar") }
  if environment.keyboardFrame != nil { bits.append("keyboard shown") }
  if let frame = environment.superviewFrame { bits.append("the view at \(describe(frame, wording))") }
  return bits.joined(separator: ", ")
}

/// A rectangle in words: origin and size, `(0, 103, 60×60)`.
func describe(_ rect: CGRect) -> String { describe(rect, .exact) }

/// How a sentence about a run is worded: `exact` for the verify file, replay commands and test
/// failures — every number as the run had it; `reader` for the report's pages — numbers to
/// three decimals, sizes with ×, a phone's test window said as what it is.
public enum Wording: Sendable {
  case exact
  case reader
}

/// A number in a sentence, as `wording` says: exact, or to three decimals for a reader.
func describeNumber(_ x: Double, _ wording: Wording) -> String {
  guard wording == .reader, x.isFinite else { return describeNumber(x) }
  return describeNumber((x * 1000).rounded() / 1000)
}

/// A rectangle in words, `(0, 103, 60×60)`, as `wording` says.
func describe(_ rect: CGRect, _ wording: Wording) -> String {
  "(\(describeNumber(Double(rect.minX), wording)), \(describeNumber(Double(rect.minY), wording)), "
    + "\(describeNumber(Double(rect.width), wording))×\(describeNumber(Double(rect.height), wording)))"
}

/// An environment's name as `wording` says: for a reader, a window other than an iPhone's
/// screen (which no iPhone shows: the checker tries any width) is said to be a test window on
/// `device`'s screen.
public func name(of environment: ItemEnvironment, on device: DeviceProfile, _ wording: Wording) -> String {
  guard wording == .reader, environment.idiom == .phone,
    environment.bounds.width != environment.screenBounds.width
  else { return environment.name }
  return "a test window \(describeNumber(environment.bounds.width, .reader)) pt wide on the "
    + "\(device.name)'s screen (iPhones have no Split View; the checker tries every width)"
}

/// A sentence about a run, made once and worded two ways (`Wording`): the numbers and
/// rectangles interpolated into it are kept as values, not as the text of one wording.
///
///     let prose: Prose = "frame at t = \(time) is \(rect)"
///     prose.worded(.exact)   // frame at t = 0.016666666666666666 is (-30, 103, 60×60)
///     prose.worded(.reader)  // frame at t = 0.017 is (-30, 103, 60×60)
public struct Prose: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  enum Piece: Hashable, Sendable {
    case text(String)
    case number(Double)
    case rect(x: Double, y: Double, width: Double, height: Double)
  }

  var pieces: [Piece]

  /// Text as it is, with no values in it: a message read back from a verify file.
  public init(verbatim text: String) { pieces = [.text(text)] }

  public init(stringLiteral text: String) { pieces = [.text(text)] }

  public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

  /// Whether it holds values a reader's wording rounds, or only text.
  public var isVerbatim: Bool { pieces.allSatisfy { if case .text = $0 { true } else { false } } }

  /// The sentence, worded as `wording` says.
  public func worded(_ wording: Wording) -> String {
    var text = ""
    for piece in pieces {
      switch piece {
      case .text(let words): text += words
      case .number(let x): text += describeNumber(x, wording)
      case .rect(let x, let y, let width, let height):
        text += describe(CGRect(x: x, y: y, width: width, height: height), wording)
      }
    }
    return text
  }

  /// The exact wording.
  public var description: String { worded(.exact) }

  public static func + (a: Prose, b: Prose) -> Prose {
    var sum = a
    sum.pieces += b.pieces
    return sum
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var pieces: [Piece] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      pieces.reserveCapacity(2 * interpolationCount + 1)
    }

    public mutating func appendLiteral(_ literal: String) {
      if !literal.isEmpty { pieces.append(.text(literal)) }
    }

    /// A number, worded exactly (`describeNumber`) or rounded for a reader.
    public mutating func appendInterpolation(_ x: Double) { pieces.append(.number(x)) }

    public mutating func appendInterpolation(_ x: CGFloat) { pieces.append(.number(Double(x))) }

    /// A rectangle, `(x, y, width×height)`.
    public mutating func appendInterpolation(_ rect: CGRect) {
      pieces.append(
        .rect(
          x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
          height: Double(rect.height)))
    }

    /// Another sentence, its values kept.
    public mutating func appendInterpolation(_ prose: Prose) { pieces += prose.pieces }

    /// Anything else, as text: words, whole numbers, names.
    public mutating func appendInterpolation<Value>(_ value: Value) {
      pieces.append(.text(String(describing: value)))
    }
  }
}
