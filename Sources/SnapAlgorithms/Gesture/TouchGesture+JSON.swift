import Foundation

/// Why a gesture file could not be read; says where in the file and what was expected.
public struct GestureFileError: Error, CustomStringConvertible, Sendable {
  public let description: String
}

extension TouchGesture: Codable {
  /// The gesture-file format version this code reads and writes.
  public static let fileFormatVersion = 1

  /// The gesture file's layout; the one place its fields and their order are written down.
  private struct File: Codable {
    struct Point: Codable { var x: Double; var y: Double }
    /// `t`, `x` and `y` may be `null`: a value that is not a finite number, as the property
    /// tests' hostile touches have (NaN and infinity print as `null` in JSON).
    struct Event: Codable, JSONRecord {
      static let memberNames = ["t", "phase", "x", "y"]

      init(record: JSONRecordReader) throws {
        t = try record.numberOrNull(0) ?? .nan
        phase = try record.string(1)
        x = try record.numberOrNull(2) ?? .nan
        y = try record.numberOrNull(3) ?? .nan
      }

      var t: Double
      var phase: String
      var x: Double
      var y: Double

      init(t: Double, phase: String, x: Double, y: Double) {
        (self.t, self.phase, self.x, self.y) = (t, phase, x, y)
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double {
          try container.decodeNil(forKey: key) ? .nan : container.decode(Double.self, forKey: key)
        }
        t = try number(.t)
        phase = try container.decode(String.self, forKey: .phase)
        x = try number(.x)
        y = try number(.y)
      }
    }
    struct Insets: Codable { var top, left, bottom, right: Double }
    struct Rect: Codable { var x, y, width, height: Double }
    /// A container change: the whole new environment, flattened. Only `t`, `width` and
    /// `height` are required; the screen defaults to the window, everything else to none.
    struct Container: Codable {
      var t: Double
      var name: String?
      var width: Double
      var height: Double
      var screenWidth: Double?
      var screenHeight: Double?
      var safeArea: Insets?
      /// The view controller's `additionalSafeAreaInsets`; left out when there are none.
      var additionalSafeArea: Insets?
      var statusBar: Double?
      var navigationBar: Double?
      var tabBar: Double?
      var refreshRate: Int?
      var keyboard: Rect?
      /// The item's superview in the window, when it does not fill it.
      var superview: Rect?
      /// `phone` or `pad`; a phone when left out.
      var idiom: String?

      init(
        t: Double, name: String?, width: Double, height: Double, screenWidth: Double?,
        screenHeight: Double?, safeArea: Insets?, additionalSafeArea: Insets? = nil,
        statusBar: Double?, navigationBar: Double?, tabBar: Double?, refreshRate: Int?,
        keyboard: Rect?, superview: Rect?, idiom: String? = nil
      ) {
        self.t = t
        self.name = name
        self.width = width
        self.height = height
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.safeArea = safeArea
        self.additionalSafeArea = additionalSafeArea
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.refreshRate = refreshRate
        self.keyboard = keyboard
        self.superview = superview
        self.idiom = idiom
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        t = try container.decode(Double.self, forKey: .t)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        screenWidth = try container.decodeIfPresent(Double.self, forKey: .screenWidth)
        screenHeight = try container.decodeIfPresent(Double.self, forKey: .screenHeight)
        safeArea = try container.decodeIfPresent(Insets.self, forKey: .safeArea)
        additionalSafeArea = try container.decodeIfPresent(Insets.self, forKey: .additionalSafeArea)
        statusBar = try container.decodeIfPresent(Double.self, forKey: .statusBar)
        navigationBar = try container.decodeIfPresent(Double.self, forKey: .navigationBar)
        tabBar = try container.decodeIfPresent(Double.self, forKey: .tabBar)
        refreshRate = try container.decodeWholeNumberIfPresent(Int.self, forKey: .refreshRate)
        keyboard = try container.decodeIfPresent(Rect.self, forKey: .keyboard)
        superview = try container.decodeIfPresent(Rect.self, forKey: .superview)
        idiom = try container.decodeIfPresent(String.self, forKey: .idiom)
      }
    }
    var version: Int
    var start: Point
    var events: [Event]
    var container: [Container]?

    init(version: Int, start: Point, events: [Event], container: [Container]?) {
      self.version = version
      self.start = start
      self.events = events
      self.container = container
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decodeWholeNumber(Int.self, forKey: .version)
      start = try container.decode(Point.self, forKey: .start)
      // Gesture files run to millions of events: read them as records where the decoder can.
      if let records = decoder as? any JSONRecordDecoding {
        events = try records.decodeRecords(Event.self, forKey: CodingKeys.events)
      } else {
        events = try container.decode([Event].self, forKey: .events)
      }
      self.container = try container.decodeIfPresent([Container].self, forKey: .container)
    }
  }

