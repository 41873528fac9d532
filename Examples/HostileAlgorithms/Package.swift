// swift-tools-version:6.0
import PackageDescription

// Buttons that trap, loop, crawl, roll dice and share state, checked by SnapLab from outside as
// a user's package would check them: SnapLab must live through each, name it and lose nothing.
let package = Package(
  name: "HostileAlgorithms",
  // Swift's Duration and Regex, used throughout, need these; on Linux they are not consulted.
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "SnapLab", path: "../..")],
  targets: [
    .target(
      name: "HostileAlgorithms",
      dependencies: [.product(name: "SnapAlgorithms", package: "SnapLab")]),
    // The user's own snap-bench, with the hostile buttons added.
    .executableTarget(
      name: "hostile-bench",
      dependencies: ["HostileAlgorithms", .product(name: "SnapBench", package: "SnapLab")]),
    .testTarget(
      name: "HostileTests",
      dependencies: [
        "HostileAlgorithms",
        .product(name: "SnapAlgorithms", package: "SnapLab"),
        .product(name: "SnapVerification", package: "SnapLab"),
        .product(name: "SnapLabTesting", package: "SnapLab"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
