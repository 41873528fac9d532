import Foundation

/// A JSON value whose objects keep their members in the order they were written.
///
/// Order matters for output people read and diff: `"version": 1` comes first, and a trace
/// sample always reads `t`, `phase`, `x`, `y`. Build one with literals:
///
///     let sample: JSONValue = ["t": 0, "phase": "drag", "x": 270, "y": 270]
///
/// Every JSON file SnapLab writes is laid out by this one serializer; the files' types are
/// `Codable` and reach it through `JSONValueEncoder`.
package enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A number; a non-finite one serializes as `null`, since JSON has no NaN or infinity.
  case number(Double)
  case integer(Int)
  /// A whole number too large for `Int`, such as a seed.
  case unsigned(UInt64)
  case string(String)
  case array([JSONValue])
  /// An object; members print in this order, and duplicate keys are not checked.
  case object([(String, JSONValue)])
  /// An array of `count` containers made one at a time as it is written, so that a long one
  /// (the frames of a trace) is never held whole; written as a block, one element a line.
  case elements(count: Int, element: @Sendable (Int) -> JSONValue)
}

extension JSONValue {
  /// The widest a pretty-printed line of scalars may grow before it is split.
  package static let prettyLineWidth = 100

  /// The value as JSON text, with no trailing newline.
  ///
  /// Compact output has no whitespace at all. Pretty output indents by two spaces and puts each
  /// member or element on its own line, except that an object whose values are all scalars
  /// always stays on one line (`{"t": 0, "phase": "drag", "x": 270, "y": 270}`, so every row
  /// of a trace looks alike), and an array of scalars stays on one line if it fits in 100
  /// columns.
  package func serialized(pretty: Bool) -> String {
    String(decoding: utf8(pretty: pretty), as: UTF8.self)
  }

  /// The value as JSON text in UTF-8, as `serialized(pretty:)` lays it out.
  package func utf8(pretty: Bool) -> [UInt8] {
    var output = JSONOutput()
    if pretty {
      writePretty(to: &output, indent: 0, column: 0)
    } else {
      writeCompact(to: &output)
    }
    return output.bytes
  }

  /// Whether the value has no members or elements of its own.
  package var isScalar: Bool {
    switch self {
    case .null, .bool, .number, .integer, .unsigned, .string: true
    case .array, .object, .elements: false
    }
  }

  private func writeCompact(to output: inout JSONOutput) {
    switch self {
    case .array(let elements):
      output.append("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(",") }
        element.writeCompact(to: &output)
      }
      output.append("]")
    case .object(let members):
      output.append("{")
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(",") }
        output.appendQuoted(key)
        output.append(":")
        value.writeCompact(to: &output)
      }
      output.append("}")
    case .elements(let count, let element):
      output.append("[")
      for index in 0..<count {
        if index > 0 { output.append(",") }
        element(index).writeCompact(to: &output)
      }
      output.append("]")
    default:
      appendScalar(to: &output)
    }
  }

  /// Writes the value starting at `column` of a line whose members are indented by `indent`.
  private func writePretty(to output: inout JSONOutput, indent: Int, column: Int) {
    switch self {
    case .array(let elements) where elements.isEmpty:
      output.append("[]")
    case .object(let members) where members.isEmpty:
      output.append("{}")
    case .object(let members) where members.allSatisfy({ $0.1.isScalar }):
      Self.appendInlineObject(members, to: &output)
    case .array(let elements) where elements.allSatisfy(\.isScalar):
      var inline = JSONOutput()
      inline.append("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { inline.append(", ") }
        element.appendScalar(to: &inline)
      }
      inline.append("]")
      if column + inline.characterCount <= Self.prettyLineWidth {
        output.bytes += inline.bytes
      } else {
        Self.writeBlock(elements: elements, to: &output, indent: indent)
      }
    case .array(let elements):
      Self.writeBlock(elements: elements, to: &output, indent: indent)
    case .object(let members):
      Self.writeBlock(members: members, to: &output, indent: indent)
    case .elements(let count, _) where count == 0:
      output.append("[]")
    case .elements(let count, let element):
      output.append("[\n")
      for index in 0..<count {
        output.appendSpaces(indent + 2)
        element(index).writePretty(to: &output, indent: indent + 2, column: indent + 2)
        output.append(index < count - 1 ? ",\n" : "\n")
      }
      output.appendSpaces(indent)
      output.append("]")
    default:
      appendScalar(to: &output)
    }
  }

  /// Writes elements one per line between brackets, indented one level deeper.
  private static func writeBlock(elements: [JSONValue], to output: inout JSONOutput, indent: Int) {
    output.append("[\n")
    for (index, value) in elements.enumerated() {
      output.appendSpaces(indent + 2)
      value.writePretty(to: &output, indent: indent + 2, column: indent + 2)
      output.append(index < elements.count - 1 ? ",\n" : "\n")
    }
    output.appendSpaces(indent)
    output.append("]")
  }

  /// Writes members one per line between braces, indented one level deeper.
  private static func writeBlock(
    members: [(String, JSONValue)], to output: inout JSONOutput, indent: Int
  ) {
    output.append("{\n")
    for (index, (key, value)) in members.enumerated() {
      output.appendSpaces(indent + 2)
      let lineStart = output.bytes.count
      output.appendQuoted(key)
      output.append(": ")
      // The column counts characters, as a reader's editor does.
      let keyColumns = output.characterCount(from: lineStart)
      value.writePretty(to: &output, indent: indent + 2, column: indent + 2 + keyColumns)
      output.append(index < members.count - 1 ? ",\n" : "\n")
    }
    output.appendSpaces(indent)
    output.append("}")
  }

  private static func appendInlineObject(_ members: [(String, JSONValue)], to output: inout JSONOutput) {
    output.append("{")
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { output.append(", ") }
      output.appendQuoted(key)
      output.append(": ")
      value.appendScalar(to: &output)
    }
    output.append("}")
  }

  /// Appends the text of a scalar; containers fall back to compact form.
  private func appendScalar(to output: inout JSONOutput) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let value):
      if value.isFinite { output.append(formatNumber(value)) } else { output.append("null") }
    case .integer(let value): output.append(String(value))
    case .unsigned(let value): output.append(String(value))
    case .string(let value): output.appendQuoted(value)
    case .array, .object, .elements: writeCompact(to: &output)
    }
  }
}

