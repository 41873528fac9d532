import Foundation

/// Where a touch is in its life, as `UITouch.Phase` reports it.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable, Codable {
  case began, moved, ended, cancelled
}

/// One touch event: when, what, and where the finger is, in container points.
public struct TouchEvent: Hashable, Sendable {
  /// Seconds on the gesture's clock.
  public var time: Double
  public var phase: TouchPhase
  /// The finger's position in container (window) coordinates.
  public var location: CGPoint

  @inlinable
  public init(time: Double, phase: TouchPhase, location: CGPoint) {
    self.time = time
    self.phase = phase
    self.location = location
  }

  @inlinable
  public init(_ phase: TouchPhase, at time: Double, x: CGFloat, y: CGFloat) {
    self.init(time: time, phase: phase, location: CGPoint(x: x, y: y))
  }
}

/// The container changing at a moment: a rotation, Split View, a bar or the keyboard
/// appearing or going; `environment` is the whole new state.
public struct ContainerChange: Hashable, Sendable {
  public var time: Double
  public var environment: ItemEnvironment

  @inlinable
  public init(time: Double, environment: ItemEnvironment) {
    self.time = time
    self.environment = environment
  }
}

/// A time-stamped stream of single-finger touch events, and where the item was before it.
///
/// A stream may hold several touches one after another (began … ended, began … ended); each
/// `began` starts a new touch. The container may change along the way (`containerChanges`,
/// in time order). This is the input the simulator turns into what each algorithm's UIKit code
/// receives.
///
/// Named so as not to collide with SwiftUI's `Gesture`.
public struct TouchGesture: Hashable, Sendable {
  /// The item's centre before the first touch.
  public var start: CGPoint
  public var events: [TouchEvent]
  /// Changes of the container during the gesture, in time order.
  public var containerChanges: [ContainerChange]

  @inlinable
  public init(start: CGPoint, events: [TouchEvent], containerChanges: [ContainerChange] = []) {
    self.start = start
    self.events = events
    self.containerChanges = containerChanges
  }
}

extension TouchGesture {
  /// A finger that lands on `from`, moves in a straight line to `to` over `duration` seconds
  /// with events at `touchRate` per second, and lifts there (or is cancelled there).
  ///
  /// The item starts centred under the finger unless `start` says otherwise.
  public static func drag(
    from: CGPoint, to: CGPoint, duration: Double, touchRate: Int = 120,
    start: CGPoint? = nil, cancelled: Bool = false, beganAt startTime: Double = 0
  ) -> TouchGesture {
    let steps = max(1, Int((duration * Double(touchRate)).rounded()))
    var events = [TouchEvent(time: startTime, phase: .began, location: from)]
    for step in 1...steps {
      let fraction = CGFloat(step) / CGFloat(steps)
      let location = CGPoint(
        x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
      events.append(
        TouchEvent(time: startTime + duration * Double(fraction), phase: .moved, location: location))
    }
    events.append(
      TouchEvent(time: startTime + duration, phase: cancelled ? .cancelled : .ended, location: to))
    return TouchGesture(start: start ?? from, events: events)
  }

  /// A flick: a finger that lands on `point`, moves at `velocity` points per second for
  /// `duration` seconds (touches at `touchRate` per second) and lifts at full speed, so UIKit's
  /// velocity estimate at the lift is `velocity`.
  public static func flick(
    from point: CGPoint, velocity: CGVector, duration: Double = 0.05, touchRate: Int = 120
  ) -> TouchGesture {
    let to = CGPoint(x: point.x + velocity.dx * duration, y: point.y + velocity.dy * duration)
    return drag(from: point, to: to, duration: duration, touchRate: touchRate)
  }

  /// This gesture with the finger held still before it lifts: two touches where it last was,
  /// 0.05 s and 0.1 s after its last event, then the lift 0.05 s later. UIKit's velocity
  /// estimate (a weighted pair of the last two moves) is then zero, so the release carries none.
  public func heldStill() -> TouchGesture {
    var gesture = self
    guard var last = gesture.events.popLast() else { return gesture }
    let at = last.location
    gesture.events.append(TouchEvent(.moved, at: last.time + 0.05, x: at.x, y: at.y))
    gesture.events.append(TouchEvent(.moved, at: last.time + 0.1, x: at.x, y: at.y))
    last.time += 0.15
    gesture.events.append(last)
    return gesture
  }

  /// A finger that lands on `point` and lifts 0.1 s later without moving.
  public static func tap(at point: CGPoint, start: CGPoint? = nil, at time: Double = 0) -> TouchGesture {
    TouchGesture(
      start: start ?? point,
      events: [
        TouchEvent(time: time, phase: .began, location: point),
        TouchEvent(time: time + 0.1, phase: .ended, location: point),
      ])
  }

  /// This gesture followed by `other`'s events, shifted to begin `gap` seconds after this one
  /// ends; `other.start` is ignored, since the item is wherever this gesture left it.
  public func followed(by other: TouchGesture, after gap: Double = 0.5) -> TouchGesture {
    let shift = Self.shift(of: other.events, toFollow: events, after: gap)
    let shifted = Self.events(other.events, shiftedBy: shift)
    let changes = other.containerChanges.map {
      ContainerChange(time: $0.time + shift, environment: $0.environment)
    }
    return TouchGesture(
      start: start, events: events + shifted, containerChanges: containerChanges + changes)
  }

  /// How far in time `later` moves to begin `gap` seconds after the last of `earlier`.
  @inlinable
  static func shift(of later: [TouchEvent], toFollow earlier: [TouchEvent], after gap: Double)
    -> Double
  {
    (earlier.last?.time ?? 0) + gap - (later.first?.time ?? 0)
  }

  /// `events`, each `shift` seconds later.
  @inlinable
  static func events(_ events: [TouchEvent], shiftedBy shift: Double) -> [TouchEvent] {
    events.map { TouchEvent(time: $0.time + shift, phase: $0.phase, location: $0.location) }
  }

  /// The gesture `trace` uses when none is given: the item rests in the middle of the region,
  /// the finger drags it up and to the left over a quarter second, and lets go.
  public static func sample(in environment: ItemEnvironment) -> TouchGesture {
    let region = environment.safeRegion
    let from = CGPoint(x: region.midX + region.width * 0.15, y: region.midY)
    let to = CGPoint(x: region.midX - region.width * 0.2, y: region.midY - region.height * 0.2)
    return .drag(from: from, to: to, duration: 0.25, touchRate: environment.refreshRate)
  }
}
