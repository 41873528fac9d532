import Foundation

/// Drives an algorithm through a gesture and its motion at the display's refresh rate.
///
/// Frames fall on the display clock: the first at the first event's time, then one every
/// `1 / refreshRate` seconds. Before each frame, every event stamped at or before it is
/// delivered in order; the frame then shows the item's presentation value. Recording stops at
/// the first frame, after the last event, in which nothing moves the item.
public struct Simulator: Sendable {
  public var environment: Environment
  public var itemSize: CGSize
  /// The most frames one run records; past it the run is marked truncated and only the
  /// remaining events are delivered, so hostile timestamps cannot make a run unbounded.
  public var frameLimit: Int

  /// The item size used when none is given: 60×60 points.
  public static let defaultItemSize = CGSize(width: 60, height: 60)

  public init(
    environment: Environment, itemSize: CGSize = Simulator.defaultItemSize,
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
  public static func tolerance(for environment: Environment) -> Double {
    environment.frameDuration * 1e-6
  }

  /// Runs `algorithm` through `gesture` and returns every frame and the rest position.
  ///
  /// - Complexity: O(frames + events), constant work per frame.
  @inlinable
  public func run<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm, gesture: Gesture)
    -> Trajectory
  {
    var session = DragSession(
      algorithm: algorithm, environment: environment, center: gesture.start, itemSize: itemSize)
    var frames: [Frame] = []
    let events = gesture.events
    let changes = gesture.containerChanges
    // The clock starts at the first touch, or at 0 for a gesture with none (container changes
    // only).
    let firstTime = events.first.map { session.timestamp(of: $0) } ?? 0
    let startTime = firstTime.isFinite ? firstTime : 0
    let frameDuration = environment.frameDuration
    let tolerance = Self.tolerance(for: environment)
    var next = 0
    var nextChange = 0
    var frameIndex = 0
    var truncated = false
    frames.reserveCapacity(min(frameLimit, 256))
    // Delivers touch events and container changes stamped at or before `time`, in time order
    // (a change first when both share a time).
    func deliver(upTo time: Double) {
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
    while true {
      let frameTime = startTime + Double(frameIndex) * frameDuration
      deliver(upTo: frameTime + tolerance)
      session.removeFinishedAnimations(at: frameTime)
      let frame = session.frame(at: frameTime)
      frames.append(frame)
      if next == events.count, nextChange == changes.count, frame.phase == .rest { break }
      if frames.count >= frameLimit {
        truncated = true
        deliver(upTo: .infinity)
        break
      }
      frameIndex += 1
    }
    return Trajectory(
      algorithm: algorithm.id, environment: environment, frames: frames,
      rest: session.restingFrame, isTruncated: truncated, releaseCenter: session.releaseCenter,
      releaseVelocity: session.releaseVelocity, handoffVelocity: session.handoffVelocity,
      finalEnvironment: session.environment, releaseTime: session.releaseTime,
      motionEnd: session.motionEnd, touchDownFinger: session.touchDown?.finger,
      touchDownCenter: session.touchDown?.center, releaseFinger: session.releaseFinger,
      touches: session.touches)
  }
}
