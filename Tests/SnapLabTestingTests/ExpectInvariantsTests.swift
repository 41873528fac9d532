import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import SnapAlgorithms
import SnapCheck
import SnapLabTesting
import SnapVerification
import TestSupport
import Testing
import XCTest

/// `expectInvariants(…)` as a user calls it: one issue per cause of each hazard, at the
/// caller's line, with everything needed to replay it; polish as warnings unless strict.
@Suite("expectInvariants")
struct ExpectInvariantsTests {
  /// Issues recorded inside `withKnownIssue`, collected from its matcher, or collected by
  /// `IssueCollector` (the same text and line, without printing them as known issues).
  final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var issues: [(line: Int?, text: String)] = []
    func add(_ issue: Issue) {
      lock.withLock {
        issues.append((issue.sourceLocation?.line, issue.comments.map(\.rawValue).joined()))
      }
    }
    let collector = IssueCollector()
    var all: [(line: Int?, text: String)] {
      lock.withLock { issues } + collector.all.map { ($0.line, $0.text) }
    }
  }

  @Test("a corrected variant holds: no issue, and every finding is returned in catalogue order")
  func holds() {
    let recorded = Recorded()
    let findings = recorded.collector.collect { expectInvariants(EdgeDockCorrected()) }
    #expect(findings.map(\.invariant) == Invariant.checked)
    #expect(!findings.contains { $0.status == .violated })
    // Its polish (the pan's slop, a still finger after a container change) warns, fails nothing.
    #expect(recorded.collector.all.allSatisfy { $0.isWarning && $0.text.contains(" has polish ") })
  }

  @Test("a published variant: one issue per mechanism of its hazards, the commonest first, at the caller's line")
  func violations() throws {
    let recorded = Recorded()
    var findings: [Finding] = []
    let line = #line + 2
    recorded.collector.collect {
      findings = expectInvariants(EdgeDockPublished(), except: [.cancelSafe])
    }
    let violated = findings.filter { $0.status == .violated }
    // The hazards of the matrix in docs/HowItWorks.md (cancel-safe left out here); tracks-finger's offset
    // under a still finger after a rotation, which the next move corrects, is polish.
    #expect(
      Set(violated.map(\.invariant)).isSuperset(of: [
        .onScreen, .inSafeArea, .docked, .resizeSafe, .catchable, .tapIsNotDrag,
      ]))
    #expect(!findings.contains { $0.invariant == .cancelSafe })
    let groups = FindingGroup.byMechanism(findings)
    let failures = recorded.all.filter { $0.text.contains("edge-dock.published fails: ") }
    #expect(failures.count == groups.count)
    #expect(recorded.all.allSatisfy { $0.line == line })
    // Every hazard cause belongs to exactly one failure: none is dropped, none said twice.
    let grouped: Int = groups.map(\.members.count).reduce(0, +)
    let causes: Int = violated.map(\.hazards.count).reduce(0, +)
    #expect(grouped == causes)
    // One forgotten clamp is one failure across the situations that show it, not one per
    // invariant and class.
    #expect(groups.contains { $0.situations.count >= 3 })
    for (index, group) in groups.enumerated() {
      let issue = failures[index]
      let lines = issue.text.split(separator: "\n")
      #expect(lines.count == 5, "\(issue.text)")
      #expect(lines[0] == "edge-dock.published fails: \(group.line)")
      #expect(issue.text.contains("(mechanism \(index + 1) of \(groups.count), the commonest first)"))
      #expect(issue.text.contains(group.invariants.map(\.rawValue).joined(separator: ", ")))
      #expect(issue.text.contains("Smallest counterexample: \(group.lead.cause.counterexample.brief)"))
      // The gesture file is attached under its own name, and the replay reads it.
      #expect(issue.text.contains("Replay: snap-bench trace edge-dock.published"))
      #expect(issue.text.contains("--gesture violations-edge-dock.published-"))
      // The seed the run used: 1, or SNAPCHECK_SEED when a rerun sets it.
      #expect(issue.text.contains("rerun: SNAPCHECK_SEED=\(group.lead.finding.seed) swift test --filter violations"))
      #expect(!issue.text.contains("\"version\""), "no gesture JSON in the message")
    }
    #expect(findings.allSatisfy { $0.seed == (SnapCheckEnvironment.seed ?? 1) })
    // Most common first: the first failure's lead is at least as likely as any other's.
    #expect(groups.dropFirst().allSatisfy { $0.lead.likelihood <= groups[0].lead.likelihood })
    // The drag that fires the action is its own mechanism, apart from the tap that moves it a
    // point (polish, a warning, not a failure).
    let tap = try #require(findings.first { $0.invariant == .tapIsNotDrag })
    #expect(tap.hazards.contains { $0.violation.defect == .dragFiresAction })
    #expect(tap.polish.contains { $0.violation.defect == .tapMovesIt })
    #expect(failures.contains { $0.text.contains(Defect.dragFiresAction.summary) })
  }

  @Test("strict: polish fails too")
  func strictPolish() {
    let recorded = Recorded()
    var findings: [Finding] = []
    recorded.collector.collect {
      findings = expectInvariants(
        EdgeDockPublished(), except: Set(Invariant.checked).subtracting([.tapIsNotDrag]),
        strict: true)
    }
    let polishGroups = FindingGroup.byMechanism(findings, severity: .polish)
    #expect(!polishGroups.isEmpty)
    let polish = recorded.collector.all.filter { $0.text.contains("edge-dock.published has polish: ") }
    #expect(polish.count == polishGroups.count)
    #expect(polish.allSatisfy { !$0.isWarning }, "strict: polish is a failure, not a warning")
  }

  @Test("without strict, polish is a warning and a hazard a failure")
  func polishWarns() {
    let recorded = Recorded()
    let findings = recorded.collector.collect {
      expectInvariants(EdgeDockPublished(), except: Set(Invariant.checked).subtracting([.tapIsNotDrag]))
    }
    let causes = findings.flatMap(\.causes)
    #expect(causes.contains { $0.severity == .polish } && causes.contains { $0.severity == .hazard })
    for issue in recorded.collector.all {
      #expect(issue.isWarning == issue.text.contains("has polish (fails nothing"), "\(issue.text)")
    }
    #expect(
      recorded.collector.all.filter(\.isWarning).count
        == FindingGroup.byMechanism(findings, severity: .polish).count)
  }

  /// The issues above are collected to be checked; this one goes where a user's would, to Swift
  /// Testing, at the caller's line: the one known issue of this suite, kept small.
  @Test("a hazard is an issue of the running test, at the caller's line")
  func reachesSwiftTesting() {
    let recorded = Recorded()
    let line = #line + 2
    withKnownIssue("test.never-docks is left where the finger lifts") {
      expectInvariants(
        NeverDocks(), except: Set(Invariant.checked).subtracting([.docked]),
        scope: Scope(itemSizes: .exactly(CGSize(width: 60, height: 60)), idioms: [.phone], causes: [.plain]))
    } matching: { issue in
      recorded.add(issue)
      return true
    }
    #expect(!recorded.all.isEmpty)
    // Every issue at the caller's line: the hazard, and any polish the sample met beside it (a
    // lift a point from the edge), as a warning.
    #expect(recorded.all.allSatisfy { $0.line == line })
    #expect(recorded.all.contains { $0.text.contains("test.never-docks fails: a plain gesture: does not dock") })
    #expect(recorded.all.allSatisfy {
      $0.text.contains("test.never-docks fails: ") || $0.text.contains("test.never-docks has polish")
    }, "\(recorded.all.map(\.text))")
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
    let trace = try JSONDecoder().decode(TraceFile.self, from: Data(result.stdout.utf8))
    #expect(trace.rest.rect == rest)
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
    let groups = FindingGroup.byMechanism(findings)
    let seen = failures
    failures = []
    XCTAssertFalse(groups.isEmpty)
    // One failure per mechanism of its hazards; polish is printed, not failed.
    XCTAssertEqual(seen.count, groups.count)
    XCTAssertTrue(seen.allSatisfy { $0.line == line }, "\(seen.map(\.line)) vs \(line)")
    XCTAssertTrue(seen.allSatisfy { $0.description.contains("inset-correction.published fails: ") })
  }
}

