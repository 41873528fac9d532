import Foundation
import SnapAlgorithms
import SnapVerification

extension Corpus {
  /// A cause's smallest counterexample replayed: the scenario, the run, the violation the
  /// invariant finds in it, and the situations it holds.
  public struct Replay: Sendable {
    public var scenario: Scenario
    public var trajectory: Trajectory
    public var violation: Violation
    /// Where the item lives: the environments are judged as it sees them.
    public var host: ItemHost
    /// The margin the algorithm docks at (0 when it does not dock).
    public var dockingMargin: CGFloat
    /// The cause classes whose cause happens in it (`Corpus.situations(of:trajectory:)`).
    public var situations: Set<CauseClass>

    public init(
      scenario: Scenario, trajectory: Trajectory, violation: Violation, host: ItemHost,
      dockingMargin: CGFloat = 0
    ) {
      self.scenario = scenario
      self.trajectory = trajectory
      self.violation = violation
      self.host = host
      self.dockingMargin = dockingMargin
      situations = Corpus.situations(of: scenario, trajectory: trajectory)
    }

    /// The environment in force at `time`, as the item's host sees it.
    func environment(at time: Double) -> ItemEnvironment {
      scenario.environment(at: time).seen(by: host)
    }

    /// The touches that reached the item's code.
    var touches: [TouchRecord] { trajectory.touches.filter(\.reachedItem) }

    /// The container changes after the first touch landed.
    var changes: [ContainerChange] { scenario.resizes }

    /// Whether a finger that reached the item was down at `time`.
    func fingerDown(at time: Double) -> Bool {
      touches.contains { $0.began <= time && time <= ($0.end ?? .infinity) }
    }
  }

  /// What a counterexample holds when a defect's mechanism is at work in it: a predicate on the
  /// replay, with its words.
  public struct Witness: Sendable, CustomStringConvertible {
    public var summary: String
    let test: @Sendable (Replay) -> Bool

    public init(_ summary: String, _ test: @escaping @Sendable (Replay) -> Bool) {
      self.summary = summary
      self.test = test
    }

    public func holds(_ replay: Replay) -> Bool { test(replay) }

    public var description: String { summary }

    public static func && (a: Witness, b: Witness) -> Witness {
      Witness("\(a.summary), and \(b.summary)") { a.test($0) && b.test($0) }
    }

    public static func || (a: Witness, b: Witness) -> Witness {
      Witness("\(a.summary), or \(b.summary)") { a.test($0) || b.test($0) }
    }

    public static prefix func ! (a: Witness) -> Witness {
      Witness("not: \(a.summary)") { !a.test($0) }
    }
  }
}

extension Corpus.Witness {
  /// How far a finger may move and still make a tap, in points (tap-is-not-drag's 2 pt).
  static let tapTravel: CGFloat = 2

  /// The item rests outside the final safe region (on each axis it fits along), or was placed
  /// at load outside the safe region of that moment.
  public static let restsOutsideSafeRegion = Corpus.Witness(
    "it rests (or was placed at load) outside the safe region"
  ) { replay in
    let size = replay.scenario.itemSize
    func outside(_ rect: CGRect, _ region: CGRect) -> Bool {
      let tolerance: CGFloat = 0.05
      let checkX = size.width <= region.width
      let checkY = size.height <= region.height
      return (checkX
        && (rect.minX < region.minX - tolerance || rect.maxX > region.maxX + tolerance))
        || (checkY
          && (rect.minY < region.minY - tolerance || rect.maxY > region.maxY + tolerance))
    }
    let final = replay.trajectory.finalEnvironment.seen(by: replay.host).safeRegion
    if outside(replay.trajectory.rest, final) { return true }
    guard let placed = replay.trajectory.loadPlacement else { return false }
    let initial = replay.scenario.environment.seen(by: replay.host).safeRegion
    return outside(placed.rect(ofSize: size), initial)
  }

  /// No touch moved the item beyond a tap's jitter: it is where the app put it (or its load
  /// placement), give or take a point or two.
  public static let neverDragged = Corpus.Witness("no touch dragged the item") { replay in
    replay.touches.allSatisfy { $0.travel <= PanGestureRecognizer.defaultHysteresis }
  }

