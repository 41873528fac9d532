import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

/// What the property tester finds on the published variants, asserted both ways: an
/// invariant that holds must keep holding, and a known hazard must keep being found within the
/// default budget — under its own defect, each cause shrunk to a readable counterexample of its
/// class that replays — so a weaker generator or shrinker cannot pass unnoticed; and what the
/// docs/HowItWorks.md calls polish (the pan's slop, a point or two) must not be called a hazard.
@Suite("Findings on the published variants")
struct PublishedFindingsTests {
  /// The default budget of `snap-bench verify` and its default seed.
  static let examples = defaultExamples
  static let seed: UInt64 = 1

  /// The hazards each published variant shows at the default budget and seed, by invariant and
  /// the defects among its causes. Each is pinned by what it shows — the defect, a readable
  /// smallest counterexample of its class (few touch events and container changes) and a replay
  /// through a gesture file that shows it again — not by the exact counterexample, which any
  /// change to the generators rewrites.
  static let hazards: [String: [Invariant: Set<Defect>]] = [
    "per-axis-clamp.published": [
      // Clamped to the window: after a rotation it stays where it was, off the screen, and it
      // rests under the bars or the sensor housing.
      .onScreen: [.offScreenAtRest], .inSafeArea: [.outsideSafeArea],
      .resizeSafe: [.outsideSafeArea],
    ],
    "edge-dock.published": [
      .onScreen: [.offScreenAtRest], .inSafeArea: [.outsideSafeArea],
      // A quick drag under 45 pt is a tap to its recogniser: the lift is a cancel, no dock.
      .docked: [.notDocked], .nearestEdge: [.wrongSide], .cancelSafe: [.notDocked],
      .resizeSafe: [.notDocked],
      // A touch during its 0.5 s animation without .allowUserInteraction is ignored.
      .catchable: [.touchIgnored],
      // The tap recogniser fires the action on a drag of up to 45 pt.
      .tapIsNotDrag: [.dragFiresAction],
    ],
    "forced-boundary-end.published": [
      .onScreen: [.offScreenAtRest], .inSafeArea: [.outsideSafeArea], .docked: [.notDocked],
      .nearestEdge: [.wrongSide], .cancelSafe: [.notDocked], .resizeSafe: [.notDocked],
      // It ends a drag as soon as the centre is in its band, where it starts and docks: a
      // drag along the edge from there leaves it put.
      .tracksFinger: [.stuckOnItsEdge],
    ],
    "inset-correction.published": [
      .onScreen: [.offScreenAtRest], .inSafeArea: [.outsideSafeArea], .docked: [.notDocked],
      // The side is chosen by the frame's left edge.
      .nearestEdge: [.wrongSide], .cancelSafe: [.notDocked], .resizeSafe: [.notDocked],
      // A touch during its 0.6 s ease-out is ignored.
      .catchable: [.touchIgnored],
    ],
    "swiftui-dock.published": [
      // The height is never clamped and a flick's predicted end carries it on: off the top.
      .onScreen: [.offScreenAtRest, .offScreenInMotion], .inSafeArea: [.outsideSafeArea],
      // The offset is kept from a corner that moves when the reader changes size.
      .docked: [.notDocked], .resizeSafe: [.outsideSafeArea],
      // A cancel resets the drag offset: back where it was before the drag, undocked.
      .cancelSafe: [.notDocked],
      // The spring in onEnded starts at rest, whatever the finger's speed.
      .velocityContinuous: [.velocityHitch],
      .tracksFinger: [.movesAfterRelease],
      // SwiftUI hit-tests where the layout puts it, not where the spring shows it.
      .catchable: [.touchIgnored],
    ],
  ]

  /// Polish each variant shows at the default budget and seed: found, and never called a hazard.
  static let polish: [String: [Invariant: Set<Defect>]] = [
    // Left partly off the screen by a rotation (on-screen's hazard), it is clamped back into the
    // window by the first move of the next touch: a jump that brings it back is polish.
    "per-axis-clamp.published": [.catchable: [.jumpsWhenCaught]],
    // A tap whose finger jitters a point moves the button that point.
    "edge-dock.published": [.tapIsNotDrag: [.tapMovesIt]],
    // Translation-based pan handlers lag the finger by the recogniser's 10 pt slop.
    "forced-boundary-end.published": [
      .tracksFinger: [.panHysteresisLag], .catchable: [.panHysteresisLag],
    ],
    // Its bar macros carry it back from the edge it was let go near, into a band of their
    // own, further than docking needs: visible and within reach, a glide, not a hazard.
    "inset-correction.published": [
      .tracksFinger: [.panHysteresisLag, .keptClearOfEdge], .catchable: [.panHysteresisLag],
    ],
  ]

