import Foundation
import SnapAlgorithms
import SnapCheck
import SnapLabTesting
import SnapVerification
import TestSupport
import Testing
import XCTest

/// `expectInvariants(…)` as a user calls it: one issue per violated invariant, at the caller's
/// line, with everything needed to replay it.
@Suite("expectInvariants")
struct ExpectInvariantsTests {
  /// Issues recorded inside `withKnownIssue`, collected from its matcher.
  final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var issues: [(line: Int?, text: String)] = []
    func add(_ issue: Issue) {
      lock.withLock {
        issues.append((issue.sourceLocation?.line, issue.comments.map(\.rawValue).joined()))
      }
    }
    var all: [(line: Int?, text: String)] { lock.withLock { issues } }
  }

  @Test("a corrected variant holds: no issue, and every finding is returned in catalogue order")
  func holds() {
    let findings = expectInvariants(EdgeDockCorrected())
    #expect(findings.map(\.invariant) == Invariant.checked)
    #expect(!findings.contains { $0.status == .violated })
  }

  @Test("a published variant: one issue per violated invariant, at the caller's line")
  func violations() throws {
    let recorded = Recorded()
    var findings: [Finding] = []
    let line = #line + 2
    withKnownIssue("edge-dock.published breaks what the matrix says") {
      findings = expectInvariants(EdgeDockPublished(), except: [.cancelSafe])
    } matching: { issue in
      recorded.add(issue)
      return true
    }
    let violated = findings.filter { $0.status == .violated }
    // The matrix of the README: on-screen, in-safe-area, docked, nearest-edge, tracks-finger,
    // resize-safe, catchable, tap-is-not-drag (cancel-safe left out here).
    #expect(
      violated.map(\.invariant) == [
        .onScreen, .inSafeArea, .docked, .nearestEdge, .tracksFinger, .resizeSafe, .catchable,
        .tapIsNotDrag,
      ])
    #expect(!findings.contains { $0.invariant == .cancelSafe })
    #expect(recorded.all.count == violated.count)
    #expect(recorded.all.allSatisfy { $0.line == line })
    for (finding, issue) in zip(violated, recorded.all) {
      let scenario = try #require(finding.counterexample)
      #expect(issue.text.hasPrefix("edge-dock.published breaks \(finding.invariant.rawValue): "))
      #expect(issue.text.contains(scenario.description))
      #expect(issue.text.contains("\"version\": 1"), "the gesture file is in the message")
      #expect(issue.text.contains("Replay: snap-bench trace edge-dock.published"))
      // The seed the run used: 1, or SNAPCHECK_SEED when a rerun sets it.
      #expect(issue.text.contains("Rerun: SNAPCHECK_SEED=\(finding.seed) swift test --filter violations"))
      #expect(finding.seed == (SnapCheckEnvironment.seed ?? 1))
    }
  }

  @Test("the replay command of a finding shows the same violation with snap-bench trace")
  func replayShowsTheViolation() throws {
    let finding = verify(EdgeDockPublished(), .inSafeArea, examples: 200, seed: 1)
    let evidence = try #require(finding.evidence)
    let rest = try #require(evidence.rect)
    let region = try #require(evidence.region)
    #expect(!region.contains(rest))
    let binary = try #require(SnapBenchProcess.executable, "snap-bench was not built")
    let result = try SnapBenchProcess.shell(finding.replayCommand(tool: binary.path))
    #expect(result.status == 0, "\(result.stderr)")
    struct Trace: Decodable {
      struct Rect: Decodable { var x, y, width, height: Double }
      var rest: Rect
    }
    let trace = try JSONDecoder().decode(Trace.self, from: Data(result.stdout.utf8))
    #expect(CGRect(x: trace.rest.x, y: trace.rest.y, width: trace.rest.width, height: trace.rest.height) == rest)
  }

  @Test("a finding with no counterexample replays its cell with verify")
  func replayOfAHoldingCell() {
    let finding = verify(EdgeDockCorrected(), .docked, examples: 50, seed: 9, replayTool: "my-bench")
    #expect(finding.status == .holds)
    #expect(
      finding.replayCommand
        == "my-bench verify --algorithm edge-dock.corrected --invariant docked --examples 50 --seed 9")
  }
}

/// Under XCTest the same call fails the test method at the caller's line with `XCTFail`.
final class ExpectInvariantsXCTestTests: XCTestCase {
  private var failures: [(description: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    // Kept instead of failing: this test expects the failures and checks them.
    failures.append((description, lineNumber))
  }

  func testViolationsFailAtTheCallersLine() {
    let line = #line + 1
    let findings = expectInvariants(InsetCorrectionPublished(), except: [.cancelSafe, .resizeSafe])
    let violated = findings.filter { $0.status == .violated }
    let seen = failures
    failures = []
    XCTAssertFalse(violated.isEmpty)
    XCTAssertEqual(seen.count, violated.count)
    XCTAssertTrue(seen.allSatisfy { $0.line == line }, "\(seen.map(\.line)) vs \(line)")
    XCTAssertTrue(seen.allSatisfy { $0.description.contains("inset-correction.published breaks") })
  }
}

extension ExpectInvariantsTests {
  /// Declares one motion and animates with another: judged on paper only.
  struct Mismatched: SnapAlgorithm {
    var id = "test.mismatched"
    let inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.25)
    var dockingMargin: CGFloat? { 0 }

    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      let translation = recognizer.translation(in: context.superview)
      view.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
      recognizer.setTranslation(.zero, in: context.superview)
      guard recognizer.state == .ended else { return }
      let region = context.environment.safeRegion
      let x = view.center.x < region.midX ? region.minX + view.bounds.width / 2 : region.maxX - view.bounds.width / 2
      view.animate(withDuration: 0.4, delay: 0, options: [.curveLinear]) { $0.center.x = x }
    }
  }

  @Test("an algorithm whose animation does not run the motion it declares is told so")
  func releaseMotionMismatch() throws {
    let problem = try #require(releaseMotionProblem(Mismatched()))
    #expect(problem.contains("declares releaseMotion ease-out(duration:0.25)"))
    #expect(problem.contains("runs linear(duration:0.4)"))
    // Every built-in algorithm animates with what it declares, and with any motion given.
    for algorithm in AlgorithmCatalogue.all {
      #expect(releaseMotionProblem(algorithm) == nil, "\(algorithm.id)")
      #expect(releaseMotionProblem(algorithm, motion: .uikitSpring(dampingRatio: 0.5, duration: 0.6)) == nil, "\(algorithm.id)")
    }
    // expectInvariants reports it beside the invariants it breaks.
    let recorded = Recorded()
    withKnownIssue {
      expectInvariants(Mismatched(), examples: 20)
    } matching: { issue in
      recorded.add(issue)
      return true
    }
    #expect(recorded.all.contains { $0.text.contains("declares releaseMotion") })
  }
}
