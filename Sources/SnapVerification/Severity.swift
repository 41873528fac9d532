import Foundation
import SnapAlgorithms

/// How much a violation matters to the people who use the button.
///
/// A *hazard* is a bug: the item lost, hidden under a bar or the keyboard, off screen, out of
/// reach, left undocked, jumping, or firing the wrong action. *Polish* is what a careful iOS
/// engineer would not fix: a lag within the pan recogniser's 10 pt slop, a point or two
/// (`Invariant.polishDistance`), one transient frame while the container changes. Polish is
/// reported apart and fails nothing unless asked (`strict`).
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
  case hazard
  case polish

  public static func < (a: Severity, b: Severity) -> Bool {
    a == .hazard && b == .polish
  }
}

/// How big a violation is, in the unit that says it best: points off screen or from where the
/// item should be, seconds, points per second, animations in a frame.
public struct Magnitude: Hashable, Sendable, Comparable, CustomStringConvertible {
  public enum Unit: String, Hashable, Sendable, Codable {
    case points = "pt"
    case seconds = "s"
    case pointsPerSecond = "pt/s"
    case animations
    /// For what is a fact, not an amount (a touch that is ignored, a frame that is not a number).
    case occurrences
  }

  public var value: Double
  public var unit: Unit

  @inlinable
  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// `value` points.
  public static func points(_ value: CGFloat) -> Magnitude { Magnitude(Double(value), .points) }

  /// A fact that happened once.
  public static let once = Magnitude(1, .occurrences)

  public static func < (a: Magnitude, b: Magnitude) -> Bool { a.value < b.value }

  /// `310 pt`, `0.25 s`, `1,200 pt/s`, `6 animations`; a fact is `once`.
  public var description: String {
    guard value.isFinite else { return "beyond measure (not a finite number)" }
    let shown = describeNumber((value * 10).rounded() / 10)
    switch unit {
    case .points: return "\(shown) pt"
    case .seconds: return "\(describeNumber((value * 1000).rounded() / 1000)) s"
    case .pointsPerSecond: return "\(describeNumber(value.rounded())) pt/s"
    case .animations: return "\(shown) animations"
    case .occurrences: return value == 1 ? "once" : "\(shown) times"
    }
  }
}

extension Magnitude: Codable {
  private enum CodingKeys: String, CodingKey { case value, unit }

  /// `{"value": 310, "unit": "pt"}`; a value that is not a finite number is `null`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try container.decodeIfPresent(Double.self, forKey: .value) ?? .nan
    unit = try container.decode(Unit.self, forKey: .unit)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(unit, forKey: .unit)
  }
}

/// What exactly goes wrong: one named kind of violation, so that two defects under the same
/// invariant are told apart ("a drag fires the action", "a tap moves it").
public enum Defect: String, Sendable, Codable, CaseIterable {
  // on-screen
  case offScreenAtRest = "off-screen-at-rest"
  case offScreenInMotion = "off-screen-in-motion"
  case offScreenWhileDragged = "off-screen-while-dragged"
  // in-safe-area
  case outsideSafeArea = "outside-safe-area"
  case outsideSafeAreaWhileDragged = "outside-safe-area-while-dragged"
  case notCentred = "not-centred"
  // docked, cancel-safe, nearest-edge
  case notDocked = "not-docked"
  case wrongSide = "wrong-side"
  case wrongPlaceAlongEdge = "wrong-place-along-edge"
  // idempotent, tap-is-not-drag
  case tapMovesIt = "tap-moves-it"
  case tapDoesNotFire = "tap-does-not-fire"
  case dragFiresAction = "drag-fires-action"
  // tracks-finger, catchable
  case lagsTheFinger = "lags-the-finger"
  case heldShortOfEdge = "held-short-of-edge"
  case panHysteresisLag = "pan-hysteresis-lag"
  case offsetUntilNextTouch = "offset-until-next-touch"
  case offsetAfterContainerChange = "offset-after-container-change"
  case stuckOnItsEdge = "stuck-on-its-edge"
  case movesAfterRelease = "moves-after-release"
  case keptClearOfEdge = "kept-clear-of-edge"
  case touchIgnored = "touch-ignored"
  case jumpsWhenCaught = "jumps-when-caught"
  case grabbedBesideIt = "grabbed-beside-it"
  // settles, velocity-continuous
  case neverRests = "never-rests"
  case movesPastSettleTime = "moves-past-settle-time"
  case velocityHitch = "velocity-hitch"
  // resize-safe
  case changesSide = "changes-side"
  case losesPlaceAlongEdge = "loses-place-along-edge"
  case movedFurtherThanNeeded = "moved-further-than-needed"
  case notBackAfterRoundTrip = "not-back-after-round-trip"
  // finite, bounded-frame-cost
  case nonFiniteFrame = "non-finite-frame"
  case tooManyAnimations = "too-many-animations"

