
import Foundation
#if canImport(Glibc)
  import Glibc
#endif
import SnapAlgorithms

/// The app's floating button (`FloatingButton` in the UIKit target) on SnapLab's UIKit model,
/// line for line: it follows the finger from where it was grabbed, docks 16 pt inside the
/// nearer side of the safe area when the finger lifts or the touch is cancelled, above the
/// keyboard, with a 0.3 s ease-out, and docks again on the same side when the window changes,
/// from its berth (where it last docked); a finger catches it mid-motion where it is shown.
///
/// `bug` plants one hostile mistake: code that traps, loops, crawls, draws random numbers or
/// shares state between copies, as real handlers sometimes do. SnapLab must survive each and
/// say what it is.
public struct HostileDock: SnapAlgorithm {
  /// A mistake an app might ship.
  public enum Bug: String, Sendable, CaseIterable {
    /// Looks a settle time up in a table indexed by the flick's speed in thousands of points
    /// a second: a flick of 3,000 pt/s or more reads past its end (`Index out of range`).
    case traps
    /// Moves out from under the keyboard (when it docks, and when the keyboard comes up) by
    /// taking a third of the overlap until none is left: in floating
    /// point the overlap stops shrinking before it is gone, and the loop never ends.
    case loops
    /// Does 50 ms of work on every pan event: more than a frame.
    case slow
    /// Does 10 ms of work on every pan event: slow, but within a frame at 60 Hz (16.7 ms).
    case busy
    /// Docks to a random side.
    case random
    /// Remembers the last side docked to in a class instance every copy shares.
    case shared
    /// Reads the berth it docked to last with `!` when the window changes: nil before the
    /// button ever docked (`Fatal error: Unexpectedly found nil`).
    case unwraps
    /// Settles a cancelled touch by asking itself to settle it again: recursion without end,
    /// a stack overflow (SIGSEGV).
    case recurses
    /// Logs every pan event with `print`, as a handler being debugged does.
    case prints
    /// Traps with a message whose second line reads as a GitHub Actions workflow command.
    case injectsCommand = "injects-command"
    /// Stops its own process (SIGSTOP) when a drag ends, as a debugging leftover might.
    case stops
    /// Ends its own process with `exit(0)` when a drag ends.
    case exits
  }

  public let id: String
  public let inputAPI = InputAPI.panGestureRecognizer
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
  public var dockingMargin: CGFloat? { margin }

  public let margin: CGFloat = 16
  public let bug: Bug?
  var grabOffset = CGPoint.zero
  /// In the window: a finger that stays put on the glass stays put there when the superview
  /// moves under it (an opaque navigation bar that comes or goes).
  var lastFinger: CGPoint?
  var berth: (center: CGPoint, region: CGRect)?
  var caught = false
  var caughtSettle = 0.3
  /// Shared by every copy of the button: a class instance, made once.
  let memory = Memory.shared

  /// What the `shared` button remembers.
  public final class Memory: @unchecked Sendable {
    var lastRight = false
    static let shared = Memory()
  }

