import Foundation
import SnapAlgorithms
import Testing

/// SnapLab's model of what SwiftUI does around a floating button's closures, driven directly.
@Suite("The SwiftUI model")
struct SwiftUIModelTests {
  /// Records what SwiftUI calls, and what the view looked like at each call.
  struct Recorder: DragGestureAlgorithm {
    let id = "test.recorder"
    var releaseAnimation: SwiftUIAnimation? = .easeOut(duration: 0.25)
    var dockingMargin: CGFloat? { nil }
    var coordinateSpace: DragCoordinateSpace { .global }
    var log: [String] = []
    var values: [DragValue] = []

    mutating func onChanged(
      _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
    ) {
      log.append("changed")
      values.append(value)
      view.gestureOffset = value.translation
    }
    mutating func onEnded(
      _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
    ) {
      log.append("ended gestureOffset=\(view.gestureOffset == .zero ? "reset" : "kept")")
    }
    mutating func onGestureReset(
      ended: Bool, view: inout FloatingViewState, geometry: ContainerGeometry
    ) {
      log.append("reset ended=\(ended)")
    }
    mutating func onTap(_ view: inout FloatingViewState, geometry: ContainerGeometry) {
      log.append("tap")
    }
  }

  let environment = DeviceProfile.standard.environment(.portrait)

  func context(_ time: Double, velocity: CGVector = .zero) -> UIKitContext {
    UIKitContext(time: time, environment: environment, fingerVelocity: velocity)
  }

  func touch(_ x: CGFloat, _ y: CGFloat) -> Touch { Touch(locationInWindow: CGPoint(x: x, y: y)) }

  @Test("the drag begins once the finger is 10 pt from where it came down, translated from there")
  func minimumDistance() {
    var hosting = SwiftUIHosting(Recorder())
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    hosting.didLoad(&view, context: context(0))
    hosting.touchesBegan(touch(100, 300), view: &view, context: context(0))
    hosting.touchesMoved(touch(106, 300), view: &view, context: context(0.01))
    #expect(hosting.algorithm.log.isEmpty)
    hosting.touchesMoved(touch(112, 300), view: &view, context: context(0.02, velocity: CGVector(dx: 500, dy: 0)))
    #expect(hosting.algorithm.log == ["changed"])
    let value = hosting.algorithm.values[0]
    #expect(value.startLocation == CGPoint(x: 100, y: 300))
    #expect(value.translation == CGSize(width: 12, height: 0))
    // The predicted end: half a second of the velocity, 0.998 per ms.
    #expect(abs(value.predictedEndLocation.x - (112 + 500 * 0.499)) < 1e-9)
    // The @GestureState offset moves the view.
    #expect(view.center == CGPoint(x: 112, y: 300))
  }

  @Test("a lift resets the gesture state before onEnded; a cancel calls no onEnded")
  func endAndCancel() {
    var hosting = SwiftUIHosting(Recorder())
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    hosting.didLoad(&view, context: context(0))
    hosting.touchesBegan(touch(100, 300), view: &view, context: context(0))
    hosting.touchesMoved(touch(130, 300), view: &view, context: context(0.01))
    hosting.touchesEnded(touch(130, 300), view: &view, context: context(0.02))
    #expect(hosting.algorithm.log == ["changed", "ended gestureOffset=reset", "reset ended=true"])
    // Without a change of position, the reset puts the view back where it was laid out.
    #expect(view.center == CGPoint(x: 100, y: 300))

    hosting.algorithm.log = []
    hosting.touchesBegan(touch(100, 300), view: &view, context: context(1))
    hosting.touchesMoved(touch(130, 300), view: &view, context: context(1.01))
    hosting.touchesCancelled(touch(130, 300), view: &view, context: context(1.02))
    #expect(hosting.algorithm.log == ["changed", "reset ended=false"])

    hosting.algorithm.log = []
    hosting.touchesBegan(touch(100, 300), view: &view, context: context(2))
    hosting.touchesEnded(touch(102, 300), view: &view, context: context(2.05))
    #expect(hosting.algorithm.log == ["tap"])
  }

  @Test("a GeometryReader's frame and insets, ignoring nothing, the keyboard, or everything")
  func geometry() {
    var keyboard = environment
    keyboard.keyboardFrame = CGRect(x: 0, y: 516, width: 393, height: 336)
    let none = ContainerGeometry(environment: keyboard, ignoring: .none)
    #expect(none.frameInContainer == keyboard.safeRegion)
    #expect(none.safeAreaInsets == Insets())
    let ignoringKeyboard = ContainerGeometry(environment: keyboard, ignoring: .keyboard)
    #expect(ignoringKeyboard.frameInContainer == environment.safeRegion)
    let all = ContainerGeometry(environment: keyboard, ignoring: .all)
    #expect(all.size == keyboard.bounds.size)
    #expect(all.safeAreaInsets.bottom == keyboard.bounds.maxY - 516)
    #expect(all.safeRect == keyboard.safeRegion)
    #expect(all.screenSize == keyboard.bounds.size)
    // A 320-wide window on a 1024-wide screen (iPad Split View): UIScreen is the whole screen.
    let splitView = ItemEnvironment(
      name: "split view", bounds: CGRect(x: 0, y: 0, width: 320, height: 1366),
      screenBounds: CGRect(x: 0, y: 0, width: 1024, height: 1366))
    let window = ContainerGeometry(environment: splitView, ignoring: .all)
    #expect(window.size == CGSize(width: 320, height: 1366))
    #expect(window.screenSize == CGSize(width: 1024, height: 1366))
  }

