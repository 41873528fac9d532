import Foundation

/// What the item is doing in a frame.
public enum FramePhase: String, Hashable, Sendable, Codable {
  /// A finger is down and its touches reach the item's code.
  case drag
  /// An animation is moving the item.
  case motion
  /// Nothing moves the item.
  case rest
}

/// One displayed frame.
public struct Frame: Hashable, Sendable {
  /// When the frame is shown, on the gesture's clock.
  public var time: Double
  public var phase: FramePhase
  /// The item's frame as shown on screen (the presentation value), in container points.
  public var rect: CGRect
  /// Where the finger is, as UIKit reports it, while a finger is down; `nil` otherwise.
  public var finger: CGPoint?
  /// How many animations the frame had to evaluate: the frame's work, beyond a constant.
  public var animationsInFlight: Int

  @inlinable
  public init(
    time: Double, phase: FramePhase, rect: CGRect, finger: CGPoint? = nil,
    animationsInFlight: Int = 0
  ) {
    self.time = time
    self.phase = phase
    self.rect = rect
    self.finger = finger
    self.animationsInFlight = animationsInFlight
  }
}

/// One touch of a gesture, from its `began` to its lift or cancel, as the simulator delivered it.
public struct TouchRecord: Hashable, Sendable {
  /// When the finger landed, and where (on the glass: clamped to the screen).
  public var began: Double
  public var finger: CGPoint
  /// The item's frame as shown on screen at that moment, and whether it was moving then.
  public var shownFrame: CGRect
  public var itemWasMoving: Bool
  /// Whether the touch reached the item's code (it landed inside the frame UIKit hit-tests,
  /// while the item accepted touches).
  public var reachedItem: Bool
  /// For a touch that reached the item: the centre the finger grabbed it at (its model value,
  /// or its shown centre for an item driven by a display link).
  public var grabbedCenter: CGPoint?
  /// When the touch lifted or was cancelled; `nil` when the finger is still down at the end.
  public var end: Double?
  public var cancelled: Bool
  /// The farthest the finger got from where it landed, in points, its lift included.
  public var travel: CGFloat
  /// The farthest the finger got from where it landed while moving, its lift left out: what a
  /// tap recogniser judges (it fails on a move, and does not look again at the lift).
  public var movedTravel: CGFloat = 0
  /// When the finger, moving, first got a pan's hysteresis (10 pt) from where it landed; `nil`
  /// while it never has. A finger may get that far and come back between two display frames,
  /// which the frames alone do not show.
  public var leftHysteresisAt: Double?
  /// When a long-press recogniser on the item (`SnapAlgorithm.recognizesLongPress`) took the
  /// touch: from then on it is the long press's, neither a drag nor a tap. `nil` when none did.
  public var longPressedAt: Double?
  /// Whether the item, moving when the finger landed, was built to be caught there: it accepted
  /// touches and hit-tested where it was shown (a display link drove it, or its view tests the
  /// presentation layer), so its author meant a finger to catch it in flight.
  public var invitedCatch = false
  /// How long the motion the finger met lasts in all, in seconds: the longest of the
  /// animations in flight when it landed, from its start to where it settles (a glide of 33 ms
  /// that a code sized by the distance it had to go, not the 0.7 s its longest takes). `nil` when
  /// the item was at rest, or moved by something other than an animation (a display link).
  public var motionLength: Double?
  /// Whether the item was hidden when the finger landed (`ItemView.isHidden`, or an alpha
  /// below 0.01): nothing a finger could see or reach.
  public var itemHidden = false
  /// How many times the item's action fired during the touch or at its lift.
  public var actions: Int
  @usableFromInline var actionsBefore: Int

  @inlinable
  public init(
    began: Double, finger: CGPoint, shownFrame: CGRect, itemWasMoving: Bool,
    reachedItem: Bool = false, grabbedCenter: CGPoint? = nil, end: Double? = nil,
    cancelled: Bool = false, travel: CGFloat = 0, actions: Int = 0
  ) {
    self.began = began
    self.finger = finger
    self.shownFrame = shownFrame
    self.itemWasMoving = itemWasMoving
    self.reachedItem = reachedItem
    self.grabbedCenter = grabbedCenter
    self.end = end
    self.cancelled = cancelled
    self.travel = travel
    self.actions = actions
    self.actionsBefore = 0
  }
}

