import Foundation

/// A way of dragging a floating item and docking it when the finger lifts.
///
/// An algorithm is written the way UIKit code is: handlers that UIKit calls with what it
/// delivers (the touches API's four methods, or a pan recogniser's action method), reading and
/// writing the item's `center` and starting animations. The `Simulator` plays UIKit's part: it
/// hit-tests, converts coordinates, runs the recognisers and renders the animations, so an
/// algorithm only does what its code does. Handlers an algorithm does not implement do nothing,
/// as a UIKit view that does not override them ignores the event.
public protocol SnapAlgorithm: Sendable {
  /// The id users type, e.g. `"edge-dock.published"`.
  var id: String { get }
  /// How UIKit hands the finger to this algorithm.
  var inputAPI: InputAPI { get }
  /// Where the item lives: a view controller's view (the default), the key window, or a window
  /// of its own. The environment, the superview and every coordinate handed to the handlers are
  /// the host's, and the invariants judge by what it can see (`ItemHost`).
  var host: ItemHost { get }
  /// The motion the item travels with when it docks; `nil` for an algorithm that never moves
  /// the item after the finger lifts. Setting it replaces the algorithm's own.
  var releaseMotion: Motion? { get set }
  /// How far from the allowed region's left or right edge the algorithm means the item to rest
  /// when it docks, in points; `nil` for an algorithm that does not dock.
  var dockingMargin: CGFloat? { get }
  /// Whether the rest position moves along with a flick (a projection of the release velocity)
  /// rather than staying where the finger lifted, apart from docking.
  var projectsVelocity: Bool { get }
  /// Which edges the algorithm docks against and how it chooses among them, for the invariants
  /// to check (only read when `dockingMargin` is not nil). The default: the nearer of left and
  /// right, judged by the release point, anywhere along the edge.
  var dockingRule: DockingRule { get }
  /// The rubber-band coefficient, when the item follows the finger past the region it may rest
  /// in with a diminishing offset instead of stopping there; `nil` when it does not.
  var rubberBand: CGFloat? { get }
  /// Whether a dragged item stays inside the safe region (on each axis it fits along) rather
  /// than anywhere in the window: `in-safe-area` then judges every drag frame too. `false`, the
  /// default, judges only where it rests.
  var confinesDragToSafeRegion: Bool { get }
  /// How the item's action (what tapping the button does) is wired, for the invariant
  /// `tap-is-not-drag`; `nil`, the default, for an item with no action.
  var itemAction: ItemAction? { get }
  /// Whether a `UILongPressGestureRecognizer` is on the item (`handleLongPress` is its action):
  /// `false`, the default, for none. A touch the long press takes is the long press's: it is
  /// not judged as a drag or a tap from then on.
  var recognizesLongPress: Bool { get }
  /// How far the finger may move before that long press fails, in points (the recogniser's
  /// `allowableMovement`): 10, UIKit's default, unless your code sets another (0: any move
  /// fails it, and the drag goes on).
  var longPressAllowableMovement: CGFloat { get }
  /// What the author intends where it differs from what an iOS user expects (`ItemContract`: a
  /// designed overhang, the edges it docks against, how it picks a side, a tap that moves it,
  /// whether it must be catchable in flight, a bounce): `.expected`, the default, for none.
  var contract: ItemContract { get }
  /// The size the app gives the item on `idiom`'s devices, when its code gives it one (a 60×60
  /// button on a phone, 76×76 on an iPad); `nil`, the default, for any size a scope allows.
  /// `verify` keeps to these unless a scope names a size: no finding is about an item the app
  /// never creates.
  func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize?

  /// Called once before any touch, with the environment at that moment (`viewDidLoad`).
  mutating func didLoad(in environment: ItemEnvironment)

  /// Called once before any touch, after `didLoad(in:)`, with the item where the app put it:
  /// `viewDidLoad` (or `didMoveToSuperview`) with the view. Move it here to place it at load
  /// (a saved position, a corner above the tab bar); `in-safe-area` checks where it is put.
  mutating func didLoad(_ view: inout ItemView, context: UIKitContext)

  mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesCancelled(_ touch: Touch, view: inout ItemView, context: UIKitContext)