  @Test("withAnimation: values animate apart and add up; a value changed outside it ends its animation, an equal one does not")
  func animations() {
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    var hosting = SwiftUIHosting(Recorder())
    hosting.didLoad(&view, context: context(0))
    var state = hosting.state!
    state.withAnimation(.easeOut(duration: 1)) { $0.offset.width = 50 }
    state.withAnimation(.easeOut(duration: 1)) { $0.position.x += 20 }
    hosting.state = state
    // A tap lets the host show the state the code left.
    hosting.touchesBegan(touch(100, 300), view: &view, context: context(0))
    hosting.touchesEnded(touch(100, 300), view: &view, context: context(0))
    #expect(view.animations.count == 2)
    #expect(view.center == CGPoint(x: 170, y: 300))
    #expect(view.presentationCenter(at: 0) == CGPoint(x: 100, y: 300))
    // Setting the offset to the value it already has is no change: SwiftUI updates only what
    // differs, so both animations run on.
    state = hosting.state!
    let laidOut = state.position
    state.offset = CGSize(width: 50, height: 0)
    state.position = CGPoint(x: laidOut.x, y: laidOut.y)
    hosting.state = state
    hosting.touchesBegan(touch(170, 300), view: &view, context: context(0.25))
    hosting.touchesEnded(touch(170, 300), view: &view, context: context(0.25))
    #expect(view.animations.count == 2)
    // Setting the position outside an animation ends the position's animation only.
    state = hosting.state!
    state.position.x = 130
    hosting.state = state
    hosting.touchesBegan(touch(170, 300), view: &view, context: context(0.5))
    hosting.touchesEnded(touch(170, 300), view: &view, context: context(0.5))
    #expect(view.animations.count == 1)
  }

  @Test("a spring started on a value a spring already moves merges into it: shown the same, one animation a frame")
  func springsMerge() {
    let spring = SwiftUIAnimation.spring(response: 0.5, dampingFraction: 0.7)
    var merged = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    var added = merged
    // Three retargets of one value, 50 ms apart, as onChanged with withAnimation makes them.
    for (step, target) in [CGPoint(x: 140, y: 320), CGPoint(x: 180, y: 330), CGPoint(x: 210, y: 300)]
      .enumerated()
    {
      let time = Double(step) * 0.05
      merged.animate(to: target, with: spring.motion, at: time, allowsUserInteraction: true, completion: "position")
      merged.mergeSprings(spring.motion, completion: "position", at: time)
      added.animate(to: target, with: spring.motion, at: time, allowsUserInteraction: true, completion: "position")
    }
    #expect(merged.animations.count == 1)
    #expect(added.animations.count == 3)
    // The same motion, but for where each spring is cut off as settled (within 0.05 pt).
    for time in stride(from: 0.1, through: 1.5, by: 0.05) {
      let a = merged.presentationCenter(at: time)
      let b = added.presentationCenter(at: time)
      #expect(abs(a.x - b.x) < 0.1 && abs(a.y - b.y) < 0.1, "t \(time): \(a) \(b)")
    }
    // Another value's spring, or a timing curve, is not merged.
    merged.animate(to: CGPoint(x: 200, y: 300), with: spring.motion, at: 0.2, completion: "offset")
    merged.animate(to: CGPoint(x: 190, y: 300), with: .curve(.easeOut, duration: 0.3), at: 0.2, completion: "position")
    merged.mergeSprings(spring.motion, completion: "position", at: 0.2)
    #expect(merged.animations.count == 3)
  }

  @Test("SwiftUI's springs: response and damping fraction, duration and bounce")
  func springs() throws {
    guard case .spring(let bouncy)? = Optional(SwiftUIAnimation.spring(duration: 0.5, bounce: 0.3).motion)
    else {
      Issue.record("not a spring")
      return
    }
    #expect(abs(bouncy.dampingRatio - 0.7) < 1e-9)
    #expect(abs(bouncy.naturalFrequency - 2 * .pi / 0.5) < 1e-9)
    #expect(abs(SwiftUIAnimation.dampingRatio(bounce: -0.5) - 2) < 1e-12)
    guard case .spring(let snappy) = SwiftUIAnimation.snappy.motion else {
      Issue.record("not a spring")
      return
    }
    #expect(abs(snappy.dampingRatio - 0.85) < 1e-9)
    #expect(SwiftUIAnimation.easeOut(duration: 0.35).motion == .curve(.easeOut, duration: 0.35))
    #expect(SwiftUIAnimation.spring(duration: 0.5, bounce: 1).motion == .none)
  }
}
