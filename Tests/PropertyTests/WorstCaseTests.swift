import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// `verify --worst`: the targeted search finds the published variants at least as bad as their
/// smallest counterexamples show, and the corrected ones within the invariants' bounds.
@Suite("Worst cases")
struct WorstCaseTests {
  static let examples = 200

  @Test("published variants: worst cases at least as bad as their known counterexamples",
    arguments: AlgorithmCatalogue.all.filter { $0.id.hasSuffix(".published") }.map(\.id))
  func published(id: String) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: id))
    let worst = worstCases(algorithm, examples: Self.examples, seed: 1)
    #expect(worst.map(\.measure) == WorstCase.Measure.allCases)
    func amount(_ measure: WorstCase.Measure) -> Double {
      worst.first { $0.measure == measure }?.amount ?? 0
    }
    for (invariant, measure) in [(Invariant.onScreen, WorstCase.Measure.overshoot), (.inSafeArea, .incursion)] {
      let finding = verify(algorithm, invariant, examples: Self.examples, seed: 1)
      guard finding.status == .violated, let scenario = finding.counterexample else { continue }
      let known = WorstCase.measures(scenario, scenario.simulate(algorithm))[measure] ?? 0
      #expect(known > 0, "\(id) \(invariant)")
      #expect(amount(measure) >= known, "\(id): worst \(measure) \(amount(measure)) < \(known)")
      // The worst case's scenario replays to the amount reported.
      let found = try #require(worst.first { $0.measure == measure }?.scenario)
      #expect(WorstCase.measures(found, found.simulate(algorithm))[measure] == amount(measure))
    }
  }

  @Test("corrected variants and fluid-dock: within the invariants' bounds",
    arguments: AlgorithmCatalogue.all.filter { !$0.id.hasSuffix(".published") }.map(\.id))
  func corrected(id: String) throws {
    let algorithm = try #require(AlgorithmCatalogue.algorithm(id: id))
    for worst in worstCases(algorithm, examples: Self.examples, seed: 1) {
      if let bound = worst.measure.bound {
        #expect(worst.amount <= bound, "\(id) \(worst.measure): \(worst.amount) in \(worst.scenario?.description ?? "")")
      }
    }
  }
}
