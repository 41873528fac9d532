import Foundation
import SnapCheck
import Testing

// A test file needs one import besides its framework's: the port's types (SnapAlgorithms) and
// what a check takes and returns (Scope, Invariant, Finding: SnapVerification) come with
// SnapLabTesting. No type of either shares a name with SwiftUI's or XCTest's.
@_exported import SnapAlgorithms
@_exported import SnapVerification

#if canImport(XCTest)
  import XCTest
#endif

/// Checks every invariant of SnapLab's catalogue on your algorithm, with the property tester,
/// and records one failure per mechanism it breaks them by (`FindingGroup`: one forgotten inset
/// is one failure, whatever invariants and situations show it), the commonest first, at the line
/// that called it.
///
///     @Test func myDockHoldsEveryInvariant() {
///       expectInvariants(MyDock())
///     }
///     @Test func myDockWithoutItsVelocityPromise() {
///       expectInvariants(MyDock(), except: [.velocityContinuous], examples: 500)
///     }
///
/// The same call works in an XCTest test method, in a file that imports only XCTest and
/// SnapLabTesting:
///
///     final class MyDockTests: XCTestCase {
///       func testInvariants() {
///         expectInvariants(MyDock())
///       }
///     }
///
/// Each failure says in the item's words what goes wrong and where (`rests over the home
/// indicator after a plain gesture or a rotation — worst 34 pt`), the invariants it breaks, the
/// smallest counterexample of its commonest situation in one line, the seed, the command that
/// replays it and the one that reruns the test. The counterexample's gesture file (which
/// `trace --gesture` replays) and a picture of it are attached to the test under Swift Testing
/// (`swift test --attachments-path DIR` saves them; Xcode shows them in the test report), as
/// `XCTAttachment`s under XCTest on Apple platforms, and written to
/// `$TMPDIR/snaplab-counterexamples/` elsewhere.
///
/// Inside a Swift Testing `@Test` the failures are `Issue`s; in an XCTest test method they are
/// `XCTFail`s. The run is the one `verify` makes: the same seed gives the same findings as
/// `my-bench verify --algorithm <id> --seed <seed>` with your bench. `seed` defaults to
/// `SNAPCHECK_SEED` when it is set, else 1; `SNAPCHECK_EXAMPLES` scales `examples`.
///
/// Polish — a lag within the pan's 10 pt slop, a point or two, one transient frame as the
/// container changes — is recorded as a warning (Swift 6.3 and later; printed before, and under
/// XCTest), which fails nothing, unless `strict` is true.
/// `scope` keeps the scenarios to what your button can meet (`Scope(itemSizes: .exactly(…),
/// orientations: [.portrait], idioms: [.phone])`).
///
/// It also fails when the algorithm's release animation does not use the `releaseMotion` it
/// declares (or the `motion` given): the invariants read the declared one.
///
/// It fails too when the algorithm is not deterministic: the same scenario, run again on a
/// fresh copy, gave a different run (it draws random numbers, reads the clock, or shares state
/// between copies), so no verdict can be trusted to repeat.
///
/// A crash cannot be caught in the test's own process: when the algorithm traps (a failed
/// precondition, an index out of range) the process ends, but first standard error says which
/// algorithm, seed and scenario it was, with the `trace` command that replays it. A scenario that
/// runs past `ExampleGuard.deadline` (1 s) is reported there the same way while it runs.
/// `my-bench verify --algorithm <id>` checks it in worker processes instead, where a crash or a
/// hang is a finding with its smallest scenario, and the run goes on.
///
/// - Parameters:
///   - algorithm: The algorithm to check, with the motion it ships with.
///   - excluded: Invariants not to check (an invariant it does not promise).
///   - motion: A release motion to check it with instead of its own.
///   - examples: Generated scenarios, shared among the cause classes.
///   - seed: The run's seed; `SNAPCHECK_SEED`, else 1, when `nil`.
///   - scope: What your button can meet; scenarios stay inside it.
///   - strict: Whether polish fails the test too.
///   - name: The test's name, for the rerun command (the caller's function by default).
///   - fileID: Where the failures are reported, for Swift Testing (the caller's by default).
///   - file: Where the failures are reported, for XCTest (the caller's by default).
///   - line: The line they are reported at (the caller's by default).
///   - column: The column, for Swift Testing (the caller's by default).
///   - replayTool: The executable the replay commands name: your bench built on
///     `SnapBench.main(adding:)`, e.g. `"swift run my-bench"`. By default `SNAPLAB_REPLAY_TOOL`
///     when it is set, else `snap-bench`, which knows only SnapLab's own algorithms.
/// - Returns: The findings, one per checked invariant, in catalogue order.
///
/// Inlinable, so that your algorithm is simulated with code compiled for its type, as
/// SnapLab's own are.
@discardableResult
@inlinable
public func expectInvariants<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, except excluded: Set<Invariant> = [], motion: Motion? = nil,
  examples: Int = defaultExamples, seed: UInt64? = nil, scope: Scope = .everything,
  strict: Bool = false, replayTool: String? = nil, name: String = #function,
  fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> [Finding] {
  let location = SourceLocation(
    fileID: fileID, filePath: "\(file)", line: Int(line), column: Int(column))
  return expectInvariants(
    algorithm, except: excluded, motion: motion, examples: examples, seed: seed, scope: scope,
    strict: strict, replayTool: replayTool, name: name, sourceLocation: location, file: file,
    line: line)
}

