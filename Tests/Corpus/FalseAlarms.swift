import Foundation
import SnapAlgorithms
import SnapVerification

/// The hazards SnapLab reports on the corpus that a careful iOS engineer would dismiss, each
/// named once: the entries list those they meet.
extension Corpus.FalseAlarm {
  /// The finger drags the item partly off screen and it follows.
  public static let dragFollowsFingerOffScreen = Corpus.FalseAlarm(
    "on-screen calls an item that follows the finger partly off the screen a hazard, and the "
      + "first frames of the dock that brings it back: it is under the finger, and it docks on "
      + "screen when the finger lifts. Most libraries (WMDragView, CocoaDebug, XFAssistiveTouch, "
      + "MOONAssistiveTouch) do not clamp while dragging, and nothing is lost",
    invariants: [.onScreen], defects: [.offScreenWhileDragged, .offScreenInMotion],
    causeClasses: [.plain], witness: .draggedOffScreen)

  /// A finger lands on the item during a short dock animation, which does not take it.
  public static let shortAnimationTakesNoTouch = Corpus.FalseAlarm(
    "catchable calls a finger that lands on the item during its dock animation of 0.3 s or less "
      + "and is not taken (no .allowUserInteraction, or UIKit hit-testing the model frame) a "
      + "hazard, whatever the animation's length; the research dismisses it at this length "
      + "('do not flag' 9)",
    invariants: [.catchable], defects: [.touchIgnored, .grabbedBesideIt, .jumpsWhenCaught],
    causeClasses: [.catchInFlight], witness: .caughtInFlight)

  /// The container moves the item from under a finger that rests on it, before the pan begins.
  public static let changeUnderRestingFinger = Corpus.FalseAlarm(
    "tracks-finger and catchable want an item that a container change moved (the keyboard "
      + "lifted it, a rotation or resize re-docked it) while a finger rested on it, before the "
      + "pan began, back under that finger; a pan that moves the item by its translation from "
      + "where it is keeps the offset the change made. A race within the press before a drag, "
      + "after which the item still follows the finger: nothing a user loses",
    invariants: [.tracksFinger, .catchable], defects: [.lagsTheFinger],
    causeClasses: [.keyboard, .rotation, .bars, .iPadWindow, .sideColumn],
    witness: .changeUnderRestingFinger)

  /// A docked item dragged along its edge by a translation-based pan comes short by the slop.
  public static let edgeDragShortBySlop = Corpus.FalseAlarm(
    "stuck-on-its-edge does not allow the 10 pt a translation-based pan lags by (UIKit takes the "
      + "slop off the translation, which tracks-finger calls polish): a docked item dragged "
      + "along its edge comes that much short of the finger",
    invariants: [.tracksFinger], defects: [.stuckOnItsEdge], causeClasses: [.plain],
    witness: .atMost(PanGestureRecognizer.defaultHysteresis + 1))

  /// A window with no room for the item.
  public static let noRoom = Corpus.FalseAlarm(
    "input no device makes: in a window 0 pt wide, or above a keyboard taller than the "
      + "device's own (the combined class's arbitrary windows draw them up to 500 pt) that leaves "
      + "the item less room than it and its margins take, the item is not centred or rests a "
      + "few points under the keyboard",
    invariants: [.onScreen, .inSafeArea, .settles, .docked, .resizeSafe],
    defects: [.offScreenAtRest, .outsideSafeArea, .notCentred, .movesPastSettleTime, .notDocked],
    causeClasses: [.hostile, .keyboard], witness: .noRoom)

  /// A finger drags the item through a container change.
  public static let changeWhileDragging = Corpus.FalseAlarm(
    "tracks-finger, catchable and on-screen want an item a finger drags through a container "
      + "change (a rotation, a resize, a bar whose height changes with it) to be under the "
      + "finger in the new container at once; the item stays where it was in its superview, "
      + "as UIKit leaves it (or at the bound it was pressed against), until the finger moves "
      + "or lifts, and it docks right then. A transient of the change (the research's 'do not "
      + "flag' 3) that no library in the research counters",
    invariants: [.tracksFinger, .catchable, .onScreen],
    defects: [.lagsTheFinger, .offScreenInMotion],
    causeClasses: [.keyboard, .rotation, .bars, .iPadWindow, .sideColumn],
    witness: .changeWhileDragging)

  /// A container change on an item the app placed away from an edge, which no drag docked.
  public static let untouchedPlacementAfterChange = Corpus.FalseAlarm(
    "resize-safe wants an item the app placed away from an edge, which no drag has docked yet, "
      + "to be docked after any container change — even one its window does not see (a tab bar, "
      + "a side column) — though it rests inside the safe region: the change has nothing to do "
      + "with where it is",
    invariants: [.resizeSafe], defects: [.notDocked],
    causeClasses: [.keyboard, .rotation, .bars, .iPadWindow, .sideColumn, .cancel, .plain],
    witness: .neverDragged && !.restsOutsideSafeRegion)

  /// A tap's wobble on an item with no slop.
  public static let wobbleCountsAsDrag = Corpus.FalseAlarm(
    "docked and nearest-edge take a tap's wobble of a point, which an item on the touches API "
      + "follows (it has no slop), for a drag that must dock it, where tap-is-not-drag calls the "
      + "same touch a tap that must leave it in place: the item the app placed away from an edge "
      + "is flagged either way",
    invariants: [.docked, .nearestEdge, .cancelSafe], defects: [.notDocked, .wrongSide],
    causeClasses: [.plain], witness: .neverDragged)
}
