import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

#if canImport(XCTest) && canImport(ObjectiveC)
  import XCTest
#endif

/// The files a failing mechanism is attached with: its lead's counterexample as a gesture file,
/// which `trace --gesture` replays, and a picture of it. Under Swift Testing they are test
/// attachments (`swift test --attachments-path <dir>` saves them; Xcode shows them in the test
/// report); under XCTest on Apple platforms, `XCTAttachment`s of an activity; elsewhere they
/// are written to `$TMPDIR/snaplab-counterexamples/`.
package enum CounterexampleAttachments {
  /// Attaches `group`'s lead counterexample (gesture file and picture) as `<stem>.json` and
  /// `<stem>.svg`, and returns the gesture file's name, or its path where it was written to a
  /// directory; `nil` when it could be neither.
  @discardableResult
  package static func record(
    _ group: FindingGroup, stem: String, sourceLocation: SourceLocation
  ) -> String? {
    let cause = group.lead.cause
    let gesture = Array(cause.counterexample.gesture.jsonText().utf8)
    let svg = Array(picture(cause).utf8)
    if Test.current != nil {
      #if compiler(>=6.2)
        Attachment.record(gesture, named: stem + ".json", sourceLocation: sourceLocation)
        Attachment.record(svg, named: stem + ".svg", sourceLocation: sourceLocation)
        return stem + ".json"
      #endif
    }
    #if canImport(XCTest) && canImport(ObjectiveC)
      // XCTest's activities belong to the main thread's test.
      if Thread.isMainThread, #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        MainActor.assumeIsolated {
          XCTContext.runActivity(named: "Counterexample \(stem)") { activity in
            let json = XCTAttachment(data: Data(gesture), uniformTypeIdentifier: "public.json")
            json.name = stem + ".json"
            json.lifetime = .keepAlways
            activity.add(json)
            let image = XCTAttachment(data: Data(svg), uniformTypeIdentifier: "public.svg-image")
            image.name = stem + ".svg"
            image.lifetime = .keepAlways
            activity.add(image)
          }
        }
        return stem + ".json"
      }
    #endif
    return written(gesture, svg, stem: stem)
  }

  /// Writes the two files to `$TMPDIR/snaplab-counterexamples/`, each whole (a temporary file
  /// renamed into place), and returns the gesture file's path.
  package static func written(_ gesture: [UInt8], _ svg: [UInt8], stem: String) -> String? {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-counterexamples", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent(stem + ".json")
      try Data(gesture).write(to: file, options: .atomic)
      try Data(svg).write(to: directory.appendingPathComponent(stem + ".svg"), options: .atomic)
      return file.path
    } catch {
      return nil
    }
  }

  /// `<test>-<algorithm>-<what>`: the test's name, the algorithm and the mechanism (what hides
  /// it, or its situation, and the harm), with only letters, digits, `.` and `-` — the same
  /// name for the same mechanism in every run.
  package static func fileStem(_ group: FindingGroup, testName: String) -> String {
    let test = testName.prefix { $0 != "(" }
    let what = group.cover?.rawValue ?? group.lead.cause.causeClass.rawValue
    let raw = "\(test)-\(group.lead.finding.algorithm)-\(what)-"
      + group.lead.cause.violation.defect.harm.rawValue
      + (group.lead.cause.severity == .polish ? "-polish" : "")
    return String(raw.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
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
