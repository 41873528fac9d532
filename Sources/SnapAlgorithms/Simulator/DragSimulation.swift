import Foundation

/// UIKit's side of one item: hit-testing, touch delivery, the pan recogniser, and the view
/// with its animations, driving one algorithm's handlers.
///
/// Feed it touch events in time order with `receive(_:)`; ask it what the screen shows with
/// `frame(at:)`. The `Simulator` wraps it in a display clock; benchmarks use it directly.
///
/// Delivery follows UIKit, for a single finger:
/// - A touch reaches the item only if it lands inside the item's model frame (its shown frame,
///   for an item driven by a display link) while the item accepts touches (no animation without
///   `.allowUserInteraction` is running). Otherwise the whole touch goes elsewhere and the
///   item's code never hears of it.
/// - A `began` while a touch is down is a second finger and is ignored, as are `moved`,
///   `ended` and `cancelled` with no touch down.
/// - Times that are not finite, or go backwards, are taken as the previous event's time: UIKit
///   timestamps are monotonic.
/// - A finger is on the glass: locations are clamped to the screen's bounds, and a coordinate
///   that is not a finite number is taken from the finger's previous location (a `began` with
///   none is ignored). UIKit never hands code a NaN or a touch a light-year away, so neither do
///   we; what code does with such values can still be tested by calling its handlers directly.
/// - Events, frames and every position it reports are in the window's coordinates; the
///   algorithm works in its superview's (`ItemEnvironment.superviewFrame`), as UIKit code does: the
///   session converts touches, the environment and the item's frame between the two.
/// - The session's environment is the one the algorithm's host sees (`ItemEnvironment.seen(by:)`):
///   an item in a window of its own sees no bars and has the window for its superview.
///
/// Named so as not to collide with SwiftUI's `DragSession` (iOS 26).
public struct DragSimulation<Algorithm: SnapAlgorithm>: Sendable {
  public var algorithm: Algorithm { handlers }
  public var view: ItemView { item }
  public var environment: ItemEnvironment {
    didSet {
      context.environment = environment.inSuperviewCoordinates
      context.superview = Superview(environment)
    }
  }
  /// What the algorithm's handlers are handed, kept with `environment`: the environment as the
  /// algorithm sees it (in its superview's coordinates) and its superview. Each call sets the
  /// time and the finger's velocity in place, so that no call copies an environment into a
  /// new context (a third of the simulator's copying).
  @usableFromInline var context: UIKitContext
  /// The environment as the algorithm sees it: in its superview's coordinates.
  @inlinable var localEnvironment: ItemEnvironment { context.environment }
  /// The time of the last event received.
  public var time: Double { clock }

  @usableFromInline var handlers: Algorithm
  @usableFromInline var item: ItemView
  @usableFromInline var clock: Double = 0
  @usableFromInline var touch = TouchState.idle
  @usableFromInline var hasReceivedEvent = false
  @usableFromInline var lastLocation: CGPoint?
  /// The item's centre (model value) when the last touch stopped reaching its code: just before
  /// the `ended` or `cancelled` handler ran, or before a forced end.
  public var releaseCenter: CGPoint? { released }
  @usableFromInline var released: CGPoint?
  /// The finger's velocity (UIKit's estimate) at the last release, in points per second.
  public var releaseVelocity: CGVector? { releasedVelocity }
  @usableFromInline var releasedVelocity: CGVector?
  /// The item's on-screen velocity just after the last release's handler ran, when it started
  /// an animation: what the motion hands over from the finger.
  public var handoffVelocity: CGVector? { handedOff }
  @usableFromInline var handedOff: CGVector?
  /// Where the finger landed and where the item's centre was, for the first touch that reached
  /// the item's code.
  public var touchDown: (finger: CGPoint, center: CGPoint)? { landed }
  @usableFromInline var landed: (finger: CGPoint, center: CGPoint)?
  /// When the last release happened, and where the finger was then.
  public var releaseTime: Double? { releasedAt }
  @usableFromInline var releasedAt: Double?
  public var releaseFinger: CGPoint? { releasedFinger }
  @usableFromInline var releasedFinger: CGPoint?
  /// The item's on-screen velocity just before the last release's handler ran, when an
  /// animation was moving it then (a drag it trails, animated on every move): what it was
  /// showing when the finger let go.
  public var releaseShownVelocity: CGVector? { releasedShown?.velocity }
  /// Where the item was shown then (in the window), when an animation was moving it.
  public var releaseShownCenter: CGPoint? { releasedShown?.center }
  @usableFromInline var releasedShown: (center: CGPoint, velocity: CGVector)?
  /// When the last animation started so far ends: the motion's declared end.
  public var motionEnd: Double? { motionEndTime }
  @usableFromInline var motionEndTime: Double?
  @usableFromInline var tracker = VelocityTracker()
  /// The long-press recogniser of the touch down, while it has not yet begun (or failed).
  @usableFromInline var pendingLongPress: LongPressGestureRecognizer?
  /// The last tap's lift, where it landed and its tap count, for the next touch's `tapCount`.
  @usableFromInline var lastTap: (end: Double, location: CGPoint, count: Int)?
  /// The tap count of the touch down.
  @usableFromInline var tapCount = 1
  /// Where the algorithm put the item when it loaded (`didLoad(_:context:)`), in the window,
  /// when it moved it; `nil` when it left it where the app placed it.
  public var loadPlacement: CGPoint? { placedAtLoad }
  @usableFromInline var placedAtLoad: CGPoint?
  /// Every touch so far, in order, including those that missed the item.
  public var touches: [TouchRecord] { records }
  @usableFromInline var records: [TouchRecord] = []

