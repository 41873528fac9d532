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
    var output = ""
    if pretty {
      writePretty(to: &output, indent: 0, column: 0)
    } else {
      writeCompact(to: &output)
    }
    return output
  }

  /// Whether the value has no members or elements of its own.
  package var isScalar: Bool {
    switch self {
    case .null, .bool, .number, .integer, .unsigned, .string: true
    case .array, .object: false
    }
  }

  private func writeCompact(to output: inout String) {
    switch self {
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.writeCompact(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        output += jsonQuoted(key) + ":"
        value.writeCompact(to: &output)
      }
      output += "}"
    default:
      output += scalarText
    }
  }

  /// Writes the value starting at `column` of a line whose members are indented by `indent`.
  private func writePretty(to output: inout String, indent: Int, column: Int) {
    switch self {
    case .array(let elements) where elements.isEmpty:
      output += "[]"
    case .object(let members) where members.isEmpty:
      output += "{}"
    case .object(let members) where members.allSatisfy({ $0.1.isScalar }):
      output += inlineObject(members)
    case .array(let elements) where elements.allSatisfy(\.isScalar):
      let inline = "[" + elements.map(\.scalarText).joined(separator: ", ") + "]"
      if column + inline.count <= Self.prettyLineWidth {
        output += inline
      } else {
        writeBlock(elements.map { (nil, $0) }, brackets: ("[", "]"), to: &output, indent: indent)
      }
    case .array(let elements):
      writeBlock(elements.map { (nil, $0) }, brackets: ("[", "]"), to: &output, indent: indent)
    case .object(let members):
      writeBlock(members.map { ($0.0, $0.1) }, brackets: ("{", "}"), to: &output, indent: indent)
    default:
      output += scalarText
    }
  }

  /// Writes members or elements one per line between `brackets`, indented one level deeper.
  private func writeBlock(
    _ entries: [(String?, JSONValue)], brackets: (String, String), to output: inout String,
    indent: Int
  ) {
    let inner = String(repeating: " ", count: indent + 2)
    output += brackets.0 + "\n"
    for (index, (key, value)) in entries.enumerated() {
      var line = inner
      if let key { line += jsonQuoted(key) + ": " }
      output += line
      value.writePretty(to: &output, indent: indent + 2, column: line.count)
      output += index < entries.count - 1 ? ",\n" : "\n"
    }
    output += String(repeating: " ", count: indent) + brackets.1
  }

  private func inlineObject(_ members: [(String, JSONValue)]) -> String {
    let body = members.map { jsonQuoted($0.0) + ": " + $0.1.scalarText }
    return "{" + body.joined(separator: ", ") + "}"
  }

  /// The text of a scalar; containers fall back to compact form.
  private var scalarText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return value.isFinite ? formatNumber(value) : "null"
    case .integer(let value): return String(value)
    case .unsigned(let value): return String(value)
    case .string(let value): return jsonQuoted(value)
    case .array, .object:
      var output = ""
      writeCompact(to: &output)
      return output
    }
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

/// A number in a sentence: as `formatNumber` writes it, and `nan`, `inf` or `-inf` when it
/// is not finite, so that prose never hides a broken value.
package func describeNumber(_ x: Double) -> String {
  x.isFinite ? formatNumber(x) : "\(x)"
}

/// A number in a sentence, from a `CGFloat`.
package func describeNumber(_ x: CGFloat) -> String { describeNumber(Double(x)) }
