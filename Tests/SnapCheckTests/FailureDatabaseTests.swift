import Foundation
import Testing

@testable import SnapCheck

/// A failure found once is replayed first the next time, whatever the seed; one that now passes
/// is forgotten; an entry that cannot be read is skipped, never a crash.
@Suite("The failure database")
struct FailureDatabaseTests {
  static func scratch() throws -> FailureDatabase {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapcheck-db-\(UUID().uuidString)").path
    return FailureDatabase(directory: path)
  }

  @Test("an entry that is a directory is said in words, not as a Foundation error number")
  func entryIsADirectory() throws {
    let database = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: database.directory) }
    try FileManager.default.createDirectory(
      atPath: database.path(of: "k"), withIntermediateDirectories: true)
    #expect(database.load("k") == nil)
    let said = FailureDatabase.words(CocoaError(.fileWriteUnknown, userInfo: [
      NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))
    ]))
    #expect(said == "Is a directory")
    // Saving over it leaves it, and says why (on standard error).
    database.save("k", [1, 2, 3])
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: database.path(of: "k"), isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test("a failing property's second run replays the stored failure first")
  func replay() throws {
    let database = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: database.directory) }
    // Fails only at the upper bound, which one example in forty or so hits.
    let gen = Gen.int(in: 0...1000)
    let first = forAll(gen, seed: 1, examples: 1000, database: database, databaseKey: "k") { $0 < 1000 }
    #expect(first.counterexample == 1000)
    #expect(!first.replayedFromDatabase)
    #expect(first.examplesRun > 1)
    #expect(database.load("k") == first.choices)
    // Another seed and a budget of one example would not find it on its own.
    let second = forAll(gen, seed: 99, examples: 1, database: database, databaseKey: "k") { $0 < 1000 }
    #expect(second.replayedFromDatabase)
    #expect(second.examplesRun == 1)
    #expect(second.counterexample == 1000)
    #expect(second.failureReport()?.contains("stored by an earlier run") == true)
    // Without the database, the same run passes.
    #expect(forAll(gen, seed: 99, examples: 1) { $0 < 1000 }.passed)
    // Fixed: the entry passes, is removed, and the run goes on with new examples.
    let fixed = forAll(gen, seed: 99, examples: 50, database: database, databaseKey: "k") { _ in true }
    #expect(fixed.passed && fixed.examplesRun == 50)
    #expect(database.load("k") == nil)
    #expect(!FileManager.default.fileExists(atPath: database.path(of: "k")))
  }

  @Test("keys are separate, and a corrupt entry is skipped", arguments: [
    "garbage", "snapcheck failure 1\nkey: k\nchoices: 1 x 2\n", "snapcheck failure 1\nkey: other\nchoices: 5\n",
    "snapcheck failure 2\nkey: k\nchoices: 5\n", "", "snapcheck failure 1\n",
  ])
  func corrupt(text: String) throws {
    let database = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: database.directory) }
    try FileManager.default.createDirectory(atPath: database.directory, withIntermediateDirectories: true)
    try text.write(toFile: database.path(of: "k"), atomically: true, encoding: .utf8)
    #expect(database.load("k") == nil)
    let result = forAll(Gen.int(in: 0...100), seed: 3, examples: 100, database: database, databaseKey: "k") { $0 < 50 }
    #expect(!result.replayedFromDatabase)
    #expect(result.counterexample == 50)
    // The new failure replaced the unreadable entry, atomically, and nothing else is left.
    #expect(database.load("k") == result.choices)
    #expect(try FileManager.default.contentsOfDirectory(atPath: database.directory) == [
      URL(fileURLWithPath: database.path(of: "k")).lastPathComponent,
    ])
    #expect(database.load("another") == nil)
  }

  @Test("SNAPCHECK_DATABASE names the directory or turns it off; by default, .snapcheck of the package")
  func location() throws {
    #expect(FailureDatabase.standard(in: ["SNAPCHECK_DATABASE": "none"], from: "/") == nil)
    #expect(FailureDatabase.standard(in: ["SNAPCHECK_DATABASE": "/tmp/x"], from: "/")?.directory == "/tmp/x")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("snapcheck-pkg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let inner = root.appendingPathComponent("Sources/Deep")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try "// swift-tools-version:6.0\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let found = FailureDatabase.standard(in: [:], from: inner.path)
    #expect(found?.directory == root.standardizedFileURL.appendingPathComponent(".snapcheck").path)
  }
}