  @usableFromInline
  enum TouchState: Sendable {
    case idle
    /// A touch that does not reach the item, until it ends.
    case elsewhere
    /// A touch delivered through the touches API; `tapFailed` once it moved beyond the tap
    /// recogniser's limit (UIKit fails the tap while the finger moves, never at the lift).
    case touches(start: CGPoint, startTime: Double, tapFailed: Bool)
    case pan(PanGestureRecognizer)
    /// A touch a long-press recogniser has taken (it began).
    case longPress(LongPressGestureRecognizer)
  }


  // The small reads of the session below are always inlined: called from a mutating method
  // as functions, each was handed a copy of the whole session (1.3 kB) first.

  /// A point in the window, in the superview's coordinates.
  @inlinable @inline(__always)
  func local(_ point: CGPoint) -> CGPoint {
    let offset = environment.superviewOffset
    return CGPoint(x: point.x - offset.dx, y: point.y - offset.dy)
  }

  /// A point in the superview, in the window's coordinates.
  @inlinable @inline(__always)
  func inWindow(_ point: CGPoint) -> CGPoint {
    let offset = environment.superviewOffset
    return CGPoint(x: point.x + offset.dx, y: point.y + offset.dy)
  }

  /// A rectangle in the superview, in the window's coordinates.
  @inlinable @inline(__always)
  func inWindow(_ rect: CGRect) -> CGRect {
    let offset = environment.superviewOffset
    return rect.offsetBy(dx: offset.dx, dy: offset.dy)
  }

  @inlinable static var tapMovementLimit: CGFloat { TapGestureRecognizer.allowableMovement }
  @inlinable static var tapDurationLimit: Double { TapGestureRecognizer.maximumDuration }

  /// Starts with the item centred on `center` (in the window), and calls the algorithm's
  /// `didLoad(in:)`.
  @inlinable
  public init(algorithm: Algorithm, environment: ItemEnvironment, center: CGPoint, itemSize: CGSize) {
    var algorithm = algorithm
    let environment = environment.seen(by: algorithm.host)
    let local = environment.inSuperviewCoordinates
    algorithm.didLoad(in: local)
    self.handlers = algorithm
    self.environment = environment
    self.context = UIKitContext(time: 0, environment: local, superview: Superview(environment))
    let offset = environment.superviewOffset
    self.item = ItemView(
      center: CGPoint(x: center.x - offset.dx, y: center.y - offset.dy), size: itemSize)
    let placed = item.center
    handlers.didLoad(&item, context: context)
    if item.center != placed { placedAtLoad = inWindow(item.center) }
    deliverCompletions()
  }

  /// The item's frame as the screen shows it at `time`, in the window.
  @inlinable @inline(__always)
  public func shownFrame(at time: Double) -> CGRect {
    inWindow(item.presentationFrame(at: time))
  }

  /// Whether a finger is down and its touches reach the item's code.
  @inlinable
  public var isTracking: Bool {
    switch touch {
    case .idle, .elsewhere: return false
    case .touches, .pan, .longPress: return true
    }
  }

