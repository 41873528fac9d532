import Foundation

/// `per-axis-clamp.corrected`: article 003's idea — follow the finger, clamp each axis on its
/// own so a blocked axis does not stop the other — with what the property tester found fixed.
///
/// - The bound is the safe region (the window less the safe-area insets, bars and keyboard),
///   not the superview, so the item never rests under the status bar, a bar or the keyboard.
/// - Positions are `CGFloat`, not C `float` offsets; the item follows the finger's location from
///   the point it was grabbed at, and a non-finite coordinate clamps to the region's middle.
/// - An item larger than the region is centred on that axis, not pushed off one edge.
/// - A tap is a tap: the item stays put until the finger has moved 10 pt, and a tap fires its
///   action.
/// - When the container changes (rotation, keyboard), the item is clamped into the new region.
/// It still does not dock: that is not the article's idea.
public struct PerAxisClampCorrected: SnapAlgorithm {
  public let id = "per-axis-clamp.corrected"
  /// The drag is clamped to the safe region, so it never passes under a bar or the keyboard.
  public var confinesDragToSafeRegion: Bool { true }
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
  /// A tap (the finger moving less than 10 pt) fires the item's action from `touchesEnded`.
  public var itemAction: ItemAction? { .handlers }
  /// There is no release motion: the item stays where the finger left it (a container change
  /// still moves it into the new region).
  public var releaseMotion: Motion? {
    get { nil }
    set {}
  }
  public var dockingMargin: CGFloat? { nil }

  /// Where the finger holds the button, to follow it and to re-seat the button under it if the
  /// container changes.
  public var grab = Grab()
  /// Where the finger last left it: container changes clamp it from there, so a change that is
  /// undone puts it back exactly.
  public var berth: Berth?

  @inlinable
  public init() {}

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grab.begin(at: touch.locationInContainer, center: view.center)
    grab.hold = .touched
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    if grab.isTap { view.sendAction() }
    grab.end()
    berth = Berth(center: view.center, environment: context.environment)
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    grab.end()
    berth = Berth(center: view.center, environment: context.environment)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // A finger that has not yet moved a pan's 10 pt is a tap in the making: the item stays.
    guard let wanted = grab.drag(to: touch.locationInContainer) else { return }
    view.center = SafeDocking.clamp(wanted, size: view.size, in: context.environment)
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    // Under a finger, the item goes where the finger puts it in the new container.
    _ = grab.containerChanged(from: old, to: context.environment, center: view.center)
    if grab.hold == .dragging, let wanted = grab.wantedCenter {
      view.center = SafeDocking.clamp(wanted, size: view.size, in: context.environment)
      return
    }
    let from = berth ?? Berth(center: view.center, environment: old)
    berth = from
    // Where the berth is on screen, in the new superview's coordinates (the same point unless
    // the superview moved in the window).
    let shift = Grab.glassShift(from: from.environment, to: context.environment)
    view.center = SafeDocking.clamp(
      CGPoint(x: from.center.x + shift.dx, y: from.center.y + shift.dy), size: view.size,
      in: context.environment)
  }
}
