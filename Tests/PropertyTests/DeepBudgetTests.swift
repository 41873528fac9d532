import Foundation
import SnapAlgorithms
import TestSupport
import Testing

@testable import SnapVerification

/// What 1,000 times the default budget (200,000 examples a row) found in the corrected variants
/// and fluid-dock: places where an invariant judged a finger by the display frames alone, or by a
/// rest no frame showed, asked a docked item taller than its room to be dragged along it, a
/// re-seat within the half point `docked` allows to be none, or a flick no finger makes to be
/// handed over whole. Each counterexample, shrunk as verify printed it, now holds, and the rule
/// it needed is pinned with a variant of it that must still fail.
@Suite("Findings of the deep runs")
struct DeepBudgetTests {
  static let phone = DeviceProfile.named("iPhone 15")!

  static func gesture(_ json: String) throws -> TouchGesture {
    try TouchGesture(json: Data(json.utf8))
  }

  /// Records `accepted` as an issue unless `invariant` breaks on `trajectory`: the variant of a
  /// counterexample that must still fail.
  static func expectViolated(
    _ invariant: Invariant, _ algorithm: some SnapAlgorithm, _ scenario: Scenario,
    _ trajectory: Trajectory, _ accepted: Comment, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if case .violated = invariant.check(algorithm, scenario: scenario, trajectory: trajectory) { return }
    Issue.record(accepted, sourceLocation: sourceLocation)
  }

