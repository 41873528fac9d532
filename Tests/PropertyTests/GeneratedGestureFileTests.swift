import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

@Suite("Generated gestures as files")
struct GeneratedGestureFileTests {
  /// The property tests' counterexamples replay from their gesture files, hostile ones
  /// included (touches at NaN or infinity, timestamps that are NaN or go backwards).
  @Test("every generated scenario's gesture file reads back as the same gesture")
  func generatedGesturesReadBack() throws {
    var hostile = 0
    for seed in 0..<UInt64(250) {
      let gesture = try #require(ScenarioGenerators.scenarios.example(seed: seed)).gesture
      let text = gesture.jsonText()
      let read = try TouchGesture(json: Data(text.utf8))
      #expect(read.jsonText() == text)
      if gesture.events.contains(where: { !$0.time.isFinite || !$0.location.x.isFinite
        || !$0.location.y.isFinite }) || zip(gesture.events, gesture.events.dropFirst()).contains(where: { $1.time < $0.time })
      {
        hostile += 1
      }
    }
    #expect(hostile >= 5)
  }

  /// A finger that slides on past the screen's edge is reported at the edge (the simulation
  /// delivers it there too): a finite move lies on the screen it was made on.
  @Test("every generated touch that is a real number lies on the screen")
  func generatedTouchesOnTheGlass() throws {
    var atTheEdge = 0
    for seed in 0..<UInt64(250) {
      let scenario = try #require(ScenarioGenerators.scenarios.example(seed: seed))
      let screen = scenario.environment.screenBounds
      guard screen.width > 0, screen.height > 0, scenario.gesture.containerChanges.isEmpty else { continue }
      for event in scenario.gesture.events
      where event.location.x.isFinite && event.location.y.isFinite && abs(event.location.x) < 1e5
        && abs(event.location.y) < 1e5
      {
        #expect(screen.insetBy(dx: -0.001, dy: -0.001).contains(event.location), "seed \(seed): \(event.location)")
        if event.location.x == screen.minX || event.location.x == screen.maxX
          || event.location.y == screen.minY || event.location.y == screen.maxY
        {
          atTheEdge += 1
        }
      }
    }
    // Strokes go on past the edges often: the finger is then at one.
    #expect(atTheEdge > 50)
  }

  /// UIKit reports a touch that moved: a finger that has not moved since it landed (a stroke
  /// of nothing, one held at the screen's edge) sends no event, so no tap sees a move of 0 pt;
  /// once it has moved, its resting samples are reported (they bring the velocity to rest).
  @Test("a finger that has not moved since it landed sends no move")
  func noMoveForAStillFinger() throws {
    var moves = 0
    var restingAfterMoving = 0
    for seed in 0..<UInt64(250) {
      let events = try #require(ScenarioGenerators.scenarios.example(seed: seed)).gesture.events
      guard let landing = events.first else { continue }
      var moved = false
      for event in events.dropFirst() where event.phase == .moved {
        moves += 1
        if event.location == landing.location, !moved {
          Issue.record("seed \(seed): a move of 0 pt from where the finger landed: \(events)")
        }
        if event.location != landing.location { moved = true }
      }
      if zip(events, events.dropFirst()).contains(where: { $0.phase == .moved && $1.phase == .moved && $0.location == $1.location }) {
        restingAfterMoving += 1
      }
    }
    #expect(moves > 1000)
    #expect(restingAfterMoving > 0)
  }

}
