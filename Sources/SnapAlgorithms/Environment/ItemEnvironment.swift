import Foundation

/// Everything about the screen that decides where a floating item may go.
///
/// Coordinates are the container's (the key window's), in points, origin at the top left. The
/// bars are described as UIKit lays them out: the navigation bar directly below the status
/// bar (or the top safe-area inset, whichever is lower), the tab bar along the bottom with its
/// height including the bottom safe-area inset.
///
/// The item's superview, a view controller's view, fills the window unless `superviewFrame`
/// says otherwise: under an opaque navigation bar with `extendedLayoutIncludesOpaqueBars` off
/// it starts below the bar (`placeSuperviewBelowNavigationBar()`).
///
/// Named so as not to collide with SwiftUI's `Environment`.
public struct ItemEnvironment: Hashable, Sendable {
  /// What this environment shows, for reports: `"iPhone 15"`.
  public var name: String
  /// `UIScreen.main.bounds`: the whole display in the current orientation. Differs from
  /// `bounds` in iPad Split View and Stage Manager.
  public var screenBounds: CGRect
  /// The container's (key window's) bounds.
  public var bounds: CGRect
  /// The window's safe-area insets (notch, rounded corners, home indicator; not the bars).
  public var safeAreaInsets: Insets
  /// What the app's view controller adds to its view's safe area
  /// (`additionalSafeAreaInsets`): a side column it reserves, a safe area reported late after a
  /// push. Only an item in that view controller's view sees them (`ItemHost.viewController`).
  public var additionalSafeAreaInsets: Insets
  /// Height of the status bar; 0 when it is hidden.
  public var statusBarHeight: CGFloat
  /// Height of the navigation bar; 0 when there is none.
  public var navigationBarHeight: CGFloat
  /// Height of the tab bar including the bottom safe-area inset; 0 when there is none.
  public var tabBarHeight: CGFloat
  /// The keyboard's frame in container coordinates, when it is shown.
  public var keyboardFrame: CGRect?
  /// The display refresh rate in frames per second (60, or 120 on ProMotion displays).
  public var refreshRate: Int
  /// Where the item's superview sits in the window (`superview.frame`); `nil` when it fills the
  /// window, as a view controller's view does under translucent bars.
  public var superviewFrame: CGRect?
  /// `UIDevice.current.userInterfaceIdiom`: a phone or an iPad.
  public var idiom: DeviceProfile.Idiom

  public init(
    name: String = "custom",
    bounds: CGRect,
    screenBounds: CGRect? = nil,
    safeAreaInsets: Insets = .zero,
    additionalSafeAreaInsets: Insets = .zero,
    statusBarHeight: CGFloat = 0,
    navigationBarHeight: CGFloat = 0,
    tabBarHeight: CGFloat = 0,
    keyboardFrame: CGRect? = nil,
    refreshRate: Int = 60,
    superviewFrame: CGRect? = nil,
    idiom: DeviceProfile.Idiom = .phone
  ) {
    self.name = name
    self.bounds = bounds
    self.screenBounds = screenBounds ?? bounds
    self.safeAreaInsets = safeAreaInsets
    self.additionalSafeAreaInsets = additionalSafeAreaInsets
    self.statusBarHeight = statusBarHeight
    self.navigationBarHeight = navigationBarHeight
    self.tabBarHeight = tabBarHeight
    self.keyboardFrame = keyboardFrame
    self.refreshRate = refreshRate
    self.superviewFrame = superviewFrame
    self.idiom = idiom
  }

  /// The offset of the superview's origin from the window's: what converts a point in the
  /// superview (the item's `center`) into the window.
  @inlinable
  public var superviewOffset: CGVector {
    guard let frame = superviewFrame else { return .zero }
    return CGVector(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY)
  }

  /// Places the superview as a view controller's view under an opaque navigation bar with
  /// `extendedLayoutIncludesOpaqueBars` off: from the bar's bottom edge to the bottom of the
  /// window, the window's full width. Without a navigation bar the view fills the window
  /// (`superviewFrame` is `nil`): the status bar never pushes it down.
  ///
  /// Call it after every change to the bounds or the bars, so the frame follows them.
  @inlinable
  public mutating func placeSuperviewBelowNavigationBar() {
    guard navigationBarHeight > 0 else {
      superviewFrame = nil
      return
    }
    // The bar's own bottom: the view controller's additional insets move its safe area, never
    // its view.
    let barBottom =
      bounds.minY + max(statusBarHeight, safeAreaInsets.top) + navigationBarHeight
    let top = Swift.min(barBottom, bounds.maxY)
    superviewFrame = CGRect(
      x: bounds.minX, y: top, width: bounds.width, height: Swift.max(bounds.maxY - top, 0))
  }

