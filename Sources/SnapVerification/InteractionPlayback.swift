import Foundation
import SnapAlgorithms
import SnapCheck

// Playing an interaction sequence into a scenario, each touch placed where the algorithm shows
// the item at that moment.

extension ScenarioGenerators {
  /// Plays `commands` (starting with a setup) into a scenario, placing each touch on the item
  /// where `algorithm` shows it then.
  ///
  /// Inlinable, so that the session it plays through is compiled for the algorithm's type.
  @inlinable
  public static func play<Algorithm: SnapAlgorithm>(
    _ commands: [Interaction], with algorithm: Algorithm
  ) -> Scenario {
    playing(commands, with: algorithm).scenario
  }

  /// Plays `commands` as `play(_:with:)` does, and returns the scenario with its simulation so
  /// far: every touch and change recorded, the frames shown up to the last step that looked at
  /// the screen. `runToRest()` on it gives the scenario's trajectory without simulating it again.
  @inlinable
  static func playing<Algorithm: SnapAlgorithm>(
    _ commands: [Interaction], with algorithm: Algorithm
  ) -> (scenario: Scenario, simulation: SimulationRun<Algorithm>) {
    guard case .setup(let setup)? = commands.first else {
      let device = devices[0]
      let scenario = Scenario(device: device, gesture: TouchGesture(start: .zero, events: []))
      let simulation = Simulator(environment: scenario.environment, itemSize: scenario.itemSize)
        .start(algorithm, gesture: scenario.gesture)
      return (scenario, simulation)
    }
    var playback = Playback(setup, algorithm: algorithm)
    for command in commands.dropFirst() { playback.play(command) }
    playback.finish(setup.finale)
    return (playback.scenario, playback.simulation)
  }

  /// The fastest a finger moves on the glass, in points per second: a hard flick crosses a
  /// phone's 850 pt height in about a tenth of a second. Samples farther apart than this in one
  /// touch event are input no finger makes (170–513 pt in one 120 Hz event, 20,000–60,000
  /// pt/s, were counterexamples a new user rightly dismissed), so a stroke drawn faster is
  /// spread over more events; hostile input, which is about such values, is applied after.
  public static let fastestFinger: CGFloat = 8_000

  /// The number of events a stroke of (`dx`, `dy`) drawn over `steps` events `interval`
  /// seconds apart takes, so that no event of `profile` moves the finger faster than
  /// `fastestFinger`: `steps`, or more for a stroke drawn too fast.
  @usableFromInline
  static func eventsForFinger(
    dx: CGFloat, dy: CGFloat, steps: Int, interval: Double, profile: Interaction.StrokeProfile
  ) -> Int {
    let length = (dx * dx + dy * dy).squareRoot()
    let reach = fastestFinger * CGFloat(interval)
    guard length.isFinite, reach > 0, length > reach else { return steps }
    // The largest share one event of a profile moves over n events: 1/n at constant speed,
    // under 2/n where it speeds up or slows down, 1/(2n) in each half of a pause.
    let widest: CGFloat
    switch profile {
    case .constant, .reversing: widest = 1
    case .accelerating, .decelerating: widest = 2
    case .pausing: widest = 0.5
    }
    let needed = Int((widest * length / reach).rounded(.up))
    return max(steps, min(needed, 10_000))
  }

  /// The share of a stroke's displacement reached at each of its events.
  @usableFromInline
  static func strokeShares(steps: Int, profile: Interaction.StrokeProfile) -> [CGFloat] {
    let n = max(steps, 1)
    let fractions = (1...n).map { CGFloat($0) / CGFloat(n) }
    switch profile {
    case .constant: return fractions
    case .accelerating: return fractions.map { $0 * $0 }
    case .decelerating: return fractions.map { 1 - (1 - $0) * (1 - $0) }
    case .pausing:
      let half = fractions.map { $0 * 0.5 }
      return half + Array(repeating: 0.5, count: 6) + fractions.map { 0.5 + $0 * 0.5 }
    case .reversing:
      let out = fractions.map { $0 }
      return out + fractions.map { 1 - $0 }
    }
  }

