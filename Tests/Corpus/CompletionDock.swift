import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.completion-dock`: a floating view in a view controller's view whose dock animation's
/// completion block keeps its state, in the shape of XFAssistiveTouch, LLDebugTool and
/// DYFAssistiveTouchView (research, shapes A and E).
///
/// Wiring: the view is a subview of the view controller's view (`host` `.viewController`), so
/// its safe area includes the bars. A pan moves it by its absolute translation from where the
/// drag began, kept inside the superview. When the drag ends or is cancelled it docks 12 pt
/// inside the nearer side of the superview's safe area, above the keyboard, with a 0.3 s
/// ease-out; while it docks it is marked busy and ignores pans (so that a drag cannot fight the
/// animation), and the completion block marks it idle again and saves where it rests (to
/// `UserDefaults`, in the app). It is docked at load, and when the view controller's view
/// changes size, its bars or its safe area, or the keyboard comes or goes, it is docked again
/// on its side, from where it last docked, at once.
///
/// Judged defect:
/// - The completion block clears the busy mark only `if finished`: a container change during
///   the dock animation (a rotation, the keyboard, a bar) removes the animation, UIKit calls the
///   block with `finished == false`, and the view stays busy for good — it never follows a
///   finger again. Real: the research's shape G and E defects ("disabling interaction and not
///   re-enabling if the animation is cut short", "left off if the completion doesn't run"),
///   XFAssistiveTouch and LLDebugTool re-enable interaction in completions.
///
/// Otherwise it does what the careful libraries do: safe area with bars, keyboard, cancelled
/// drags and container changes are all handled; a false alarm would show here.
public struct CompletionDock: SnapAlgorithm {
  public let id = "corpus.completion-dock"
  public let inputAPI = InputAPI.panGestureRecognizer
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
  public var dockingMargin: CGFloat? { margin }

  let margin: CGFloat = 12
  /// Set while the dock animation runs; the completion clears it.
  var isDocking = false
  var isDragging = false
  var dragStart = CGPoint.zero
  /// The side and height it last docked at by its own choice: changes re-dock it from there.
  var berth: (right: Bool, y: CGFloat)?
  /// What the app saves to `UserDefaults` when the view comes to rest.
  var savedCenter: CGPoint?

  public init() {}

  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
    let region = restRegion(context)
    let right = view.center.x > region.midX
    let target = dockedCenter(right: right, y: view.center.y, size: view.size, in: region)
    berth = (right, target.y)
    view.center = target
    savedCenter = target
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    guard !isDocking else { return }
    switch recognizer.state {
    case .began, .changed:
      if recognizer.state == .began {
        isDragging = true
        dragStart = view.center
      }
      let translation = recognizer.translation(in: context.superview)
      let bounds = context.superview.bounds
      let halfWidth = view.size.width / 2
      let halfHeight = view.size.height / 2
      let wanted = CGPoint(x: dragStart.x + translation.x, y: dragStart.y + translation.y)
      view.center = CGPoint(
        x: max(min(wanted.x, bounds.maxX - halfWidth), bounds.minX + halfWidth),
        y: max(min(wanted.y, bounds.maxY - halfHeight), bounds.minY + halfHeight))
    case .ended, .cancelled:
      isDragging = false
      let region = restRegion(context)
      let right = view.center.x > region.midX
      let target = dockedCenter(right: right, y: view.center.y, size: view.size, in: region)
      berth = (right, target.y)
      isDocking = true
      view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], completion: "dock") {
        $0.center = target
      }
    default:
      break
    }
  }

  public mutating func animationDidComplete(
    _ tag: String, finished: Bool, view: inout ItemView, context: UIKitContext
  ) {
    guard tag == "dock", finished else { return }
    isDocking = false
    savedCenter = view.center
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    guard !isDragging, let berth else { return }
    view.removeAllAnimations()
    view.center = dockedCenter(
      right: berth.right, y: berth.y, size: view.size, in: restRegion(context))
  }

  /// The superview's safe area (bars included), above the keyboard.
  private func restRegion(_ context: UIKitContext) -> CGRect {
    var region = context.superview.bounds.inset(by: context.superview.safeAreaInsets)
    if let keyboard = context.keyboardFrame, keyboard.minY < region.maxY {
      region.size.height = max(keyboard.minY - region.minY, 0)
    }
    return region
  }

  /// `margin` inside the left or right side of `region`, at `y` kept inside it.
  private func dockedCenter(right: Bool, y: CGFloat, size: CGSize, in region: CGRect) -> CGPoint {
    let x = right ? region.maxX - margin - size.width / 2 : region.minX + margin + size.width / 2
    let top = region.minY + size.height / 2
    let bottom = max(region.maxY - size.height / 2, top)
    return CGPoint(x: x, y: min(max(y, top), bottom))
  }
}

extension Corpus.Entry {
  /// The completion-block dock: a 60×60 view on phones and iPads held either way.
  public static let completionDock = Corpus.Entry(
    CompletionDock(), shape: .completionBlockDock,
    scope: Scope(itemSizes: .exactly(CGSize(width: 60, height: 60))),
    defects: [
      Corpus.JudgedDefect(
        "the completion clears the busy mark only when finished: a container change during the "
          + "dock animation removes it, and the view never follows a finger again",
        invariants: [.tracksFinger, .catchable], defects: [.lagsTheFinger, .stuckOnItsEdge],
        causeClasses: [.keyboard, .rotation, .bars, .iPadWindow, .sideColumn],
        witness: .changeDuringMotionThenDrag),
    ],
    falseAlarms: [
      .shortAnimationTakesNoTouch, .changeUnderRestingFinger, .changeWhileDragging,
      .edgeDragShortBySlop, .noRoom,
    ])
}
