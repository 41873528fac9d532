import Foundation
import SnapAlgorithms
import SnapVerification

/// `snap-bench report`: a self-contained page of pictures — trajectories, dock maps, motion
/// curves, the invariant matrix with a drawing of every counterexample, and the cost.
enum ReportCommand {
  static let output = OptionSpec(
    "--output", value: "<dir>", help: "The directory to write index.html and the SVGs into (default: report).")
  static let device = OptionSpec(
    "--device", value: "<name>", help: "The device to draw (default: iPhone 15).")
  static let landscape = OptionSpec(flag: "--landscape", help: "Hold the device in landscape.")
  static let keyboard = OptionSpec(
    flag: "--keyboard", help: "Show the keyboard in the trajectories and dock maps.")
  static let results = OptionSpec(
    "--results", value: "<run.json>",
    help: "Cost from a 'snap-bench run --format json' file (default: a short run now).")
  static let verifyFile = OptionSpec(
    "--verify", value: "<verify.json>",
    help: "The invariant matrix from a 'snap-bench verify --format json' file (default: run it now).")
  static let examples = OptionSpec(
    "--examples", value: "<n>", help: "Examples per cell when verifying now (default: 200).")
  static let seed = OptionSpec("--seed", value: "<n>", help: "The verify seed (default: 1).")
  static let noProgress = OptionSpec(flag: "--no-progress", help: "No progress bar on stderr.")
  static let flick = OptionSpec(
    "--flick", value: "<vx>,<vy>",
    help: "The release velocity of the flicked dock maps, in points per second (default: 600,-600).")

  static let spec = CommandSpec(
    name: "snap-bench report",
    abstract: "Write a page of pictures: trajectories, dock maps, motion, invariants, cost.",
    discussion: """
      Writes <dir>/index.html and one SVG per picture beside it; the page has no scripts and \
      loads nothing from elsewhere, so it works offline, and every SVG stands on its own.
      """,
    options: [output, device, landscape, keyboard, results, verifyFile, examples, seed, flick, noProgress])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let deviceName = parsed.value(device) ?? DeviceProfile.standard.name
    guard let profile = DeviceProfile.named(deviceName) else {
      var reason = "not a known device"
      if let near = nearestCandidate(to: deviceName, among: DeviceProfile.catalogue.flatMap(\.acceptedNames)) {
        reason += ". Did you mean '\(near)'?"
      }
      throw UsageError.invalidValue(deviceName, for: device, reason: reason).withUsage(of: spec)
    }
    let orientation: DeviceProfile.Orientation = parsed.flag(landscape) ? .landscape : .portrait
    let count = try parsed.count(examples, default: 200, minimum: 1, maximum: 1_000_000)
    let runSeed = UInt64(try parsed.count(seed, default: 1, minimum: 0))
    let directory = parsed.value(output) ?? "report"
    // What an earlier report wrote may be replaced; anything else in the directory may not.
    let destination = try OutputDirectory(directory, for: output) { name in
      name == "index.html" || name.hasSuffix(".svg")
    }
    let velocity = try parsed.value(flick).map { try parseVelocity($0, for: flick, spec: spec) }
      ?? CGVector(dx: 600, dy: -600)
    guard velocity != .zero else {
      throw UsageError.invalidValue(
        parsed.value(flick) ?? "", for: flick,
        reason: "a flick needs a velocity; the dock maps already show releases with the finger still")
        .withUsage(of: spec)
    }
    // Read the inputs first: a bad file is an error before anything is written.
    let findings = try parsed.value(verifyFile).map { try readFindings($0, tool: tool) }
    let cost = try parsed.value(results).map(readResults)

    var page = Page(
      device: profile, orientation: orientation, keyboard: parsed.flag(keyboard), tool: tool)
    // Steps: trajectories, dock maps, motion, every cell verified now, the cost, the page.
    let cells = findings == nil ? tool.algorithms.count * Invariant.checked.count : 0
    let progress = ProgressBar(total: 5 + cells, unit: "steps", enabled: !parsed.flag(noProgress))
    progress.update(0, "trajectories")
    page.addTrajectories()
    progress.update(1, "dock maps")
    page.addDockMaps(flick: velocity)
    progress.update(2, "motion")
    page.addMotion()
    page.addMatrix(findings ?? freshFindings(examples: count, seed: runSeed, tool: tool, progress: progress.shifted(by: 3)),
      source: findings == nil ? "verified now: \(count) examples per cell, seed \(runSeed)" : "read from \(parsed.value(verifyFile) ?? "")")
    progress.update(3 + cells, "cost")
    page.addCost(cost ?? freshResults(tool: tool), source: cost == nil ? "a short run now (timings from a short run are rough; pass --results for a full one)" : "read from \(parsed.value(results) ?? "")")
    progress.update(4 + cells, "writing")