@Suite("assume and note")
struct AssumeAndNoteTests {
  @Test("assume discards an example: the failure found and shrunk keeps the assumption")
  func assume() {
    let result = forAll(Gen.int(in: 0...1000), seed: 4, examples: 500) { (x: Int, run: PropertyContext) in
      try run.assume(x % 2 == 1)
      return x < 100
    }
    // 100 would be smaller, but it is even: assumed away.
    #expect(result.counterexample == 101)
    #expect(result.discarded > 0)
    let never = forAll(Gen.int(in: 0...1000), seed: 4, examples: 100) { (x: Int, run: PropertyContext) in
      try run.assume(false)
      return true
    }
    #expect(never.failure == .tooManyDiscards)
  }

  @Test("note is printed with the smallest counterexample only")
  func note() {
    let result = forAll(Gen.int(in: 0...1000).array(count: 0...10), seed: 5) { (xs: [Int], run: PropertyContext) in
      let total = xs.reduce(0, +)
      run.note("total \(total)")
      return total < 500
    }
    #expect(result.notes == ["total 500"])
    #expect(result.failureReport()?.contains("Note: total 500") == true)
  }
}

@Suite("Explicit examples and find")
struct ExplicitExamplesTests {
  @Test("explicit examples run first, as given, before the random ones")
  func explicit() {
    // No random draw of a huge range hits 12345; the explicit example does.
    let result = forAll(Gen.int(in: 0...1_000_000_000), seed: 1, examples: 100, explicit: [7, 12345]) { $0 != 12345 }
    #expect(result.counterexample == 12345)
    #expect(result.examplesRun == 2)
    #expect(result.shrinkEvaluations == 0)
    let passing = forAll(Gen.int(in: 0...10), seed: 1, examples: 100, explicit: [1, 2, 3]) { $0 >= 0 }
    #expect(passing.passed && passing.examplesRun == 103)
  }

  @Test("find returns the smallest value that satisfies a predicate, or nil")
  func findSmallest() {
    #expect(find(Gen.int(in: 0...1000).array(count: 0...10), seed: 2) { $0.reduce(0, +) >= 100 } == [100])
    #expect(find(Gen.int(in: -1000...1000), seed: 2) { $0 < -10 } == -11)
    #expect(find(Gen.int(in: 0...10), seed: 2) { $0 > 10 } == nil)
  }
}

@Suite("Targeted search")
struct TargetedSearchTests {
  @Test("target climbs towards the highest score and reports it")
  func climbs() {
    // The score peaks at (700, 300), a point random pairs land near rarely.
    let gen = zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))
    func score(_ p: (Int, Int)) -> Double { -Double(abs(p.0 - 700) + abs(p.1 - 300)) }
    let targeted = forAll(gen, seed: 3, examples: 2000) { (p: (Int, Int), run: PropertyContext) in
      run.target(score(p), label: "closeness")
      return true
    }
    let plain = forAll(gen, seed: 3, examples: 2000) { (p: (Int, Int), run: PropertyContext) in
      run.label("any")
      return true
    }
    #expect(targeted.passed && plain.passed)
    let best = targeted.targets["closeness"]
    #expect(best != nil)
    // Random search alone gets within about 20; hill climbing to the peak or next to it.
    #expect((best?.score ?? -.infinity) >= -2, "\(String(describing: best))")
    #expect(targeted.targets.count == 1)
    #expect(plain.targets.isEmpty)
  }

  @Test("a failure that only high scores reach is found by climbing")
  func findsByClimbing() {
    let gen = Gen.int(in: 0...1_000_000_000)
    // Seven values in a billion: random search alone (a chance of 7e-9 an example) misses.
    let blind = forAll(gen, seed: 4, examples: 4000) { abs($0 - 123_456_789) > 3 }
    #expect(blind.passed)
    let result = forAll(gen, seed: 4, examples: 4000) { (x: Int, run: PropertyContext) in
      run.target(-Double(abs(x - 123_456_789)))
      return abs(x - 123_456_789) > 3
    }
    #expect(!result.passed)
    #expect(result.counterexample.map { abs($0 - 123_456_789) <= 3 } == true)
  }
}

