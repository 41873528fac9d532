import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.chat-head`: an in-app chat head with a tap and a long press, in the shape of
/// CocoaDebug's bubble and the Glia SDK's chat bubble (research, shapes A, C and H).
///
/// Wiring: the bubble is the root view of a small window of its own (`host` `.overlayWindow`).
/// Three recognisers are on it: a pan, applied on every state as the translation in the
/// superview, reset after each callback; a tap (`itemAction` `.tapRecognizer`) that opens the
/// conversation; a long press (UIKit's 0.5 s, 10 pt) that shows the "close chat" menu. When the
/// pan ends or is cancelled the bubble docks 8 pt inside the nearer side of the window's safe
/// area, above the keyboard, with a 0.3 s ease-out that allows interaction, as CocoaDebug's
/// does; it starts docked at the right, and a container change docks it again on its side, from
/// where it last docked.
///
/// Judged defects:
/// - It docks by the finger, not by itself: the side is the finger's, and the height the
///   finger's `y`, so a bubble grabbed near its edge jumps on release by the grab offset, up or
///   down, and lands on the side of the middle the finger was on, not the bubble. Real:
///   CocoaDebug's bubble (research: "Button jumps on release — dock target computed from finger
///   location, not view centre").
/// - The long press takes the touch: a finger that holds the bubble half a second before
///   dragging it opens the menu, the pan fails, and the drag that follows does not move the
///   bubble (`handleLongPress` ignores `.changed`). Real: RCDraggableButton #24/#25, CocoaDebug
///   (whose long press clears the logs); the research's shape H defect.
public struct ChatHead: SnapAlgorithm {
  public let id = "corpus.chat-head"
  public let inputAPI = InputAPI.panGestureRecognizer
  public var host: ItemHost { .overlayWindow }
  public var itemAction: ItemAction? { .tapRecognizer }
  public var recognizesLongPress: Bool { true }
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
  public var dockingMargin: CGFloat? { margin }

  let margin: CGFloat = 8
  var isDragging = false
  /// The side and height it last docked at: container changes re-dock it from there.
  var berth: (right: Bool, y: CGFloat)?
  var conversationOpen = false
  var menuShown = false

  public init() {}

  public mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
    let region = restRegion(context)
    let target = dockedCenter(right: true, y: region.midY, size: view.size, in: region)
    berth = (true, target.y)
    view.center = target
  }

  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let translation = recognizer.translation(in: context.superview)
    view.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
    recognizer.setTranslation(.zero, in: context.superview)
    switch recognizer.state {
    case .began, .changed:
      isDragging = true
    case .ended, .cancelled:
      isDragging = false
      // CocoaDebug's rule: the finger says where the bubble goes.
      let finger = recognizer.location(in: context.superview)
      let region = restRegion(context)
      let right = finger.x > region.midX
      let target = dockedCenter(right: right, y: finger.y, size: view.size, in: region)
      berth = (right, target.y)
      view.animate(
        withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction]
      ) { $0.center = target }
    default:
      break
    }
  }

  public mutating func handleTap(
    at location: CGPoint, view: inout ItemView, context: UIKitContext
  ) {
    conversationOpen.toggle()
  }

  public mutating func handleLongPress(
    _ recognizer: inout LongPressGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    if recognizer.state == .began { menuShown = true }
  }

  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    guard !isDragging, let berth else { return }
    view.removeAllAnimations()
    view.center = dockedCenter(
      right: berth.right, y: berth.y, size: view.size, in: restRegion(context))
  }

  /// The window's safe area, above the keyboard.
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
  /// The chat head: a 64×64 bubble on phones held either way.
  public static let chatHead = Corpus.Entry(
    ChatHead(), shape: .chatHead,
    scope: Scope(itemSizes: .exactly(CGSize(width: 64, height: 64)), idioms: [.phone]),
    defects: [
      Corpus.JudgedDefect(
        "docks by the finger, not the bubble: it jumps on release by the grab offset, and lands "
          + "on the side of the middle the finger was on",
        invariants: [.tracksFinger, .nearestEdge], defects: [.movesAfterRelease, .wrongSide],
        causeClasses: [.plain]),
      Corpus.JudgedDefect(
        "a hold of half a second before a drag is the long press: the menu opens, the pan fails, "
          + "and the drag does not move the bubble",
        invariants: [.tracksFinger, .catchable], defects: [.lagsTheFinger, .stuckOnItsEdge],
        causeClasses: [.plain], witness: .heldThenDragged),
    ],
    falseAlarms: [
      .dragFollowsFingerOffScreen, .shortAnimationTakesNoTouch, .changeUnderRestingFinger,
      .changeWhileDragging, .edgeDragShortBySlop, .noRoom,
    ])
}