  /// The time UIKit would stamp on `event`, given the events before it.
  @inlinable @inline(__always)
  public func timestamp(of event: TouchEvent) -> Double {
    guard event.time.isFinite else { return clock }
    return hasReceivedEvent ? max(event.time, clock) : event.time
  }

  /// Delivers one touch event the way UIKit would.
  @inlinable
  public mutating func receive(_ event: TouchEvent) {
    defer { deliverCompletions() }
    fireLongPress(upTo: timestamp(of: event))
    clock = timestamp(of: event)
    hasReceivedEvent = true
    let time = clock
    item.currentTime = time
    guard let windowLocation = touchLocation(of: event) else { return }
    lastLocation = windowLocation
    switch (event.phase, touch) {
    case (.began, .idle):
      tracker.begin(at: windowLocation, time: time)
      let moving = item.isAnimating(at: time)
      var record = TouchRecord(
        began: time, finger: windowLocation, shownFrame: shownFrame(at: time),
        itemWasMoving: moving)
      record.invitedCatch = moving && item.hitTestsWhereShown && item.acceptsTouches(at: time)
      if moving {
        record.motionLength = item.animations.lazy
          .filter { time < $0.beginTime + $0.duration }.map(\.duration).max()
      }
      record.itemHidden = !item.isHitTestable
      record.actionsBefore = item.sent
      records.append(record)
    case (.moved, .touches), (.moved, .pan), (.moved, .longPress):
      tracker.move(to: windowLocation, time: time)
      noteTravel(to: windowLocation, moving: true, at: time)
    case (.moved, .elsewhere), (.ended, _), (.cancelled, _): noteTravel(to: windowLocation)
    default: break
    }
    defer {
      if event.phase == .ended || event.phase == .cancelled, !records.isEmpty,
        records[records.count - 1].end == nil, case .idle = touch
      {
        records[records.count - 1].end = time
        records[records.count - 1].cancelled = event.phase == .cancelled
        records[records.count - 1].actions = item.sent - records[records.count - 1].actionsBefore
        // A tap (a finger that stayed put) counts towards the next touch's tapCount.
        let record = records[records.count - 1]
        lastTap =
          event.phase == .ended && record.movedTravel <= TapGestureRecognizer.allowableMovement
          ? (time, record.finger, tapCount) : nil
        pendingLongPress = nil
      }
    }
    context.time = time
    context.fingerVelocity = tracker.velocity
    // Touches and recognisers hold the finger in the window and know where the superview is;
    // hit-tests take it in the superview's coordinates, the item's frame's.
    let superviewOrigin = inWindow(CGPoint.zero)
    if event.phase == .began, case .idle = touch {
      if let last = lastTap, time - last.end <= Touch.multipleTapInterval,
        distance(last.location, windowLocation) <= Touch.multipleTapDistance
      {
        tapCount = last.count + 1
      } else {
        tapCount = 1
      }
    }
    let finger = Touch(
      locationInWindow: windowLocation, superviewOrigin: superviewOrigin, tapCount: tapCount)
    let location = local(windowLocation)
    if var pending = pendingLongPress {
      // The long press fails once the finger strays beyond its allowable movement.
      pending.location = windowLocation
      pending.superviewOrigin = superviewOrigin
      pendingLongPress =
        distance(pending.touchDownLocation, windowLocation) > pending.allowableMovement
        ? nil : pending
    }
    switch (event.phase, touch) {
    case (.began, .idle):
      item.removeFinishedAnimations(at: time)
      guard item.acceptsTouches(at: time), item.isHitTestable,
        item.hitFrame(at: time).contains(location)
      else {
        touch = .elsewhere
        return
      }
      // The finger grabs the item where it is shown: its model value, unless a display link
      // drives it and it is caught in flight.
      let grabbed = item.isDisplayLinkDriven ? item.presentationCenter(at: time) : item.center
      if landed == nil { landed = (windowLocation, inWindow(grabbed)) }
      records[records.count - 1].reachedItem = true
      records[records.count - 1].grabbedCenter = inWindow(grabbed)
      if handlers.recognizesLongPress {
        var recognizer = LongPressGestureRecognizer(
          touchDownAt: windowLocation, time: time,
          allowableMovement: handlers.longPressAllowableMovement)
        recognizer.superviewOrigin = superviewOrigin
        pendingLongPress = recognizer
      }
      switch handlers.inputAPI {
      case .touches:
        // The tap recogniser measures on the glass, whatever the superview does meanwhile.
        touch = .touches(start: windowLocation, startTime: time, tapFailed: false)
        handlers.touchesBegan(finger, view: &item, context: context)
      case .panGestureRecognizer:
        var recognizer = PanGestureRecognizer(touchDownAt: windowLocation)
        recognizer.superviewOrigin = superviewOrigin
        touch = .pan(recognizer)
        // The view under a recogniser still gets the touch (delaysTouchesBegan is off).
        handlers.touchesBegan(finger, view: &item, context: context)
      }

    case (.moved, .touches(let start, let startTime, let tapFailed)):
      let failed =
        tapFailed || !(distance(start, windowLocation) <= Self.tapMovementLimit)
        || time - startTime > Self.tapDurationLimit
      touch = .touches(start: start, startTime: startTime, tapFailed: failed)
      handlers.touchesMoved(finger, view: &item, context: context)

    case (.ended, .touches(_, let startTime, let tapFailed)):
      touch = .idle
      // UITapGestureRecognizer fails in touchesMoved, once the finger is beyond its allowable
      // movement; where the finger lifts is not checked again (a move of 40 pt, then a lift
      // 50 pt away, is a tap).
      let recognisesTap =
        !tapFailed && time - startTime <= Self.tapDurationLimit
        && handlers.inputAPI == .touches(tapRecognizerAttached: true)
      beginRelease()
      if recognisesTap {
        if handlers.itemAction == .tapRecognizer { item.sent += 1 }
        handlers.handleTap(at: location, view: &item, context: context)
        handlers.touchesCancelled(finger, view: &item, context: context)
      } else {
        if handlers.itemAction == .touchUpInside, liftsInside(location) { item.sent += 1 }
        handlers.touchesEnded(finger, view: &item, context: context)
      }
      endRelease(at: time)

    case (.cancelled, .touches):
      touch = .idle
      beginRelease()
      handlers.touchesCancelled(finger, view: &item, context: context)
      endRelease(at: time)

    case (.moved, .pan(var recognizer)):
      recognizer.location = windowLocation
      recognizer.superviewOrigin = superviewOrigin
      switch recognizer.recognizedState {
      case .possible:
        guard recognizer.hasCrossedHysteresis else {
          touch = .pan(recognizer)
          handlers.touchesMoved(finger, view: &item, context: context)
          return
        }
        recognizer.removeHysteresisFromTranslation()
        recognizer.recognizedState = .began
        // The pan began first: the long press fails.
        pendingLongPress = nil
        callPanHandler(&recognizer)
        // Recognised: cancelsTouchesInView takes the touch from the view.
        handlers.touchesCancelled(finger, view: &item, context: context)
        return
      default:
        recognizer.recognizedState = .changed
      }
      callPanHandler(&recognizer)

    case (.ended, .pan(var recognizer)), (.cancelled, .pan(var recognizer)):
      touch = .idle
      guard recognizer.recognizedState == .began || recognizer.recognizedState == .changed else {
        // The pan never began and fails: the view gets the end of its touch (delayed until
        // the failure, which is now).
        if recognizer.recognizedState == .possible {
          let touch = finger
          if event.phase == .ended, let action = handlers.itemAction, action != .handlers,
            let record = records.last
          {
            // As for the touches API: the tap fails on a move beyond its allowable movement,
            // not on where the finger lifts.
            let tap =
              record.movedTravel <= Self.tapMovementLimit
              && time - record.began <= Self.tapDurationLimit
            if action == .tapRecognizer ? tap : liftsInside(location) { item.sent += 1 }
            if action == .tapRecognizer, tap {
              handlers.handleTap(at: location, view: &item, context: context)
            }
          }
          if event.phase == .ended {
            handlers.touchesEnded(touch, view: &item, context: context)
          } else {
            handlers.touchesCancelled(touch, view: &item, context: context)
          }
        }
        return
      }
      // UIKit's pan does not record where the finger lifts: the translation at `ended` is what
      // the last `changed` left.
      beginRelease()
      recognizer.recognizedState = event.phase == .ended ? .ended : .cancelled
      callPanHandler(&recognizer)
      endRelease(at: time)
      touch = .idle

    case (.moved, .longPress(var recognizer)):
      recognizer.location = windowLocation
      recognizer.superviewOrigin = superviewOrigin
      recognizer.state = .changed
      handlers.handleLongPress(&recognizer, view: &item, context: context)
      touch = .longPress(recognizer)

    case (.ended, .longPress(var recognizer)), (.cancelled, .longPress(var recognizer)):
      touch = .idle
      recognizer.location = windowLocation
      recognizer.superviewOrigin = superviewOrigin
      recognizer.state = event.phase == .ended ? .ended : .cancelled
      beginRelease()
      handlers.handleLongPress(&recognizer, view: &item, context: context)
      endRelease(at: time)

    case (.ended, .elsewhere), (.cancelled, .elsewhere):
      touch = .idle

    case (.began, _), (.moved, _), (.ended, _), (.cancelled, _):
      // A second finger, or a touch that is not down: UIKit never sends these to the item.
      break
    }
  }

