import Foundation
import SnapAlgorithms
import SnapVerification

/// The page of `snap-bench report`: on a user's bench, their own algorithms first (each one's
/// verdict, its largest violation and a drawing of each cause's counterexample); then the
/// verdict table, each article's published and corrected variants side by side, the dock maps,
/// the motions, the invariant matrix with a drawing of every counterexample, and the cost, with
/// a footer saying how it was made. The user's algorithms lead every section; SnapLab's
/// built-ins follow as reference.
///
/// Every section but the first is folded (`<details>`), so that a phone shows what to fix and a
/// few screens of headings until a section is opened. Every picture is inlined and also written
/// beside the page as a standalone SVG, which each figure links to; nothing is said only in a
/// tooltip.
struct ReportPage {
  let device: DeviceProfile
  let orientation: DeviceProfile.Orientation
  let bars: DeviceProfile.Bars
  /// Every algorithm the tool knows, in its order: each is drawn, but those that crashed or
  /// hung when verified (`leaveOut(_:)`).
  private(set) var algorithms: [RegisteredAlgorithm]
  let tool: Tool
  var files: [(String, SVG)] = []
  /// The sections in page order; the contents list is made from it. Every section but the
  /// first is folded.
  var sections: [(id: String, title: String, html: String)] = []
  var footer = ""

  init(device: DeviceProfile, orientation: DeviceProfile.Orientation, keyboard: Bool, tool: Tool) {
    self.tool = tool
    self.algorithms = tool.algorithms
    self.device = device
    self.orientation = orientation
    var bars = DeviceProfile.Bars.standard
    bars.keyboard = keyboard
    self.bars = bars
  }

  /// Leaves algorithms out of the pictures: drawing one that crashes would end the report.
  mutating func leaveOut(_ ids: Set<String>) {
    leftOut.formUnion(ids)
    algorithms.removeAll { ids.contains($0.entry.id) }
  }

  /// The ids `leaveOut(_:)` was given.
  private(set) var leftOut: Set<String> = []

  var environment: ItemEnvironment { device.environment(orientation, bars: bars) }

  static func fileName(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
  }

  static func html(_ text: String) -> String { SVG.escape(text) }

  /// An id as a table label that may break after its dots and hyphens on a narrow screen.
  static func breakable(_ id: String) -> String {
    html(id).replacingOccurrences(of: ".", with: ".<wbr/>").replacingOccurrences(of: "-", with: "-<wbr/>")
  }

  // MARK: Families

  /// An article's published variant and SnapLab's corrected one, as the catalogue pairs them
  /// (`Article.name`, `Article.corrected`).
  struct Pair {
    var name: String
    var published: String
    var corrected: String
  }

  /// The pair `id` belongs to, as its published or its corrected variant, when the tool has
  /// both; `nil` for the others.
  func pair(of id: String) -> Pair? {
    let ids = Set(tool.ids)
    for registered in tool.algorithms {
      guard let article = registered.entry.source, let name = article.name,
        let corrected = article.corrected, ids.contains(corrected),
        id == registered.entry.id || id == corrected
      else { continue }
      return Pair(name: name, published: registered.entry.id, corrected: corrected)
    }
    return nil
  }

  /// The family a variant ships in, when several of it hold every invariant: fluid-dock for
  /// its modes, an article's name for its variants, the id itself otherwise. A user's ids of
  /// the form `name.mode` share `name`: their own naming, the only ids read this way.
  func family(of id: String) -> String {
    if yourIDs.contains(id) { return String(id.prefix { $0 != "." }) }
    if tool.registered(id: id)?.entry.make() is FluidDock { return FluidDock.family }
    return pair(of: id)?.name ?? id
  }

  /// The ids the user's bench added (`SnapBench.main(adding:)`), in their order; empty for
  /// SnapLab's own `snap-bench`.
  var yourIDs: [String] { tool.added.map(\.entry.id) }

  /// Every id the page shows, the user's first: their algorithms are what the report is for,
  /// SnapLab's are the reference.
  var readingOrder: [String] {
    let yours = Set(yourIDs)
    return yourIDs + tool.ids.filter { !yours.contains($0) }
  }

