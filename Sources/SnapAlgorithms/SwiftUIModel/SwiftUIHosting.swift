import Foundation

/// A SwiftUI floating button (`DragGestureAlgorithm`) as a `SnapAlgorithm`: SnapLab's model of
/// what SwiftUI does between the touches and the code's gesture bodies, so that the simulator,
/// the invariants, `expectInvariants`, `verify` and the benchmarks take it as they take UIKit
/// code.
///
/// - **The gesture.** A touch on the button (hit where it is laid out, or where it is shown
///   for code that drives its motion every frame) begins the `DragGesture` once the finger is
///   `minimumDistance` from where it came down; every move after that calls `onChanged` with
///   the `DragValue`, the lift calls `onEnded`. `gestureOffset` is reset without animation when
///   the gesture ends or is cancelled, before `onEnded`; a cancelled gesture never calls it,
///   and `onGestureReset` follows either. A lift before the gesture began is a tap (`onTap`).
/// - **Layout.** The button's centre is the reader's origin plus `FloatingViewState.center`.
///   A container change moves the reader and the button with it, then calls `onGeometryChange`.
/// - **Animation.** What a `withAnimation` block changed is shown moving there, added to any
///   motion still running (`SwiftUIAnimation`); everything else is shown at once. Touches reach
///   the button while it animates.
public struct SwiftUIHosting<Algorithm: DragGestureAlgorithm>: SnapAlgorithm {
  /// The SwiftUI code.
  public var algorithm: Algorithm
  /// The view's state, from `didLoad` on.
  public var state: FloatingViewState?
  /// The touch in progress: where it came down and whether the drag has begun.
  var touch: TouchDown?

  struct TouchDown: Hashable, Sendable {
    /// The finger at touch-down, in the superview's coordinates.
    var start: CGPoint
    /// The same point in the window.
    var startInWindow: CGPoint
    /// The button's laid-out frame origin at touch-down: the origin of the `.local` space.
    var localOrigin: CGPoint
    /// Whether the drag gesture has begun.
    var began = false
  }

  /// `algorithm` hosted in a `GeometryReader` in a hosting controller.
  @inlinable
  public init(_ algorithm: Algorithm) { self.algorithm = algorithm }

  public var id: String { algorithm.id }
  public var inputAPI: InputAPI { .touches(tapRecognizerAttached: false) }
  public var host: ItemHost { algorithm.host }
  public var releaseMotion: Motion? {
    get { algorithm.releaseAnimation?.motion }
    set { algorithm.releaseAnimation = newValue.map(SwiftUIAnimation.init(motion:)) }
  }
  public var dockingMargin: CGFloat? { algorithm.dockingMargin }
  public var dockingRule: DockingRule { algorithm.dockingRule }
  public var projectsVelocity: Bool { algorithm.projectsVelocity }
  public var confinesDragToSafeRegion: Bool { algorithm.confinesDragToSafeRegion }
  public var itemAction: ItemAction? { algorithm.itemAction.map { _ in .handlers } }
  public var contract: ItemContract { algorithm.contract }
  public func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize? { algorithm.itemSize(on: idiom) }

