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
    struct Insets: Codable { var top, left, bottom, right: Double }
    struct Rect: Codable { var x, y, width, height: Double }
    struct Container: Codable {
      var t: Double
      var width: Double
      var height: Double
      var screenWidth: Double?
      var screenHeight: Double?
      var safeArea: Insets?
      var statusBar: Double?
      var navigationBar: Double?
      var tabBar: Double?
      var keyboard: Rect?
      var refreshRate: Int?
      var name: String?
    }
    var version: Int
    var start: Point
    var events: [Event]
    var container: [Container]?
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
    var changes: [ContainerChange] = []
    for (index, entry) in (file.container ?? []).enumerated() {
      let path = "container[\(index)]"
      guard entry.width >= 0, entry.height >= 0 else {
        throw GestureFileError(description: "\(path): width and height must not be negative")
      }
      if let previous = changes.last, entry.t < previous.time {
        throw GestureFileError(
          description: "\(path).t: time goes backwards (\(entry.t) after \(previous.time))")
      }
      let bounds = CGRect(x: 0, y: 0, width: entry.width, height: entry.height)
      let insets = entry.safeArea.map {
        EdgeInsets(top: $0.top, left: $0.left, bottom: $0.bottom, right: $0.right)
      }
      let environment = Environment(
        name: entry.name ?? "container",
        bounds: bounds,
        screenBounds: CGRect(
          x: 0, y: 0, width: entry.screenWidth ?? entry.width,
          height: entry.screenHeight ?? entry.height),
        safeAreaInsets: insets ?? .zero,
        statusBarHeight: entry.statusBar ?? 0,
        navigationBarHeight: entry.navigationBar ?? 0,
        tabBarHeight: entry.tabBar ?? 0,
        keyboardFrame: entry.keyboard.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
        refreshRate: entry.refreshRate ?? 60)
      changes.append(ContainerChange(time: entry.t, environment: environment))
    }
    self.init(
      start: CGPoint(x: file.start.x, y: file.start.y), events: events, containerChanges: changes)
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
    if containerChanges.isEmpty {
      lines.append("]}")
    } else {
      lines.append("], \"container\": [")
      for (index, change) in containerChanges.enumerated() {
        let comma = index == containerChanges.count - 1 ? "" : ","
        lines.append("  " + Self.containerJSON(change) + comma)
      }
      lines.append("]}")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One container change as a gesture file writes it, on one line.
  public static func containerJSON(_ change: ContainerChange) -> String {
    func number(_ value: CGFloat) -> String { formatted(Double(value)) }
    let environment = change.environment
    let insets = environment.safeAreaInsets
    var fields = [
      "\"t\": \(formatted(change.time))",
      "\"name\": \"\(environment.name.replacingOccurrences(of: "\"", with: "\\\""))\"",
      "\"width\": \(number(environment.bounds.width))",
      "\"height\": \(number(environment.bounds.height))",
      "\"screenWidth\": \(number(environment.screenBounds.width))",
      "\"screenHeight\": \(number(environment.screenBounds.height))",
      "\"safeArea\": {\"top\": \(number(insets.top)), \"left\": \(number(insets.left)), "
        + "\"bottom\": \(number(insets.bottom)), \"right\": \(number(insets.right))}",
      "\"statusBar\": \(number(environment.statusBarHeight))",
      "\"navigationBar\": \(number(environment.navigationBarHeight))",
      "\"tabBar\": \(number(environment.tabBarHeight))",
      "\"refreshRate\": \(environment.refreshRate)",
    ]
    if let keyboard = environment.keyboardFrame {
      fields.append(
        "\"keyboard\": {\"x\": \(number(keyboard.minX)), \"y\": \(number(keyboard.minY)), "
          + "\"width\": \(number(keyboard.width)), \"height\": \(number(keyboard.height))}")
    }
    return "{" + fields.joined(separator: ", ") + "}"
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