  /// The variants in reading order: the user's own first, then each article's published then
  /// corrected flavour, side by side, then every other variant on its own.
  var groups: [(title: String, ids: [String])] {
    var result: [(String, [String])] = []
    var seen: Set<String> = []
    // What `leaveOut(_:)` left out is in no group: it is not drawn.
    for id in readingOrder where !seen.contains(id) && !leftOut.contains(id) {
      if let pair = pair(of: id) {
        result.append((pair.name, [pair.published, pair.corrected]))
        seen.formUnion([pair.published, pair.corrected])
      } else {
        result.append((id, [id]))
        seen.insert(id)
      }
    }
    return result
  }

  /// The variants in reading order, pairs adjacent.
  var orderedIDs: [String] { groups.flatMap(\.ids) }

  /// Every variant in reading order, then those left out of the pictures (for the matrix and
  /// the verdict, which show them).
  var allIDs: [String] { orderedIDs + readingOrder.filter { leftOut.contains($0) } }

  // MARK: Figures

  /// A figure: the picture inline, its caption, and a link to the standalone file.
  mutating func figure(_ name: String, _ svg: SVG, caption: String? = nil, id: String? = nil, classes: String = "") -> String {
    files.append((name, svg))
    let inlineID = "p\(files.count)"
    let captionHTML = (caption.map { $0 + " " } ?? "")
      + "<a class=\"picture\" href=\"\(Self.html(name))\">open the picture</a>"
    let idAttribute = id.map { " id=\"\($0)\"" } ?? ""
    let classAttribute = classes.isEmpty ? "" : " class=\"\(classes)\""
    return "<figure\(idAttribute)\(classAttribute)>\(svg.inline(id: inlineID))<figcaption>\(captionHTML)</figcaption></figure>"
  }

