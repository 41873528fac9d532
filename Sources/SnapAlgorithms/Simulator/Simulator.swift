import Foundation

/// Drives an algorithm through a gesture and its motion at the display's refresh rate.
///
/// Frames fall on the display clock: the first at the first event's time, then one every
/// `1 / refreshRate` seconds. Before each frame, every event stamped at or before it is
/// delivered in order; the frame then shows the item's presentation value. Recording stops at
/// the first frame, after the last event, in which nothing moves the item.
public struct Simulator: Sendable {
  public var environment: ItemEnvironment
  public var itemSize: CGSize
  /// The most frames one run records; past it the run is marked truncated and only the
  /// remaining events are delivered, so hostile timestamps cannot make a run unbounded.
  public var frameLimit: Int

  /// The item size used when none is given: 60×60 points.
  public static let defaultItemSize = CGSize(width: 60, height: 60)

  public init(
    environment: ItemEnvironment, itemSize: CGSize = Simulator.defaultItemSize,
    frameLimit: Int = 1 << 18
  ) {
    self.environment = environment
    self.itemSize = itemSize
    self.frameLimit = max(1, frameLimit)
  }

  /// Events and container changes stamped within this of a frame's time belong to that frame:
  /// frame times are computed (`start + n / rate`), not exact, so a change stamped 0.7000000000000001
  /// is delivered with the frame at 0.7. Whoever asks which environment a frame saw must use it too.
  @inlinable
  public static func tolerance(for environment: ItemEnvironment) -> Double {
    environment.frameDuration * 1e-6
  }

  /// Runs `algorithm` through `gesture` and returns every frame and the rest position.
  ///
  /// - Complexity: O(frames + events), constant work per frame.
  @inlinable
  public func run<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm, gesture: TouchGesture)
    -> Trajectory
  {
    var simulation = start(algorithm, gesture: gesture)
    return simulation.runToRest()
  }

  /// A simulation of `algorithm` through `gesture` that has not run yet: `runToRest()` runs it
  /// (what `run(_:gesture:)` returns), and more touch events appended after that carry it on.
  @inlinable
  public func start<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm, gesture: TouchGesture)
    -> SimulationRun<Algorithm>
  {
    SimulationRun(simulator: self, algorithm: algorithm, gesture: gesture)
  }
}

/// A simulation that can be carried on after the item rests: the session, the events still to
/// deliver and the display clock, kept between `runToRest()` calls.
///
/// Touch events appended after a rest (stamped after its last frame) are played as if they had
/// been in the gesture from the start: `start(a, gesture: g)`, `runToRest()`,
/// `append(h.events, after: gap)`, `runToRest()` ends where `run(a, gesture:
/// g.followed(by: h, after: gap))` ends, frame for frame, without simulating `g` again.
///
///     var simulation = Simulator(environment: environment).start(dock, gesture: drag)
///     let first = simulation.runToRest()
///     let tap = TouchGesture.tap(at: CGPoint(x: first.rest.midX, y: first.rest.midY))
///     simulation.append(tap.events, after: 0.1)
///     let afterTap = simulation.runToRest()   // where a tap 0.1 s later leaves it
///
/// A gesture can also be told as it happens, each step decided by what the screen shows (a
/// finger landing where the item is at that moment): `record(_:)` each touch event and container
/// change in time order, `showFrames(before:)` and `current` to see the screen before deciding
/// the next, and `runToRest()` at the end gives the trajectory `run(_:gesture:)` gives for the
/// whole gesture, frame for frame, without simulating it twice.
public struct SimulationRun<Algorithm: SnapAlgorithm>: Sendable {
  @usableFromInline var session: DragSimulation<Algorithm>
  @usableFromInline var events: [TouchEvent]
  @usableFromInline var changes: [ContainerChange]
  @usableFromInline let start: CGPoint
  @usableFromInline let environment: ItemEnvironment
  @usableFromInline let algorithmID: String
  /// When the first frame is shown: the first touch's time (0 until one is recorded, or for a
  /// gesture with none).
  @usableFromInline var startTime: Double
  @usableFromInline let frameDuration: Double
  @usableFromInline let tolerance: Double
  @usableFromInline let frameLimit: Int
  @usableFromInline var next = 0
  @usableFromInline var nextChange = 0
  /// The index of the next frame to show on the display clock.
  @usableFromInline var frameIndex = 0
  /// Frames handed out by earlier `runToRest()` calls: the frame limit counts them too.
  @usableFromInline var framesBefore = 0
  /// Frames shown since the last `runToRest()`, which the next one hands out.
  @usableFromInline var shown: [Frame] = []
  @usableFromInline var truncated = false

