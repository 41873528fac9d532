import Foundation
import SnapAlgorithms
import SnapVerification

/// `corpus.swiftui-offset-bubble`: a SwiftUI chat bubble moved by `@State` offsets, in the shape
/// the SwiftUI tutorials and coach-mark bubbles take (a new user's ports of public SwiftUI
/// bubbles, 2026-12-05).
///
/// Wiring: the bubble is centred in a view that fills the safe area and shown at
/// `.offset(offset + dragOffset)`; both offsets and an `isDragging` flag are `@State`, so nothing
/// resets them when the system cancels the gesture. A `.highPriorityGesture(TapGesture())` opens
/// the chat unless `isDragging`; under it, `DragGesture(minimumDistance: 0)` begins only when the
/// finger has moved too far to be a tap (`minimumDistance` 10 here). `onChanged` sets
/// `isDragging` and `dragOffset = translation`; `onEnded` moves `offset` by the translation,
/// puts its `x` 16 pt inside the side of the screen it is on (`UIScreen.main.bounds`, half its
/// width either way of the centre) and clamps its `y` to 80 pt inside the screen's top and
/// bottom, clears the drag state and springs there (`.spring(response: 0.35, dampingFraction:
/// 0.8)`). There is no `onChange` of the layout: it stays centred, the offset kept.
///
/// Judged defects (each confirmed on the ports by hand):
/// - It docks by the screen, not the safe area or its window: held sideways it rests 16 pt from
///   the screen's edge, under the sensor housing; in Split View or Slide Over, where `UIScreen`
///   is the whole screen, it rests beyond its window; beside a side column, which moves the
///   centre it is offset from, it goes past the screen's edge.
/// - The offset is kept from a centre the layout moves: after the keyboard, a rotation, a bar
///   or a new window size it is no longer docked, and may be off screen or under the keyboard.
/// - A cancel is never heard (`@State`, no `onChange`): it rests where the finger left it, the
///   next drag jumps by the stale drag offset, and the next tap does nothing (`isDragging`).
/// - (Not a hazard: the spring starts at rest, so the finger leaves at speed and the bubble stops
///   dead first. A hitch loses nothing; by issue 47's judgements at first sight on code nobody
///   here had read, a careful engineer leaves it unless the button promises the flick's speed,
///   which this one does not. `velocity-continuous` reports it as polish.)
/// - Caught while it springs, it is where it is going: a touch on it misses it (SwiftUI
///   hit-tests it there), and a drag that takes it moves it from there.
public struct SwiftUIOffsetBubble: DragGestureAlgorithm {
  public let id = "corpus.swiftui-offset-bubble"
  public var releaseAnimation: SwiftUIAnimation? = .spring(response: 0.35, dampingFraction: 0.8)
  public var dockingMargin: CGFloat? { 16 }
  public var itemAction: ItemAction? { .handlers }

  /// `@State var offset`, `@State var dragOffset`, `@State var isDragging`.
  var offset = CGSize.zero
  var dragOffset = CGSize.zero
  var isDragging = false

  public init() {}

  var shown: CGSize {
    CGSize(width: offset.width + dragOffset.width, height: offset.height + dragOffset.height)
  }

  public mutating func onAppear(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
    view.position = CGPoint(x: geometry.size.width / 2, y: geometry.size.height / 2)
    view.offset = shown
  }

  public mutating func onChanged(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    isDragging = true
    dragOffset = value.translation
    view.offset = shown
  }

  public mutating func onEnded(
    _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    let total = CGSize(
      width: offset.width + value.translation.width,
      height: offset.height + value.translation.height)
    let screen = geometry.screenSize
    let side = screen.width / 2 - view.size.width / 2 - 16
    let reach = screen.height / 2 - view.size.height / 2 - 80
    offset = CGSize(width: total.width < 0 ? -side : side, height: min(max(total.height, -reach), reach))
    dragOffset = .zero
    isDragging = false
    let to = shown
    view.withAnimation(releaseAnimation) { $0.offset = to }
  }

  public mutating func onTap(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
    guard !isDragging else { return }
    view.sendAction()
  }

  public mutating func onGeometryChange(
    from old: ContainerGeometry, view: inout FloatingViewState, geometry: ContainerGeometry
  ) {
    // No onChange: the layout centres it in the new frame, the offset kept.
    view.position = CGPoint(x: geometry.size.width / 2, y: geometry.size.height / 2)
  }
}

extension Corpus.Entry {
  /// The SwiftUI offset bubble: 64×64, on phones and iPads held either way.
  public static let swiftUIOffsetBubble = Corpus.Entry(
    SwiftUIHosting(SwiftUIOffsetBubble()), shape: .swiftUIOffsetBubble,
    scope: Scope(itemSizes: .exactly(CGSize(width: 64, height: 64))),
    defects: [
      Corpus.JudgedDefect(
        "docks by the screen, not the safe area or its window: held sideways it rests under the "
          + "sensor housing, in Split View or Slide Over beyond its window, and beside a side "
          + "column (which moves the centre it is offset from) past the screen's edge",
        invariants: [.inSafeArea, .onScreen, .docked],
        defects: [.outsideSafeArea, .offScreenAtRest, .offScreenInMotion, .notDocked],
        causeClasses: [.plain, .iPadWindow, .sideColumn]),
      Corpus.JudgedDefect(
        "the offset is kept from a centre the layout moves: after the keyboard, a rotation, a bar "
          + "or a new window size it is no longer docked, and may be off screen or under the "
          + "keyboard; a change just before the lift makes it land away from where it was let go",
        invariants: [.docked, .onScreen, .inSafeArea, .resizeSafe, .tracksFinger],
        defects: [
          .notDocked, .offScreenAtRest, .offScreenInMotion, .outsideSafeArea, .changesSide,
          .losesPlaceAlongEdge,
          .movedFurtherThanNeeded, .notBackAfterRoundTrip, .movesAfterRelease,
        ],
        causeClasses: [.keyboard, .rotation, .bars, .iPadWindow, .sideColumn]),
      Corpus.JudgedDefect(
        "a cancel is never heard: it rests where the finger left it, the next drag jumps by the "
          + "stale drag offset, and the next tap does nothing",
        invariants: [.cancelSafe, .docked, .tapIsNotDrag, .tracksFinger, .catchable],
        defects: [.notDocked, .tapDoesNotFire, .lagsTheFinger, .offScreenAtRest],
        causeClasses: [.cancel], foundBySnapLab: true),
      Corpus.JudgedDefect(
        "caught while it springs, it is where it is going: a touch on it misses it (SwiftUI "
          + "hit-tests it there), and a drag that does take it moves it from there, a jump by what "
          + "was left of the spring",
        invariants: [.catchable], defects: [.touchIgnored, .jumpsWhenCaught, .lagsTheFinger],
        causeClasses: [.plain, .catchInFlight]),
    ],
    falseAlarms: [])
}
