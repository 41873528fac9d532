import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// A sentence about a run is made once, with its numbers kept as values, and worded two ways:
/// exactly for the verify file and replay, for a reader on the report's pages. No stage rewrites
/// the other's text.
@Suite("Wording a run: exact and for a reader")
struct WordingTests {
  @Test("a violation's numbers and rectangles are exact in the file and rounded for a reader")
  func violationWording() {
    let time = 1.0 / 60
    let rect = CGRect(x: -30.123456, y: 103, width: 60, height: 60)
    let violation = Violation(
      "rest frame at t = \(time) is \(rect), \(CGFloat(2.5)) pt off", defect: .offScreenAtRest,
      magnitude: .points(2.5))
    #expect(violation.message == "rest frame at t = 0.016666666666666666 is (-30.123456, 103, 60×60), 2.5 pt off")
    #expect(violation.prose.worded(.reader) == "rest frame at t = 0.017 is (-30.123, 103, 60×60), 2.5 pt off")
    #expect(!violation.prose.isVerbatim)
    // Read back from a verify file it is words only, and equal to the one written.
    var read = violation
    read.message = violation.message
    #expect(read.prose.isVerbatim && read == violation)
    #expect(read.prose.worded(.reader) == violation.message)
  }

  @Test("a scenario for a reader: the item's size with ×, rounded places, a phone's test window said as one")
  func scenarioWording() throws {
    let phone = try #require(DeviceProfile.named("iPhone 15"))
    var narrow = phone.environment(.portrait)
    narrow.bounds.size.width = 197
    narrow.name = "iPhone 15 (portrait), window 197 pt wide"
    var gesture = TouchGesture(
      start: CGPoint(x: 30, y: 133),
      events: [TouchEvent(time: 0, phase: .began, location: CGPoint(x: 166.33333333333334, y: 133))])
    gesture.containerChanges = [ContainerChange(time: 1, environment: narrow)]
    let scenario = Scenario(device: phone, gesture: gesture)
    #expect(scenario.description.contains("item 60x60; start (30, 133); began t=0 (166.33333333333334, 133)"))
    #expect(scenario.description.contains("the container becomes iPhone 15 (portrait), window 197 pt wide"))
    let reader = scenario.description(.reader)
    #expect(reader.contains("item 60×60; start (30, 133); began t=0 (166.333, 133)"))
    #expect(reader.contains(
      "the container becomes a test window 197 pt wide on the iPhone 15's screen (iPhones have no "
        + "Split View; the checker tries every width)"))
    // A window the device shows is named as it is.
    #expect(name(of: phone.environment(.landscape), on: phone, .reader) == phone.environment(.landscape).name)
  }
}
