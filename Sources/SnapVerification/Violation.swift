import Foundation
import SnapAlgorithms

/// What breaks an invariant in one run: a sentence, and the data it is about.
///
/// `defect` names what goes wrong, `magnitude` says how badly (points off screen or from the
/// finger, seconds, animations) and `severity` whether it is a hazard or polish. `time`, `rect`
/// and `region` say where to look: the frame at `time` showed the item at `rect`, which should
/// have kept to `region` (the container, the safe region, …). For a violation seen at rest,
/// `time` is `nil` and `rect` is the rest frame. A run's violation of one severity is its worst.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// What goes wrong, in words, worded exactly (as the verify file writes it).
  public var message: String {
    get { prose.worded(.exact) }
    set { prose = Prose(verbatim: newValue) }
  }
  /// What goes wrong, with its numbers and rectangles kept as values, to be worded for a reader
  /// too (`Prose`); only words for a violation read back from a verify file.
  public var prose: Prose
  /// What goes wrong, by name.
  public var defect: Defect
  /// How badly: the largest amount in the run (points, seconds, …).
  public var magnitude: Magnitude
  /// A hazard, or polish (`Severity`).
  public var severity: Severity
  /// When, on the gesture's clock: the frame that breaks it; `nil` for the rest position or a
  /// fact about the whole run.
  public var time: Double?
  /// The item's frame that breaks it, when one does.
  public var rect: CGRect?
  /// The region the item should have kept to, when the invariant names one.
  public var region: CGRect?

  /// A violation of `defect` by `magnitude`, its severity decided by SnapLab's rule: polish for
  /// the pan's slop, a point or two, or one `transient` frame as the container changes; a hazard
  /// otherwise.
  public init(
    _ message: Prose, defect: Defect, magnitude: Magnitude, at time: Double? = nil,
    rect: CGRect? = nil, region: CGRect? = nil, transient: Bool = false
  ) {
    prose = message
    self.defect = defect
    self.magnitude = magnitude
    severity = Invariant.severity(of: defect, magnitude: magnitude, transient: transient)
    self.time = time
    self.rect = rect
    self.region = region
  }

  public var description: String { message }

  /// Two violations are the same when they say the same, exactly, of the same data: one read
  /// back from a verify file equals the one that was written.
  public static func == (a: Violation, b: Violation) -> Bool {
    a.message == b.message && a.defect == b.defect && a.magnitude == b.magnitude
      && a.severity == b.severity && a.time == b.time && a.rect == b.rect && a.region == b.region
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(message)
    hasher.combine(defect)
    hasher.combine(magnitude)
    hasher.combine(time)
  }

  /// Whether this violation, found where some cause was taken away (or under another cause),
  /// accounts for `other`: the same defect, and at least as bad — within a point or two
  /// (`Invariant.polishDistance`), or `Invariant.sameSizeRatio` of it. Only then is `other`'s
  /// cause along for the ride; a defect is never hidden behind a smaller one of the same name
  /// (an item resting 11 pt past the edge by design does not hide the same item lost 420 pt off
  /// the screen after a rotation).
  public func accountsFor(_ other: Violation) -> Bool {
    guard defect == other.defect, magnitude.unit == other.magnitude.unit else { return false }
    let mine = magnitude.value
    let theirs = other.magnitude.value
    if theirs.isNaN { return mine.isNaN }
    if mine.isNaN || mine >= theirs { return true }
    let allowance = magnitude.unit == .points ? Double(Invariant.polishDistance) : 0
    return mine + allowance >= theirs || mine >= theirs * Invariant.sameSizeRatio
  }

  /// The same violation named `defect`, its severity decided again.
  func redefined(as defect: Defect) -> Violation {
    var copy = self
    copy.defect = defect
    copy.severity = Invariant.severity(of: defect, magnitude: magnitude, transient: false)
    return copy
  }
}

/// What one invariant found in one run: whether it applied, and its worst violation of each
/// defect and severity.
struct Judgement {
  var applicable: Bool
  /// The worst violation of each defect and severity met, in the order first met.
  var violations: [Violation] = []

  static let notApplicable = Judgement(applicable: false)
  static let holds = Judgement(applicable: true)

  init(applicable: Bool) {
    self.applicable = applicable
  }

  /// A run that breaks the invariant once, as `violation` says.
  init(_ violation: Violation) {
    applicable = true
    add(violation)
  }

