import Foundation
import SnapAlgorithms
import SnapVerification

/// The first section of a report built by a user's bench: for each of their own algorithms, its
/// verdict in one line, what it breaks with the largest violation found, and a drawing of the
/// smallest counterexample of each cause, so that the first screen says what to fix.
extension ReportPage {
  /// The algorithm `finding` was verified as (with the motion the matrix replaced its own
  /// with); `nil` when it is left out of the pictures or this build does not know its id.
  func verifiedAlgorithm(_ finding: Finding) -> (any SnapAlgorithm)? {
    guard !leftOut.contains(finding.algorithm), var found = tool.algorithm(id: finding.algorithm)
    else { return nil }
    if finding.motionReplaced, let motion = finding.motion, found.releaseMotion != nil,
      let parsed = try? Motion(parsing: motion)
    {
      found.releaseMotion = parsed
    }
    return found
  }

  /// The "Your algorithms" section, first on the page: one block per matrix row of each of the
  /// user's algorithms, in the order their bench added them.
  mutating func addYours(_ matrix: [VerificationReport.Row], verdict: Verdict) {
    var blocks: [String] = []
    for id in yourIDs {
      let rows = matrix.filter { $0.algorithm == id }
      guard !rows.isEmpty else {
        blocks.append(
          "<div class=\"yours\"><h3>\(Self.html(id))</h3><p class=\"headline\">Not verified in this "
            + "matrix: pass a verify file that has it, or let the report verify it.</p></div>")
        continue
      }
      for cells in rows {
        let label = VerifyCommand.rowLabel(cells[0])
        guard let row = verdict.rows.first(where: { $0.label == label }) else { continue }
        blocks.append(yourBlock(row: row, cells: cells))
      }
    }
    let intro = "<p>Your bench's algorithms, checked like SnapLab's own on every invariant that "
      + "applies; SnapLab's built-ins follow in every section below as reference. Open an "
      + "invariant to see the smallest counterexample of each cause, drawn, and how to replay it.</p>"
    sections.insert(("yours", "Your algorithms", blocks.joined(separator: "\n") + "\n" + intro), at: 0)
  }

  /// One of the user's algorithms: the verdict, then each invariant it breaks (the worst first),
  /// folded over its causes' drawings.
  mutating func yourBlock(row: Verdict.Row, cells: VerificationReport.Row) -> String {
    let name = "<strong>\(Self.html(row.label))</strong>"
    let cost = row.ratio.map { String(format: " Cost per gesture: %.2f× the reference's.", $0) } ?? ""
    var headline: String
    var kind = "fix"
    if let failure = row.failure {
      headline = "Fix \(name): \(Self.html(failure))"
    } else if row.violated.isEmpty {
      kind = "ship"
      let held = row.held ?? 0
      let polish = row.applicable - held
      headline = "Ship \(name): "
        + (polish == 0
          ? "it holds all \(held) invariants that apply"
          : "it breaks none of the \(row.applicable) invariants that apply in a way that matters "
            + "(\(held) hold; \(polish) show polish only, which fails nothing)")
        + (row.holdsVelocity || !cells.contains { $0.invariant == .velocityContinuous && $0.status != .notApplicable }
          ? "." : "; its motion starts from rest, not at the flick's speed.")
    } else {
      // The commonest mechanism first, in the button's words: what a user meets most, never
      // the hostile class or a rare corner because its invariant ranks worst.
      let groups = FindingGroup.byMechanism(cells.findings)
      let worst = row.violated[0]
      let first = groups.first.map { Self.html($0.line) }
        ?? Self.html(worst.rawValue) + ": " + Self.html(Verdict.sentence(worst, worst: row.worstMagnitude))
      let mechanisms = groups.count == 1 ? "one mechanism" : "\(groups.count) mechanisms"
      headline = "Do not ship \(name): it breaks \(row.violated.count) of the \(row.applicable) "
        + "invariants that apply, by \(mechanisms). Fix the commonest first: " + first + "."
    }
    headline += cost
    // Hazards in the verdict's order of severity, then polish (which fails nothing).
    let broken = Verdict.severity.compactMap { invariant in
      cells.first { $0.invariant == invariant && $0.status == .violated }
    }
    let polish = cells.filter { $0.status == .polish }
    var items: [String] = []
    for finding in broken + polish {
      items.append(causeDrawings(finding, label: row.label))
    }
    let list = items.isEmpty ? "" : "<ul class=\"broken\">" + items.joined() + "</ul>"
    return "<div class=\"yours \(kind)\"><h3>\(Self.html(row.label))</h3>"
      + "<p class=\"headline\">\(headline)</p>\(list)</div>"
  }

