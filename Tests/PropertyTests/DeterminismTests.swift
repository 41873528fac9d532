import Foundation
import SnapAlgorithms
import SnapCheck
import Testing

@testable import SnapVerification

/// Every counterexample and a few plain gestures are run again on fresh copies before verify
/// reports: SnapLab's own algorithms always repeat, and one that rolls dice or shares state
/// between copies is told.
@Suite("Runs that do not repeat")
struct DeterminismTests {
  /// Edge-dock's corrected variant, but it docks to a random side: a random handler.
  struct RollsDice: SnapAlgorithm {
    var inner = EdgeDockCorrected()
    var id: String { "dice" }
    var inputAPI: InputAPI { inner.inputAPI }
    var releaseMotion: Motion? {
      get { inner.releaseMotion }
      set { inner.releaseMotion = newValue }
    }
    var dockingMargin: CGFloat? { inner.dockingMargin }
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      inner.touchesBegan(touch, view: &view, context: context)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      inner.touchesMoved(touch, view: &view, context: context)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      inner.touchesEnded(touch, view: &view, context: context)
      // A coin decides whether it slides a point further.
      if Bool.random() { view.center.x += 1 }
    }
    mutating func touchesCancelled(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      inner.touchesCancelled(touch, view: &view, context: context)
    }
    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      inner.handlePan(&recognizer, view: &view, context: context)
      if recognizer.state == .ended, Bool.random() { view.center.x += 1 }
    }
    mutating func environmentDidChange(
      from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
    ) {
      inner.environmentDidChange(from: old, view: &view, context: context)
    }
  }

  @Test("SnapLab's own algorithms repeat every run")
  func builtInsRepeat() {
    for algorithm in AlgorithmCatalogue.all {
      let findings = verifyAny(algorithm)
      #expect(findings.allSatisfy { $0.nondeterminism == nil }, "\(algorithm.id)")
    }
  }

  @Test("a handler that rolls dice is told, with both outcomes, on every finding")
  func diceAreTold() throws {
    let findings = verify(RollsDice(), invariants: [.docked, .finite], examples: 60, seed: 1)
    let why = try #require(findings.first?.nondeterminism)
    #expect(findings.allSatisfy { $0.nondeterminism == why })
    #expect(why.contains("the first time and at") || why.contains("its frames differ"))
    #expect(why.contains("The scenario: "))
  }

  func verifyAny<A: SnapAlgorithm>(_ algorithm: A) -> [Finding] {
    verify(algorithm, invariants: [.docked], examples: 40, seed: 2)
  }
}