  /// Some touch moved the item beyond the pan's 10 pt slop.
  public static let dragged = Corpus.Witness("a touch dragged the item") { replay in
    replay.touches.contains { $0.travel > PanGestureRecognizer.defaultHysteresis }
  }

  /// The container changed while a finger rested on the item, before it had moved the pan's
  /// 10 pt slop.
  public static let changeUnderRestingFinger = Corpus.Witness(
    "the container changed under a finger resting on the item"
  ) { replay in
    replay.touches.contains { touch in
      let until = touch.leftHysteresisAt ?? touch.end ?? .infinity
      return replay.changes.contains { $0.time > touch.began && $0.time <= until }
    }
  }

  /// The container changed while a finger dragged the item (after it moved the pan's slop).
  public static let changeWhileDragging = Corpus.Witness(
    "the container changed while a finger dragged the item"
  ) { replay in
    replay.touches.contains { touch in
      guard let dragging = touch.leftHysteresisAt else { return false }
      return replay.changes.contains {
        $0.time >= dragging && $0.time <= (touch.end ?? .infinity)
      }
    }
  }

  /// The container changed while the item moved on its own (no finger down), and a finger then
  /// dragged it.
  public static let changeDuringMotionThenDrag = Corpus.Witness(
    "the container changed while the item moved on its own, and a finger then dragged it"
  ) { replay in
    let frame = replay.scenario.environment.frameDuration
    let interrupted = replay.changes.filter { change in
      !replay.fingerDown(at: change.time)
        && replay.trajectory.frames.contains {
          $0.phase == .motion && abs($0.time - change.time) <= frame + 1e-9
        }
    }
    guard let first = interrupted.map(\.time).min() else { return false }
    return replay.touches.contains {
      $0.began > first && $0.travel > PanGestureRecognizer.defaultHysteresis
    }
  }

  /// A container change after the first touch changed what the item's host sees (its bounds,
  /// safe region, superview or the keyboard).
  public static let hostSeesChange = Corpus.Witness(
    "a container change changed what the item's host sees"
  ) { replay in
    var previous = replay.scenario.environment.seen(by: replay.host)
    for change in replay.scenario.gesture.containerChanges {
      let next = change.environment.seen(by: replay.host)
      defer { previous = next }
      guard replay.changes.contains(change) else { continue }
      if next.bounds != previous.bounds || next.safeRegion != previous.safeRegion
        || next.keyboardFrame != previous.keyboardFrame
        || Superview(next) != Superview(previous)
      {
        return true
      }
    }
    return false
  }

  /// Some environment of the scenario leaves the item no room that a device leaves: a window
  /// of no width or height, or a keyboard taller than the device's own that leaves the item
  /// less room than it and its margins take.
  public static let noRoom = Corpus.Witness(
    "a window of no size, or a keyboard taller than the device's that leaves the item no room"
  ) { replay in
    let scenario = replay.scenario
    let size = scenario.itemSize
    let margin = 2 * replay.dockingMargin
    return ([scenario.environment] + scenario.gesture.containerChanges.map(\.environment))
      .contains { environment in
        let seen = environment.seen(by: replay.host)
        guard seen.bounds.width > 0 && seen.bounds.height > 0 else { return true }
        guard let keyboard = seen.keyboardFrame else { return false }
        let turned = environment.screenBounds.width > environment.screenBounds.height
        let own = scenario.device.environment(
          turned ? .landscape : .portrait, bars: DeviceProfile.Bars(keyboard: true))
        let taller = keyboard.height > (own.keyboardFrame?.height ?? 0) + 0.5
        let region = seen.safeRegion
        return taller
          && (region.width < size.width + margin || region.height < size.height + margin)
      }
  }