/// `expectInvariants` reporting at `sourceLocation`: for a helper of your own that checks
/// several algorithms and passes its caller's location on (`sourceLocation: SourceLocation =
/// #_sourceLocation` in the helper).
///
/// - Parameters:
///   - algorithm: The algorithm to check, with the motion it ships with.
///   - excluded: Invariants not to check.
///   - motion: A release motion to check it with instead of its own.
///   - examples: Generated scenarios, shared among the cause classes.
///   - seed: The run's seed; `SNAPCHECK_SEED`, else 1, when `nil`.
///   - scope: What your button can meet.
///   - strict: Whether polish fails the test too.
///   - replayTool: The executable the replay commands name.
///   - name: The test's name, for the rerun command.
///   - sourceLocation: Where Swift Testing reports the failures.
///   - file: Where XCTest reports them.
///   - line: The line XCTest reports them at.
/// - Returns: The findings, one per checked invariant, in catalogue order.
@discardableResult
@inlinable
public func expectInvariants<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, except excluded: Set<Invariant> = [], motion: Motion? = nil,
  examples: Int = defaultExamples, seed: UInt64? = nil, scope: Scope = .everything,
  strict: Bool = false, replayTool: String? = nil, name: String = #function,
  sourceLocation: SourceLocation, file: StaticString = #filePath, line: UInt = #line
) -> [Finding] {
  let runSeed = seed ?? SnapCheckEnvironment.seed ?? 1
  let invariants = Invariant.checked.filter { !excluded.contains($0) }
  let findings = verify(
    algorithm, invariants: invariants, motion: motion, examples: examples, seed: runSeed,
    scope: scope, replayTool: replayTool ?? defaultReplayTool)
  recordFindings(
    findings, motionProblem: releaseMotionProblem(algorithm, motion: motion), strict: strict,
    testName: name, sourceLocation, file, line)
  return findings
}

/// The replay tool when none is given: `SNAPLAB_REPLAY_TOOL`, else `snap-bench`.
@usableFromInline
var defaultReplayTool: String {
  let set = ProcessInfo.processInfo.environment["SNAPLAB_REPLAY_TOOL"] ?? ""
  return set.isEmpty ? "snap-bench" : set
}

