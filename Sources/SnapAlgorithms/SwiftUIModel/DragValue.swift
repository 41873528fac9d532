import Foundation

/// What SwiftUI hands a `DragGesture`'s `onChanged`, `updating` and `onEnded`:
/// `DragGesture.Value`, with its documented fields.
///
/// Points are in the gesture's coordinate space (`DragGestureAlgorithm.coordinateSpace`); `time`
/// is the simulator's clock in seconds where SwiftUI gives a `Date`. Named `DragValue` so that a
/// file importing SwiftUI and SnapLab can name both.
public struct DragValue: Hashable, Sendable {
  /// When the event happened (`value.time`), in seconds on the simulator's clock.
  public var time: Double
  /// The finger (`value.location`).
  public var location: CGPoint
  /// Where the finger came down (`value.startLocation`): the touch-down point, not the point at
  /// which the gesture began after `minimumDistance`, so the first `translation` is already
  /// `minimumDistance` or more long.
  public var startLocation: CGPoint
  /// The finger's velocity in points per second (`value.velocity`, iOS 17).
  public var velocity: CGSize

  @inlinable
  public init(time: Double, location: CGPoint, startLocation: CGPoint, velocity: CGSize) {
    self.time = time
    self.location = location
    self.startLocation = startLocation
    self.velocity = velocity
  }

  /// `value.translation`: `location − startLocation`.
  @inlinable
  public var translation: CGSize {
    CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
  }

  /// `value.predictedEndLocation`: where the finger would come to rest if it stopped driving
  /// now. SwiftUI does not document the formula; the model carries the finger along its
  /// velocity as a scroll view's normal deceleration carries a flick (0.998 per millisecond:
  /// v / 1000 · r / (1 − r), about half a second of the velocity), the projection UIKit code
  /// writes by hand (`DockingRule.project`). A velocity that is not finite carries it nowhere.
  @inlinable
  public var predictedEndLocation: CGPoint {
    DockingRule.project(
      location, velocity: CGVector(dx: velocity.width, dy: velocity.height),
      rate: Self.predictionDecelerationRate)
  }

  /// `value.predictedEndTranslation`: `predictedEndLocation − startLocation`.
  @inlinable
  public var predictedEndTranslation: CGSize {
    let end = predictedEndLocation
    return CGSize(width: end.x - startLocation.x, height: end.y - startLocation.y)
  }

  /// The deceleration rate per millisecond the model's prediction uses (a scroll view's normal
  /// rate): SwiftUI does not say what its own is.
  public static let predictionDecelerationRate: CGFloat = 0.998
}

/// The coordinate space a `DragGesture` reports in (`DragGesture(coordinateSpace:)`).
public enum DragCoordinateSpace: Hashable, Sendable {
  /// `.local`, the default: the dragged view's own space, origin at its top left. The model
  /// takes the view's frame where it was when the finger came down, for the whole gesture, so
  /// `translation` is the finger's displacement. A gesture attached after `.position(_:)` is
  /// attached to the frame `.position` lays out, which fills the reader: its `.local` space is
  /// the reader's, `.reader` here.
  case local
  /// `.global`: the window's space.
  case global
  /// `.named(…)` on the `GeometryReader` the button lives in: the reader's space, the one
  /// `FloatingViewState.position` is in.
  case reader
}

/// Which safe-area regions the `GeometryReader` the button lives in ignores
/// (`.ignoresSafeArea(…)` on it), and so what frame it lays the button out in.
public enum IgnoredSafeArea: Hashable, Sendable {
  /// None: the reader's frame is the safe area — inside the bars, the window's insets and the
  /// keyboard, which SwiftUI avoids by shrinking the reader.
  case none
  /// `.ignoresSafeArea(.keyboard)`: inside the bars and insets, but the keyboard does not shrink
  /// it: the keyboard slides over its bottom.
  case keyboard
  /// `.ignoresSafeArea()`: the whole container, under the bars, insets and keyboard.
  case all
}