  /// Where an item of `size` first rests: `place` points in from the safe region's top left,
  /// kept inside the region when it fits there, inside the container if it fits that, centred if
  /// not — and on screen whenever it fits there.
  @usableFromInline
  static func restingStart(in environment: ItemEnvironment, size: CGSize, place: (Int, Int)) -> CGPoint {
    let region = environment.safeRegion
    let bounds = environment.bounds
    func along(
      _ low: CGFloat, _ length: CGFloat, _ outerLow: CGFloat, _ outerLength: CGFloat,
      _ extent: CGFloat, _ offset: Int
    ) -> CGFloat {
      if length >= extent { return low + extent / 2 + min(CGFloat(offset), length - extent) }
      if outerLength >= extent {
        return outerLow + extent / 2 + min(CGFloat(offset), outerLength - extent)
      }
      return outerLow + outerLength / 2
    }
    let inRegion = CGPoint(
      x: along(region.minX, region.width, bounds.minX, bounds.width, size.width, place.0),
      y: along(region.minY, region.height, bounds.minY, bounds.height, size.height, place.1))
    return CGPoint(
      x: size.width <= bounds.width
        ? min(max(inRegion.x, bounds.minX + size.width / 2), bounds.maxX - size.width / 2)
        : inRegion.x,
      y: size.height <= bounds.height
        ? min(max(inRegion.y, bounds.minY + size.height / 2), bounds.maxY - size.height / 2)
        : inRegion.y)
  }
}

/// An interaction sequence being played: the clock, the finger, the container, and the
/// simulation told each touch and change as it is made, so a step that looks at the screen sees
/// the frames shown before it and nothing is simulated twice.
@usableFromInline
struct Playback<Algorithm: SnapAlgorithm> {
  @usableFromInline let device: DeviceProfile
  @usableFromInline let orientation: DeviceProfile.Orientation
  @usableFromInline let bars: DeviceProfile.Bars
  @usableFromInline let size: CGSize
  /// The time between two touch events, in seconds.
  @usableFromInline let step: Double
  @usableFromInline var simulation: SimulationRun<Algorithm>
  /// The container, as the sequence changes it.
  @usableFromInline var container: ScenarioGenerators.Container
  /// The container's environment now.
  @usableFromInline var environment: ItemEnvironment
  /// Told as it is made, for the report of a crash or a hang while it is played.
  @usableFromInline let inFlight: ScenarioInFlight?
  @usableFromInline var time = 0.0
  @usableFromInline var finger: CGPoint?
  /// Whether the finger down now has moved since it landed: until it has, a finger that stays
  /// put sends no event; once it has, UIKit reports the resting finger's samples, which bring
  /// the velocity it estimates to rest.
  @usableFromInline var fingerMoved = false
  /// Whether a touch has been made yet.
  @usableFromInline var touched = false
  /// When each kind of change last happened: the system makes no change of a kind sooner
  /// than its animation allows after the last (`Interaction.ContainerEvent.minimumInterval`).
  @usableFromInline var lastChange: [Interaction.ContainerEvent.Kind: Double] = [:]

