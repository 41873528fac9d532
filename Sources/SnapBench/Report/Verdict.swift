import Foundation
import SnapAlgorithms
import SnapVerification

/// The report's verdict table: for every variant, the invariants it holds, its worst failure in
/// one sentence with the largest violation found, its cost against the reference, and whether
/// to ship it.
struct Verdict {
  /// One row: a variant as verified (with its own motion, or one the matrix replaced it with).
  struct Row {
    var id: String
    var label: String
    /// Invariants held and applicable; `nil` when the variant was not verified.
    var held: Int?
    var applicable: Int
    var violated: [Invariant]
    var worst: String?
    /// The largest violation found of the worst invariant it breaks (over every cause, hazards
    /// before polish), when it has a size.
    var worstMagnitude: Magnitude?
    /// A whole gesture's cost against the reference's, when measured.
    var ratio: Double?
    var nanoseconds: Double?
    var recommendation = Recommendation.notVerified
    var ship = false
    /// Whether velocity-continuous applies and holds: the motion starts at the flick's speed.
    var holdsVelocity = false
    /// How it crashed or hung when verified, if it did.
    var failure: String?
  }

  /// What the verdict says of a variant, as a value: the table prints its `words`, and the
  /// lead asks whether every broken variant has a corrected one to use.
  enum Recommendation: Equatable {
    /// The matrix has no row for it.
    case notVerified
    /// It crashed or hung when verified: how.
    case failed(String)
    /// The one to ship (or one of the family's modes, with what the mode does): it holds all
    /// `held` invariants that apply, and hands the flick's velocity to its motion when some
    /// clean variant does.
    case ship(held: Int, handsOverVelocity: Bool, mode: String?)
    /// It holds every invariant; ship it for this behaviour (its motion starting from rest when
    /// others hand the flick's speed over).
    case fineToShip(behaviour: String, startsFromRest: Bool)
    /// It breaks invariants, and the corrected variant of its article holds all `held`.
    case useCorrected(String, held: Int)
    /// It breaks these invariants.
    case breaks([Invariant])

    /// The words in the verdict table.
    var words: String {
      switch self {
      case .notVerified: return "Not verified in this matrix."
      case .failed(let failure): return "Do not ship: \(failure)"
      case .ship(let held, let handsOver, let mode):
        return "Ship: holds all \(held) that apply"
          + (handsOver ? " and hands the flick's velocity to its motion" : "")
          + (mode.map { "; pick the mode by where it should rest: \($0)." } ?? ".")
      case .fineToShip(let behaviour, let startsFromRest):
        return "Fine to ship if you want this behaviour: \(behaviour)"
          + (startsFromRest ? "; its motion starts from rest, not at the flick's speed." : ".")
      case .useCorrected(let fixed, let held):
        return "Do not ship: use \(fixed), which keeps the article's idea and holds all \(held)."
      case .breaks(let invariants):
        return "Do not ship: it breaks \(invariants.map(\.rawValue).joined(separator: ", "))."
      }
    }
  }

  /// Invariants from the worst to break to the least (`Invariant.worstFirst`, each invariant's
  /// `harmRank`): losing the item, then leaving the screen or resting under a bar, then docking
  /// and following the finger, then smoothness.
  static let severity: [Invariant] = Invariant.worstFirst

  /// What breaking `invariant` means to someone using the app, with the largest violation found
  /// when it has a size (`Invariant.consequence(worst:)`).
  static func sentence(_ invariant: Invariant, worst: Magnitude?) -> String {
    invariant.consequence(worst: worst)
  }

  var rows: [Row] = []
  /// The rows to ship, and the family they share when they are its modes.
  var shipped: [String] = []
  var shipFamily: String?

