import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification

/// `snap-bench trace <algorithm>`: one simulated gesture, frame by frame.
enum TraceCommand: Subcommand {
  static let name = "trace"

  static let device = OptionSpec(
    "--device", value: "<name>",
    help: "A device from '\(.tool) list devices', case-insensitive (default: iPhone 15).")
  static let landscape = OptionSpec(flag: "--landscape", help: "Hold the device in landscape.")
  static let noNavBar = OptionSpec(flag: "--no-nav-bar", help: "Hide the navigation bar.")
  static let opaqueNavBar = OptionSpec(
    flag: "--opaque-nav-bar",
    help: "Make the navigation bar opaque: the item's superview starts below it.")
  static let noTabBar = OptionSpec(flag: "--no-tab-bar", help: "Hide the tab bar.")
  static let keyboard = OptionSpec(flag: "--keyboard", help: "Show the keyboard.")
  static let item = OptionSpec(
    "--item", value: "<width>x<height>",
    help: "The item's size in points (default: the size the algorithm declares, else 60x60).")
  static let motion = OptionSpec(
    "--motion", value: "<motion>",
    help: """
      Replace the algorithm's release motion (a curve named without a duration keeps the \
      algorithm's); see '\(.tool) list motions'.
      """)
  static let gesture = OptionSpec(
    "--gesture", value: "<file>|-",
    help: "A gesture file (JSON), or - for standard input (default: a drag up and to the left).")
  static let flick = OptionSpec(
    "--flick", value: "<vx>,<vy>",
    help: """
      Instead of --gesture: a flick from the middle of the safe region at this velocity in \
      points per second (50 ms of touches at 120 Hz, lifted at full speed).
      """)
  static let scenario = OptionSpec(
    "--scenario", value: "<file>|-",
    help: """
      A counterexample as the verify file writes it (a result's "counterexample": device, bars, \
      item and gesture), or - for standard input; instead of the device, bar, --item, \
      --gesture and --flick options.
      """)
  static let format = OptionSpec(
    "--format", value: "<format>",
    help: "table (a frame a line), json, csv, or svg (the device to scale with every frame); "
      + "default: table on a terminal, json otherwise.")

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Simulate one gesture and print every frame.",
    discussion: """
      A gesture file reads {"version": 1, "start": {"x": 300, "y": 300}, "events": [{"t": 0, \
      "phase": "began", "x": 300, "y": 300}, …]}: start is the item's centre before the touch, \
      events are the finger's positions in container points, t is in seconds, phase is began, \
      moved, ended or cancelled. Output frames give the item's frame origin and size, as UIKit \
      reports `frame`, in container points.
      """,
    arguments: [
      ArgumentSpec("<algorithm>", help: "An id from '\(.tool) list algorithms'.")
    ],
    options: [
      device, landscape, noNavBar, opaqueNavBar, noTabBar, keyboard, item, motion, gesture, flick,
      scenario, format,
    ])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let id = parsed.positional("<algorithm>") ?? ""
    do {
      _ = try tool.algorithms(matching: id)
    } catch {
      throw UsageError.invalidValue(id, forLabel: "<algorithm>", reason: error.description)
        .withUsage(of: spec)
    }
    guard var algorithm = tool.algorithm(id: id) else {
      var reason = "not an algorithm id"
      if let near = tool.suggestion(for: id) {
        reason += ". Did you mean '\(near)'?"
      } else {
        reason += "; see '\(tool.name) list algorithms'"
      }
      throw UsageError.invalidValue(id, forLabel: "<algorithm>", reason: reason).withUsage(of: spec)
    }

    // A counterexample from a verify file: its device, bars, item and gesture in one.
    var replayed: Scenario?
    if let path = parsed.value(scenario) {
      let given = [device, item, gesture, flick].filter { parsed.value($0) != nil }
        + [landscape, noNavBar, opaqueNavBar, noTabBar, keyboard].filter { parsed.flag($0) }
      if let other = given.first {
        throw UsageError.invalidValue(
          path, for: scenario, reason: "give --scenario or \(other.name), not both"
        ).withUsage(of: spec)
      }
      do {
        try refuseStandardOutput(asInput: path, for: scenario.label)
      } catch {
        throw error.withUsage(of: spec)
      }
      replayed = try readScenario(path)
    }

    let deviceName = parsed.value(device) ?? DeviceProfile.standard.name
    guard let profile = DeviceProfile.named(deviceName) else {
      let names = DeviceProfile.catalogue.flatMap(\.acceptedNames)
      var reason = "not a known device"
      if let near = nearestCandidate(to: deviceName, among: names) {
        reason += ". Did you mean '\(near)'?"
      } else {
        reason += "; see '\(tool.name) list devices'"
      }
      throw UsageError.invalidValue(deviceName, for: device, reason: reason).withUsage(of: spec)
    }
    let bars = DeviceProfile.Bars(
      navigationBar: !parsed.flag(noNavBar), tabBar: !parsed.flag(noTabBar),
      keyboard: parsed.flag(keyboard),
      opaqueNavigationBar: !parsed.flag(noNavBar) && parsed.flag(opaqueNavBar))
    let environment = replayed?.environment
      ?? profile.environment(parsed.flag(landscape) ? .landscape : .portrait, bars: bars)

    // The size asked for, or the one the algorithm declares for the device (a user's 50×50
    // button is traced at 50×50, as verify checks it), or the 60×60 default.
    let size = try replayed?.itemSize
      ?? parsed.itemSize(item).map { CGSize(width: $0.width, height: $0.height) }
      ?? algorithm.itemSize(on: profile.idiom)
      ?? Simulator.defaultItemSize

    if let text = parsed.value(motion) {
      let chosen: Motion
      // A curve named without a duration keeps the algorithm's own duration.
      var duration = Motion.defaultDuration
      if case .curve(_, let own)? = algorithm.releaseMotion { duration = own }
      do {
        chosen = try Motion(parsing: text, defaultDuration: duration)
      } catch {
        throw UsageError.invalidValue(text, for: motion, reason: error.description)
          .withUsage(of: spec)
      }
      guard algorithm.releaseMotion != nil else {
        throw UsageError.invalidValue(
          text, for: motion,
          reason: "\(algorithm.id) never moves the item after the finger lifts")
          .withUsage(of: spec)
      }
      algorithm.releaseMotion = chosen
    }

    var input: TouchGesture
    // Whether the gesture is the sample drag, which starts where the app places the item.
    var sampled = false
    if let replayed {
      input = replayed.gesture
    } else if let text = parsed.value(flick) {
      guard parsed.value(gesture) == nil else {
        throw UsageError.invalidValue(text, for: flick, reason: "give --flick or --gesture, not both")
          .withUsage(of: spec)
      }
      let velocity = try parseVelocity(text, for: flick, spec: spec)
      let region = environment.safeRegion
      input = .flick(from: CGPoint(x: region.midX, y: region.midY), velocity: velocity)
    } else if let path = parsed.value(gesture) {
      do {
        try refuseStandardOutput(asInput: path, for: gesture.label)
      } catch {
        throw error.withUsage(of: spec)
      }
      input = try readGesture(path)
    } else {
      input = .sample(in: environment)
      sampled = true
    }
    // A person at a terminal reads a table; a pipe or a file gets the data.
    let output =
      try parsed.choice(format, among: ["table", "json", "csv", "svg"])
      ?? (Terminal.outputWidth == nil ? "json" : "table")
    // The containers are all on the device traced (a gesture file need not name the idiom).
    for index in input.containerChanges.indices {
      input.containerChanges[index].environment.idiom = environment.idiom
    }

    // A handler that never returns ends the command, saying so, instead of hanging it; a slow
    // one is traced (one gesture: its pace is not judged).
    ExampleGuard.install()
    ExampleGuard.judgesPace = false
    let problem = ExampleGuard.watching(
      WhatRuns("checking that '\(algorithm.id)' animates its release with its releaseMotion"),
      deadline: .seconds(10)
    ) { releaseMotionProblem(algorithm) }
    if let problem {
      writeStandardError("note: \(problem)\n")
    }
    let trajectory = ExampleGuard.watching(
      WhatRuns("replaying the gesture on '\(algorithm.id)'"), deadline: .seconds(10)
    ) { [input] in
      let simulator = Simulator(environment: environment, itemSize: size)
      let gesture =
        sampled ? sampleGesture(for: algorithm, in: environment, itemSize: size) : input
      // A frame for each touch event and change, and the gesture's span, beyond the 10 s: a
      // handler within a frame an event is never called stuck, however long the gesture.
      let (events, seconds) = watchedWork(of: gesture)
      ExampleGuard.allow(events: events, seconds: seconds)
      return simulator.run(algorithm, gesture: gesture)
    }
    let nonFinite = trajectory.frames.filter { !$0.rect.isFinite }.count
    if output == "svg" {
      let motion = algorithm.releaseMotion.map { ", \($0)" } ?? ""
      // Drawn in the final window: the frames from the last container change on.
      let lastChange = input.containerChanges.map(\.time).filter(\.isFinite).max()
      let drawing = Figures.device(
        trajectory.finalEnvironment,
        paths: [Figures.Path(
          label: (lastChange.map { "frames from t = \(formatNumber(($0 * 1000).rounded() / 1000)) s, in the final window" } ?? "every frame")
            + (trajectory.frames.count > Figures.mostFramesDrawn
              ? " (\(Figures.mostFramesDrawn) of \(trajectory.frames.count), evenly spaced)" : ""),
          colour: SVG.Palette.gestures[0], trajectory: trajectory, from: lastChange ?? -.infinity)],
        title: algorithm.id, subtitle: ["\(trajectory.finalEnvironment.name)\(motion)"], width: 240)
      try printOutput(drawing.document, terminator: "")
    } else if output == "csv" {
      try writeStandardOutput(Array(csvText(trajectory).utf8))
    } else if output == "table" {
      try printOutput(frameTable(trajectory, algorithm: algorithm, changes: input.containerChanges))
    } else {
      try writeStandardOutput(
        json(trajectory, algorithm: algorithm, changes: input.containerChanges).utf8(pretty: true)
          + [0x0A])
    }
    if nonFinite > 0 {
      writeStandardError(
        "note: \(nonFinite) of \(trajectory.frames.count) frames are not finite numbers "
          + "(printed as \(["csv": "empty fields", "table": "—"][output] ?? "null")): the algorithm lost "
          + "the item.\n")
    }
    if trajectory.isTruncated {
      writeStandardError(
        "note: the run stopped recording at \(trajectory.frames.count) frames; "
          + "\"rest\" is still the final position.\n")
    }
  }

  /// The frames as CSV, `t,phase,x,y,width,height`, one row each: built in one string, since a
  /// long gesture has hundreds of thousands of them. No field needs quoting: numbers (empty when
  /// not finite) and phase names.
  static func csvText(_ trajectory: Trajectory) -> String {
    var text = csvLine(["t", "phase", "x", "y", "width", "height"]) + "\n"
    text.reserveCapacity(text.utf8.count + trajectory.frames.count * 48)
    for frame in trajectory.frames {
      text += formatNumber(frame.time)
      text += ","
      text += frame.phase.rawValue
      for value in [frame.rect.origin.x, frame.rect.origin.y, frame.rect.size.width, frame.rect.size.height] {
        text += ","
        text += formatNumber(Double(value))
      }
      text += "\n"
    }
    return text
  }

  static func numbers(_ rect: CGRect) -> [String] {
    [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map {
      formatNumber(Double($0))
    }
  }

  static func json(
    _ trajectory: Trajectory, algorithm: any SnapAlgorithm, changes: [ContainerChange] = []
  ) -> JSONValue {
    @Sendable func rect(_ rect: CGRect) -> [(String, JSONValue)] {
      [
        ("x", .number(rect.origin.x)), ("y", .number(rect.origin.y)),
        ("width", .number(rect.size.width)), ("height", .number(rect.size.height)),
      ]
    }
    let environment = trajectory.environment
    return .object([
      ("version", .integer(1)),
      ("algorithm", .string(trajectory.algorithm)),
      ("device", .string(environment.name)),
      ("container", .object([
        ("width", .number(environment.bounds.width)),
        ("height", .number(environment.bounds.height)),
      ])),
      ("refreshRate", .integer(environment.refreshRate)),
      ("motion", algorithm.releaseMotion.map { .string($0.description) } ?? .null),
      // Made a frame at a time as they are written: a long gesture has hundreds of thousands.
      ("frames", .elements(count: trajectory.frames.count) { [frames = trajectory.frames] index in
        let frame = frames[index]
        return .object(
          [("t", .number(frame.time)), ("phase", .string(frame.phase.rawValue))] + rect(frame.rect))
      }),
      ("release", release(trajectory, algorithm: algorithm)),
      ("rest", .object(rect(trajectory.rest))),
      ("truncated", .bool(trajectory.isTruncated)),
      // What each touch did, so that a tap's verdict is read, not worked out by hand: where it
      // landed, the item as the screen showed it then, whether it reached the item's code, how
      // it ended, and how many times the action fired.
      ("touches", .array(trajectory.touches.map { touch in
        .object([
          ("began", .number(touch.began)),
          ("end", touch.end.map { .number($0) } ?? .null),
          ("finger", .object([("x", .number(touch.finger.x)), ("y", .number(touch.finger.y))])),
          ("shown", .object(rect(touch.shownFrame))),
          ("reachedItem", .bool(touch.reachedItem)),
          ("cancelled", .bool(touch.cancelled)),
          ("actions", .integer(touch.actions)),
        ])
      })),
      // The container after each change: its size, the safe region and the keyboard.
      ("containerChanges", .array(changes.map { change in
        .object([
          ("t", .number(change.time)),
          ("container", .object([
            ("width", .number(change.environment.bounds.width)),
            ("height", .number(change.environment.bounds.height)),
          ])),
          ("safeRegion", .object(rect(change.environment.safeRegion))),
          ("keyboard", change.environment.keyboardFrame.map { .object(rect($0)) } ?? .null),
        ])
      })),
    ])
  }

  /// What happened when the last touch stopped reaching the item's code: where and when, the
  /// finger's velocity, the point a projecting algorithm chose its rest from, and the item's
  /// velocity as its motion began. `null` when no touch reached the item.
  static func release(_ trajectory: Trajectory, algorithm: any SnapAlgorithm) -> JSONValue {
    guard let time = trajectory.releaseTime, let center = trajectory.releaseCenter else {
      return .null
    }
    func point(_ x: CGFloat, _ y: CGFloat) -> JSONValue { .object([("x", .number(x)), ("y", .number(y))]) }
    var members: [(String, JSONValue)] = [
      ("t", .number(time)), ("center", point(center.x, center.y)),
    ]
    if let velocity = trajectory.releaseVelocity {
      members.append(("fingerVelocity", point(velocity.dx, velocity.dy)))
      if let projected = trajectory.projectedRelease(by: algorithm) {
        members.append(("projected", point(projected.x, projected.y)))
      }
    }
    let handoff = trajectory.handoffVelocity
    members.append(("motionVelocity", handoff.map { point($0.dx, $0.dy) } ?? .null))
    return .object(members)
  }

  /// Reads a counterexample (a verify file's `"counterexample"`), or standard input for `-`.
  static func readScenario(_ path: String) throws -> Scenario {
    let bytes = try readInput(path, what: "the scenario file")
    let source = path == "-" ? "standard input" : quoted(path)
    do {
      return try decodeFile(Scenario.self, fromText: bytes, file: "the scenario file")
    } catch {
      // A whole verify file is the likeliest mistake: say how to take one counterexample out.
      if (try? VerificationReport(json: Data(bytes))) != nil {
        throw RuntimeError(
          "\(source) is a whole verify file; give one result's counterexample, "
            + "e.g. the output of jq '.results[0].counterexample' on it")
      }
      throw RuntimeError("the scenario in \(source) is invalid: \(error.description)")
    }
  }

  /// Reads a gesture file, or standard input for `-` (a FIFO or `<(…)` too).
  static func readGesture(_ path: String) throws -> TouchGesture {
    let bytes = try readInput(path, what: "the gesture file")
    do {
      return try TouchGesture(jsonText: bytes)
    } catch {
      let source = path == "-" ? "standard input" : quoted(path)
      throw RuntimeError("the gesture in \(source) is invalid: \(error.description)")
    }
  }
}

