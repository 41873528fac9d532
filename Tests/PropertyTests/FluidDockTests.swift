import Foundation
import SnapAlgorithms
import SnapCheck
import SnapCheckTesting
import Testing

@testable import SnapVerification

/// `fluid-dock` in every mode holds every invariant that applies, with its own spring and with
/// the motions users swap in; and the behaviours the catalogue has no invariant for — the
/// keyboard round trip, the relative position kept through a rotation, a catch in flight, the
/// rubber band and the soft wall — are checked here.
@Suite("fluid-dock")
struct FluidDockTests {
  static let motions: [String?] = [
    nil, "spring(damping:0.3,response:0.5)", "spring(damping:1,response:0.3)",
    "ease-out(duration:0.3)",
  ]
  static let variants: [String] =
    FluidDock.Mode.allCases.map { "fluid-dock.\($0.rawValue)" } + [
      "fluid-dock.sides(deceleration:fast,slots:3)", "fluid-dock.edges(margin:0,slots:4)",
      "fluid-dock.corners(margin:0)", "fluid-dock.thrown(throw-speed:100)",
    ]
  static var cases: [(String, String?)] {
    variants.flatMap { id in motions.map { (id, $0) } }
  }

  @Test("every applicable invariant holds in every mode and with every motion", arguments: cases)
  func holds(id: String, motion: String?) throws {
    var algorithm = try #require(AlgorithmCatalogue.algorithm(id: id))
    if let motion { algorithm.releaseMotion = try Motion(parsing: motion) }
    for invariant in Invariant.checked {
      let finding = verify(algorithm, invariant, seed: SnapCheckSeed.value)
      #expect(
        finding.status != .violated,
        """
        \(id) with \(motion ?? "its own spring") breaks \(invariant.rawValue): \
        \(finding.violation ?? "")
        smallest counterexample: \(finding.counterexample.map { "\($0)" } ?? "")
        """)
      if invariant.applies(to: algorithm) {
        #expect(finding.applicable > 0, "\(invariant.rawValue) never applied to \(id)")
      }
    }
  }

  // MARK: A flick

  @Test("a flick starts the spring at the finger's velocity and rests in the corner it points to")
  func flickToACorner() throws {
    let environment = DeviceProfile.standard.environment()
    let region = environment.safeRegion
    // From the middle, up and to the right at 1,500 and 800 pt/s.
    let start = CGPoint(x: region.midX, y: region.midY)
    let gesture = Gesture.flick(from: start, velocity: CGVector(dx: 1500, dy: -800))
    let trajectory = Simulator(environment: environment).run(FluidDock(mode: .corners), gesture: gesture)
    let release = try #require(trajectory.releaseVelocity)
    let handoff = try #require(trajectory.handoffVelocity)
    #expect(abs(release.dx - 1500) < 1 && abs(release.dy + 800) < 1)
    #expect(abs(handoff.dx - release.dx) < 0.01 && abs(handoff.dy - release.dy) < 0.01)
    #expect(abs(trajectory.rest.maxX - (region.maxX - 16)) < 1e-9)
    #expect(abs(trajectory.rest.minY - (region.minY + 16)) < 1e-9)
    // In flight it never leaves the screen, and it ends exactly at rest.
    #expect(trajectory.frames.allSatisfy { environment.bounds.contains($0.rect) })
    #expect(trajectory.frames.last?.rect == trajectory.rest)
  }

  @Test("a slow release in thrown mode keeps its side; a throw picks the side it points to")
  func thrownPicksTheFlicksSide() throws {
    let environment = DeviceProfile.standard.environment()
    let region = environment.safeRegion
    // A drift to the right at 300 pt/s from x = 60: too slow to be a throw, so thrown mode
    // keeps the side it was released on; sides mode projects it 150 pt, past the middle.
    let start = CGPoint(x: region.minX + 60, y: region.midY)
    let drift = Gesture.flick(from: start, velocity: CGVector(dx: 300, dy: 0))
    let simulator = Simulator(environment: environment)
    #expect(abs(simulator.run(FluidDock(mode: .thrown), gesture: drift).rest.minX - (region.minX + 16)) < 1e-9)
    #expect(abs(simulator.run(FluidDock(mode: .sides), gesture: drift).rest.maxX - (region.maxX - 16)) < 1e-9)
    // A throw to the right at 600 pt/s with fast deceleration: thrown goes right; sides projects
    // it only 59 pt, not past the middle.
    let fast = FluidDock.fastDeceleration
    let toss = Gesture.flick(from: start, velocity: CGVector(dx: 600, dy: 0))
    let thrown = simulator.run(FluidDock(mode: .thrown, decelerationRate: fast), gesture: toss)
    let sides = simulator.run(FluidDock(mode: .sides, decelerationRate: fast), gesture: toss)
    #expect(abs(thrown.rest.maxX - (region.maxX - 16)) < 1e-9)
    #expect(abs(sides.rest.minX - (region.minX + 16)) < 1e-9)
  }

  // MARK: The keyboard and the container

  /// A docked item somewhere on some device, released from a slow drag.
  struct Docked: Sendable, CustomStringConvertible {
    var device: DeviceProfile
    var orientation: DeviceProfile.Orientation
    var mode: FluidDock.Mode
    var slots: Int?
    var release: CGPoint  // fractions of the safe region
    var description: String {
      "\(device.name) \(orientation), \(mode), slots \(slots.map(String.init) ?? "none"), "
        + "released at fractions (\(release.x), \(release.y))"
    }

    var algorithm: FluidDock {
      var algorithm = FluidDock(mode: mode)
      algorithm.slots = slots
      return algorithm
    }

    /// The drag, then the container changes at the given times after the release has settled.
    func run(
      _ changes: [(Double, Environment)], from environment: Environment
    ) -> Trajectory {
      let region = environment.safeRegion
      let end = CGPoint(
        x: region.minX + release.x * region.width, y: region.minY + release.y * region.height)
      // 40 pt away, far enough for the pan to begin.
      let start = CGPoint(x: end.x, y: end.y > region.midY ? end.y - 40 : end.y + 40)
      var gesture = Gesture.drag(from: start, to: end, duration: 1, touchRate: 60)
      // Hold still before lifting, so the release carries no velocity.
      gesture = FluidDockTests.holding(gesture)
      gesture.containerChanges = changes.map { ContainerChange(time: 1.2 + $0.0, environment: $0.1) }
      return Simulator(environment: environment).run(algorithm, gesture: gesture)
    }
  }

  /// `gesture` with the finger held still for 0.2 s before it lifts.
  static func holding(_ gesture: Gesture) -> Gesture {
    var gesture = gesture
    guard var last = gesture.events.popLast() else { return gesture }
    let at = last.location
    gesture.events.append(TouchEvent(.moved, at: last.time + 0.1, x: at.x, y: at.y))
    last.time += 0.2
    gesture.events.append(last)
    return gesture
  }

  static let docked: Gen<Docked> = zip(
    Gen.element(of: ScenarioGenerators.devices), ScenarioGenerators.orientation,
    Gen.element(of: FluidDock.Mode.allCases),
    Gen.frequency((2, Gen.constant(nil)), (1, Gen.int(in: 1...5).map(Optional.some))),
    zip(Gen.double(in: 0.1...0.9), Gen.double(in: 0.1...0.9))
  ).map {
    Docked(
      device: $0.0, orientation: $0.1, mode: $0.2, slots: $0.3,
      release: CGPoint(x: $0.4.0, y: $0.4.1))
  }

  @Test("the keyboard pushes a docked item clear, still docked, and it returns when the keyboard goes")
  func keyboardRoundTrip() {
    check(Self.docked, examples: 150) { docked, run in
      let plain = docked.device.environment(docked.orientation, bars: .standard)
      var bars = DeviceProfile.Bars.standard
      bars.keyboard = true
      let withKeyboard = docked.device.environment(docked.orientation, bars: bars)
      let rule = docked.algorithm.dockingRule
      let size = Simulator.defaultItemSize
      guard
        Invariant.fitsDocked(size, in: withKeyboard.safeRegion, margin: 16, rule: rule),
        size.height + 32 <= withKeyboard.safeRegion.height
      else { return true }
      let before = docked.run([], from: plain).rest
      let during = docked.run([(1, withKeyboard)], from: plain)
      let after = docked.run([(1, withKeyboard), (3, plain)], from: plain).rest
      let covered = before.maxY > withKeyboard.safeRegion.maxY - 16
      run.label(covered ? "covered" : "clear")
      run.cover(10, "covered", covered)
      // Clear of the keyboard and still docked while it shows; where it was once it has gone.
      let clear = during.rest.maxY <= withKeyboard.safeRegion.maxY - 16 + 1e-9
      let stillDocked =
        Invariant.dockingProblem(during.rest, in: withKeyboard, margin: 16, rule: rule) == nil
      let unmovedIfClear = covered || during.rest.distance(to: before) < 1e-9
      let onScreen = during.frames.allSatisfy { plain.bounds.contains($0.rect, tolerance: 1e-9) }
      return clear && stillDocked && unmovedIfClear && onScreen && after.distance(to: before) < 1e-6
    }
  }

  @Test("after a rotation the item keeps its edge and its relative position along it")
  func rotationKeepsEdgeAndPlace() {
    check(Self.docked, examples: 150) { docked, _ in
      let portrait = docked.device.environment(docked.orientation, bars: .standard)
      let other: DeviceProfile.Orientation = docked.orientation == .portrait ? .landscape : .portrait
      let rotated = docked.device.environment(other, bars: .standard)
      let rule = docked.algorithm.dockingRule
      let size = Simulator.defaultItemSize
      guard
        [portrait, rotated].allSatisfy({
          Invariant.fitsDocked(size, in: $0.safeRegion, margin: 16, rule: rule)
            && size.height + 32 <= $0.safeRegion.height
        })
      else { return true }
      let before = docked.run([], from: portrait).rest
      let after = docked.run([(1, rotated)], from: portrait).rest
      let edgesBefore = Invariant.edges(of: before, in: portrait.safeRegion, margin: 16, rule: rule)
      let edgesAfter = Invariant.edges(of: after, in: rotated.safeRegion, margin: 16, rule: rule)
      func fractions(_ rect: CGRect, _ environment: Environment) -> CGPoint {
        let region = environment.safeRegion
        let low = CGPoint(x: region.minX + 16 + size.width / 2, y: region.minY + 16 + size.height / 2)
        let high = CGPoint(x: region.maxX - 16 - size.width / 2, y: region.maxY - 16 - size.height / 2)
        return CGPoint(x: (rect.midX - low.x) / (high.x - low.x), y: (rect.midY - low.y) / (high.y - low.y))
      }
      let was = fractions(before, portrait)
      let now = fractions(after, rotated)
      return edgesBefore == edgesAfter && abs(was.x - now.x) < 1e-9 && abs(was.y - now.y) < 1e-9
    }
  }

  // MARK: Catching it in flight

  @Test("a touch during the motion catches the item where it is shown, and the drag goes on from there")
  func catchInFlight() {
    let cases = zip(
      Gen.element(of: FluidDock.Mode.allCases), Gen.int(in: 2...30),
      zip(Gen.double(in: -2500...2500), Gen.double(in: -2500...2500)),
      zip(Gen.int(in: -40...40), Gen.int(in: -40...40)))
    check(cases, examples: 200) { mode, frameIndex, velocity, drag in
      let environment = DeviceProfile.standard.environment()
      let region = environment.safeRegion
      let start = CGPoint(x: region.midX, y: region.midY)
      let flick = Gesture.flick(
        from: start, velocity: CGVector(dx: velocity.0, dy: velocity.1))
      let algorithm = FluidDock(mode: mode)
      let free = Simulator(environment: environment).run(algorithm, gesture: flick)
      guard let releaseTime = free.releaseTime,
        let shown = free.frames.first(where: { $0.time > releaseTime + Double(frameIndex) / 60 - 1e-9 }),
        shown.phase == .motion
      else { return true }
      // A finger lands on the centre of what is shown, holds for three frames, then drags.
      let finger = CGPoint(x: shown.rect.midX, y: shown.rect.midY)
      let moved = CGPoint(x: finger.x + CGFloat(drag.0), y: finger.y + CGFloat(drag.1))
      var gesture = flick
      gesture.events += [
        TouchEvent(.began, at: shown.time, x: finger.x, y: finger.y),
        TouchEvent(.moved, at: shown.time + 3.0 / 60, x: moved.x, y: moved.y),
        TouchEvent(.ended, at: shown.time + 4.0 / 60, x: moved.x, y: moved.y),
      ]
      let caught = Simulator(environment: environment).run(algorithm, gesture: gesture)
      guard let at = caught.frames.firstIndex(where: { abs($0.time - shown.time) < 1e-9 }) else {
        return false
      }
      // The frame the touch lands in, and the two after, show it where it was caught.
      guard caught.frames.count > at + 3 else { return false }
      let held = caught.frames[at..<(at + 3)].allSatisfy { $0.rect.distance(to: shown.rect) < 1e-9 }
      // Once the pan begins, it moves with the finger from there (inside the rest region).
      let dragged = caught.frames[at + 3]
      let dx: CGFloat = moved.x - finger.x
      let dy: CGFloat = moved.y - finger.y
      let wanted = CGPoint(x: shown.rect.midX + dx, y: shown.rect.midY + dy)
      let box = algorithm.restBox(size: Simulator.defaultItemSize, in: environment)
      let follows =
        !box.contains(wanted) || (abs(drag.0) < 10 && abs(drag.1) < 10)
        || (abs(dragged.rect.midX - wanted.x) < 1e-9 && abs(dragged.rect.midY - wanted.y) < 1e-9)
      return held && follows && dragged.phase == .drag
    }
  }

  // MARK: The rubber band and the soft wall

  @Test("past the rest region the item follows with the rubber band's offset and never leaves the window")
  func rubberBand() throws {
    let environment = DeviceProfile.standard.environment()
    let box = FluidDock().restBox(size: Simulator.defaultItemSize, in: environment)
    let height = environment.bounds.height
    for overshoot in [1.0, 10, 100, 149] as [CGFloat] {  // the finger stays on the glass: y ≥ 0
      let start = CGPoint(x: box.midX, y: box.minY + 40)
      let end = CGPoint(x: start.x, y: box.minY - overshoot)
      let gesture = Self.holding(Gesture.drag(from: start, to: end, duration: 0.5, touchRate: 60))
      let trajectory = Simulator(environment: environment).run(FluidDock(), gesture: gesture)
      let last = try #require(trajectory.frames.last { $0.phase == .drag })
      // (1 − 1 / (x c / d + 1)) d, written out here, with c = 0.55 and d the window's height.
      let offset = (1 - 1 / (overshoot * 0.55 / height + 1)) * height
      let expected = max(box.minY - offset, environment.bounds.minY + 30)
      #expect(abs(last.rect.midY - expected) < 1e-9, "overshoot \(overshoot)")
    }
    // Far past the top, it stops at the window's edge.
    let far = Gesture.drag(
      from: CGPoint(x: box.midX, y: box.midY), to: CGPoint(x: box.midX, y: -5000), duration: 0.5,
      touchRate: 60)
    let trajectory = Simulator(environment: environment).run(FluidDock(), gesture: far)
    #expect(trajectory.frames.allSatisfy { $0.rect.minY >= environment.bounds.minY })
  }

  @Test("the soft wall eases an overshoot into the room before the window's edge, with no kink")
  func softWall() {
    // A 60 pt item whose centre may move freely in 46…354 of a 0…400 window: 16 pt of room.
    var view = ItemView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 60, height: 60))
    view.confinement = CGRect(x: 0, y: 0, width: 400, height: 800)
    view.cushion = CGRect(x: 46, y: 46, width: 308, height: 708)
    // A linear motion from x = 200 to 600 over 1 s: the free position passes 354 at t = 0.385.
    view.animate(to: CGPoint(x: 600, y: 300), with: .curve(.linear, duration: 1), at: 0)
    view.center = CGPoint(x: 600, y: 300)
    for time in stride(from: 0.0, through: 0.99, by: 0.01) {
      let free = 200 + 400 * time
      let shown = view.presentationCenter(at: time).x
      let expected = free <= 354 ? free : 354 + 16 * tanh((free - 354) / 16)
      #expect(abs(shown - expected) < 1e-6, "t = \(time)")
      #expect(shown < 370)
    }
    // At the knee the shown velocity is the free one (400 pt/s): slope 1, no kink.
    let knee = (354.0 - 200) / 400
    let justBefore = view.presentationVelocity(at: knee - 1e-6).dx
    let justAfter = view.presentationVelocity(at: knee + 1e-6).dx
    #expect(abs(justBefore - 400) < 0.5 && abs(justAfter - 400) < 0.5)
  }

  // MARK: Ids

  @Test("fluid-dock ids read back as written, and malformed ones say what is wrong")
  func ids() throws {
    #expect(AlgorithmCatalogue.algorithm(id: "fluid-dock")?.id == "fluid-dock.sides")
    let options = "fluid-dock.corners(deceleration:fast,margin:8,slots:3)"
    #expect(AlgorithmCatalogue.algorithm(id: options)?.id == options)
    #expect(AlgorithmCatalogue.algorithm(id: "FLUID-DOCK.Edges( slots:2 )")?.id == "fluid-dock.edges(slots:2)")
    #expect(try AlgorithmCatalogue.algorithms(matching: "fluid-dock").count == 6)
    for bad in [
      "fluid-dock.middle", "fluid-dock(slots:0)", "fluid-dock(deceleration:1)",
      "fluid-dock(margin:-1)", "fluid-dock(bounce:1)", "fluid-dock(slots:3", "fluid-dock(slots)",
    ] {
      #expect(throws: AlgorithmIDError.self, "\(bad)") {
        _ = try AlgorithmCatalogue.algorithms(matching: bad)
      }
    }
    #expect(try AlgorithmCatalogue.algorithms(matching: "flood-dock").isEmpty)
  }
}