  /// Notes how far the finger of the current touch has got from where it landed, and, for a
  /// move (not a lift), how far it has got while moving.
  @inlinable
  mutating func noteTravel(to location: CGPoint, moving: Bool = false, at time: Double = 0) {
    guard !records.isEmpty else { return }
    let landed = records[records.count - 1].finger
    let travel = distance(landed, location)
    records[records.count - 1].travel = Swift.max(records[records.count - 1].travel, travel)
    if moving {
      records[records.count - 1].movedTravel = Swift.max(
        records[records.count - 1].movedTravel, travel)
      if travel >= PanGestureRecognizer.defaultHysteresis,
        records[records.count - 1].leftHysteresisAt == nil
      {
        records[records.count - 1].leftHysteresisAt = time
      }
    }
  }

  /// Whether a finger lifting at `location` is inside the control for touch-up-inside: within
  /// `ControlTracking.insideTolerance` of the item's frame.
  @inlinable @inline(__always)
  func liftsInside(_ location: CGPoint) -> Bool {
    let tolerance = ControlTracking.insideTolerance
    return item.frame.insetBy(dx: -tolerance, dy: -tolerance).contains(location)
  }

  /// Notes where the item and the finger are as a touch stops reaching the item's code.
  @inlinable
  mutating func beginRelease() {
    released = inWindow(item.center)
    releasedVelocity = tracker.velocity
    releasedAt = clock
    releasedFinger = lastLocation
    releasedShown =
      item.isAnimating(at: clock)
      ? (inWindow(item.presentationCenter(at: clock)), item.presentationVelocity(at: clock)) : nil
  }