  /// This environment in the coordinates of the item's superview, the ones its `center` is in:
  /// every rectangle moved by `−superviewOffset` (the window then starts above the superview's
  /// origin). The same environment when the superview fills the window.
  @inlinable
  public var inSuperviewCoordinates: ItemEnvironment {
    let offset = superviewOffset
    guard offset != .zero else { return self }
    func moved(_ rect: CGRect) -> CGRect { rect.offsetBy(dx: -offset.dx, dy: -offset.dy) }
    var result = self
    result.bounds = moved(bounds)
    result.screenBounds = moved(screenBounds)
    result.keyboardFrame = keyboardFrame.map(moved)
    result.superviewFrame = superviewFrame.map(moved)
    return result
  }

  /// The duration of one display frame, in seconds.
  @inlinable
  public var frameDuration: Double { 1 / Double(max(refreshRate, 1)) }

  /// The bottom edge of the navigation bar, or of the top safe-area inset when there is none;
  /// lower by the view controller's additional top inset.
  @inlinable
  public var topBarsBottom: CGFloat {
    let top = bounds.minY + max(statusBarHeight, safeAreaInsets.top)
    return (navigationBarHeight > 0 ? top + navigationBarHeight : top)
      + additionalSafeAreaInsets.top
  }

  /// The top edge of the tab bar, the keyboard or the bottom safe-area inset, whichever is
  /// highest.
  @inlinable
  public var bottomBarsTop: CGFloat {
    var bottom = bounds.maxY - max(tabBarHeight, safeAreaInsets.bottom)
      - additionalSafeAreaInsets.bottom
    if let keyboard = keyboardFrame, keyboard.height > 0, keyboard.minY < bounds.maxY {
      bottom = min(bottom, keyboard.minY)
    }
    return bottom
  }

  /// The region a resting item may occupy: the container less the safe-area insets (the
  /// window's and the view controller's additional ones), the navigation bar, the tab bar and
  /// the keyboard.
  ///
  /// When the bars and insets leave no room on an axis, the region is empty there (zero
  /// width or height, midway between the edges that crossed), never a negative-sized rectangle,
  /// which Core Graphics would silently flip.
  @inlinable
  public var safeRegion: CGRect {
    var left = bounds.minX + safeAreaInsets.left + additionalSafeAreaInsets.left
    var right = bounds.maxX - safeAreaInsets.right - additionalSafeAreaInsets.right
    var top = topBarsBottom
    var bottom = bottomBarsTop
    if right < left {
      left = (left + right) / 2
      right = left
    }
    if bottom < top {
      top = (top + bottom) / 2
      bottom = top
    }
    return CGRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}

/// Where the floating item lives, and so what of the app it can see.
///
/// Most articles add the button to a view controller's view; most libraries add it to the key
/// window or to a window of their own above everything, where the app's bars and the view
/// controller's additional safe-area insets are out of sight: such a button floats over the
/// navigation and tab bars, and only the window's safe area (the status bar or sensor housing,
/// the home indicator, a landscape notch) and the keyboard, whose window lies above every app
/// window, hide it. The simulator hands the algorithm the environment its host sees
/// (`ItemEnvironment.seen(by:)`), and the invariants judge by it.
public enum ItemHost: String, Hashable, Sendable, CaseIterable {
  /// A view controller's view: it starts below an opaque navigation bar, and its safe area
  /// includes the bars and the view controller's `additionalSafeAreaInsets`.
  case viewController = "view-controller"
  /// `UIApplication.shared.keyWindow.addSubview(button)`: above the root view controller's view
  /// and its bars, in the window's coordinates, with the window's safe area.
  case keyWindow = "key-window"
  /// A `UIWindow` of the item's own (window level `.alert`, `.statusBar + 1` or the like) with a
  /// root view controller that rotates with the app: the same screen and safe area as the key
  /// window, above it.
  case overlayWindow = "overlay-window"

  /// Whether the host is a window, above the app's bars.
  @inlinable
  public var isWindow: Bool { self != .viewController }
}

extension ItemEnvironment {
  /// Whether `other` is the same container as this, whatever each is called: a change of name
  /// alone (a side column a window of its own does not see, named in the environment a view
  /// controller sees) is no change.
  @inlinable
  public func isSameContainer(as other: ItemEnvironment) -> Bool {
    var renamed = other
    renamed.name = name
    return renamed == self
  }

  /// The environment as an item in `host` sees it. A view controller's view sees it all; a
  /// window sees no navigation or tab bar (the item floats above them) and no additional safe-area
  /// insets (the view controller's), and is the item's superview itself (no `superviewFrame`).
  @inlinable
  public func seen(by host: ItemHost) -> ItemEnvironment {
    guard host.isWindow else { return self }
    var result = self
    result.navigationBarHeight = 0
    result.tabBarHeight = 0
    result.additionalSafeAreaInsets = .zero
    result.superviewFrame = nil
    return result
  }
}