  /// The pan recogniser's action method, called on every state change.
  mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext)

  /// A tap recogniser on the item recognised a tap (an item on the touches API with
  /// `tapRecognizerAttached`, or one whose `itemAction` is `.tapRecognizer`): its action method.
  /// `location` is the finger in the superview's coordinates (`recognizer.location(in:
  /// view.superview)`).
  mutating func handleTap(at location: CGPoint, view: inout ItemView, context: UIKitContext)

  /// The long-press recogniser's action method (`recognizesLongPress`), called on every state
  /// change: `began` once the finger has stayed within 10 pt for 0.5 s, `changed` as it then
  /// moves, `ended` or `cancelled` when it lifts.
  mutating func handleLongPress(
    _ recognizer: inout LongPressGestureRecognizer, view: inout ItemView, context: UIKitContext)

  /// An animation started with a completion (`view.animate(…, completion: tag)`) ended:
  /// UIKit's completion block, called at the first frame after it. `finished` is false when the
  /// animation was removed before its end (`view.removeAllAnimations()`,
  /// `view.stopAnimations(at:)`), as UIKit tells the block.
  mutating func animationDidComplete(
    _ tag: String, finished: Bool, view: inout ItemView, context: UIKitContext)

  /// The container changed (a rotation, Split View, a bar or the keyboard appearing):
  /// `viewWillTransitionToSize:` or a layout pass. `context` holds the new environment and
  /// `context.containerChange` what changed (the size, a rotation, the keyboard's notification
  /// with its frames and animation, the bars, the safe area). UIKit leaves a view that has no
  /// autoresizing mask exactly where it was, which is what the default (doing nothing) models.
  /// `view.center` has not changed: the item is where it was in its superview, which under an
  /// opaque navigation bar that comes or goes has moved in the window, taking the item with it
  /// (`old` is in the superview's coordinates from before the change, `context.environment` in
  /// those after it).
  mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext)
}

extension SnapAlgorithm {
  public var host: ItemHost { .viewController }
  public var projectsVelocity: Bool { false }
  public var dockingRule: DockingRule { DockingRule() }
  public var rubberBand: CGFloat? { nil }
  public var confinesDragToSafeRegion: Bool { false }
  public var itemAction: ItemAction? { nil }
  public var recognizesLongPress: Bool { false }
  public var longPressAllowableMovement: CGFloat { LongPressGestureRecognizer.defaultAllowableMovement }
  public var contract: ItemContract { .expected }
  public func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize? { nil }
  public mutating func didLoad(in environment: ItemEnvironment) {}
  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {}
  public mutating func handleTap(at location: CGPoint, view: inout ItemView, context: UIKitContext) {}
  public mutating func handleLongPress(
    _ recognizer: inout LongPressGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {}
  public mutating func animationDidComplete(
    _ tag: String, finished: Bool, view: inout ItemView, context: UIKitContext
  ) {}
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {}
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {}
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {}
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {}
  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {}
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {}
}

/// Foundation's `MAX(a, b)` macro (`NSObjCRuntime.h`): `__a < __b ? __b : __a`.
///
/// Unlike Swift's `max`, it is not symmetric in NaN: it returns `a` whenever the comparison is
/// false, so `MAX(30, NaN)` is 30 but `MAX(NaN, 30)` is NaN.
@inlinable
public func objcMAX(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a < b ? b : a }

/// Objective-C's `(NSInteger)value` cast of a `CGFloat`, as an arm64 device computes it: toward
/// zero, saturating at the ends of `Int` and 0 for NaN. Swift's `Int(value)` traps on those, so a
/// port that writes it would crash on input the original survives.
@inlinable
public func objcInt(_ value: CGFloat) -> Int {
  if value.isNaN { return 0 }
  if value >= CGFloat(Int.max) { return .max }
  if value <= CGFloat(Int.min) { return .min }
  return Int(value)
}

/// Foundation's `MIN(a, b)` macro (`NSObjCRuntime.h`): `__a < __b ? __a : __b`.
///
/// Returns `b` whenever the comparison is false: `MIN(345, NaN)` is NaN.
@inlinable
public func objcMIN(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a < b ? a : b }

/// A C `float` local initialised from a `CGFloat` expression and read back as `CGFloat`:
/// rounds to single precision, and overflows to ±infinity past about 3.4e38.
@inlinable
public func roundedThroughFloat(_ value: CGFloat) -> CGFloat { CGFloat(Float(value)) }

/// What an algorithm promises about where it docks: which edges, chosen from which point, and
/// where along the edge. The invariants `docked`, `nearest-edge` and `resize-safe` check it.
public struct DockingRule: Hashable, Sendable {
  /// Which edges of the allowed region a docked item rests against.
  public enum Placement: Hashable, Sendable {
    /// The left or right edge, whichever the chosen point is nearer.
    case nearerSide
    /// Whichever of the four edges the chosen point is nearest.
    case nearestEdge
    /// The corner of the quadrant the chosen point lies in (picture in picture).
    case nearestCorner
    /// Always the left edge.
    case left
    /// Always the right edge.
    case right
    /// The side a flick at least `minimumSpeed` points per second fast points to along x; the
    /// side nearer the release point otherwise.
    case thrown(minimumSpeed: CGFloat)
  }

