// An XCTest file as most iOS app test targets have them: it imports XCTest and SnapLabTesting,
// nothing else (SnapLabTesting brings SnapAlgorithms, whose published variant is the planted
// bug here). `expectInvariants` must compile here with its default arguments, and fail the
// test method at the caller's line. Keep `import Testing` out of this file: with it, the check
// would pass whatever expectInvariants' defaults need.
import SnapLabTesting
import XCTest

final class XCTestOnlyTests: XCTestCase {
  private var failures: [(description: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    // Kept instead of failing: this test plants a bug and checks how it is reported.
    failures.append((description, lineNumber))
  }

  func testAPlantedBugFailsAtTheCallersLine() {
    let line = #line + 1
    expectInvariants(PerAxisClampPublished(), examples: 200)
    let seen = failures
    failures = []
    XCTAssertFalse(seen.isEmpty, "the published per-axis clamp's defects were not reported")
    XCTAssertTrue(seen.allSatisfy { $0.line == line }, "\(seen.map(\.line)) vs \(line)")
    XCTAssertTrue(
      seen.allSatisfy { $0.description.hasPrefix("per-axis-clamp.published fails: ") },
      "\(seen.map(\.description))")
  }
}