  init(
    ids: [String], matrix matrixRows: [VerificationReport.Row], cost: [ReportCommand.Cost],
    corrected: (String) -> String?, summary: (String) -> String,
    family: (String) -> String = { $0 }
  ) {
    for id in ids {
      let gesture = cost.first { $0.subject == id && $0.operation == "gesture" }
      let verified = matrixRows.filter { $0.algorithm == id }
      if verified.isEmpty {
        rows.append(Row(
          id: id, label: id, held: nil, applicable: 0, violated: [], worst: nil, ratio: gesture?.ratio,
          nanoseconds: gesture?.median))
        continue
      }
      for cells in verified {
        let label = VerifyCommand.rowLabel(cells[0])
        let crash = cells.first { $0.status == .crashes || $0.status == .timesOut }
        let failure = crash.map {
          "It \($0.status == .crashes ? "crashes" : "runs past the deadline"): \($0.violation ?? "")"
        }
        let violated = Self.severity.filter { invariant in
          cells.contains {
            $0.invariant == invariant
              && ($0.status == .violated || $0.status == .crashes || $0.status == .timesOut)
          }
        }
        // The largest violation of the worst invariant: the smallest counterexample is drawn to
        // be read, but its size says nothing of how bad it gets.
        let magnitude = violated.first.flatMap { invariant in
          cells.first { $0.invariant == invariant }.flatMap(Self.largest)
        }
        let worst = failure ?? violated.first.map {
          Self.sentence($0, worst: magnitude)
            + (violated.count > 1 ? " It breaks \(violated.count - 1) more." : "")
        }
        rows.append(Row(
          id: id, label: label, held: cells.filter { $0.status == .holds }.count,
          applicable: cells.filter { $0.status != .notApplicable }.count, violated: violated, worst: worst,
          worstMagnitude: magnitude,
          ratio: cells[0].motionReplaced ? nil : gesture?.ratio, nanoseconds: gesture?.median,
          holdsVelocity: cells.contains { $0.invariant == .velocityContinuous && $0.status == .holds },
          failure: failure))
      }
    }
    // Ship what holds every invariant that applies and keeps the flick's velocity (a
    // smoother hand-over than a motion that starts from rest); when those all come from one
    // family, ship the family and let the placement choose the mode; the cheapest otherwise.
    let clean = rows.filter { $0.held != nil && $0.violated.isEmpty && $0.applicable > 0 }
    let smooth = clean.filter { $0.holdsVelocity }
    let candidates = smooth.isEmpty ? clean : smooth
    let families = Set(candidates.map { family($0.id) })
    if families.count == 1, candidates.count > 1, let family = families.first {
      shipFamily = family
      shipped = candidates.map(\.label)
    } else if let cheapest = candidates.min(by: { ($0.ratio ?? .infinity) < ($1.ratio ?? .infinity) }) {
      shipped = [cheapest.label]
    }
    for index in rows.indices {
      let row = rows[index]
      guard let held = row.held else {
        rows[index].recommendation = .notVerified
        continue
      }
      if let failure = row.failure {
        rows[index].recommendation = .failed(failure)
        continue
      }
      if shipped.contains(row.label) {
        rows[index].ship = true
        rows[index].recommendation = .ship(
          held: held, handsOverVelocity: !smooth.isEmpty,
          mode: shipFamily != nil ? summary(row.id) : nil)
      } else if row.violated.isEmpty {
        rows[index].recommendation = .fineToShip(
          behaviour: summary(row.id), startsFromRest: !smooth.isEmpty && !row.holdsVelocity)
      } else if let fixed = corrected(row.id), fixed != row.id,
        let fixedRow = rows.first(where: { $0.label == fixed }) ?? Self.pending(fixed, in: matrixRows),
        fixedRow.held != nil, fixedRow.violated.isEmpty
      {
        rows[index].recommendation = .useCorrected(fixed, held: fixedRow.held ?? 0)
      } else {
        rows[index].recommendation = .breaks(row.violated)
      }
    }
  }

