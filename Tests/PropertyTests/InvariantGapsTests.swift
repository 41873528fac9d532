import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// Where a bug changes where the item rests and nothing used to say what right was, the
/// judges now say it.
@Suite("What right is, where it used to go unsaid")
struct InvariantGapsTests {
  /// A picture-in-picture window docked on one of three slots down the nearer side, re-docked
  /// after every container change; `skipsLastSlot` re-chooses among the first two only, as a
  /// `min(index, slots - 2)` off by one would.
  struct SlotDock: SnapAlgorithm {
    var id = "test.slot-dock"
    let inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = nil
    var dockingMargin: CGFloat? { 0 }
    var dockingRule: DockingRule { DockingRule(slots: 3) }
    var skipsLastSlot = false
    /// Where it goes when the keyboard covers its slot: that slot pushed clear
    /// (`nil`), the nearest slot left clear (`false`, as PIPKit moves up a row), or the top slot
    /// (`true`).
    var coveredGoesToTop: Bool?
    var grab = CGPoint.zero
    var slot = 0

    func slotCenter(_ index: Int, side: CGFloat, size: CGSize, in environment: ItemEnvironment)
      -> CGPoint
    {
      let region = environment.safeRegion
      let free = environment.unobstructed.safeRegion
      let low = free.minY + size.height / 2
      let high = free.maxY - size.height / 2
      let y = min(max(low + CGFloat(index) / 2 * (high - low), region.minY + size.height / 2),
        region.maxY - size.height / 2)
      let x = side < region.midX ? region.minX + size.width / 2 : region.maxX - size.width / 2
      return CGPoint(x: x, y: y)
    }

    /// The slot nearest to where the item is.
    func nearestSlot(to center: CGPoint, in environment: ItemEnvironment) -> Int {
      let free = environment.unobstructed.safeRegion
      let fraction = (center.y - free.minY) / max(free.height, 1)
      return min(max(Int((fraction * 2).rounded()), 0), 2)
    }

