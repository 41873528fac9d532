import Foundation
import SnapAlgorithms
import Testing

#if canImport(SwiftUI)
  import SwiftUI
  typealias SwiftUIEdgeInsets = SwiftUI.EdgeInsets
  typealias SwiftUISpring = SwiftUI.Spring
#else
  import SwiftUINames
  typealias SwiftUIEdgeInsets = SwiftUINames.EdgeInsets
  typealias SwiftUISpring = SwiftUINames.Spring
#endif

/// SwiftUI declares `Environment`, `EdgeInsets`, `Gesture` and `Spring` too. In a file that
/// imports both, each name alone is ambiguous; SnapLab's are written with their module's name,
/// `SnapAlgorithms.Environment`, as docs/TestingYourAlgorithm.md says, and SwiftUI's with
/// `SwiftUI.` — this file compiles, which is the test.
@Suite("A file that imports SwiftUI too")
struct SwiftUINameClashTests {
  @Test("SnapLab's four names, module-qualified, beside SwiftUI's")
  func qualified() throws {
    let environment: SnapAlgorithms.Environment = DeviceProfile.standard.environment()
    let insets: SnapAlgorithms.EdgeInsets = environment.safeAreaInsets
    let made: SnapAlgorithms.Spring? = .init(dampingRatio: 1, response: 0.4)
    let spring = try #require(made)
    let gesture: SnapAlgorithms.Gesture = .drag(
      from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.2, touchRate: 60)
    let swiftUIInsets = SwiftUIEdgeInsets(
      top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    let swiftUISpring = SwiftUISpring(response: 0.4, dampingRatio: 1)
    #expect(swiftUIInsets.top == insets.top && swiftUIInsets.leading == insets.left)
    #expect(swiftUISpring.dampingRatio == 1)
    #expect(spring.settleTime > 0)
    #expect(gesture.events.first?.phase == .began)
  }
}
