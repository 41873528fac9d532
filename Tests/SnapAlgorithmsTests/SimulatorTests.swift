import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// The simulator's clock, delivery rules and bounds.
@Suite("Simulator")
struct SimulatorTests {
  /// Follows the finger with no clamp and docks nowhere: isolates the simulator's behaviour.
  struct Follower: SnapAlgorithm {
    let id = "test.follower"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.linear, duration: 0.1)
    let dockingMargin: CGFloat? = nil
    var grab = CGPoint.zero
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab = touch.location(in: view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let now = touch.location(in: view)
      view.center = CGPoint(x: view.center.x + now.x - grab.x, y: view.center.y + now.y - grab.y)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.animate(
        to: CGPoint(x: 30, y: view.center.y), with: releaseMotion ?? .none, at: context.time)
    }
  }

  @Test("frames fall every 1/refreshRate from the first event", arguments: [60, 120])
  func frameClock(rate: Int) {
    var environment = Fixtures.iPhone8
    environment.refreshRate = rate
    let gesture = TouchGesture.drag(
      from: CGPoint(x: 200, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.5, touchRate: 120,
      beganAt: 3)
    let trajectory = Simulator(environment: environment).run(Follower(), gesture: gesture)
    for (index, frame) in trajectory.frames.enumerated() {
      #expect(abs(frame.time - (3 + Double(index) / Double(rate))) < 1e-9)
    }
    // Drag from 3.0 to 3.5 (inclusive of the frame at 3.5 where the finger lifts, which is
    // already motion), 0.1 s of motion, then one rest frame.
    let drag = trajectory.frames.filter { $0.phase == .drag }.count
    let motion = trajectory.frames.filter { $0.phase == .motion }.count
    #expect(drag == rate / 2)
    #expect(motion == rate / 10)
    #expect(trajectory.frames.last?.phase == .rest)
    #expect(trajectory.frames.count == drag + motion + 1)
  }

  @Test("each frame shows every event stamped at or before it, and none after")
  func eventsBeforeFrames() {
    // Events at 0.004 and 0.012 fall before the 60 Hz frame at 0.0167; 0.02 falls after it.
    let trajectory = Fixtures.run(
      Follower(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.004, .moved, 210, 300), (0.012, .moved, 220, 300),
       (0.02, .moved, 230, 300), (0.03, .ended, 230, 300)])
    #expect(trajectory.frames[0].rect.midX == 200)
    #expect(trajectory.frames[1].rect.midX == 220)
  }

  @Test("a touch that lands outside the item never reaches its code")
  func hitTest() {
    let trajectory = Fixtures.run(
      Follower(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 100, 100), (0.1, .moved, 50, 50), (0.2, .ended, 50, 50)])
    #expect(trajectory.rest.mid == CGPoint(x: 200, y: 300))
    #expect(trajectory.frames.allSatisfy { $0.phase == .rest })
  }

  @Test("a second began while a finger is down, and events with no finger down, are ignored")
  func singleFinger() {
    let trajectory = Fixtures.run(
      Follower(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .moved, 500, 500), (0.01, .began, 200, 300), (0.02, .began, 100, 100),
       (0.03, .moved, 210, 300), (0.04, .ended, 210, 300), (0.05, .moved, 400, 400)])
    #expect(trajectory.rest.mid == CGPoint(x: 30, y: 300))
  }

  @Test("hostile timestamps are made monotonic and the frame count stays bounded")
  func hostileTime() {
    let gesture = TouchGesture(
      start: CGPoint(x: 200, y: 300),
      events: Fixtures.events([
        (0, .began, 200, 300), (.nan, .moved, 210, 300), (-5, .moved, 220, 300),
        (.infinity, .moved, 230, 300), (1e12, .moved, 240, 300), (1e12, .ended, 240, 300),
      ]))
    let simulator = Simulator(environment: Fixtures.iPhone8, frameLimit: 1000)
    let trajectory = simulator.run(Follower(), gesture: gesture)
    #expect(trajectory.isTruncated)
    #expect(trajectory.frames.count == 1000)
    #expect(trajectory.frames.allSatisfy { $0.time.isFinite })
    #expect(zip(trajectory.frames, trajectory.frames.dropFirst()).allSatisfy { $0.time < $1.time })
    // All events were still delivered: the rest position is the docked one.
    #expect(trajectory.rest.mid == CGPoint(x: 30, y: 300))
  }

  @Test("an empty gesture gives one rest frame at the start")
  func emptyGesture() {
    let trajectory = Simulator(environment: Fixtures.iPhone8)
      .run(Follower(), gesture: TouchGesture(start: CGPoint(x: 1, y: 2), events: []))
    #expect(trajectory.frames.count == 1)
    #expect(trajectory.rest.mid == CGPoint(x: 1, y: 2))
  }

  @Test("motion frames follow the motion's curve exactly, and end on the target")
  func motionFrames() throws {
    let spring = try #require(DampedSpring(dampingRatio: 0.5, response: 0.3))
    var follower = Follower()
    follower.releaseMotion = .spring(spring)
    let trajectory = Fixtures.run(
      follower, on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.1, .moved, 230, 300), (0.2, .ended, 230, 300)])
    let motion = trajectory.frames.filter { $0.phase == .motion }
    for frame in motion {
      let expected = 230 + (30 - 230) * spring.fraction(at: frame.time - 0.2)
      #expect(abs(frame.rect.midX - expected) < 1e-9)
    }
    // An underdamped spring overshoots the flush target: some frame is left of x = 0.
    #expect(motion.contains { $0.rect.minX < 0 })
    let last = try #require(trajectory.frames.last)
    #expect(last.rect.midX == 30)
    #expect(last.time >= 0.2 + spring.settleTime - 1e-9)
    #expect(last.time < 0.2 + spring.settleTime + Fixtures.iPhone8.frameDuration)
  }

  @Test("an animation started mid-flight blends from where the item is shown")
  func additiveRetarget() {
    var view = ItemView(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
    view.animate(to: CGPoint(x: 100, y: 0), with: .curve(.linear, duration: 1), at: 0)
    #expect(view.center.x == 100)  // the model value changes at once
    #expect(abs(view.presentationCenter(at: 0.5).x - 50) < 1e-12)
    view.animate(to: CGPoint(x: 0, y: 0), with: .curve(.linear, duration: 1), at: 0.5)
    // No jump: at the moment of retargeting the item is still shown at 50.
    #expect(abs(view.presentationCenter(at: 0.5).x - 50) < 1e-12)
    // Both offsets decay linearly: at 1.0 the first is gone (0) and the second is half (50).
    #expect(abs(view.presentationCenter(at: 1.0).x - 50) < 1e-12)
    #expect(view.presentationCenter(at: 1.5).x == 0)
    #expect(!view.acceptsTouches(at: 1.0))
    #expect(view.acceptsTouches(at: 1.5))
  }
}

