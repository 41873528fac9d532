import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// The UIKit spellings of the model: what a port of UIKit code calls does what UIKit does.
@Suite("The UIKit model's spellings")
struct UIKitModelTests {
  static let phone = DeviceProfile.standard.environment()

  @Test("a view controller's view reports the bars in its safe area, as UIKit does")
  func superviewInsets() {
    let superview = Superview(Self.phone)
    #expect(superview.safeAreaInsets == Insets(top: 103, left: 0, bottom: 83, right: 0))
    #expect(superview.bounds == CGRect(x: 0, y: 0, width: 393, height: 852))
    #expect(superview.bounds.inset(by: superview.safeAreaInsets) == Self.phone.safeRegion)
    var typing = Self.phone
    typing.keyboardFrame = CGRect(x: 0, y: 516, width: 393, height: 336)
    // The keyboard is not in the safe area (apps hear of it from notifications).
    #expect(Superview(typing).safeAreaInsets == superview.safeAreaInsets)
    let landscape = DeviceProfile.standard.environment(.landscape)
    #expect(Superview(landscape).safeAreaInsets == Insets(top: 32, left: 59, bottom: 53, right: 59))
  }

  @Test("animate(withDuration:delay:options:) changes the model at once and shows the curve after the delay")
  func curveAnimation() {
    var view = ItemView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 60, height: 60))
    view.currentTime = 2
    view.animate(withDuration: 0.4, delay: 0.1, options: [.curveEaseOut]) {
      $0.center = CGPoint(x: 300, y: 100)
    }
    #expect(view.center == CGPoint(x: 300, y: 100))
    #expect(view.presentationCenter(at: 2.05) == CGPoint(x: 100, y: 100))
    let expected = 100 + 200 * TimingCurve.easeOut.value(atProgress: 0.5)
    #expect(abs(view.presentationCenter(at: 2.3).x - expected) < 1e-9)
    #expect(view.presentationCenter(at: 2.5) == CGPoint(x: 300, y: 100))
    // Without .allowUserInteraction the view ignores touches until the animation ends.
    #expect(!view.acceptsTouches(at: 2.3))
    #expect(view.acceptsTouches(at: 2.5))
    var interactive = ItemView(center: .zero, size: CGSize(width: 10, height: 10))
    interactive.animate(withDuration: 1, options: [.allowUserInteraction, .curveLinear]) {
      $0.center = CGPoint(x: 10, y: 0)
    }
    #expect(interactive.acceptsTouches(at: 0.5))
    #expect(abs(interactive.presentationCenter(at: 0.25).x - 2.5) < 1e-9)
    // A duration of zero changes the view without animating, as UIKit does.
    var jump = ItemView(center: .zero, size: CGSize(width: 10, height: 10))
    jump.animate(withDuration: 0) { $0.center = CGPoint(x: 5, y: 5) }
    #expect(jump.animations.isEmpty && jump.center == CGPoint(x: 5, y: 5))
  }

  @Test("keyframes are delayed animations in a row: the item passes through each keyframe at its time")
  func keyframesAsDelayedAnimations() {
    // UIView.animateKeyframes(withDuration: 0.3, delay: 0, options: [.calculationModeLinear]) with
    // addKeyframe(withRelativeStartTime: 0, relativeDuration: 2/3) { center.x = 300 } and
    // addKeyframe(withRelativeStartTime: 2/3, relativeDuration: 1/3) { center.x = 280 }: a
    // throw past the edge and a bounce back, as a chat head's keyframes do.
    var view = ItemView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 60, height: 60))
    view.animate(withDuration: 0.2, delay: 0, options: [.curveLinear]) { $0.center.x = 300 }
    view.animate(withDuration: 0.1, delay: 0.2, options: [.curveLinear]) { $0.center.x = 280 }
    #expect(view.center.x == 280)
    for (time, x) in [(0.0, 100.0), (0.1, 200), (0.2, 300), (0.25, 290), (0.3, 280), (0.5, 280)] {
      #expect(abs(view.presentationCenter(at: time).x - x) < 1e-9, "at \(time)")
    }
  }

  @Test("the spring form is UIKit's: damping, a duration it settles in, a velocity normalised by distance")
  func springAnimation() throws {
    var view = ItemView(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
    view.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2) {
      $0.center = CGPoint(x: 100, y: 50)
    }
    let spring = try #require(DampedSpring.uikit(dampingRatio: 0.7, duration: 0.5, initialVelocity: 2))
    #expect(view.animations.first?.motion == .spring(spring))
    // Normalised velocity 2: twice the distance per second, on both axes.
    let velocity = view.presentationVelocity(at: 0)
    #expect(abs(velocity.dx - 200) < 1e-6 && abs(velocity.dy - 100) < 1e-6)
    // The property-animator form takes a velocity per axis.
    var perAxis = ItemView(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
    perAxis.animate(
      withDuration: 0.5,
      timingParameters: .init(dampingRatio: 1, initialVelocity: CGVector(dx: 3, dy: -1))
    ) { $0.center = CGPoint(x: 100, y: 50) }
    let started = perAxis.presentationVelocity(at: 0)
    #expect(abs(started.dx - 300) < 1e-6 && abs(started.dy + 50) < 1e-6)
    #expect(perAxis.presentationCenter(at: 0.5) == CGPoint(x: 100, y: 50))
  }

  @Test("the recogniser answers in any view, and nil is the window")
  func recognizerSpellings() {
    var recognizer = PanGestureRecognizer(touchDownAt: CGPoint(x: 100, y: 200))
    recognizer.location = CGPoint(x: 130, y: 180)
    let view = ItemView(center: CGPoint(x: 110, y: 190), size: CGSize(width: 60, height: 60))
    let superview = Superview(Self.phone)
    #expect(recognizer.translation(in: view) == CGPoint(x: 30, y: -20))
    #expect(recognizer.translation(in: superview) == CGPoint(x: 30, y: -20))
    #expect(recognizer.translation(in: nil) == CGPoint(x: 30, y: -20))
    #expect(recognizer.location(in: superview) == CGPoint(x: 130, y: 180))
    #expect(recognizer.location(in: nil) == CGPoint(x: 130, y: 180))
    // In the item's own coordinates: from its top left corner (80, 160).
    #expect(recognizer.location(in: view) == CGPoint(x: 50, y: 20))
    recognizer.setTranslation(.zero, in: superview)
    #expect(recognizer.translation(in: nil) == .zero)
    let touch = Touch(locationInWindow: CGPoint(x: 130, y: 180))
    #expect(touch.location(in: superview) == CGPoint(x: 130, y: 180))
    #expect(touch.location(in: nil) == CGPoint(x: 130, y: 180))
    #expect(touch.location(in: view) == CGPoint(x: 50, y: 20))
    #expect(view.bounds == CGRect(x: 0, y: 0, width: 60, height: 60))
  }

  @Test("below an opaque navigation bar each view answers in its own coordinates, nil in the window")
  func spellingsBelowAnOpaqueBar() throws {
    // iPhone 8, opaque navigation bar: the superview is (0, 64, 375×603) in the window.
    var bars = DeviceProfile.Bars.standard
    bars.opaqueNavigationBar = true
    let superview = Superview(try #require(DeviceProfile.named("iPhone 8")).environment(bars: bars))
    #expect(superview.frame.origin == CGPoint(x: 0, y: 64))
    // The item's centre (110, 126) is in the superview: (110, 190) in the window, top left
    // corner (80, 96) in the superview.
    let view = ItemView(center: CGPoint(x: 110, y: 126), size: CGSize(width: 60, height: 60))
    var recognizer = PanGestureRecognizer(touchDownAt: CGPoint(x: 100, y: 200))
    recognizer.superviewOrigin = superview.frame.origin
    recognizer.location = CGPoint(x: 130, y: 180)
    // A finger at (130, 180) on the glass: (130, 116) in the superview, (50, 20) in the item.
    #expect(recognizer.location(in: nil) == CGPoint(x: 130, y: 180))
    #expect(recognizer.location(in: superview) == CGPoint(x: 130, y: 116))
    #expect(recognizer.location(in: .superview) == CGPoint(x: 130, y: 116))
    #expect(recognizer.location(in: view) == CGPoint(x: 50, y: 20))
    // A translation is the same vector in every view.
    #expect(recognizer.translation(in: view) == CGPoint(x: 30, y: -20))
    let touch = Touch(
      locationInWindow: CGPoint(x: 130, y: 180), superviewOrigin: CGPoint(x: 0, y: 64))
    #expect(touch.location(in: nil) == CGPoint(x: 130, y: 180))
    #expect(touch.location(in: superview) == CGPoint(x: 130, y: 116))
    #expect(touch.locationInContainer == CGPoint(x: 130, y: 116))
    #expect(touch.location(in: view) == CGPoint(x: 50, y: 20))
    #expect(superview.convert(CGPoint(x: 130, y: 180), from: nil) == CGPoint(x: 130, y: 116))
  }

  /// Ends the drag from its own handler once the centre passes x = 250, by assigning `state`
  /// (the Swift spelling) or by `setState(_:)` (the articles').
  struct Ender: SnapAlgorithm {
    var id = "test.ender"
    let inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { nil }
    var assigns: Bool
    var endedAt: CGPoint?

    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      let translation = recognizer.translation(in: context.superview)
      view.center = CGPoint(x: view.center.x + translation.x, y: view.center.y + translation.y)
      recognizer.setTranslation(.zero, in: context.superview)
      if recognizer.state == .changed, view.center.x > 250 {
        if assigns { recognizer.state = .ended } else { recognizer.setState(.ended) }
        // As in UIKit, the assignment reads back at once.
        precondition(recognizer.state == .ended)
      }
      if recognizer.state == .ended { view.center.y = 100 }
    }
  }

  @Test("assigning recognizer.state from the handler ends the drag as setState: does")
  func stateAssignment() {
    let gesture = TouchGesture.drag(
      from: CGPoint(x: 200, y: 400), to: CGPoint(x: 340, y: 400), duration: 0.3, touchRate: 60)
    let simulator = Simulator(environment: Self.phone)
    let assigned = simulator.run(Ender(assigns: true), gesture: gesture)
    let set = simulator.run(Ender(assigns: false), gesture: gesture)
    #expect(assigned == set)
    // Ended with the finger still down: the handler ran again with .ended and moved it up.
    #expect(assigned.rest.midY == 100)
    #expect(assigned.rest.midX < 280)
  }
}