/// Records one failure per hazard mechanism of `findings` (`FindingGroup.byMechanism`), the
/// commonest first (with `strict`, per polish mechanism too), one warning per polish mechanism
/// otherwise, and the release motion's problem if there is one.
@usableFromInline
func recordFindings(
  _ findings: [Finding], motionProblem: String?, strict: Bool = false, testName: String,
  _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt
) {
  let hazards = FindingGroup.byMechanism(findings)
  let polish = FindingGroup.byMechanism(findings, severity: .polish)
  for (index, group) in hazards.enumerated() {
    let stem = CounterexampleAttachments.fileStem(group, testName: testName)
    let saved = CounterexampleAttachments.record(group, stem: stem, sourceLocation: sourceLocation)
    let message = failureMessage(
      group, number: index + 1, of: hazards.count, testName: testName, gestureFile: saved)
    record(message, sourceLocation, file, line)
  }
  for (index, group) in polish.enumerated() {
    if strict {
      let stem = CounterexampleAttachments.fileStem(group, testName: testName)
      let saved = CounterexampleAttachments.record(group, stem: stem, sourceLocation: sourceLocation)
      record(
        failureMessage(
          group, number: index + 1, of: polish.count, testName: testName, gestureFile: saved),
        sourceLocation, file, line)
    } else {
      warn(polishMessage(group), sourceLocation)
    }
  }
  if let motionProblem {
    record(motionProblem, sourceLocation, file, line)
  }
  // A run that does not repeat makes every verdict doubtful: a failure of its own.
  if let first = findings.first, let why = first.nondeterminism {
    record("\(first.algorithm) is not deterministic: \(why)", sourceLocation, file, line)
  }
}

/// What a test says of one mechanism: `<algorithm> fails: <the group's line>`, the invariants
/// it breaks, the smallest counterexample of its lead in one line and in words, where its
/// gesture file is, the seed, and the commands that replay it and rerun the test — seven lines.
public func failureMessage(
  _ group: FindingGroup, number: Int = 1, of count: Int = 1, testName: String? = nil,
  gestureFile: String? = nil
) -> String {
  let lead = group.lead
  let finding = lead.finding
  let severity = lead.cause.severity == .hazard ? "fails" : "has polish"
  var lines = [
    "\(finding.algorithm) \(severity): \(group.line)",
    "  Breaks \(group.invariants.map(\.rawValue).joined(separator: ", ")) "
      + "(mechanism \(number) of \(count), the commonest first). "
      + lead.cause.violation.prose.worded(.reader),
    "  Smallest counterexample: \(lead.cause.counterexample.brief)",
  ]
  if let gestureFile {
    lines.append(
      "  Replay: " + lead.cause.replayCommand(
        tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion,
        gestureFile: gestureFile))
  } else {
    lines.append(
      "  Replay: " + lead.cause.replayCommand(
        tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion))
  }
  var seed = "  Seed \(finding.seed) (\(finding.examplesRun) of \(finding.examples) examples)"
  if let testName {
    let base = testName.prefix { $0 != "(" }
    seed += "; rerun: SNAPCHECK_SEED=\(finding.seed) swift test --filter "
      + (base.isEmpty ? testName : String(base))
  }
  lines.append(seed)
  return lines.joined(separator: "\n")
}

/// What a test says of a polish mechanism, which fails nothing: one line and its replay.
func polishMessage(_ group: FindingGroup) -> String {
  let finding = group.lead.finding
  return "\(finding.algorithm) has polish (fails nothing; strict: true fails on it): \(group.line)"
}

/// Reports polish where a test will see it without failing: a warning issue under Swift
/// Testing 6.3 and later; on standard output before and in an XCTest method, which has no
/// warnings.
private func warn(_ message: String, _ sourceLocation: SourceLocation) {
  if let collector = IssueCollector.current {
    collector.add(message, line: sourceLocation.line, isWarning: true)
    return
  }
  if Test.current != nil {
    // Swift Testing's warnings (issue severity) came with Swift 6.3; before, polish is printed.
    #if compiler(>=6.3)
      Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
      return
    #endif
  }
  print("warning: " + message)
}

