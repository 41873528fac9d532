import Foundation
import SnapAlgorithms

/// One mechanism among the hazards `verify` found for one algorithm: every cause, under any
/// invariant, that leaves the item resting under the same thing (`Cover`: the keyboard, the
/// bottom inset, …) whatever situation led there, or, for any other defect, every cause of one
/// situation that harms the same thing — one ignored inset is one entry naming each invariant and
/// situation it shows in, not one issue per invariant and class.
///
/// ```swift
/// let findings = verify(MyDock())
/// for group in FindingGroup.byMechanism(findings) {
///   print(group.line)
///   print("  e.g. \(group.lead.cause.counterexample.brief)")
/// }
/// ```
public struct FindingGroup: Sendable {
  /// A cause, and the finding (its invariant) it belongs to.
  public struct Member: Sendable {
    public var finding: Finding
    public var cause: Finding.Cause

    /// How common the cause is where it can happen: the share of its class's examples that show
    /// it.
    public var share: Double {
      cause.classExamples > 0 ? Double(cause.examples) / Double(cause.classExamples) : 0
    }

    /// How likely a user is to meet it: its share of its class's examples, times how often a
    /// user meets that situation (`CauseClass.prevalence`).
    public var likelihood: Double { share * cause.causeClass.prevalence }

    /// What hides the item where it comes to rest in the smallest counterexample, for a defect
    /// of where it rests that has a frame; `nil` otherwise.
    public var cover: Cover? {
      guard cause.violation.defect.harm == .rest, let rect = cause.violation.rect else {
        return nil
      }
      let environment = cause.counterexample.environment(
        at: cause.violation.time ?? .greatestFiniteMagnitude)
      return Cover(of: rect, in: environment)
    }
  }

  /// What hides a resting item, or where it is lost: the root of a defect of where it comes to
  /// rest, whatever situation led there — the edge of the safe region it crosses (the tab bar
  /// and the home indicator are one: the bottom inset a port forgets), the keyboard, or the
  /// container's edge. One ignored inset is one group across the plain gesture, the rotation and
  /// the cancelled touch that each leave the item under it.
  public enum Cover: String, Sendable, Hashable, CaseIterable {
    case offScreen = "off-screen"
    case keyboard
    case top
    case bottom
    case side

    /// `off screen`, `under the keyboard`, …
    public var summary: String {
      switch self {
      case .offScreen: return "off screen"
      case .keyboard: return "under the keyboard"
      case .top: return "under the status or navigation bar"
      case .bottom: return "under the tab bar or over the home indicator"
      case .side: return "in a side inset (the notch or a rounded corner)"
      }
    }

    /// What `rect` overlaps in `environment`, the worst first: outside the container, then the
    /// keyboard, the top bars, the tab bar or bottom inset, a side inset; `nil` when it lies
    /// inside the safe region (its defect is of another kind: not docked, say).
    public init?(of rect: CGRect, in environment: ItemEnvironment) {
      let bounds = environment.bounds
      let slack = Invariant.polishDistance
      let safe = environment.safeRegion
      if rect.minX < bounds.minX - slack || rect.maxX > bounds.maxX + slack
        || rect.minY < bounds.minY - slack || rect.maxY > bounds.maxY + slack
      {
        self = .offScreen
      } else if let keyboard = environment.keyboardFrame, keyboard.height > 0,
        rect.maxY > keyboard.minY + slack
      {
        self = .keyboard
      } else if rect.minY < environment.topBarsBottom - slack {
        self = .top
      } else if rect.maxY > safe.maxY + slack {
        self = .bottom
      } else if rect.minX < safe.minX - slack || rect.maxX > safe.maxX + slack {
        self = .side
      } else {
        return nil
      }
    }
  }

  /// The situations the group's causes come from, the lead's first, each once.
  public var situations: [CauseClass] {
    var seen = Set<CauseClass>()
    return members.map(\.cause.causeClass).filter { seen.insert($0).inserted }
  }

  /// What hides the item, when the group is one of where it rests (every member then has the
  /// same: it is what groups them).
  public var cover: Cover? { lead.cover }

  /// Every cause of the group, the lead first, then in the order of `Invariant.worstFirst`.
  public var members: [Member]

  /// The cause the group is shown by: the likeliest for a user to meet (`Member.likelihood`), on
  /// a tie the one whose invariant is worst to break.
  public var lead: Member { members[0] }

  /// The invariants the mechanism breaks, worst first, each once.
  public var invariants: [Invariant] {
    var seen = Set<Invariant>()
    return members.map(\.finding.invariant).filter { seen.insert($0).inserted }
  }

  /// The largest worst case of the group.
  public var worst: Violation {
    members.map(\.cause.worst).max { $0.magnitude.value < $1.magnitude.value } ?? lead.cause.worst
  }