  /// What `algorithm` breaks on `scenario`'s run: one mark per invariant violated, at the frame
  /// its violation names (or at rest).
  static func marks<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory
  ) -> [Figures.Mark] {
    Invariant.checked.filter { $0.applies(to: algorithm) }.compactMap { invariant in
      if case .violated(let violation) = invariant.check(algorithm, scenario: scenario, trajectory: trajectory) {
        return Figures.Mark(
          time: violation.time, invariant: invariant,
          detail: violation.prose.worded(.reader))
      }
      return nil
    }
  }

  /// The gestures' paths for `algorithm`, each simulated as verify would and marked with what it breaks.
  func canonicalPaths(_ algorithm: any SnapAlgorithm) -> [Figures.Path] {
    Figures.canonicalGestures(in: environment).enumerated().map { index, pair in
      let scenario = Scenario(device: device, orientation: orientation, bars: bars, gesture: pair.1)
      let trajectory = scenario.simulate(algorithm)
      let style = Figures.style(index)
      return Figures.Path(
        label: pair.0, colour: style.colour, trajectory: trajectory, dash: style.dash,
        marks: Self.marks(algorithm, scenario: scenario, trajectory: trajectory))
    }
  }

  /// What each path breaks, in words under its picture (the picture marks where with a cross):
  /// `plain drag at t = 0.4 s: on-screen: …`.
  static func markList(_ paths: [Figures.Path]) -> String {
    let items = paths.flatMap { path in
      path.marks.map { mark in
        let when = mark.time.map { "at t = \(Figures.rounded($0, places: 3)) s" } ?? "at rest"
        return "<li>\(html(path.label)), \(when): \(html(mark.text))</li>"
      }
    }
    return "<ul class=\"marks\">" + items.joined() + "</ul>"
  }

  /// The key of the gestures, once for the section, in HTML with a drawn swatch each.
  func gestureKey() -> String {
    let items = Figures.canonicalGestures(in: environment).enumerated().map { index, pair in
      let style = Figures.style(index)
      let dash = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
      return "<li><svg width=\"30\" height=\"12\" viewBox=\"0 0 30 12\" aria-hidden=\"true\"><line x1=\"1\" y1=\"6\" x2=\"29\" y2=\"6\" stroke=\"\(style.colour)\" stroke-width=\"2.5\"\(dash)/></svg> \(Self.html(pair.0))</li>"
    }
    let marks = "<li><svg width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><circle cx=\"7\" cy=\"7\" r=\"6\" fill=\"#fff\" stroke=\"\(SVG.Palette.warning)\" stroke-width=\"1.5\"/><path d=\"M 3.5 3.5 L 10.5 10.5 M 3.5 10.5 L 10.5 3.5\" stroke=\"\(SVG.Palette.warning)\" stroke-width=\"2\"/></svg> first frame that breaks an invariant; a rest shaded vermillion and crossed breaks one</li>"
    return "<ul class=\"key\">" + items.joined() + marks + "</ul>"
  }

  mutating func addPairs() {
    let rotated: DeviceProfile.Orientation = orientation == .portrait ? .landscape : .portrait
    var blocks: [String] = []
    for group in groups {
      var columns: [String] = []
      for id in group.ids {
        guard let algorithm = tool.algorithm(id: id) else { continue }
        let paths = canonicalPaths(algorithm)
        let broken = paths.filter { !$0.marks.isEmpty }.map(\.label)
        var items: [String] = []
        items.append(figure(
          "trajectory-\(Self.fileName(id)).svg",
          Figures.device(
            environment, paths: paths, title: id,
            subtitle: ["\(paths.count) gestures on the \(device.name)"], key: false, replay: true),
          caption: broken.isEmpty
            ? "Every gesture keeps every invariant."
            : "Breaks an invariant in: \(Self.html(broken.joined(separator: ", "))) (the crosses):"
              + Self.markList(paths)))
        items.append(figure(
          "motion-time-\(Self.fileName(id)).svg",
          Figures.timeChart(title: "\(id): distance and speed", paths: paths),
          caption: "Rings: the lift. A motion that starts at the finger's speed continues the line; one that starts from rest drops to 0 there."))
        // At rest on the right, then the device turns.
        let region = environment.safeRegion
        var gesture = TouchGesture.drag(
          from: CGPoint(x: region.midX, y: region.midY),
          to: CGPoint(x: region.maxX - 40, y: region.midY - 80), duration: 0.4, touchRate: 60)
        let turned = device.environment(rotated, bars: bars)
        gesture.containerChanges = [ContainerChange(time: 2, environment: turned)]
        let scenario = Scenario(device: device, orientation: orientation, bars: bars, gesture: gesture)
        let trajectory = scenario.simulate(algorithm)
        let marks = Self.marks(algorithm, scenario: scenario, trajectory: trajectory)
        items.append(figure(
          "rotation-\(Self.fileName(id)).svg",
          Figures.device(
            turned,
            paths: [Figures.Path(
              label: "frames from the turn on", colour: SVG.Palette.gestures[0], trajectory: trajectory,
              from: 2, marks: marks)],
            title: "\(id), turned",
            subtitle: ["dragged right and released;", "at rest, turned to \(rotated.rawValue)"], key: false),
          caption: marks.isEmpty
            ? "After the turn it rests docked, on screen."
            : "After the turn it breaks \(Self.html(marks.compactMap(\.invariant?.rawValue).joined(separator: ", "))):"
              + Self.markList([Figures.Path(
                label: "turned", colour: "", trajectory: trajectory, marks: marks)])))
        let heading = group.ids.count > 1 ? (id == group.ids[0] ? "published" : "corrected") : id
        columns.append("<div class=\"variant\"><h4>\(Self.html(heading))</h4><div class=\"grid\">\(items.joined(separator: "\n"))</div></div>")
      }
      let title = group.ids.count > 1 ? "\(group.title): published and corrected" : group.title
      blocks.append("<div class=\"pair\"><h3>\(Self.html(title))</h3><div class=\"columns\">\(columns.joined(separator: "\n"))</div></div>")
    }
    sections.append((
      "trajectories", "Published and corrected, side by side",
      "<p>\(yourIDs.isEmpty ? "" : "Yours first, then ")\(yourIDs.isEmpty ? "Each" : "each") article's published variant beside its corrected one for the same gestures, then every other variant, on the \(Self.html(device.name)) (\(orientation.rawValue)) drawn to scale: the window with its rounded corners, sensor housing and home indicator, its bars (grey), the safe region (dashed green) — \(Self.html(Figures.describe(environment))). Every gesture starts from a 60×60 item in the middle of the safe region; dots are display frames (1/\(environment.refreshRate) s apart, so gaps show speed), the ring is the first frame, the outlined square the rest, and the shaded squares replay each gesture at its real speed. Under each: distance and speed against time. Then the same variant docked on the right and the device turned.</p>\n"
        + gestureKey() + "\n" + blocks.joined(separator: "\n")))
  }

  mutating func addDockMaps(flick: CGVector, findings: [Finding]) {
    var blocks: [String] = []
    let judged = Set(DockMap.invariants)
    let judgedText = DockMap.invariants.map(\.rawValue).joined(separator: ", ")
    let speeds = [0.5, 1, 2].map { CGVector(dx: flick.dx * $0, dy: flick.dy * $0) }
    for group in groups {
      var items: [String] = []
      for velocities in [[CGVector.zero], speeds] {
        for id in group.ids {
          guard let algorithm = tool.algorithm(id: id) else { continue }
          if velocities != [.zero], algorithm.dockingMargin == nil { continue }
          let drawing = Figures.dockMap(
            algorithm, device: device, orientation: orientation, bars: bars, velocities: velocities)
          let still = velocities == [.zero]
          var caption = still
            ? "\(drawing.total) releases with the finger still"
            : "\(drawing.total / 3) releases flicked at (\(formatNumber(flick.dx)), \(formatNumber(flick.dy))) pt/s (--flick), at half and at twice that"
          caption += ", a 60×60 item on the \(device.name) (\(orientation.rawValue)), judged by \(judgedText). "
          caption += drawing.broken > 0
            ? "\(drawing.broken) rests break \(drawing.brokenInvariants.map(\.rawValue).sorted().joined(separator: ", "))."
            : "None of these rests breaks them."
          // What the matrix finds on these invariants that this map's scenarios do not reach.
          let missed = findings.filter {
            $0.algorithm == id && !$0.motionReplaced && $0.status == .violated && judged.contains($0.invariant)
              && !drawing.brokenInvariants.contains($0.invariant)
          }
          var html = Self.html(caption)
          if !missed.isEmpty {
            let links = missed.map {
              "<a href=\"#\(Self.counterexampleAnchor(VerifyCommand.rowLabel($0), $0.invariant))\">\($0.invariant.rawValue)</a>"
            }
            html += " The matrix's ✗ for \(links.joined(separator: ", ")) come from scenarios this map does not cover (rotations, cancels, other devices, bars and item sizes)."
          }
          if algorithm.dockingMargin != nil {
            let key = Self.html(Figures.targetKey(algorithm.dockingRule, in: environment.safeRegion))
            html += algorithm.projectsVelocity
              ? " Shaded: the target regions of the projected point (◇), where it should dock: \(key)."
              : " Shaded: the target region each release should dock from: \(key)."
          }
          items.append(figure(
            "dockmap-\(Self.fileName(id))\(still ? "" : "-flick").svg", drawing.svg, caption: html))
        }
      }
      blocks.append("<div class=\"pair\"><h3>\(Self.html(group.title))</h3><div class=\"grid\">\(items.joined(separator: "\n"))</div></div>")
    }
    sections.append((
      "dock-maps", "Dock maps",
      "<p>For a grid of release points (grey dots), an arrow to where each variant comes to rest and the item's outline there. Rests that break \(judgedText) are drawn vermillion with a cross at the end of a dashed line. First released with the finger still, then, for every variant that docks, flicked at three speeds: only a projecting variant follows the flick, and its projected point is drawn as a diamond, as in Apple's picture-in-picture diagrams.</p>\n"
        + blocks.joined(separator: "\n")))
  }

  mutating func addMotion() {
    let curves = TimingCurve.named.map { ($0.name, Motion.curve($0.curve, duration: 0.5), 0.0) }
    let springs = [0.3, 0.5, 0.7, 1, 1.5].compactMap { ratio in
      DampedSpring(dampingRatio: ratio, response: 0.4).map { ("spring ζ \(formatNumber(ratio))", Motion.spring($0)) }
    }
    var items: [String] = []
    items.append(figure("motion-curves.svg", Figures.motionChart(
      title: "Timing curves over 0.5 s, 150 pt to go", motions: curves)))
    items.append(figure("motion-springs.svg", Figures.motionChart(
      title: "Springs from rest (response 0.4 s)",
      motions: springs.map { ($0.0, $0.1, 0) })))
    items.append(figure("motion-springs-flick.svg", Figures.motionChart(
      title: "The same springs handed a 1,500 pt/s flick",
      motions: springs.map { ($0.0, $0.1, 1500) })))
    sections.append((
      "motion", "Motion",
      "<p>How each motion covers the last 150 pt to a target docked flush against the screen's edge (the dashed line): anything above it is off screen. Timing curves never pass it; an underdamped spring does, further when handed a flick, and a critically damped one does too once the flick is faster than ω0 × distance — which is why the corrected variants confine the shown position and fluid-dock eases it into a soft wall.</p>\n<div class=\"grid\">"
        + items.joined(separator: "\n") + "</div>"))
  }

  static func counterexampleAnchor(_ label: String, _ invariant: Invariant) -> String {
    "cx-" + fileName(label + "-" + invariant.rawValue)
  }

  /// `violation` with its numbers as values, to word it for a reader: as it is when this run
  /// made it; one read back from a verify file (words only) found again on the run drawn — the
  /// violation there that says exactly the same — or else left in its words.
  static func withValues(
    _ violation: Violation, invariant: Invariant, algorithm: any SnapAlgorithm,
    scenario: Scenario, trajectory: Trajectory
  ) -> Violation {
    guard violation.prose.isVerbatim else { return violation }
    return invariant.violations(algorithm, scenario: scenario, trajectory: trajectory)
      .first { $0.message == violation.message } ?? violation
  }

  mutating func addMatrix(_ matrix: [VerificationReport.Row], source: String) {
    let invariants = Invariant.checked
    let head = "<thead><tr><th scope=\"col\" class=\"corner\">variant</th>"
      + invariants.map { "<th scope=\"col\"><span>\(Self.html($0.rawValue))</span></th>" }.joined() + "</tr></thead>"
    var rows: [String] = []
    var details: [String] = []
    // What a cell found that no drawing shows (a crash, a hang, nothing to draw), in words.
    var undrawn: [String] = []
    // One row per algorithm and motion, as verify prints them; pairs adjacent.
    let order = allIDs
    let groups = matrix.sorted {
      (order.firstIndex(of: $0.algorithm) ?? order.count) < (order.firstIndex(of: $1.algorithm) ?? order.count)
    }
    for group in groups {
      let label = VerifyCommand.rowLabel(group[0])
      var row = "<tr><th scope=\"row\">\(Self.breakable(label))</th>"
      for invariant in invariants {
        guard let cell = group[invariant] else {
          row += "<td></td>"
          continue
        }
        // The motion the cell was verified with, when it is not the algorithm's own.
        let motionText = cell.motionReplaced ? cell.motion : nil
        switch cell.status {
        case .holds: row += "<td class=\"holds\">✓</td>"
        case .violated, .polish:
          let mark = cell.status == .violated ? "✗" : "~"
          let cellClass = cell.status == .violated ? "violated" : "polish"
          let anchor = Self.counterexampleAnchor(label, invariant)
          let message = "\(label) breaks \(invariant.rawValue): "
            + (cell.evidence?.prose.worded(.reader) ?? cell.violation ?? "violated")
          // An algorithm left out of the pictures (it crashed or hung) is not simulated here.
          guard let scenario = cell.counterexample, let found = verifiedAlgorithm(cell) else {
            // Nothing to draw (no counterexample, or an id this build does not know): no link,
            // and what it found said under the matrix.
            row += "<td class=\"\(cellClass)\">\(mark)</td>"
            undrawn.append(message)
            continue
          }
          row += "<td class=\"\(cellClass)\"><a href=\"#\(anchor)\">\(mark)</a></td>"
          let trajectory = scenario.simulate(found)
          // The evidence, checked again on the trajectory drawn, so that a file read from disk
          // is drawn as a fresh run is.
          var evidence = cell.evidence
          if evidence == nil,
            case .violated(let violation) = invariant.check(found, scenario: scenario, trajectory: trajectory)
          {
            evidence = violation
          }
          evidence = evidence.map {
            Self.withValues(
              $0, invariant: invariant, algorithm: found, scenario: scenario, trajectory: trajectory)
          }
          var subtitle = [name(of: trajectory.finalEnvironment, on: scenario.device, .reader)]
          if let motion = motionText { subtitle.append(motion) }
          let drawing = Figures.counterexample(
            title: "\(label) breaks \(invariant.rawValue)", subtitle: subtitle, scenario: scenario,
            trajectory: trajectory, invariant: invariant, evidence: evidence, algorithm: found)
          let name = "counterexample-\(Self.fileName(label + "-" + invariant.rawValue)).svg"
          var finding = cell
          finding.replayTool = tool.replayName
          let caption = "<strong>\(Self.html(label)) breaks \(Self.html(invariant.rawValue))</strong>"
            + (drawing.measure.map { ": " + Self.html($0.text) + "." } ?? ".")
            + " <span class=\"message\">\(Self.html(evidence?.prose.worded(.reader) ?? cell.violation ?? ""))</span>"
            + "<br/><small>\(Self.html(scenario.description(.reader)))</small>"
            + "<details><summary>replay</summary><pre>\(Self.html(finding.replayCommand))</pre></details>"
            + Self.causeList(finding)
          details.append(figure(name, drawing.svg, caption: caption, id: anchor, classes: "counterexample"))
        case .notApplicable: row += "<td class=\"na\">—</td>"
        case .crashes, .timesOut:
          // Never simulated here: the scenario would bring this process down too.
          let what = cell.status == .crashes ? "crashes" : "runs past the deadline"
          row += "<td class=\"violated\">!</td>"
          undrawn.append("\(label) \(what) on \(invariant.rawValue): " + (cell.violation ?? ""))
        }
      }
      rows.append(row + "</tr>")
    }
    sections.append((
      "invariants", "Invariant matrix",
      "<p>✓ holds, ✗ violated (a hazard), ~ polish only (a lag within the pan's slop, a point or two, one transient frame); each links to a drawing of its smallest counterexample, magnified around the violation; — not applicable; \(Self.html(source)).</p>\n"
        + "<table class=\"matrix\">\n\(head)\n<tbody>\n" + rows.joined(separator: "\n") + "\n</tbody>\n</table>\n"
        + (undrawn.isEmpty
          ? ""
          : "<p>Not drawn:</p><ul class=\"undrawn\">"
            + undrawn.map { "<li>\(Self.html($0))</li>" }.joined() + "</ul>\n")
        + "<div class=\"drawings\">" + details.joined(separator: "\n") + "</div>"))
  }

  /// Every cause of a finding, as the report lists it under its drawing: severity, class,
  /// defect, how often, the worst found, and how to replay its smallest counterexample.
  static func causeList(_ finding: Finding) -> String {
    guard !finding.causes.isEmpty else { return "" }
    let items = finding.causes.map { cause in
      "<li><strong>\(cause.severity.rawValue)</strong>, \(html(cause.causeClass.summary)): "
        + "\(html(cause.violation.defect.summary)), worst \(html(cause.worst.magnitude.description)), "
        + "in \(cause.examples) of \(cause.classExamples) examples"
        + "<details><summary>replay</summary><pre>"
        + html(
          cause.replayCommand(
            tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion))
        + "</pre></details></li>"
    }
    return "<details class=\"causes\"><summary>\(finding.causes.count) "
      + (finding.causes.count == 1 ? "cause" : "causes") + "</summary><ul>"
      + items.joined() + "</ul></details>"
  }

  mutating func addCost(_ results: [ReportCommand.Cost], source: String) {
    var items: [String] = []
    let ids = Set(tool.ids)
    let order = allIDs
    let reference = BenchmarkGroup.referenceParts["frame"]?.subject
    for group in ["drag-step", "release", "frame", "gesture"] {
      let rows = results.compactMap { result -> (index: Int, row: Figures.CostRow)? in
        guard result.operation == group, let subject = result.subject, ids.contains(subject) else {
          return nil
        }
        var row = result
        row.name = subject
        return (order.firstIndex(of: subject) ?? 0, row)
      }
      .sorted { $0.index < $1.index }.map(\.row)
      guard !rows.isEmpty else { continue }
      items.append(figure("cost-\(group).svg", Figures.costChart(
        title: "Cost of one \(group)", rows: rows, reference: reference,
        budget: (hertz: 120, perFrame: group != "gesture"))))
    }
    let motions = results.compactMap { result -> Figures.CostRow? in
      guard result.operation == "frame", let subject = result.subject, !ids.contains(subject),
        subject != "reference"
      else { return nil }
      var row = result
      row.name = subject
      return row
    }
    if !motions.isEmpty {
      items.append(figure("cost-motion.svg", Figures.costChart(
        title: "Cost of one motion frame", rows: motions,
        reference: BenchmarkGroup.referenceParts["motion"]?.subject,
        budget: (hertz: 120, perFrame: true))))
    }
    sections.append((
      "cost", "Cost",
      "<p>Nanoseconds per operation, \(Self.html(source)). Ratios are to \(Self.html(reference ?? "the reference")) (motions: to ease-out), epoch by epoch in the same run, and the dashed line is that reference (1.00×); compare ratios, not nanoseconds across machines. Each published variant sits above its corrected one. Allocations are heap allocations per operation, where counted.</p>\n<div class=\"grid\">"
        + items.joined(separator: "\n") + "</div>"))
  }

  /// The verdict: one row per registered variant (and per extra matrix row), first on the page;
  /// on a user's bench, after a section of their own algorithms.
  mutating func addVerdict(_ matrix: [VerificationReport.Row], cost: [ReportCommand.Cost]) {
    let verdict = Verdict(
      ids: allIDs, matrix: matrix, cost: cost,
      corrected: { id in pair(of: id)?.corrected },
      summary: { id in tool.registered(id: id)?.entry.summary ?? "" }, family: family(of:))
    let title = yourIDs.isEmpty ? "Verdict: what to ship" : "Verdict on every variant, yours first"
    sections.insert(("verdict", title, verdict.html), at: 0)
    if !yourIDs.isEmpty { addYours(matrix, verdict: verdict) }
  }

  var html: String {
    let contents = sections.map { "<a href=\"#\($0.id)\">\(Self.html($0.title))</a>" }.joined(separator: " · ")
    // The first section open (what to fix, or what to ship); every other one folded under its
    // heading, so that a phone's page is a few screens until the reader opens one.
    let body = sections.enumerated().map { index, section in
      let heading = "<h2>\(Self.html(section.title))</h2>"
      return index == 0
        ? "<section id=\"\(section.id)\">\n\(heading)\n\(section.html)\n</section>"
        : "<section id=\"\(section.id)\">\n<details class=\"section\">\n<summary>\(heading)</summary>\n"
          + "\(section.html)\n</details>\n</section>"
    }
    let headline = yourIDs.isEmpty
      ? "SnapLab: which floating-button algorithm to ship on the \(Self.html(device.name))"
      : "\(Self.html(tool.name)): your floating-button algorithms on the \(Self.html(device.name))"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>SnapLab report: \(Self.html(device.name))</title>
      <style>
      \(Self.css)
      </style>
      </head>
      <body>
      <h1>\(headline)</h1>
      <nav><p>\(contents)</p></nav>
      \(body.joined(separator: "\n"))
      <footer>\(footer)</footer>
      </body>
      </html>

      """
  }

  static let css = """
    *, *::before, *::after { box-sizing: border-box; }
    body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; margin: 0 auto; padding: 16px 20px; max-width: 1600px; line-height: 1.45; font-size: 15px; }
    h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 19px; margin: 0; }
    section { border-top: 1px solid #bbb; padding: 10px 0; }
    section > h2 { margin-bottom: 8px; }
    summary { cursor: pointer; }
    summary h2 { display: inline; }
    details.section[open] > summary { margin-bottom: 8px; }
    h3 { font-size: 16px; margin: 24px 0 8px; } h4 { font-size: 14px; margin: 4px 0 6px; color: #444; }
    p { max-width: 62em; }
    a { color: #005A8C; }
    .grid { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
    .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 560px), 1fr)); gap: 14px 24px; }
    .variant { min-width: 0; }
    figure { margin: 0; max-width: 100%; min-width: 0; width: fit-content; }
    figure > svg { display: block; max-width: 100%; height: auto; }
    figcaption { font-size: 13px; width: 0; min-width: 100%; margin-top: 4px; overflow-wrap: anywhere; }
    .drawings { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 560px), 1fr)); gap: 14px; align-items: start; margin: 8px 0; }
    figure.counterexample { border: 1px solid #ddd; padding: 6px; width: 100%; max-width: 760px; }
    figure.counterexample > svg { width: 100%; height: auto; }
    .yours { border-left: 4px solid #A33B00; background: #FBE3D6; padding: 4px 12px; margin: 8px 0 14px; }
    .yours.ship { border-left-color: #00704F; background: #E3F2EC; }
    .yours h3 { font-family: monospace; font-size: 16px; margin: 4px 0; overflow-wrap: anywhere; }
    .headline { font-size: 16px; margin: 4px 0 8px; max-width: 62em; }
    ul.broken { list-style: none; padding: 0; margin: 0 0 6px; }
    ul.broken > li { margin: 6px 0; background: #fff; padding: 4px 8px; }
    details pre { white-space: pre-wrap; word-break: break-all; font-size: 12px; background: #f4f4f4; padding: 6px; margin: 4px 0; }
    ul.key { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 13px; }
    ul.key li { display: flex; align-items: center; gap: 6px; }
    ul.marks, ul.undrawn { margin: 2px 0; padding-left: 18px; }
    table { border-collapse: collapse; }
    table.verdict { font-size: 14px; width: 100%; max-width: 1400px; }
    .verdict th, .verdict td { border-bottom: 1px solid #ccc; padding: 6px 8px; text-align: left; vertical-align: top; }
    .verdict thead th { border-bottom: 2px solid #888; }
    .verdict th[scope=row] { font-family: monospace; font-weight: normal; white-space: nowrap; }
    .verdict tr.ship { background: #E3F2EC; }
    .verdict tr.avoid td.held { color: #A33B00; font-weight: bold; }
    .verdict .number { white-space: nowrap; }
    .recommendation { font-size: 16px; background: #E3F2EC; border-left: 4px solid #00704F; padding: 8px 12px; max-width: 62em; }
    table.matrix { font-size: 13px; margin-bottom: 16px; }
    .matrix th, .matrix td { border: 1px solid #ccc; padding: 2px 4px; text-align: center; }
    .matrix thead th { font-weight: normal; vertical-align: bottom; padding: 6px 2px; }
    .matrix thead th span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
    .matrix thead th.corner { vertical-align: bottom; text-align: left; }
    .matrix th[scope=row] { text-align: left; font-family: monospace; font-weight: normal; }
    td.holds { color: #00704F; } td.violated { background: #FBE3D6; } td.polish { background: #FFF5D6; }
    td.violated a { color: #A33B00; font-weight: bold; text-decoration: none; }
    td.na { color: #595959; }
    footer { margin-top: 48px; border-top: 1px solid #bbb; padding-top: 8px; font-size: 13px; color: #444; }
    footer code { overflow-wrap: anywhere; }
    @media (max-width: 720px) {
      body { padding: 8px 10px; font-size: 14px; }
      .verdict thead { display: none; }
      .verdict tr { display: block; border-bottom: 1px solid #bbb; padding: 6px 4px; }
      .verdict th, .verdict td { display: block; border: 0; padding: 2px 0; }
      .verdict td[data-label]::before { content: attr(data-label) ": "; font-weight: bold; }
      table.matrix { font-size: 12px; }
      .matrix th[scope=row] { max-width: 7em; font-size: 11px; padding: 1px 2px; }
      .matrix td { padding: 0 1px; }
      .matrix thead th { padding: 4px 0; line-height: 1.1; }
      .counterexample { padding: 2px; border: 0; }
    }
    @media print {
      body { max-width: none; padding: 0; }
      figure, .pair, tr, .counterexample { break-inside: avoid; }
      thead { display: table-header-group; }
      nav, a.picture { display: none; }
      h2, h3 { break-after: avoid; }
    }
    """
}
