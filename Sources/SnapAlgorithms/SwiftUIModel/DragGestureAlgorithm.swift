import Foundation

/// A floating button written in SwiftUI: the bodies of its `DragGesture`'s `onChanged` and
/// `onEnded`, its `onAppear`, and an `onChange` of the `GeometryReader`'s geometry.
///
/// The button lives in a `GeometryReader` filling its container (`ignoredSafeArea` says which
/// safe-area regions it ignores) and is laid out by its `FloatingViewState`. Host it with
/// `SwiftUIHosting` to hand it to everything that takes a `SnapAlgorithm` — the simulator, the
/// invariants, `expectInvariants`, `verify` and the benchmarks:
///
/// ```swift
/// struct MyButton: DragGestureAlgorithm {
///   let id = "my-button"
///   var releaseAnimation: SwiftUIAnimation? = .spring(response: 0.4, dampingFraction: 0.7)
///   var dockingMargin: CGFloat? { 16 }
///   mutating func onChanged(
///     _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
///   ) {
///     view.gestureOffset = value.translation  // .updating($dragOffset) { … }
///   }
///   mutating func onEnded(
///     _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
///   ) {
///     view.position.x += value.translation.width
///     view.position.y += value.translation.height
///     let side = view.position.x < geometry.size.width / 2
///       ? 16 + view.size.width / 2 : geometry.size.width - 16 - view.size.width / 2
///     view.withAnimation(releaseAnimation) { $0.position.x = side }
///   }
/// }
/// let algorithm = SwiftUIHosting(MyButton())
/// ```
///
/// What SwiftUI does around those bodies is the host's: the gesture begins once the finger has
/// moved `minimumDistance` from where it came down (10 pt by default); `gestureOffset` is reset
/// without animation when the gesture ends or is cancelled; `onEnded` is not called when it is
/// cancelled; a change of the container (rotation, Split View, bars, the keyboard) moves the
/// reader and its frame, and the button with it, before `onGeometryChange` runs.
public protocol DragGestureAlgorithm: Sendable {
  /// The id users type, e.g. `"my-button"`.
  var id: String { get }
  /// Where the SwiftUI view lives: a hosting controller's view (the default), the key window
  /// or a window of its own (`ItemHost`).
  var host: ItemHost { get }
  /// `DragGesture(minimumDistance:)`: how far the finger moves before the gesture begins;
  /// SwiftUI's default is 10.
  var minimumDistance: CGFloat { get }
  /// `DragGesture(coordinateSpace:)`: `.local` by default.
  var coordinateSpace: DragCoordinateSpace { get }
  /// Which safe-area regions the `GeometryReader` ignores; `.none` by default.
  var ignoredSafeArea: IgnoredSafeArea { get }
  /// Whether the code drives the button's motion itself every frame (a `TimelineView` or a
  /// display link solving the spring) rather than with `withAnimation`: it is then hit where
  /// it is shown and can stop there (`FloatingViewState.stopMotion()`). `false` by default.
  var drivesMotionEveryFrame: Bool { get }
  /// The animation the button docks with; `nil` for a button that does not move after the
  /// finger lifts. Setting it (as `--motion` does) replaces the code's own.
  var releaseAnimation: SwiftUIAnimation? { get set }
  /// As `SnapAlgorithm.dockingMargin`: how far inside the safe region's sides it rests.
  var dockingMargin: CGFloat? { get }
  /// As `SnapAlgorithm.dockingRule`.
  var dockingRule: DockingRule { get }
  /// As `SnapAlgorithm.projectsVelocity`.
  var projectsVelocity: Bool { get }
  /// As `SnapAlgorithm.confinesDragToSafeRegion`.
  var confinesDragToSafeRegion: Bool { get }
  /// As `SnapAlgorithm.itemAction`: `.handlers` for a button whose tap runs an action
  /// (`onTap`); `nil`, the default, for none.
  var itemAction: ItemAction? { get }
  /// As `SnapAlgorithm.contract`.
  var contract: ItemContract { get }
  /// As `SnapAlgorithm.itemSize(on:)`.
  func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize?

  /// `.onAppear`: the button is laid out where the app put it (`view.position`).
  mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry)
  /// `DragGesture`'s `onChanged` (and `updating`): the gesture has begun or the finger moved.
  mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry)
  /// `DragGesture`'s `onEnded`: the finger lifted after the gesture began.
  mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry)
  /// The gesture is over and SwiftUI has reset its `@GestureState`: code that watches a
  /// `@GestureState var isDragging` with `.onChange(of: isDragging)` hears it. Called after
  /// `onEnded` when the finger lifted, and alone when the system cancelled the gesture (an
  /// incoming call, a system gesture), which SwiftUI reports in no other way.
  mutating func onGestureReset(
    ended: Bool, view: inout FloatingViewState, geometry: ContainerGeometry)
  /// A tap on the button: the finger lifted before the drag began (a `Button`'s action or an
  /// `onTapGesture`).
  mutating func onTap(_ view: inout FloatingViewState, geometry: ContainerGeometry)
  /// `.onChange(of: proxy.size)` and of the safe area: the reader's geometry changed. The
  /// button has moved with the reader (its `position` is in the reader's space).
  mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry)
}

extension DragGestureAlgorithm {
  public var host: ItemHost { .viewController }
  public var minimumDistance: CGFloat { 10 }
  public var coordinateSpace: DragCoordinateSpace { .local }
  public var ignoredSafeArea: IgnoredSafeArea { .none }
  public var drivesMotionEveryFrame: Bool { false }
  public var dockingRule: DockingRule { DockingRule() }
  public var projectsVelocity: Bool { false }
  public var confinesDragToSafeRegion: Bool { false }
  public var itemAction: ItemAction? { nil }
  public var contract: ItemContract { .expected }
  public func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize? { nil }
  public mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry) {}
  public mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {}
  public mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {}
  public mutating func onGestureReset(
    ended: Bool, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {}
  public mutating func onTap(_ view: inout FloatingViewState, geometry: ContainerGeometry) {}
  public mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {}
}
