import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.touch-up-button`: a draggable `UIButton` subclass driven by the touches API, in the
/// shape of RCDraggableButton and MNFloatBtn v1 (research, shape B).
///
/// Wiring: the button is added to a view controller's view (`host` `.viewController`); its
/// action is wired with `addTarget(_:action:for: .touchUpInside)` (`itemAction`
/// `.touchUpInside`), and its overrides call `super`, so the control tracks the touch too.
/// `touchesBegan` remembers where the finger is in the button and clears a "did move" flag;
/// `touchesMoved` sets the flag and moves the button by the finger's offset from that point
/// (the button moves under the finger, so the point stays valid), kept inside the superview's
/// bounds; `touchesEnded` docks it flush against the nearer side of the superview with a 0.2 s
/// animation — when it moved: the flag is there so that a tap does not dock it.
///
/// Judged defects:
/// - The flag guards the dock, not the action: UIKit's touch-up-inside fires whenever the finger
///   lifts inside the button, and a button that follows the finger always has it inside, so
///   every drag fires the action. Real: MNFloatBtn #4 ("按钮移动事件会触发点击事件"),
///   RCDraggableButton #19, UIView-draggable #35.
/// - `touchesCancelled` is not overridden: a drag the system cancels (a call, a system gesture)
///   leaves the button where the finger had it, undocked. Real: RCDraggableButton's
///   `touchesCancelled` does not dock; the research lists it among the commonest bugs.
/// - Its world is the superview's bounds: it never keeps clear of the status bar, the navigation
///   and tab bars, the home indicator, a column the app reserves or the keyboard — neither when
///   it docks nor when they appear — so it comes to rest under them; and when its superview
///   shrinks under it (a safe area that grows below an opaque bar), it hangs past the screen's
///   edge, moving or at rest. Real: RCDraggableButton,
///   PZXFreeMoveButton and MNFloatBtn clamp to the superview or the screen and nothing else.
/// - Found by SnapLab, confirmed by hand: any `touchesMoved` sets the flag, even one a finger
///   held still sends, so a tap on a button the app placed away from an edge docks it — it
///   slides to the side as its action fires. Real: the research's "moved flag set on any
///   touchesMoved" (DYFAssistiveTouchView, RCDraggableButton's `_skipTapEventOnce`).
public struct TouchUpInsideButton: SnapAlgorithm {
  public let id = "corpus.touch-up-button"
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
  public var itemAction: ItemAction? { .touchUpInside }
  public var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.2)
  public var dockingMargin: CGFloat? { 0 }

  /// Where the finger is in the button's own coordinates, from `touchesBegan`.
  var grabbedAt = CGPoint.zero
  var didMove = false

  public init() {}

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grabbedAt = touch.location(in: view)
    didMove = false
  }

  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    didMove = true
    let finger = touch.location(in: view)
    let bounds = context.superview.bounds
    let halfWidth = view.size.width / 2
    let halfHeight = view.size.height / 2
    let wanted = CGPoint(
      x: view.center.x + finger.x - grabbedAt.x, y: view.center.y + finger.y - grabbedAt.y)
    view.center = CGPoint(
      x: max(min(wanted.x, bounds.maxX - halfWidth), bounds.minX + halfWidth),
      y: max(min(wanted.y, bounds.maxY - halfHeight), bounds.minY + halfHeight))
  }

  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    guard didMove else { return }
    let bounds = context.superview.bounds
    let x =
      view.center.x > bounds.midX
      ? bounds.maxX - view.size.width / 2 : bounds.minX + view.size.width / 2
    view.animate(withDuration: 0.2) { $0.center.x = x }
  }
}

extension Corpus.Entry {
  /// The touch-up-inside button: a 56×56 button in a portrait-only iPhone app.
  public static let touchUpInsideButton = Corpus.Entry(
    TouchUpInsideButton(), shape: .touchUpInsideButton,
    scope: Scope(
      itemSizes: .exactly(CGSize(width: 56, height: 56)), orientations: [.portrait],
      idioms: [.phone]),
    defects: [
      Corpus.JudgedDefect(
        "every drag fires the button's action: touch-up-inside fires when the finger lifts "
          + "inside the button, which follows it, and the did-move flag only guards the dock",
        invariants: [.tapIsNotDrag], defects: [.dragFiresAction], causeClasses: [.plain]),
      Corpus.JudgedDefect(
        "touchesCancelled is not overridden: a cancelled drag leaves the button undocked where "
          + "the finger had it",
        invariants: [.cancelSafe, .docked, .resizeSafe], defects: [.notDocked],
        causeClasses: [.cancel], witness: .cancelledAfterMoving),
      Corpus.JudgedDefect(
        "knows only its superview's bounds: it comes to rest under the status bar, the bars, the "
          + "home indicator, a reserved column or the keyboard, whether it docks there or they "
          + "appear over it, a column that goes away leaves it off its side, and a superview "
          + "that shrinks under it (a safe area below an opaque bar grows) leaves it past the "
          + "screen's edge, moving or at rest",
        invariants: [.inSafeArea, .resizeSafe, .docked, .nearestEdge, .onScreen],
        defects: [
          .outsideSafeArea, .notDocked, .wrongSide, .offScreenAtRest, .offScreenInMotion,
          .changesSide,
        ],
        causeClasses: [.plain],
        witness: .restsOutsideSafeRegion || .safeRegionOffCentre || .hostSeesChange),
      Corpus.JudgedDefect(
        "any touchesMoved sets the did-move flag, even a still finger's: a tap on a button the "
          + "app placed away from an edge docks it, sliding it to the side as the action fires "
          + "(found by SnapLab; the research's \"moved flag set on any touchesMoved\")",
        invariants: [.tapIsNotDrag], defects: [.tapMovesIt], causeClasses: [.plain],
        foundBySnapLab: true),
    ],
    falseAlarms: [
      .shortAnimationTakesNoTouch, .noRoom, .untouchedPlacementAfterChange, .wobbleCountsAsDrag,
    ])
}