  /// A key for the path of a value that fails validation: `events[1].t`.
  private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
      self.stringValue = String(intValue)
      self.intValue = intValue
    }
    init(_ name: String) { self.init(stringValue: name) }
    init(_ index: Int) { self.init(intValue: index) }
  }

  /// Reads the gesture-file format, rejecting, each with the path of the offending value:
  /// another version; unknown phases; a touch that does not start with `began`, a `began`
  /// while a finger is down, or events after a lift before the next `began`; container
  /// changes out of time order; negative sizes, insets and bar heights; and refresh rates
  /// outside 1…480 Hz.
  ///
  /// An event's `t`, `x` and `y` may be `null` (not a number) and its time may go backwards:
  /// that is the hostile input the property tests feed the algorithms, and their
  /// counterexamples must replay from the file.
  public init(from decoder: any Decoder) throws {
    let file = try decoder.singleValueContainer().decode(File.self)
    func invalid(_ path: [PathKey], _ reason: String) -> DecodingError {
      .dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath + path, debugDescription: reason))
    }
    guard file.version == Self.fileFormatVersion else {
      throw invalid(
        [PathKey("version")],
        "\(file.version) is not supported (expected \(Self.fileFormatVersion))")
    }
    var events: [TouchEvent] = []
    events.reserveCapacity(file.events.count)
    // Where the finger went down, while it is down; where it last lifted, while it is up.
    var down: Int?
    var lifted: Int?
    for (index, event) in file.events.enumerated() {
      // Built only for an error: a million events must not make a million paths.
      var phasePath: [PathKey] { [PathKey("events"), PathKey(index), PathKey("phase")] }
      guard let phase = TouchPhase(rawValue: event.phase) else {
        let names = TouchPhase.allCases.map(\.rawValue).joined(separator: ", ")
        throw invalid(phasePath, "'\(event.phase)' is not one of \(names)")
      }
      switch (phase, down) {
      case (.began, let began?):
        throw invalid(
          phasePath,
          "'began' while the finger is down since events[\(began)]; one finger at a time, "
            + "so a touch ends ('ended' or 'cancelled') before the next begins")
      case (.began, nil):
        down = index
      case (_, nil):
        let after = lifted.map { "after the lift at events[\($0)]" } ?? "before any 'began'"
        throw invalid(
          phasePath, "'\(event.phase)' \(after); a touch starts with 'began'")
      case (.ended, _?), (.cancelled, _?):
        (down, lifted) = (nil, index)
      case (.moved, _?):
        break
      }
      events.append(TouchEvent(time: event.t, phase: phase, location: CGPoint(x: event.x, y: event.y)))
    }
    var changes: [ContainerChange] = []
    for (index, entry) in (file.container ?? []).enumerated() {
      let path = [PathKey("container"), PathKey(index)]
      func notNegative(_ value: Double?, _ field: String...) throws {
        guard let value, value < 0 else { return }
        throw invalid(
          path + field.map(PathKey.init(stringValue:)),
          "\(describeNumber(value)) is negative; sizes, insets and bar heights are 0 or more")
      }
      try notNegative(entry.width, "width")
      try notNegative(entry.height, "height")
      try notNegative(entry.screenWidth, "screenWidth")
      try notNegative(entry.screenHeight, "screenHeight")
      if let insets = entry.safeArea {
        try notNegative(insets.top, "safeArea", "top")
        try notNegative(insets.left, "safeArea", "left")
        try notNegative(insets.bottom, "safeArea", "bottom")
        try notNegative(insets.right, "safeArea", "right")
      }
      if let insets = entry.additionalSafeArea {
        try notNegative(insets.top, "additionalSafeArea", "top")
        try notNegative(insets.left, "additionalSafeArea", "left")
        try notNegative(insets.bottom, "additionalSafeArea", "bottom")
        try notNegative(insets.right, "additionalSafeArea", "right")
      }
      try notNegative(entry.statusBar, "statusBar")
      try notNegative(entry.navigationBar, "navigationBar")
      try notNegative(entry.tabBar, "tabBar")
      try notNegative(entry.keyboard?.width, "keyboard", "width")
      try notNegative(entry.keyboard?.height, "keyboard", "height")
      try notNegative(entry.superview?.width, "superview", "width")
      try notNegative(entry.superview?.height, "superview", "height")
      if let rate = entry.refreshRate, !Self.refreshRates.contains(rate) {
        throw invalid(
          path + [PathKey("refreshRate")],
          "\(rate) Hz is outside \(Self.refreshRates.lowerBound)…\(Self.refreshRates.upperBound) Hz")
      }
      if let idiom = entry.idiom, DeviceProfile.Idiom(rawValue: idiom) == nil {
        throw invalid(path + [PathKey("idiom")], "'\(idiom.prefix(20))' is not phone or pad")
      }
      if let previous = changes.last, entry.t < previous.time {
        throw invalid(
          path + [PathKey("t")], "time goes backwards (\(entry.t) after \(previous.time))")
      }
      let bounds = CGRect(x: 0, y: 0, width: entry.width, height: entry.height)
      let insets = entry.safeArea.map {
        Insets(top: $0.top, left: $0.left, bottom: $0.bottom, right: $0.right)
      }
      let environment = ItemEnvironment(
        name: entry.name ?? "container",
        bounds: bounds,
        screenBounds: CGRect(
          x: 0, y: 0, width: entry.screenWidth ?? entry.width,
          height: entry.screenHeight ?? entry.height),
        safeAreaInsets: insets ?? .zero,
        additionalSafeAreaInsets: entry.additionalSafeArea.map {
          Insets(top: $0.top, left: $0.left, bottom: $0.bottom, right: $0.right)
        } ?? .zero,
        statusBarHeight: entry.statusBar ?? 0,
        navigationBarHeight: entry.navigationBar ?? 0,
        tabBarHeight: entry.tabBar ?? 0,
        keyboardFrame: entry.keyboard.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
        refreshRate: entry.refreshRate ?? 60,
        superviewFrame: entry.superview.map {
          CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        },
        idiom: entry.idiom.flatMap(DeviceProfile.Idiom.init(rawValue:)) ?? .phone)
      changes.append(ContainerChange(time: entry.t, environment: environment))
    }
    self.init(
      start: CGPoint(x: file.start.x, y: file.start.y), events: events, containerChanges: changes)
  }

  /// The display refresh rates a gesture file may give a container, in hertz.
  public static let refreshRates = 1...480

  /// Writes the gesture-file format: `version`, `start`, `events` and, when the container
  /// changes, `container` with every field of each new environment.
  public func encode(to encoder: any Encoder) throws {
    let file = File(
      version: Self.fileFormatVersion,
      start: File.Point(x: Double(start.x), y: Double(start.y)),
      events: events.map {
        File.Event(
          t: $0.time, phase: $0.phase.rawValue, x: Double($0.location.x), y: Double($0.location.y))
      },
      container: containerChanges.isEmpty
        ? nil
        : containerChanges.map { change in
          let environment = change.environment
          let insets = environment.safeAreaInsets
          return File.Container(
            t: change.time, name: environment.name, width: Double(environment.bounds.width),
            height: Double(environment.bounds.height),
            screenWidth: Double(environment.screenBounds.width),
            screenHeight: Double(environment.screenBounds.height),
            safeArea: File.Insets(
              top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
              right: Double(insets.right)),
            additionalSafeArea: environment.additionalSafeAreaInsets == .zero
              ? nil
              : File.Insets(
                top: Double(environment.additionalSafeAreaInsets.top),
                left: Double(environment.additionalSafeAreaInsets.left),
                bottom: Double(environment.additionalSafeAreaInsets.bottom),
                right: Double(environment.additionalSafeAreaInsets.right)),
            statusBar: Double(environment.statusBarHeight),
            navigationBar: Double(environment.navigationBarHeight),
            tabBar: Double(environment.tabBarHeight), refreshRate: environment.refreshRate,
            keyboard: environment.keyboardFrame.map {
              File.Rect(
                x: Double($0.minX), y: Double($0.minY), width: Double($0.width),
                height: Double($0.height))
            },
            superview: environment.superviewFrame.map {
              File.Rect(
                x: Double($0.minX), y: Double($0.minY), width: Double($0.width),
                height: Double($0.height))
            },
            idiom: environment.idiom == .phone ? nil : environment.idiom.rawValue)
        })
    var container = encoder.singleValueContainer()
    try container.encode(file)
  }

  /// Reads a gesture file: `{"version": 1, "start": {"x": 300, "y": 300}, "events":
  /// [{"t": 0, "phase": "began", "x": 300, "y": 300}, …]}`.
  ///
  /// Rejects, with the path of the offending value: malformed JSON, another version, missing
  /// or mistyped fields, numbers too large to represent, and everything `init(from:)` refuses
  /// (unknown phases, events outside a touch, negative sizes, container changes out of order).
  public init(json data: Data) throws(GestureFileError) {
    try self.init(jsonText: [UInt8](data))
  }

  /// Reads a gesture file from its bytes, as read from disk (no copy is made of them).
  package init(jsonText bytes: consuming [UInt8]) throws(GestureFileError) {
    do {
      self = try decodeFile(TouchGesture.self, fromText: bytes, file: "the gesture file")
    } catch {
      throw GestureFileError(description: error.description)
    }
  }

  /// The gesture as the file `trace --gesture` reads, one event per line.
  public func jsonText() -> String {
    jsonValue.serialized(pretty: true) + "\n"
  }

  /// The gesture file as a JSON tree, for formats that embed it.
  package var jsonValue: JSONValue {
    // Encoding a gesture cannot fail: every field is a number, a string or a list of them.
    (try? JSONValueEncoder().encode(self)) ?? .null
  }
}