  /// One invariant a user's algorithm breaks: a summary line (its largest violation, its causes)
  /// folded over a drawing of each cause's smallest counterexample, with how to replay it.
  mutating func causeDrawings(_ finding: Finding, label: String) -> String {
    let invariant = finding.invariant
    let size = Verdict.largest(finding).map { ", worst found \($0)" } ?? ""
    // Each kind of cause once, with how many there are: "hazard: the keyboard; polish: several
    // causes at once (2)".
    var kinds: [(String, Int)] = []
    for cause in finding.causes {
      let kind = "\(cause.severity.rawValue): \(cause.causeClass.summary)"
      if let index = kinds.firstIndex(where: { $0.0 == kind }) {
        kinds[index].1 += 1
      } else {
        kinds.append((kind, 1))
      }
    }
    let causes = kinds.map { $0.1 == 1 ? $0.0 : "\($0.0) (\($0.1))" }
    let polish = finding.status == .polish ? " (polish only: fails nothing)" : ""
    let summary = "<strong>\(Self.html(invariant.rawValue))</strong>\(polish)\(Self.html(size)); "
      + (causes.isEmpty
        ? "see the matrix"
        : "\(finding.causes.count) \(finding.causes.count == 1 ? "cause" : "causes"): " + Self.html(causes.joined(separator: "; ")))
    var figures: [String] = []
    var finding = finding
    finding.replayTool = tool.replayName
    if let algorithm = verifiedAlgorithm(finding) {
      for (index, cause) in finding.causes.enumerated() {
        let scenario = cause.counterexample
        let trajectory = scenario.simulate(algorithm)
        let violation = Self.withValues(
          cause.violation, invariant: invariant, algorithm: algorithm, scenario: scenario,
          trajectory: trajectory)
        var subtitle = [name(of: trajectory.finalEnvironment, on: scenario.device, .reader)]
        if finding.motionReplaced, let motion = finding.motion { subtitle.append(motion) }
        let drawing = Figures.counterexample(
          title: "\(label) breaks \(invariant.rawValue)", subtitle: subtitle, scenario: scenario,
          trajectory: trajectory, invariant: invariant, evidence: violation,
          algorithm: algorithm)
        let caption = "<strong>\(cause.severity.rawValue), \(Self.html(cause.causeClass.summary))</strong>: "
          + Self.html(cause.violation.defect.summary)
          + (drawing.measure.map { "; here " + Self.html($0.text) } ?? "")
          + "; worst found \(Self.html(cause.worst.magnitude.description)), in \(cause.examples) of "
          + "\(cause.classExamples) examples. "
          + "<span class=\"message\">\(Self.html(violation.prose.worded(.reader)))</span>"
          + "<br/><small>\(Self.html(scenario.description(.reader)))</small>"
          + "<details><summary>replay</summary><pre>"
          + Self.html(
            cause.replayCommand(
              tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion))
          + "</pre></details>"
        let file = "cause-\(Self.fileName(label + "-" + invariant.rawValue))-\(index + 1).svg"
        figures.append(figure(file, drawing.svg, caption: caption, classes: "counterexample"))
      }
    } else if let message = finding.violation {
      figures.append("<p>\(Self.html(finding.evidence?.prose.worded(.reader) ?? message))</p>")
    }
    return "<li><details><summary>\(summary)</summary><div class=\"drawings\">"
      + figures.joined(separator: "\n") + "</div></details></li>"
  }
}
