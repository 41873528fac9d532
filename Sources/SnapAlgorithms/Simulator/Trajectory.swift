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

  @inlinable
  public init(time: Double, phase: FramePhase, rect: CGRect) {
    self.time = time
    self.phase = phase
    self.rect = rect
  }
}

/// Everything the item showed during a simulated gesture, frame by frame.
public struct Trajectory: Hashable, Sendable {
  /// The algorithm's id.
  public var algorithm: String
  /// The environment the gesture ran in.
  public var environment: Environment
  /// One frame per display refresh from the first touch until the item is at rest: the last
  /// frame is the first one in which nothing moves it.
  public var frames: [Frame]
  /// Where the item comes to rest: its model frame once every animation has finished.
  public var rest: CGRect
  /// Whether the simulator stopped recording frames at its frame limit; `rest` is still the
  /// final position.
  public var isTruncated: Bool

  @inlinable
  public init(
    algorithm: String, environment: Environment, frames: [Frame], rest: CGRect,
    isTruncated: Bool = false
  ) {
    self.algorithm = algorithm
    self.environment = environment
    self.frames = frames
    self.rest = rest
    self.isTruncated = isTruncated
  }
}