  /// Whether the magnitude measures how far the item is from where it should be: then a point
  /// or two (`Invariant.polishDistance`) is polish.
  public var measuresPosition: Bool {
    switch self {
    case .tapDoesNotFire, .dragFiresAction, .touchIgnored, .neverRests, .movesPastSettleTime,
      .velocityHitch, .nonFiniteFrame, .tooManyAnimations, .changesSide:
      return false
    default:
      return true
    }
  }

  /// Whether the defect is polish whatever its size: the lag every translation-based pan
  /// handler has (UIKit takes the recogniser's 10 pt slop off the translation), a drag the
  /// item's own clamp holds a little short of the window's edge the finger goes past, or a glide
  /// after the lift back from the edge it was let go near into a band of its own (design
  /// choices: where it rests is judged at rest), an offset a
  /// container change leaves between the item and a finger held through it, and an item that
  /// follows the finger past the screen's edge while dragged (the finger put it there; where it
  /// comes to rest is judged at rest), and where an item larger than the room for it sits (no
  /// place is right; on-screen judges whether it can be seen).
  public var isAlwaysPolish: Bool {
    switch self {
    case .panHysteresisLag, .offsetUntilNextTouch, .offsetAfterContainerChange,
      .offScreenWhileDragged, .notCentred, .heldShortOfEdge, .keptClearOfEdge:
      return true
    default:
      return false
    }
  }

  /// What it is, in a few words: `rests off screen`.
  public var summary: String {
    switch self {
    case .offScreenAtRest: return "rests off screen"
    case .offScreenInMotion: return "goes off screen as it moves"
    case .offScreenWhileDragged: return "follows the finger off screen while dragged"
    case .outsideSafeArea: return "rests under a bar, the keyboard or an inset"
    case .outsideSafeAreaWhileDragged: return "leaves the safe area while dragged"
    case .notCentred: return "an item too large for the safe area is not centred"
    case .notDocked: return "does not dock"
    case .wrongSide: return "docks on the wrong side"
    case .wrongPlaceAlongEdge: return "docks at the wrong place along its edge"
    case .tapMovesIt: return "a tap moves it"
    case .tapDoesNotFire: return "a tap does not fire its action"
    case .dragFiresAction: return "a drag fires its action"
    case .lagsTheFinger: return "does not follow the finger"
    case .heldShortOfEdge: return "is held short of the edge the finger drags it to"
    case .panHysteresisLag: return "lags the finger by the pan's 10 pt slop"
    case .offsetUntilNextTouch: return "is off the still finger until the next touch event"
    case .offsetAfterContainerChange:
      return "keeps an offset from the finger after a container change under it"
    case .stuckOnItsEdge: return "cannot be dragged along its edge"
    case .movesAfterRelease: return "moves further than docking needs after the lift"
    case .keptClearOfEdge: return "glides back from the edge it was let go near, further than docking needs"
    case .touchIgnored: return "ignores a touch on it"
    case .jumpsWhenCaught: return "jumps when caught"
    case .grabbedBesideIt: return "a touch beside it grabs it"
    case .neverRests: return "never comes to rest"
    case .movesPastSettleTime: return "moves past its settle time"
    case .velocityHitch: return "hitches when the finger hands it over"
    case .changesSide: return "changes side when the container changes"
    case .losesPlaceAlongEdge: return "loses its place along the edge when the container changes"
    case .movedFurtherThanNeeded: return "moves further than the new container needs"
    case .notBackAfterRoundTrip: return "is not back where it was after a round trip"
    case .nonFiniteFrame: return "shows a frame that is not a number"
    case .tooManyAnimations: return "evaluates too many animations in a frame"
    }
  }
}

extension Invariant {
  /// How far from where it should be an item may be for a careful engineer to call it polish,
  /// in points: a point or two.
  public static let polishDistance: CGFloat = 2

  /// The severity of a violation of `defect` of `magnitude`; `transient` when it shows only in
  /// one frame as the container changes.
  static func severity(of defect: Defect, magnitude: Magnitude, transient: Bool) -> Severity {
    if defect.isAlwaysPolish || transient { return .polish }
    if defect.measuresPosition, magnitude.unit == .points,
      magnitude.value <= Double(polishDistance)
    {
      return .polish
    }
    return .hazard
  }
}