  /// Notes how fast the item moves once the release handler has run.
  @inlinable
  mutating func endRelease(at time: Double) {
    handedOff = item.isAnimating(at: time) ? item.presentationVelocity(at: time) : nil
  }

  /// Where UIKit would report `event`'s finger: on the screen, and a real number.
  @inlinable @inline(__always)
  func touchLocation(of event: TouchEvent) -> CGPoint? {
    let screen = environment.screenBounds
    func onScreen(_ value: CGFloat, _ previous: CGFloat?, _ low: CGFloat, _ high: CGFloat)
      -> CGFloat?
    {
      guard value.isFinite else { return previous }
      return Swift.min(Swift.max(value, low), high)
    }
    let previous = event.phase == .began ? nil : lastLocation
    guard let x = onScreen(event.location.x, previous?.x, screen.minX, screen.maxX),
      let y = onScreen(event.location.y, previous?.y, screen.minY, screen.maxY)
    else { return nil }
    return CGPoint(x: x, y: y)
  }

  /// Calls the action method, then applies a state the handler set with `setState(_:)`: the
  /// recogniser calls the action again with it and ignores the rest of the touch.
  @inlinable
  mutating func callPanHandler(_ recognizer: inout PanGestureRecognizer) {
    recognizer.velocity = context.fingerVelocity
    handlers.handlePan(&recognizer, view: &item, context: context)
    let finished = recognizer.recognizedState == .ended || recognizer.recognizedState == .cancelled
    if let requested = recognizer.requestedState, !finished {
      recognizer.requestedState = nil
      recognizer.recognizedState = requested
      if requested == .ended || requested == .cancelled {
        beginRelease()
        handlers.handlePan(&recognizer, view: &item, context: context)
        endRelease(at: context.time)
      }
      recognizer.requestedState = nil
      touch = requested == .changed || requested == .began ? .pan(recognizer) : .elsewhere
    } else {
      touch = finished ? .idle : .pan(recognizer)
    }
  }