  /// The scene `setup` describes, the item resting where it places it.
  @inlinable
  init(_ setup: Interaction.Setup, algorithm: Algorithm) {
    device = ScenarioGenerators.devices[setup.device % ScenarioGenerators.devices.count]
    orientation = setup.landscape ? .landscape : .portrait
    bars = DeviceProfile.Bars(
      navigationBar: setup.navigationBar, tabBar: setup.tabBar, keyboard: setup.keyboard,
      opaqueNavigationBar: setup.navigationBar && setup.opaqueNavigationBar)
    container = ScenarioGenerators.Container(
      device: device, landscape: setup.landscape, bars: bars, window: setup.window)
    container.extraLeft = max(setup.sideColumn, 0)
    container.extraRight = max(-setup.sideColumn, 0)
    let base = device.environment(orientation, bars: bars)
    let initial = container.environment
    size = setup.item
    let start = ScenarioGenerators.restingStart(
      in: initial, size: size, place: (setup.place, setup.placeY))
    simulation = Simulator(environment: base, itemSize: size)
      .start(algorithm, gesture: TouchGesture(start: start, events: []))
    environment = base
    inFlight = ScenarioInFlight.playing(
      Scenario(
        device: device, orientation: orientation, bars: bars, itemSize: size,
        gesture: TouchGesture(start: start, events: [])))
    step = 1 / Double(setup.touchRate)
    if initial != base {
      simulation.record(ContainerChange(time: 0, environment: initial))
      inFlight?.played(ContainerChange(time: 0, environment: initial))
      environment = initial
    }
  }

  /// The scenario played so far.
  @inlinable
  var scenario: Scenario {
    let scenario = Scenario(
      device: device, orientation: orientation, bars: bars, itemSize: size,
      gesture: simulation.gesture)
    if inFlight != nil { ScenarioInFlight.simulating(scenario, played: true) }
    return scenario
  }

  // MARK: Touches and changes

  @inlinable
  mutating func touch(_ phase: TouchPhase, at location: CGPoint) {
    let event = TouchEvent(time: time, phase: phase, location: location)
    inFlight?.played(event)
    simulation.record(event)
    touched = true
  }

  /// Moves the clock on to when `event` can happen next, and notes it happened.
  @inlinable
  mutating func paced(_ event: Interaction.ContainerEvent) {
    let kind = event.kind
    if let last = lastChange[kind] { time = max(time, last + kind.minimumInterval) }
    lastChange[kind] = time
  }

  /// Records the container as it is now, at `time`.
  @inlinable
  mutating func containerChanged() {
    environment = container.environment
    inFlight?.played(ContainerChange(time: time, environment: environment))
    simulation.record(ContainerChange(time: time, environment: environment))
  }

  /// The item's frame as the screen shows it at `time`.
  @inlinable
  mutating func shownFrame() -> CGRect {
    simulation.showFrames(before: time)
    return simulation.current.shownFrame(at: time)
  }

  /// The finger, held at `location` for `count` more touch events' time (at least one). A
  /// finger that stays where it is sends nothing: UIKit reports a touch that moved, so a still
  /// finger is no `.moved` event (only hostile input has those); one that settles at
  /// `location` from where it was (a tap's jitter) reports that move once.
  @inlinable
  mutating func holdStill(at location: CGPoint, events count: Int) {
    for _ in 0..<max(count, 1) {
      time += step
      if location != finger || fingerMoved {
        if location != finger { fingerMoved = true }
        touch(.moved, at: location)
        finger = location
      }
    }
  }

  /// The finger lifts (`.ended`) or is cancelled one touch event later, where it is.
  @inlinable
  mutating func lift(_ phase: TouchPhase = .ended) {
    guard let at = finger else { return }
    time += step
    touch(phase, at: at)
    finger = nil
  }

