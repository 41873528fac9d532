import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// The files a failing cause is attached with, under Swift Testing: its counterexample's gesture
/// file, which `trace --gesture` replays, and a picture of it. `swift test
/// --attachments-path <dir>` saves them (Xcode shows them in the test report).
package enum CounterexampleAttachments {
  /// Attaches `cause`'s gesture file and picture to the running test.
  package static func record(_ finding: Finding, cause: Finding.Cause, sourceLocation: SourceLocation) {
    guard Test.current != nil else { return }
    let stem = fileStem(finding, cause)
    Attachment.record(
      Array(cause.counterexample.gesture.jsonText().utf8), named: stem + ".json",
      sourceLocation: sourceLocation)
    Attachment.record(
      Array(picture(cause).utf8), named: stem + ".svg", sourceLocation: sourceLocation)
  }

  /// `<algorithm>-<invariant>-<cause>`, with only letters, digits, `.` and `-`.
  package static func fileStem(_ finding: Finding, _ cause: Finding.Cause) -> String {
    let raw = "\(finding.algorithm)-\(finding.invariant.rawValue)-\(cause.causeClass.rawValue)"
    return String(raw.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
  }

  /// The counterexample drawn to scale: the window (grey), its safe region (dashed), the
  /// keyboard, the finger's path (blue, a dot where it lands), the item where it starts (outline)
  /// and where the violation has it (vermillion), with the violation in words below.
  package static func picture(_ cause: Finding.Cause) -> String {
    let scenario = cause.counterexample
    // The container as it is when the violation happens (the keyboard up, the phone turned):
    // at its frame, or at rest, after every change.
    let environment = scenario.environment(at: cause.violation.time ?? .greatestFiniteMagnitude)
    let screen = environment.screenBounds
    let margin = 12.0
    let captionHeight = 58.0
    let width = Double(screen.width) + 2 * margin
    let height = Double(screen.height) + 2 * margin + captionHeight
    func n(_ value: CGFloat) -> String { n(Double(value)) }
    func n(_ value: Double) -> String {
      guard value.isFinite else { return "0" }
      return String(format: "%.1f", min(max(value, -100_000), 100_000))
    }
    func rect(_ r: CGRect, _ style: String) -> String {
      guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return "" }
      return "<rect x=\"\(n(r.minX + margin))\" y=\"\(n(r.minY + margin))\" width=\"\(n(max(r.width, 0)))\" "
        + "height=\"\(n(max(r.height, 0)))\" \(style)/>"
    }
    var shapes: [String] = []
    shapes.append(rect(screen, "fill=\"#f2f2f2\" stroke=\"#888888\""))
    shapes.append(rect(environment.bounds, "fill=\"#ffffff\" stroke=\"#bbbbbb\""))
    shapes.append(rect(environment.safeRegion, "fill=\"none\" stroke=\"#0072b2\" stroke-dasharray=\"4 3\""))
    if let keyboard = environment.keyboardFrame {
      shapes.append(rect(keyboard, "fill=\"#dddddd\" stroke=\"#999999\""))
    }
    let start = scenario.gesture.start
    shapes.append(rect(
      CGRect(
        x: start.x - scenario.itemSize.width / 2, y: start.y - scenario.itemSize.height / 2,
        width: scenario.itemSize.width, height: scenario.itemSize.height),
      "fill=\"none\" stroke=\"#555555\""))
    let points = scenario.gesture.events.map { "\(n($0.location.x + margin)),\(n($0.location.y + margin))" }
    if points.count > 1 {
      shapes.append(
        "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#0072b2\" stroke-width=\"2\"/>")
    }
    if let first = scenario.gesture.events.first {
      shapes.append(
        "<circle cx=\"\(n(first.location.x + margin))\" cy=\"\(n(first.location.y + margin))\" r=\"4\" fill=\"#0072b2\"/>")
    }
    if let region = cause.violation.region {
      shapes.append(rect(region, "fill=\"none\" stroke=\"#009e73\" stroke-width=\"1.5\""))
    }
    if let bad = cause.violation.rect {
      shapes.append(rect(bad, "fill=\"#d55e00\" fill-opacity=\"0.35\" stroke=\"#d55e00\" stroke-width=\"2\""))
    }
    let caption = xmlEscaped(
      "\(cause.violation.defect.rawValue) (\(cause.severity.rawValue)), \(cause.violation.magnitude), "
        + (cause.violation.time.map { "t = \(String(format: "%.2f", $0)) s, " } ?? "") + environment.name)
    let key = ["vermillion: the item then; green: where it may be;", "dashed: the safe region; blue: the finger"]
    shapes.append(
      "<text x=\"\(n(margin))\" y=\"\(n(height - captionHeight + 16))\" font-family=\"sans-serif\" "
        + "font-size=\"12\">\(caption)</text>")
    for (index, line) in key.enumerated() {
      shapes.append(
        "<text x=\"\(n(margin))\" y=\"\(n(height - captionHeight + 32 + 13 * Double(index)))\" "
          + "font-family=\"sans-serif\" font-size=\"10\" fill=\"#555555\">\(xmlEscaped(line))</text>")
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
      + "viewBox=\"0 0 \(n(width)) \(n(height))\">\n<title>\(xmlEscaped(cause.violation.message))</title>\n"
      + shapes.filter { !$0.isEmpty }.joined(separator: "\n") + "\n</svg>\n"
  }
}
