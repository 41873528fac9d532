import Foundation
import SnapCheck
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Checks `property` with SnapCheck inside a Swift Testing `@Test` and records a failure at the
/// caller's line: the smallest counterexample, the seed and the command that replays it.
///
/// `name` is what `swift test --filter` needs to rerun the test; it defaults to the calling
/// function's name.
@discardableResult
public func check<Value>(
  _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 100, explicit: [Value] = [],
  timeLimit: Duration? = nil, shrinkLimit: Int = 10_000, name: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation, _ property: (Value) throws -> Bool
) -> CheckResult<Value> {
  check(
    gen, seed: seed, examples: examples, explicit: explicit, timeLimit: timeLimit,
    shrinkLimit: shrinkLimit, name: name, sourceLocation: sourceLocation
  ) { value, _ in try property(value) }
}

/// Checks `property`, which may label examples and require coverage, inside a `@Test`.
@discardableResult
public func check<Value>(
  _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 100, explicit: [Value] = [],
  timeLimit: Duration? = nil, shrinkLimit: Int = 10_000, name: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ property: (Value, PropertyContext) throws -> Bool
) -> CheckResult<Value> {
  let result = forAll(
    gen, seed: seed, examples: examples, explicit: explicit, timeLimit: timeLimit,
    shrinkLimit: shrinkLimit,
    database: .standard, databaseKey: databaseKey(name, sourceLocation.fileID, sourceLocation.line),
    property)
  if let report = result.failureReport(replay: replayCommand(name)) {
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
  } else {
    warnAboutHealth(result.warnings, name: name, fileID: sourceLocation.fileID, line: sourceLocation.line)
  }
  return result
}

/// Prints the health checks of a passing run on standard error: they do not fail it.
func warnAboutHealth(_ warnings: [String], name: String, fileID: String, line: Int) {
  for warning in warnings {
    FileHandle.standardError.write(Data("SnapCheck, \(fileID):\(line) \(name): \(warning)\n".utf8))
  }
}

/// Checks a state machine's command sequences inside a `@Test`; see `forAllSequences`.
@discardableResult
public func checkSequences<Machine: StateMachine>(
  _ machine: Machine, seed: UInt64? = nil, examples: Int = 100, maximumLength: Int = 30,
  name: String = #function, sourceLocation: SourceLocation = #_sourceLocation
) -> CheckResult<[Machine.Command]> {
  let result = forAllSequences(
    machine, seed: seed, examples: examples, maximumLength: maximumLength, database: .standard,
    databaseKey: databaseKey(name, sourceLocation.fileID, sourceLocation.line))
  if let report = result.failureReport(replay: replayCommand(name)) {
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
  }
  return result
}

#if canImport(XCTest)
  /// Checks `property` with SnapCheck inside an XCTest test method, failing the test at the
  /// caller's line with the smallest counterexample, the seed and the replay command.
  @discardableResult
  public func XCTAssertProperty<Value>(
    _ gen: Gen<Value>, seed: UInt64? = nil, examples: Int = 100, name: String = #function,
    file: StaticString = #filePath, line: UInt = #line, _ property: (Value) throws -> Bool
  ) -> CheckResult<Value> {
    let result = forAll(
      gen, seed: seed, examples: examples, database: .standard,
      databaseKey: databaseKey(name, "\(file)", Int(line)), property)
    if let report = result.failureReport(replay: replayCommand(name)) {
      XCTFail(report, file: file, line: line)
    }
    return result
  }
#endif

/// The failure-database key of a check: its file, line and function. (The cases of a
/// parameterised test share one key: each replays the last stored failure first.)
func databaseKey(_ name: String, _ fileID: String, _ line: Int) -> String {
  "\(fileID):\(line) \(name)"
}

/// `swift test --filter <test>` for a test function named `name` (`reverse(seed:)` → `reverse`).
func replayCommand(_ name: String) -> String {
  let base = name.prefix { $0 != "(" }
  return "swift test --filter \(base.isEmpty ? name : String(base))"
}
