// swift-tools-version: 6.1
// The shrinking challenge and throughput for x-sheep/swift-property-based (PropertyBased).
// PropertyBased only runs inside a Swift Testing test (propertyCheck has a precondition on
// Test.Case.current), so the benchmark is a test target; run.sh links the library's checkout
// at .deps/PropertyBased (not named swift-property-based: that is this directory's name, and
// SwiftPM would take the two for one package) and runs `swift test -c release`.
import PackageDescription

let package = Package(
  name: "SPBBenchmark",
  dependencies: [
    .package(path: ".deps/PropertyBased")
  ],
  targets: [
    .testTarget(
      name: "SPBBenchmark",
      dependencies: [.product(name: "PropertyBased", package: "PropertyBased")]
    )
  ]
)