@Suite("Stateful invariants and initial commands")
struct StatefulExtrasTests {
  /// A counter with a capacity set by its first command; `add` forgets the capacity.
  struct Counter: StateMachine {
    enum Command: Equatable, Sendable {
      case setCapacity(Int)
      case add(Int)
    }
    struct System { var capacity = 0; var value = 0 }
    var initialModel: Int { 0 }
    func makeSystem() -> System { System() }
    func initialCommands(for model: Int) -> Gen<Command>? {
      Gen.int(in: 5...100).map(Command.setCapacity)
    }
    func commands(for model: Int) -> Gen<Command> { Gen.int(in: 1...10).map(Command.add) }
    func apply(_ command: Command, to model: Int) -> Int {
      if case .add(let n) = command { return model + n }
      return model
    }
    func run(_ command: Command, on system: inout System, model: Int) throws -> Bool {
      switch command {
      case .setCapacity(let c): system.capacity = c
      case .add(let n): system.value += n  // the bug: never clamped to the capacity
      }
      return true
    }
    /// Checked after every command: never above capacity.
    func invariant(_ system: System, model: Int) throws -> Bool {
      system.value <= max(system.capacity, 0) || system.capacity == 0
    }
  }

  @Test("the invariant is checked after every command, and the initial command stays first")
  func invariantAndInitial() {
    let sequences = commandSequences(Counter())
    for seed: UInt64 in 0..<100 {
      let commands = sequences.example(seed: seed) ?? []
      guard case .setCapacity = commands.first else {
        Issue.record("seed \(seed): \(commands)")
        continue
      }
      #expect(!commands.dropFirst().contains { if case .setCapacity = $0 { true } else { false } })
    }
    // No command returns false: only the invariant, checked after each, catches the bug, at
    // the first add that passes the capacity (shrunk to the smallest capacity, one past it).
    for seed: UInt64 in 1...5 {
      let result = forAllSequences(Counter(), seed: seed, examples: 500)
      let commands = result.counterexample ?? []
      #expect(commands.first == .setCapacity(5), "\(commands)")
      let added = commands.reduce(0) { if case .add(let n) = $1 { $0 + n } else { $0 } }
      #expect(added == 6, "\(commands)")
    }
  }
}

@Suite("Health checks and distinct failures")
struct HealthCheckTests {
  struct Odd: Error {}
  struct Big: Error {}

  @Test("two kinds of failure are shrunk and reported separately")
  func distinctFailures() {
    // Most first failures are Big ones; shrinking one meets the odd ones below 5000.
    for seed: UInt64 in 1...5 {
      let result = forAll(Gen.int(in: 4000...10_000), seed: seed, examples: 1000) { x in
        if x >= 5000 { throw Big() }
        if x % 2 == 1 { throw Odd() }
        return true
      }
      let all = [result.counterexample].compactMap { $0 } + result.otherFailures.map(\.value)
      #expect(Set(all) == [4001, 5000], "seed \(seed): \(all)")
      #expect(result.failureReport()?.contains("Also failed differently (threw") == true)
    }
    let result = forAll(Gen.int(in: 4000...10_000), seed: 1, examples: 1000) { x in
      if x >= 5000 { throw Big() }
      if x % 2 == 1 { throw Odd() }
      return true
    }
    #expect(result.failureReport()?.contains("Also failed differently (threw") == true)
  }

  @Test("a flaky property is reported as flaky, not shrunk")
  func flaky() {
    final class Flip: @unchecked Sendable { var calls = 0 }
    let flip = Flip()
    let result = forAll(Gen.int(in: 0...100), seed: 1, examples: 100) { _ in
      flip.calls += 1
      return flip.calls != 3  // fails once, and never again
    }
    #expect(result.failure == .falsified)
    #expect(result.warnings.contains { $0.hasPrefix("The property is flaky") })
    #expect(result.shrinkEvaluations == 0)
  }

  @Test("examples that overrun the choice limit are reported")
  func tooLarge() {
    // At least 9,000 elements: past the 8,192 choices a test case may make.
    let huge = Gen.int(in: 0...1).array(count: 9000...10_000)
    // Ten examples: the run gives up after 100 discards, every one of them an overrun here.
    let result = forAll(huge, seed: 1, examples: 10) { _ in true }
    #expect(result.warnings.contains { $0.hasPrefix("Examples too large") }, "\(result.warnings)")
    #expect(forAll(Gen.int(in: 0...1).array(count: 0...10), seed: 1) { _ in true }.warnings.isEmpty)
  }
}

extension StatefulExtrasTests {
  @Test("a failing command sequence is stored and replayed first")
  func sequencesRemembered() throws {
    let database = try FailureDatabaseTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: database.directory) }
    let first = forAllSequences(Counter(), seed: 1, examples: 500, database: database, databaseKey: "counter")
    #expect(!first.passed && !first.replayedFromDatabase)
    let second = forAllSequences(Counter(), seed: 2, examples: 1, database: database, databaseKey: "counter")
    #expect(second.replayedFromDatabase)
    #expect(second.counterexample == first.counterexample)
  }
}