extension SimulatorTests {
  /// Records every environment it is told about.
  struct Listener: SnapAlgorithm {
    let id = "test.listener"
    var host = ItemHost.viewController
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = nil
    let dockingMargin: CGFloat? = nil
    mutating func environmentDidChange(
      from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
    ) {
      // Re-centre in the new container, as a layout pass would.
      view.center = CGPoint(x: context.environment.bounds.midX, y: context.environment.bounds.midY)
    }
  }

  @Test("container changes reach the algorithm at their time, between touch events")
  func containerChanges() throws {
    let portrait = Fixtures.iPhone8
    let landscape = try #require(DeviceProfile.named("iPhone 8")).environment(.landscape)
    let gesture = TouchGesture(
      start: CGPoint(x: 100, y: 100),
      events: Fixtures.events([(0, .began, 100, 100), (0.1, .ended, 100, 100)]),
      containerChanges: [ContainerChange(time: 0.05, environment: landscape)])
    let trajectory = Simulator(environment: portrait).run(Listener(), gesture: gesture)
    // Frames before 0.05 show the start; from the frame at 0.05 on, the landscape centre.
    #expect(trajectory.frames[2].rect.mid == CGPoint(x: 100, y: 100))
    #expect(trajectory.frames[3].rect.mid == CGPoint(x: 333.5, y: 187.5))
    #expect(trajectory.finalEnvironment == landscape)
    #expect(trajectory.environment == portrait)
  }

