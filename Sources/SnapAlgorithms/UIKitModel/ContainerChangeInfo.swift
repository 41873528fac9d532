import Foundation

/// What UIKit tells an app when the container changes, in the words of the callbacks and
/// notifications it would have received: `viewWillTransition(to:with:)` for a new size or a
/// rotation, the keyboard's notifications with their frames and animation, a bar shown or
/// hidden, the status bar's height (the in-call bar), `safeAreaInsetsDidChange`.
///
/// `environmentDidChange(from:view:context:)` finds it in `context.containerChange`; several may
/// be true at once (a rotation changes the size, the bars' heights and the safe area).
public struct ContainerChangeInfo: Hashable, Sendable {
  /// `viewWillTransition(to:with:)`: the window's new size, when it changed.
  public var newSize: CGSize?
  /// Whether the device turned (the screen's width and height swapped).
  public var rotated: Bool
  /// The transition coordinator's `transitionDuration`: 0.4 s for a rotation on a phone
  /// (what UIKit's coordinator commonly reports), 0.3 s for an iPad window resize, 0 otherwise.
  public var transitionDuration: Double
  /// The keyboard's notification, when it showed, hid or changed its frame.
  public var keyboard: KeyboardNotification?
  /// Every keyboard notification `NotificationCenter` posts for this change, in its order: a
  /// keyboard that shows or hides posts `willChangeFrame` first, then `willShow` or `willHide`
  /// (with the same frames); one that only moves posts `willChangeFrame`. A library that
  /// observes `keyboardWillChangeFrame` alone hears every change. A rotation with the keyboard
  /// up is one change: the new size and the keyboard's new frame arrive together, in one
  /// `environmentDidChange` call, the size first.
  public var keyboardNotifications: [KeyboardNotification] {
    guard let keyboard else { return [] }
    guard keyboard.name != .willChangeFrame else { return [keyboard] }
    var frame = keyboard
    frame.name = .willChangeFrame
    return [frame, keyboard]
  }
  /// Whether a navigation or tab bar was shown or hidden, or changed height.
  public var barsChanged: Bool
  /// Whether the status bar's height changed (the in-call or recording bar).
  public var statusBarChanged: Bool
  /// Whether the superview's safe-area insets changed (`safeAreaInsetsDidChange`).
  public var safeAreaChanged: Bool

  public init(
    newSize: CGSize? = nil, rotated: Bool = false, transitionDuration: Double = 0,
    keyboard: KeyboardNotification? = nil, barsChanged: Bool = false,
    statusBarChanged: Bool = false, safeAreaChanged: Bool = false
  ) {
    self.newSize = newSize
    self.rotated = rotated
    self.transitionDuration = transitionDuration
    self.keyboard = keyboard
    self.barsChanged = barsChanged
    self.statusBarChanged = statusBarChanged
    self.safeAreaChanged = safeAreaChanged
  }

  /// What changed between `old` and `new`, both in the same coordinates (the window's); the
  /// keyboard's frames are given in those.
  public init(from old: ItemEnvironment, to new: ItemEnvironment) {
    let oldScreen = old.screenBounds.size
    let newScreen = new.screenBounds.size
    rotated = (oldScreen.width > oldScreen.height) != (newScreen.width > newScreen.height)
    newSize = old.bounds.size == new.bounds.size ? nil : new.bounds.size
    if rotated {
      transitionDuration = ContainerChangeInfo.rotationDuration
    } else if newSize != nil {
      transitionDuration = ContainerChangeInfo.resizeDuration
    } else {
      transitionDuration = 0
    }
    keyboard = KeyboardNotification(from: old, to: new)
    barsChanged =
      old.navigationBarHeight != new.navigationBarHeight || old.tabBarHeight != new.tabBarHeight
    statusBarChanged = old.statusBarHeight != new.statusBarHeight
    safeAreaChanged = Superview(old).safeAreaInsets != Superview(new).safeAreaInsets
  }

  /// The duration of a rotation's transition on a phone, in seconds.
  public static let rotationDuration = 0.4
  /// The duration of an iPad window's resize transition, in seconds.
  public static let resizeDuration = 0.3
}

/// One of the keyboard's notifications, as `NotificationCenter` delivers it.
public struct KeyboardNotification: Hashable, Sendable {
  /// `UIResponder.keyboardWillShowNotification` and its siblings.
  public enum Name: String, Hashable, Sendable {
    case willShow, willHide, willChangeFrame
  }

  public var name: Name
  /// `keyboardFrameBeginUserInfoKey` and `keyboardFrameEndUserInfoKey`, in the item's
  /// superview's coordinates; a hidden keyboard's frame lies just below the screen.
  public var beginFrame: CGRect
  public var endFrame: CGRect
  /// `keyboardAnimationDurationUserInfoKey`: 0.25 s.
  public var duration: Double
  /// `keyboardAnimationCurveUserInfoKey`: 7, the keyboard's own curve (an ease-out in effect).
  public var curve: Int

  /// The keyboard's animation, as the notifications give it.
  public static let animationDuration = 0.25
  public static let animationCurve = 7

  public init(name: Name, beginFrame: CGRect, endFrame: CGRect) {
    self.name = name
    self.beginFrame = beginFrame
    self.endFrame = endFrame
    duration = Self.animationDuration
    curve = Self.animationCurve
  }

  /// The notification the keyboard sends between `old` and `new`, or `nil` when it neither
  /// showed, hid nor moved.
  init?(from old: ItemEnvironment, to new: ItemEnvironment) {
    func hidden(in environment: ItemEnvironment, like frame: CGRect?) -> CGRect {
      let height = frame?.height ?? 0
      return CGRect(
        x: environment.screenBounds.minX, y: environment.screenBounds.maxY,
        width: environment.screenBounds.width, height: height)
    }
    switch (old.keyboardFrame, new.keyboardFrame) {
    case (nil, nil):
      return nil
    case (nil, let shown?):
      self.init(name: .willShow, beginFrame: hidden(in: new, like: shown), endFrame: shown)
    case (let shown?, nil):
      self.init(name: .willHide, beginFrame: shown, endFrame: hidden(in: new, like: shown))
    case (let before?, let after?):
      guard before != after else { return nil }
      self.init(name: .willChangeFrame, beginFrame: before, endFrame: after)
    }
  }
}