  /// How small each invariant's first cause's counterexample must have shrunk, and every other
  /// cause's (shrunk with less effort, and holding a finger still for a while where the defect
  /// needs it): touch events and container changes.
  static let maximumEvents = 16
  static let maximumChanges = 4
  static let maximumEventsOfOtherCauses = 64
  static let maximumChangesOfOtherCauses = 8

  /// The invariants that hold for each variant; the rest of `Invariant.checked` are either
  /// broken (above) or not applicable (`—`: the variant does not dock, its motion is a timing
  /// curve, which has no velocity to hand over, or its item has no action).
  static let holds: [String: [String]] = [
    "per-axis-clamp.published": [
      "idempotent", "tracks-finger", "settles", "finite", "bounded-frame-cost", "catchable",
    ],
    "edge-dock.published": [
      "idempotent", "tracks-finger", "settles", "finite", "bounded-frame-cost",
    ],
    "forced-boundary-end.published": [
      "idempotent", "settles", "finite", "bounded-frame-cost", "catchable", "tap-is-not-drag",
    ],
    "inset-correction.published": [
      "idempotent", "tracks-finger", "settles", "finite", "bounded-frame-cost",
    ],
    "swiftui-dock.published": [
      "nearest-edge", "idempotent", "settles", "finite", "bounded-frame-cost",
    ],
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

  @Test("each published variant and invariant: its hazards and polish as recorded, holds, or not applicable",
    arguments: cases)
  func finding(algorithmID: String, invariant: Invariant) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: algorithmID))
    let finding = run(algorithm, invariant)
    let key = Pair(algorithmID, invariant.rawValue)
    // Every defect found is one the invariant lists: the order its causes are reported in, and
    // reading the verify file back, depend on it.
    for cause in finding.causes {
      for defect in [cause.violation.defect, cause.worst.defect] {
        #expect(invariant.defects.contains(defect), "\(key): \(defect) is not in its defects")
      }
    }
    let expectedHazards = Self.hazards[algorithmID]?[invariant] ?? []
    let expectedPolish = Self.polish[algorithmID]?[invariant] ?? []
    if !expectedHazards.isEmpty {
      #expect(finding.status == .violated, "the tester no longer finds \(key)")
      let found = Set(finding.hazards.map(\.violation.defect))
      #expect(found.isSuperset(of: expectedHazards), "\(key): hazards \(found)")
    } else if Self.holds[algorithmID, default: []].contains(invariant.rawValue) {
      #expect(finding.hazards.isEmpty, "\(key): \(finding.hazards.map(\.summary))")
      #expect(finding.status == .holds || finding.status == .polish)
      #expect(finding.examplesRun >= Self.examples)
    } else {
      #expect(finding.status == .notApplicable)
    }
    if !expectedPolish.isEmpty {
      let found = Set(finding.polish.map(\.violation.defect))
      #expect(found.isSuperset(of: expectedPolish), "\(key): polish \(found)")
    }
    // Nothing docs/HowItWorks.md calls polish is a hazard: the pan's slop, an offset the next touch
    // corrects.
    #expect(!finding.hazards.contains { $0.violation.defect.isAlwaysPolish })
    // Every cause: a readable counterexample of its class, which replays through a gesture
    // file to a violation of the same defect and severity.
    for (index, cause) in finding.causes.enumerated() {
      let scenario = cause.counterexample
      let most = index == 0 ? Self.maximumEvents : Self.maximumEventsOfOtherCauses
      #expect(scenario.gesture.events.count <= most, "\(key) \(cause.summary): \(scenario)")
      let changes = index == 0 ? Self.maximumChanges : Self.maximumChangesOfOtherCauses
      #expect(scenario.gesture.containerChanges.count <= changes, "\(key): \(scenario)")
      let replayed = Scenario(
        device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
        itemSize: scenario.itemSize,
        gesture: try TouchGesture(json: Data(scenario.gesture.jsonText().utf8)))
      let trajectory = replayed.simulate(algorithm)
      #expect(CauseClass.of(replayed, trajectory: trajectory) == cause.causeClass, "\(key) \(cause.summary)")
      let again = invariant.violations(algorithm, scenario: replayed, trajectory: trajectory)
      guard
        let violation = again.first(where: {
          $0.defect == cause.violation.defect && $0.severity == cause.severity
        })
      else {
        Issue.record("\(key) \(cause.summary): the counterexample does not replay: \(again)")
        continue
      }
      if cause.severity == .hazard { #expect(violation == cause.violation, "\(key) \(cause.summary)") }
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

}