  /// A finger lands `delay` ms after the previous step, on the item where it is shown then
  /// (`x`, `y` percent of its size from its centre) or beside it.
  @inlinable
  mutating func land(onItem: Bool, x: Int, y: Int, delay: Int) {
    // A finger lands no sooner than the next touch event after the previous step.
    time += !touched && delay == 1000 ? 0 : max(Double(delay) / 1000, step)
    let shown = shownFrame()
    let center = CGPoint(x: shown.midX, y: shown.midY)
    let location: CGPoint
    if onItem {
      location = CGPoint(
        x: center.x + shown.width * CGFloat(x) / 100,
        y: center.y + shown.height * CGFloat(y) / 100)
    } else {
      // Beside it: past the edge the offset points to, by at least 10 pt.
      let dx = CGFloat(x), dy = CGFloat(y)
      let horizontal = abs(dx) >= abs(dy)
      location = CGPoint(
        x: center.x + (horizontal ? (dx < 0 ? -1 : 1) * (shown.width / 2 + 10 + abs(dx)) : dx),
        y: center.y + (horizontal ? dy : (dy < 0 ? -1 : 1) * (shown.height / 2 + 10 + abs(dy))))
    }
    // On the app's part of the glass, as a touch the app receives is: inside its window (in
    // Split View, Slide Over or Stage Manager the rest of the screen is another app's) and not
    // on the keyboard, whose own window takes the touches that land on it — a finger aimed at
    // an item the keyboard covers lands on what shows of it, just above the keyboard. On whole
    // points, so counterexamples read easily.
    let window = environment.bounds
    var onGlass = CGPoint(
      x: min(max(location.x.rounded(), window.minX), window.maxX),
      y: min(max(location.y.rounded(), window.minY), window.maxY))
    if let keyboard = environment.keyboardFrame, keyboard.height > 0, keyboard.contains(onGlass) {
      onGlass.y = max(keyboard.minY.rounded(.down) - 1, window.minY)
    }
    finger = onGlass
    fingerMoved = false
    touch(.began, at: onGlass)
  }

  /// The finger moves by (`dx`, `dy`) over `steps` events with `profile`'s speed.
  @inlinable
  mutating func move(dx: CGFloat, dy: CGFloat, steps: Int, profile: Interaction.StrokeProfile) {
    guard let from = finger else { return }
    let steps = ScenarioGenerators.eventsForFinger(
      dx: dx, dy: dy, steps: steps, interval: step, profile: profile)
    for share in ScenarioGenerators.strokeShares(steps: steps, profile: profile) {
      time += step
      // On the glass (`ItemEnvironment.onTheGlass`): the gesture holds what the code is handed.
      let location = environment.onTheGlass(CGPoint(x: from.x + dx * share, y: from.y + dy * share))
      // A finger that has not moved since it landed sends nothing (a stroke of nothing, one
      // held at the screen's edge): no tap ever sees a move of 0 pt. Once it has moved, its
      // resting samples are reported, as UIKit reports them.
      if location == finger, !fingerMoved { continue }
      if location != finger { fingerMoved = true }
      finger = location
      touch(.moved, at: location)
    }
  }

  /// The finger carries the item until its centre would be `offset` points right of `middle`.
  @inlinable
  mutating func dragToMiddle(
    _ middle: Interaction.Middle, offset: Int, dy: Int, steps: Int,
    profile: Interaction.StrokeProfile
  ) {
    let shown = shownFrame()
    let safe = environment.safeRegion.midX
    let window = environment.bounds.midX
    let target: CGFloat
    switch middle {
    case .safeRegion: target = safe
    case .halfway: target = ((safe + window) / 2).rounded(.down)
    case .window: target = window
    }
    move(
      dx: target + CGFloat(offset) - shown.midX, dy: CGFloat(dy), steps: steps, profile: profile)
  }

  /// The finger slides a docked item `distance` along the edge it is nearest, wobbling
  /// `wobble` towards or away from it.
  @inlinable
  mutating func slideAlongEdge(distance: Int, wobble: Int, steps: Int) {
    let shown = shownFrame()
    let region = environment.safeRegion
    let left = shown.minX - region.minX, right = region.maxX - shown.maxX
    let top = shown.minY - region.minY, bottom = region.maxY - shown.maxY
    let d = CGFloat(distance), w = CGFloat(wobble)
    if min(left, right) <= min(top, bottom) {
      move(dx: left <= right ? -w : w, dy: d, steps: steps, profile: .constant)
    } else {
      move(dx: d, dy: top <= bottom ? -w : w, steps: steps, profile: .constant)
    }
  }