  public var placement: Placement
  /// The deceleration rate per millisecond the release point is projected with before an edge
  /// is chosen (a scroll view's 0.998 or 0.99); `nil` to choose from the release point itself.
  public var decelerationRate: CGFloat?
  /// How many evenly spaced positions along an edge the item may rest at (ends included; the
  /// middle for one); `nil` for anywhere. After a container change an item on a slot must rest on
  /// the same slot (the same fraction of the way along), as `keepsPlaceAlongEdge` asks, pushed
  /// clear of the bars and the keyboard — or, where the keyboard covers that slot, on the
  /// nearest slot it leaves clear (a picture in picture moved up a row).
  public var slots: Int?
  /// Whether the margin applies at the top and bottom too (the item rests `margin` inside
  /// every edge of the safe region), rather than only at the left and right.
  public var marginOnAllSides: Bool
  /// Whether a container change keeps a docked item on the same edges and the same fraction of
  /// the way along them (fluid-dock), rather than only on the same side. The fraction is taken
  /// along the centres it may rest at — `margin` inside the safe region without bars or keyboard
  /// — and the result kept clear of the bars and the keyboard of the moment.
  public var keepsPlaceAlongEdge: Bool
  /// Magnetic ends: released with its frame less than `topBand` points below the top of the
  /// region it docks against (or `bottomBand` above its bottom), a side-docking item docks
  /// against that end instead, at its margin, where it lies along it kept (RockyFung's
  /// FloatDragButton: 60 and 60; XucgDragButton: 60 and 5). 0, the default, for none.
  public var topBand: CGFloat
  public var bottomBand: CGFloat

  /// `center` carried along `velocity` (points per second) as far as a scroll view decelerating
  /// at `rate` per millisecond carries a flick: (v / 1000) · r / (1 − r) on each axis. A rate
  /// outside (0, 1), or a velocity that is not finite, carries it nowhere.
  @inlinable
  public static func project(_ center: CGPoint, velocity: CGVector, rate: CGFloat) -> CGPoint {
    guard rate > 0, rate < 1 else { return center }
    let factor = rate / (1000 * (1 - rate))
    return CGPoint(
      x: center.x + (velocity.dx.isFinite ? velocity.dx * factor : 0),
      y: center.y + (velocity.dy.isFinite ? velocity.dy * factor : 0))
  }

  @inlinable
  public init(
    placement: Placement = .nearerSide, decelerationRate: CGFloat? = nil, slots: Int? = nil,
    marginOnAllSides: Bool = false, keepsPlaceAlongEdge: Bool = false, topBand: CGFloat = 0,
    bottomBand: CGFloat = 0
  ) {
    self.placement = placement
    self.decelerationRate = decelerationRate
    self.slots = slots
    self.marginOnAllSides = marginOnAllSides
    self.keepsPlaceAlongEdge = keepsPlaceAlongEdge
    self.topBand = topBand
    self.bottomBand = bottomBand
  }

  /// Whether either end is magnetic (`topBand`, `bottomBand`).
  @inlinable
  public var hasMagneticEnds: Bool { topBand > 0 || bottomBand > 0 }

  /// The margin a docked item keeps from the region's top and bottom: its margin where it holds
  /// on every side or an end is magnetic, none otherwise.
  @inlinable
  public func endMargin(_ margin: CGFloat) -> CGFloat {
    marginOnAllSides || hasMagneticEnds ? margin : 0
  }

  /// The end a release with the item's frame at `frame` docks against, in `region`: the top
  /// when its frame lies less than `topBand` below the top (the nearer end when both bands
  /// hold it), the bottom likewise; `nil` for none.
  @inlinable
  public func magneticEnd(of frame: CGRect, in region: CGRect) -> MagneticEnd? {
    let top = frame.minY - region.minY
    let bottom = region.maxY - frame.maxY
    // (A band of 0 is none: a frame above the region's top is not "within 0 pt" of it.)
    let nearTop = topBand > 0 && top < topBand
    let nearBottom = bottomBand > 0 && bottom < bottomBand
    if nearTop, !nearBottom || top <= bottom { return .top }
    if nearBottom { return .bottom }
    return nil
  }

  /// How far the frame `frame` is from the nearest edge of a band (`topBand`, `bottomBand`) in
  /// `region`, in points: within half a point, which end it docks against is not meaningful.
  @inlinable
  public func distanceToBandEdge(of frame: CGRect, in region: CGRect) -> CGFloat {
    var nearest = CGFloat.infinity
    if topBand > 0 { nearest = min(nearest, abs(frame.minY - region.minY - topBand)) }
    if bottomBand > 0 { nearest = min(nearest, abs(region.maxY - frame.maxY - bottomBand)) }
    return nearest
  }

  /// The end `magneticEnd(of:in:)` names.
  public enum MagneticEnd: Hashable, Sendable {
    case top
    case bottom
  }
}
