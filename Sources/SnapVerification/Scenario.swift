import Foundation
import SnapAlgorithms

/// One situation to put an algorithm in: a device held one way with some bars, an item of some
/// size resting somewhere, and a gesture.
public struct Scenario: Sendable, CustomStringConvertible {
  public var device: DeviceProfile
  public var orientation: DeviceProfile.Orientation
  public var bars: DeviceProfile.Bars
  public var itemSize: CGSize
  public var gesture: TouchGesture

  public init(
    device: DeviceProfile, orientation: DeviceProfile.Orientation = .portrait,
    bars: DeviceProfile.Bars = .standard, itemSize: CGSize = Simulator.defaultItemSize,
    gesture: TouchGesture
  ) {
    self.device = device
    self.orientation = orientation
    self.bars = bars
    self.itemSize = itemSize
    self.gesture = gesture
    // The device does not change during a scenario: every container is on it (a gesture file
    // need not say which idiom its containers are).
    for index in self.gesture.containerChanges.indices {
      self.gesture.containerChanges[index].environment.idiom = device.idiom
    }
  }

  /// The screen, window and bars of the scenario, before any container change.
  public var environment: ItemEnvironment { device.environment(orientation, bars: bars) }

  /// Container changes after the gesture has started: rotations, bars and keyboards that come
  /// and go. A change no later than the first touch only sets the scene (a Split View window).
  public var resizes: [ContainerChange] {
    guard !gesture.containerChanges.isEmpty else { return [] }
    // The earliest finite touch time (0 when there is none), without building arrays: every
    // run judged asks this once.
    var start = Double.infinity
    for event in gesture.events where event.time.isFinite { start = Swift.min(start, event.time) }
    if start == .infinity { start = 0 }
    return gesture.containerChanges.filter { $0.time > start }
  }

  /// The environment in force at `time`: the last container change at or before it, within the
  /// simulator's tolerance (a change it delivered with the frame at `time` counts).
  public func environment(at time: Double) -> ItemEnvironment {
    let tolerance = Simulator.tolerance(for: environment)
    return gesture.containerChanges.last { $0.time <= time + tolerance }?.environment ?? environment
  }

  /// The simulated run of `algorithm` through the gesture.
  public func simulate<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm) -> Trajectory {
    Simulator(environment: environment, itemSize: itemSize).run(algorithm, gesture: gesture)
  }

  public var description: String { description(.exact) }

  /// The scenario in words, as `wording` says: exactly (`description`), or for a reader, with
  /// numbers to three decimals, the item's size with ×, and a phone's test window said as what
  /// it is.
  public func description(_ wording: Wording) -> String {
    var bits = ["\(device.name)"]
    if orientation == .landscape { bits.append("landscape") }
    if !bars.navigationBar { bits.append("no navigation bar") }
    if bars.navigationBar && bars.opaqueNavigationBar {
      bits.append("opaque navigation bar (the view starts below it)")
    }
    if !bars.tabBar { bits.append("no tab bar") }
    if bars.keyboard { bits.append("keyboard shown") }
    let by = wording == .reader ? "×" : "x"
    bits.append(
      "item \(describeNumber(Double(itemSize.width), wording))\(by)"
        + describeNumber(Double(itemSize.height), wording))
    let events = gesture.events.map {
      "\($0.phase.rawValue) t=\(formatTime($0.time)) (\(describeNumber(Double($0.location.x), wording)), "
        + "\(describeNumber(Double($0.location.y), wording)))"
    }
    let changes = gesture.containerChanges.map { change in
      "then at t=\(formatTime(change.time)) the container becomes "
        + describe(change.environment, on: device, wording)
    }
    return bits.joined(separator: ", ") + "; start (\(describeNumber(Double(gesture.start.x), wording)), "
      + "\(describeNumber(Double(gesture.start.y), wording))); " + (events + changes).joined(separator: ", ")
  }
}

