import Foundation

/// How UIKit delivers the finger to an algorithm's code.
public enum InputAPI: Hashable, Sendable {
  /// `touchesBegan/Moved/Ended/Cancelled:withEvent:` overridden on the item.
  ///
  /// `tapRecognizerAttached`: a `UITapGestureRecognizer` is also on the item. It recognises a
  /// touch that lifts within `TapGestureRecognizer.maximumDuration` without having moved more
  /// than `TapGestureRecognizer.allowableMovement` from where it landed (it fails on the move;
  /// where the finger lifts is not checked), and because `cancelsTouchesInView` is on by
  /// default the view then gets `touchesCancelled` instead of `touchesEnded`.
  case touches(tapRecognizerAttached: Bool)
  /// A `UIPanGestureRecognizer` on the item calling the algorithm's action method.
  ///
  /// With UIKit's defaults the view still receives the touch: `touchesBegan` at once,
  /// `touchesMoved` until the pan begins, then `touchesCancelled` once it does (we deliver it
  /// just after the `began` action; UIKit does not document the order), or `touchesEnded` /
  /// `touchesCancelled` if the pan never begins.
  case panGestureRecognizer
}

/// What the item does when it is tapped, as the app wires it: the action a tap must fire and a
/// drag must not (the invariant `tap-is-not-drag`).
public enum ItemAction: Hashable, Sendable {
  /// A `UITapGestureRecognizer` on the item calls the action when it recognises a tap: the
  /// finger never moves more than `TapGestureRecognizer.allowableMovement` from where it landed
  /// and lifts within `TapGestureRecognizer.maximumDuration` (for a pan-driven item, only if the
  /// pan never began). Article 001 wires its button this way.
  case tapRecognizer
  /// A `UIButton`'s touch-up-inside: the control tracks the touch and fires when the finger
  /// lifts within 70 pt of its frame, unless a recogniser took the touch (a pan that began
  /// cancels it; a tap recogniser that recognised does). For an item on the touches API this
  /// means the overrides call `super`, so the control sees the touch too.
  case touchUpInside
  /// The algorithm's own handlers decide, by calling `ItemView.sendAction()` (typically from
  /// `touchesEnded` when the finger did not drag).
  case handlers
}
