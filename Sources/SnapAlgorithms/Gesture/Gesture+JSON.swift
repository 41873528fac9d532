import Foundation

/// Why a gesture file could not be read; says where in the file and what was expected.
public struct GestureFileError: Error, CustomStringConvertible, Sendable {
  public let description: String
}

extension Gesture {
  /// The gesture-file format version this code reads and writes.
  public static let fileFormatVersion = 1

  private struct File: Codable {
    struct Point: Codable { var x: Double; var y: Double }
    struct Event: Codable { var t: Double; var phase: String; var x: Double; var y: Double }
    var version: Int
    var start: Point
    var events: [Event]
  }

  /// Reads a gesture file: `{"version": 1, "start": {"x": 300, "y": 300}, "events":
  /// [{"t": 0, "phase": "began", "x": 300, "y": 300}, …]}`.
  ///
  /// Rejects, with the path of the offending value: malformed JSON, another version, missing
  /// or mistyped fields, unknown phases, numbers too large to represent, and time that goes
  /// backwards.
  public init(json data: Data) throws(GestureFileError) {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch let error as DecodingError {
      // JSONDecoder says only "not valid JSON"; JSONSerialization says where and why.
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        do {
          _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
          let reason = (error as NSError).userInfo["NSDebugDescription"] as? String
          throw GestureFileError(
            description: "the gesture file is not valid JSON (\(reason ?? "\(error)"))")
        }
      }
      throw GestureFileError(description: Self.describe(error))
    } catch {
      throw GestureFileError(description: "the gesture file could not be read: \(error)")
    }
    guard file.version == Self.fileFormatVersion else {
      throw GestureFileError(
        description: "version: \(file.version) is not supported (expected \(Self.fileFormatVersion))")
    }
    var events: [TouchEvent] = []
    events.reserveCapacity(file.events.count)
    for (index, event) in file.events.enumerated() {
      let path = "events[\(index)]"
      guard let phase = TouchPhase(rawValue: event.phase) else {
        let names = TouchPhase.allCases.map(\.rawValue).joined(separator: ", ")
        throw GestureFileError(
          description: "\(path).phase: '\(event.phase)' is not one of \(names)")
      }
      if let previous = events.last, event.t < previous.time {
        throw GestureFileError(
          description: "\(path).t: time goes backwards (\(event.t) after \(previous.time))")
      }
      events.append(TouchEvent(time: event.t, phase: phase, location: CGPoint(x: event.x, y: event.y)))
    }
    self.init(start: CGPoint(x: file.start.x, y: file.start.y), events: events)
  }

  /// The gesture in the file format `init(json:)` reads, one event per line.
  public func jsonText() -> String {
    func number(_ value: CGFloat) -> String { formatted(Double(value)) }
    var lines = [
      "{\"version\": \(Self.fileFormatVersion), "
        + "\"start\": {\"x\": \(number(start.x)), \"y\": \(number(start.y))}, \"events\": ["
    ]
    for (index, event) in events.enumerated() {
      let comma = index == events.count - 1 ? "" : ","
      lines.append(
        "  {\"t\": \(formatted(event.time)), \"phase\": \"\(event.phase.rawValue)\", "
          + "\"x\": \(number(event.location.x)), \"y\": \(number(event.location.y))}\(comma)")
    }
    lines.append("]}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let text = context.codingPath.reduce(into: "") { text, key in
        if let index = key.intValue { text += "[\(index)]" } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "the gesture file" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      let prefix = path(context)
      let full = prefix == "the gesture file" ? key.stringValue : "\(prefix).\(key.stringValue)"
      return "\(full) is missing"
    case .typeMismatch(let type, let context):
      return "\(path(context)): expected \(type == Double.self ? "a number" : "\(type)")"
    case .valueNotFound(_, let context):
      return "\(path(context)): expected a value, found null"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "the gesture file is not valid JSON (\(context.debugDescription))"
      }
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "the gesture file could not be read: \(error)"
    }
  }
}
