import Foundation

/// The state a SwiftUI floating button keeps and the layout it is shown with: its `@State`
/// position and offset, its `@GestureState` drag offset, and the animated changes made to them.
///
/// The button is laid out at `.position(position)` in the `GeometryReader`'s space, moved by
/// `.offset(offset)` and `.offset(gestureOffset)`: its centre is `center`. Code written with
/// `.offset` from an aligned place (a `ZStack(alignment: .bottomTrailing)` with padding) keeps
/// that place in `position` and sets it in `onAppear` and `onGeometryChange`, as SwiftUI's
/// layout moves it.
///
/// A change made inside `withAnimation(_:_:)` is shown moving there with the animation; any
/// other change is shown at once. SwiftUI hit-tests a view where its layout puts it, not where
/// an animation shows it, and an animation cannot be stopped where it is shown: a button
/// tapped while it moves is reached only where it is going. Code that drives the motion every
/// frame instead (a `TimelineView` solving the spring, `DragGestureAlgorithm.drivesMotionEveryFrame`)
/// is hit where it is shown and can stop it there (`stopMotion()`).
public struct FloatingViewState: Hashable, Sendable {
  /// `@State var position`, applied with `.position(position)`: the button's centre in the
  /// reader's space, before the offsets.
  public var position: CGPoint {
    didSet { if !animating, position != oldValue { steps.append(.set(.position)) } }
  }
  /// `@State var offset`, applied with `.offset(offset)`.
  public var offset: CGSize {
    didSet { if !animating, offset != oldValue { steps.append(.set(.offset)) } }
  }
  /// A `@GestureState` drag offset, applied with `.offset(gestureOffset)`: SwiftUI resets it to
  /// `.zero`, without animation, when the gesture ends or is cancelled — before `onEnded` runs.
  public var gestureOffset: CGSize {
    didSet { if !animating, gestureOffset != oldValue { steps.append(.set(.gestureOffset)) } }
  }
  /// The button's size (`.frame(width:height:)`).
  public let size: CGSize
  /// Where the button is shown at this moment, in the reader's space: known to code that drives
  /// its motion every frame; the same as `center` when nothing moves it.
  public internal(set) var shownCenter: CGPoint
  /// A rectangle of the reader's space the shown button is kept inside while code that drives
  /// it every frame moves it (a spring's overshoot clamped to the screen); `nil` for none.
  public var confinement: CGRect?
  /// How many times the button's action has run.
  public internal(set) var actionsSent = 0

  /// The three values the button's place is made of; each is animated on its own, as SwiftUI
  /// animates each modifier's value.
  enum Property: String, Hashable, Sendable, CaseIterable {
    case position, offset, gestureOffset

    /// The completion tag of its animations in the item model.
    /// (Literals: a drag step or a motion frame makes no string.)
    var tag: String {
      switch self {
      case .position: return "swiftui.position"
      case .offset: return "swiftui.offset"
      case .gestureOffset: return "swiftui.gesture-offset"
      }
    }
  }

  /// What the code did to the view, in order: a value changed outside `withAnimation` (which
  /// ends any animation of it: SwiftUI shows the new value at once), or changed inside it. A
  /// value set to what it already is is no change, and leaves its animation running: SwiftUI
  /// updates only what differs (a `body` re-evaluated on a geometry change that assigns the
  /// same `@State` value does not stop the button mid-dock).
  enum Step: Hashable, Sendable {
    case set(Property)
    case animated(Property, by: CGVector, with: SwiftUIAnimation)
  }
  var steps: [Step] = []
  var animating = false
  var stopRequested = false

  /// A button of `size` laid out at `position`, with no offset.
  public init(position: CGPoint, size: CGSize) {
    self.position = position
    self.size = size
    offset = .zero
    gestureOffset = .zero
    shownCenter = position
    confinement = nil
  }

  /// The button's centre as laid out, in the reader's space: `position` plus both offsets.
  @inlinable
  public var center: CGPoint {
    CGPoint(
      x: position.x + offset.width + gestureOffset.width,
      y: position.y + offset.height + gestureOffset.height)
  }

  /// `withAnimation(animation) { … }`: what `body` changes is shown moving there with
  /// `animation`, added to any animation of the same value still running (SwiftUI merges them);
  /// `nil` shows it at once.
  ///
  ///     view.withAnimation(.spring(response: 0.4, dampingFraction: 0.7)) { $0.position.x = side }
  public mutating func withAnimation(
    _ animation: SwiftUIAnimation?, _ body: (inout FloatingViewState) -> Void
  ) {
    let before = (position, offset, gestureOffset)
    animating = animation != nil
    body(&self)
    animating = false
    guard let animation else { return }
    let moves: [(Property, CGVector)] = [
      (.position, CGVector(dx: position.x - before.0.x, dy: position.y - before.0.y)),
      (.offset, CGVector(dx: offset.width - before.1.width, dy: offset.height - before.1.height)),
      (
        .gestureOffset,
        CGVector(
          dx: gestureOffset.width - before.2.width, dy: gestureOffset.height - before.2.height)
      ),
    ]
    for (property, move) in moves where move != .zero {
      steps.append(.animated(property, by: move, with: animation))
    }
  }

  /// Stops the motion where it is shown, as code that drives it every frame does when a
  /// finger lands on it: `position` becomes the shown place (offsets kept), and nothing moves
  /// it any more. Only code that drives its motion every frame can (`drivesMotionEveryFrame`);
  /// elsewhere it changes nothing.
  public mutating func stopMotion() {
    position = CGPoint(
      x: shownCenter.x - offset.width - gestureOffset.width,
      y: shownCenter.y - offset.height - gestureOffset.height)
    stopRequested = true
  }

  /// The button's action runs (a `Button`'s action, or an `onTapGesture`).
  public mutating func sendAction() { actionsSent += 1 }
}
