// swift-tools-version:5.9
// SwiftCheck (github.com/typelift/SwiftCheck) on the shrinking challenge and on throughput.
// run.sh builds this in a scratch copy that also holds SwiftCheck's own sources under
// Sources/SwiftCheck (copied from $SWIFTCHECK_SOURCE or a clone at the pinned commit), so the
// library is an ordinary separate module, as a user's test target would see it. Tools version
// 5.9 means Swift 5 language mode for both targets, which SwiftCheck (2021) needs.
import PackageDescription

let package = Package(
  name: "swiftcheck-peer",
  targets: [
    .target(name: "SwiftCheck", path: "Sources/SwiftCheck", exclude: ["SwiftCheck.h"]),
    .executableTarget(
      name: "swiftcheck-peer", dependencies: ["SwiftCheck"], path: "Sources/swiftcheck-peer"),
  ]
)