extension ExpectInvariantsTests {
  /// Follows the finger and stays where it lifts, though it says it docks flush.
  struct NeverDocks: SnapAlgorithm {
    var id = "test.never-docks"
    let inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = nil
    var dockingMargin: CGFloat? { 0 }

    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      let translation = recognizer.translation(in: context.superview)
      view.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
      recognizer.setTranslation(.zero, in: context.superview)
    }
  }

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

  /// `Mismatched`, placed against the left edge when it loads.
  struct PlacedAtEdge: SnapAlgorithm {
    var base = Mismatched()
    var id: String { "test.placed-at-edge" }
    var inputAPI: InputAPI { base.inputAPI }
    var releaseMotion: Motion? {
      get { base.releaseMotion }
      set { base.releaseMotion = newValue }
    }
    var dockingMargin: CGFloat? { 0 }
    mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
      view.center.x = context.environment.safeRegion.minX + view.bounds.width / 2
    }
    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      base.handlePan(&recognizer, view: &view, context: context)
    }
  }

  @Test("an algorithm whose animation does not run the motion it declares is told so")
  func releaseMotionMismatch() throws {
    // Also when its code moves it to an edge as it loads: the check drags it from there.
    #expect(releaseMotionProblem(PlacedAtEdge()) != nil)
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
    recorded.collector.collect {
      _ = expectInvariants(Mismatched(), examples: 20)
    }
    #expect(recorded.all.contains { $0.text.contains("declares releaseMotion") })
  }
}

