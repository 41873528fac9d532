import DockingGeometry
import Foundation
import SnapAlgorithms

// The twin is compiled beside SwiftUI (or its stand-in off Apple's platforms) to show that
// every SnapLab name it uses is one a SwiftUI file can write unqualified.
#if canImport(SwiftUI)
  import SwiftUI
#else
  import SwiftUIShim
#endif

/// The app's SwiftUI bubble (`FloatingBubble` in the SwiftUIOriginal target) on SnapLab's
/// SwiftUI model, body for body: `onChanged`, `onEnded`, the `onChange` of its `@GestureState`
/// and of the reader's size are the view's closures, `view.position` its `@State` position.
///
/// `bug` plants one mistake, to show that SnapLab finds it.
public struct FloatingBubbleDock: DragGestureAlgorithm {
  /// A mistake a SwiftUI app might ship.
  public enum Bug: String, Sendable {
    /// Forgets that a cancelled drag calls no `onEnded`: the bubble stays where the drag left it.
    case ignoresCancel = "ignores-cancel"
  }

  public let id: String
  public var releaseAnimation: SwiftUIAnimation? = .easeOut(duration: 0.25)
  public var dockingMargin: CGFloat? { margin }
  /// `.ignoresSafeArea()` on the reader: it fills the screen and reports the safe area as insets.
  public var ignoredSafeArea: IgnoredSafeArea { .all }
  /// It is kept inside the safe area while it is dragged.
  public var confinesDragToSafeRegion: Bool { true }

  public let margin: CGFloat = 16
  public let bug: Bug?
  /// `@State private var grabbed`.
  var grabbed: CGPoint?
  /// `@State private var berth`: the side it last docked on, and its height there.
  var berth: (right: Bool, y: CGFloat)?

  /// The bubble as it ships, or with `bug` planted (its id then says which).
  public init(bug: Bug? = nil) {
    self.bug = bug
    id = "floating-bubble.dock" + (bug.map { "-" + $0.rawValue } ?? "")
  }

  /// The whole screen, in the reader's space.
  func screen(_ geometry: ContainerGeometry) -> CGRect {
    CGRect(origin: .zero, size: geometry.size)
  }

  /// The safe area in the reader's space: its size less `safeAreaInsets`.
  func safeArea(_ geometry: ContainerGeometry) -> CGRect {
    // SnapLab's `Insets`, beside SwiftUI's `EdgeInsets`.
    let insets: Insets = geometry.safeAreaInsets
    return CGRect(
      x: insets.left, y: insets.top,
      width: geometry.size.width - insets.left - insets.right,
      height: geometry.size.height - insets.top - insets.bottom)
  }

  // The app places it with `home(_:)` when nothing has; SnapLab's scenario places it, as an app
  // restoring a saved position does, and the view keeps it inside the safe area.
  public mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
    view.position = DockingGeometry.clamped(
      view.position, size: view.size, into: safeArea(geometry), within: screen(geometry))
  }

  public mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    let start = grabbed ?? view.position
    grabbed = start
    view.position = DockingGeometry.clamped(
      CGPoint(x: start.x + value.translation.width, y: start.y + value.translation.height),
      size: view.size, into: safeArea(geometry), within: screen(geometry))
  }

  public mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    dock(&view, geometry)
  }

  public mutating func onGestureReset(
    ended: Bool, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    if bug == .ignoresCancel {
      grabbed = nil
      return
    }
    if grabbed != nil { dock(&view, geometry) }
  }

  public mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    // `.onChange(of: safeArea(proxy))`.
    let oldArea = safeArea(old)
    let newArea = safeArea(geometry)
    guard oldArea != newArea, grabbed == nil else { return }
    let at = view.position
    let from = berth ?? (right: at.x > oldArea.midX, y: at.y)
    berth = from
    view.position = DockingGeometry.dockedCenter(
      from: CGPoint(x: 0, y: from.y), size: view.size, margin: margin, right: from.right,
      in: newArea, within: screen(geometry))
  }

  mutating func dock(_ view: inout FloatingViewState, _ geometry: ContainerGeometry) {
    grabbed = nil
    let area = safeArea(geometry)
    let target = DockingGeometry.dockedCenter(
      from: view.position, size: view.size, margin: margin, in: area, within: screen(geometry))
    berth = (right: target.x > area.midX, y: target.y)
    view.withAnimation(releaseAnimation) { $0.position = target }
  }
}
