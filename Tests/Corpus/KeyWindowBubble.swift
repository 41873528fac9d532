import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.key-window-bubble`: a drag view added to the key window, in the shape of WMDragView's
/// "global float" and ZFPlayer's small float view (research, shape A).
///
/// Wiring: `UIApplication.shared.keyWindow.addSubview(bubble)` (`host` `.keyWindow`: above the
/// app's bars, with the window's safe area). A `UIPanGestureRecognizer` moves it by its
/// translation in the superview, reset after every callback (`center += translation;
/// setTranslation(.zero)`); a `UITapGestureRecognizer` beside it opens the menu (UIKit's
/// exclusivity makes the tap fail once the pan begins). When the pan ends the bubble docks 10 pt
/// inside the nearer side of the allowed rect — the screen less the window's safe area, above the
/// keyboard — with a 0.5 s ease-in-out; it is docked the same way at load, and docked again on
/// its side, from where it last docked, when the window or the keyboard changes.
///
/// Judged defects:
/// - The allowed rect is `UIScreen.main.bounds`, not the window's bounds: in an iPad window
///   narrower than the screen (Split View, Slide Over, Stage Manager) the bubble docks beyond the
///   window's right edge, out of sight, or on the wrong side (its midline is the screen's). Real:
///   ProgressHUD #90, Lightbox PR #112, Drops #31 fixed exactly this.
/// - `.cancelled` falls into `default: break`: a drag the system cancels (a call, Control
///   Center) leaves the bubble wherever the finger had it, off screen or under the status bar,
///   undocked; and since the drag never ends, later rotations no longer re-dock it. Real:
///   WMDragView, PIPKit and CBAssistiveTouch ship it; the research counts it among the commonest
///   bugs.
/// - The 0.5 s dock animation has no `.allowUserInteraction`: for half a second after every drop
///   the bubble ignores a finger that lands on it. Real at this length (WMDragView's 0.5 s): the
///   research dismisses only animations of 0.3 s or less.
public struct KeyWindowBubble: SnapAlgorithm {
  public let id = "corpus.key-window-bubble"
  public let inputAPI = InputAPI.panGestureRecognizer
  public var host: ItemHost { .keyWindow }
  public var itemAction: ItemAction? { .tapRecognizer }
  public var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.5)
  public var dockingMargin: CGFloat? { margin }

  /// The gap between the bubble and the side it docks to.
  let margin: CGFloat = 10
  var isDragging = false
  /// The side and height it last docked at by its own choice: changes re-dock it from there.
  var berth: (right: Bool, y: CGFloat)?
  /// Whether the menu the tap opens is shown.
  var menuShown = false

  public init() {}

  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
    let region = allowedRect(context)
    let right = view.center.x > region.midX
    let target = dockedCenter(right: right, y: view.center.y, size: view.size, in: region)
    berth = (right, target.y)
    view.center = target
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    switch recognizer.state {
    case .began, .changed:
      isDragging = true
      let translation = recognizer.translation(in: context.superview)
      view.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
      recognizer.setTranslation(.zero, in: context.superview)
    case .ended:
      isDragging = false
      let region = allowedRect(context)
      let right = view.center.x > region.midX
      let target = dockedCenter(right: right, y: view.center.y, size: view.size, in: region)
      berth = (right, target.y)
      view.animate(withDuration: 0.5, delay: 0, options: [.curveEaseInOut]) { $0.center = target }
    default:
      break
    }
  }

  public mutating func handleTap(
    at location: CGPoint, view: inout ItemView, context: UIKitContext
  ) {
    menuShown.toggle()
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    guard !isDragging, let berth else { return }
    let target = dockedCenter(
      right: berth.right, y: berth.y, size: view.size, in: allowedRect(context))
    if let keyboard = context.containerChange?.keyboard {
      // Along with the keyboard, with its duration and curve.
      let curve = ItemView.AnimationOptions(rawValue: UInt(keyboard.curve) << 16)
      view.animate(withDuration: keyboard.duration, delay: 0, options: curve) {
        $0.center = target
      }
    } else {
      view.removeAllAnimations()
      view.center = target
    }
  }

  /// Where the bubble may rest: the screen less the window's safe area, above the keyboard.
  private func allowedRect(_ context: UIKitContext) -> CGRect {
    var rect = context.screenBounds.inset(by: context.superview.safeAreaInsets)
    if let keyboard = context.keyboardFrame, keyboard.minY < rect.maxY {
      rect.size.height = max(keyboard.minY - rect.minY, 0)
    }
    return rect
  }

  /// `margin` inside the left or right side of `rect`, at `y` kept inside it.
  private func dockedCenter(right: Bool, y: CGFloat, size: CGSize, in rect: CGRect) -> CGPoint {
    let x = right ? rect.maxX - margin - size.width / 2 : rect.minX + margin + size.width / 2
    let top = rect.minY + size.height / 2
    let bottom = max(rect.maxY - size.height / 2, top)
    return CGPoint(x: x, y: min(max(y, top), bottom))
  }
}

extension Corpus.Entry {
  /// The key-window bubble, its 60×60 bubble on phones and iPads held either way.
  public static let keyWindowBubble = Corpus.Entry(
    KeyWindowBubble(), shape: .keyWindowBubble,
    scope: Scope(itemSizes: .exactly(CGSize(width: 60, height: 60))),
    defects: [
      Corpus.JudgedDefect(
        "docks by UIScreen.main.bounds, not the window's: in an iPad window narrower than the "
          + "screen it rests beyond the window's right edge, or on the wrong side of its middle",
        invariants: [.onScreen, .inSafeArea, .docked, .nearestEdge, .resizeSafe],
        defects: [
          .offScreenAtRest, .offScreenInMotion, .outsideSafeArea, .notDocked, .wrongSide,
          .changesSide,
        ],
        causeClasses: [.iPadWindow]),
      Corpus.JudgedDefect(
        "a cancelled pan (`.cancelled` falls into `default`) leaves the bubble undocked where the "
          + "finger had it, off screen or under an inset, and no later change re-docks it",
        invariants: [.cancelSafe, .docked, .onScreen, .inSafeArea, .resizeSafe],
        defects: [.notDocked, .offScreenAtRest, .outsideSafeArea, .changesSide],
        causeClasses: [.cancel], witness: .cancelledAfterMoving),
      Corpus.JudgedDefect(
        "the 0.5 s dock animation lacks .allowUserInteraction: a finger that lands on the bubble "
          + "in the half second after a drop is ignored",
        invariants: [.catchable], defects: [.touchIgnored], causeClasses: [.catchInFlight],
        witness: .caughtInFlight),
    ],
    falseAlarms: [
      .dragFollowsFingerOffScreen, .changeUnderRestingFinger, .changeWhileDragging,
      .edgeDragShortBySlop, .noRoom,
      Corpus.FalseAlarm(
        "on-screen calls the frames of the animation that brings the bubble on screen after a "
          + "rotation a hazard (the keyboard's notification comes with the rotation, and the "
          + "bubble follows it from where it was, off the turned window); it rests where it "
          + "should once the transition is over — the research's 'do not flag' 3",
        invariants: [.onScreen], defects: [.offScreenInMotion], causeClasses: [.rotation]),
    ])
}