  /// A call comes in while the finger is down: on a phone with a 20 pt status bar held upright,
  /// the in-call bar first; then the touch is cancelled.
  @inlinable
  mutating func callArrives() {
    guard finger != nil else { return }
    if container.device.idiom == .phone, !container.device.hasHomeIndicator,
      !container.landscape, !container.inCall
    {
      time += step
      paced(.inCallStatusBar)
      container.apply(.inCallStatusBar)
      containerChanged()
    }
    lift(.cancelled)
  }

  /// `event` happens `delay` ms after the previous step (later if the last change of its kind
  /// was too recent).
  @inlinable
  mutating func change(_ event: Interaction.ContainerEvent, after delay: Int) {
    time += max(Double(delay) / 1000, step)
    paced(event)
    container.apply(event)
    containerChanged()
  }

  // MARK: Steps

  /// Plays one step of the sequence.
  @inlinable
  mutating func play(_ command: Interaction) {
    switch command {
    case .setup: break
    case .touch(let onItem, let x, let y, let delay):
      land(onItem: onItem, x: x, y: y, delay: delay)
    case .tap(let x, let y, let jitterX, let jitterY, let count, let delay):
      land(onItem: true, x: x, y: y, delay: delay)
      guard let at = finger else { break }
      let jittered = CGPoint(x: at.x + CGFloat(jitterX), y: at.y + CGFloat(jitterY))
      holdStill(at: jittered, events: count)
      time += step
      touch(.ended, at: jittered)
      finger = nil
    case .stroke(let dx, let dy, let steps, let profile):
      move(dx: CGFloat(dx), dy: CGFloat(dy), steps: steps, profile: profile)
    case .dragToMiddle(let middle, let offset, let dy, let steps, let profile):
      dragToMiddle(middle, offset: offset, dy: dy, steps: steps, profile: profile)
    case .releaseAtMiddle(let middle, let offset, let dy, let steps):
      dragToMiddle(middle, offset: offset, dy: dy, steps: steps, profile: .constant)
      guard let at = finger else { break }
      // Held still for three events before the lift: the finger's velocity has died away, so
      // a variant that projects the flick chooses from the release point itself.
      holdStill(at: at, events: 3)
      lift()
    case .slideAlongEdge(let distance, let wobble, let steps):
      slideAlongEdge(distance: distance, wobble: wobble, steps: steps)
    case .flick(let dx, let dy):
      move(dx: CGFloat(dx), dy: CGFloat(dy), steps: 3, profile: .constant)
      lift()
    case .hold(let milliseconds):
      guard let at = finger else { break }
      holdStill(at: at, events: Int((Double(milliseconds) / 1000 / step).rounded()))
    case .lift:
      lift()
    case .cancel:
      lift(.cancelled)
    case .callArrives:
      callArrives()
    case .wait(let milliseconds):
      time += Double(milliseconds) / 1000
    case .change(let event, let delay):
      change(event, after: delay)
    case .changeAndBack(let event, let delay, let hold):
      let before = container
      change(event, after: delay)
      time += max(Double(hold) / 1000, step)
      paced(event)
      container = before
      containerChanged()
    case .changeBurst(let event, let times, let interval):
      for _ in 0..<max(times, 1) { change(event, after: interval) }
    }
  }

  /// Ends the sequence: a finger still down lifts (or is cancelled, as the setup's `finale`
  /// says), and a finale that catches the item taps it `milliseconds` later.
  @inlinable
  mutating func finish(_ finale: Interaction.Setup.Finale) {
    lift(finale == .cancel ? .cancelled : .ended)
    if case .catchAfter(let milliseconds, let x, let y) = finale, touched {
      land(onItem: true, x: x, y: y, delay: milliseconds)
      if let at = finger {
        holdStill(at: at, events: 3)
        time += step
        touch(.ended, at: at)
      }
    }
  }
}
