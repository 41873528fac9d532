import Foundation

/// `swiftui-dock.corrected`: `swiftui-dock.published`'s idea — a SwiftUI button sprung to the
/// nearer side, 16 pt in — with what the property tester found fixed.
///
/// - The button is placed by `.position` alone, in the reader's safe area (`safeRect`), and
///   clamped to it while it is dragged: it never passes under a bar, the home indicator or the
///   keyboard (the reader ignores no safe area, so SwiftUI shrinks it for the keyboard).
/// - It rests with its height kept in the safe area, 16 pt clear of its top and bottom where
///   there is room, the drag's predicted end clamped.
/// - The motion is a spring solved every frame (a `TimelineView` with iOS 17's
///   `Spring.value(target:initialVelocity:time:)`), started at the finger's velocity and kept
///   on screen when it overshoots; so the button is hit where it is shown, and a finger that
///   lands on it while it moves stops it there (`DragGesture(minimumDistance: 0)`, whose first
///   `onChanged` comes at touch-down) and drags it from there.
/// - The button follows the finger's location, not the translation from a place the reader may
///   since have moved, so it stays under the finger through a rotation.
/// - On a change of the reader's geometry it re-docks on the same side at the height it docked
///   at, as far as the new safe area allows, so a change that is undone puts it back exactly.
public struct SwiftUIDockCorrected: DragGestureAlgorithm {
  public let id = "swiftui-dock.corrected"
  public var releaseAnimation: SwiftUIAnimation? = .spring(response: 0.4, dampingFraction: 0.7)
  public var dockingMargin: CGFloat? { margin }
  public var minimumDistance: CGFloat { 0 }
  public var coordinateSpace: DragCoordinateSpace { .reader }
  public var drivesMotionEveryFrame: Bool { true }
  public var confinesDragToSafeRegion: Bool { true }
  /// With a spring the rest height follows a vertical flick, so the spring has somewhere to
  /// carry the finger's vertical velocity; with a timing curve it rests where it was released.
  public var projectsVelocity: Bool { releaseAnimation?.motion.carriesVelocity ?? false }
  /// How far inside the safe area's sides it docks.
  public let margin: CGFloat = 16

  /// The finger's offset from the button's centre while it holds the button (a
  /// `@GestureState`, so a cancelled gesture resets it).
  public var grip: CGSize?
  /// Whether the finger has moved a pan's 10 pt since it came down: until then the touch may be
  /// a tap, and the button stays where it was caught.
  public var dragging = false
  /// Where it last docked by its own choice, in the container's coordinates, and the reader
  /// it docked in: a geometry change re-docks it from there.
  public var berth: (center: CGPoint, geometry: ContainerGeometry)?

  /// The finger's velocity at the last `onChanged`: a cancelled gesture hands over no value.
  public var lastVelocity = CGSize.zero

  public init() {}

  public mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
    // Wherever the app put it, it starts inside the safe area.
    view.position = SafeDocking.clamp(
      view.position, size: view.size, in: geometry.safeRect, within: geometry.containerBounds)
  }

  public mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    if grip == nil {
      // Touch-down: stop where it is shown and hold it by the point the finger landed on.
      view.stopMotion()
      grip = CGSize(
        width: value.startLocation.x - view.position.x,
        height: value.startLocation.y - view.position.y)
      dragging = false
    }
    guard let grip else { return }
    lastVelocity = value.velocity
    let travel = hypot(value.translation.width, value.translation.height)
    if !dragging, travel >= 10 { dragging = true }
    guard dragging else { return }
    let wanted = CGPoint(x: value.location.x - grip.width, y: value.location.y - grip.height)
    view.position = SafeDocking.clamp(
      wanted, size: view.size, in: geometry.safeRect, within: geometry.containerBounds)
  }

  public mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    grip = nil
    // A touch that never dragged holds the button, it does not throw it.
    let velocity = dragging ? value.velocity : .zero
    var released = view.position
    if projectsVelocity, dragging {
      released.y += value.predictedEndLocation.y - value.location.y
    }
    dragging = false
    dock(&view, releasedAt: released, geometry: geometry, velocity: velocity)
  }

  public mutating func onGestureReset(
    ended: Bool, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    guard !ended, grip != nil else { return }
    // Cancelled: SwiftUI calls no onEnded; dock from where the finger left it, at the velocity
    // it last had.
    grip = nil
    let velocity = dragging ? lastVelocity : .zero
    var released = view.position
    if projectsVelocity, dragging {
      released.y += SafeDocking.projection(of: velocity.height, rate: DragValue.predictionDecelerationRate)
    }
    dragging = false
    dock(&view, releasedAt: released, geometry: geometry, velocity: velocity)
  }

  public mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    let moved = CGSize(
      width: geometry.origin.x - old.origin.x, height: geometry.origin.y - old.origin.y)
    if grip != nil {
      // Held: it stays where the finger holds it on screen, inside the new safe area.
      let held = CGPoint(x: view.position.x - moved.width, y: view.position.y - moved.height)
      view.position = SafeDocking.clamp(
        held, size: view.size, in: geometry.safeRect, within: geometry.containerBounds)
      return
    }
    let from =
      berth
      ?? (
        center: CGPoint(x: view.center.x + old.origin.x, y: view.center.y + old.origin.y),
        geometry: old
      )
    berth = from
    let wasRight = from.center.x - from.geometry.origin.x > from.geometry.safeRect.midX
    let anchor = CGPoint(
      x: wasRight ? geometry.safeRect.maxX : geometry.safeRect.minX,
      y: from.center.y - geometry.origin.y)
    view.stopMotion()
    view.position = SafeDocking.dockedCenter(
      releasedAt: anchor, size: view.size, in: restingRegion(view, geometry),
      within: geometry.containerBounds, margin: margin)
  }

  /// Where it may rest: the safe area, `margin` clear of its top and bottom too where the
  /// button has room for that.
  func restingRegion(_ view: FloatingViewState, _ geometry: ContainerGeometry) -> CGRect {
    let region = geometry.safeRect
    guard view.size.height + 2 * margin <= region.height else { return region }
    return region.insetBy(dx: 0, dy: margin)
  }

  mutating func dock(
    _ view: inout FloatingViewState, releasedAt released: CGPoint, geometry: ContainerGeometry,
    velocity: CGSize
  ) {
    let target = SafeDocking.dockedCenter(
      releasedAt: released, size: view.size, in: restingRegion(view, geometry),
      within: geometry.containerBounds, margin: margin)
    berth = (CGPoint(x: target.x + geometry.origin.x, y: target.y + geometry.origin.y), geometry)
    view.confinement = geometry.containerBounds
    view.withAnimation(releaseAnimation?.startingAt(velocity) ?? nil) { $0.position = target }
  }
}
