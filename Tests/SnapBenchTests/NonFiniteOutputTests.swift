import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

@testable import SnapBench

/// Nothing SnapLab prints or draws reads `nan` or `inf`: a value that is not a number is said
/// in words, and a shape that cannot be drawn where it is, is drawn clipped with a note.
@Suite("No nan or inf in what is printed or drawn")
struct NonFiniteOutputTests {
  /// `nan`, `inf`, `-inf` as words of their own, in any case, as Swift and C print them.
  static func printsNonFinite(_ text: String) -> Bool {
    text.range(of: #"(?i)(^|[^a-z])(-?nan|-?inf)([^a-z]|$)"#, options: .regularExpression) != nil
  }

  /// Loses the item at the lift: its centre becomes not a number.
  struct Loser: SnapAlgorithm {
    var id = "test.loser"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { nil }

    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = CGPoint(x: .nan, y: CGFloat.infinity)
    }
  }

  @Test("a number that is not finite is said in words")
  func words() {
    #expect(describeNumber(Double.nan) == "not a number")
    #expect(describeNumber(Double.infinity) == "∞")
    #expect(describeNumber(-Double.infinity) == "−∞")
    #expect(describeNumber(-0.5) == "-0.5")
  }

  @Test("the finite invariant says where the item went in words, not as a raw CGRect")
  func finiteViolation() throws {
    let finding = verify(Loser(), .finite, examples: 20, seed: 1)
    #expect(finding.status == .violated)
    let violation = try #require(finding.violation)
    #expect(violation.contains("not a number"), "\(violation)")
    #expect(!violation.contains("CGRect"), "\(violation)")
    #expect(!Self.printsNonFinite(violation), "\(violation)")
    #expect(!Self.printsNonFinite(finding.replayCommand))
  }

  @Test("SVG coordinates are finite and bounded; a picture with a clipped shape says so")
  func svgClipping() {
    #expect(SVG.number(1e308) == "100000")
    #expect(SVG.number(-.infinity) == "-100000")
    #expect(SVG.number(.nan) == "0")
    #expect(SVG.number(12.345) == "12.35")
    var plain = SVG(width: 100, height: 100, title: "plain")
    plain.circle(x: 50, y: 50, r: 3, fill: "#000000")
    #expect(!plain.clipped)
    #expect(!plain.document.contains("Clipped"))
    for (x, y) in [(Double.nan, 1.0), (1, .infinity), (-.infinity, 1), (-.greatestFiniteMagnitude, 1), (3e5, 1)] {
      var svg = SVG(width: 100, height: 100, title: "clipped")
      svg.circle(x: x, y: y, r: 3, fill: "#000000")
      svg.polyline([(0, 0), (x, y)], stroke: "#000000")
      #expect(svg.clipped)
      #expect(svg.document.contains("Clipped"))
      #expect(!Self.printsNonFinite(svg.document))
    }
  }

  @Test("a counterexample with an item of −5 × 1e308 and a touch at infinity is drawn clipped")
  func hostileCounterexample() throws {
    var gesture = TouchGesture.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 20, y: 200), duration: 0.1)
    gesture.events[2].location.x = .infinity
    let scenario = Scenario(
      device: DeviceProfile.standard, orientation: .portrait, bars: .init(navigationBar: true, tabBar: true, keyboard: false),
      itemSize: CGSize(width: -5, height: 1e308), gesture: gesture)
    let finding = Finding(
      algorithm: "edge-dock.published", motion: nil, invariant: .onScreen, status: .violated,
      examplesRun: 1, counterexample: scenario, violation: "rest frame is outside")
    // Through the verify file, as `report --verify` reads it.
    let report = VerificationReport(seed: 1, examples: 1, findings: [finding])
    let read = try VerificationReport(json: Data(report.jsonText().utf8))
    var page = ReportPage(
      device: DeviceProfile.standard, orientation: .portrait, keyboard: false, tool: try Tool(name: "snap-bench", adding: []))
    page.addMatrix(read.rows, source: "test")
    let drawn = page.files.filter { $0.0.hasPrefix("counterexample-") }
    #expect(!drawn.isEmpty)
    for (name, svg) in drawn {
      #expect(!Self.printsNonFinite(svg.document), "\(name)")
      #expect(svg.document.contains("Clipped"), "\(name)")
    }
    #expect(!Self.printsNonFinite(page.html))
  }
}