    // The page appears whole, in one step, or not at all.
    try destination.write(
      page.files.map { (name: $0.0, bytes: Array($0.1.document.utf8)) }
        + [(name: "index.html", bytes: Array(page.html.utf8))])
    progress.finish()
    print("Wrote \(directory)/index.html and \(page.files.count) pictures.")
  }

  // MARK: Inputs

  static func freshFindings(
    examples: Int, seed: UInt64, tool: Tool,
    progress: ProgressBar = ProgressBar(total: 0, unit: "", enabled: false)
  ) -> [Finding] {
    VerifyCommand.verifyAll(
      tool.algorithms.map { $0.entry.make() }, invariants: Invariant.checked, motion: nil,
      examples: examples, seed: seed, tool: tool, progress: progress,
      jobs: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The findings of a verify file, read through `VerificationReport`; a finding whose motion is
  /// not its algorithm's own was verified with `--motion`, and is redrawn with it.
  static func readFindings(_ path: String, tool: Tool) throws -> [Finding] {
    let data = Data(try readInput(path, what: "the verify file"))
    var findings: [Finding]
    do {
      findings = try VerificationReport(json: data).findings
    } catch {
      throw RuntimeError(
        "the verify file '\(path)' is invalid: \(error.description) (expected the output of "
          + "'\(tool.name) verify --format json')")
    }
    for index in findings.indices {
      findings[index].replayTool = tool.replayName
      if let motion = findings[index].motion,
        tool.algorithm(id: findings[index].algorithm)?.releaseMotion?.description != motion
      {
        findings[index].motionReplaced = true
      }
    }
    return findings
  }

  /// One benchmark's figures for the cost chart.
  struct Cost {
    var name: String
    var median: Double
    var low: Double
    var high: Double
    var ratio: Double?
  }

  static func freshResults(tool: Tool) -> [Cost] {
    var harness = Harness()
    harness.epochTarget = 200_000
    harness.epochs = 5
    harness.warmup = 1
    let benchmarks = makeBenchmarks(seed: 1, algorithms: tool.algorithms).filter { $0.group != "reference" || $0.name == "reference/clamp" }
    return Result.from(harness.run(benchmarks)).map {
      Cost(name: $0.name, median: $0.nsPerOp.median, low: $0.nsPerOp.min, high: $0.nsPerOp.p90, ratio: $0.ratio)
    }
  }

  static func readResults(_ path: String) throws -> [Cost] {
    let data = Data(try readInput(path, what: "the results file"))
    let file: BenchmarkResults
    do {
      file = try BenchmarkResults(json: data)
    } catch {
      throw RuntimeError(
        "the results file '\(path)' is invalid: \(error.description); expected "
          + "'snap-bench run --format json'")
    }
    return file.results.map {
      Cost(name: $0.name, median: $0.nsPerOp.median, low: $0.nsPerOp.min, high: $0.nsPerOp.p90, ratio: $0.ratio)
    }
  }

  // MARK: The page

  struct Page {
    let device: DeviceProfile
    let orientation: DeviceProfile.Orientation
    let bars: DeviceProfile.Bars
    /// Every algorithm the tool knows, in its order: each is drawn.
    let algorithms: [RegisteredAlgorithm]
    let tool: Tool
    var files: [(String, SVG)] = []
    var sections: [String] = []

    init(
      device: DeviceProfile, orientation: DeviceProfile.Orientation, keyboard: Bool, tool: Tool
    ) {
      self.tool = tool
      self.algorithms = tool.algorithms
      self.device = device
      self.orientation = orientation
      var bars = DeviceProfile.Bars.standard
      bars.keyboard = keyboard
      self.bars = bars
    }

    var environment: Environment { device.environment(orientation, bars: bars) }

    static func fileName(_ text: String) -> String {
      String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    }

    mutating func figure(_ name: String, _ svg: SVG, caption: String? = nil) -> String {
      files.append((name, svg))
      let captionHTML = caption.map { "<figcaption>\(ReportCommand.html($0))</figcaption>" } ?? ""
      return "<figure><img src=\"\(ReportCommand.html(name))\" alt=\"\(ReportCommand.html(svg.title))\" width=\"\(SVG.number(svg.width))\" height=\"\(SVG.number(svg.height))\"/>\(captionHTML)</figure>"
    }

    mutating func addTrajectories() {
      let gestures = Figures.canonicalGestures(in: environment)
      var legend = SVG(width: 860, height: 30, title: "Which colour is which gesture")
      var x = 8.0
      for (index, (name, _)) in gestures.enumerated() {
        legend.line(x1: x, y1: 15, x2: x + 18, y2: 15, stroke: SVG.Palette.gestures[index], strokeWidth: 2.5)
        legend.text(name, x: x + 22, y: 19, size: 11)
        x += 30 + Double(name.count) * 6.2
      }
      let legendHTML = figure("legend.svg", legend)
      var items: [String] = []
      let rotated: DeviceProfile.Orientation = orientation == .portrait ? .landscape : .portrait
      for algorithm in algorithms.map({ $0.entry.make() }) {
        let simulator = Simulator(environment: environment)
        let paths = gestures.enumerated().map { index, pair in
          Figures.Path(
            label: pair.0, colour: SVG.Palette.gestures[index], trajectory: simulator.run(algorithm, gesture: pair.1))
        }
        items.append(figure(
          "trajectory-\(Self.fileName(algorithm.id)).svg",
          Figures.device(
            environment, paths: paths, title: algorithm.id,
            subtitle: "\(gestures.count) gestures on the \(device.name)")))
        // At rest on the right, then the device turns.
        let region = environment.safeRegion
        var gesture = Gesture.drag(
          from: CGPoint(x: region.midX, y: region.midY),
          to: CGPoint(x: region.maxX - 40, y: region.midY - 80), duration: 0.4, touchRate: 60)
        let turned = device.environment(rotated, bars: bars)
        gesture.containerChanges = [ContainerChange(time: 2, environment: turned)]
        let trajectory = simulator.run(algorithm, gesture: gesture)
        items.append(figure(
          "rotation-\(Self.fileName(algorithm.id)).svg",
          Figures.device(
            turned, paths: [Figures.Path(label: "frames from the turn on", colour: SVG.Palette.gestures[0], trajectory: trajectory, from: 2)],
            title: "\(algorithm.id), turned",
            subtitle: "dragged to the right and released,\nthen at rest turned to \(rotated.rawValue)")))
      }
      sections.append(section(
        "trajectories", "Trajectories",
        "Each variant on the \(device.name) (\(orientation.rawValue)), drawn to scale: the window, its bars (grey), the safe region (dashed green). Every gesture starts from a 60×60 item in the middle of the safe region; dots are display frames (1/\(environment.refreshRate) s apart, so gaps show speed), the ring is the first frame and the outlined square the rest. After each, the same variant docked on the right and the device turned: where it rests in the turned window.",
        items.joined(separator: "\n"), lead: legendHTML))
    }

    mutating func addDockMaps(flick: CGVector) {
      var items: [String] = []
      // Every algorithm has a map of where it rests; those that dock also a flicked one.
      for algorithm in algorithms.map({ $0.entry.make() }) {
        let (svg, _) = Figures.dockMap(algorithm, device: device, orientation: orientation, bars: bars, velocity: .zero)
        items.append(figure("dockmap-\(Self.fileName(algorithm.id)).svg", svg))
      }
      for algorithm in algorithms.map({ $0.entry.make() }) where algorithm.dockingMargin != nil {
        let (svg, _) = Figures.dockMap(algorithm, device: device, orientation: orientation, bars: bars, velocity: flick)
        items.append(figure("dockmap-\(Self.fileName(algorithm.id))-flick.svg", svg))
      }
      sections.append(section(
        "dock-maps", "Dock maps",
        "For 45 release points across the safe region (grey dots), an arrow to where each variant comes to rest. Rests that break on-screen, in-safe-area, docked or nearest-edge are drawn as a vermillion × at the end of a dashed line. First released with the finger still, then, for every variant that docks, flicked at (\(formatNumber(flick.dx)), \(formatNumber(flick.dy))) pt/s (--flick): only a projecting variant follows the flick.",
        items.joined(separator: "\n")))
    }

    mutating func addMotion() {
      func motion(_ text: String) -> Motion { (try? Motion(parsing: text)) ?? .none }
      let curves = ["linear", "ease-in", "ease-out", "ease-in-out", "default"].map {
        ($0, motion("\($0)(duration:0.5)"), 0.0)
      }
      let springs = [
        ("spring ζ 0.3", "spring(damping:0.3,response:0.4)"), ("spring ζ 0.5", "spring(damping:0.5,response:0.4)"),
        ("spring ζ 0.7", "spring(damping:0.7,response:0.4)"), ("spring ζ 1", "spring(damping:1,response:0.4)"),
        ("spring ζ 1.5", "spring(damping:1.5,response:0.4)"),
      ]
      var items: [String] = []
      items.append(figure("motion-curves.svg", Figures.motionChart(
        title: "Timing curves over 0.5 s, towards a target 150 pt away", motions: curves)))
      items.append(figure("motion-springs.svg", Figures.motionChart(
        title: "Springs from rest (response 0.4 s), 150 pt to go",
        motions: springs.map { ($0.0, motion($0.1), 0) })))
      items.append(figure("motion-springs-flick.svg", Figures.motionChart(
        title: "The same springs handed a 1,500 pt/s flick",
        motions: springs.map { ($0.0, motion($0.1), 1500) })))
      sections.append(section(
        "motion", "Motion",
        "How each motion covers the last 150 pt to a target docked flush against the screen's edge (the dashed line): anything above it is off screen. Timing curves never pass it; an underdamped spring does, further when handed a flick, and a critically damped one does too once the flick is faster than ω0 × distance — which is why the corrected variants confine the shown position and fluid-dock eases it into a soft wall.",
        items.joined(separator: "\n")))
    }

    mutating func addMatrix(_ cells: [Finding], source: String) {
      let invariants = Invariant.checked
      var rows = ["<tr><th scope=\"col\">algorithm</th>" + invariants.map { "<th scope=\"col\">\(ReportCommand.html($0.rawValue))</th>" }.joined() + "</tr>"]
      var details: [String] = []
      // One row per algorithm and motion, as verify prints them.
      for group in VerifyCommand.rows(of: cells) {
        let algorithm = group[0].algorithm
        let label = VerifyCommand.rowLabel(group[0])
        var row = "<tr><th scope=\"row\">\(ReportCommand.html(label))</th>"
        for invariant in invariants {
          guard let cell = group.first(where: { $0.invariant == invariant }) else {
            row += "<td></td>"
            continue
          }
          // The motion the cell was verified with, when it is not the algorithm's own.
          let motionText = cell.motionReplaced ? cell.motion : nil
          switch cell.status {
          case .holds: row += "<td class=\"holds\" title=\"holds\">✓</td>"
          case .violated:
            let anchor = "cx-" + Self.fileName(label + "-" + invariant.rawValue)
            let tip = ReportCommand.html(cell.violation ?? "violated")
            guard let scenario = cell.counterexample, let found = tool.algorithm(id: algorithm) else {
              // Nothing to draw (no counterexample, or an id this build does not know): no link.
              row += "<td class=\"violated\" title=\"\(tip)\">✗</td>"
              continue
            }
            row += "<td class=\"violated\"><a href=\"#\(anchor)\" title=\"\(tip)\">✗</a></td>"
            do {
              var algorithmToDraw = found
              if let motion = motionText, algorithmToDraw.releaseMotion != nil,
                let parsed = try? Motion(parsing: motion)
              {
                algorithmToDraw.releaseMotion = parsed
              }
              let trajectory = scenario.simulate(algorithmToDraw)
              // In the final window: the frames from the last container change on.
              let lastChange = scenario.gesture.containerChanges.map(\.time).filter(\.isFinite).max()
              let name = "counterexample-\(Self.fileName(label + "-" + invariant.rawValue)).svg"
              // The frame the violation names, if it is drawn, is marked: checked again on the
              // trajectory drawn, so a file read from disk is marked as a fresh run is.
              var evidence = cell.evidence
              if evidence == nil,
                case .violated(let violation) = invariant.check(
                  algorithmToDraw, scenario: scenario, trajectory: trajectory)
              {
                evidence = violation
              }
              let broken = evidence?.time.flatMap { time in
                trajectory.frames.filter { $0.time >= (lastChange ?? -.infinity) }
                  .min { abs($0.time - time) < abs($1.time - time) }
              }
              let svg = Figures.device(
                trajectory.finalEnvironment,
                paths: [Figures.Path(
                  label: lastChange.map { "frames from t = \(formatNumber(($0 * 1000).rounded() / 1000)) s, in the final window" } ?? "every frame",
                  colour: SVG.Palette.warning, trajectory: trajectory, from: lastChange ?? -.infinity)],
                title: "\(label) breaks \(invariant.rawValue)",
                subtitle: trajectory.finalEnvironment.name + (motionText.map { "\n" + $0 } ?? "")
              ) { svg, canvas in
                guard let broken, broken.rect.isFinite else { return }
                let at = canvas.point(CGPoint(x: broken.rect.midX, y: broken.rect.midY))
                svg.cross(x: at.0, y: at.1, size: 5, stroke: SVG.Palette.ink)
                svg.text("breaks here", x: at.0 + 7, y: at.1 - 5, size: 9, weight: "bold")
              }
              files.append((name, svg))
              details.append(
                "<figure id=\"\(anchor)\" class=\"counterexample\"><img src=\"\(ReportCommand.html(name))\" alt=\"\(ReportCommand.html(svg.title))\" width=\"\(SVG.number(svg.width))\" height=\"\(SVG.number(svg.height))\"/><figcaption><strong>\(ReportCommand.html(label)) breaks \(ReportCommand.html(invariant.rawValue))</strong>: \(ReportCommand.html(cell.violation ?? ""))<br/><small>\(ReportCommand.html(scenario.description))</small></figcaption></figure>")
            }
          case .notApplicable: row += "<td class=\"na\" title=\"not applicable\">—</td>"
          }
        }
        rows.append(row + "</tr>")
      }
      sections.append(section(
        "invariants", "Invariant matrix",
        "✓ holds, ✗ violated (each links to a drawing of its smallest counterexample), — not applicable; \(source).",
        "<table>\n" + rows.joined(separator: "\n") + "\n</table>\n<div class=\"grid\">" + details.joined(separator: "\n") + "</div>"))
    }

    mutating func addCost(_ results: [Cost], source: String) {
      var items: [String] = []
      let ids = Set(tool.ids)
      func variant(_ name: String) -> String { String(name.prefix { $0 != "/" }) }
      for group in ["drag-step", "release", "frame", "gesture"] {
        let rows = results.filter { $0.name.hasSuffix("/" + group) && ids.contains(variant($0.name)) }.map {
          (name: variant($0.name), median: $0.median, low: $0.low, high: $0.high, ratio: $0.ratio)
        }
        guard !rows.isEmpty else { continue }
        items.append(figure("cost-\(group).svg", Figures.costChart(
          title: "Cost of one \(group) (ratio to edge-dock.corrected)", rows: rows)))
      }
      let motions = results.filter { $0.name.hasSuffix("/frame") && !ids.contains(variant($0.name)) }.map {
        (name: String($0.name.dropLast(6)), median: $0.median, low: $0.low, high: $0.high, ratio: $0.ratio)
      }
      if !motions.isEmpty {
        items.append(figure("cost-motion.svg", Figures.costChart(
          title: "Cost of one motion frame (ratio to ease-out)", rows: motions)))
      }
      sections.append(section(
        "cost", "Cost", "Nanoseconds per operation, \(source). Ratios are to edge-dock.corrected (motions: to ease-out), epoch by epoch in the same run; compare ratios, not nanoseconds across machines.",
        items.joined(separator: "\n")))
    }

    /// A section: its heading, an introduction (HTML already escaped where it comes in pieces)
    /// and its pictures in a grid.
    func section(
      _ id: String, _ title: String, _ intro: String, _ content: String, lead: String = ""
    ) -> String {
      "<section id=\"\(id)\">\n<h2>\(ReportCommand.html(title))</h2>\n<p>\(ReportCommand.html(intro))</p>\n\(lead)\n<div class=\"grid\">\n\(content)\n</div>\n</section>"
    }

    var html: String {
      let contents = [
        ("trajectories", "Trajectories"), ("dock-maps", "Dock maps"), ("motion", "Motion"),
        ("invariants", "Invariant matrix"), ("cost", "Cost"),
      ].map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined(separator: " · ")
      return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>SnapLab report: \(ReportCommand.html(device.name))</title>
        <style>
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; margin: 24px; max-width: 1400px; }
        h1 { font-size: 22px; } h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 36px; }
        p { max-width: 900px; line-height: 1.4; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; max-width: 420px; }
        table { border-collapse: collapse; font-size: 12px; margin-bottom: 16px; }
        th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: center; }
        th[scope=row] { text-align: left; font-weight: normal; font-family: monospace; }
        td.holds { color: #009E73; } td.violated { background: #FBE3D6; } td.violated a { color: #D55E00; font-weight: bold; text-decoration: none; }
        td.na { color: #999; }
        .counterexample { border: 1px solid #eee; padding: 6px; }
        @media print { figure { break-inside: avoid; } }
        </style>
        </head>
        <body>
        <h1>SnapLab: how floating-button algorithms behave on the \(ReportCommand.html(device.name))</h1>
        <p>\(contents)</p>
        \(sections.joined(separator: "\n"))
        </body>
        </html>

        """
    }
  }

  static func html(_ text: String) -> String { SVG.escape(text) }

}
