import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `snap-bench report` and `trace --format svg`: every picture is well-formed XML, the page's
/// links and pictures resolve, bad inputs write nothing, and a real browser renders the page.
// Not serialized: the tests only read the shared report (the browser test writes its checker
// pages and screenshot into a copy of its own); in parallel the suite takes about 33 s instead
// of 42 s in a debug build.
@Suite("snap-bench report")
struct ReportTests {
  let cli = CommandLineTests()

  /// One report, written once for the suite (a few seconds in a debug build).
  static let report: (directory: URL, status: Int32, stderr: String)? = {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-report-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    guard let result = try? CommandLineTests().run(["report", "--output", directory.path, "--examples", "50"])
    else { return nil }
    return (directory, result.status, result.stderr)
  }()

  /// The id of the algorithm the report of a user's bench (`yourReport`) adds.
  static let yourID = CatalogueTests.PlainDock().id

  /// A report of a user's bench: `my-bench`, SnapLab's commands with a dock of the user's own
  /// beside the built-ins (`SnapBench.run(_:adding:toolName:)`, in this process, as
  /// `SnapBench.main(adding:)` runs it in theirs).
  static let yourReport: (directory: URL, status: Int32)? = {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-your-report-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    let status = SnapBench.run(
      ["report", "--output", directory.path, "--examples", "30", "--no-progress"],
      adding: [RegisteredAlgorithm(CatalogueTests.PlainDock())], toolName: "my-bench")
    return (directory, status)
  }()

  /// The shapes of an SVG whose coordinates fall outside its width and height (by more than a
  /// pixel): circles' centres, rectangles' corners, lines' ends, text anchors.
  static func outsideCanvas(_ data: Data) -> [String] {
    final class Collector: NSObject, XMLParserDelegate {
      var width = Double.infinity
      var height = Double.infinity
      var outside: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        func value(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
        if name == "svg" {
          width = value("width") ?? .infinity
          height = value("height") ?? .infinity
          return
        }
        var points: [(Double, Double)] = []
        switch name {
        case "circle": points = [(value("cx") ?? 0, value("cy") ?? 0)]
        case "rect":
          let x = value("x") ?? 0, y = value("y") ?? 0
          points = [(x, y), (x + (value("width") ?? 0), y + (value("height") ?? 0))]
        case "line":
          points = [(value("x1") ?? 0, value("y1") ?? 0), (value("x2") ?? 0, value("y2") ?? 0)]
        case "text": points = [(value("x") ?? 0, value("y") ?? 0)]
        default: return
        }
        for (x, y) in points where x < -1 || y < -1 || x > width + 1 || y > height + 1 {
          outside.append("\(name) at (\(x), \(y)) in \(width)×\(height)")
        }
      }
    }
    let collector = Collector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    _ = parser.parse()
    return collector.outside
  }

  /// Whether `data` parses as XML; the parser's complaint otherwise.
  static func xmlError(_ data: Data) -> String? {
    let parser = XMLParser(data: data)
    if parser.parse() { return nil }
    return parser.parserError.map { "\($0)" } ?? "does not parse"
  }

  @Test("a counterexample is drawn in each container it passes through, its violation magnified")
  func counterexamplePanels() throws {
    // edge-dock.published at rest at the left of an iPhone 15, turned to landscape at 0.7 s,
    // the keyboard shown at 1.2 s: it rests off the new safe region. Three panels: before,
    // from 0.7 s and from 1.2 s.
    let phone = try #require(DeviceProfile.named("iPhone 15"))
    var gesture = TouchGesture(start: CGPoint(x: 30, y: 133), events: [])
    gesture.containerChanges = [
      ContainerChange(time: 0.7, environment: phone.environment(.landscape)),
      ContainerChange(time: 1.2, environment: phone.environment(.landscape, bars: .init(keyboard: true))),
    ]
    let scenario = Scenario(device: phone, gesture: gesture)
    let algorithm = EdgeDockPublished()
    let trajectory = scenario.simulate(algorithm)
    guard case .violated(let violation) = Invariant.resizeSafe.check(algorithm, scenario: scenario, trajectory: trajectory)
    else {
      Issue.record("resize-safe holds for edge-dock.published after a turn and a keyboard")
      return
    }
    let drawing = Figures.counterexample(
      title: "edge-dock.published breaks resize-safe", subtitle: [], scenario: scenario,
      trajectory: trajectory, invariant: .resizeSafe, evidence: violation, algorithm: algorithm)
    let text = drawing.svg.document
    #expect(text.contains(">before<") && text.contains(">from t = 0.7 s<") && text.contains(">from t = 1.2 s<"))
    #expect(Self.xmlError(Data(text.utf8)) == nil)
    #expect(Self.outsideCanvas(Data(text.utf8)) == [])
    // The size it shows in points: the item's 59 pt left of the safe region's left edge.
    let measure = try #require(drawing.measure)
    #expect(measure.unit == "pt" && measure.amount == 59, "\(measure.text)")
  }

