import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

@Suite("Gesture files")
struct GestureFileTests {
  @Test("a gesture round-trips through its file format")
  func roundTrip() throws {
    let gesture = TouchGesture.drag(
      from: CGPoint(x: 300, y: 300), to: CGPoint(x: 120.5, y: 80), duration: 0.1)
    let read = try TouchGesture(json: Data(gesture.jsonText().utf8))
    #expect(read == gesture)
  }

  @Test(
    "bad files are rejected with the path of what is wrong",
    arguments: [
      ("not json", "not valid JSON"),
      (#"{"start": {"x": 1, "y": 2}, "events": []}"#, "version is missing"),
      (#"{"version": 2, "start": {"x": 1, "y": 2}, "events": []}"#, "version: 2 is not supported"),
      (#"{"version": 1, "events": []}"#, "start is missing"),
      (#"{"version": 1, "start": {"x": "a", "y": 2}, "events": []}"#, "start.x: expected a number"),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "tap", "x": 1, "y": 2}]}"#,
        "events[0].phase: 'tap' is not one of began, moved, ended, cancelled"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "moved", "x": 1, "y": 2}]}"#,
        "events[0].phase: 'moved' before any 'began'; a touch starts with 'began'"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "began", "x": 1, "y": 2}, {"t": 0.1, "phase": "ended", "x": 1, "y": 2}, {"t": 0.2, "phase": "moved", "x": 1, "y": 2}]}"#,
        "events[2].phase: 'moved' after the lift at events[1]; a touch starts with 'began'"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "began", "x": 1, "y": 2}, {"t": 0.1, "phase": "began", "x": 1, "y": 2}]}"#,
        "events[1].phase: 'began' while the finger is down since events[0]"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "safeArea": {"top": 47, "left": -10, "bottom": 34, "right": 0}}]}"#,
        "container[0].safeArea.left: -10 is negative"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": -390, "height": 844}]}"#,
        "container[0].width: -390 is negative"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "tabBar": -49}]}"#,
        "container[0].tabBar: -49 is negative"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "keyboard": {"x": 0, "y": 500, "width": 390, "height": -1}}]}"#,
        "container[0].keyboard.height: -1 is negative"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "refreshRate": 0}]}"#,
        "container[0].refreshRate: 0 Hz is outside 1…480 Hz"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "refreshRate": -60}]}"#,
        "container[0].refreshRate: -60 Hz is outside 1…480 Hz"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 0, "width": 390, "height": 844, "refreshRate": 60.5}]}"#,
        "container[0].refreshRate: expected a whole number"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [], "container": [{"t": 1, "width": 390, "height": 844}, {"t": 0, "width": 844, "height": 390}]}"#,
        "container[1].t: time goes backwards"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "began", "x": 1e400, "y": 2}]}"#,
        "1e400 is too large to represent"
      ),
      (
        #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 0, "phase": "began", "y": 2}]}"#,
        "events[0].x is missing"
      ),
    ])
  func rejects(text: String, message: String) {
    #expect {
      _ = try TouchGesture(json: Data(text.utf8))
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}

extension GestureFileTests {
  @Test("container changes round-trip through the gesture file")
  func containerRoundTrip() throws {
    let landscape = try #require(DeviceProfile.named("iPhone X")).environment(
      .landscape, bars: .init(navigationBar: true, tabBar: false, keyboard: true))
    var gesture = TouchGesture.tap(at: CGPoint(x: 10, y: 20))
    gesture.containerChanges = [ContainerChange(time: 0.05, environment: landscape)]
    let read = try TouchGesture(json: Data(gesture.jsonText().utf8))
    #expect(read == gesture)
  }
}

extension GestureFileTests {
  @Test("an event whose time goes backwards or is not a number is read, as hostile input")
  func hostileTimesAreRead() throws {
    let text = #"{"version": 1, "start": {"x": 1, "y": 2}, "events": [{"t": 1, "phase": "began", "x": 1, "y": 2}, {"t": 0.5, "phase": "moved", "x": null, "y": 2}, {"t": null, "phase": "ended", "x": 1, "y": 2}]}"#
    let gesture = try TouchGesture(json: Data(text.utf8))
    #expect(gesture.events.map(\.time).prefix(2) == [1, 0.5])
    #expect(gesture.events[2].time.isNaN)
    #expect(gesture.events[1].location.x.isNaN)
  }
}
