import Foundation

extension DecodingError {
  /// What is wrong with a file, in a sentence that names the path of the offending value
  /// (`events[1].t: time goes backwards …`, `start is missing`); `file` names the file where
  /// there is no path (`the gesture file is not valid JSON …`).
  package func sentence(file: String) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let text = context.codingPath.reduce(into: "") { text, key in
        if let index = key.intValue { text += "[\(index)]" } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? file : text
    }
    switch self {
    case .keyNotFound(let key, let context):
      let prefix = path(context)
      let full = prefix == file ? key.stringValue : "\(prefix).\(key.stringValue)"
      return "\(full) is missing"
    case .typeMismatch(let type, let context):
      let expected =
        type == Double.self ? "a number" : type == String.self ? "a string" : type == Bool.self
        ? "true or false" : "\(type)"
      return "\(path(context)): expected \(expected)"
    case .valueNotFound(_, let context):
      return "\(path(context)): expected a value, found null"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "\(file) is not valid JSON (\(context.debugDescription))"
      }
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(file) could not be read: \(self)"
    }
  }
}

extension KeyedDecodingContainer {
  /// A whole number of type `Number` at `key`. JSONDecoder on Linux says only "not valid JSON"
  /// of a number that does not fit (`60.5` for an `Int`, `-1` for a `UInt64`); this says which
  /// field and why.
  package func decodeWholeNumber<Number: FixedWidthInteger & Decodable>(
    _ type: Number.Type, forKey key: Key
  ) throws -> Number {
    if let number = try? decode(Number.self, forKey: key) { return number }
    // Not a whole number of that range: say what it is, with the path.
    let value = try decode(Double.self, forKey: key)
    throw DecodingError.dataCorruptedError(
      forKey: key, in: self,
      debugDescription: "expected a whole number from \(Number.min) to \(Number.max), found "
        + describeNumber(value))
  }

  /// Reads the format's version at `key` and refuses any other than `expected`: `2 is not
  /// supported (expected 1)`.
  package func requireVersion(_ expected: Int, forKey key: Key) throws {
    let version = try decodeWholeNumber(Int.self, forKey: key)
    guard version == expected else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "\(version) is not supported (expected \(expected))")
    }
  }

  /// `decodeWholeNumber` for a key that may be missing.
  package func decodeWholeNumberIfPresent<Number: FixedWidthInteger & Decodable>(
    _ type: Number.Type, forKey key: Key
  ) throws -> Number? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decodeWholeNumber(type, forKey: key)
  }
}

/// Decodes a file of `type` from `data` with `JSONByteDecoder`, or throws a sentence that says
/// what is wrong: where malformed JSON breaks, or the path of a bad value.
package func decodeFile<Value: Decodable>(_ type: Value.Type, from data: Data, file: String)
  throws(FileFormatError) -> Value
{
  try decodeFile(type, fromText: [UInt8](data), file: file)
}

/// `decodeFile` of a text read straight into an array of bytes.
package func decodeFile<Value: Decodable>(
  _ type: Value.Type, fromText bytes: consuming [UInt8], file: String
) throws(FileFormatError) -> Value {
  do {
    return try JSONByteDecoder().decode(type, fromText: bytes)
  } catch let error as DecodingError {
    throw FileFormatError(description: error.sentence(file: file))
  } catch {
    throw FileFormatError(description: "\(file) could not be read: \(error)")
  }
}

/// Why a file SnapLab reads is not one it can use; the description is a sentence.
package struct FileFormatError: Error, CustomStringConvertible, Sendable {
  package let description: String
}
