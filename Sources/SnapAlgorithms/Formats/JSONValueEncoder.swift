import Foundation

/// Encodes `Encodable` values into a `JSONValue`, keeping object members in the order they are
/// encoded, so that a file type's `encode(to:)` is its one writer and `JSONValue` its layout.
///
/// Numbers keep their kind: `Int` and smaller integers become `.integer`, `UInt64` `.unsigned`,
/// `Double`, `Float` and `CGFloat` `.number` (non-finite ones print as `null`). `nil` written
/// with `encodeNil` prints `null`; `encodeIfPresent` of `nil` writes nothing. Encoding a key
/// twice keeps its first position with the last value, as `JSONEncoder` does.
package struct JSONValueEncoder {
  package init() {}

  /// The value as a `JSONValue` tree.
  package func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
    let node = Node()
    try value.encode(to: NodeEncoder(node: node, codingPath: []))
    return node.value
  }

  /// The value as JSON text in `JSONValue`'s layout, with no trailing newline.
  package func text<Value: Encodable>(_ value: Value, pretty: Bool) throws -> String {
    try encode(value).serialized(pretty: pretty)
  }
}

/// A value under construction: unset, a scalar, or a container of further nodes.
private final class Node {
  enum Content {
    case unset
    case scalar(JSONValue)
    case object([(String, Node)])
    case array([Node])
  }
  var content = Content.unset

  var value: JSONValue {
    switch content {
    case .unset: return .object([])
    case .scalar(let value): return value
    case .object(let members): return .object(members.map { ($0.0, $0.1.value) })
    case .array(let elements): return .array(elements.map(\.value))
    }
  }

  /// The member for `key`, made (at the end) if it is new.
  func member(_ key: String) -> Node {
    if case .unset = content { content = .object([]) }
    guard case .object(var members) = content else {
      // A value already stands here: start an object over it, as the last write wins.
      let node = Node()
      content = .object([(key, node)])
      return node
    }
    if let existing = members.first(where: { $0.0 == key }) {
      existing.1.content = .unset
      return existing.1
    }
    let node = Node()
    members.append((key, node))
    content = .object(members)
    return node
  }

  func appendElement() -> Node {
    if case .unset = content { content = .array([]) }
    let node = Node()
    if case .array(var elements) = content {
      elements.append(node)
      content = .array(elements)
    } else {
      content = .array([node])
    }
    return node
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}

private struct StringKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct NodeEncoder: Encoder {
  let node: Node
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .unset = node.content { node.content = .object([]) }
    return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .unset = node.content { node.content = .array([]) }
    return Unkeyed(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(node: node, codingPath: codingPath)
  }
}

/// Stores a value into a node: scalars directly, anything else through its own `encode(to:)`.
private func scalar<Value: Encodable>(_ value: Value, into node: Node, path: [any CodingKey]) throws {
  switch value {
  case let value as Bool: node.content = .scalar(.bool(value))
  case let value as String: node.content = .scalar(.string(value))
  case let value as Double: node.content = .scalar(.number(value))
  case let value as Float: node.content = .scalar(.number(Double(value)))
  case let value as CGFloat: node.content = .scalar(.number(Double(value)))
  case let value as Int: node.content = .scalar(.integer(value))
  case let value as Int8: node.content = .scalar(.integer(Int(value)))
  case let value as Int16: node.content = .scalar(.integer(Int(value)))
  case let value as Int32: node.content = .scalar(.integer(Int(value)))
  case let value as Int64: node.content = .scalar(.integer(Int(value)))
  case let value as UInt8: node.content = .scalar(.integer(Int(value)))
  case let value as UInt16: node.content = .scalar(.integer(Int(value)))
  case let value as UInt32: node.content = .scalar(.integer(Int(value)))
  case let value as UInt: node.content = .scalar(.unsigned(UInt64(value)))
  case let value as UInt64: node.content = .scalar(.unsigned(value))
  default:
    node.content = .unset
    try value.encode(to: NodeEncoder(node: node, codingPath: path))
  }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  var codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    node.member(key.stringValue).content = .scalar(.null)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try scalar(value, into: node.member(key.stringValue), path: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.member(key.stringValue)
    child.content = .object([])
    return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.member(key.stringValue)
    child.content = .array([])
    return Unkeyed(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.member("super"), codingPath: codingPath + [StringKey(stringValue: "super")])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct Unkeyed: UnkeyedEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]
  var count: Int { node.count }

  private var nextKey: StringKey { StringKey(intValue: node.count) }

  mutating func encodeNil() throws { node.appendElement().content = .scalar(.null) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    let key = nextKey
    try scalar(value, into: node.appendElement(), path: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let key = nextKey
    let child = node.appendElement()
    child.content = .object([])
    return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = nextKey
    let child = node.appendElement()
    child.content = .array([])
    return Unkeyed(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let key = nextKey
    return NodeEncoder(node: node.appendElement(), codingPath: codingPath + [key])
  }
}

private struct Single: SingleValueEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.content = .scalar(.null) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try scalar(value, into: node, path: codingPath)
  }
}
