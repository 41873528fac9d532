import Foundation

/// What breaks an invariant in one run: a sentence, and the data it is about.
///
/// `time`, `rect` and `region` say where to look: the frame at `time` showed the item at
/// `rect`, which should have kept to `region` (the container, the safe region, …). For a
/// violation seen at rest, `time` is `nil` and `rect` is the rest frame.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// What goes wrong, in words.
  public var message: String
  /// When, on the gesture's clock: the frame that breaks it; `nil` for the rest position or a
  /// fact about the whole run.
  public var time: Double?
  /// The item's frame that breaks it, when one does.
  public var rect: CGRect?
  /// The region the item should have kept to, when the invariant names one.
  public var region: CGRect?

  public init(_ message: String, at time: Double? = nil, rect: CGRect? = nil, region: CGRect? = nil) {
    self.message = message
    self.time = time
    self.rect = rect
    self.region = region
  }

  public var description: String { message }
}