extension Scenario {
  /// The scenario in one line for a first screen, at most 105 characters: the device, the
  /// item, where the finger went and for how long, and any container change — `iPhone 15, item
  /// 60×60: a touch (30, 133) → (0, 133) in 0.067 s`. Points are rounded to a tenth;
  /// `description` and the gesture file are exact.
  public var brief: String {
    func pt(_ value: CGFloat) -> String { describeNumber((Double(value) * 10).rounded() / 10) }
    func at(_ point: CGPoint) -> String { "(\(pt(point.x)), \(pt(point.y)))" }
    var bits = [device.name]
    if orientation == .landscape { bits.append("landscape") }
    if !bars.navigationBar { bits.append("no nav bar") }
    if bars.navigationBar && bars.opaqueNavigationBar { bits.append("opaque nav bar") }
    if !bars.tabBar { bits.append("no tab bar") }
    if bars.keyboard { bits.append("keyboard up") }
    bits.append("item \(pt(itemSize.width))×\(pt(itemSize.height))")
    var what: [String] = []
    let events = gesture.events
    if let first = events.first, let last = events.last {
      let touches = events.filter { $0.phase == .began }.count
      let duration = formatTime(last.time - first.time)
      what.append(
        (touches > 1 ? "\(touches) touches" : "a touch") + " \(at(first.location)) → "
          + "\(at(last.location)) in \(duration) s")
    } else {
      what.append("no touch, the item at \(at(gesture.start))")
    }
    let changes = gesture.containerChanges
    if let change = changes.first {
      let more = changes.count > 1 ? " (and \(changes.count - 1) more)" : ""
      what.append(
        "at \(formatTime(change.time)) s " + Self.change(from: environment, to: change.environment)
          + more)
    }
    let text = bits.joined(separator: ", ") + ": " + what.joined(separator: "; ")
    return text.count <= 105 ? text : String(text.prefix(104)) + "…"
  }

  /// What a container change does, in a few words: `the keyboard shows`, `it turns to
  /// landscape`, `the window becomes 320×1366`, `the insets change`.
  static func change(from old: ItemEnvironment, to new: ItemEnvironment) -> String {
    func pt(_ value: CGFloat) -> String { describeNumber((Double(value) * 10).rounded() / 10) }
    let oldLandscape = old.screenBounds.width > old.screenBounds.height
    let newLandscape = new.screenBounds.width > new.screenBounds.height
    var said: [String] = []
    if oldLandscape != newLandscape {
      said.append("it turns to \(newLandscape ? "landscape" : "portrait")")
    } else if old.bounds.size != new.bounds.size {
      said.append("the window becomes \(pt(new.bounds.width))×\(pt(new.bounds.height))")
    }
    if (old.keyboardFrame == nil) != (new.keyboardFrame == nil) {
      said.append(new.keyboardFrame == nil ? "the keyboard hides" : "the keyboard shows")
    } else if let a = old.keyboardFrame, let b = new.keyboardFrame, a != b {
      said.append("the keyboard moves")
    }
    if old.navigationBarHeight != new.navigationBarHeight || old.tabBarHeight != new.tabBarHeight
      || old.statusBarHeight != new.statusBarHeight
    {
      said.append("the bars change")
    }
    if said.isEmpty, old.safeAreaInsets != new.safeAreaInsets
      || old.additionalSafeAreaInsets != new.additionalSafeAreaInsets
    {
      said.append("the insets change")
    }
    if said.isEmpty, old.superviewFrame != new.superviewFrame { said.append("the view moves") }
    return said.isEmpty ? "the container changes" : said.joined(separator: ", ")
  }
}

// MARK: - Counterexamples in the verify file

extension Scenario: Codable {
  private enum CodingKeys: String, CodingKey {
    case device, landscape, navigationBar, opaqueNavigationBar, tabBar, keyboard, item, gesture
  }

  private struct Item: Codable {
    var width: Double
    var height: Double
  }