  /// The largest violation a finding records over its causes (hazards before polish), when it
  /// is an amount: a fact that happened (`once`) has no size to print.
  static func largest(_ finding: Finding) -> Magnitude? {
    guard let magnitude = finding.worst?.magnitude, magnitude.unit != .occurrences else { return nil }
    return magnitude
  }

  /// A row not built yet (a corrected variant after its published one), judged the same way.
  static func pending(_ id: String, in matrixRows: [VerificationReport.Row]) -> Row? {
    guard let cells = matrixRows.first(where: { $0[0].algorithm == id && !$0[0].motionReplaced }) else { return nil }
    return Row(
      id: id, label: id, held: cells.filter { $0.status == .holds }.count,
      applicable: cells.filter { $0.status != .notApplicable }.count,
      violated: cells.filter { $0.status == .violated }.map(\.invariant), worst: nil,
      worstMagnitude: nil, ratio: nil,
      nanoseconds: nil)
  }

  var html: String {
    func h(_ text: String) -> String { SVG.escape(text) }
    let broken = rows.filter { !$0.violated.isEmpty }
    let fixable = broken.allSatisfy {
      if case .useCorrected = $0.recommendation { return true }
      return false
    }
    let ratios = rows.filter(\.ship).compactMap(\.ratio)
    let costText = ratios.isEmpty ? "" : ratios.count == 1
      ? String(format: " at %.2f× the reference's cost per gesture", ratios[0])
      : String(format: " at %.2f–%.2f× the reference's cost per gesture", ratios.min() ?? 0, ratios.max() ?? 0)
    var lead: String
    if let family = shipFamily {
      lead = "<p class=\"recommendation\"><strong>Ship \(h(family))</strong>: each of its \(shipped.count) modes holds every invariant that applies and hands the flick's velocity to its motion\(costText); choose the mode by where the button should rest."
    } else if let only = shipped.first {
      lead = "<p class=\"recommendation\"><strong>Ship \(h(only))</strong>: it holds every invariant that applies\(costText)."
    } else {
      lead = "<p class=\"recommendation\"><strong>No variant holds every invariant here</strong>: read the worst failures below before choosing."
    }
    if !broken.isEmpty {
      lead += " \(broken.count) of \(rows.count) variants break at least one"
        + (fixable ? "; each has a corrected variant that does not, to use if you want that article's behaviour." : ".")
    }
    lead += "</p>"
    let head = "<thead><tr><th scope=\"col\">variant</th><th scope=\"col\">invariants held</th><th scope=\"col\">worst failure</th><th scope=\"col\">cost per gesture</th><th scope=\"col\">recommendation</th></tr></thead>"
    let body = rows.map { row -> String in
      let held = row.held.map { "\($0)/\(row.applicable)" } ?? "—"
      // The nanoseconds beside the ratio, never only in a tooltip.
      let nanoseconds = row.nanoseconds.map { "\(formatNanoseconds($0)) ns" }
      let cost = row.ratio.map { String(format: "%.2f×", $0) + (nanoseconds.map { " (\($0))" } ?? "") }
        ?? nanoseconds ?? "—"
      let classes = row.ship ? " class=\"ship\"" : (row.violated.isEmpty ? "" : " class=\"avoid\"")
      return "<tr\(classes)><th scope=\"row\">\(h(row.label))</th>"
        + "<td class=\"held number\" data-label=\"held\">\(held)</td>"
        + "<td data-label=\"worst failure\">\(h(row.worst ?? (row.held == nil ? "—" : "None: every invariant that applies holds.")))</td>"
        + "<td class=\"number\" data-label=\"cost\">\(cost)</td>"
        + "<td data-label=\"recommendation\">\(h(row.recommendation.words))</td></tr>"
    }
    return lead
      + "<p>Invariants held: of those that apply to the variant (a variant that does not dock is not held to docking). Cost: one whole gesture simulated, as a ratio to edge-dock.corrected in the same run.</p>"
      + "<table class=\"verdict\">\(head)<tbody>\n\(body.joined(separator: "\n"))\n</tbody></table>"
  }
}
