import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.four-edge-dock`: an AssistiveTouch clone that docks to the nearest of the four
/// edges, in the shape of MOONAssistiveTouch (its touch overrides and tap recogniser) with
/// LLDebugTool's nearest-edge rule (research, shapes B, C and E).
///
/// Wiring: the button is in a full-screen pass-through window of its own (`host`
/// `.overlayWindow`). It overrides `touchesBegan`, `touchesMoved` and `touchesEnded`:
/// `touchesMoved` moves it by the finger's offset from where it landed in the button, and
/// `touchesEnded` docks it flush against whichever of the screen's four edges its centre is
/// nearest, the other coordinate kept on screen, with a 0.2 s ease-out. A
/// `UITapGestureRecognizer` on the same view opens the menu (`itemAction` `.tapRecognizer`).
///
/// Judged defects:
/// - `touchesCancelled` is not overridden, and the tap recogniser recognises any touch that
///   lifts within 0.75 s having moved less than its allowable movement: such a short drag both
///   moves the button and opens the menu, and since the recogniser cancels the view's touches
///   (`cancelsTouchesInView`), the button is never docked — left where the finger let go. Real:
///   the research's reading of MOONAssistiveTouch ("a drag shorter than the tap recognizer's
///   movement tolerance is both a tap and a move … no clamp, no snap, no save"); a system
///   cancel leaves it undocked too.
/// - The allowed region is `UIScreen.main.bounds`, with no safe area: it docks under the status
///   bar or the Dynamic Island, over the home indicator, into a landscape notch, and beyond an
///   iPad window narrower than the screen. Real: MOONAssistiveTouch and XFAssistiveTouch use the
///   screen's bounds with no safe area.
/// - It knows nothing of container changes: after a rotation, a window resize or the keyboard it
///   stays where it was — off screen, undocked, or under the keyboard. Real: XFAssistiveTouch
///   #13 ("一旦屏幕旋转，悬浮窗就有可能错位或者跑到屏幕外面去再也找不到"); MOON has no handling at all.
public struct FourEdgeDock: SnapAlgorithm {
  public let id = "corpus.four-edge-dock"
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: true)
  public var host: ItemHost { .overlayWindow }
  public var itemAction: ItemAction? { .tapRecognizer }
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.2)
  public var dockingMargin: CGFloat? { 0 }
  public var dockingRule: DockingRule {
    DockingRule(placement: .nearestEdge, marginOnAllSides: true)
  }

  /// Where the finger landed in the button's own coordinates.
  var grabbedAt = CGPoint.zero
  var menuOpen = false

  public init() {}

  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grabbedAt = touch.location(in: view)
  }

  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let finger = touch.location(in: view)
    view.center = CGPoint(
      x: view.center.x + finger.x - grabbedAt.x, y: view.center.y + finger.y - grabbedAt.y)
  }

  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    let screen = context.screenBounds
    let size = view.size
    let center = view.center
    let x = min(max(center.x, screen.minX + size.width / 2), screen.maxX - size.width / 2)
    let y = min(max(center.y, screen.minY + size.height / 2), screen.maxY - size.height / 2)
    // LLDebugTool's rule: the least of the four distances.
    let distances: [(CGFloat, CGPoint)] = [
      (center.x - screen.minX, CGPoint(x: screen.minX + size.width / 2, y: y)),
      (screen.maxX - center.x, CGPoint(x: screen.maxX - size.width / 2, y: y)),
      (center.y - screen.minY, CGPoint(x: x, y: screen.minY + size.height / 2)),
      (screen.maxY - center.y, CGPoint(x: x, y: screen.maxY - size.height / 2)),
    ]
    guard let nearest = distances.min(by: { $0.0 < $1.0 }) else { return }
    view.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut]) {
      $0.center = nearest.1
    }
  }

  public mutating func handleTap(
    at location: CGPoint, view: inout ItemView, context: UIKitContext
  ) {
    menuOpen.toggle()
  }
}

extension Corpus.Entry {
  /// The four-edge dock: a 64×64 button on phones and iPads held either way.
  public static let fourEdgeDock = Corpus.Entry(
    FourEdgeDock(), shape: .fourEdgeDock,
    scope: Scope(itemSizes: .exactly(CGSize(width: 64, height: 64))),
    defects: [
      Corpus.JudgedDefect(
        "a drag short enough for the tap recogniser is a tap too: it opens the menu, and the "
          + "cancelled touches (no touchesCancelled override) leave the button undocked; a "
          + "system cancel does the same",
        invariants: [.tapIsNotDrag, .docked, .cancelSafe, .nearestEdge, .inSafeArea, .onScreen],
        defects: [.dragFiresAction, .notDocked, .wrongSide, .outsideSafeArea, .offScreenAtRest],
        causeClasses: [.plain],
        witness: .tapTakenAfterMoving || .cancelledAfterMoving),
      Corpus.JudgedDefect(
        "docks against UIScreen.main.bounds with no safe area: under the status bar, over the "
          + "home indicator, into a landscape notch, beyond a narrower iPad window",
        invariants: [.inSafeArea, .docked, .nearestEdge, .onScreen, .resizeSafe],
        defects: [.outsideSafeArea, .notDocked, .wrongSide, .offScreenAtRest, .offScreenInMotion],
        causeClasses: [.plain], witness: .endedBeyondTap),
      Corpus.JudgedDefect(
        "knows nothing of container changes: after a rotation, a window resize or the keyboard "
          + "it stays where it was, off screen, undocked or under the keyboard",
        invariants: [.resizeSafe, .inSafeArea, .onScreen],
        defects: [.outsideSafeArea, .notDocked, .changesSide, .offScreenAtRest],
        causeClasses: [.keyboard, .rotation, .iPadWindow, .bars],
        witness: .hostSeesChange),
    ],
    falseAlarms: [
      .dragFollowsFingerOffScreen, .shortAnimationTakesNoTouch, .noRoom,
      .untouchedPlacementAfterChange, .wobbleCountsAsDrag,
      Corpus.FalseAlarm(
        "tracks-finger's rule for after the release (up or down no further than into the safe "
          + "region) is the side dock's: a nearest-edge dock that takes the button to the top or "
          + "bottom edge, as its rule says, is flagged for moving further than docking needs",
        invariants: [.tracksFinger], defects: [.movesAfterRelease], causeClasses: [.plain]),
    ])
}
