import FloatingButton
import Foundation
import SnapAlgorithms
import SnapLabTesting
import SnapVerification
import Testing

/// What a failure of `expectInvariants` gives you is enough to find the bug: it is reported at
/// your line, and its replay command shows the same violation with your bench's `trace`.
@Suite("A reported counterexample replays")
struct ReplayTests {
  /// `my-bench`, built beside this test bundle by `swift test`.
  static let bench: URL? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("my-bench")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  /// Issues recorded inside `withKnownIssue`, collected from its matcher.
  final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var issues: [(line: Int?, text: String, failure: Bool)] = []
    func add(_ issue: Issue) {
      lock.withLock {
        issues.append(
          (issue.sourceLocation?.line, issue.comments.map(\.rawValue).joined(), issue.severity >= .error))
      }
    }
    var all: [(line: Int?, text: String, failure: Bool)] { lock.withLock { issues } }
  }

  @Test("the planted bug is reported at the caller's line, and trace replays it")
  func reportedAtTheCallersLineAndReplayed() throws {
    let recorded = Recorded()
    var findings: [Finding] = []
    let line = #line + 2
    withKnownIssue("the planted bug") {
      findings = expectInvariants(FloatingButtonDock(bug: .ignoresKeyboard))
    } matching: { issue in
      recorded.add(issue)
      return true
    }
    let violated = findings.filter { $0.status == .violated }
    #expect(violated.map(\.invariant).contains(.inSafeArea))
    // One failure per mechanism of its hazards and one warning per mechanism of polish, each at
    // the line that called expectInvariants.
    let groups = FindingGroup.byMechanism(findings)
    #expect(recorded.all.filter(\.failure).count == groups.count)
    #expect(
      recorded.all.filter { !$0.failure }.count
        == FindingGroup.byMechanism(findings, severity: .polish).count)
    #expect(recorded.all.allSatisfy { $0.line == line })
    let finding = try #require(violated.first { $0.invariant == .inSafeArea })
    // The bug needs the keyboard: that is the cause it is shown with, under its own name.
    let cause = try #require(finding.causes.first)
    #expect(cause.causeClass == .keyboard)
    #expect(cause.violation.defect == .outsideSafeArea)
    // Replayed in-process, the counterexample shows its cause's defect again.
    let dock = FloatingButtonDock(bug: .ignoresKeyboard)
    let trajectory = cause.counterexample.simulate(dock)
    let found = Invariant.inSafeArea.violations(
      dock, scenario: cause.counterexample, trajectory: trajectory)
    #expect(found.contains { $0.defect == cause.violation.defect })
    // The first failure is the keyboard's mechanism, said in the button's words, with its
    // smallest counterexample in one line and the gesture file attached for the replay.
    let group = try #require(groups.first)
    #expect(group.cover == .keyboard)
    let firstFailure = recorded.all.first { $0.failure }
    let message = try #require(firstFailure).text
    for part in [
      "floating-button.dock-ignores-keyboard fails: " + group.line,
      group.lead.cause.counterexample.brief, "breaks in-safe-area",
      "Seed \(finding.seed)", "Replay: snap-bench trace \(finding.algorithm)",
      "--gesture reportedAtTheCallersLineAndReplayed-floating-button.dock-ignores-keyboard-keyboard-rest.json",
      "rerun: SNAPCHECK_SEED=\(finding.seed) swift test --filter reportedAtTheCallersLineAndReplayed",
    ] {
      #expect(message.contains(part), "the message lacks \(part)")
    }
    let scenario = try #require(finding.counterexample)
    // The counterexample is the smallest: a common phone, one touch, a handful of events.
    #expect(scenario.device.name == "iPhone 15")
    #expect(scenario.gesture.events.count <= 6)

    // Replayed exactly as printed, with this package's bench: the same rest, outside the region.
    let bench = try #require(Self.bench, "my-bench was not built beside the tests")
    let evidence = try #require(finding.evidence)
    let region = try #require(evidence.region)
    let rect = try #require(evidence.rect)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", finding.replayCommand(tool: bench.path) + " --format json"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let trace = try JSONDecoder().decode(TraceFile.self, from: data)
    let rest = trace.rest.rect
    #expect(abs(rest.minX - rect.minX) < 1e-9 && abs(rest.minY - rect.minY) < 1e-9)
    #expect(!region.contains(rest), "trace shows the rest \(rest) inside \(region)")
  }
}