/// What a failing mechanism is attached with: its gesture file and a picture of it.
@Suite("Attachments of a failing mechanism")
struct AttachmentTests {
  @Test("the gesture file replays the counterexample; the picture is well-formed SVG with the violation drawn")
  func files() throws {
    let findings = verify(EdgeDockPublished(), examples: 200, seed: 1)
    let groups = FindingGroup.byMechanism(findings)
    let group = try #require(groups.first)
    let cause = group.lead.cause
    let stem = CounterexampleAttachments.fileStem(group, testName: "files()")
    #expect(stem.hasPrefix("files-edge-dock.published-"))
    #expect(stem.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" })
    // Stable and distinct: the same name in every run, one per mechanism.
    let stems = groups.map { CounterexampleAttachments.fileStem($0, testName: "files()") }
    #expect(Set(stems).count == stems.count, "\(stems)")
    #expect(stem == CounterexampleAttachments.fileStem(group, testName: "files()"))
    let gesture = try TouchGesture(json: Data(cause.counterexample.gesture.jsonText().utf8))
    #expect(gesture == cause.counterexample.gesture)
    let picture = CounterexampleAttachments.picture(cause)
    let parser = XMLParser(data: Data(picture.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(picture.contains("#d55e00"), "the item where the violation has it")
    #expect(picture.contains(cause.violation.defect.rawValue))
  }

  @Test("outside a test framework's attachments, the files are written whole to the temporary directory")
  func writtenFiles() throws {
    let written = CounterexampleAttachments.written(
      Array("{}".utf8), Array("<svg/>".utf8), stem: "snaplab-test-stem")
    let path = try #require(written)
    #expect(path.hasSuffix("snaplab-counterexamples/snaplab-test-stem.json"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    let picture = String(path.dropLast(".json".count)) + ".svg"
    #expect(try String(contentsOfFile: picture, encoding: .utf8) == "<svg/>")
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: picture)
  }
}