  @Test("a window of its own hears of no change it cannot see, a renamed container included")
  func unseenChanges() {
    // A side column (the view controller's additional safe-area insets) comes and goes: a
    // view controller's view hears of both, an item in the key window of neither, though the
    // environments the generator names differ.
    var column = Fixtures.iPhone8
    column.additionalSafeAreaInsets.left = 200
    column.name += ", side column +200 left +0 right"
    let gesture = TouchGesture(
      start: CGPoint(x: 100, y: 100), events: [],
      containerChanges: [
        ContainerChange(time: 0.05, environment: column),
        ContainerChange(time: 0.1, environment: Fixtures.iPhone8),
      ])
    var inWindow = Listener()
    inWindow.host = .keyWindow
    let untold = Simulator(environment: Fixtures.iPhone8).run(inWindow, gesture: gesture)
    #expect(untold.rest.mid == CGPoint(x: 100, y: 100))
    let told = Simulator(environment: Fixtures.iPhone8).run(Listener(), gesture: gesture)
    #expect(told.rest.mid != CGPoint(x: 100, y: 100))
  }

  @Test("a UIKit view without autoresizing stays put when the container rotates")
  func publishedVariantsIgnoreRotation() throws {
    let landscape = try #require(DeviceProfile.named("iPhone 8")).environment(.landscape)
    let gesture = TouchGesture(
      start: CGPoint(x: 345, y: 600), events: [],
      containerChanges: [ContainerChange(time: 0.5, environment: landscape)])
    let trajectory = Simulator(environment: Fixtures.iPhone8).run(EdgeDockPublished(), gesture: gesture)
    // Docked at the bottom right in portrait, it is now below the 375 pt landscape screen.
    #expect(trajectory.rest.mid == CGPoint(x: 345, y: 600))
    #expect(trajectory.rest.minY > landscape.bounds.maxY)
  }

  @Test("the finger's velocity is UIKit's estimate: 0.2 × the latest sample + 0.8 × the one before")
  func fingerVelocity() {
    var tracker = VelocityTracker()
    tracker.begin(at: .zero, time: 0)
    tracker.move(to: CGPoint(x: 10, y: 0), time: 0.01)  // 1,000 pt/s
    #expect(tracker.velocity == CGVector(dx: 1000, dy: 0))
    tracker.move(to: CGPoint(x: 40, y: 0), time: 0.02)  // 3,000 pt/s
    #expect(abs(tracker.velocity.dx - (0.2 * 3000 + 0.8 * 1000)) < 1e-9)
    // Through the simulator: a drag at a steady 1,200 pt/s reports 1,200 pt/s at release, and
    // an ease-in-out docking motion starts from rest, whatever the finger's speed.
    let gesture = TouchGesture.drag(
      from: CGPoint(x: 300, y: 300), to: CGPoint(x: 240, y: 300), duration: 0.05, touchRate: 120)
    let trajectory = Simulator(environment: Fixtures.iPhone8).run(EdgeDockPublished(), gesture: gesture)
    let release = trajectory.releaseVelocity ?? .zero
    #expect(abs(release.dx + 1200) < 1e-6)
    #expect(abs(trajectory.handoffVelocity?.dx ?? .nan) < 1)
  }
}

extension SimulatorTests {
  /// Recorded once for `trace`, its table and the report's pictures: the release carried by the
  /// finger's velocity, (v / 1000) · r / (1 − r) at a scroll view's normal rate (0.499 s).
  @Test("the projected release is the release carried by the flick, only for an algorithm that projects")
  func projectedRelease() throws {
    let environment = Fixtures.iPhone8
    let region = environment.safeRegion
    let flick = TouchGesture.flick(
      from: CGPoint(x: region.midX, y: region.midY), velocity: CGVector(dx: 1500, dy: -800))
    let run = Simulator(environment: environment).run(FluidDock(mode: .corners), gesture: flick)
    let center = try #require(run.releaseCenter)
    let velocity = try #require(run.releaseVelocity)
    let projected = try #require(run.projectedRelease(by: FluidDock(mode: .corners)))
    #expect(abs(projected.x - (center.x + velocity.dx * 0.499)) < 1e-9)
    #expect(abs(projected.y - (center.y + velocity.dy * 0.499)) < 1e-9)
    let docking = Simulator(environment: environment).run(EdgeDockPublished(), gesture: flick)
    #expect(docking.releaseCenter != nil && docking.projectedRelease(by: EdgeDockPublished()) == nil)
  }
}