  /// Reads `{"device", "landscape", "navigationBar", "opaqueNavigationBar", "tabBar",
  /// "keyboard", "item": {"width", "height"}, "gesture": {…}}`; the device must be one of the
  /// catalogue's names, the gesture a gesture file. Left out, the bars are the usual ones
  /// (a translucent navigation bar) and the item is 60×60.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .device)
    guard let device = DeviceProfile.named(name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .device, in: container, debugDescription: "'\(name)' is not a known device")
    }
    let item = try container.decodeIfPresent(Item.self, forKey: .item)
    self.init(
      device: device,
      orientation: try container.decodeIfPresent(Bool.self, forKey: .landscape) == true
        ? .landscape : .portrait,
      bars: DeviceProfile.Bars(
        navigationBar: try container.decodeIfPresent(Bool.self, forKey: .navigationBar) ?? true,
        tabBar: try container.decodeIfPresent(Bool.self, forKey: .tabBar) ?? true,
        keyboard: try container.decodeIfPresent(Bool.self, forKey: .keyboard) ?? false,
        opaqueNavigationBar:
          try container.decodeIfPresent(Bool.self, forKey: .opaqueNavigationBar) ?? false),
      itemSize: item.map { CGSize(width: $0.width, height: $0.height) } ?? Simulator.defaultItemSize,
      gesture: try container.decode(TouchGesture.self, forKey: .gesture))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(device.name, forKey: .device)
    try container.encode(orientation == .landscape, forKey: .landscape)
    try container.encode(bars.navigationBar, forKey: .navigationBar)
    try container.encode(bars.opaqueNavigationBar, forKey: .opaqueNavigationBar)
    try container.encode(bars.tabBar, forKey: .tabBar)
    try container.encode(bars.keyboard, forKey: .keyboard)
    try container.encode(
      Item(width: Double(itemSize.width), height: Double(itemSize.height)), forKey: .item)
    try container.encode(gesture, forKey: .gesture)
  }
}

/// The simulator for one algorithm type, compiled for that type where it is made: `verify`'s
/// public entry points are inlinable and make it in the caller's module, where the algorithm's
/// type is known, so the simulator's per-event and per-frame code is specialised for it (no
/// generic metadata looked up per call, the algorithm's handlers inlined) while the rest of the
/// verification stays generic.
@usableFromInline
struct Simulation<Algorithm: SnapAlgorithm>: Sendable {
  @usableFromInline let begin: @Sendable (Algorithm, Scenario) -> SimulationRun<Algorithm>
  @usableFromInline let proceed: @Sendable (inout SimulationRun<Algorithm>) -> Trajectory
  /// `ScenarioGenerators.playing(_:with:)`: a scenario played with its simulation so far.
  /// Where a simulation at rest comes to rest again with touch events appended after a gap.
  @usableFromInline let restAfter:
    @Sendable (SimulationRun<Algorithm>, [TouchEvent], Double) -> CGRect
  @usableFromInline let playing:
    @Sendable ([Interaction], Algorithm) -> (scenario: Scenario, simulation: SimulationRun<Algorithm>)

  @inlinable
  init() {
    begin = { algorithm, scenario in
      Simulator(environment: scenario.environment, itemSize: scenario.itemSize)
        .start(algorithm, gesture: scenario.gesture)
    }
    proceed = { simulation in simulation.runToRest() }
    restAfter = { atRest, events, gap in
      var simulation = atRest
      simulation.append(events, after: gap)
      return simulation.restAfterRunning()
    }
    playing = { commands, algorithm in ScenarioGenerators.playing(commands, with: algorithm) }
  }

  /// The run of `algorithm` through `scenario`: what `scenario.simulate(algorithm)` gives.
  func callAsFunction(_ algorithm: Algorithm, _ scenario: Scenario) -> Trajectory {
    var simulation = begin(algorithm, scenario)
    return proceed(&simulation)
  }
}
