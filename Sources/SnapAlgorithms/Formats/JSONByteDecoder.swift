import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes `Decodable` values straight from the bytes of a JSON text: the reader of every file
/// SnapLab reads (gesture files, verify files, results files), through their `init(from:)`.
///
/// It builds no tree: each object is scanned once for where its members' values lie, and values
/// are parsed when asked for, so a gesture of a million events decodes in about the time and
/// memory its events take. Errors are `DecodingError`s with the coding path of the offending
/// value, including for JSON that is not well formed (`dataCorrupted` with an empty path and the
/// byte offset in the description) and for numbers that do not fit their type.
package struct JSONByteDecoder {
  package init() {}

  /// Decodes `type` from the JSON text `data`.
  package func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    try decode(type, fromText: [UInt8](data))
  }

  /// Decodes `type` from the JSON text `bytes`; a file read straight into an array is decoded
  /// without a copy.
  package func decode<Value: Decodable>(_ type: Value.Type, fromText bytes: consuming [UInt8])
    throws -> Value
  {
    if let encoding = Self.notUTF8(bytes) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [],
          debugDescription: "the file is \(encoding), not UTF-8 JSON: save it as UTF-8"
            + " without a byte-order mark"))
    }
    // One trailing NUL so that number parsing can never read past the end.
    var bytes = bytes
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { buffer in
      let text = JSONText(bytes: buffer, end: buffer.count - 1, top: TopObject())
      let start = text.skipSpace(0)
      guard start < text.end else { throw text.malformed(at: start, "there is no JSON value") }
      text.top.start = start
      // The whole text is checked first, so that no decoding can mistake malformed JSON for a
      // value of another kind. A top-level object is checked by the scan of its members, which
      // its containers then reuse.
      var end = start
      if text.bytes[start] == UInt8(ascii: "{") {
        end = try text.members(of: start).end
      } else {
        end = try text.skipValue(&end)
      }
      let rest = text.skipSpace(end)
      guard rest == text.end else {
        throw text.malformed(at: rest, "unexpected text after the JSON value")
      }
      return try Value(from: ByteDecoder(text: text, start: start, path: nil, key: nil))
    }
  }
}

