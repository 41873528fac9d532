import Foundation
import SnapAlgorithms
import SnapCheck
import Testing

@testable import SnapVerification

/// A simulation carried on after the item rests (`SimulationRun.append(_:after:)`) is the
/// simulation of the longer gesture: verification's idempotent check taps the resting item that
/// way instead of simulating the scenario twice, so the two must agree frame for frame.
@Suite("Simulations carried on")
struct SimulationRunTests {
  static let algorithms = AlgorithmCatalogue.ids

  @Test("a tap appended after the rest gives the frames, rest and touches of the whole gesture", arguments: algorithms)
  func continuationIsTheWholeRun(id: String) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: id))
    try continuation(of: algorithm)
  }

  func continuation<Algorithm: SnapAlgorithm>(of algorithm: Algorithm) throws {
    let generator = ScenarioGenerators.scenarios(for: algorithm)
    var compared = 0
    for seed in UInt64(1)...60 {
      let scenario = try #require(generator.example(seed: seed))
      let simulator = Simulator(environment: scenario.environment, itemSize: scenario.itemSize)
      var simulation = simulator.start(algorithm, gesture: scenario.gesture)
      let first = simulation.runToRest()
      #expect(first == scenario.simulate(algorithm), "seed \(seed): the first run is run(_:gesture:)")
      guard !scenario.gesture.events.isEmpty, let end = first.frames.last?.time, end.isFinite else {
        continue
      }
      let point = CGPoint(x: first.rest.midX, y: first.rest.midY)
      guard point.x.isFinite, point.y.isFinite else { continue }
      // As idempotent taps: 0.1 s after the last frame.
      let tap = TouchGesture.tap(at: point, start: point)
      let lastTouch = scenario.gesture.events.last?.time ?? 0
      let gap = lastTouch.isFinite ? max(0.1, end + 0.1 - lastTouch) : 0.1
      simulation.append(tap.events, after: gap)
      let second = simulation.runToRest()
      let whole = simulator.run(algorithm, gesture: scenario.gesture.followed(by: tap, after: gap))
      #expect(first.frames + second.frames == whole.frames, "seed \(seed)")
      #expect(second.rest == whole.rest, "seed \(seed)")
      #expect(second.touches == whole.touches, "seed \(seed)")
      #expect(second.releaseCenter == whole.releaseCenter, "seed \(seed)")
      #expect(second.isTruncated == whole.isTruncated, "seed \(seed)")
      compared += 1
    }
    #expect(compared >= 30, "\(algorithm.id): \(compared) continuations compared")
  }

  @Test("an interaction sequence simulated as it is played gives the trajectory of the whole gesture", arguments: algorithms)
  func recordedAsPlayed(id: String) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: id))
    try recorded(algorithm)
  }

  /// `verify` simulates an interaction sequence while it plays it (the frames before each step
  /// that looks at the screen, then the rest): that must be `run(_:gesture:)` of the finished
  /// gesture, frame for frame.
  func recorded<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm) throws {
    let sequences = commandSequences(ScenarioGenerators.InteractionMachine(), maximumLength: 8)
    var looked = 0
    for seed in UInt64(1)...40 {
      let commands = try #require(sequences.example(seed: seed))
      var (scenario, simulation) = ScenarioGenerators.playing(commands, with: algorithm)
      looked += simulation.gesture.events.isEmpty ? 0 : 1
      let trajectory = simulation.runToRest()
      #expect(trajectory == scenario.simulate(algorithm), "seed \(seed): \(commands)")
    }
    #expect(looked >= 30, "\(algorithm.id): \(looked) sequences with touches")
  }

  @Test("frames shown before a step and the session it sees are those of the whole run")
  func framesBeforeAStep() throws {
    let environment = DeviceProfile.standard.environment()
    let drag = TouchGesture.drag(
      from: CGPoint(x: 200, y: 400), to: CGPoint(x: 100, y: 300), duration: 0.5, touchRate: 60)
    let simulator = Simulator(environment: environment)
    var simulation = simulator.start(
      EdgeDockCorrected(), gesture: TouchGesture(start: drag.start, events: []))
    // Nothing is shown before the first touch.
    simulation.showFrames(before: 10)
    for (index, event) in drag.events.enumerated() {
      simulation.showFrames(before: event.time)
      // What a finger landing now would see: every event so far delivered.
      var replay = DragSimulation(
        algorithm: EdgeDockCorrected(), environment: environment, center: drag.start,
        itemSize: Simulator.defaultItemSize)
      for earlier in drag.events[..<index] { replay.receive(earlier) }
      #expect(simulation.current.view == replay.view, "at t = \(event.time)")
      simulation.record(event)
    }
    let whole = simulator.run(EdgeDockCorrected(), gesture: drag)
    let recorded = simulation.runToRest()
    #expect(recorded == whole)
    #expect(whole.frames.count > 30)
  }

  @Test("a continuation of a run cut short by the frame limit delivers its events without frames")
  func truncatedContinuation() {
    let environment = DeviceProfile.standard.environment()
    let drag = TouchGesture.drag(
      from: CGPoint(x: 200, y: 400), to: CGPoint(x: 100, y: 300), duration: 0.5, touchRate: 60)
    let simulator = Simulator(environment: environment, frameLimit: 5)
    var simulation = simulator.start(EdgeDockCorrected(), gesture: drag)
    let first = simulation.runToRest()
    #expect(first.isTruncated && first.frames.count == 5)
    let tap = TouchGesture.tap(at: CGPoint(x: first.rest.midX, y: first.rest.midY))
    simulation.append(tap.events, after: 0.1)
    let second = simulation.runToRest()
    let whole = simulator.run(EdgeDockCorrected(), gesture: drag.followed(by: tap, after: 0.1))
    #expect(second.frames.isEmpty && second.isTruncated)
    #expect(second.rest == whole.rest && whole.frames.count == 5)
  }
}
