import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// What the property tester finds on the four published variants, asserted both ways: an
/// invariant that holds must keep holding, and a known violation must keep being found within
/// the default budget — with the same smallest counterexample, so a weaker generator or
/// shrinker cannot pass unnoticed.
@Suite("Findings on the published variants")
struct PublishedFindingsTests {
  /// The default budget of `snap-bench verify` and its default seed.
  static let examples = 200
  static let seed: UInt64 = 1

  /// Every violation and its smallest counterexample, as `Scenario.description` prints it.
  static let violations: [Pair: String] = [
    Pair("per-axis-clamp.published", "on-screen"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 364), ended t=0.033 (30, 364), then at t=0.017 the container becomes iPhone 15 (landscape)",
    Pair("per-axis-clamp.published", "in-safe-area"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), ended t=0.017 (30, 133), then at t=0 the container becomes iPhone 15 (landscape)",
    Pair("per-axis-clamp.published", "resize-safe"):
      "iPhone 15, no navigation bar, item 60x60; start (30, 89); began t=0 (30, 89), ended t=0.017 (30, 89), then at t=0.001 the container becomes iPhone 15",
    Pair("edge-dock.published", "on-screen"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (29, 133), ended t=0.033 (29, 133)",
    Pair("edge-dock.published", "in-safe-area"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), ended t=0.017 (30, 133), then at t=0 the container becomes iPhone 15 (landscape)",
    Pair("edge-dock.published", "docked"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (31, 133), ended t=0.033 (31, 133)",
    Pair("edge-dock.published", "nearest-edge"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (100, 133), ended t=0.033 (100, 133), then at t=0 the container becomes iPhone 15, window 197 pt wide",
    Pair("edge-dock.published", "cancel-safe"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (31, 133), cancelled t=0.033 (31, 133)",
    Pair("edge-dock.published", "resize-safe"):
      "iPhone 15, item 60x60; start (31, 133); began t=0 (31, 133), ended t=0.017 (31, 133), then at t=0.001 the container becomes iPhone 15",
    Pair("forced-boundary-end.published", "on-screen"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 253.5), moved t=0.033 (30, 374), ended t=0.05 (30, 374), then at t=0 the container becomes iPhone 15 (landscape)",
    Pair("forced-boundary-end.published", "in-safe-area"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), ended t=0.017 (30, 133), then at t=0 the container becomes iPhone 15 (landscape)",
    Pair("forced-boundary-end.published", "docked"):
      "iPhone 15, item 20x20; start (10, 113); began t=0 (10, 113), moved t=0.017 (10, 123), ended t=0.033 (10, 123)",
    Pair("forced-boundary-end.published", "nearest-edge"):
      "iPhone 15, item 60x60; start (58, 133); began t=0 (58, 133), moved t=0.017 (100.5, 133), moved t=0.033 (143, 133), ended t=0.05 (143, 133), then at t=0 the container becomes iPhone 15, window 263 pt wide",
    Pair("forced-boundary-end.published", "tracks-finger"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 143), ended t=0.033 (30, 143)",
    Pair("forced-boundary-end.published", "cancel-safe"):
      "iPhone 15, item 20x20; start (10, 113); began t=0 (10, 113), moved t=0.017 (10, 123), moved t=0.033 (10, 133), cancelled t=0.05 (10, 133)",
    Pair("forced-boundary-end.published", "resize-safe"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), ended t=0.017 (30, 133), then at t=0.001 the container becomes iPhone 15",
    Pair("inset-correction.published", "on-screen"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 143), ended t=0.033 (30, 143)",
    Pair("inset-correction.published", "in-safe-area"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), ended t=0.017 (30, 133), then at t=0 the container becomes iPhone 15 (landscape)",
    Pair("inset-correction.published", "docked"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 143), ended t=0.033 (30, 143)",
    Pair("inset-correction.published", "nearest-edge"):
      "iPhone 15, item 60x60; start (198, 133); began t=0 (198, 133), moved t=0.017 (198, 143), ended t=0.033 (198, 143)",
    Pair("inset-correction.published", "tracks-finger"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (30, 143), ended t=0.033 (30, 143)",
    Pair("inset-correction.published", "cancel-safe"):
      "iPhone 15, item 60x60; start (30, 133); began t=0 (30, 133), moved t=0.017 (41, 133), cancelled t=0.033 (41, 133)",
    Pair("inset-correction.published", "resize-safe"):
      "iPhone 15, item 60x60; start (31, 133); began t=0 (31, 133), ended t=0.017 (31, 133), then at t=0.001 the container becomes iPhone 15",
  ]

  /// The invariants that hold for each variant; the rest of `Invariant.checked` are either
  /// violated (above) or not applicable (`—`: the variant does not dock, or its motion is a
  /// timing curve, which has no velocity to hand over).
  static let holds: [String: [String]] = [
    "per-axis-clamp.published": [
      "idempotent",
      "tracks-finger",
      "settles",
      "finite",
      "bounded-frame-cost",
    ],
    "edge-dock.published": [
      "idempotent",
      "tracks-finger",
      "settles",
      "finite",
      "bounded-frame-cost",
    ],
    "forced-boundary-end.published": ["idempotent", "settles", "finite", "bounded-frame-cost"],
    "inset-correction.published": ["idempotent", "settles", "finite", "bounded-frame-cost"],
  ]

  struct Pair: Hashable {
    var algorithm: String
    var invariant: String
    init(_ algorithm: String, _ invariant: String) {
      self.algorithm = algorithm
      self.invariant = invariant
    }
  }

  static var cases: [(String, Invariant)] {
    AlgorithmCatalogue.ids.filter { $0.hasSuffix(".published") }.flatMap { id in
      Invariant.checked.map { (id, $0) }
    }
  }

  @Test("each published variant and invariant: holds, violated as recorded, or not applicable",
    arguments: cases)
  func finding(algorithmID: String, invariant: Invariant) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: algorithmID))
    let finding = run(algorithm, invariant)
    let key = Pair(algorithmID, invariant.rawValue)
    if let expected = Self.violations[key] {
      #expect(finding.status == .violated, "the tester no longer finds \(key)")
      let scenario = try #require(finding.counterexample)
      #expect(scenario.description == expected)
      // The counterexample, written to a gesture file and read back as `trace` reads it,
      // replays to the same violation.
      let replayed = Scenario(
        device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
        itemSize: scenario.itemSize,
        gesture: try Gesture(json: Data(scenario.gesture.jsonText().utf8)))
      let verdict = check(algorithm, invariant, replayed)
      #expect(verdict == finding.evidence.map(Verdict.violated))
    } else if Self.holds[algorithmID, default: []].contains(invariant.rawValue) {
      #expect(finding.status == .holds, "\(finding.violation ?? "") in \(String(describing: finding.counterexample))")
      #expect(finding.examplesRun >= Self.examples)
    } else {
      #expect(finding.status == .notApplicable)
    }
  }

  func run<A: SnapAlgorithm>(_ algorithm: A, _ invariant: Invariant) -> Finding {
    verify(algorithm, invariant, examples: Self.examples, seed: Self.seed)
  }

  func check<A: SnapAlgorithm>(_ algorithm: A, _ invariant: Invariant, _ scenario: Scenario) -> Verdict {
    invariant.check(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
  }
}