extension JSONByteDecoder {
  /// The encoding `bytes` are in when it is one a JSON reader could be handed by mistake and
  /// that is not UTF-8 (a byte-order mark, or UTF-16 or UTF-32 told by its zero bytes, as RFC
  /// 8259's predecessor describes); `nil` otherwise.
  static func notUTF8(_ bytes: [UInt8]) -> String? {
    let head = Array(bytes.prefix(4))
    func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
    if starts([0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian, with a byte-order mark)" }
    if starts([0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian, with a byte-order mark)" }
    if starts([0xEF, 0xBB, 0xBF]) { return "UTF-8 with a byte-order mark" }
    if starts([0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte-order mark)" }
    if starts([0xFF, 0xFE]) { return "UTF-16 (little-endian, with a byte-order mark)" }
    guard head.count == 4 else { return nil }
    // JSON starts with ASCII, so the zero bytes of the first four say the encoding.
    switch (head[0] == 0, head[1] == 0, head[2] == 0, head[3] == 0) {
    case (true, true, true, false): return "UTF-32 (big-endian)"
    case (false, true, true, true): return "UTF-32 (little-endian)"
    case (true, false, true, false): return "UTF-16 (big-endian)"
    case (false, true, false, true): return "UTF-16 (little-endian)"
    default: return nil
    }
  }
}

/// The bytes of a JSON text and the scanning primitives over them.
/// The document's top-level object, scanned once however many containers read it.
fileprivate final class TopObject {
  var start = -1
  var members: [Member]?
  var end: Int?
}

fileprivate struct JSONText {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The index of the trailing NUL: one past the text.
  let end: Int
  let top: TopObject

  /// The members of the object at `start` (its `{`), checked to be well formed, and the index
  /// just after its `}`.
  func members(of start: Int) throws -> (members: [Member], end: Int) {
    if start == top.start, let members = top.members, let end = top.end { return (members, end) }
    var members: [Member] = []
    members.reserveCapacity(8)
    var position = skipSpace(start + 1)
    if bytes[position] == UInt8(ascii: "}") {
      position += 1
    } else {
      while true {
        guard bytes[position] == UInt8(ascii: "\"") else {
          throw malformed(at: position, "expected a member name in quotes")
        }
        let nameEnd = try skipString(position)
        try checkEscapes(at: position)
        let colon = skipSpace(nameEnd)
        guard bytes[colon] == UInt8(ascii: ":") else {
          throw malformed(at: colon, "expected ':' after a member name")
        }
        var value = skipSpace(colon + 1)
        let valueStart = value
        value = try skipValue(&value, depth: 1)
        members.append(Member(name: position, nameEnd: nameEnd, value: valueStart))
        position = skipSpace(value)
        if bytes[position] == UInt8(ascii: ",") {
          position = skipSpace(position + 1)
          continue
        }
        guard bytes[position] == UInt8(ascii: "}") else {
          throw malformed(at: position, "expected ',' or '}' in an object")
        }
        position += 1
        break
      }
    }
    if start == top.start {
      top.members = members
      top.end = position
    }
    return (members, position)
  }

  func malformed(at position: Int, _ reason: String) -> DecodingError {
    .dataCorrupted(
      DecodingError.Context(
        codingPath: [], debugDescription: "the JSON is malformed at byte \(position): \(reason)"))
  }

  func skipSpace(_ position: Int) -> Int {
    var index = position
    while index < end {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }

  /// Skips one value starting at `position` (no leading space), checking it is well formed;
  /// returns the index just after it. Nesting is bounded so that no input exhausts the stack.
  func skipValue(_ position: inout Int, depth: Int = 0) throws -> Int {
    guard depth < 512 else { throw malformed(at: position, "values nested deeper than 512") }
    guard position < end else { throw malformed(at: position, "the text ends where a value should be") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position = skipSpace(position + 1)
      if position < end, bytes[position] == UInt8(ascii: "}") { return position + 1 }
      while true {
        guard position < end, bytes[position] == UInt8(ascii: "\"") else {
          throw malformed(at: position, "expected a member name in quotes")
        }
        position = try skipString(position)
        position = skipSpace(position)
        guard position < end, bytes[position] == UInt8(ascii: ":") else {
          throw malformed(at: position, "expected ':' after a member name")
        }
        position = skipSpace(position + 1)
        position = try skipValue(&position, depth: depth + 1)
        position = skipSpace(position)
        guard position < end else { throw malformed(at: position, "an object is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position = skipSpace(position + 1)
          continue
        }
        guard bytes[position] == UInt8(ascii: "}") else {
          throw malformed(at: position, "expected ',' or '}' in an object")
        }
        return position + 1
      }
    case UInt8(ascii: "["):
      position = skipSpace(position + 1)
      if position < end, bytes[position] == UInt8(ascii: "]") { return position + 1 }
      while true {
        position = try skipValue(&position, depth: depth + 1)
        position = skipSpace(position)
        guard position < end else { throw malformed(at: position, "an array is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position = skipSpace(position + 1)
          continue
        }
        guard bytes[position] == UInt8(ascii: "]") else {
          throw malformed(at: position, "expected ',' or ']' in an array")
        }
        return position + 1
      }
    case UInt8(ascii: "\""):
      return try skipString(position)
    case UInt8(ascii: "t"): return try skipLiteral(position, "true")
    case UInt8(ascii: "f"): return try skipLiteral(position, "false")
    case UInt8(ascii: "n"): return try skipLiteral(position, "null")
    default:
      return try skipNumber(position)
    }
  }

  func skipLiteral(_ position: Int, _ literal: StaticString) throws -> Int {
    let count = literal.utf8CodeUnitCount
    guard position + count <= end else { throw malformed(at: position, "expected \(literal)") }
    for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
      throw malformed(at: position, "expected \(literal)")
    }
    return position + count
  }

  /// Skips a string starting at its opening quote; returns the index after the closing one.
  func skipString(_ position: Int) throws -> Int {
    var index = position + 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return index + 1 }
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte < 0x20 { throw malformed(at: index, "a control character inside a string") }
      index += 1
    }
    throw malformed(at: position, "a string is not closed")
  }

  /// The value of the well-formed number in `start..<end`, correctly rounded: most numbers a
  /// file holds (up to 15 significant digits, modest exponents) in exact integer arithmetic
  /// and one division or multiplication, which is correctly rounded (Clinger's fast path);
  /// the rest by `strtod`.
  func number(from start: Int, to end: Int) -> Double {
    var index = start
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var truncated = false
    // Significant digits beyond 19 do not fit the mantissa: such a number takes the slow path.
    while index < end, bytes[index] &- UInt8(ascii: "0") < 10 {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        if mantissa != 0 { digits += 1 }
      } else {
        truncated = true
      }
      index += 1
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, bytes[index] &- UInt8(ascii: "0") < 10 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        } else {
          truncated = true
        }
        index += 1
      }
    }
    // An exponent part (index short of the end) also takes the slow path.
    if index == end, !truncated, mantissa < (1 << 53), abs(exponent) <= 22 {
      let value = Double(mantissa)
      let scaled =
        exponent < 0 ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
      return negative ? -scaled : scaled
    }
    return bytes.baseAddress.map { base -> Double in
      base.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: end - start + 1) {
        strtod($0, nil)
      }
    } ?? .nan
  }

  /// 10⁰ to 10²², each exactly representable as a `Double`.
  static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// Skips a number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  func skipNumber(_ position: Int) throws -> Int {
    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    var index = position
    // The trailing NUL stops every loop below: it is neither a digit nor a sign.
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(bytes[index]) else { throw malformed(at: position, "expected a value") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while isDigit(bytes[index]) { index += 1 }
    }
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(bytes[index]) else { throw malformed(at: index, "expected digits after '.'") }
      while isDigit(bytes[index]) { index += 1 }
    }
    if bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard isDigit(bytes[index]) else { throw malformed(at: index, "expected digits in an exponent") }
      while isDigit(bytes[index]) { index += 1 }
    }
    return index
  }

  /// The string whose opening quote is at `position`, unescaped.
  func string(at position: Int) -> String {
    var index = position + 1
    var plain = true
    while bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        plain = false
        index += 2
      } else {
        index += 1
      }
    }
    if plain {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<index]), as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    func flush() {
      if !utf8.isEmpty {
        scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
        utf8.removeAll(keepingCapacity: true)
      }
    }
    func hex(_ at: Int) -> UInt32? {
      guard at + 4 <= end else { return nil }
      var value: UInt32 = 0
      for offset in 0..<4 {
        let byte = bytes[at + offset]
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
        value = value * 16 + digit
      }
      return value
    }
    index = position + 1
    while bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      flush()
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "u"):
        guard var code = hex(index) else {
          scalars.append("\u{FFFD}")
          continue
        }
        index += 4
        if (0xD800...0xDBFF).contains(code), bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u"), let low = hex(index + 2), (0xDC00...0xDFFF).contains(low)
        {
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default:
        // `\"`, `\\`, `\/` stand for themselves.
        scalars.append(Unicode.Scalar(escape))
      }
    }
    flush()
    return String(scalars)
  }

  /// Whether a valid escape-free check passes for the string at `position` (escapes other than
  /// JSON's are malformed).
  func checkEscapes(at position: Int) throws {
    var index = position + 1
    while bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          for offset in 2..<6 {
            guard index + offset < end, isHexDigit(bytes[index + offset]) else {
              throw malformed(at: index, "a \\u escape needs four hexadecimal digits")
            }
          }
          index += 6
        default:
          throw malformed(at: index, "an unknown escape in a string")
        }
      } else {
        index += 1
      }
    }
  }

  private func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// Whether the member name whose quotes are at `position` and `end - 1` equals `name`,
  /// without building a string unless it has escapes.
  func nameEquals(_ position: Int, _ end: Int, _ name: String) -> Bool {
    // Most names differ in length; a name with escapes is longer than what it spells.
    let length = end - position - 2
    let count = name.utf8.count
    if count > length { return false }
    if count < length, bytes[position + 1 + count] != UInt8(ascii: "\\"),
      !UnsafeBufferPointer(rebasing: bytes[(position + 1)..<(end - 1)]).contains(UInt8(ascii: "\\"))
    {
      return false
    }
    var offset = position + 1
    for byte in name.utf8 {
      guard offset < end - 1 else { return false }
      let here = bytes[offset]
      if here == UInt8(ascii: "\\") { return string(at: position) == name }
      if here != byte { return false }
      offset += 1
    }
    return offset == end - 1
  }
}

