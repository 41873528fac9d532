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

  /// The app ships the button at one size, in a portrait-only iPhone app.
  static let scope = Scope(
    itemSizes: .exactly(CGSize(width: 60, height: 60)), orientations: [.portrait],
    idioms: [.phone])

  @Test("inside what the app's button can meet: 60×60, portrait, iPhone")
  func floatingButtonInItsScope() {
    // No finding about a 384×121 item or an iPad window can follow, and the whole budget goes
    // to what can happen.
    expectInvariants(FloatingButtonDock(), examples: 300, scope: Self.scope)
  }

  @Test("a planted bug is shown inside the scope")
  func aPlantedBugInsideTheScope() {
    var findings: [Finding] = []
    withKnownIssue("the planted bug: the button rests under the keyboard") {
      findings = expectInvariants(FloatingButtonDock(bug: .ignoresKeyboard), scope: Self.scope)
    }
    let causes = findings.flatMap(\.causes)
    #expect(!causes.isEmpty)
    #expect(causes.allSatisfy { Self.scope.contains($0.counterexample) })
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

/// The first verdict a user reads on a port with one forgotten inset.
extension FloatingButtonTests {
  /// Issues recorded inside `withKnownIssue`, with their text, in order.
  final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ issue: Issue) {
      lock.withLock { texts.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    }
    var all: [String] { lock.withLock { texts } }
  }

  @Test("a forgotten safe-area inset is one failure, the first, on one screen")
  func aForgottenInsetIsOneFailure() {
    let recorded = Recorded()
    withKnownIssue("the planted bug: the button rests over the home indicator") {
      expectInvariants(
        FloatingButtonDock(bug: .ignoresHomeIndicator), replayTool: "swift run my-bench")
    } matching: { issue in
      recorded.add(issue)
      return true
    }
    let failures = recorded.all
    // What a user reads first: the one mechanism, said in the button's words, in one screen.
    let inset = "rests under the tab bar or over the home indicator after"
    #expect(failures.first?.contains(inset) == true, "\(failures)")
    #expect(failures.filter { $0.contains(inset) }.count == 1, "\(failures)")
    let lines = failures.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    #expect(lines.count <= 40, "\(lines.count) lines: \(failures)")
    #expect(failures.first?.contains("Replay: swift run my-bench trace floating-button.dock-ignores-home-indicator") == true)
  }
}
