import Foundation
import Testing

@testable import SnapCheck

/// `SNAPCHECK_SEED` and `SNAPCHECK_EXAMPLES` are read by snap-bench's rules for `--seed` and
/// `--examples`; a value that cannot be used never traps or runs for ever, and always says so.
@Suite("SnapCheck's settings in the environment")
struct SnapCheckEnvironmentTests {
  static func seed(_ text: String) -> UInt64? {
    SnapCheckEnvironment.seed(in: ["SNAPCHECK_SEED": text])
  }

  static func factor(_ text: String) -> Double {
    SnapCheckEnvironment.examplesFactor(in: ["SNAPCHECK_EXAMPLES": text])
  }

  @Test("a seed is a whole number as --seed takes it, up to 2^64 - 1, or hexadecimal")
  func seeds() {
    #expect(Self.seed("42") == 42)
    #expect(Self.seed(" 1_000 ") == 1000)
    #expect(Self.seed("1e6") == 1_000_000)
    #expect(Self.seed("1.5e1") == 15)
    #expect(Self.seed("0x2A") == 42)
    #expect(Self.seed("18446744073709551615") == UInt64.max)
    for bad in ["1.5", "-1", "18446744073709551616", "0x1g", "1e20", "nope", "_1", "1_"] {
      #expect(Self.seed(bad) == nil, "\(bad)")
      #expect(
        SnapCheckEnvironment.problems(in: ["SNAPCHECK_SEED": bad]).map(\.variable)
          == ["SNAPCHECK_SEED"], "\(bad)")
    }
    // Empty is unset: `SNAPCHECK_SEED= swift test` is how a shell clears it.
    #expect(Self.seed("") == nil)
    #expect(SnapCheckEnvironment.problems(in: ["SNAPCHECK_SEED": " "]).isEmpty)
  }

  @Test("a factor is a positive decimal number, at most 100,000,000")
  func factors() {
    #expect(Self.factor("10") == 10)
    #expect(Self.factor("0.5") == 0.5)
    #expect(Self.factor("1_0") == 10)
    #expect(Self.factor("1e3") == 1000)
    // Too large: held to the most a run may have, and a problem.
    for large in ["1e15", "1e300", "1e999"] {
      #expect(Self.factor(large) == Double(SnapCheckEnvironment.maximumExamples), "\(large)")
      #expect(
        SnapCheckEnvironment.problems(in: ["SNAPCHECK_EXAMPLES": large]).first?.reason
          .contains("at most 100000000") == true, "\(large)")
    }
    // Not a positive number as the flags write one: ignored (1), and a problem.
    for bad in ["ten", "0", "-1", "nan", "inf", "0x10", "1e", ".5"] {
      #expect(Self.factor(bad) == 1, "\(bad)")
      #expect(
        SnapCheckEnvironment.problems(in: ["SNAPCHECK_EXAMPLES": bad]).first?.reason
          .contains("expected a positive number") == true, "\(bad)")
    }
    #expect(SnapCheckEnvironment.problems(in: ["SNAPCHECK_EXAMPLES": "2.5"]).isEmpty)
  }

  @Test("the scaled number of examples never traps and never passes 100,000,000 by the environment")
  func scaled() {
    let most = SnapCheckEnvironment.maximumExamples
    #expect(SnapCheckEnvironment.scaledExamples(100, in: ["SNAPCHECK_EXAMPLES": "1e300"]) == most)
    #expect(SnapCheckEnvironment.scaledExamples(1000, in: ["SNAPCHECK_EXAMPLES": "1e6"]) == most)
    #expect(SnapCheckEnvironment.scaledExamples(100, in: ["SNAPCHECK_EXAMPLES": "0.5"]) == 50)
    #expect(SnapCheckEnvironment.scaledExamples(1, in: ["SNAPCHECK_EXAMPLES": "1e-9"]) == 1)
    // A property that asks for more itself keeps its own number, and is not taken past it.
    #expect(SnapCheckEnvironment.scaledExamples(Int.max, in: ["SNAPCHECK_EXAMPLES": "2"]) == Int.max)
    #expect(SnapCheckEnvironment.scaledExamples(200_000_000, in: [:]) == 200_000_000)
  }

  @Test("forAll with SNAPCHECK_EXAMPLES=1e300 neither traps nor runs for ever, and warns")
  func forAllHuge() {
    let result = SnapCheckEnvironment.$testEnvironment.withValue(["SNAPCHECK_EXAMPLES": "1e300"]) {
      forAll(Gen.int(in: 0...9), seed: 1, examples: 100, timeLimit: .milliseconds(100)) { _ in true }
    }
    #expect(result.passed)
    #expect(result.examplesRun > 100 && result.examplesRun <= SnapCheckEnvironment.maximumExamples)
    #expect(
      result.warnings.contains {
        $0.contains("SNAPCHECK_EXAMPLES='1e300'") && $0.contains("100000000")
      }, "\(result.warnings)")
  }

  @Test("forAll with settings that cannot be read runs as without them, and says so")
  func forAllUnreadable() {
    let environment = ["SNAPCHECK_EXAMPLES": "ten", "SNAPCHECK_SEED": "nope"]
    let result = SnapCheckEnvironment.$testEnvironment.withValue(environment) {
      forAll(Gen.int(in: 0...9), examples: 100) { _ in true }
    }
    #expect(result.examplesRun == 100)
    #expect(result.warnings.contains { $0.hasPrefix("SNAPCHECK_EXAMPLES='ten': expected a positive number") })
    #expect(result.warnings.contains { $0.hasPrefix("SNAPCHECK_SEED='nope': expected a whole number") })
    // A seed passed in code does not read SNAPCHECK_SEED: nothing to say about it.
    let seeded = SnapCheckEnvironment.$testEnvironment.withValue(environment) {
      forAll(Gen.int(in: 0...9), seed: 3, examples: 100) { _ in true }
    }
    #expect(seeded.seed == 3)
    #expect(!seeded.warnings.contains { $0.contains("SNAPCHECK_SEED") })
  }

  @Test("forAllBuckets with settings that cannot be used runs as far as it may, and says so")
  func bucketsWarn() {
    func run(_ environment: [String: String]) -> BucketedResult<String, Int> {
      SnapCheckEnvironment.$testEnvironment.withValue(environment) {
        forAllBuckets(
          [Gen.int(in: 0...9)], seed: 1, examples: 50, buckets: { _, _ in [] },
          score: { _, _ in nil })
      }
    }
    let unreadable = run(["SNAPCHECK_EXAMPLES": "lots"])
    #expect(unreadable.examplesRun == 50)
    #expect(unreadable.warnings.contains { $0.hasPrefix("SNAPCHECK_EXAMPLES='lots'") })
    let scaled = run(["SNAPCHECK_EXAMPLES": "3"])
    #expect(scaled.examplesRun == 150)
    #expect(scaled.warnings.isEmpty)
  }
}