/// A member of an object: where its name and its value lie.
fileprivate struct Member {
  var name: Int
  var nameEnd: Int
  var value: Int
}

fileprivate struct IndexKey: CodingKey {
  let index: Int
  var stringValue: String { String(index) }
  var intValue: Int? { index }
  init?(stringValue: String) {
    guard let index = Int(stringValue) else { return nil }
    self.index = index
  }
  init(intValue: Int) { self.index = intValue }
}

/// A coding path as a chain from the innermost key out, shared by every value below it: the path
/// is put together as an array only when asked for (an error), not for every value decoded.
fileprivate final class PathNode {
  let parent: PathNode?
  let key: any CodingKey

  init(parent: PathNode?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  static func array(_ node: PathNode?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var current = node
    while let here = current {
      keys.append(here.key)
      current = here.parent
    }
    return keys.reversed()
  }
}

fileprivate struct ByteDecoder: Decoder {
  let text: JSONText
  /// Where the value to decode starts (no leading space).
  let start: Int
  /// The path to the container this value is in, and its key there.
  let path: PathNode?
  let key: (any CodingKey)?
  var codingPath: [any CodingKey] { PathNode.array(path) + (key.map { [$0] } ?? []) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The path of a container of this value: one more link, when the value has a key.
  var containerPath: PathNode? { key.map { PathNode(parent: path, key: $0) } ?? path }

  func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
    .typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected)"))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard text.bytes[start] == UInt8(ascii: "{") else {
      if text.bytes[start] == UInt8(ascii: "n") {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
      }
      throw mismatch([String: Any].self, "an object")
    }
    let members = try text.members(of: start).members
    return KeyedDecodingContainer(
      KeyedContainer<Key>(decoder: self, members: members, path: containerPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard text.bytes[start] == UInt8(ascii: "[") else {
      if text.bytes[start] == UInt8(ascii: "n") {
        throw DecodingError.valueNotFound(
          [Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
      }
      throw mismatch([Any].self, "an array")
    }
    return UnkeyedContainer(decoder: self, position: text.skipSpace(start + 1), path: containerPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(decoder: self)
  }

  // MARK: Scalars

  var isNull: Bool { text.bytes[start] == UInt8(ascii: "n") }

  func nullCheck(_ type: Any.Type) throws {
    if isNull {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
    }
  }

  func decodeBool() throws -> Bool {
    try nullCheck(Bool.self)
    switch text.bytes[start] {
    case UInt8(ascii: "t"): return true
    case UInt8(ascii: "f"): return false
    default: throw mismatch(Bool.self, "true or false")
    }
  }

  func decodeString() throws -> String {
    try nullCheck(String.self)
    guard text.bytes[start] == UInt8(ascii: "\"") else { throw mismatch(String.self, "a string") }
    try text.checkEscapes(at: start)
    return text.string(at: start)
  }

  func numberBounds(_ type: Any.Type) throws -> Int {
    try nullCheck(type)
    let byte = text.bytes[start]
    guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
      throw mismatch(type, "a number")
    }
    return try text.skipNumber(start)
  }

  func decodeDouble() throws -> Double {
    let numberEnd = try numberBounds(Double.self)
    let value = text.number(from: start, to: numberEnd)
    guard value.isFinite else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "the number \(numberText(numberEnd)) is too large to represent"))
    }
    return value
  }

  func numberText(_ numberEnd: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: text.bytes[start..<numberEnd]), as: UTF8.self)
  }

  func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    let numberEnd = try numberBounds(type)
    let literal = numberText(numberEnd)
    if let exact = Integer(literal) { return exact }
    // `1e3` and `2.0` are whole numbers too, written otherwise.
    if let value = Double(literal), value == value.rounded(), value.magnitude < 9_007_199_254_740_992,
      let exact = Integer(exactly: value)
    {
      return exact
    }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "expected a whole number from \(Integer.min) to \(Integer.max), found \(literal)"))
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ByteDecoder
  let members: [Member]
  let path: PathNode?
  var codingPath: [any CodingKey] { PathNode.array(path) }

  var allKeys: [Key] {
    members.compactMap { Key(stringValue: decoder.text.string(at: $0.name)) }
  }

  /// The last member named `key`, as JSONDecoder takes the last of duplicate keys.
  func member(_ key: Key) -> Member? {
    members.last { decoder.text.nameEquals($0.name, $0.nameEnd, key.stringValue) }
  }

  func contains(_ key: Key) -> Bool { member(key) != nil }

  func child(_ key: Key) throws -> ByteDecoder {
    guard let member = member(key) else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for it"))
    }
    return ByteDecoder(text: decoder.text, start: member.value, path: path, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try child(key).isNull }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try child(key).decodeDouble())
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try child(key).decodeInteger(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try child(key).decodeInteger(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try child(key).decodeInteger(type)
  }
  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try Value(from: child(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ByteDecoder
  /// Where the next element starts, or the closing bracket.
  var position: Int
  var currentIndex = 0
  let path: PathNode?
  var codingPath: [any CodingKey] { PathNode.array(path) }
  var count: Int? { nil }

  init(decoder: ByteDecoder, position: Int, path: PathNode?) {
    self.decoder = decoder
    self.position = position
    self.path = path
  }

  var isAtEnd: Bool { decoder.text.bytes[position] == UInt8(ascii: "]") }

  mutating func next() throws -> ByteDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        DecodingError.Context(
          codingPath: codingPath + [IndexKey(intValue: currentIndex)],
          debugDescription: "the array has no more elements"))
    }
    let element = ByteDecoder(
      text: decoder.text, start: position, path: path, key: IndexKey(intValue: currentIndex))
    var end = position
    end = try decoder.text.skipValue(&end)
    position = decoder.text.skipSpace(end)
    if decoder.text.bytes[position] == UInt8(ascii: ",") {
      position = decoder.text.skipSpace(position + 1)
    }
    currentIndex += 1
    return element
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, decoder.text.bytes[position] == UInt8(ascii: "n") else { return false }
    _ = try next()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
  mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
  mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
  mutating func decode(_ type: Float.Type) throws -> Float { Float(try next().decodeDouble()) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try Value(from: next())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleContainer: SingleValueDecodingContainer {
  let decoder: ByteDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
  func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
  func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
  func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try Value(from: decoder)
  }
}

// MARK: - Records

/// A flat JSON object of numbers and strings that `JSONByteDecoder` can decode by the million:
/// its members are found by name once per object, without Codable's per-member machinery.
///
/// A type that conforms is `Decodable` as well (other decoders use that); the two read the same
/// members, and a test checks that they agree.
package protocol JSONRecord {
  /// The member names, by the index `init(record:)` reads them at.
  static var memberNames: [String] { get }
  init(record: JSONRecordReader) throws
}

/// The members of one record, by index into its type's `memberNames`.
package struct JSONRecordReader {
  fileprivate let text: JSONText
  /// Where each named member's value starts, or -1 when the object has no such member.
  fileprivate let values: [Int]
  fileprivate let names: [String]
  /// The path of the record: the array's path and the record's index there.
  fileprivate let arrayPath: [any CodingKey]
  fileprivate let index: Int

  private func path() -> [any CodingKey] { arrayPath + [IndexKey(intValue: index)] }

  private func key(_ index: Int) -> any CodingKey { NameKey(stringValue: names[index]) }

  private func start(_ index: Int) throws -> Int {
    let start = values[index]
    guard start >= 0 else {
      throw DecodingError.keyNotFound(
        key(index), DecodingError.Context(codingPath: path(), debugDescription: "no value for it"))
    }
    return start
  }

  private func decoder(_ index: Int) throws -> ByteDecoder {
    ByteDecoder(text: text, start: try start(index), path: nil, key: nil)
  }

  private func located(_ error: DecodingError, _ index: Int) -> DecodingError {
    let codingPath = path() + [key(index)]
    switch error {
    case .typeMismatch(let type, let context):
      return .typeMismatch(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: context.debugDescription))
    case .valueNotFound(let type, let context):
      return .valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: context.debugDescription))
    case .dataCorrupted(let context):
      return .dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: context.debugDescription))
    default:
      return error
    }
  }

  /// The number at `index`, or `nil` for `null`.
  package func numberOrNull(_ index: Int) throws -> Double? {
    let start = try start(index)
    let byte = text.bytes[start]
    if byte == UInt8(ascii: "n") { return nil }
    // The member scan checked the value is well formed: a number starts with a digit or '-'.
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      throw DecodingError.typeMismatch(
        Double.self,
        DecodingError.Context(codingPath: path() + [key(index)], debugDescription: "expected a number"))
    }
    let end = try text.skipNumber(start)
    let value = text.number(from: start, to: end)
    guard value.isFinite else {
      let literal = String(decoding: UnsafeBufferPointer(rebasing: text.bytes[start..<end]), as: UTF8.self)
      throw invalid(index, "the number \(literal) is too large to represent")
    }
    return value
  }

  /// The string at `index`.
  package func string(_ index: Int) throws -> String {
    do { return try decoder(index).decodeString() } catch let error as DecodingError {
      throw located(error, index)
    }
  }

  /// An error about the value at `index`, with its path.
  package func invalid(_ index: Int, _ reason: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path() + [key(index)], debugDescription: reason))
  }
}