/// JSON text as it is written: UTF-8 bytes, appended to without the cost of a `String` per
/// piece (a trace of a long gesture writes millions of them).
private struct JSONOutput {
  var bytes: [UInt8] = []

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func appendSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// Appends `string` as a JSON string literal (see `jsonQuoted`), without building it apart
  /// when nothing in it needs escaping.
  mutating func appendQuoted(_ string: String) {
    let plain = string.utf8.allSatisfy {
      $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }
    if plain {
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: string.utf8)
      bytes.append(UInt8(ascii: "\""))
    } else {
      append(jsonQuoted(string))
    }
  }

  /// How many characters the text holds (UTF-8 continuation bytes do not start one).
  var characterCount: Int { characterCount(from: 0) }

  func characterCount(from start: Int) -> Int {
    let slice = bytes[start...]
    // ASCII is one character a byte; anything else is counted as Swift counts characters.
    if slice.allSatisfy({ $0 < 0x80 }) { return slice.count }
    return String(decoding: slice, as: UTF8.self).count
  }
}

/// A string as a JSON string literal, escaped per RFC 8259.
///
/// Quotes and backslashes are escaped; `\n`, `\r` and `\t` use their short forms and every
/// other control character below U+0020 is written `\u00XX`. Everything else, non-ASCII
/// included, is written as is (the output is UTF-8).
package func jsonQuoted(_ string: String) -> String {
  var result = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default:
      result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
  package init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  package init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  package init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Keeps the members in the order the literal lists them.
  package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}

// MARK: - Numbers

/// A number as SnapLab writes it in every output format and file.
///
/// Whole numbers print without a fraction (`300`, not `300.0`), `-0` prints as `0`, and
/// everything else prints the shortest text that reads back as the same `Double` (`0.1`,
/// `1e-05`, `1e+16`, `1.2345678901234568e+17`). A non-finite value prints as the empty string,
/// never `nan` or `inf`; JSON writes `null` instead, and prose uses `describeNumber`.
package func formatNumber(_ x: Double) -> String {
  guard x.isFinite else { return "" }
  if x == 0 { return "0" }  // Also catches -0.0.
  if x.rounded() == x, x.magnitude < 1e15 {
    // Exact: every integer below 2^53 is a Double, and 1e15 < 2^53.
    return String(Int64(x))
  }
  // Swift writes whole numbers up to 2^53 as `1000000000000000.0`, larger ones as `1e+16`.
  let text = x.description
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// A number as `formatNumber` writes it, in a `CGFloat`.
package func formatNumber(_ x: CGFloat) -> String { formatNumber(Double(x)) }

/// A number in a sentence: as `formatNumber` writes it, and `not a number`, `∞` or `−∞` when
/// it is not finite, so that prose never hides a broken value (and never prints `nan` or `inf`,
/// which read as a fault of the tool).
package func describeNumber(_ x: Double) -> String {
  if x.isFinite { return formatNumber(x) }
  if x.isNaN { return "not a number" }
  return x < 0 ? "−∞" : "∞"
}

/// A number in a sentence, from a `CGFloat`.
package func describeNumber(_ x: CGFloat) -> String { describeNumber(Double(x)) }