/// A velocity as users write it, `<vx>,<vy>` in points per second.
func parseVelocity(_ text: String, for option: OptionSpec, spec: CommandSpec) throws -> CGVector {
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  // Decimal numbers only, as every numeric flag reads them (`Double` alone takes `0x10`).
  guard parts.count == 2, let vx = parseDecimal(parts[0].trimmingCharacters(in: .whitespaces)),
    let vy = parseDecimal(parts[1].trimmingCharacters(in: .whitespaces)), vx.isFinite, vy.isFinite,
    abs(vx) <= 100_000, abs(vy) <= 100_000
  else {
    throw UsageError.invalidValue(
      text, for: option,
      reason: "expected two numbers <vx>,<vy> in points per second, each within ±100000")
      .withUsage(of: spec)
  }
  return CGVector(dx: vx, dy: vy)
}

extension TraceCommand {
  /// The drag `trace` replays when given no gesture: `TouchGesture.sample(in:)`, from where the
  /// app places the item at load when it does (a button set in a corner in `viewDidLoad`), and
  /// the same way from there — a sample that misses the item shows nothing of it.
  static func sampleGesture(
    for algorithm: any SnapAlgorithm, in environment: ItemEnvironment, itemSize: CGSize
  ) -> TouchGesture {
    let sample = TouchGesture.sample(in: environment)
    guard
      let placed = Simulator(environment: environment, itemSize: itemSize)
        .run(algorithm, gesture: TouchGesture(start: sample.start, events: [])).loadPlacement,
      let first = sample.events.first, let last = sample.events.last
    else { return sample }
    return .drag(
      from: placed,
      to: CGPoint(
        x: placed.x + last.location.x - first.location.x,
        y: placed.y + last.location.y - first.location.y),
      duration: last.time - first.time, touchRate: environment.refreshRate)
  }
}