private struct NameKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A decoder that can hand over an array of records whole.
package protocol JSONRecordDecoding {
  /// The array at `key` of the object being decoded, each element read as a `Record`.
  func decodeRecords<Record: JSONRecord>(_ type: Record.Type, forKey key: some CodingKey) throws
    -> [Record]
}

extension ByteDecoder: JSONRecordDecoding {
  func decodeRecords<Record: JSONRecord>(_ type: Record.Type, forKey key: some CodingKey) throws
    -> [Record]
  {
    let object = try container(keyedBy: NameKey.self)
    let array = try object.superDecoder(forKey: NameKey(stringValue: key.stringValue))
    guard let element = array as? ByteDecoder else { return [] }
    guard text.bytes[element.start] == UInt8(ascii: "[") else {
      throw DecodingError.typeMismatch(
        [Any].self,
        DecodingError.Context(codingPath: element.codingPath, debugDescription: "expected an array"))
    }
    let names = Record.memberNames
    let nameBytes = names.map { Array($0.utf8) }
    var records: [Record] = []
    var position = text.skipSpace(element.start + 1)
    var index = 0
    let arrayPath = element.codingPath
    while text.bytes[position] != UInt8(ascii: "]") {
      guard text.bytes[position] == UInt8(ascii: "{") else {
        throw DecodingError.typeMismatch(
          [String: Any].self,
          DecodingError.Context(
            codingPath: arrayPath + [IndexKey(intValue: index)], debugDescription: "expected an object"))
      }
      var values = [Int](repeating: -1, count: names.count)
      var member = text.skipSpace(position + 1)
      var end = member
      if text.bytes[member] == UInt8(ascii: "}") {
        end = member + 1
      } else {
        while true {
          let nameEnd = try text.skipString(member)
          try text.checkEscapes(at: member)
          var value = text.skipSpace(text.skipSpace(nameEnd) + 1)
          let valueStart = value
          value = try text.skipValue(&value)
          // A member of the record's, or one it ignores; the last of duplicates counts. Names
          // are compared as bytes (escaped ones as strings).
          let length = nameEnd - member - 2
          for slot in nameBytes.indices {
            let wanted = nameBytes[slot]
            if wanted.count == length {
              let same = wanted.withUnsafeBufferPointer { wanted -> Bool in
                guard let here = text.bytes.baseAddress, let name = wanted.baseAddress else {
                  return length == 0
                }
                return memcmp(here + member + 1, name, length) == 0
              }
              if same { values[slot] = valueStart }
            } else if wanted.count < length, text.nameEquals(member, nameEnd, names[slot]) {
              values[slot] = valueStart
            }
          }
          member = text.skipSpace(value)
          if text.bytes[member] == UInt8(ascii: ",") {
            member = text.skipSpace(member + 1)
          } else {
            end = member + 1
            break
          }
        }
      }
      records.append(
        try Record(
          record: JSONRecordReader(
            text: text, values: values, names: names, arrayPath: arrayPath, index: index)))
      position = text.skipSpace(end)
      if text.bytes[position] == UInt8(ascii: ",") { position = text.skipSpace(position + 1) }
      index += 1
    }
    return records
  }
}
