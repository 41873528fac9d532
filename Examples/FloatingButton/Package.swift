// swift-tools-version:6.0
import PackageDescription

// An app's floating button, checked and timed by SnapLab from outside: the package depends on
// SnapLab by path, as yours would by URL.
let package = Package(
  name: "FloatingButton",
  // Swift's Duration and Regex, used throughout, need these; on Linux they are not consulted.
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "SnapLab", path: "../..")],
  targets: [
    // The docking geometry the app and its SnapLab twin share: plain Core Graphics.
    .target(name: "DockingGeometry"),
    // The app's UIKit button, as shipped. Off Apple's platforms it compiles against UIKitShim,
    // a few declarations with UIKit's names, so that the code the guide shows is type-checked.
    .target(name: "UIKitShim"),
    .target(name: "UIKitOriginal", dependencies: ["DockingGeometry", "UIKitShim"]),
    // The app's SwiftUI bubble, as shipped; off Apple's platforms against SwiftUIShim.
    .target(name: "SwiftUIShim"),
    .target(name: "SwiftUIOriginal", dependencies: ["DockingGeometry", "SwiftUIShim"]),
    // The same button ported to SnapLab's UIKit model, line for line, and the bubble to its
    // SwiftUI model, body for body.
    .target(
      name: "FloatingButton",
      dependencies: [
        "DockingGeometry", "SwiftUIShim", .product(name: "SnapAlgorithms", package: "SnapLab"),
      ]),
    // The app's own snap-bench: SnapLab's commands with the button beside the built-ins.
    .executableTarget(
      name: "my-bench",
      dependencies: ["FloatingButton", .product(name: "SnapBench", package: "SnapLab")]),
    .testTarget(
      name: "FloatingButtonTests",
      dependencies: [
        "FloatingButton",
        .product(name: "SnapAlgorithms", package: "SnapLab"),
        .product(name: "SnapVerification", package: "SnapLab"),
        .product(name: "SnapLabTesting", package: "SnapLab"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
