import Foundation
import SnapCheck
import SnapCheckTesting
import Testing

/// Coverage, labels, discards, budgets, stateful testing and the test-framework helpers.
@Suite("SnapCheck runs")
struct SnapCheckRunTests {
  @Test("a coverage requirement the generator cannot meet fails the property")
  func coverageUnmet() {
    // Multiples of 10 are about 10% of 0...999; demanding 50% must fail, and say so.
    let result = forAll(Gen.int(in: 0...999), seed: 1, examples: 400) { x, check in
      check.cover(50, "multiple of 10", x % 10 == 0)
      return true
    }
    #expect(result.failure == .insufficientCoverage(["multiple of 10"]))
    #expect(result.coverage.first?.isUnmet == true)
    #expect(result.failureReport()?.contains("'multiple of 10' held in") == true)
  }

  @Test("a coverage requirement that is met passes, and labels are counted")
  func coverageMet() {
    let result = forAll(Gen.int(in: 0...999), seed: 2, examples: 1000) { x, check in
      check.cover(5, "multiple of 10", x % 10 == 0)
      check.label(x < 500 ? "low" : "high")
      return true
    }
    #expect(result.passed)
    #expect(result.coverage.first?.hits ?? 0 > 50)
    #expect((result.labels["low"] ?? 0) + (result.labels["high"] ?? 0) == result.examplesRun)
    #expect(result.examplesRun == SnapCheckEnvironment.scaledExamples(1000))
    #expect(result.labelSummary.contains("low"))
  }

  @Test("a filter that rejects almost everything is reported, not looped on")
  func tooManyDiscards() {
    let impossible = Gen.int(in: 0...1_000_000).filter(attempts: 5) { $0 == 123_456 }
    let result = forAll(impossible, seed: 3, examples: 100) { _ in true }
    #expect(result.failure == .tooManyDiscards)
    #expect(result.discarded >= 100)
    #expect(result.failureReport()?.contains("filter rejects almost everything") == true)
  }

  @Test("a time budget stops drawing examples")
  func timeBudget() {
    let result = forAll(Gen.int, seed: 4, examples: 100_000_000, timeLimit: .milliseconds(50)) {
      _ in true
    }
    #expect(result.passed)
    #expect(result.examplesRun < 100_000_000)
    #expect(result.examplesRun > 0)
  }

  /// A bounded stack whose `push` silently drops the value once it holds three.
  struct BuggyStack: StateMachine {
    enum Command: Equatable, Sendable {
      case push(Int)
      case pop
    }
    var initialModel: [Int] { [] }
    func makeSystem() -> [Int] { [] }
    func commands(for model: [Int]) -> Gen<Command> {
      Gen.oneOf(Gen.int(in: 0...100).map(Command.push), Gen.constant(.pop))
    }
    func precondition(_ command: Command, model: [Int]) -> Bool {
      command != .pop || !model.isEmpty
    }
    func apply(_ command: Command, to model: [Int]) -> [Int] {
      switch command {
      case .push(let value): return model + [value]
      case .pop: return Array(model.dropLast())
      }
    }
    func run(_ command: Command, on system: inout [Int], model: [Int]) throws -> Bool {
      switch command {
      case .push(let value):
        if system.count < 3 { system.append(value) }
        return true
      case .pop:
        return system.popLast() == model.last
      }
    }
  }

  @Test("stateful: a failing command sequence shrinks to the shortest, simplest one")
  func stateMachine() {
    for seed: UInt64 in 0..<5 {
      let result = forAllSequences(BuggyStack(), seed: seed, examples: 500)
      #expect(result.counterexample == [.push(0), .push(0), .push(0), .push(1), .pop], "seed \(seed)")
    }
    // Every generated sequence respects the preconditions: no pop on an empty stack.
    let sequences = commandSequences(BuggyStack())
    for seed: UInt64 in 0..<200 {
      var depth = 0
      for command in sequences.example(seed: seed) ?? [] {
        if command == .pop { depth -= 1 } else { depth += 1 }
        #expect(depth >= 0)
      }
    }
  }

  @Test("check records a failure at the caller with the counterexample and the replay command")
  func swiftTestingHelper() {
    withKnownIssue {
      check(Gen.int(in: 0...1000), seed: 7) { $0 < 500 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Smallest counterexample: 500")
        && text.contains("Replay: SNAPCHECK_SEED=7 swift test --filter swiftTestingHelper")
        && issue.sourceLocation?.fileName == "SnapCheckRunTests.swift"
    }
    // A property that holds records nothing.
    let result = check(Gen.int(in: 0...1000), seed: 8) { $0 <= 1000 }
    #expect(result.passed)
  }

  @Test("the failure report names the failure, the values, the seed and the replay")
  func report() {
    let result = forAll(Gen.int(in: 0...1000).array(count: 0...20), seed: 9) { xs in
      xs.reversed() == xs
    }
    let report = result.failureReport(replay: "swift test --filter reverse") ?? ""
    #expect(report.contains("Property returned false after \(result.examplesRun) example"))
    #expect(report.contains("Smallest counterexample: [0, 1]"))
    #expect(report.contains("Seed: 9"))
    #expect(report.hasSuffix("Replay: SNAPCHECK_SEED=9 swift test --filter reverse"))
  }
}