  /// `a rotation, where it comes to rest: rests off screen (on-screen); rests under a bar, the
  /// keyboard or an inset (in-safe-area, resize-safe) — in 12 of 29 examples of its class,
  /// worst 459 pt`.
  public var summary: String {
    // Each defect once, with every invariant it breaks here.
    var defects: [(defect: Defect, invariants: [String])] = []
    for member in members {
      let defect = member.cause.violation.defect
      let invariant = member.finding.invariant.rawValue
      if let index = defects.firstIndex(where: { $0.defect == defect }) {
        if !defects[index].invariants.contains(invariant) {
          defects[index].invariants.append(invariant)
        }
      } else {
        defects.append((defect, [invariant]))
      }
    }
    let said = defects.map { "\($0.defect.summary) (\($0.invariants.joined(separator: ", ")))" }
    let rare = members.map(\.cause.examples).max() ?? 0 <= Self.rareExamples
    return "\(lead.cause.causeClass.summary), \(lead.cause.violation.defect.harm.summary): "
      + said.joined(separator: "; ")
      + " — in \(lead.cause.examples) of \(lead.cause.classExamples) examples of its class, "
      + "worst \(worst.magnitude)"
      + (rare ? " (rare: another seed may not meet it; more --examples will)" : "")
  }

  /// The group in one line, in the item's words, for a first screen: `a rotation: goes off
  /// screen as it moves — worst 316 pt (2 of 29 examples)`, or for what hides it at rest,
  /// `rests under the tab bar or over the home indicator after a plain gesture or a rotation —
  /// worst 34 pt (26 of 110 examples); breaks in-safe-area, docked`. Numbers are rounded for a
  /// reader; the verify file keeps every digit.
  public var line: String {
    var defects: [String] = []
    for member in members where !defects.contains(member.cause.violation.defect.summary) {
      defects.append(member.cause.violation.defect.summary)
    }
    let rare = members.map(\.cause.examples).max() ?? 0 <= Self.rareExamples
    let counts = "(\(lead.cause.examples) of \(lead.cause.classExamples) examples\(rare ? ", rare" : ""))"
    guard let cover else {
      return "\(lead.cause.causeClass.summary): " + defects.joined(separator: "; ")
        + " — worst \(worst.magnitude) \(counts)"
    }
    let situations = self.situations.map(\.summary)
    let after = situations.count == 1
      ? situations[0]
      : situations.dropLast().joined(separator: ", ") + " or " + situations.last!
    return "rests \(cover.summary) after \(after) — worst \(worst.magnitude) \(counts); breaks "
      + invariants.map(\.rawValue).joined(separator: ", ")
  }

  /// How few examples may show a mechanism for another seed to miss it: two. A list of hazards
  /// is the same at every seed but for these, which say so.
  public static let rareExamples = 2

  /// The hazards of `findings` (one algorithm's, one motion's) grouped by mechanism: the causes
  /// of one situation (`CauseClass`) that harm the same thing (`Defect.harm`: where it rests, how
  /// it follows the finger, …) are one entry, whatever invariants they break — the same at every
  /// seed that finds them. Groups come the likeliest for a user to meet first (its lead's
  /// `Member.likelihood`), then the worst to break (`Invariant.worstFirst`).
  ///
  /// `severity: .polish` groups the polish the same way, for a line that says what fails
  /// nothing.
  public static func byMechanism(
    _ findings: [Finding], severity: Severity = .hazard
  ) -> [FindingGroup] {
    let members = findings.flatMap { finding in
      finding.causes.filter { $0.severity == severity }.map { Member(finding: finding, cause: $0) }
    }
    let rank = Dictionary(
      uniqueKeysWithValues: Invariant.worstFirst.enumerated().map { ($0.element, $0.offset) })
    func before(_ a: Member, _ b: Member) -> Bool {
      if a.likelihood != b.likelihood { return a.likelihood > b.likelihood }
      return (rank[a.finding.invariant] ?? 0) < (rank[b.finding.invariant] ?? 0)
    }
    // A defect of where it rests with something hiding it is grouped by what hides it, across
    // situations (one forgotten inset is one group); any other by situation and harm.
    struct Key: Hashable {
      var situation: CauseClass?
      var harm: Defect.Harm
      var cover: Cover?
    }
    var groups: [Key: [Member]] = [:]
    var order: [Key] = []
    for member in members {
      let cover = member.cover
      let key = Key(
        situation: cover == nil ? member.cause.causeClass : nil,
        harm: member.cause.violation.defect.harm, cover: cover)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(member)
    }
    return order.compactMap { groups[$0] }
      .map { FindingGroup(members: $0.sorted(by: before)) }
      .sorted { before($0.lead, $1.lead) }
  }
}
