import Foundation

/// `forced-boundary-end.corrected`: article 002's idea — a pan recogniser drags the button,
/// the drag ends by itself when the button reaches a margin band, and the button then settles
/// at fixed margins — with what the property tester found fixed.
///
/// - The band and the docking positions are measured from the safe region (window less insets,
///   bars and keyboard) and the item's own size, read when needed, not from the screen size read
///   once: a 10 pt margin for any item, on any device, after any rotation.
/// - The button follows the finger's location from where it was grabbed, so it does not trail
///   the finger by the recogniser's hysteresis.
/// - A cancelled pan docks as an ended one does. A button docked on the band's edge can be
///   dragged along it (the article's own start position ends every drag at once): a side of the
///   band it starts in ends the drag only once it has been a margin clear of that side.
/// - Ties and NaN cannot leave the button between sides.
/// - The article's jump is kept as the default motion; any motion may replace it, a spring
///   handed the finger's velocity and confined to the window, so it never leaves the screen.
/// - On a container change the button re-docks on the same side in the new region.
public struct ForcedBoundaryEndCorrected: SnapAlgorithm {
  public let id = "forced-boundary-end.corrected"
  /// The drag is clamped to the safe region, so it never passes under a bar or the keyboard.
  public var confinesDragToSafeRegion: Bool { true }
  public let inputAPI = InputAPI.panGestureRecognizer
  /// A `UIButton`: the pan, once it begins, cancels its touch-up-inside.
  public var itemAction: ItemAction? { .touchUpInside }
  public var releaseMotion: Motion? = Motion.none
  /// The margin from the safe region's edges, for the band and for docking.
  public var margin: CGFloat = 10
  public var dockingMargin: CGFloat? { margin }
  /// The margin holds at the top and bottom too (when the item has room for it).
  public var dockingRule: DockingRule { DockingRule(marginOnAllSides: true) }

  /// Where and how the finger holds the button: followed while it drags, re-seated under it if
  /// the container changes, left in place while a touch has not become a pan.
  public var grab = Grab()
  /// Where it last docked by its own choice: container changes re-dock it from there.
  public var berth: Berth?
  /// The sides of the band the button lay in when the pan began (it was docked there): they end
  /// the drag only once the button has been a margin clear of them.
  @usableFromInline var bandsStartedIn = BandSides()

  /// Sides of the margin band.
  @usableFromInline
  struct BandSides: OptionSet, Sendable {
    @usableFromInline var rawValue: UInt8
    @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
    @usableFromInline static let left = BandSides(rawValue: 1)
    @usableFromInline static let right = BandSides(rawValue: 2)
    @usableFromInline static let top = BandSides(rawValue: 4)
    @usableFromInline static let bottom = BandSides(rawValue: 8)

    /// The sides of `region` that `frame` comes nearer than `margin` to.
    @inlinable
    static func of(_ frame: CGRect, in region: CGRect, band margin: CGFloat) -> BandSides {
      var sides = BandSides()
      if frame.minX < region.minX + margin { sides.insert(.left) }
      if frame.maxX > region.maxX - margin { sides.insert(.right) }
      if frame.minY < region.minY + margin { sides.insert(.top) }
      if frame.maxY > region.maxY - margin { sides.insert(.bottom) }
      return sides
    }
  }

  @inlinable
  public init() {}

  /// With a spring, the rest height follows a vertical flick (projected with a scroll view's
  /// deceleration, then kept inside the safe region), so the spring has somewhere to carry the
  /// finger's vertical velocity; with a timing curve the button rests where it was released.
  public var projectsVelocity: Bool { releaseMotion?.carriesVelocity ?? false }

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // The view hears the touch before the pan recognises it: note where it was grabbed.
    grab.touchDown(&view, at: touch.locationInContainer, time: context.time)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grab.moved(to: touch.locationInContainer)
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // A tap: the pan never began. The button stays where it is, unless it must settle where a
    // release would.
    if grab.letGo() { dock(&view, context: context, velocity: .zero) }
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    // Either the pan took the touch over (it is dragging) or the system cancelled it.
    guard grab.hold != .dragging else { return }
    if grab.letGo() { dock(&view, context: context, velocity: .zero) }
  }

  @inlinable
  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view button: inout ItemView, context: UIKitContext
  ) {
    let region = context.environment.safeRegion
    switch recognizer.state {
    case .began:
      grab.hold = .dragging
      // A button docked on the band's edge (or pushed into it) starts there: that side ends
      // the drag only after the button has left it, so it can be dragged along its edge even
      // when the finger wobbles towards it.
      bandsStartedIn = .of(button.frame, in: region, band: margin + 0.5)
      fallthrough
    case .changed:
      let wanted = grab.follow(recognizer.location(in: .superview))
      button.center = SafeDocking.clamp(wanted, size: button.size, in: context.environment)
      // The band: within the margin of any edge of the safe region.
      let frame = button.frame
      // Sides the button started in count again once it is a margin clear of them.
      bandsStartedIn.formIntersection(.of(frame, in: region, band: 2 * margin))
      if !BandSides.of(frame, in: region, band: margin).subtracting(bandsStartedIn).isEmpty {
        recognizer.setState(.ended)
      }
    case .ended, .cancelled:
      grab.end()
      dock(&button, context: context, velocity: recognizer.velocity(in: .window))
    default:
      break
    }
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    if let held = grab.holdThroughChange(from: old, to: context.environment, center: view.center) {
      // Under a finger: kept inside the new container where the finger holds it.
      view.center = SafeDocking.clamp(held, size: view.size, in: context.environment)
      return
    }
    // Keep the side, and the height it docked at as far as the new region allows: from the
    // berth, so a change that is undone puts it back exactly.
    let from = berth ?? Berth(center: view.center, environment: old)
    berth = from
    let anchor = SafeDocking.sideAnchor(of: from.center, from: from.environment, to: context.environment)
    view.finishAnimations()
    view.center = target(releasedAt: anchor, size: view.size, in: context.environment)
  }

  /// The docked centre: `margin` inside the nearer side, and `margin` clear of the top and bottom
  /// of the safe region when the item has room for it.
  @inlinable
  func target(releasedAt center: CGPoint, size: CGSize, in environment: ItemEnvironment) -> CGPoint {
    var docked = SafeDocking.dockedCenter(
      releasedAt: center, size: size, in: environment, margin: margin)
    let region = environment.safeRegion
    if size.height + 2 * margin <= region.height {
      docked.y = SafeDocking.clamp(
        docked.y, extent: size.height + 2 * margin, low: region.minY, high: region.maxY)
    }
    return docked
  }

  @inlinable
  mutating func dock(_ button: inout ItemView, context: UIKitContext, velocity: CGPoint) {
    button.confinement = context.environment.bounds
    button.isDisplayLinkDriven = true
    let flick = CGVector(dx: velocity.x, dy: velocity.y)
    let docked = target(
      releasedAt: releasePoint(button.center, velocity: flick), size: button.size,
      in: context.environment)
    berth = Berth(center: docked, environment: context.environment)
    button.animate(
      to: docked,
      with: releaseMotion ?? .none, at: context.time, allowsUserInteraction: true, velocity: flick)
  }
}
