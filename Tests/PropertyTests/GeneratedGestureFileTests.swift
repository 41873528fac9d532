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

}
