import SnapAlgorithms

// SnapLab 0.30 renamed six public types that shared a name with SwiftUI's, so that a file that
// imports both compiles (`Environment` was ambiguous there). A port written against the old names
// keeps compiling, with a deprecation warning naming the new one at each use, by adding
// `import SnapLabCompatibility` to its files. The aliases live in a module of their own because
// in SnapAlgorithms they would bring the ambiguity back for every SwiftUI user. They will be
// removed in SnapLab 1.0 (see CHANGELOG.md).

/// The container an item lives in; renamed `ItemEnvironment` in SnapLab 0.30.
@available(*, deprecated, renamed: "ItemEnvironment")
public typealias Environment = ItemEnvironment

/// Safe-area and layout insets; renamed `Insets` in SnapLab 0.30.
@available(*, deprecated, renamed: "Insets")
public typealias EdgeInsets = Insets

/// A recorded touch sequence; renamed `TouchGesture` in SnapLab 0.30.
@available(*, deprecated, renamed: "TouchGesture")
public typealias Gesture = TouchGesture

/// A damped spring; renamed `DampedSpring` in SnapLab 0.30.
@available(*, deprecated, renamed: "DampedSpring")
public typealias Spring = DampedSpring

/// A coordinate space of the UIKit model; renamed `UIKitCoordinateSpace` in SnapLab 0.30.
@available(*, deprecated, renamed: "UIKitCoordinateSpace")
public typealias CoordinateSpace = UIKitCoordinateSpace

/// One drag of an algorithm, frame by frame; renamed `DragSimulation` in SnapLab 0.30.
@available(*, deprecated, renamed: "DragSimulation")
public typealias DragSession<Algorithm: SnapAlgorithm> = DragSimulation<Algorithm>
