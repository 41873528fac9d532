import Foundation

/// What a `GeometryReader` tells its content (`GeometryProxy`), as SnapLab models it from the
/// container's environment and which safe-area regions the reader ignores.
///
/// The reader's own space has its origin at the reader's top left; `FloatingViewState.position`
/// and the `.reader` drag coordinates are in it. Named `ContainerGeometry` so that a file
/// importing SwiftUI and SnapLab can name both.
public struct ContainerGeometry: Hashable, Sendable {
  /// `proxy.size`: the reader's size.
  public var size: CGSize
  /// `proxy.safeAreaInsets`: how far inside the reader's edges the safe area lies — zero on
  /// every side for a reader that ignores nothing, whose frame is the safe area already; the
  /// bars, the window's insets and (unless it ignores only the keyboard) the keyboard for one
  /// that ignores the safe area.
  public var safeAreaInsets: Insets
  /// `proxy.frame(in: .global)`, in the item's superview's coordinates (those of `view.center`
  /// in a UIKit algorithm): where the reader lies in the container.
  public var frameInContainer: CGRect
  /// The container's bounds in the reader's space: the screen the button must stay on.
  public var containerBounds: CGRect
  /// `UIScreen.main.bounds.size`: the whole screen in the interface's orientation, which code
  /// often reads instead of the reader's size. It is wider than the container in Split View,
  /// Slide Over and a Stage Manager window, where such code places the button off its window.
  /// (Not a `GeometryProxy` property; what the app's code reads from `UIScreen`.)
  public var screenSize: CGSize

  /// The geometry a reader ignoring `ignored` reports in `environment` (in the superview's
  /// coordinates, as the simulator hands it to an algorithm).
  ///
  /// A reader that ignores nothing fills the safe region (`ItemEnvironment.safeRegion`: inside the
  /// bars, the safe-area insets and the keyboard); one that ignores the keyboard fills the safe
  /// region the keyboard would leave if it were hidden; one that ignores everything fills the
  /// container. `safeAreaInsets` are measured to the safe region of the regions the reader
  /// respects or ignores: the keyboard counts unless the reader ignores only the keyboard.
  public init(environment: ItemEnvironment, ignoring ignored: IgnoredSafeArea) {
    var withoutKeyboard = environment
    withoutKeyboard.keyboardFrame = nil
    let frame: CGRect
    let safe: CGRect
    switch ignored {
    case .none:
      frame = environment.safeRegion
      safe = frame
    case .keyboard:
      frame = withoutKeyboard.safeRegion
      safe = frame
    case .all:
      frame = environment.bounds
      safe = environment.safeRegion
    }
    size = frame.size
    frameInContainer = frame
    safeAreaInsets = Insets(
      top: safe.minY - frame.minY, left: safe.minX - frame.minX,
      bottom: frame.maxY - safe.maxY, right: frame.maxX - safe.maxX)
    containerBounds = environment.bounds.offsetBy(dx: -frame.minX, dy: -frame.minY)
    screenSize = environment.screenBounds.size
  }

  /// The reader's origin in the container: what turns a point of the reader's space into the
  /// superview's.
  @inlinable
  public var origin: CGPoint { frameInContainer.origin }

  /// The safe area in the reader's own space: its bounds less `safeAreaInsets`. (Not a
  /// `GeometryProxy` property; what code computes from `size` and `safeAreaInsets`.)
  @inlinable
  public var safeRect: CGRect {
    CGRect(
      x: safeAreaInsets.left, y: safeAreaInsets.top,
      width: max(size.width - safeAreaInsets.left - safeAreaInsets.right, 0),
      height: max(size.height - safeAreaInsets.top - safeAreaInsets.bottom, 0))
  }
}
