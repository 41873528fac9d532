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
///
/// Each defect is declared beside the invariant that reports it (`Invariants/`), with its words
/// and what decides its severity, and listed in that invariant's `defects`: the defects there
/// are, are the ones the registered invariants list.
public struct Defect: Hashable, Sendable, RawRepresentable, CaseIterable, Codable,
  CustomStringConvertible
{
  /// The id the verify file writes: `off-screen-at-rest`.
  public let rawValue: String
  /// What it is, in a few words: `rests off screen`.
  public let summary: String
  /// Whether the magnitude measures how far the item is from where it should be: then a point
  /// or two (`Invariant.polishDistance`) is polish.
  public let measuresPosition: Bool
  /// Whether the defect is polish whatever its size: the lag every translation-based pan
  /// handler has, a design choice judged elsewhere (where the item comes to rest), an offset
  /// a container change leaves under a finger held through it.
  public let isAlwaysPolish: Bool
  /// What of the button it harms, for a user: where it comes to rest, the side it docks on, how
  /// it moves after the lift, how it follows the finger, a touch on it, what a tap or a drag
  /// does, a frame's numbers and cost. One situation's defects of one harm are one mechanism to
  /// fix (`FindingGroup`): an ignored inset is one entry, whatever invariants it breaks.
  public let harm: Harm

  /// What a defect harms (`harm`).
  public enum Harm: String, Sendable, Hashable, CaseIterable, Codable {
    case rest, side, motion, drag
    case catchInFlight = "catch-in-flight"
    case action, robustness

    /// `where it comes to rest`.
    public var summary: String {
      switch self {
      case .rest: return "where it comes to rest"
      case .side: return "the side it docks on"
      case .motion: return "how it moves after the lift"
      case .drag: return "how it follows the finger"
      case .catchInFlight: return "a touch on it while it moves"
      case .action: return "what a tap or a drag does"
      case .robustness: return "a frame's numbers and cost"
      }
    }
  }

  /// Declares a defect; only an invariant's file calls this, for its `static let`.
  init(
    _ id: String, _ summary: String, measuresPosition: Bool = true, alwaysPolish: Bool = false,
    harm: Harm
  ) {
    rawValue = id
    self.summary = summary
    self.measuresPosition = measuresPosition
    isAlwaysPolish = alwaysPolish
    self.harm = harm
  }

  /// Every defect the registered invariants report, in the order of `Invariant.checked`.
  public static let allCases: [Defect] = {
    var seen = Set<String>()
    return Invariant.checked.flatMap(\.defects).filter { seen.insert($0.rawValue).inserted }
  }()

  /// The defect with this id that a registered invariant reports, or `nil`.
  public init?(rawValue: String) {
    guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = found
  }

  public var description: String { rawValue }

  public static func == (a: Defect, b: Defect) -> Bool { a.rawValue == b.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let id = try container.decode(String.self)
    guard let found = Defect(rawValue: id) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(id)' is not a defect any invariant reports")
    }
    self = found
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension Invariant {
  /// How far from where it should be an item may be for a careful engineer to call it polish,
  /// in points: a point or two.
  public static let polishDistance: CGFloat = 2

  /// How large a defect found without a cause must be, as a share of the one found with it, for
  /// the cause to be along for the ride (`Violation.accountsFor(_:)`): four fifths, so that a
  /// frame's rounding or a slightly different drag does not split one defect in two, while a
  /// defect the cause makes even a quarter larger is the cause's to report.
  public static let sameSizeRatio: Double = 0.8

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
