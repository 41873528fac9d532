import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

/// What the property tester finds on the four published variants, asserted both ways: an
/// invariant that holds must keep holding, and a known violation must keep being found within
/// the default budget, shrunk to a readable counterexample that replays — so a weaker generator
/// or shrinker cannot pass unnoticed.
@Suite("Findings on the published variants")
struct PublishedFindingsTests {
  /// The default budget of `snap-bench verify` and its default seed.
  static let examples = 200
  static let seed: UInt64 = 1

  /// The invariants each published variant breaks at the default budget and seed. Each finding
  /// is pinned by what it shows — the invariant, a readable smallest counterexample (few touch
  /// events and container changes), the words of its violation, and a
  /// replay through a gesture file that breaks it again — not by the exact counterexample, which
  /// any change to the generators rewrites.
  static let violated: [String: Set<Invariant>] = [
    // tracks-finger: under an opaque navigation bar a rotation with the finger down moves the
    // superview (its top from 103 to 32 pt on an iPhone 15) and the item with it, away from
    // the still finger, until the next move re-seats it.
    "per-axis-clamp.published": [.onScreen, .inSafeArea, .tracksFinger, .resizeSafe, .catchable],
    "edge-dock.published": [
      .onScreen, .inSafeArea, .docked, .nearestEdge, .tracksFinger, .cancelSafe, .resizeSafe,
      .catchable, .tapIsNotDrag,
    ],
    "forced-boundary-end.published": [
      .onScreen, .inSafeArea, .docked, .nearestEdge, .tracksFinger, .cancelSafe, .resizeSafe,
      .catchable,
    ],
    "inset-correction.published": [
      .onScreen, .inSafeArea, .docked, .nearestEdge, .tracksFinger, .cancelSafe, .resizeSafe,
      .catchable,
    ],
  ]

  /// How small a counterexample must have shrunk: touch events and container changes.
  static let maximumEvents = 8
  static let maximumChanges = 2

  /// Words each invariant's violation says.
  static let wording: [Invariant: String] = [
    .onScreen: "outside the container", .inSafeArea: "outside the safe region",
    .docked: "docked means", .cancelSafe: "docked means", .nearestEdge: "it rests on the",
    .tracksFinger: "puts the grabbed point", .resizeSafe: "after the container changed",
    .catchable: "touch at", .tapIsNotDrag: "on the item resting at",
  ]

  /// The invariants that hold for each variant; the rest of `Invariant.checked` are either
  /// violated (above) or not applicable (`—`: the variant does not dock, its motion is a timing
  /// curve, which has no velocity to hand over, or its item has no action).
  static let holds: [String: [String]] = [
    "per-axis-clamp.published": [
      "idempotent",
      "settles",
      "finite",
      "bounded-frame-cost",
    ],
    "edge-dock.published": [
      "idempotent",
      "settles",
      "finite",
      "bounded-frame-cost",
    ],
    "forced-boundary-end.published": [
      "idempotent", "settles", "finite", "bounded-frame-cost", "tap-is-not-drag",
    ],
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
    if Self.violated[algorithmID, default: []].contains(invariant) {
      #expect(finding.status == .violated, "the tester no longer finds \(key)")
      let scenario = try #require(finding.counterexample)
      #expect(scenario.gesture.events.count <= Self.maximumEvents, "\(scenario)")
      #expect(scenario.gesture.containerChanges.count <= Self.maximumChanges, "\(scenario)")
      let words = try #require(Self.wording[invariant])
      #expect(finding.violation?.contains(words) == true, "\(finding.violation ?? "")")
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

  /// Every invariant's finding for each variant, from one verify run per variant (each scenario
  /// simulated once), shared by the variant's fourteen cases.
  static let shared = SharedResults<[Finding]>()

  func run<A: SnapAlgorithm>(_ algorithm: A, _ invariant: Invariant) -> Finding {
    let findings = Self.shared.value(algorithm.id) {
      verify(algorithm, examples: Self.examples, seed: Self.seed)
    }
    return findings.first { $0.invariant == invariant }!
  }

  func check<A: SnapAlgorithm>(_ algorithm: A, _ invariant: Invariant, _ scenario: Scenario) -> Verdict {
    invariant.check(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
  }
}