  @Test("the page and every picture are written, well-formed, and everything the page names exists")
  func wellFormed() throws {
    let report = try #require(Self.report)
    #expect(report.status == 0, "\(report.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: report.directory.path)
    let svgs = names.filter { $0.hasSuffix(".svg") }
    #expect(svgs.count >= 60)
    for name in svgs {
      let data = try Data(contentsOf: report.directory.appendingPathComponent(name))
      #expect(Self.xmlError(data) == nil, "\(name): \(Self.xmlError(data) ?? "")")
      // Nothing is drawn outside the picture, where it would be cut off.
      let outside = Self.outsideCanvas(data)
      #expect(outside.isEmpty, "\(name) draws outside its canvas: \(outside.prefix(3))")
      #expect(String(decoding: data, as: UTF8.self).contains("<title>"), "\(name) has no title")
    }
    // The page is written as XHTML-compatible HTML, so an XML parser reads it too.
    let page = try Data(contentsOf: report.directory.appendingPathComponent("index.html"))
    #expect(Self.xmlError(page) == nil, "index.html: \(Self.xmlError(page) ?? "")")
    let html = String(decoding: page, as: UTF8.self)
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing from elsewhere")
    // Every picture is inline and links to its standalone file, which exists; every ✗ links
    // to a drawing of its counterexample.
    let sources = matches(#"class="picture" href="([^"]+)""#, in: html)
    #expect(sources.count >= 60)
    for source in sources { #expect(names.contains(source), "missing \(source)") }
    #expect(matches("<figure[^>]*><svg ", in: html, group: 0).count == sources.count)
    #expect(!html.contains("<img"), "pictures are inline, so their tooltips work")
    let links = matches(##"class="violated"><a href="#(cx-[^"]+)""##, in: html)
    #expect(links.count >= 20)
    for link in links { #expect(html.contains("id=\"\(link)\""), "no target for \(link)") }
    // A counterexample marks its violation as a measured element.
    let onScreen = try String(
      contentsOf: report.directory.appendingPathComponent("counterexample-edge-dock.published-on-screen.svg"),
      encoding: .utf8)
    #expect(onScreen.contains("data-violation="))
    for section in ["verdict", "trajectories", "dock-maps", "motion", "invariants", "cost"] {
      #expect(html.contains("<section id=\"\(section)\">"))
    }
    // The verdict comes first and has a row for every registered variant.
    #expect(html.range(of: "<section id=\"verdict\">")?.lowerBound ?? html.endIndex
      < html.range(of: "<section id=\"trajectories\">")?.lowerBound ?? html.startIndex)
    let verdict = Self.verdictRows(html)
    let registered = try Self.registeredVariants()
    #expect(verdict.sorted() == registered.sorted(), "the verdict lists \(verdict), the tool \(registered)")
    // Numbers are rounded for readers (the replay commands, exact by design, aside), and sizes
    // are written one way.
    let prose = html.replacingOccurrences(of: #"<pre>.*?</pre>"#, with: "", options: .regularExpression)
    #expect(matches(#"\d\.\d{5,}"#, in: prose, group: 0).isEmpty, "\(matches(#".{30}\d\.\d{5,}"#, in: prose, group: 0).prefix(3))")
    #expect(!prose.contains("60x60"), "sizes read 60×60 (the replay command keeps its --item 60x60)")
    #expect(!html.contains(",, "))
    #expect(!html.contains(", window 197 pt wide") || html.contains("test window"))
  }

  @Test("a user's bench's report opens with the user's algorithm: its verdict, then every section leads with it")
  func yoursFirst() throws {
    let report = try #require(Self.yourReport)
    #expect(report.status == 0)
    let html = try String(contentsOf: report.directory.appendingPathComponent("index.html"), encoding: .utf8)
    let id = Self.yourID
    // The user's section first, open, naming the verdict; the built-ins' verdict after it, and
    // every section after the first folded.
    let sections = matches(#"<section id="([a-z-]+)">"#, in: html)
    #expect(Array(sections.prefix(2)) == ["yours", "verdict"], "\(sections)")
    #expect(matches(#"<details class="section">"#, in: html, group: 0).count == sections.count - 1)
    let yours = try #require(matches(#"<section id="yours">(.*?)</section>"#, in: html).first)
    let headline = try #require(matches(#"<p class="headline">(.*?)</p>"#, in: yours).first)
    #expect(headline.contains("<strong>\(id)</strong>"), "\(headline)")
    #expect(headline.hasPrefix("Ship ") || headline.hasPrefix("Do not ship ") || headline.hasPrefix("Fix "))
    // A failing verdict leads with the commonest mechanism in the button's words (never the
    // invariant ranked worst, whatever situation breaks it).
    if headline.hasPrefix("Do not ship ") {
      #expect(headline.contains(" mechanism"), "\(headline)")
      #expect(headline.contains("Fix the commonest first: "), "\(headline)")
    }
    // Every cause of every invariant it breaks is drawn under it.
    let causes = matches(#"<figure class="counterexample"><svg"#, in: yours, group: 0).count
    let summaries = matches(#"<li><details><summary>(.*?)</summary>"#, in: yours)
    let listed = summaries.compactMap { Int(matches(#"(\d+) causes?:"#, in: $0).first ?? "") }.reduce(0, +)
    #expect(causes == listed && (summaries.isEmpty || causes > 0), "\(causes) drawings for \(listed) causes")
    // The user's algorithm leads the verdict table, the matrix and every section of pictures.
    #expect(Self.verdictRows(html).first == id, "\(Self.verdictRows(html).prefix(3))")
    let matrix = try #require(matches(#"<table class="matrix">(.*?)</table>"#, in: html).first)
      .replacingOccurrences(of: "<wbr/>", with: "")
    #expect(matches(#"<th scope="row">([^<]+)</th>"#, in: matrix).first == id)
    for section in ["trajectories", "dock-maps"] {
      let part = try #require(matches("<section id=\"\(section)\">(.*?)</section>", in: html).first)
      let first = matches(#"class="picture" href="([^"]+)""#, in: part).first ?? ""
      #expect(first.contains(ReportPage.fileName(id)), "\(section) opens with \(first)")
    }
  }

  /// An invariant left out of the verdict's order would never count as violated in the report:
  /// the order is made from every registered invariant's `harmRank`, and this test fails if one
  /// is missing or twice.
  @Test("the verdict orders every invariant exactly once, and says what breaking each means")
  func verdictKnowsEveryInvariant() {
    #expect(Verdict.severity.count == Invariant.allCases.count)
    #expect(Set(Verdict.severity) == Set(Invariant.allCases))
    for invariant in Invariant.allCases {
      #expect(!Verdict.sentence(invariant, worst: nil).isEmpty, "\(invariant)")
    }
  }

  @Test("the verdict's worst failure is the largest violation found, not the smallest counterexample's")
  func worstIsLargest() throws {
    let phone = try #require(DeviceProfile.named("iPhone 15"))
    let scenario = Scenario(device: phone, gesture: TouchGesture(start: CGPoint(x: 30, y: 133), events: []))
    func violation(_ points: CGFloat) -> Violation {
      Violation("off screen by \(points) pt", defect: .offScreenAtRest, magnitude: .points(points))
    }
    // Two causes: the first shrank to 1 pt and its worst is 40 pt; the second's worst is 310 pt.
    let causes = [
      Finding.Cause(
        causeClass: .plain, severity: .hazard, examples: 3, classExamples: 20, counterexample: scenario,
        violation: violation(1), worst: violation(40)),
      Finding.Cause(
        causeClass: .keyboard, severity: .hazard, examples: 2, classExamples: 20,
        counterexample: scenario, violation: violation(2), worst: violation(310)),
    ]
    let finding = Finding(
      algorithm: "edge-dock.published", motion: nil, invariant: .onScreen, status: .violated,
      causes: causes, counterexample: scenario, violation: "off screen by 1 pt")
    let verdict = Verdict(
      ids: ["edge-dock.published"], matrix: VerificationReport.rows(of: [finding]), cost: [], corrected: { _ in nil },
      summary: { _ in "" })
    let row = try #require(verdict.rows.first)
    #expect(row.worstMagnitude == .points(310))
    #expect(row.worst?.contains("310 pt") == true, "\(row.worst ?? "")")
  }

  /// The variant of each row of the page's verdict table, in order.
  static func verdictRows(_ html: String) -> [String] {
    guard let start = html.range(of: "<table class=\"verdict\">"),
      let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex)
    else { return [] }
    let table = String(html[start.upperBound..<end.lowerBound])
    let regex = try? NSRegularExpression(pattern: #"<th scope="row">([^<]+)</th>"#)
    return regex?.matches(in: table, range: NSRange(table.startIndex..., in: table)).compactMap {
      Range($0.range(at: 1), in: table).map { String(table[$0]) }
    } ?? []
  }

  /// Every variant `snap-bench list algorithms` names, in its order.
  static func registeredVariants() throws -> [String] {
    let list = try CommandLineTests().run(["list", "algorithms"])
    return list.stdout.split(separator: "\n").compactMap { line in
      line.hasPrefix(" ") || line.isEmpty || line.hasPrefix("'") ? nil : line.split(separator: " ").first.map(String.init)
    }
  }

  @Test("every picture has a viewBox, text of at least 11 px, and text colours of at least 4.5:1")
  func legibleText() throws {
    let report = try #require(Self.report)
    let names = try FileManager.default.contentsOfDirectory(atPath: report.directory.path)
      .filter { $0.hasSuffix(".svg") }
    #expect(!names.isEmpty)
    for name in names {
      let text = try String(contentsOf: report.directory.appendingPathComponent(name), encoding: .utf8)
      #expect(text.contains("viewBox=\"0 0 "), "\(name) has no viewBox")
      for size in matches(#"<text[^>]* font-size="([0-9.]+)""#, in: text) {
        #expect((Double(size) ?? 0) >= 11, "\(name): text at \(size) px")
      }
      // Against white and against the bars' grey, where labels sit.
      for fill in Set(matches(#"<text[^>]* fill="(#[0-9A-Fa-f]{6})""#, in: text)) {
        let white = Self.contrast(fill, "#FFFFFF"), bar = Self.contrast(fill, "#DDDDDD")
        #expect(white >= 4.5 && bar >= 4.5, "\(name): text in \(fill) at \(white):1 on white, \(bar):1 on a bar")
      }
    }
  }

  /// The WCAG contrast ratio of two colours written `#RRGGBB`.
  static func contrast(_ a: String, _ b: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let value = Int(hex.dropFirst(), radix: 16) ?? 0
      // The bytes typed apart from the mapping: as one literal mapped into [Double], the
      // type-checker tried the operators' overloads for 0.6 s in every build.
      let bytes: [Int] = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
      let channels: [Double] = bytes.map { (byte: Int) -> Double in Double(byte) / 255 }
      let linear: [Double] = channels.map { (c: Double) -> Double in
        c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      let red: Double = 0.2126 * linear[0]
      let green: Double = 0.7152 * linear[1]
      let blue: Double = 0.0722 * linear[2]
      return red + green + blue
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test("the pictures the README shows are the ones the report draws today")
  func readmePictures() throws {
    let report = try #require(Self.report)
    let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/pictures")
    for name in ["dockmap-edge-dock.published.svg", "motion-springs-flick.svg"] {
      let committed = try String(contentsOf: pictures.appendingPathComponent(name), encoding: .utf8)
      let drawn = try String(contentsOf: report.directory.appendingPathComponent(name), encoding: .utf8)
      #expect(committed == drawn, "docs/pictures/\(name) is stale: copy it from 'snap-bench report'")
    }
  }

  @Test("trace --format svg draws one trajectory as a well-formed SVG")
  func traceSVG() throws {
    let result = try cli.run(["trace", "fluid-dock.corners", "--flick=1500,-800", "--format", "svg"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.xmlError(Data(result.stdout.utf8)) == nil)
    #expect(result.stdout.contains("<polyline"))
  }

  @Test("the matrix and the cost can come from verify and run JSON files")
  func fromFiles() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-files-\(getpid())")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    // Verified with a spring, which edge-dock.published starts from rest: a velocity hitch
    // along the way it docks (50 examples: at 20, no drag of the sample leaves along x fast).
    let verify = try cli.run([
      "verify", "--format", "json", "--examples", "50", "--algorithm", "edge-dock.published",
      "--motion", "spring(damping:1,response:0.4)",
    ])
    try Data(verify.stdout.utf8).write(to: base.appendingPathComponent("v.json"))
    let run = try cli.run([
      "run", "--format", "json", "--iterations", "100", "--repetitions", "3", "--no-progress",
      "--filter", "^(edge-dock|fluid-dock.sides)",
    ])
    try Data(run.stdout.utf8).write(to: base.appendingPathComponent("r.json"))
    let output = base.appendingPathComponent("page")
    let result = try cli.run([
      "report", "--output", output.path, "--verify", base.appendingPathComponent("v.json").path,
      "--results", base.appendingPathComponent("r.json").path, "--landscape", "--flick=-900,300",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("read from \(base.appendingPathComponent("v.json").path)"))
    #expect(html.contains("flicked at (-900, 300)"))
    // Only edge-dock.published was verified: one matrix row, named with the motion it was
    // verified with, and its counterexamples drawn; the verdict says the others were not.
    let matrix = try #require(matches(#"<table class="matrix">(.*?)</table>"#, in: html).first)
      .replacingOccurrences(of: "<wbr/>", with: "")
    #expect(matches(#"<th scope="row">"#, in: matrix, group: 0).count == 1)
    #expect(matrix.contains(#"<th scope="row">edge-dock.published with spring(damping:1,response:0.4)</th>"#))
    #expect(Self.verdictRows(html).contains("edge-dock.published with spring(damping:1,response:0.4)"))
    #expect(html.contains("Not verified in this matrix."))
    let prefix = "counterexample-edge-dock.published_with_spring_damping_1_response_0.4_-"
    let drawings = try FileManager.default.contentsOfDirectory(atPath: output.path)
      .filter { $0.hasPrefix(prefix) }
    #expect(drawings.count >= 4)
    // Every ✗ (and every ~, polish only) links to a drawing, and the drawings are made with the
    // motion verified with.
    let crosses = html.components(separatedBy: "✗</a>").count - 1
    let polish = html.components(separatedBy: "~</a>").count - 1
    #expect(crosses + polish == drawings.count)
    let hitch = try String(
      contentsOf: output.appendingPathComponent(prefix + "velocity-continuous.svg"),
      encoding: .utf8)
    #expect(hitch.contains("spring(damping:1,response:0.4)"))
    let costFrame = try String(contentsOf: output.appendingPathComponent("cost-frame.svg"), encoding: .utf8)
    #expect(costFrame.contains("edge-dock.corrected") && costFrame.contains("fluid-dock.sides"))

    // Results record each name's parts; a file written before they did is read by its whole
    // names, to the same cost pictures.
    let written = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require(written["results"] as? [[String: Any]])
    #expect(results.allSatisfy {
      ($0["subject"] as? String).map { "\($0)/" } ?? "nil" == ($0["name"] as? String).map {
        String($0.prefix(upTo: $0.firstIndex(of: "/") ?? $0.startIndex)) + "/"
      }
    })
    var older = written
    older["results"] = results.map { entry in entry.filter { $0.key != "subject" && $0.key != "operation" } }
    try JSONSerialization.data(withJSONObject: older).write(to: base.appendingPathComponent("old.json"))
    let again = base.appendingPathComponent("page-old")
    let fromOld = try cli.run([
      "report", "--output", again.path, "--verify", base.appendingPathComponent("v.json").path,
      "--results", base.appendingPathComponent("old.json").path, "--landscape", "--flick=-900,300",
    ])
    #expect(fromOld.status == 0, "\(fromOld.stderr)")
    for picture in ["cost-drag-step.svg", "cost-release.svg", "cost-frame.svg", "cost-gesture.svg"] {
      let now = try? Data(contentsOf: output.appendingPathComponent(picture))
      #expect(now != nil && now == (try? Data(contentsOf: again.appendingPathComponent(picture))), "\(picture)")
    }
  }

  @Test("a missing or corrupt input file is an error, and nothing is written")
  func badInputs() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-bad-\(getpid())")
    let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-corrupt-\(getpid()).json")
    try Data("{\"version\": 1, \"results\": [".utf8).write(to: corrupt)
    defer { try? FileManager.default.removeItem(at: corrupt) }
    for arguments in [
      ["--verify", corrupt.path], ["--results", corrupt.path], ["--verify", "/nonexistent/v.json"],
    ] {
      let result = try cli.run(["report", "--output", directory.path] + arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
    let device = try cli.run(["report", "--output", directory.path, "--device", "iPhone 99"])
    #expect(device.status == 64)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  /// Chromium, if installed; `.ci/run` installs it and sets SNAPLAB_REQUIRE_BROWSER=1.
  static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap {
    name in
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }.first

  /// Whether a missing browser is a failure rather than a skip: `.ci/run` sets
  /// SNAPLAB_REQUIRE_BROWSER=1, so CI cannot pass without rendering the page.
  static var browserRequired: Bool {
    ProcessInfo.processInfo.environment["SNAPLAB_REQUIRE_BROWSER"] == "1"
  }

  @Test(
    "headless Chromium renders the page at 390 and 1,400 px: no overflow, no errors, no text over other text, every picture drawn, every violation at least 4 px, every variant in the verdict, a phone's page folded to a few screens",
    .enabled(
      if: chromium != nil || browserRequired,
      "needs chromium, chromium-browser or google-chrome on PATH"))
  func browserRenders() throws {
    let chromium = try #require(
      Self.chromium,
      "SNAPLAB_REQUIRE_BROWSER=1 but no chromium, chromium-browser or google-chrome on PATH")
    let report = try #require(Self.report)
    let registered = try Self.registeredVariants()
    let rendered = try render(report.directory, with: chromium)
    var widths: [Int] = []
    for result in rendered.checks {
      let text = "\(result)"
      let width = result["width"] as? Int ?? 0
      widths.append(width)
      #expect((result["problems"] as? [String]) == [], "at \(width) px: \(result["problems"] ?? "?")")
      #expect((result["textBoxes"] as? Int ?? 0) > 1000, "at \(width) px: the overlap check saw too little text")
      let pictures = result["pictures"] as? Int ?? 0
      if width == 1400 {
        #expect(pictures >= 60 && result["inked"] as? Int == pictures, "at \(width) px: \(text.prefix(300))")
        #expect(result["inline"] as? Int == pictures)
      } else {
        #expect((result["inline"] as? Int ?? 0) >= 60, "at \(width) px: \(text.prefix(300))")
        // Folded, a phone's page is the verdict and the sections' headings: a few screens.
        #expect((result["folded"] as? Int ?? .max) <= 6 * 844, "at \(width) px the folded page is \(result["folded"] ?? "?") px tall")
        let lead = result["lead"] as? [String: Any]
        #expect((lead?["bottom"] as? Double ?? .infinity) <= 844, "the verdict's lead ends past the first screen: \(lead ?? [:])")
      }
      #expect((result["crosses"] as? Int ?? 0) >= 20)
      #expect((result["verdict"] as? [String])?.sorted() == registered.sorted(), "the verdict lists \(result["verdict"] ?? "?")")
    }
    #expect(widths.sorted() == [390, 1400], "the checkers ran at \(widths) px")
    // The screenshot of the real page is not blank.
    #expect(rendered.ink > 0.02, "only \(rendered.ink) of the screenshot is not white")
  }

  @Test(
    "headless Chromium: a user's bench's report names the verdict for their algorithm in a phone's first screen, is a few screens folded, and has no text over other text at 390 and 1,400 px",
    .enabled(
      if: chromium != nil || browserRequired,
      "needs chromium, chromium-browser or google-chrome on PATH"))
  func browserRendersYours() throws {
    let chromium = try #require(
      Self.chromium,
      "SNAPLAB_REQUIRE_BROWSER=1 but no chromium, chromium-browser or google-chrome on PATH")
    let report = try #require(Self.yourReport)
    #expect(report.status == 0)
    let rendered = try render(report.directory, with: chromium)
    var widths: [Int] = []
    for result in rendered.checks {
      let width = result["width"] as? Int ?? 0
      widths.append(width)
      #expect((result["problems"] as? [String]) == [], "at \(width) px: \(result["problems"] ?? "?")")
      #expect((result["textBoxes"] as? Int ?? 0) > 1000, "at \(width) px: the overlap check saw too little text")
      #expect((result["verdict"] as? [String])?.first == Self.yourID)
      if width == 390 {
        // The first screen of an iPhone 15 (390 × 844 pt) says what to do with the user's dock.
        let lead = try #require(result["lead"] as? [String: Any], "no verdict for \(Self.yourID)")
        #expect((lead["bottom"] as? Double ?? .infinity) <= 844, "the verdict ends at \(lead["bottom"] ?? "?") px")
        let text = lead["text"] as? String ?? ""
        #expect(text.contains(Self.yourID) && text.contains("hip"), "\(text)")
        #expect((result["folded"] as? Int ?? .max) <= 4 * 844, "folded, the page is \(result["folded"] ?? "?") px tall")
      }
    }
    #expect(widths.sorted() == [390, 1400], "the checkers ran at \(widths) px")
  }

  /// What the checker found at each width (390 and 1,400 px), and the share of the 1,400 px
  /// screenshot that is not white.
  struct Rendered {
    var checks: [[String: Any]]
    var ink: Double
  }

  /// Renders a copy of the report in `report` in headless Chromium at 1,400 and 390 px with a
  /// checker the report itself never carries, and returns what it found.
  func render(_ report: URL, with chromium: String) throws -> Rendered {
    // A copy of the report of its own: the checker pages and the screenshot it writes beside
    // the page must not appear in the report other tests read (and copy) meanwhile.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-browser-\(getpid())-\(report.lastPathComponent)")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.copyItem(at: report, to: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A copy of the page with a checker the report itself never carries. At each width it
    // writes into the page, for --dump-dom: folded, as it opens, the page's height and where
    // its first verdict ends; then, every section opened, the page's width and scroll width
    // (horizontal overflow), text over other text (SVG labels and the page's lines alike) or
    // cut off at its picture's edge, inline pictures drawn empty, for every ✗ the largest span
    // in pixels, along its axis, of the violation its drawing marks (data-violation), the
    // verdict's rows, and standalone pictures that failed to load or are blank (under 1% of
    // their pixels not white, each drawn on a canvas), script and console errors.
    var page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    let checker = """
      <script>
      var problems = [];
      console.error = function () { problems.push('console: ' + Array.prototype.join.call(arguments, ' ')); };
      window.addEventListener('error', function (e) { problems.push('error: ' + (e.message || (e.target && e.target.src))); }, true);
      // Every text box on the page: each SVG <text> element's, and each line of each HTML text
      // node outside SVG; then every two of different texts that intersect by more than 1 px.
      function textOverlaps() {
        var boxes = [];
        Array.prototype.forEach.call(document.querySelectorAll('svg text'), function (t, i) {
          var r = t.getBoundingClientRect(), picture = t.closest('svg').getBoundingClientRect();
          if (r.width > 0 && r.height > 0) { boxes.push({ id: 's' + i, r: r, text: t.textContent }); }
          // Text that runs past its picture's edge is cut off there.
          if (r.left < picture.left - 1 || r.right > picture.right + 1) { problems.push('text cut off: ' + t.textContent); }
        });
        var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node, n = 0;
        while ((node = walker.nextNode())) {
          if (!node.textContent.trim() || node.parentNode.closest('svg, script, style')) { continue; }
          var range = document.createRange(); range.selectNodeContents(node); n++;
          Array.prototype.forEach.call(range.getClientRects(), function (r) {
            if (r.width > 0 && r.height > 0) { boxes.push({ id: 'h' + n, r: r, text: node.textContent.trim().slice(0, 60) }); }
          });
        }
        boxes.sort(function (a, b) { return a.r.top - b.r.top; });
        var found = [];
        for (var i = 0; i < boxes.length; i++) {
          for (var j = i + 1; j < boxes.length && boxes[j].r.top < boxes[i].r.bottom - 1; j++) {
            var a = boxes[i], b = boxes[j];
            if (a.id === b.id) { continue; }
            var w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
            var h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
            if (w > 1 && h > 1) { found.push(a.text + ' / ' + b.text); }
          }
        }
        return { boxes: boxes.length, overlaps: found };
      }
      window.addEventListener('load', function () {
        var result = { width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, crosses: 0, pictures: 0, inked: 0 };
        // Folded, as a reader first sees it: the page's height, and where the first verdict
        // (the user's algorithm's, or the verdict table's lead) ends and what it says.
        result.folded = document.documentElement.scrollHeight;
        var lead = document.querySelector('#yours .headline, #verdict .recommendation');
        if (lead) { result.lead = { bottom: lead.getBoundingClientRect().bottom + window.scrollY, text: lead.textContent }; }
        // Then every section opened, for everything else.
        Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
        var text = textOverlaps();
        result.textBoxes = text.boxes;
        text.overlaps.slice(0, 10).forEach(function (o) { problems.push('text overlaps: ' + o); });
        if (result.scrollWidth > result.width) { problems.push('overflow: ' + result.scrollWidth + ' > ' + result.width); }
        var inline = document.querySelectorAll('figure > svg');
        result.inline = inline.length;
        Array.prototype.forEach.call(inline, function (svg) {
          var r = svg.getBoundingClientRect();
          if (r.width < 20 || r.height < 20) { problems.push('drawn empty: ' + svg.querySelector('title').textContent); }
          if (r.right > window.innerWidth + 0.5) { problems.push('cut off: ' + svg.querySelector('title').textContent); }
        });
        Array.prototype.forEach.call(document.querySelectorAll('td.violated a'), function (a) {
          var id = a.getAttribute('href').slice(1), figure = document.getElementById(id), span = 0;
          result.crosses++;
          if (!figure) { problems.push('no drawing for ' + id); return; }
          Array.prototype.forEach.call(figure.querySelectorAll('[data-violation]'), function (e) {
            var r = e.getBoundingClientRect(), axis = e.getAttribute('data-violation');
            span = Math.max(span, axis === 'x' ? r.width : axis === 'y' ? r.height : Math.sqrt(r.width * r.width + r.height * r.height));
          });
          if (span < 4) { problems.push('the violation spans ' + span.toFixed(1) + ' px in ' + id); }
        });
        result.verdict = Array.prototype.map.call(document.querySelectorAll('table.verdict tbody th[scope=row]'), function (t) { return t.textContent; });
        // The standalone pictures do not depend on the page's width: checked once, at 1,400 px.
        var links = location.search === '?layout' ? [] : Array.prototype.map.call(document.querySelectorAll('a.picture'), function (a) { return a.getAttribute('href'); });
        result.pictures = links.length;
        Promise.all(links.map(function (src) {
          return new Promise(function (done) {
            var image = new Image();
            image.onerror = function () { problems.push('not loaded: ' + src); done(); };
            image.onload = function () {
              try {
                var c = document.createElement('canvas'); c.width = image.naturalWidth; c.height = image.naturalHeight;
                var g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); g.drawImage(image, 0, 0);
                var d = g.getImageData(0, 0, c.width, c.height).data, ink = 0;
                for (var i = 0; i < d.length; i += 4) { if (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235) ink++; }
                if (ink / (c.width * c.height) < 0.01) { problems.push('blank: ' + src); } else { result.inked++; }
              } catch (e) { problems.push('pixels of ' + src + ': ' + e.message); }
              done();
            };
            image.src = src;
          });
        })).then(function () {
          result.problems = problems;
          var out = document.createElement('pre'); out.id = 'snaplab-check';
          out.textContent = 'CHECK' + JSON.stringify(result) + 'END';
          document.body.appendChild(out);
          if (window.parent !== window) { window.parent.postMessage(out.textContent, '*'); }
        });
      });
      </script>
      """
    page = page.replacingOccurrences(of: "</head>", with: checker + "\n</head>")
    let checked = directory.appendingPathComponent("check.html")
    try page.write(to: checked, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: checked) }
    let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files"]
    // Chromium spends 2 s of CPU starting and 5 s laying this page out, so there are two
    // launches. The first checks the page at 1,400 px and takes the screenshot whose ink is
    // counted below (the checker adds only a line of text at the page's end).
    let shot = directory.appendingPathComponent("shot.png")
    let desktop = try shell(
      chromium,
      flags + [
        "--window-size=1400,2400", "--virtual-time-budget=15000", "--screenshot=\(shot.path)",
        "--dump-dom", checked.absoluteString,
      ])
    // The second, the phone's 390 px: headless Chromium lays a window out at least 500 px wide,
    // so they are an iframe that wide, whose checker (the layout only) posts its findings to
    // the page around it; that page also counts the screenshot's pixels that are not white.
    // (Both widths in frames of one launch stalled for up to a minute under virtual time.)
    let frame = directory.appendingPathComponent("frame.html")
    try """
      <!DOCTYPE html><html><body style="margin:0">
      <iframe src="check.html?layout" width="390" height="2000" style="border:0"></iframe>
      <script>
      window.addEventListener('message', function (e) { var p = document.createElement('pre'); p.textContent = e.data; document.body.appendChild(p); });
      var shot = new Image();
      shot.onload = function () {
        var c = document.createElement('canvas'); c.width = shot.naturalWidth; c.height = shot.naturalHeight;
        var g = c.getContext('2d'); g.drawImage(shot, 0, 0);
        var d = g.getImageData(0, 0, c.width, c.height).data, ink = 0;
        for (var i = 0; i < d.length; i += 4) { if (d[i] < 245 || d[i + 1] < 245 || d[i + 2] < 245) ink++; }
        var p = document.createElement('pre'); p.textContent = 'IN' + 'K' + (ink / (c.width * c.height)) + 'END'; document.body.appendChild(p);
      };
      shot.onerror = function () { var p = document.createElement('pre'); p.textContent = 'IN' + 'K-1END'; document.body.appendChild(p); };
      shot.src = 'shot.png';
      </script>
      </body></html>
      """.write(to: frame, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: frame) }
    let phone = try shell(
      chromium,
      flags + ["--window-size=1400,2000", "--virtual-time-budget=15000", "--dump-dom", frame.absoluteString])
    let dom = desktop.stdout + "\n" + phone.stdout
    let checks = try matches(#"CHECK(\{.*?\})END"#, in: dom).map {
      $0.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
    }.map { text in
      try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }
    let ink = Double(matches(#"INK(-?[0-9.e-]+)END"#, in: dom).first ?? "") ?? -1
    return Rendered(checks: checks, ink: ink)
  }

  func shell(_ executable: String, _ arguments: [String]) throws -> CommandLineTests.Result {
    try SnapBenchProcess.run(executable: executable, arguments)
  }

  /// The first capture group (or the whole match, for group 0) of every match of `pattern`.
  func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap {
      Range($0.range(at: group), in: text).map { String(text[$0]) }
    }
  }
}
