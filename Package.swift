// swift-tools-version:6.0
import PackageDescription

// Linux needs libm spelled out, or `floor`, `exp` and friends can fail to link.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "SnapLab",
  products: [
    // MARK: - Public API
    .library(name: "SnapAlgorithms", targets: ["SnapAlgorithms"]),
    .library(name: "SnapCheck", targets: ["SnapCheck"]),
    .library(name: "SnapCheckTesting", targets: ["SnapCheckTesting"]),
    .executable(name: "snap-bench", targets: ["snap-bench"]),
  ],
  targets: [
    // MARK: - Implementation details
    .target(name: "SnapAlgorithms", linkerSettings: libm),
    .target(name: "SnapCheck", linkerSettings: libm),
    // Reports SnapCheck failures as Swift Testing issues or XCTest failures; only tests link it.
    .target(name: "SnapCheckTesting", dependencies: ["SnapCheck"], linkerSettings: libm),
    // Joins the two: scenario generators and the invariant catalogue, for tests and snap-bench.
    .target(
      name: "SnapVerification", dependencies: ["SnapAlgorithms", "SnapCheck"],
      linkerSettings: libm),
    // The benchmark's optimisation barrier and its C reference loop, compiled with -O2 as the
    // comparison in Benchmarks/README.md states.
    .target(name: "CBenchSupport", cSettings: [.unsafeFlags(["-O2"])]),
    .executableTarget(
      name: "snap-bench",
      dependencies: ["SnapAlgorithms", "SnapCheck", "SnapVerification", "CBenchSupport"],
      linkerSettings: libm),

    // MARK: - Tests
    .testTarget(
      name: "PropertyTests",
      dependencies: ["SnapAlgorithms", "SnapCheck", "SnapCheckTesting", "SnapVerification"],
      linkerSettings: libm),
  ],
  swiftLanguageModes: [.v6]
)
