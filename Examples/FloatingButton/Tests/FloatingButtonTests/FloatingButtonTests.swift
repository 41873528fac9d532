import FloatingButton
import Foundation
import SnapAlgorithms
import SnapLabTesting
import SnapVerification
import Testing

/// The app's button checked by SnapLab from outside SnapLab: one call per test.
@Suite("FloatingButtonDock, checked by SnapLab")
struct FloatingButtonTests {
  @Test("the button holds every invariant")
  func floatingButtonHoldsEveryInvariant() {
    expectInvariants(FloatingButtonDock(), replayTool: "swift run my-bench")
  }

  @Test("without the one invariant it does not promise, at a larger budget")
  func floatingButtonAtFiveHundredExamples() {
    // An ease-out curve cannot be handed the finger's velocity: velocity-continuous does not
    // apply to it anyway; leaving it out is how a test says "not promised".
    expectInvariants(FloatingButtonDock(), except: [.velocityContinuous], examples: 500)
  }

  @Test("a button that forgets the keyboard is caught")
  func aButtonThatIgnoresTheKeyboardIsCaught() {
    var findings: [Finding] = []
    // Known issues: the test fails if SnapLab stops finding them.
    withKnownIssue("the planted bug: the button rests under the keyboard") {
      findings = expectInvariants(FloatingButtonDock(bug: .ignoresKeyboard), replayTool: "swift run my-bench")
    }
    #expect(findings.first { $0.invariant == .inSafeArea }?.status == .violated)
  }
}
