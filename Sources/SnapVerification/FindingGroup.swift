import Foundation
import SnapAlgorithms

/// One mechanism among the hazards `verify` found for one algorithm: every cause, under any
/// invariant, of one situation that harms the same thing — one ignored inset is one entry naming
/// each invariant it breaks, not one issue per invariant.
///
/// ```swift
/// let findings = verify(MyDock())
/// for group in FindingGroup.byMechanism(findings) {
///   print(group.summary)
///   print("  smallest counterexample: \(group.lead.cause.counterexample)")
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
  }

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

  /// How few examples may show a mechanism for another seed to miss it: two. A list of hazards
  /// is the same at every seed but for these, which say so.
  public static let rareExamples = 2

  /// The hazards of `findings` (one algorithm's, one motion's) grouped by mechanism: the causes
  /// of one situation (`CauseClass`) that harm the same thing (`Defect.harm`: where it rests, how
  /// it follows the finger, …) are one entry, whatever invariants they break — the same at every
  /// seed that finds them. Groups come the likeliest for a user to meet first (its lead's
  /// `Member.likelihood`), then the worst to break (`Invariant.worstFirst`).
  public static func byMechanism(_ findings: [Finding]) -> [FindingGroup] {
    let members = findings.flatMap { finding in
      finding.hazards.map { Member(finding: finding, cause: $0) }
    }
    let rank = Dictionary(
      uniqueKeysWithValues: Invariant.worstFirst.enumerated().map { ($0.element, $0.offset) })
    func before(_ a: Member, _ b: Member) -> Bool {
      if a.likelihood != b.likelihood { return a.likelihood > b.likelihood }
      return (rank[a.finding.invariant] ?? 0) < (rank[b.finding.invariant] ?? 0)
    }
    struct Key: Hashable {
      var situation: CauseClass
      var harm: Defect.Harm
    }
    var groups: [Key: [Member]] = [:]
    var order: [Key] = []
    for member in members {
      let key = Key(situation: member.cause.causeClass, harm: member.cause.violation.defect.harm)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(member)
    }
    return order.compactMap { groups[$0] }
      .map { FindingGroup(members: $0.sorted(by: before)) }
      .sorted { before($0.lead, $1.lead) }
  }
}
