// swift-tools-version:6.2
import PackageDescription

// Linux needs libm spelled out, or `floor`, `exp` and friends can fail to link.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "SnapLab",
  // Swift's Duration and Regex, used throughout, need these; on Linux they are not consulted.
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    // MARK: - Public API
    .library(name: "SnapAlgorithms", targets: ["SnapAlgorithms"]),
    .library(name: "SnapCheck", targets: ["SnapCheck"]),
    .library(name: "SnapCheckTesting", targets: ["SnapCheckTesting"]),
    .library(name: "SnapVerification", targets: ["SnapVerification"]),
    .library(name: "SnapLabTesting", targets: ["SnapLabTesting"]),
    .library(name: "SnapBench", targets: ["SnapBench"]),
    .executable(name: "snap-bench", targets: ["snap-bench"]),
    // The names SnapLab 0.30 renamed, deprecated, for ports written before; removed in 1.0.
    .library(name: "SnapLabCompatibility", targets: ["SnapLabCompatibility"]),
  ],
  targets: [
    // MARK: - Implementation details
    // Geometry, environments, gestures, the UIKit model, the algorithms, motion, the simulator.
    .target(name: "SnapAlgorithms", linkerSettings: libm),
    // The property tester; knows nothing of snapping.
    .target(name: "SnapCheck", dependencies: ["CSnapCheckSupport"], linkerSettings: libm),
    // The property tester's crash handlers, watchdog slots and child processes.
    .target(name: "CSnapCheckSupport"),
    // Reports SnapCheck failures as Swift Testing issues or XCTest failures.
    .target(name: "SnapCheckTesting", dependencies: ["SnapCheck"], linkerSettings: libm),
    // Joins the two: scenario generators, the invariant catalogue, findings.
    .target(
      name: "SnapVerification", dependencies: ["SnapAlgorithms", "SnapCheck"],
      linkerSettings: libm),
    // expectInvariants(…) for a user's own algorithm, in Swift Testing and XCTest.
    .target(
      name: "SnapLabTesting", dependencies: ["SnapAlgorithms", "SnapCheck", "SnapVerification"],
      linkerSettings: libm),
    // The benchmark's optimisation barrier and its C reference loop (release builds compile C
    // at -O2, the level Benchmarks/README.md compares with).
    .target(name: "CBenchSupport"),
    // Every snap-bench command as a library, open to the user's algorithms.
    .target(
      name: "SnapBench",
      dependencies: ["SnapAlgorithms", "SnapCheck", "SnapVerification", "CBenchSupport"],
      linkerSettings: libm),
    .executableTarget(name: "snap-bench", dependencies: ["SnapBench"], linkerSettings: libm),
    // Deprecated aliases of the types SnapLab 0.30 renamed (they share SwiftUI's names, so they
    // cannot live in SnapAlgorithms).
    .target(name: "SnapLabCompatibility", dependencies: ["SnapAlgorithms"]),

    // MARK: - Tests
    // Fixtures and the subprocess helper every test target shares; no product.
    .target(
      name: "TestSupport", dependencies: ["SnapAlgorithms"], path: "Tests/TestSupport",
      linkerSettings: libm),
    // Names SwiftUI declares, for the test of a file that imports both it and SnapLab; no
    // product.
    .target(name: "SwiftUINames", path: "Tests/SwiftUINames"),
    .testTarget(
      name: "SnapAlgorithmsTests",
      dependencies: ["SnapAlgorithms", "SnapCheck", "SnapCheckTesting", "TestSupport", "SwiftUINames"],
      linkerSettings: libm),
    .testTarget(
      name: "SnapCheckTests", dependencies: ["SnapCheck", "SnapCheckTesting"], linkerSettings: libm),
    // Every invariant of every algorithm, checked by the property tester.
    .testTarget(
      name: "PropertyTests",
      dependencies: [
        "SnapAlgorithms", "SnapCheck", "SnapCheckTesting", "SnapVerification", "TestSupport",
      ],
      linkerSettings: libm),
    // Floating buttons as users write them, in the shapes real libraries take (written for
    // SnapLab, no third-party code), each with the defects judged by hand.
    .target(
      name: "Corpus", dependencies: ["SnapAlgorithms", "SnapVerification"], path: "Tests/Corpus",
      linkerSettings: libm),
    .testTarget(
      name: "CorpusTests",
      dependencies: ["SnapAlgorithms", "SnapCheck", "SnapVerification", "Corpus", "TestSupport"],
      linkerSettings: libm),
    .testTarget(
      name: "SnapLabTestingTests",
      dependencies: [
        "SnapAlgorithms", "SnapCheck", "SnapVerification", "SnapLabTesting", "TestSupport",
      ],
      linkerSettings: libm),
    .testTarget(
      name: "SnapBenchTests",
      dependencies: [
        "SnapAlgorithms", "SnapCheck", "SnapCheckTesting", "SnapVerification", "SnapBench",
        "TestSupport",
      ],
      linkerSettings: libm),
  ],
  swiftLanguageModes: [.v6]
)