  /// Keeps `violation` if it is the worst of its defect and severity so far (the first, on a
  /// tie).
  mutating func add(_ violation: Violation) {
    applicable = true
    if let index = violations.firstIndex(where: {
      $0.defect == violation.defect && $0.severity == violation.severity
    }) {
      if violation.magnitude.value > violations[index].magnitude.value {
        violations[index] = violation
      }
    } else {
      violations.append(violation)
    }
  }

  /// Keeps the violation `make` builds — of `defect`, by `magnitude` — if it would be the worst
  /// of its defect and severity so far; builds it only then (the words cost more than the
  /// judging).
  mutating func offer(
    _ defect: Defect, _ magnitude: Magnitude, transient: Bool = false, _ make: () -> Violation
  ) {
    applicable = true
    let severity = Invariant.severity(of: defect, magnitude: magnitude, transient: transient)
    if let current = violations.first(where: { $0.defect == defect && $0.severity == severity }),
      !(magnitude.value > current.magnitude.value)
    {
      return
    }
    add(make())
  }

  /// The worst violation of `severity`, whatever its defect.
  func worst(_ severity: Severity) -> Violation? {
    var found: Violation?
    for violation in violations where violation.severity == severity {
      if found.map({ violation.magnitude.value > $0.magnitude.value }) ?? true { found = violation }
    }
    return found
  }

  /// The worst hazard, if any.
  var hazard: Violation? { worst(.hazard) }
  /// The worst polish, if any.
  var polish: Violation? { worst(.polish) }

  /// The violations a run is reported with: its hazards, or its polish when it has none (a
  /// hazard says more about the same run).
  var reported: [Violation] {
    violations.contains { $0.severity == .hazard }
      ? violations.filter { $0.severity == .hazard } : violations
  }

  /// The violation of `severity`, if any; no polish when there is a hazard.
  subscript(severity: Severity) -> Violation? {
    severity == .hazard ? hazard : (hazard == nil ? polish : nil)
  }

  /// The reported violation of `defect` and `severity`, if any.
  func violation(_ defect: Defect, _ severity: Severity) -> Violation? {
    reported.first { $0.defect == defect && $0.severity == severity }
  }

  var isViolated: Bool { !violations.isEmpty }

  /// The same findings with every hazard made polish (the worst of each defect kept).
  var demoted: Judgement {
    guard violations.contains(where: { $0.severity == .hazard }) else { return self }
    var result = Judgement(applicable: applicable)
    for var violation in violations {
      violation.severity = .polish
      result.add(violation)
    }
    return result
  }

  /// The verdict: the worst hazard if there is one, else the worst polish.
  var verdict: Verdict {
    if let hazard { return .violated(hazard) }
    if let polish { return .violated(polish) }
    return applicable ? .holds : .notApplicable
  }
}

// MARK: - In the verify file

extension Violation: Codable {
  private enum CodingKeys: String, CodingKey {
    case message, defect, severity, magnitude, time, rect, region
  }

  /// A rectangle as the gesture file writes one; a coordinate that is not a number is `null`.
  private struct Rect: Codable {
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double?

    init(_ rect: CGRect) {
      x = Double(rect.minX)
      y = Double(rect.minY)
      width = Double(rect.width)
      height = Double(rect.height)
    }

    var rect: CGRect {
      CGRect(x: x ?? .nan, y: y ?? .nan, width: width ?? .nan, height: height ?? .nan)
    }
  }

  /// `{"message", "defect", "severity", "magnitude": {"value", "unit"}, "time", "rect": {"x",
  /// "y", "width", "height"}, "region": {…}}`; `time`, `rect` and `region` only when known.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    prose = Prose(verbatim: try container.decode(String.self, forKey: .message))
    defect = try container.decode(Defect.self, forKey: .defect)
    severity = try container.decode(Severity.self, forKey: .severity)
    magnitude = try container.decode(Magnitude.self, forKey: .magnitude)
    time = try container.decodeIfPresent(Double.self, forKey: .time)
    rect = try container.decodeIfPresent(Rect.self, forKey: .rect)?.rect
    region = try container.decodeIfPresent(Rect.self, forKey: .region)?.rect
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
    try container.encode(defect, forKey: .defect)
    try container.encode(severity, forKey: .severity)
    try container.encode(magnitude, forKey: .magnitude)
    if let time { try container.encode(time, forKey: .time) }
    if let rect { try container.encode(Rect(rect), forKey: .rect) }
    if let region { try container.encode(Rect(region), forKey: .region) }
  }
}
