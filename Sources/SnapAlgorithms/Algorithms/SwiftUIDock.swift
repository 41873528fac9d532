import Foundation

/// `swiftui-dock.published`: the SwiftUI floating button as tutorials publish it — a button
/// placed at the bottom trailing corner of a `GeometryReader`, moved by an `@State` offset and
/// a `@GestureState` drag offset, and sprung to the nearer side when the finger lifts, carried
/// on vertically by the drag's predicted end:
///
/// ```swift
/// @State private var offset = CGSize.zero
/// @GestureState private var dragOffset = CGSize.zero
///
/// var body: some View {
///   GeometryReader { proxy in
///     button
///       .frame(width: 60, height: 60)
///       .position(x: proxy.size.width - 16 - 30, y: proxy.size.height - 16 - 30)
///       .offset(offset)
///       .offset(dragOffset)
///       .gesture(
///         DragGesture()
///           .updating($dragOffset) { value, state, _ in state = value.translation }
///           .onEnded { value in
///             offset.width += value.translation.width
///             offset.height += value.translation.height
///             let x = proxy.size.width - 16 - 30 + offset.width
///             withAnimation(.spring(response: 0.4, dampingFraction: 0.7)) {
///               offset.height += value.predictedEndTranslation.height - value.translation.height
///               offset.width = x < proxy.size.width / 2 ? 46 - (proxy.size.width - 46) : 0
///             }
///           })
///   }
/// }
/// ```
///
/// Nothing keeps the height inside the reader, nothing follows the reader when it changes
/// size (the offset is kept from a corner that moves), and the spring starts at rest. It is not
/// one article's code but the shape the SwiftUI tutorials share; the seeds are UIKit articles.
public struct SwiftUIDockPublished: DragGestureAlgorithm {
  public let id = "swiftui-dock.published"
  public var releaseAnimation: SwiftUIAnimation? = .spring(response: 0.4, dampingFraction: 0.7)
  public var dockingMargin: CGFloat? { padding }
  /// The rest height follows the drag's predicted end.
  public var projectsVelocity: Bool { true }
  /// The padding from the reader's edges: where the button is placed and docks.
  public let padding: CGFloat = 16

  public init() {}

  /// Where `.position` puts the button: the reader's bottom trailing corner, inside the padding.
  func corner(_ view: FloatingViewState, _ geometry: ContainerGeometry) -> CGPoint {
    CGPoint(
      x: geometry.size.width - padding - view.size.width / 2,
      y: geometry.size.height - padding - view.size.height / 2)
  }

  public mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
    // Laid out in the corner; the offset puts it where the app put it.
    let placed = view.position
    view.position = corner(view, geometry)
    view.offset = CGSize(width: placed.x - view.position.x, height: placed.y - view.position.y)
  }

  public mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    view.gestureOffset = value.translation
  }

  public mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    view.offset.width += value.translation.width
    view.offset.height += value.translation.height
    let x = view.position.x + view.offset.width
    let left = padding + view.size.width / 2
    let right = geometry.size.width - padding - view.size.width / 2
    let carried = value.predictedEndTranslation.height - value.translation.height
    view.withAnimation(releaseAnimation) {
      $0.offset.height += carried
      $0.offset.width = (x < geometry.size.width / 2 ? left : right) - $0.position.x
    }
  }

  public mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    // SwiftUI lays the button out in the new corner; the offset stays what it was.
    view.position = corner(view, geometry)
  }
}
