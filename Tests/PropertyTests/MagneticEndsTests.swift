import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// Magnetic ends (`DockingRule.topBand`, `bottomBand`): a side-docking button released near the
/// top or bottom docks against that end instead, where it lies along it kept (RockyFung's
/// FloatDragButton, 60 pt at both ends; XucgDragButton, 60 at the top and 5 at the bottom).
/// Undeclared that rest is not docked; declared it is, and the end must then be the one the
/// release chose.
@Suite("Magnetic ends, declared and kept")
struct MagneticEndsTests {
  static let phone = DeviceProfile.named("iPhone 8")!
  static let bars = DeviceProfile.Bars(navigationBar: false, tabBar: false)

  /// A 60×60 button on the touches API, 5 pt inside the safe region: released with its frame
  /// less than `band` pt from the top or bottom, it goes to that end, x kept; otherwise to the
  /// nearer side. `sidesOnly` ignores the bands it declares.
  struct EndDock: SnapAlgorithm {
    var id = "test.end-dock"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.125)
    var dockingMargin: CGFloat? { 5 }
    var dockingRule = DockingRule()
    var band: CGFloat = 60
    var sidesOnly = false
    /// Whether the band is measured around the finger where it lifts (a frame centred on it),
    /// not around the item.
    var byFinger = false
    var contract = ItemContract.expected
    var offset = CGPoint.zero
    var lastFinger = CGPoint.zero

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.location(in: context.superview)
      offset = CGPoint(x: at.x - view.center.x, y: at.y - view.center.y)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.location(in: context.superview)
      lastFinger = at
      view.center = CGPoint(x: at.x - offset.x, y: at.y - offset.y)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let frame = byFinger
        ? CGRect(
          x: lastFinger.x - view.size.width / 2, y: lastFinger.y - view.size.height / 2,
          width: view.size.width, height: view.size.height)
        : view.frame
      var target = view.center
      if !sidesOnly, frame.minY - region.minY < band {
        target.y = region.minY + 5 + frame.height / 2
      } else if !sidesOnly, region.maxY - frame.maxY < band {
        target.y = region.maxY - 5 - frame.height / 2
      } else {
        target.x = view.center.x < region.midX ? region.minX + 5 + frame.width / 2 : region.maxX - 5 - frame.width / 2
      }
      view.animate(withDuration: 0.125, options: [.curveEaseInOut]) { $0.center = target }
    }
  }

  /// The item resting centred at (150, 300), grabbed at `grab`, dragged in three moves to `end`
  /// and held there until the lift at 0.3 s.
  static func drag(grabbedAt grab: CGPoint = CGPoint(x: 150, y: 300), to end: CGPoint) -> Scenario {
    func along(_ share: CGFloat) -> CGPoint {
      CGPoint(x: grab.x + (end.x - grab.x) * share, y: grab.y + (end.y - grab.y) * share)
    }
    return Scenario(
      device: phone, bars: bars,
      gesture: TouchGesture(
        start: CGPoint(x: 150, y: 300),
        events: [
          TouchEvent(time: 0, phase: .began, location: grab),
          TouchEvent(time: 0.016, phase: .moved, location: along(1.0 / 3)),
          TouchEvent(time: 0.033, phase: .moved, location: along(2.0 / 3)),
          TouchEvent(time: 0.05, phase: .moved, location: end),
          TouchEvent(time: 0.3, phase: .ended, location: end),
        ]))
  }

  static func hazards<A: SnapAlgorithm>(_ invariant: Invariant, _ algorithm: A, _ scenario: Scenario) -> Set<Defect> {
    Set(
      invariant.violations(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
        .filter { $0.severity == .hazard }.map(\.defect))
  }

  @Test("released near the top it docks against the top: declared, docked; undeclared, not")
  func dockedAtAnEnd() {
    // Let go with its top 30 pt below the safe region's top (iPhone 8: y 20): to the top, x kept.
    let nearTop = Self.drag(to: CGPoint(x: 170, y: 80))
    #expect(Self.hazards(.docked, EndDock(), nearTop).contains(.notDocked))
    var declared = EndDock()
    declared.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    for invariant in [Invariant.docked, .nearestEdge, .tracksFinger] {
      #expect(Self.hazards(invariant, declared, nearTop).isEmpty, "\(invariant)")
    }
    // Near the bottom likewise; in the middle, a side.
    #expect(Self.hazards(.docked, declared, Self.drag(to: CGPoint(x: 170, y: 600))).isEmpty)
    #expect(Self.hazards(.docked, declared, Self.drag(to: CGPoint(x: 100, y: 330))).isEmpty)
  }

  @Test("the band is measured from the point that chooses the side: the finger, when the contract says so")
  func bandByFinger() {
    // Grabbed 25 pt below its centre and let go with the finger at y 95: the item's frame
    // starts at y 40 (20 pt into the band), a frame around the finger at y 65 (45 pt: in it).
    let grabbedLow = Self.drag(grabbedAt: CGPoint(x: 150, y: 325), to: CGPoint(x: 170, y: 95))
    var finger = EndDock(byFinger: true)
    finger.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    finger.contract = ItemContract(sideChoice: .finger)
    for invariant in [Invariant.nearestEdge, .tracksFinger, .docked] {
      #expect(Self.hazards(invariant, finger, grabbedLow).isEmpty, "\(invariant)")
    }
    // A frame around the finger clear of the band while the item's is in it tells the two
    // apart: grabbed 25 pt below its centre, let go with the finger at y 130.
    var centre = EndDock()
    centre.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    centre.contract = ItemContract(sideChoice: .finger)
    let fingerClear = Self.drag(grabbedAt: CGPoint(x: 150, y: 325), to: CGPoint(x: 170, y: 130))
    // The item's frame starts at y 75 (55 pt below the region's top, in the band): it goes to
    // the top; the finger's frame would start 80 pt below, clear: declared to choose by the
    // finger, the top is wrong; by its centre, right.
    #expect(Self.hazards(.nearestEdge, centre, fingerClear).contains(.wrongSide))
    var byCentre = centre
    byCentre.contract = ItemContract(sideChoice: .centre)
    #expect(Self.hazards(.nearestEdge, byCentre, fingerClear).isEmpty)
  }

  @Test("no band, no magnetic end: a frame released above the region's top chooses nothing")
  func noBandNoEnd() {
    let region = CGRect(x: 0, y: 20, width: 375, height: 647)
    let above = CGRect(x: 100, y: 0, width: 60, height: 60)
    let below = CGRect(x: 100, y: 640, width: 60, height: 60)
    #expect(DockingRule().magneticEnd(of: above, in: region) == nil)
    #expect(DockingRule().magneticEnd(of: below, in: region) == nil)
    #expect(DockingRule(topBand: 60).magneticEnd(of: above, in: region) == .top)
    #expect(DockingRule(topBand: 60).magneticEnd(of: below, in: region) == nil)
    #expect(DockingRule(bottomBand: 5).magneticEnd(of: below, in: region) == .bottom)
  }

  @Test("declared, the end must be the one the release chose: a side within a band, or an end outside both, is the wrong place")
  func wrongEnd() {
    let nearTop = Self.drag(to: CGPoint(x: 170, y: 80))
    var sides = EndDock(sidesOnly: true)
    sides.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    #expect(Self.hazards(.nearestEdge, sides, nearTop).contains(.wrongSide))
    // Its code's band is 100 pt, the declaration's 60: let go 80 pt below the top, it goes to
    // the top where a side was declared.
    var wide = EndDock(band: 100)
    wide.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    #expect(Self.hazards(.nearestEdge, wide, Self.drag(to: CGPoint(x: 170, y: 130))).contains(.wrongSide))
    // A top band only: near the bottom it must dock on a side, not the bottom.
    var topOnly = EndDock()
    topOnly.dockingRule = DockingRule(topBand: 60)
    #expect(Self.hazards(.docked, topOnly, Self.drag(to: CGPoint(x: 170, y: 600))).contains(.notDocked))
  }

  @Test("a side rest within a declared band is not docked: a tap that takes it to that end finishes the dock")
  func sideRestInTheBand() {
    // Docked against the left side, its bottom 77 pt above the region's (outside the 60 pt
    // band); a 49 pt tab bar appears, and the code, which handles no change, leaves it there:
    // 28 pt above the new bottom, within the band. idempotent's tap (every touch-up docks) then
    // takes it to the bottom.
    let withTabBar = Self.phone.environment(bars: DeviceProfile.Bars(navigationBar: false, tabBar: true))
    let tap = Scenario(
      device: Self.phone, bars: Self.bars,
      gesture: TouchGesture(
        start: CGPoint(x: 100, y: 560),
        events: [
          TouchEvent(time: 0, phase: .began, location: CGPoint(x: 100, y: 560)),
          TouchEvent(time: 0.016, phase: .moved, location: CGPoint(x: 80, y: 560)),
          TouchEvent(time: 0.033, phase: .moved, location: CGPoint(x: 60, y: 560)),
          TouchEvent(time: 0.05, phase: .ended, location: CGPoint(x: 60, y: 560)),
        ],
        containerChanges: [ContainerChange(time: 0.5, environment: withTabBar)]))
    var declared = EndDock()
    declared.dockingRule = DockingRule(topBand: 60, bottomBand: 60)
    declared.contract = ItemContract(tap: .docksItem)
    let trajectory = tap.simulate(declared)
    #expect(abs(trajectory.rest.maxY - 590) < 0.5, "\(trajectory.rest)")
    let found = Invariant.idempotent.violations(declared, scenario: tap, trajectory: trajectory)
    #expect(!found.contains { $0.severity == .hazard }, "\(found)")
    // With no band declared, the side rest is docked, and a tap that moves it moves a docked
    // button.
    var sides = declared
    sides.dockingRule = DockingRule()
    let moved = Invariant.idempotent.violations(sides, scenario: tap, trajectory: tap.simulate(sides))
    #expect(moved.contains { $0.defect == .tapMovesIt && $0.severity == .hazard }, "\(moved)")
  }
}
