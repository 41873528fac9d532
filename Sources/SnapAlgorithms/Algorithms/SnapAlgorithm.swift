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
  /// The motion the item travels with when it docks; `nil` for an algorithm that never moves
  /// the item after the finger lifts. Setting it replaces the algorithm's own.
  var releaseMotion: Motion? { get set }
  /// How far from the allowed region's left or right edge the algorithm means the item to rest
  /// when it docks, in points; `nil` for an algorithm that does not dock.
  var dockingMargin: CGFloat? { get }
  /// Whether the rest position moves along with a flick (a projection of the release velocity)
  /// rather than staying where the finger lifted, apart from docking.
  var projectsVelocity: Bool { get }

  /// Called once before any touch, with the environment at that moment (`viewDidLoad`).
  mutating func didLoad(in environment: Environment)

  mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext)
  mutating func touchesCancelled(_ touch: Touch, view: inout ItemView, context: UIKitContext)

  /// The pan recogniser's action method, called on every state change.
  mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext)

  /// The container changed (a rotation, Split View, a bar or the keyboard appearing):
  /// `viewWillTransitionToSize:` or a layout pass. `context` holds the new environment. UIKit
  /// leaves a view that has no autoresizing mask exactly where it was, which is what the
  /// default (doing nothing) models.
  mutating func environmentDidChange(
    from old: Environment, view: inout ItemView, context: UIKitContext)
}

extension SnapAlgorithm {
  public var projectsVelocity: Bool { false }
  public mutating func didLoad(in environment: Environment) {}
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
    from old: Environment, view: inout ItemView, context: UIKitContext
  ) {}
}

/// Foundation's `MAX(a, b)` macro (`NSObjCRuntime.h`): `__a < __b ? __b : __a`.
///
/// Unlike Swift's `max`, it is not symmetric in NaN: it returns `a` whenever the comparison is
/// false, so `MAX(30, NaN)` is 30 but `MAX(NaN, 30)` is NaN.
@inlinable
public func objcMAX(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a < b ? b : a }

/// Foundation's `MIN(a, b)` macro (`NSObjCRuntime.h`): `__a < __b ? __a : __b`.
///
/// Returns `b` whenever the comparison is false: `MIN(345, NaN)` is NaN.
@inlinable
public func objcMIN(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a < b ? a : b }

/// A C `float` local initialised from a `CGFloat` expression and read back as `CGFloat`:
/// rounds to single precision, and overflows to ±infinity past about 3.4e38.
@inlinable
public func roundedThroughFloat(_ value: CGFloat) -> CGFloat { CGFloat(Float(value)) }
