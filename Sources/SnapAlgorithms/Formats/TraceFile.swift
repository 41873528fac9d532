import Foundation

/// The JSON that `snap-bench trace` (and your own bench's `trace`) writes: every frame the item
/// was shown in, the release, and where it came to rest. Decode a trace with it instead of
/// declaring a copy of the format:
///
///     let trace = try JSONDecoder().decode(TraceFile.self, from: data)
///     print(trace.rest.rect, trace.frames.count)
///
/// Version 1; fields may be added, never removed or renamed, within a version. Numbers are
/// points, seconds and points per second, in the container's coordinates.
public struct TraceFile: Codable, Hashable, Sendable {
  /// A rectangle as the trace writes one: its origin and size.
  public struct Rect: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    public init(_ rect: CGRect) {
      self.init(
        x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
        height: Double(rect.size.height))
    }

    /// The same rectangle as a `CGRect`.
    public var rect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
  }

  /// A point or a velocity.
  public struct Point: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// The container's size.
  public struct Size: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// One frame as shown: when, what moved the item, and the item's frame.
  public struct Frame: Codable, Hashable, Sendable {
    public var t: Double
    public var phase: FramePhase
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(t: Double, phase: FramePhase, rect: CGRect) {
      self.t = t
      self.phase = phase
      x = Double(rect.origin.x)
      y = Double(rect.origin.y)
      width = Double(rect.size.width)
      height = Double(rect.size.height)
    }

    /// The item's frame as a `CGRect`.
    public var rect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
  }

  /// Where and when the last touch stopped reaching the item's code.
  public struct Release: Codable, Hashable, Sendable {
    public var t: Double
    /// The item's centre at the release.
    public var center: Point
    /// The finger's velocity at the release, when one was measured.
    public var fingerVelocity: Point?
    /// The point a projecting algorithm chose its rest from, when it projects.
    public var projected: Point?
    /// The item's velocity as its motion began, if a motion began.
    public var motionVelocity: Point?

    public init(
      t: Double, center: Point, fingerVelocity: Point? = nil, projected: Point? = nil,
      motionVelocity: Point? = nil
    ) {
      self.t = t
      self.center = center
      self.fingerVelocity = fingerVelocity
      self.projected = projected
      self.motionVelocity = motionVelocity
    }
  }

  /// One touch of the gesture, as the item's code met it.
  public struct TouchSummary: Codable, Hashable, Sendable {
    /// When it landed, and when it lifted or was cancelled (`nil`: still down at the end).
    public var began: Double
    public var end: Double?
    /// Where it landed.
    public var finger: Point
    /// The item as the screen showed it when the touch landed.
    public var shown: Rect
    /// Whether it reached the item's code (it landed where the item hit-tests).
    public var reachedItem: Bool
    public var cancelled: Bool
    /// How many times the item's action fired for it.
    public var actions: Int
    public init(
      began: Double, end: Double?, finger: Point, shown: Rect, reachedItem: Bool, cancelled: Bool,
      actions: Int
    ) {
      self.began = began
      self.end = end
      self.finger = finger
      self.shown = shown
      self.reachedItem = reachedItem
      self.cancelled = cancelled
      self.actions = actions
    }
  }

  /// The container after one change of the gesture.
  public struct ContainerState: Codable, Hashable, Sendable {
    public var t: Double
    public var container: Size
    /// The safe area less the bars and the keyboard the item sees.
    public var safeRegion: Rect
    /// The keyboard's frame, `nil` when none is shown.
    public var keyboard: Rect?
    public init(t: Double, container: Size, safeRegion: Rect, keyboard: Rect?) {
      self.t = t
      self.container = container
      self.safeRegion = safeRegion
      self.keyboard = keyboard
    }
  }

  /// The format's version: 1.
  public var version: Int
  /// The algorithm's id.
  public var algorithm: String
  /// The device (or environment) name.
  public var device: String
  public var container: Size
  /// Frames a second of the display.
  public var refreshRate: Int
  /// The release motion, as the algorithm describes it; `nil` for none.
  public var motion: String?
  public var frames: [Frame]
  /// `nil` when no touch reached the item.
  public var release: Release?
  /// The item's frame at rest, at the end of the trace.
  public var rest: Rect
  /// Whether the trace stopped at its frame limit before the item came to rest.
  public var truncated: Bool
  /// Every touch, in order (absent from traces written before it was added).
  public var touches: [TouchSummary]?
  /// The container after each change, in order (absent from traces written before it was
  /// added).
  public var containerChanges: [ContainerState]?

  public init(
    version: Int = 1, algorithm: String, device: String, container: Size, refreshRate: Int,
    motion: String?, frames: [Frame], release: Release?, rest: Rect, truncated: Bool,
    touches: [TouchSummary]? = nil, containerChanges: [ContainerState]? = nil
  ) {
    self.version = version
    self.algorithm = algorithm
    self.device = device
    self.container = container
    self.refreshRate = refreshRate
    self.motion = motion
    self.frames = frames
    self.release = release
    self.rest = rest
    self.truncated = truncated
    self.touches = touches
    self.containerChanges = containerChanges
  }
}
