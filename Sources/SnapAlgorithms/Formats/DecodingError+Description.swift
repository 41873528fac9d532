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