  @Test("catchable: a finger out a pan's hysteresis and back between two frames has begun the drag")
  func hysteresisBetweenFrames() throws {
    // edge-dock.corrected with a spring: a flick up leaves the item in the spring's overshoot
    // above the safe region; a touch at 120 catches it there, the finger goes 10 pt down and
    // back within one 60 Hz frame, so the pan began, and the drag's clamp into the safe region
    // moved the item 13 pt. The frames show the finger only where it landed.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":30,"y":133},"events":[{"t":0,"phase":"began","x":30,"y":133},\
      {"t":0.008333333333333333,"phase":"moved","x":30,"y":129.66666666666666},\
      {"t":0.016666666666666666,"phase":"moved","x":30,"y":126.33333333333333},\
      {"t":0.025,"phase":"moved","x":30,"y":123},{"t":0.03333333333333333,"phase":"ended","x":30,"y":123},\
      {"t":0.13333333333333333,"phase":"began","x":30,"y":120},\
      {"t":0.14166666666666666,"phase":"moved","x":30,"y":130},\
      {"t":0.15,"phase":"moved","x":30,"y":120},{"t":0.15833333333333333,"phase":"ended","x":30,"y":120}]}
      """)
    var algorithm = EdgeDockCorrected()
    algorithm.releaseMotion = try Motion(parsing: "spring(damping:0.5,response:0.4)")
    let scenario = Scenario(device: Self.phone, gesture: gesture)
    let trajectory = scenario.simulate(algorithm)
    let catchTouch = try #require(trajectory.touches.last)
    #expect(catchTouch.itemWasMoving && catchTouch.reachedItem)
    // The record knows the finger was 10 pt away at the event between the two frames.
    #expect(catchTouch.leftHysteresisAt == 0.14166666666666666)
    #expect(Invariant.catchable.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
    // The same catch with the finger staying within 9 pt: the pan never begins, and an item that
    // moved anyway would jump; edge-dock.corrected holds it.
    var still = gesture
    still.events[6].location.y = 129
    let held = Scenario(device: Self.phone, gesture: still)
    #expect(
      Invariant.catchable.check(algorithm, scenario: held, trajectory: held.simulate(algorithm))
        == .holds)
  }

  @Test("resize-safe: a rotation in the frame of the lift keeps where the finger let go as a berth")
  func liftAndChangeInOneFrame() throws {
    // per-axis-clamp.corrected at the left of an iPhone 15; a touch moves the finger 1 pt and
    // lifts at 1.025 s; the rotation at 1.0333 s comes in the same frame, so no frame shows the
    // rest at x = 0. Landscape pushes it to x = 59 (the sensor housing), a touch beside it
    // changes nothing, and the rotation back returns it to x = 0: where it rested.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":30,"y":133},"events":[{"t":0,"phase":"began","x":30,"y":133},\
      {"t":0.008333333333333333,"phase":"ended","x":30,"y":133},\
      {"t":1.0083333333333333,"phase":"began","x":30,"y":133},\
      {"t":1.0166666666666666,"phase":"moved","x":30,"y":134},\
      {"t":1.025,"phase":"ended","x":30,"y":134},{"t":2.033333333333333,"phase":"began","x":129,"y":133},\
      {"t":2.0416666666666665,"phase":"ended","x":129,"y":133}],"container":[\
      {"t":1.0333333333333332,"name":"iPhone 15 (landscape)","width":852,"height":393,"screenWidth":852,\
      "screenHeight":393,"safeArea":{"top":0,"left":59,"bottom":21,"right":59},"statusBar":0,\
      "navigationBar":32,"tabBar":53,"refreshRate":60},{"t":2.05,"name":"iPhone 15","width":393,\
      "height":852,"screenWidth":393,"screenHeight":852,"safeArea":{"top":59,"left":0,"bottom":34,\
      "right":0},"statusBar":59,"navigationBar":44,"tabBar":83,"refreshRate":60}]}
      """)
    let scenario = Scenario(device: Self.phone, gesture: gesture)
    let algorithm = PerAxisClampCorrected()
    let trajectory = scenario.simulate(algorithm)
    #expect(trajectory.rest.minX == 0)
    #expect(Invariant.resizeSafe.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
    // An item that came back anywhere else (here x = 100, where it never rested) moved further
    // than it had to.
    var pushed = trajectory
    pushed.rest.origin.x = 100
    Self.expectViolated(
      .resizeSafe, algorithm, scenario, pushed, "resize-safe accepts an item at x = 100 after the rotation back")
  }

  @Test("tracks-finger: a finger that first takes a docked item to the end of its room may end the drag there")
  func dragEndedAtTheBand() throws {
    // forced-boundary-end.corrected docked at the left of a landscape iPhone 15, 61 pt below the
    // top of its room (the safe region less its 10 pt margin): the finger goes 62 pt up between
    // two frames, the button enters the top band and the drag ends, as the article's idea says;
    // the finger's later 30 pt down is not a drag along the edge.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":30,"y":133},"events":[{"t":0.7083333333333333,"phase":"began","x":99,"y":133},\
      {"t":0.7166666666666666,"phase":"moved","x":99,"y":71},\
      {"t":0.7249999999999999,"phase":"moved","x":99,"y":163},\
      {"t":0.7333333333333332,"phase":"ended","x":99,"y":163}],"container":[{"t":0.7,\
      "name":"iPhone 15 (landscape)","width":852,"height":393,"screenWidth":852,"screenHeight":393,\
      "safeArea":{"top":0,"left":59,"bottom":21,"right":59},"statusBar":0,"navigationBar":32,\
      "tabBar":53,"refreshRate":60}]}
      """)
    let algorithm = ForcedBoundaryEndCorrected()
    let scenario = Scenario(device: Self.phone, gesture: gesture)
    #expect(
      Invariant.tracksFinger.check(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
        == .holds)
    // The drag 30 pt down alone is carried along the edge.
    var down = gesture
    down.events.remove(at: 1)
    let along = Scenario(device: Self.phone, gesture: down)
    let trajectory = along.simulate(algorithm)
    #expect(Invariant.tracksFinger.check(algorithm, scenario: along, trajectory: trajectory) == .holds)
    #expect(trajectory.rest.midY - 133 >= 29, "carried \(trajectory.rest.midY - 133) pt")
  }

  static let iPadMini = DeviceProfile.named("iPad mini (6th gen+)")!
  static let slotted = FluidDock(mode: .edges, margin: 0, slots: 4)

  @Test("tracks-finger: a docked item taller than the room along its edge is not dragged along it")
  func tallerThanItsRoom() throws {
    // fluid-dock.edges(margin:0,slots:4) on an iPhone 15 with the keyboard shown: the safe
    // region is 413 pt tall and the item 414, so it has no room along the side; the band holds it
    // about its centred place, and a finger 30 pt up moves it 16 pt, not the 18 to the region's
    // top that a drag along the edge would take it.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":60.5,"y":328},"events":[{"t":0,"phase":"began","x":60.5,"y":328},\
      {"t":0.016666666666666666,"phase":"moved","x":60.5,"y":298},\
      {"t":0.03333333333333333,"phase":"ended","x":60.5,"y":298}]}
      """)
    let algorithm = Self.slotted
    let tall = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(keyboard: true),
      itemSize: CGSize(width: 121, height: 414), gesture: gesture)
    #expect(tall.environment.safeRegion.height < 414)
    let trajectory = tall.simulate(algorithm)
    #expect(Invariant.tracksFinger.check(algorithm, scenario: tall, trajectory: trajectory) == .holds)
    // 2 pt shorter it fits, with 1 pt to spare at each end: a drag up its edge takes it as far
    // as the finger and the room there allow, and an item held still breaks the invariant.
    let fits = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(keyboard: true),
      itemSize: CGSize(width: 121, height: 410), gesture: gesture)
    var stuck = fits.simulate(algorithm)
    #expect(Invariant.tracksFinger.check(algorithm, scenario: fits, trajectory: stuck) == .holds)
    let rest = stuck.frames[0].rect
    for index in stuck.frames.indices { stuck.frames[index].rect = rest }
    stuck.rest = rest
    Self.expectViolated(
      .tracksFinger, algorithm, fits, stuck,
      "tracks-finger accepts a fitting docked item that a drag up its edge leaves put")
  }

  @Test("resize-safe: an item the app put half a point off a slot may come back seated on it")
  func seatedOnItsSlot() throws {
    // fluid-dock.edges(margin:0,slots:4) in a landscape iPad mini: the app put the item on the
    // top edge 0.33 pt right of a slot (docked counts it there); a tap, then the keyboard comes
    // and goes (the top edge stays as it was), and fluid-dock seats it on the slot.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":388,"y":104},"events":[{"t":0,"phase":"began","x":388,"y":104},\
      {"t":0.016666666666666666,"phase":"ended","x":388,"y":104}],"container":[{"t":0.017,\
      "name":"iPad mini (6th gen+) (landscape)","width":1133,"height":744,"screenWidth":1133,\
      "screenHeight":744,"safeArea":{"top":24,"left":0,"bottom":20,"right":0},"statusBar":24,\
      "navigationBar":50,"tabBar":65,"refreshRate":60,\
      "keyboard":{"x":0,"y":326,"width":1133,"height":418}},{"t":0.5,\
      "name":"iPad mini (6th gen+) (landscape)","width":1133,"height":744,"screenWidth":1133,\
      "screenHeight":744,"safeArea":{"top":24,"left":0,"bottom":20,"right":0},"statusBar":24,\
      "navigationBar":50,"tabBar":65,"refreshRate":60}]}
      """)
    let algorithm = Self.slotted
    let scenario = Scenario(device: Self.iPadMini, orientation: .landscape, gesture: gesture)
    let trajectory = scenario.simulate(algorithm)
    #expect(abs(trajectory.rest.minX - 357.67) < 0.01)
    #expect(Invariant.resizeSafe.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
    // An item the algorithm had docked itself comes back exactly: the same 0.33 pt after a
    // release it chose breaks the invariant.
    var released = gesture
    released.start = CGPoint(x: 200, y: 104)
    released.events = Fixtures.events([
      (0, .began, 200, 104), (0.1, .moved, 250, 104), (0.2, .moved, 388, 104), (0.3, .ended, 388, 104)])
    released.containerChanges[0].time = 3
    released.containerChanges[1].time = 3.5
    let docked = Scenario(device: Self.iPadMini, orientation: .landscape, gesture: released)
    var moved = docked.simulate(algorithm)
    #expect(Invariant.resizeSafe.check(algorithm, scenario: docked, trajectory: moved) == .holds)
    moved.rest.origin.x += 0.33
    Self.expectViolated(
      .resizeSafe, algorithm, docked, moved,
      "resize-safe accepts a docked item 0.33 pt from where it docked after the keyboard came and went")
  }

  @Test("resize-safe: an item the app put inside the margin band comes back seated on the margin")
  func seatedOnItsMargin() throws {
    // swiftui-dock.corrected on an iPhone 8: the app put a 60 pt item 3 pt from the tab bar,
    // 13 pt inside the 16 pt the variant keeps from it; the keyboard pushes it up and goes, and
    // the variant brings it back 13 pt higher, on its margin, as a release there would seat it.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":329,"y":585},"events":[],"container":[{"t":0.7,"name":"iPhone 8",\
      "width":375,"height":667,"screenWidth":375,"screenHeight":667,\
      "safeArea":{"top":20,"left":0,"bottom":0,"right":0},"statusBar":20,"navigationBar":44,\
      "tabBar":49,"refreshRate":60,"keyboard":{"x":0,"y":407,"width":375,"height":260}},\
      {"t":1.4,"name":"iPhone 8","width":375,"height":667,"screenWidth":375,"screenHeight":667,\
      "safeArea":{"top":20,"left":0,"bottom":0,"right":0},"statusBar":20,"navigationBar":44,\
      "tabBar":49,"refreshRate":60}]}
      """)
    let algorithm = SwiftUIHosting(SwiftUIDockCorrected())
    let scenario = Scenario(
      device: DeviceProfile.named("iPhone 8")!, itemSize: CGSize(width: 60, height: 60),
      gesture: gesture)
    let trajectory = scenario.simulate(algorithm)
    #expect(abs(trajectory.rest.maxY - (667 - 49 - 16)) < 0.01, "rests at \(trajectory.rest)")
    #expect(Invariant.resizeSafe.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
    // Further than the margin needs, or short of it, it is not back.
    for offset in [CGFloat(-4), 2] {
      var moved = trajectory
      moved.rest.origin.y += offset
      Self.expectViolated(
        .resizeSafe, algorithm, scenario, moved,
        "resize-safe accepts an app-placed item \(offset) pt off its margin after the keyboard came and went")
    }
  }

  @Test("tracks-finger: a bound that held the item before a container change gives no offset after it")
  func boundGoneWithTheChange() throws {
    // swiftui-dock.corrected on an iPhone 15 (found 1 in 66,010 at 1,000×, seed 7): the finger
    // drags the item up past the navigation bar's bottom, held there; the bar goes as the finger
    // rests at the top of the glass, and the item is clamped to the new, higher top; the finger
    // comes slowly down, still above it. The offset the old bound gave (133 pt) is not the one
    // the item follows from after the change: held at the new bound, it follows nothing yet.
    var events: [TouchEvent] = [TouchEvent(time: 0, phase: .began, location: CGPoint(x: 30, y: 133))]
    var time = 0.5
    var y: CGFloat = 133
    while y > 0 {
      time += 1.0 / 120
      y = max(y - 1.1333, 0)
      events.append(TouchEvent(time: time, phase: .moved, location: CGPoint(x: 30, y: y)))
    }
    while time < 1.5 {
      time += 1.0 / 120
      events.append(TouchEvent(time: time, phase: .moved, location: CGPoint(x: 30, y: 0)))
    }
    while y < 18 {
      time += 1.0 / 120
      y = min(y + 0.2571, 18)
      events.append(TouchEvent(time: time, phase: .moved, location: CGPoint(x: 30, y: y)))
    }
    events.append(TouchEvent(time: time + 1.0 / 120, phase: .ended, location: CGPoint(x: 30, y: 18)))
    let phone = try #require(DeviceProfile.named("iPhone 15"))
    let noNavigationBar = phone.environment(bars: DeviceProfile.Bars(navigationBar: false, tabBar: true))
    let scenario = Scenario(
      device: phone,
      gesture: TouchGesture(
        start: CGPoint(x: 30, y: 133), events: events,
        containerChanges: [ContainerChange(time: 1.5, environment: noNavigationBar)]))
    let algorithm = SwiftUIHosting(SwiftUIDockCorrected())
    let trajectory = scenario.simulate(algorithm)
    // Held at the new top (59) while the finger is above it.
    #expect(trajectory.frames.contains { $0.time > 1.6 && $0.time < 2 && abs($0.rect.minY - 59) < 0.5 })
    let found = Invariant.tracksFinger.violations(algorithm, scenario: scenario, trajectory: trajectory)
    #expect(!found.contains { $0.severity == .hazard }, "\(found)")
  }

  @Test("velocity-continuous: a flick faster than any finger may be capped, not dropped")
  func flickNoFingerMakes() throws {
    // fluid-dock.edges(margin:0,slots:4) in a portrait iPad mini: the finger goes 878 pt down in
    // one 120 Hz event, 105,360 pt/s, and fluid-dock hands the spring its cap, 100,000 pt/s.
    let gesture = try Self.gesture("""
      {"version":1,"start":{"x":30,"y":104},"events":[{"t":0,"phase":"began","x":30,"y":104},\
      {"t":0.008333333333333333,"phase":"moved","x":30,"y":982},\
      {"t":0.016666666666666666,"phase":"ended","x":30,"y":982}]}
      """)
    let algorithm = Self.slotted
    let scenario = Scenario(device: Self.iPadMini, gesture: gesture)
    let trajectory = scenario.simulate(algorithm)
    let release = try #require(trajectory.releaseVelocity)
    let handed = try #require(trajectory.handoffVelocity)
    #expect(release.dy > 105_000 && handed.dy == FluidDock.maximumHandedVelocity)
    #expect(Invariant.velocityContinuous.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
    // Capped below the fastest finger, or thrown the wrong way, it hitches.
    for wrong in [CGFloat(90_000), -100_000, 0] {
      var capped = trajectory
      capped.handoffVelocity?.dy = wrong
      Self.expectViolated(
        .velocityContinuous, algorithm, scenario, capped,
        "velocity-continuous accepts \(wrong) pt/s for a 105,360 pt/s flick")
    }
  }
}