  /// A finger dragged the item partly off the container: it followed the finger there (a drag
  /// frame shows it, or it was there when the finger lifted).
  public static let draggedOffScreen = Corpus.Witness(
    "the finger dragged the item partly off screen"
  ) { replay in
    func offScreen(_ rect: CGRect, at time: Double) -> Bool {
      let bounds = replay.environment(at: time).bounds
      let tolerance: CGFloat = 0.05
      return rect.minX < bounds.minX - tolerance || rect.maxX > bounds.maxX + tolerance
        || rect.minY < bounds.minY - tolerance || rect.maxY > bounds.maxY + tolerance
    }
    let trajectory = replay.trajectory
    if let center = trajectory.releaseCenter, let time = trajectory.releaseTime,
      offScreen(center.rect(ofSize: replay.scenario.itemSize), at: time)
    {
      return true
    }
    return trajectory.frames.contains { $0.phase == .drag && offScreen($0.rect, at: $0.time) }
  }

  /// The final safe region's middle is not the container's (a column the app reserves at one
  /// side, unequal insets): a side chosen by the container's middle is not the safe region's.
  public static let safeRegionOffCentre = Corpus.Witness(
    "the safe region's middle is not the container's"
  ) { replay in
    let environment = replay.trajectory.finalEnvironment.seen(by: replay.host)
    return abs(environment.safeRegion.midX - environment.bounds.midX) > 0.5
  }

  /// A touch that moved the item beyond a tap's jitter was cancelled.
  public static let cancelledAfterMoving = Corpus.Witness(
    "a touch that moved the item was cancelled"
  ) { replay in
    replay.touches.contains { $0.cancelled && $0.travel > tapTravel }
  }

  /// A touch that moved the item beyond a tap's jitter lifted within what a tap recogniser
  /// takes for a tap (`TapGestureRecognizer`'s movement and duration).
  public static let tapTakenAfterMoving = Corpus.Witness(
    "a tap recogniser took a touch that moved the item"
  ) { replay in
    replay.touches.contains { touch in
      guard let end = touch.end, !touch.cancelled else { return false }
      return touch.travel > tapTravel
        && touch.movedTravel <= TapGestureRecognizer.allowableMovement
        && end - touch.began <= TapGestureRecognizer.maximumDuration
    }
  }

  /// A touch that the touches API ends normally beside a tap recogniser: it lifted after
  /// moving beyond the recogniser's allowable movement, or later than its longest tap.
  public static let endedBeyondTap = Corpus.Witness(
    "a touch lifted that the tap recogniser did not take"
  ) { replay in
    replay.touches.contains { touch in
      guard let end = touch.end, !touch.cancelled else { return false }
      return touch.movedTravel > TapGestureRecognizer.allowableMovement
        || end - touch.began > TapGestureRecognizer.maximumDuration
    }
  }

  /// The keyboard hid after the first touch, as the item's host sees it.
  public static let keyboardHid = Corpus.Witness("the keyboard hid") { replay in
    var shown = replay.scenario.environment.seen(by: replay.host).keyboardFrame != nil
    for change in replay.scenario.gesture.containerChanges {
      let now = change.environment.seen(by: replay.host).keyboardFrame != nil
      if shown, !now, replay.changes.contains(change) { return true }
      shown = now
    }
    return false
  }

  /// A finger dragged the item while the keyboard was up.
  public static let draggedOverKeyboard = Corpus.Witness(
    "a finger dragged the item while the keyboard was up"
  ) { replay in
    replay.trajectory.frames.contains {
      $0.phase == .drag && replay.environment(at: $0.time).keyboardFrame != nil
    }
  }

  /// A finger landed on the item while it moved.
  public static let caughtInFlight = Corpus.Witness("a finger landed on the moving item") {
    replay in replay.trajectory.touches.contains(where: \.itemWasMoving)
  }

  /// The violation is no larger than `limit` points.
  public static func atMost(_ limit: CGFloat) -> Corpus.Witness {
    Corpus.Witness("by at most \(limit) pt") { replay in
      replay.violation.magnitude.unit == .points && replay.violation.magnitude.value <= limit
    }
  }

  /// A finger stayed within a long press's 10 pt on the item for its 0.5 s, then dragged.
  public static let heldThenDragged = Corpus.Witness(
    "a finger held the item half a second, then dragged it"
  ) { replay in
    replay.touches.contains { touch in
      guard let left = touch.leftHysteresisAt else { return false }
      return left - touch.began >= LongPressGestureRecognizer.defaultMinimumPressDuration
    }
  }
}
