import SnapCheck
import SnapCheckTesting
import Testing
import XCTest

/// The entry points other code relies on, spelled exactly as the issue gives them.
@Suite("SnapCheck entry points")
struct SnapCheckEntryPointTests {
  @Test("the documented entry points compile and behave as documented")
  func entryPoints() {
    let lists = Gen.int(in: -1000...1000).array(count: 0...20)
    let pairs = zip(Gen.int(in: 1...1_000_000), Gen.int(in: 1...1_000_000))
    let lengthList = Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1000).array(count: n...n) }
    let anyInts = Gen.int.array(count: 0...10)  // the whole Int range

    let result = forAll(lists, seed: 42, examples: 1000) { xs in xs.reversed() == xs }
    #expect(result.counterexample == [0, 1])
    #expect(result.seed == 42)
    #expect(result.examplesRun >= 1)
    #expect(result.shrinkEvaluations > 0)
    let replayed = forAll(lists, seed: result.seed, examples: 1000) { xs in xs.reversed() == xs }
    #expect(replayed.examplesRun == result.examplesRun)
    #expect(replayed.shrinkEvaluations == result.shrinkEvaluations)

    #expect(forAll(pairs, seed: 1) { $0.0 >= 1 && $0.1 <= 1_000_000 }.passed)
    #expect(forAll(lengthList, seed: 1) { !$0.isEmpty && $0.count <= 100 }.passed)
    let wide = forAll(anyInts, seed: 1, examples: 1000) { xs in xs.allSatisfy { $0.magnitude < 1 << 62 } }
    #expect(wide.counterexample == [1 << 62])
  }
}

/// XCTAssertProperty under XCTest: a property that holds passes without a failure.
final class SnapCheckXCTestTests: XCTestCase {
  func testPropertyHoldsUnderXCTest() {
    let result = XCTAssertProperty(Gen.int(in: 0...100), seed: 3) { $0 >= 0 }
    XCTAssertTrue(result.passed)
    XCTAssertEqual(result.examplesRun, 100)
  }
}
