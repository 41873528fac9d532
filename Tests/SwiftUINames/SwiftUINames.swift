// Names SwiftUI declares that SnapLab's SnapAlgorithms declared too before it renamed its own
// (`ItemEnvironment`, `Insets`, `TouchGesture`, `DampedSpring`, `UIKitCoordinateSpace`,
// `DragSimulation`), shaped as SwiftUI has them, for the test that shows a file importing both
// uses every name alone (on Linux, where SwiftUI is not; on Apple platforms the test imports
// SwiftUI itself).
import Foundation

/// SwiftUI's `EdgeInsets`: leading and trailing, not left and right.
public struct EdgeInsets: Equatable, Sendable {
  public var top, leading, bottom, trailing: CGFloat
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }
}

/// SwiftUI's `Environment`: a property wrapper.
@propertyWrapper
public struct Environment<Value> {
  public var wrappedValue: Value
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// SwiftUI's `Gesture`: a protocol.
public protocol Gesture {}

/// SwiftUI's `Spring`: a physical spring model.
public struct Spring: Equatable, Sendable {
  public var response, dampingRatio: Double
  public init(response: Double = 0.5, dampingRatio: Double = 1) {
    (self.response, self.dampingRatio) = (response, dampingRatio)
  }
}

/// SwiftUI's `CoordinateSpace`: where a gesture's locations are measured.
public enum CoordinateSpace: Hashable, Sendable {
  case global, local
}

/// SwiftUI's `DragSession` (iOS 26): a drag and drop in progress.
public struct DragSession: Sendable {
  public var location: CGPoint
  public init(location: CGPoint = .zero) { self.location = location }
}