    /// Where the app put it counts as its slot, as where a drag left it does.
    mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
      slot = nearestSlot(to: view.center, in: context.environment)
    }

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let finger = touch.location(in: context.superview)
      grab = CGPoint(x: finger.x - view.center.x, y: finger.y - view.center.y)
    }

    mutating func handlePan(
      _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
    ) {
      let finger = recognizer.location(in: context.superview)
      switch recognizer.state {
      case .began, .changed:
        view.center = CGPoint(x: finger.x - grab.x, y: finger.y - grab.y)
      case .ended, .cancelled:
        slot = nearestSlot(to: view.center, in: context.environment)
        view.center = slotCenter(slot, side: view.center.x, size: view.size, in: context.environment)
      default:
        break
      }
    }

    mutating func environmentDidChange(
      from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
    ) {
      var index = skipsLastSlot ? min(slot, 1) : slot
      let size = view.size
      func covered(_ index: Int) -> Bool {
        var open = context.environment
        open.keyboardFrame = nil
        let side: CGFloat = view.center.x
        return abs(slotCenter(index, side: side, size: size, in: context.environment).y
          - slotCenter(index, side: side, size: size, in: open).y) > 0.5
      }
      if let toTop = coveredGoesToTop, covered(index) {
        index = toTop ? 0 : (0..<index).reversed().first { !covered($0) } ?? index
      }
      view.center = slotCenter(
        index, side: view.center.x < old.safeRegion.midX ? 0 : .infinity, size: view.size,
        in: context.environment)
    }
  }

  /// A drag from the middle of an iPhone 15 down to the bottom slot of the left side.
  static let dockedOnBottomSlot = TouchGesture(
    start: CGPoint(x: 100, y: 400),
    events: [
      TouchEvent(time: 0, phase: .began, location: CGPoint(x: 100, y: 400)),
      TouchEvent(time: 0.05, phase: .moved, location: CGPoint(x: 90, y: 700)),
      TouchEvent(time: 0.1, phase: .moved, location: CGPoint(x: 80, y: 740)),
      TouchEvent(time: 0.15, phase: .ended, location: CGPoint(x: 80, y: 740)),
    ])

  @Test("after a container change an item on a slot rests on the same slot")
  func sameSlotAfterAChange() throws {
    let phone = DeviceProfile.named("iPhone 15")!
    // Docked on the bottom slot of the left side, then the device turns.
    var gesture = Self.dockedOnBottomSlot
    gesture.containerChanges = [ContainerChange(time: 1, environment: phone.environment(.landscape))]
    let scenario = Scenario(device: phone, gesture: gesture)
    let right = SlotDock()
    #expect(Invariant.resizeSafe.check(right, scenario: scenario, trajectory: scenario.simulate(right)) == .holds)
    var skipping = SlotDock()
    skipping.skipsLastSlot = true
    let run = scenario.simulate(skipping)
    guard case .violated(let violation) = Invariant.resizeSafe.check(skipping, scenario: scenario, trajectory: run)
    else {
      Issue.record("a re-docked item on another slot is not flagged")
      return
    }
    #expect(violation.defect == .losesPlaceAlongEdge && violation.severity == .hazard)
    // And verify finds it from nothing.
    let finding = verify(skipping, .resizeSafe, examples: 200, seed: 1)
    #expect(finding.hazards.contains { $0.violation.defect == .losesPlaceAlongEdge })
    #expect(verify(right, .resizeSafe, examples: 200, seed: 1).hazards.isEmpty)
  }

  @Test("a slot the keyboard covers may give way to the nearest slot it leaves clear, not to any")
  func coveredSlotGivesWay() throws {
    let phone = DeviceProfile.named("iPhone 15")!
    // Docked on the bottom slot of the left side, then the keyboard comes up over it.
    var gesture = Self.dockedOnBottomSlot
    // No bars (a window of its own above them): the bottom slot is the safe region's bottom.
    let keyboard = phone.environment(
      bars: .init(navigationBar: false, tabBar: false, keyboard: true))
    gesture.containerChanges = [ContainerChange(time: 1, environment: keyboard)]
    let scenario = Scenario(device: phone, bars: .none, gesture: gesture)
    func defects(_ algorithm: SlotDock) -> [Defect] {
      let run = scenario.simulate(algorithm)
      return Invariant.resizeSafe.violations(algorithm, scenario: scenario, trajectory: run)
        .map(\.defect)
    }
    var pushed = SlotDock()
    #expect(defects(pushed) == [])
    // Up a row, to the middle slot clear of the keyboard: as good a place.
    pushed.coveredGoesToTop = false
    let run = scenario.simulate(pushed)
    let middle = pushed.slotCenter(1, side: 0, size: run.rest.size, in: keyboard)
    #expect(abs(run.rest.midY - middle.y) < 0.5, "\(run.rest), middle slot \(middle)")
    #expect(defects(pushed) == [])
    // To the top, past the middle slot the keyboard leaves clear: it lost its place.
    pushed.coveredGoesToTop = true
    #expect(defects(pushed).contains(.losesPlaceAlongEdge))
    // A tap on it while the keyboard is up, and the keyboard goes: back down to the bottom
    // slot, the row it came up from.
    var andBack = scenario
    let middleShown = CGPoint(x: 100, y: middle.y)
    andBack.gesture.events += [
      TouchEvent(time: 1.5, phase: .began, location: middleShown),
      TouchEvent(time: 1.55, phase: .ended, location: middleShown),
    ]
    andBack.gesture.containerChanges.append(
      ContainerChange(time: 2, environment: phone.environment(bars: .none)))
    var upARow = SlotDock()
    upARow.coveredGoesToTop = false
    let back = andBack.simulate(upARow)
    #expect(abs(back.rest.maxY - phone.environment(bars: .none).safeRegion.maxY) < 0.5)
    #expect(Invariant.resizeSafe.violations(upARow, scenario: andBack, trajectory: back).isEmpty)
  }
}

extension InvariantGapsTests {
  @Test("resize-safe: an item that does not dock may stay put in the window or in its superview")
  func carriedByItsSuperview() throws {
    // per-axis-clamp.published, never touched, in a view controller's view under an opaque
    // navigation bar: turning the iPhone SE to portrait moves that view down 32 pt (status bar
    // 0 → 20 pt, bar 32 → 44 pt), and the item with it, as every subview. verify used to call it
    // moved further than it had to.
    let scenario = try JSONDecoder().decode(Scenario.self, from: Data("""
      {"device": "iPhone SE (1st gen)", "landscape": true, "navigationBar": true,
       "opaqueNavigationBar": true, "tabBar": false, "keyboard": false,
       "item": {"width": 60, "height": 60},
       "gesture": {"version": 1, "start": {"x": 273, "y": 290}, "events": [], "container": [
         {"t": 0.7, "name": "iPhone SE (1st gen)", "width": 320, "height": 568, "screenWidth": 320,
          "screenHeight": 568, "safeArea": {"top": 20, "left": 0, "bottom": 0, "right": 0},
          "statusBar": 20, "navigationBar": 44, "tabBar": 0, "refreshRate": 60,
          "superview": {"x": 0, "y": 64, "width": 320, "height": 504}}]}}
      """.utf8))
    let algorithm = PerAxisClampPublished()
    var trajectory = scenario.simulate(algorithm)
    #expect(abs(trajectory.rest.minY - 292) < 0.01, "\(trajectory.rest)")
    let defects = { (trajectory: Trajectory) in
      Invariant.resizeSafe.violations(algorithm, scenario: scenario, trajectory: trajectory)
        .map(\.defect)
    }
    #expect(!defects(trajectory).contains(.movedFurtherThanNeeded))
    // Further than the superview took it is still further than it had to.
    trajectory.rest.origin.y += 20
    #expect(defects(trajectory).contains(.movedFurtherThanNeeded))
  }
}
