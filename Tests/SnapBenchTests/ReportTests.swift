import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `snap-bench report` and `trace --format svg`: every picture is well-formed XML, the page's
/// links and pictures resolve, bad inputs write nothing, and a real browser renders the page.
@Suite("snap-bench report", .serialized)
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
    // Every picture it shows exists, and every ✗ links to a drawing of its counterexample.
    let sources = matches(#"src="([^"]+)""#, in: html)
    #expect(sources.count >= 60)
    for source in sources { #expect(names.contains(source), "missing \(source)") }
    let links = matches(##"href="#(cx-[^"]+)""##, in: html)
    #expect(links.count >= 20)
    for link in links { #expect(html.contains("id=\"\(link)\""), "no target for \(link)") }
    // A counterexample that names a frame marks it.
    let onScreen = try String(
      contentsOf: report.directory.appendingPathComponent("counterexample-edge-dock.published-on-screen.svg"),
      encoding: .utf8)
    #expect(onScreen.contains("breaks here"))
    for section in ["trajectories", "dock-maps", "motion", "invariants", "cost"] {
      #expect(html.contains("<section id=\"\(section)\">"))
    }
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
    // Verified with a spring, which edge-dock.published starts from rest: a velocity hitch.
    let verify = try cli.run([
      "verify", "--format", "json", "--examples", "20", "--algorithm", "edge-dock.published",
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
    // verified with, and its counterexamples drawn.
    #expect(matches(#"<th scope="row">"#, in: html, group: 0).count == 1)
    #expect(html.contains(#"<th scope="row">edge-dock.published with spring(damping:1,response:0.4)</th>"#))
    let prefix = "counterexample-edge-dock.published_with_spring_damping_1_response_0.4_-"
    let drawings = try FileManager.default.contentsOfDirectory(atPath: output.path)
      .filter { $0.hasPrefix(prefix) }
    #expect(drawings.count >= 4)
    // Every ✗ links to a drawing, and the drawings are made with the motion verified with.
    let crosses = html.components(separatedBy: "✗</a>").count - 1
    #expect(crosses == drawings.count)
    let hitch = try String(
      contentsOf: output.appendingPathComponent(prefix + "velocity-continuous.svg"),
      encoding: .utf8)
    #expect(hitch.contains("spring(damping:1,response:0.4)"))
    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("cost-frame.svg").path))
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
    "headless Chromium renders the page: not blank, every picture loaded, no errors",
    .enabled(
      if: chromium != nil || browserRequired,
      "needs chromium, chromium-browser or google-chrome on PATH"))
  func browserRenders() throws {
    let chromium = try #require(
      Self.chromium,
      "SNAPLAB_REQUIRE_BROWSER=1 but no chromium, chromium-browser or google-chrome on PATH")
    let report = try #require(Self.report)
    let directory = report.directory
    // A copy of the page with a checker the report itself never carries: it lists pictures
    // that failed to load or are blank (under 1% of their pixels not white, each drawn on a
    // canvas), script and console errors, and writes them into the page for --dump-dom.
    var page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    let checker = """
      <script>
      var problems = [];
      console.error = function () { problems.push('console: ' + Array.prototype.join.call(arguments, ' ')); };
      window.addEventListener('error', function (e) { problems.push('error: ' + (e.message || (e.target && e.target.src))); }, true);
      window.addEventListener('load', function () {
        var inked = 0;
        Array.prototype.forEach.call(document.images, function (image) {
          var src = image.getAttribute('src');
          if (!image.complete || image.naturalWidth === 0) { problems.push('not loaded: ' + src); return; }
          try {
            var c = document.createElement('canvas'); c.width = image.naturalWidth; c.height = image.naturalHeight;
            var g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); g.drawImage(image, 0, 0);
            var d = g.getImageData(0, 0, c.width, c.height).data, ink = 0;
            for (var i = 0; i < d.length; i += 4) { if (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235) ink++; }
            if (ink / (c.width * c.height) < 0.01) { problems.push('blank: ' + src); } else { inked++; }
          } catch (e) { problems.push('pixels of ' + src + ': ' + e.message); }
        });
        var out = document.createElement('pre'); out.id = 'snaplab-check';
        out.textContent = 'images=' + document.images.length + ';inked=' + inked + ';problems=' + JSON.stringify(problems);
        document.body.appendChild(out);
      });
      </script>
      """
    page = page.replacingOccurrences(of: "</head>", with: checker + "\n</head>")
    let checked = directory.appendingPathComponent("check.html")
    try page.write(to: checked, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: checked) }
    let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files"]
    let dom = try shell(chromium, flags + ["--virtual-time-budget=10000", "--dump-dom", checked.absoluteString])
    let verdict = try #require(
      matches(#"images=(\d+);inked=(\d+);problems=(\[.*?\])"#, in: dom.stdout, group: 0).first,
      "no check output")
    #expect(verdict.contains("problems=[]"), "\(verdict)")
    let loaded = Int(matches(#"images=(\d+)"#, in: verdict).first ?? "0") ?? 0
    let inked = Int(matches(#"inked=(\d+)"#, in: verdict).first ?? "0") ?? 0
    #expect(loaded >= 60 && inked == loaded, "\(verdict)")
    // The screenshot of the real page is not blank: count the pixels that are not white.
    let shot = directory.appendingPathComponent("shot.png")
    _ = try shell(chromium, flags + ["--window-size=1400,2400", "--screenshot=\(shot.path)", directory.appendingPathComponent("index.html").absoluteString])
    let ink = try shell("/usr/bin/env", ["python3", "-c", Self.inkScript, shot.path])
    let share = Double(ink.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(share > 0.02, "only \(share) of the screenshot is not white")
  }

  /// Prints the share of a PNG's pixels that are not white (PNG decoding with the standard
  /// library only: zlib and the five row filters).
  static let inkScript = """
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    pos, idat, w, h, ct = 8, b'', 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos+8]); body = data[pos+8:pos+8+n]; pos += 12 + n
        if kind == b'IHDR': w, h, depth, ct = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT': idat += body
    bpp = {2: 3, 6: 4}[ct]; raw = zlib.decompress(idat); stride = w * bpp
    prev = bytearray(stride); ink = 0; i = 0
    for y in range(h):
        f = raw[i]; row = bytearray(raw[i+1:i+1+stride]); i += 1 + stride
        for x in range(stride):
            a = row[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
            if f == 1: row[x] = (row[x] + a) & 255
            elif f == 2: row[x] = (row[x] + b) & 255
            elif f == 3: row[x] = (row[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        ink += sum(1 for x in range(0, stride, bpp) if row[x] < 245 or row[x+1] < 245 or row[x+2] < 245)
        prev = row
    print(ink / float(w * h))
    """

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