  /// The reader's geometry in `environment`.
  @inlinable
  public func geometry(in environment: ItemEnvironment) -> ContainerGeometry {
    ContainerGeometry(environment: environment, ignoring: algorithm.ignoredSafeArea)
  }

  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
    let geometry = geometry(in: context.environment)
    view.isDisplayLinkDriven = algorithm.drivesMotionEveryFrame
    var state = FloatingViewState(
      position: CGPoint(x: view.center.x - geometry.origin.x, y: view.center.y - geometry.origin.y),
      size: view.size)
    algorithm.onAppear(&state, geometry: geometry)
    show(&state, on: &view, geometry: geometry, time: context.time)
  }

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    guard self.touch == nil else { return }
    var down = TouchDown(
      start: touch.locationInContainer, startInWindow: touch.locationInWindow,
      localOrigin: view.frame.origin)
    // A gesture with no minimum distance begins as the finger comes down.
    guard !(algorithm.minimumDistance > 0) else {
      self.touch = down
      return
    }
    down.began = true
    self.touch = down
    changed(touch, down: down, view: &view, context: context)
  }

  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    guard var down = self.touch else { return }
    let location = touch.locationInContainer
    if !down.began {
      let moved = hypot(location.x - down.start.x, location.y - down.start.y)
      // A finger that has not come `minimumDistance` away has not begun the drag; NaN never does.
      guard moved >= algorithm.minimumDistance else { return }
      down.began = true
      self.touch = down
    }
    changed(touch, down: down, view: &view, context: context)
  }

  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    guard let down = self.touch else { return }
    self.touch = nil
    guard down.began else {
      handle(view: &view, context: context, geometry: geometry(in: context.environment)) {
        algorithm, state, geometry in
        algorithm.onTap(&state, geometry: geometry)
      }
      return
    }
    let geometry = geometry(in: context.environment)
    let value = dragValue(touch, down: down, context: context, geometry: geometry)
    handle(view: &view, context: context, geometry: geometry) { algorithm, state, geometry in
      state.gestureOffset = .zero
      algorithm.onEnded(value, view: &state, geometry: geometry)
      algorithm.onGestureReset(ended: true, view: &state, geometry: geometry)
    }
  }

  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    guard let down = self.touch else { return }
    self.touch = nil
    guard down.began else { return }
    handle(view: &view, context: context, geometry: geometry(in: context.environment)) {
      algorithm, state, geometry in
      state.gestureOffset = .zero
      algorithm.onGestureReset(ended: false, view: &state, geometry: geometry)
    }
  }

  /// `onChanged`, with the drag's value for `touch`.
  mutating func changed(
    _ touch: Touch, down: TouchDown, view: inout ItemView, context: UIKitContext
  ) {
    let geometry = geometry(in: context.environment)
    let value = dragValue(touch, down: down, context: context, geometry: geometry)
    handle(view: &view, context: context, geometry: geometry) { algorithm, state, geometry in
      algorithm.onChanged(value, view: &state, geometry: geometry)
    }
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    let before = geometry(in: old)
    let after = geometry(in: context.environment)
    guard var state = state.take() else { return }
    // The reader moved: the button, laid out in it, moves along at once.
    if before.origin != after.origin {
      view.center = CGPoint(
        x: view.center.x + after.origin.x - before.origin.x,
        y: view.center.y + after.origin.y - before.origin.y)
    }
    guard before != after else {
      self.state = state
      return
    }
    state.shownCenter = shown(state, view: view, geometry: after, time: context.time)
    algorithm.onGeometryChange(from: before, view: &state, geometry: after)
    show(&state, on: &view, geometry: after, time: context.time)
  }

  /// The drag's value for `touch`, in the gesture's coordinate space.
  func dragValue(_ touch: Touch, down: TouchDown, context: UIKitContext, geometry: ContainerGeometry)
    -> DragValue
  {
    let velocity = CGSize(width: context.fingerVelocity.dx, height: context.fingerVelocity.dy)
    let location: CGPoint
    let start: CGPoint
    switch algorithm.coordinateSpace {
    case .global:
      location = touch.locationInWindow
      start = down.startInWindow
    case .reader:
      let origin = geometry.origin
      location = CGPoint(x: touch.locationInContainer.x - origin.x, y: touch.locationInContainer.y - origin.y)
      start = CGPoint(x: down.start.x - origin.x, y: down.start.y - origin.y)
    case .local:
      let origin = down.localOrigin
      location = CGPoint(x: touch.locationInContainer.x - origin.x, y: touch.locationInContainer.y - origin.y)
      start = CGPoint(x: down.start.x - origin.x, y: down.start.y - origin.y)
    }
    return DragValue(time: context.time, location: location, startLocation: start, velocity: velocity)
  }

  /// Runs `body` on the view's state and shows what it changed, `geometry` being the reader's
  /// in this event (worked out once per event by the caller).
  mutating func handle(
    view: inout ItemView, context: UIKitContext, geometry: ContainerGeometry,
    _ body: (inout Algorithm, inout FloatingViewState, ContainerGeometry) -> Void
  ) {
    // Taken out, so that its list of steps is not shared and grows in place.
    var state =
      self.state.take()
      ?? FloatingViewState(
        position: CGPoint(x: view.center.x - geometry.origin.x, y: view.center.y - geometry.origin.y),
        size: view.size)
    state.shownCenter = shown(state, view: view, geometry: geometry, time: context.time)
    body(&algorithm, &state, geometry)
    show(&state, on: &view, geometry: geometry, time: context.time)
  }

  /// Where the code can know the button is shown: where a display link put it, for code that
  /// drives its motion every frame; where it is laid out otherwise.
  func shown(_ state: FloatingViewState, view: ItemView, geometry: ContainerGeometry, time: Double)
    -> CGPoint
  {
    guard algorithm.drivesMotionEveryFrame else { return state.center }
    let shown = view.presentationCenter(at: time)
    return CGPoint(x: shown.x - geometry.origin.x, y: shown.y - geometry.origin.y)
  }

  /// Shows `state` on `view`: what the code set at once ends that value's animations, what it
  /// changed in `withAnimation` starts one, and the item is laid out where the state puts it.
  /// Keeps the state.
  mutating func show(
    _ state: inout FloatingViewState, on view: inout ItemView, geometry: ContainerGeometry,
    time: Double
  ) {
    let origin = geometry.origin
    if state.stopRequested {
      state.stopRequested = false
      if algorithm.drivesMotionEveryFrame { view.stopAnimations(at: time) }
    }
    view.confinement = state.confinement.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    for step in state.steps {
      switch step {
      case .set(let property):
        // SwiftUI shows a value changed outside an animation at once: its animation ends.
        view.removeAnimations(completion: property.tag)
      case .animated(let property, let move, let animation):
        var velocity: CGVector?
        if let given = animation.velocity {
          velocity = CGVector(dx: given.width, dy: given.height)
        } else if animation.relativeVelocity != 0 {
          let relative = CGFloat(animation.relativeVelocity)
          velocity = CGVector(dx: relative * move.dx, dy: relative * move.dy)
        }
        // An animation of `move` on top of whatever else moves the item.
        let from = view.center
        view.animate(
          to: CGPoint(x: from.x + move.dx, y: from.y + move.dy), with: animation.motion, at: time,
          allowsUserInteraction: true, velocity: velocity, completion: property.tag)
        // SwiftUI merges a spring into the one already moving the value: one animation a frame.
        view.mergeSprings(animation.motion, completion: property.tag, at: time)
      }
    }
    state.steps.removeAll(keepingCapacity: true)
    view.center = CGPoint(x: state.center.x + origin.x, y: state.center.y + origin.y)
    for _ in 0..<state.actionsSent { view.sendAction() }
    state.actionsSent = 0
    self.state = state
  }
}