  @inlinable
  init(simulator: Simulator, algorithm: Algorithm, gesture: TouchGesture) {
    let environment = simulator.environment
    let session = DragSimulation(
      algorithm: algorithm, environment: environment, center: gesture.start,
      itemSize: simulator.itemSize)
    self.session = session
    events = gesture.events
    changes = gesture.containerChanges
    start = gesture.start
    self.environment = environment
    algorithmID = algorithm.id
    startTime = 0
    frameDuration = environment.frameDuration
    tolerance = Simulator.tolerance(for: environment)
    frameLimit = simulator.frameLimit
    // The clock starts at the first touch, or at 0 for a gesture with none (container changes
    // only).
    if let first = gesture.events.first { startTime = clockStart(at: first) }
  }

  /// The display clock's start for a gesture whose first touch is `event`.
  @inlinable
  func clockStart(at event: TouchEvent) -> Double {
    let time = session.timestamp(of: event)
    return time.isFinite ? time : 0
  }

  /// The gesture so far: the start, every touch event and container change given.
  @inlinable
  public var gesture: TouchGesture { TouchGesture(start: start, events: events, containerChanges: changes) }

  /// Touch events to play after those already given, `after` seconds after the last of them
  /// (their times shifted as `TouchGesture.followed(by:after:)` shifts them).
  @inlinable
  public mutating func append(_ more: [TouchEvent], after gap: Double) {
    let shift = TouchGesture.shift(of: more, toFollow: events, after: gap)
    events.append(contentsOf: TouchGesture.events(more, shiftedBy: shift))
  }

  /// Adds a touch event to the gesture as it happens: stamped no earlier than every event and
  /// change recorded before it, and later than every frame `showFrames(before:)` has shown.
  @inlinable
  public mutating func record(_ event: TouchEvent) {
    if events.isEmpty, frameIndex == 0 { startTime = clockStart(at: event) }
    events.append(event)
  }

  /// Adds a container change to the gesture as it happens, under the same rule as a touch.
  @inlinable
  public mutating func record(_ change: ContainerChange) {
    changes.append(change)
  }

  /// Shows every frame of the display clock that falls before `time` (by more than the
  /// simulator's tolerance), delivering what is due to each: for a caller that will record
  /// nothing stamped before `time`. Nothing is shown before the first touch is recorded.
  @inlinable
  public mutating func showFrames(before time: Double) {
    guard !events.isEmpty else { return }
    // Room for the frames up to `time` and a second more, grown by doubling, so the frames are
    // not copied at every few appended.
    let due = (time - startTime) / frameDuration
    if due.isFinite, due > 0 {
      let needed = Swift.min(Int(Swift.min(due, 1e6)) + Int(1 / frameDuration), frameLimit)
      if shown.capacity < needed { shown.reserveCapacity(Swift.max(needed, 2 * shown.capacity)) }
    }
    while !truncated, startTime + Double(frameIndex) * frameDuration + tolerance < time {
      _ = showFrame()
      if framesBefore + shown.count >= frameLimit {
        truncated = true
        deliver(upTo: .infinity)
      }
    }
  }

  /// The session as the screen stands after every event and change recorded so far: what a
  /// finger landing now would find.
  @inlinable
  public var current: DragSimulation<Algorithm> {
    if next == events.count, nextChange == changes.count { return session }
    var copy = self
    copy.deliver(upTo: .infinity)
    return copy.session
  }