/// Records a failure where a test will see it: an `Issue` inside a Swift Testing test; off a
/// test's task (a detached task, another queue) or in an XCTest method, both an `XCTFail`,
/// which fails a running XCTest case, and an `Issue`, which Swift Testing reports even when it
/// cannot tell which test it belongs to. Neither is lost.
private func record(
  _ message: String, _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt
) {
  if let collector = IssueCollector.current {
    collector.add(message, line: sourceLocation.line, isWarning: false)
    return
  }
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    return
  }
  #if canImport(XCTest)
    XCTFail(message, file: file, line: line)
  #endif
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Where `expectInvariants` sends what it would record, while a test of SnapLab itself collects
/// it: those tests check dozens of issues on published variants, which recorded as known issues
/// would fill `swift test`'s output with failures that are not failures. Users never set it.
package final class IssueCollector: @unchecked Sendable {
  /// One issue: its text, the line it was recorded at, and whether it was a warning.
  package struct Collected: Sendable {
    package var text: String
    package var line: Int
    package var isWarning: Bool
  }

  @TaskLocal package static var current: IssueCollector?

  private let lock = NSLock()
  private var collected: [Collected] = []

  package init() {}

  /// Runs `body` with every issue `expectInvariants` records in it collected here.
  package func collect<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$current.withValue(self) { try body() }
  }

  package var all: [Collected] { lock.withLock { collected } }

  func add(_ text: String, line: Int, isWarning: Bool) {
    lock.withLock { collected.append(Collected(text: text, line: line, isWarning: isWarning)) }
  }
}

/// What a test failure says about a violated invariant: its first cause (see
/// `failureMessage(_:cause:testName:)`).
public func failureMessage(_ finding: Finding, testName: String? = nil) -> String {
  guard let cause = finding.causes.first else {
    return "\(finding.algorithm) breaks \(finding.invariant.rawValue): \(finding.violation ?? "")"
  }
  return failureMessage(finding, cause: cause, testName: testName)
}

/// The first line of what a test says about `cause`: the algorithm, the invariant, the class and
/// the violation.
@usableFromInline
func headline(_ finding: Finding, cause: Finding.Cause) -> String {
  let verb = cause.severity == .hazard ? "breaks" : "has polish on"
  return "\(finding.algorithm) \(verb) \(finding.invariant.rawValue) with \(cause.causeClass.summary) "
    + "(\(cause.causeClass.rawValue)): \(cause.violation.message)"
}

/// `Replay: <the trace command of the smallest counterexample>`.
@usableFromInline
func replayLine(_ finding: Finding, cause: Finding.Cause) -> String {
  "Replay: "
    + cause.replayCommand(
      tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion)
}

/// What a test failure says about one cause of a violated invariant: the invariant, the cause
/// class, the severity and worst magnitude, the violation, the smallest counterexample of the
/// class in words and as a gesture file, the seed, and how to replay it and rerun the test.
public func failureMessage(
  _ finding: Finding, cause: Finding.Cause, testName: String? = nil
) -> String {
  var lines = [
    headline(finding, cause: cause),
    "Defect: \(cause.violation.defect.rawValue), \(cause.severity.rawValue) — \(cause.violation.defect.summary); "
      + "this counterexample \(cause.violation.magnitude), the worst found \(cause.worst.magnitude), "
      + "in \(cause.examples) of \(cause.classExamples) examples of the class",
    "Smallest counterexample: \(cause.counterexample)",
    "Gesture file (trace --gesture):",
    cause.counterexample.gesture.jsonText().trimmingCharacters(in: .newlines),
  ]
  lines.append(
    "Seed: \(finding.seed) (\(finding.examplesRun) of \(finding.examples) examples run, "
      + "shrunk in \(cause.shrinkEvaluations) runs)")
  lines.append(replayLine(finding, cause: cause))
  if cause.worst.magnitude.value > cause.violation.magnitude.value {
    lines.append(
      "Worst (\(cause.worst.magnitude)): "
        + cause.worstReplayCommand(
          tool: finding.replayTool, algorithm: finding.algorithm, motion: finding.replayedMotion))
  }
  if let testName {
    let base = testName.prefix { $0 != "(" }
    lines.append("Rerun: SNAPCHECK_SEED=\(finding.seed) swift test --filter \(base.isEmpty ? testName : String(base))")
  }
  return lines.joined(separator: "\n")
}