/// Everything the item showed during a simulated gesture, frame by frame.
public struct Trajectory: Hashable, Sendable {
  /// The algorithm's id.
  public var algorithm: String
  /// The environment the gesture ran in.
  public var environment: ItemEnvironment
  /// One frame per display refresh from the first touch until the item is at rest: the last
  /// frame is the first one in which nothing moves it.
  public var frames: [Frame]
  /// Where the item comes to rest: its model frame once every animation has finished.
  public var rest: CGRect
  /// Whether the simulator stopped recording frames at its frame limit; `rest` is still the
  /// final position.
  public var isTruncated: Bool
  /// The item's centre when the last touch stopped reaching its code (the finger lifted, the
  /// touch was cancelled, or the code ended the gesture); `nil` if none did.
  public var releaseCenter: CGPoint?
  /// The finger's velocity (UIKit's estimate) at that release, in points per second.
  public var releaseVelocity: CGVector?
  /// The item's on-screen velocity just after the release, if its handler started a motion.
  public var handoffVelocity: CGVector?
  /// The environment at the end of the run, after any container changes.
  public var finalEnvironment: ItemEnvironment
  /// When that release happened, and where the finger was then.
  public var releaseTime: Double?
  public var releaseFinger: CGPoint?
  /// Where the finger landed on the item, and the item's centre then (first touch only).
  public var touchDownFinger: CGPoint?
  public var touchDownCenter: CGPoint?
  /// When the last animation the run started was declared to end (its settle time).
  public var motionEnd: Double?
  /// Every touch of the gesture, in order, including those that missed the item.
  public var touches: [TouchRecord]
  /// Where the algorithm put the item's centre when it loaded, in the window, when it moved it
  /// there (`didLoad(_:context:)`); `nil` when it left it where the app placed it.
  public var loadPlacement: CGPoint?
  /// The item's on-screen velocity just before that release, when an animation was moving it
  /// then (it trailed the finger); `nil` when it was where its model value is.
  public var releaseShownVelocity: CGVector?
  /// Where it was shown then, when an animation was moving it.
  public var releaseShownCenter: CGPoint?

  @inlinable
  public init(
    algorithm: String, environment: ItemEnvironment, frames: [Frame], rest: CGRect,
    isTruncated: Bool = false, releaseCenter: CGPoint? = nil, releaseVelocity: CGVector? = nil,
    handoffVelocity: CGVector? = nil, finalEnvironment: ItemEnvironment? = nil,
    releaseTime: Double? = nil, motionEnd: Double? = nil, touchDownFinger: CGPoint? = nil,
    touchDownCenter: CGPoint? = nil, releaseFinger: CGPoint? = nil, touches: [TouchRecord] = [],
    loadPlacement: CGPoint? = nil, releaseShownVelocity: CGVector? = nil,
    releaseShownCenter: CGPoint? = nil
  ) {
    self.algorithm = algorithm
    self.environment = environment
    self.frames = frames
    self.rest = rest
    self.isTruncated = isTruncated
    self.releaseCenter = releaseCenter
    self.releaseVelocity = releaseVelocity
    self.handoffVelocity = handoffVelocity
    self.finalEnvironment = finalEnvironment ?? environment
    self.releaseTime = releaseTime
    self.motionEnd = motionEnd
    self.touchDownFinger = touchDownFinger
    self.touchDownCenter = touchDownCenter
    self.releaseFinger = releaseFinger
    self.touches = touches
    self.loadPlacement = loadPlacement
    self.releaseShownVelocity = releaseShownVelocity
    self.releaseShownCenter = releaseShownCenter
  }
}

extension Trajectory {
  /// The point a projecting algorithm chose its rest from: the release centre carried by the
  /// finger's velocity under the algorithm's deceleration rate. `nil` without a release or a
  /// measured velocity there, and for an algorithm that does not project.
  public func projectedRelease(by algorithm: any SnapAlgorithm) -> CGPoint? {
    guard algorithm.projectsVelocity, let rate = algorithm.dockingRule.decelerationRate,
      let center = releaseCenter, let velocity = releaseVelocity
    else { return nil }
    return DockingRule.project(center, velocity: velocity, rate: rate)
  }
}
