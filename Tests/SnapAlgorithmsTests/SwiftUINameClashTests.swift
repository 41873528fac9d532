import Foundation
import SnapAlgorithms
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#else
  import SwiftUINames
#endif

/// SwiftUI declares `Environment`, `EdgeInsets`, `Gesture`, `Spring`, `CoordinateSpace` and
/// `DragSession`; SnapLab's types of those meanings are named otherwise (`ItemEnvironment`,
/// `Insets`, `TouchGesture`, `DampedSpring`, `UIKitCoordinateSpace`, `DragSimulation`), so a
/// file that imports both writes every name alone — this file compiles, which is the test.
/// (SwiftUINamesTests checks that no other public name of SnapLab's is one of SwiftUI's.)
@Suite("A file that imports SwiftUI too")
struct SwiftUINameClashTests {
  @Test("SnapLab's names and SwiftUI's, each alone")
  func unqualified() throws {
    let environment: ItemEnvironment = DeviceProfile.standard.environment()
    let insets: Insets = environment.safeAreaInsets
    let spring = try #require(DampedSpring(dampingRatio: 1, response: 0.4))
    let gesture: TouchGesture = .drag(
      from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.2, touchRate: 60)
    let space: UIKitCoordinateSpace = .window
    var session = DragSimulation(
      algorithm: EdgeDockPublished(), environment: environment,
      center: CGPoint(x: 100, y: 300), itemSize: CGSize(width: 60, height: 60))
    for event in gesture.events { session.receive(event) }

    let swiftUIInsets = EdgeInsets(
      top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    let swiftUISpace: CoordinateSpace = .global
    let swiftUIEnvironment: Any.Type = Environment<Bool>.self
    let swiftUIGesture: Any.Type = (any Gesture).self
    #expect(swiftUIInsets.top == insets.top && swiftUIInsets.leading == insets.left)
    #expect(swiftUISpace == .global && space == .window)
    #expect(ObjectIdentifier(swiftUIEnvironment) != ObjectIdentifier(swiftUIGesture))
    if #available(iOS 17, macOS 14, *) {
      #expect(Spring(response: 0.4, dampingRatio: 1).dampingRatio == 1)
    }
    if #available(iOS 26, macOS 26, *) {
      let swiftUIDrag: Any.Type = DragSession.self
      #expect(ObjectIdentifier(swiftUIDrag) != ObjectIdentifier(type(of: session)))
    }
    #expect(spring.settleTime > 0)
    #expect(session.time == gesture.events.last?.time)
  }
}