extension UIKitModelTests {
  /// Docks flush on the nearer side, animating through its declared motion.
  struct ThroughReleaseMotion: SnapAlgorithm {
    var id = "test.through-release-motion"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .uikitSpring(dampingRatio: 1, duration: 0.5)
    var dockingMargin: CGFloat? { 0 }

    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let x = view.center.x < region.midX ? region.minX + view.bounds.width / 2 : region.maxX - view.bounds.width / 2
      let target = CGPoint(x: x, y: view.center.y)
      view.animate(with: releaseMotion, velocity: context.fingerVelocity) { $0.center = target }
    }
  }

  @Test("animate(with: releaseMotion) runs the declared motion, or the one put in its place")
  func throughReleaseMotion() throws {
    let gesture = TouchGesture.flick(from: CGPoint(x: 150, y: 400), velocity: CGVector(dx: -600, dy: 0))
    let simulator = Simulator(environment: Self.phone)
    var algorithm = ThroughReleaseMotion()
    let own = simulator.run(algorithm, gesture: gesture)
    algorithm.releaseMotion = .curve(.linear, duration: 2)
    let replaced = simulator.run(algorithm, gesture: gesture)
    // A two-second linear motion lasts longer than the half-second spring.
    #expect(replaced.frames.count > own.frames.count + 60)
    #expect(replaced.rest == own.rest)
    // The spring was handed the finger's velocity.
    #expect(abs((own.handoffVelocity?.dx ?? 0) - (own.releaseVelocity?.dx ?? 1)) < 1)
    #expect(Motion.uikitSpring(dampingRatio: 0, duration: 0.5) == nil)
    #expect(Motion.spring(dampingRatio: 0.8, response: 0.4) != nil)
  }
}