  /// Delivers touch events and container changes stamped at or before `time`, in time order
  /// (a change first when both share a time).
  @inlinable
  mutating func deliver(upTo time: Double) {
    while next < events.count || nextChange < changes.count {
      let touchTime = next < events.count ? session.timestamp(of: events[next]) : .infinity
      let changeTime =
        nextChange < changes.count
        ? (changes[nextChange].time.isFinite ? changes[nextChange].time : session.time)
        : .infinity
      guard min(touchTime, changeTime) <= time else { return }
      if nextChange < changes.count && changeTime <= touchTime {
        session.changeEnvironment(to: changes[nextChange].environment, at: changeTime)
        nextChange += 1
      } else {
        session.receive(events[next])
        next += 1
      }
    }
  }

  /// Shows the next frame on the display clock: delivers what is due, forgets finished
  /// animations, records what the screen shows (unless `keeping` is false).
  @inlinable
  mutating func showFrame(keeping: Bool = true) -> Frame {
    let frameTime = startTime + Double(frameIndex) * frameDuration
    deliver(upTo: frameTime + tolerance)
    session.removeFinishedAnimations(at: frameTime)
    let frame = session.frame(at: frameTime)
    if keeping { shown.append(frame) }
    frameIndex += 1
    return frame
  }

  /// Runs until every event has been delivered and the item rests, as `runToRest()` does, and
  /// returns only where it rests (`runToRest().rest`), keeping no frames: for a caller that asks
  /// nothing else of the run, such as a tap appended to see whether it moves a resting item.
  ///
  /// - Complexity: O(frames + events), constant work per frame and no frame stored.
  @inlinable
  public mutating func restAfterRunning() -> CGRect {
    var counted = framesBefore + shown.count
    if !truncated, counted >= frameLimit { truncated = true }
    if truncated {
      deliver(upTo: .infinity)
    } else {
      while true {
        let frame = showFrame(keeping: false)
        counted += 1
        if next == events.count, nextChange == changes.count, frame.phase == .rest { break }
        if counted >= frameLimit {
          truncated = true
          deliver(upTo: .infinity)
          break
        }
      }
    }
    framesBefore = counted - shown.count
    return session.restingFrame
  }

  /// Runs until every event has been delivered and the item rests, and returns the frames
  /// shown since the previous call (every frame, the first time) and the rest position.
  ///
  /// - Complexity: O(frames + events), constant work per frame.
  @inlinable
  public mutating func runToRest() -> Trajectory {
    // Room for the frames up to the last event and a second of motion after it, so the array
    // does not grow (and copy itself) several times on the way.
    let horizon = (events.last?.time ?? 0) - (startTime + Double(frameIndex) * frameDuration)
    var expected = 256
    if horizon.isFinite, frameDuration > 0, frameDuration.isFinite {
      expected = Int(Swift.min(Swift.max(horizon, 0), 60) / frameDuration) + Int(1 / frameDuration)
    }
    shown.reserveCapacity(shown.count + Swift.min(frameLimit, Swift.max(expected, 16)))
    // A continuation of a run that used up the frame limit delivers its events without frames,
    // as the whole run would have.
    if !truncated, framesBefore + shown.count >= frameLimit { truncated = true }
    if truncated {
      deliver(upTo: .infinity)
    } else {
      while true {
        let frame = showFrame()
        if next == events.count, nextChange == changes.count, frame.phase == .rest { break }
        if framesBefore + shown.count >= frameLimit {
          truncated = true
          deliver(upTo: .infinity)
          break
        }
      }
    }
    let frames = shown
    shown = []
    framesBefore += frames.count
    return Trajectory(
      algorithm: algorithmID, environment: environment, frames: frames,
      rest: session.restingFrame, isTruncated: truncated, releaseCenter: session.releaseCenter,
      releaseVelocity: session.releaseVelocity, handoffVelocity: session.handoffVelocity,
      finalEnvironment: session.environment, releaseTime: session.releaseTime,
      motionEnd: session.motionEnd, touchDownFinger: session.touchDown?.finger,
      touchDownCenter: session.touchDown?.center, releaseFinger: session.releaseFinger,
      touches: session.touches, loadPlacement: session.loadPlacement,
      releaseShownVelocity: session.releaseShownVelocity,
      releaseShownCenter: session.releaseShownCenter)
  }
}