  /// The button as it ships, or with `bug` planted (its id then says which).
  public init(bug: Bug? = nil) {
    self.bug = bug
    id = "hostile." + (bug?.rawValue ?? "dock")
  }

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let superview = context.superview
    // Caught in flight: copy the presentation into the model and remove the animations.
    caught = view.isAnimating(at: context.time)
    view.stopAnimations(at: context.time)
    let finger = touch.location(in: superview)
    grabOffset = CGPoint(x: finger.x - view.center.x, y: finger.y - view.center.y)
  }

  // The pan never began: a tap. One that caught the button in flight docks it.
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    if caught { dock(&view, context: context) }
  }

  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    if bug == .recurses { settleCancelled(depth: 0) }
    if caught, lastFinger == nil { dock(&view, context: context) }
  }

  /// The `recurses` bug: each call asks for one more.
  private func settleCancelled(depth: Int) {
    var frame = [UInt8](repeating: UInt8(truncatingIfNeeded: depth), count: 64)
    frame.withUnsafeMutableBytes { _ in settleCancelled(depth: depth + 1) }
  }

  private mutating func dock(_ view: inout ItemView, context: UIKitContext) {
    let superview = context.superview
    caught = false
    var region = restRegion(in: superview, keyboard: keyboardFrame(context))
    var right: Bool?
    switch bug {
    case .traps:
      // A settle time for each thousand points a second of flick: the table ends at 3,000.
      let settleTimes = [0.3, 0.25, 0.2]
      let speed = Int(min(abs(context.fingerVelocity.dx), 1e6) / 1000)
      caughtSettle = settleTimes[speed]
    case .loops:
      if let keyboard = context.keyboardFrame, keyboard.height > 0 {
        var bottom = view.center.y + view.bounds.height / 2
        while bottom > keyboard.minY { bottom -= (bottom - keyboard.minY) / 3 }
        region.size.height = max(0, min(region.height, bottom - region.minY))
      }
    case .random:
      right = Bool.random()
    case .shared:
      right = !memory.lastRight
    default:
      break
    }
    let target = DockingGeometry.dockedCenter(
      from: view.center, size: view.bounds.size, margin: margin, right: right, in: region,
      within: windowBounds(context))
    if bug == .shared { memory.lastRight = target.x > region.midX }
    berth = (target, region)
    // The UIKit button overrides point(inside:with:) to test the presentation layer.
    view.hitTestsWhereShown = true
    view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction]) {
      $0.center = target
    }
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let superview = context.superview
    let finger = recognizer.location(in: superview)
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    if bug == .prints { print("pan \(recognizer.state) at \(finger.x), \(finger.y)") }
    if bug == .stops, recognizer.state == .ended { raise(SIGSTOP) }
    if bug == .exits, recognizer.state == .ended { exit(0) }
    if bug == .injectsCommand, recognizer.state == .ended {
      fatalError("the berth is gone\n::error file=PWNED.swift,line=1::injected by the algorithm")
    }
    switch recognizer.state {
    case .began, .changed:
      if bug == .slow { usleep(50_000) }
      if bug == .busy { usleep(10_000) }
      lastFinger = recognizer.location(in: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: windowBounds(context))
    case .ended, .cancelled:
      lastFinger = nil
      dock(&view, context: context)
    default:
      break
    }
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    if bug == .unwraps { _ = berth!.center }
    // Where such code usually is: out from under a keyboard that has just come up.
    if bug == .loops, let keyboard = context.keyboardFrame, keyboard.height > 0 {
      var bottom = view.center.y + view.bounds.height / 2
      while bottom > keyboard.minY { bottom -= (bottom - keyboard.minY) / 3 }
    }
    let superview = context.superview
    let oldRegion = restRegion(in: Superview(old), keyboard: keyboardFrame(old))
    let region = restRegion(in: superview, keyboard: keyboardFrame(context))
    if let lastFinger {
      // Under the finger: where the finger, still on the glass, puts it in the new window.
      let finger = superview.convert(lastFinger, from: nil)
      let wanted = CGPoint(x: finger.x - grabOffset.x, y: finger.y - grabOffset.y)
      view.center = DockingGeometry.clamped(
        wanted, size: view.bounds.size, into: region, within: windowBounds(context))
      return
    }
    view.removeAllAnimations()
    let from = berth ?? (view.center, oldRegion)
    berth = from
    view.center = DockingGeometry.dockedCenter(
      from: from.center, size: view.bounds.size, margin: margin,
      right: from.center.x > from.region.midX, in: region, within: windowBounds(context))
  }

  private func restRegion(in superview: Superview, keyboard: CGRect?) -> CGRect {
    DockingGeometry.restRegion(
      superview.bounds.inset(by: superview.safeAreaInsets), keyboard: keyboard,
      bounds: superview.bounds)
  }

  /// Where a button too large for the rest region may lie: the window, in the superview's
  /// coordinates (`superview.convert(window.bounds, from: nil)`).
  private func windowBounds(_ context: UIKitContext) -> CGRect {
    context.windowBounds
  }

  /// The keyboard the button keeps clear of.
  private func keyboardFrame(_ context: UIKitContext) -> CGRect? {
    keyboardFrame(context.environment)
  }

  private func keyboardFrame(_ environment: ItemEnvironment) -> CGRect? {
    environment.keyboardFrame
  }
}