  /// What the screen shows at `time` (at or after the last event).
  @inlinable @inline(__always)
  public func frame(at time: Double) -> Frame {
    let phase: FramePhase =
      isTracking ? .drag : (item.isAnimating(at: time) ? .motion : .rest)
    let finger: CGPoint?
    switch touch {
    case .idle: finger = nil
    case .elsewhere, .touches, .pan, .longPress: finger = lastLocation
    }
    return Frame(
      time: time, phase: phase, rect: shownFrame(at: time), finger: finger,
      animationsInFlight: item.animations.count)
  }

  /// Forgets animations that have finished by `time`, keeping the work per frame constant,
  /// and runs what UIKit runs on the frame's turn of the run loop: a long press that is due
  /// begins, and the completions of animations that ended are called.
  @inlinable
  public mutating func removeFinishedAnimations(at time: Double) {
    if pendingLongPress != nil { fireLongPress(upTo: time) }
    guard !item.inFlight.isEmpty || !item.completed.isEmpty else { return }
    if let end = item.animationEndTime { motionEndTime = max(motionEndTime ?? end, end) }
    item.removeFinishedAnimations(at: time)
    deliverCompletions()
  }

  /// Begins the long press of the touch down if the finger has stayed put until `time`: its
  /// action method is called with `began`, the pan (if it has not begun) fails, and the view's
  /// touch is cancelled.
  @inlinable
  mutating func fireLongPress(upTo time: Double) {
    guard var recognizer = pendingLongPress, time >= recognizer.recognitionTime else { return }
    pendingLongPress = nil
    let at = recognizer.recognitionTime
    let previous = context.time
    context.time = max(at, clock)
    item.currentTime = context.time
    recognizer.state = .began
    let finger = Touch(
      locationInWindow: recognizer.location, superviewOrigin: recognizer.superviewOrigin,
      tapCount: tapCount)
    switch touch {
    case .touches, .pan:
      touch = .longPress(recognizer)
      if !records.isEmpty { records[records.count - 1].longPressedAt = at }
      handlers.handleLongPress(&recognizer, view: &item, context: context)
      touch = .longPress(recognizer)
      handlers.touchesCancelled(finger, view: &item, context: context)
    default:
      break
    }
    context.time = previous
    deliverCompletions()
  }

  /// Calls the algorithm's `animationDidComplete(_:finished:view:context:)` for every
  /// completion due, as UIKit calls completion blocks on the next turn of the run loop (a
  /// completion that starts another animation with a completion is called in its turn).
  @inlinable
  mutating func deliverCompletions() {
    var rounds = 0
    while !item.completed.isEmpty, rounds < 64 {
      rounds += 1
      for completion in item.takeCompletions() {
        handlers.animationDidComplete(
          completion.tag, finished: completion.finished, view: &item, context: context)
      }
    }
  }

  /// Where the item comes to rest: its model frame, once every animation has run, in the
  /// window.
  @inlinable
  public var restingFrame: CGRect { inWindow(item.frame) }

  /// The container changes at `time` (a rotation, Split View, an inset, bar or keyboard
  /// change); the algorithm hears of it through `environmentDidChange(from:view:context:)`,
  /// unless its host sees nothing change.
  ///
  /// The item keeps its `center` in its superview, as UIKit's views do: when the superview
  /// moves in the window (an opaque navigation bar appears), the item moves with it until the
  /// algorithm moves it back.
  @inlinable
  public mutating func changeEnvironment(to new: ItemEnvironment, at time: Double) {
    let old = localEnvironment
    let before = environment
    environment = new.seen(by: handlers.host)
    clock = max(clock, time.isFinite ? time : clock)
    item.currentTime = clock
    context.time = clock
    context.fingerVelocity = tracker.velocity
    // A change the host does not see (a tab bar under an item in a window of its own) is no
    // change to it: UIKit tells it nothing.
    guard !environment.isSameContainer(as: before) else { return }
    // What changed, told in the superview's new coordinates.
    var change = ContainerChangeInfo(from: before, to: environment)
    if var keyboard = change.keyboard {
      let offset = environment.superviewOffset
      keyboard.beginFrame = keyboard.beginFrame.offsetBy(dx: -offset.dx, dy: -offset.dy)
      keyboard.endFrame = keyboard.endFrame.offsetBy(dx: -offset.dx, dy: -offset.dy)
      change.keyboard = keyboard
    }
    context.containerChange = change
    handlers.environmentDidChange(from: old, view: &item, context: context)
    context.containerChange = nil
    deliverCompletions()
  }
}

@inlinable
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
  let dx = a.x - b.x
  let dy = a.y - b.y
  return (dx * dx + dy * dy).squareRoot()
}
