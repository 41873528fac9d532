import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// What real floating-button code needs from the model besides touches and a pan: where the item
/// lives, what a container change was, completion blocks, placement at load, `tapCount`, a
/// long press, a tap recogniser beside the pan, the idiom.
@Suite("The porting surface real code needs")
struct PortingSurfaceTests {
  static let phone = DeviceProfile.named("iPhone 15")!
  static let pad = DeviceProfile.named("iPad Air")!

  /// Records what the simulator tells it, and docks with a completion.
  struct Recorder: SnapAlgorithm {
    var id = "test.recorder"
    var inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
    var dockingMargin: CGFloat? { nil }
    var host = ItemHost.viewController
    var recognizesLongPress = false
    var itemAction: ItemAction? = nil
    var placeAtLoad: CGPoint?
    var changes: [ContainerChangeInfo] = []
    var completions: [(String, Bool)] = []
    var longPresses: [PanGestureRecognizer.State] = []
    var taps: [CGPoint] = []
    var tapCounts: [Int] = []
    var superviews: [Superview] = []
    var idioms: [DeviceProfile.Idiom] = []

    mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
      idioms.append(context.idiom)
      if let placeAtLoad { view.center = placeAtLoad }
    }
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      tapCounts.append(touch.tapCount)
      superviews.append(context.superview)
    }
    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      let translation = recognizer.translation(in: context.superview)
      view.center.x += translation.x
      view.center.y += translation.y
      recognizer.setTranslation(.zero, in: context.superview)
      if recognizer.state == .ended {
        view.animate(withDuration: 0.3, options: [.curveEaseOut], completion: "docked") {
          $0.center.x = 30
        }
      }
    }
    mutating func handleLongPress(
      _ recognizer: inout LongPressGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      longPresses.append(recognizer.state)
    }
    mutating func handleTap(at location: CGPoint, view: inout ItemView, context: UIKitContext) {
      taps.append(location)
    }
    mutating func animationDidComplete(
      _ tag: String, finished: Bool, view: inout ItemView, context: UIKitContext
    ) {
      completions.append((tag, finished))
    }
    mutating func environmentDidChange(
      from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
    ) {
      if let change = context.containerChange { changes.append(change) }
    }
  }

  static func session(
    _ algorithm: Recorder, _ environment: ItemEnvironment, at center: CGPoint = CGPoint(x: 200, y: 400)
  ) -> DragSimulation<Recorder> {
    DragSimulation(
      algorithm: algorithm, environment: environment, center: center,
      itemSize: CGSize(width: 60, height: 60))
  }

  @Test("environmentDidChange is told what changed: a rotation, the keyboard with its frames and animation, the bars")
  func whatChanged() throws {
    let portrait = Self.phone.environment()
    var session = Self.session(Recorder(), portrait)
    session.changeEnvironment(to: Self.phone.environment(.landscape), at: 1)
    var typing = Self.phone.environment(.landscape)
    typing.keyboardFrame = CGRect(x: 0, y: 178, width: 852, height: 215)
    session.changeEnvironment(to: typing, at: 2)
    session.changeEnvironment(to: Self.phone.environment(.landscape, bars: .none), at: 3)
    let changes = session.algorithm.changes
    try #require(changes.count == 3)
    #expect(changes[0].rotated && changes[0].newSize == CGSize(width: 852, height: 393))
    #expect(changes[0].transitionDuration == 0.4)
    #expect(changes[0].safeAreaChanged && changes[0].keyboard == nil)
    let keyboard = try #require(changes[1].keyboard)
    #expect(keyboard.name == .willShow)
    #expect(keyboard.endFrame == CGRect(x: 0, y: 178, width: 852, height: 215))
    #expect(keyboard.beginFrame.minY == 393)
    #expect(keyboard.duration == 0.25 && keyboard.curve == 7)
    #expect(!changes[1].rotated && changes[1].newSize == nil)
    #expect(changes[2].keyboard?.name == .willHide)
    #expect(changes[2].barsChanged)
    // Outside environmentDidChange the context says nothing changed.
    #expect(session.context.containerChange == nil)
  }

  @Test("what old code reads: applicationFrame, an (NSInteger) cast, willChangeFrame beside show and hide")
  func oldCodeReads() {
    let phone = DeviceProfile.named("iPhone 8")!
    let context = UIKitContext(time: 0, environment: phone.environment(.portrait))
    #expect(context.applicationFrame == CGRect(x: 0, y: 20, width: 375, height: 647))
    #expect(objcInt(.nan) == 0 && objcInt(.infinity) == .max && objcInt(-.infinity) == .min)
    #expect(objcInt(-3.7) == -3 && objcInt(1e300) == .max)
    let down = phone.environment(.portrait)
    let up = phone.environment(.portrait, bars: DeviceProfile.Bars(keyboard: true))
    #expect(ContainerChangeInfo(from: down, to: up).keyboardNotifications.map(\.name) == [.willChangeFrame, .willShow])
    #expect(ContainerChangeInfo(from: up, to: down).keyboardNotifications.map(\.name) == [.willChangeFrame, .willHide])
    #expect(ContainerChangeInfo(from: down, to: down).keyboardNotifications.isEmpty)
  }

  @Test("a completion is called when its animation ends, and told it did not finish when removed")
  func completions() {
    var session = Self.session(Recorder(), Self.phone.environment())
    let drag = Fixtures.events([
      (0, .began, 200, 400), (0.016, .moved, 220, 400), (0.033, .moved, 240, 400),
      (0.05, .ended, 240, 400),
    ])
    for event in drag { session.receive(event) }
    #expect(session.algorithm.completions.isEmpty)
    session.removeFinishedAnimations(at: 0.2)
    #expect(session.algorithm.completions.isEmpty)
    session.removeFinishedAnimations(at: 0.36)
    #expect(session.algorithm.completions.map(\.0) == ["docked"])
    #expect(session.algorithm.completions.map(\.1) == [true])
    // Removed before its end: finished is false.
    var view = ItemView(center: .zero, size: CGSize(width: 10, height: 10))
    view.animate(withDuration: 1, completion: "gone") { $0.center = CGPoint(x: 50, y: 0) }
    view.stopAnimations(at: 0.5)
    #expect(view.takeCompletions() == [ItemView.CompletedAnimation(tag: "gone", finished: false)])
    // Nothing to animate: the completion is still called, finished.
    view.animate(withDuration: 1, completion: "still") { _ in }
    #expect(view.takeCompletions() == [ItemView.CompletedAnimation(tag: "still", finished: true)])
  }

  @Test("didLoad with the view places the item, and the simulator reports where")
  func placementAtLoad() {
    var recorder = Recorder()
    recorder.placeAtLoad = CGPoint(x: 350, y: 700)
    let session = Self.session(recorder, Self.phone.environment())
    #expect(session.view.center == CGPoint(x: 350, y: 700))
    #expect(session.loadPlacement == CGPoint(x: 350, y: 700))
    #expect(session.algorithm.idioms == [.phone])
    #expect(Self.session(Recorder(), Self.phone.environment()).loadPlacement == nil)
    #expect(Self.session(Recorder(), Self.pad.environment()).algorithm.idioms == [.pad])
  }

  @Test("tapCount counts taps that land close together in quick succession")
  func tapCount() {
    var session = Self.session(Recorder(), Self.phone.environment())
    let taps = Fixtures.events([
      (0, .began, 200, 400), (0.05, .ended, 200, 400),
      (0.2, .began, 202, 401), (0.25, .ended, 202, 401),
      (0.4, .began, 201, 400), (0.45, .ended, 201, 400),
      (2, .began, 200, 400), (2.05, .ended, 200, 400),
    ])
    for event in taps { session.receive(event) }
    #expect(session.algorithm.tapCounts == [1, 2, 3, 1])
  }

  @Test("a long press begins after 0.5 s held still, takes the touch from the pan, and ends at the lift")
  func longPress() {
    var recorder = Recorder()
    recorder.recognizesLongPress = true
    var session = Self.session(recorder, Self.phone.environment())
    session.receive(TouchEvent(time: 0, phase: .began, location: CGPoint(x: 200, y: 400)))
    session.receive(TouchEvent(time: 0.3, phase: .moved, location: CGPoint(x: 203, y: 400)))
    session.removeFinishedAnimations(at: 0.45)
    #expect(session.algorithm.longPresses.isEmpty)
    session.removeFinishedAnimations(at: 0.51)
    #expect(session.algorithm.longPresses == [.began])
    // The pan never begins now: moves go to the long press, and the item stays put.
    session.receive(TouchEvent(time: 0.6, phase: .moved, location: CGPoint(x: 260, y: 400)))
    session.receive(TouchEvent(time: 0.7, phase: .ended, location: CGPoint(x: 260, y: 400)))
    #expect(session.algorithm.longPresses == [.began, .changed, .ended])
    #expect(session.view.center == CGPoint(x: 200, y: 400))
    // A finger that moves 10 pt first makes the pan begin and the long press fail.
    var dragged = Self.session(recorder, Self.phone.environment())
    dragged.receive(TouchEvent(time: 0, phase: .began, location: CGPoint(x: 200, y: 400)))
    dragged.receive(TouchEvent(time: 0.1, phase: .moved, location: CGPoint(x: 230, y: 400)))
    dragged.removeFinishedAnimations(at: 0.8)
    dragged.receive(TouchEvent(time: 0.9, phase: .ended, location: CGPoint(x: 230, y: 400)))
    #expect(dragged.algorithm.longPresses.isEmpty)
  }

  @Test("a tap recogniser beside the pan calls handleTap with the finger in the superview")
  func tapBesideThePan() {
    var recorder = Recorder()
    recorder.itemAction = .tapRecognizer
    var session = Self.session(recorder, Self.phone.environment(.portrait, bars: DeviceProfile.Bars(opaqueNavigationBar: true)))
    session.receive(TouchEvent(time: 0, phase: .began, location: CGPoint(x: 200, y: 400)))
    session.receive(TouchEvent(time: 0.1, phase: .ended, location: CGPoint(x: 201, y: 400)))
    // The superview starts below the opaque bar (103 pt down): the finger is there in it.
    #expect(session.algorithm.taps == [CGPoint(x: 201, y: 297)])
    #expect(session.view.actionsSent == 1)
  }

  @Test("an item in a window sees the window: no bars, no side column, the window for superview")
  func hosts() {
    var environment = Self.phone.environment(.portrait, bars: DeviceProfile.Bars(opaqueNavigationBar: true))
    environment.additionalSafeAreaInsets.left = 80
    let seen = environment.seen(by: .keyWindow)
    #expect(seen.navigationBarHeight == 0 && seen.tabBarHeight == 0)
    #expect(seen.superviewFrame == nil && seen.additionalSafeAreaInsets == .zero)
    // The window's safe area: the status bar and sensor housing, the home indicator.
    #expect(seen.safeRegion == CGRect(x: 0, y: 59, width: 393, height: 759))
    #expect(environment.safeRegion == CGRect(x: 80, y: 103, width: 313, height: 666))
    #expect(environment.seen(by: .viewController) == environment)
    // The keyboard's window covers every app window: it still bounds the region.
    var typing = environment
    typing.keyboardFrame = CGRect(x: 0, y: 516, width: 393, height: 336)
    #expect(typing.seen(by: .overlayWindow).safeRegion.maxY == 516)
    // The handlers are handed the host's superview and coordinates.
    var recorder = Recorder()
    recorder.host = .keyWindow
    var session = Self.session(recorder, environment)
    session.receive(TouchEvent(time: 0, phase: .began, location: CGPoint(x: 200, y: 400)))
    let superview = session.algorithm.superviews[0]
    #expect(superview.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
    #expect(superview.safeAreaInsets == Insets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(session.view.center == CGPoint(x: 200, y: 400))
  }
}
