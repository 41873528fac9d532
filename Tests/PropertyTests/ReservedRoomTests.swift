import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// Room an item reserves at an edge (`ItemContract.reservedInsets`: a button kept below a 64 pt
/// band left for a navigation bar, DNDragButton's `hasNav`) is a bound its author chose: a drag
/// held at it, a first touch that pulls an item the app placed in it back out, a tap that docks
/// an item a cancel left in it are the design, declared; undeclared, or declared smaller than
/// what the code keeps, the same behaviour is a hazard — and a glide after the lift past the
/// declared room is no band of the item's own.
@Suite("Room reserved at an edge, declared and kept")
struct ReservedRoomTests {
  static let phone = DeviceProfile.named("iPhone 8")!
  static let bars = DeviceProfile.Bars(navigationBar: false, tabBar: false)

  /// A 60×60 button on the touches API, flush with the window's nearer side on the lift,
  /// kept `top` pt below the window's top while dragged, and between `top` and `liftBottom`
  /// pt from the window's ends when it lifts; a cancel leaves it where it is.
  struct BandDock: SnapAlgorithm {
    var id = "test.band-dock"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.2)
    var dockingMargin: CGFloat? { 0 }
    var contract = ItemContract(dockingReference: .window)
    var top: CGFloat = 64
    var liftTop: CGFloat = 64
    var liftBottom: CGFloat = 100
    var offset = CGPoint.zero

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.location(in: context.superview)
      view.stopAnimations(at: context.time)
      offset = CGPoint(x: at.x - view.center.x, y: at.y - view.center.y)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.location(in: context.superview)
      let lowest = context.windowBounds.minY + top + view.size.height / 2
      view.center = CGPoint(x: at.x - offset.x, y: max(at.y - offset.y, lowest))
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let window = context.windowBounds
      let half = view.size
      let x = view.center.x < window.midX ? window.minX + half.width / 2 : window.maxX - half.width / 2
      let y = min(
        max(view.center.y, window.minY + liftTop + half.height / 2),
        window.maxY - liftBottom - half.height / 2)
      view.animate(withDuration: 0.2, options: [.curveEaseOut]) { $0.center = CGPoint(x: x, y: y) }
    }
  }

  static func scenario(_ events: [(Double, TouchPhase, CGFloat, CGFloat)], start: CGPoint) -> Scenario {
    Scenario(
      device: phone, bars: bars,
      gesture: TouchGesture(
        start: start,
        events: events.map { TouchEvent(time: $0.0, phase: $0.1, location: CGPoint(x: $0.2, y: $0.3)) }))
  }

  static func hazards<A: SnapAlgorithm>(_ invariant: Invariant, _ algorithm: A, _ scenario: Scenario) -> Set<Defect> {
    Set(
      invariant.violations(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
        .filter { $0.severity == .hazard }.map(\.defect))
  }

  static func declared(top: CGFloat = 64, bottom: CGFloat = 100) -> BandDock {
    var dock = BandDock()
    dock.contract = ItemContract(dockingReference: .window, reservedInsets: Insets(top: top, bottom: bottom))
    return dock
  }

  @Test("a drag held at the declared room follows again; undeclared, or declared smaller, it lags the finger")
  func dragHeldAtTheRoom() {
    // From the middle of an iPhone 8 straight up to its top: the button stops at y 64.
    let upwards = Self.scenario(
      [(0, .began, 100, 300), (0.016, .moved, 100, 220), (0.033, .moved, 100, 140),
       (0.05, .moved, 100, 60), (0.066, .moved, 100, 10), (0.083, .moved, 100, 5),
       (0.1, .moved, 100, 2), (0.116, .ended, 100, 2)],
      start: CGPoint(x: 100, y: 300))
    for invariant in [Invariant.tracksFinger, .catchable] {
      #expect(Self.hazards(invariant, BandDock(), upwards).contains(.lagsTheFinger), "\(invariant)")
      #expect(Self.hazards(invariant, Self.declared(), upwards).isEmpty, "\(invariant)")
      #expect(Self.hazards(invariant, Self.declared(top: 40), upwards).contains(.lagsTheFinger), "\(invariant)")
    }
  }

  @Test("an item the app placed in the declared room, pulled out by the first move, recovers; undeclared it jumps")
  func pulledOutOfTheRoom() {
    // Placed with its top at y 30, 34 pt inside the top room; a 3 pt move pulls it to y 64.
    let caught = Self.scenario(
      [(0, .began, 100, 60), (0.016, .moved, 100, 57), (0.033, .moved, 100, 54), (0.05, .ended, 100, 54)],
      start: CGPoint(x: 100, y: 60))
    #expect(Self.hazards(.catchable, BandDock(), caught).contains(.jumpsWhenCaught))
    #expect(!Self.hazards(.catchable, Self.declared(), caught).contains(.jumpsWhenCaught))
  }

  @Test("a tap that docks an item a cancel left in the declared room finishes the dock; undeclared it moves a docked item")
  func tapOutOfTheRoom() {
    // Dragged down to the left edge and cancelled there: flush with the left side, its bottom at
    // y 630, inside the 100 pt room at the bottom (the window ends at 667). The tap then docks it
    // above the room, where every lift puts it.
    let cancelled = Self.scenario(
      [(0, .began, 100, 300), (0.016, .moved, 80, 400), (0.033, .moved, 60, 500),
       (0.05, .moved, 30, 600), (0.066, .cancelled, 30, 600)],
      start: CGPoint(x: 100, y: 300))
    #expect(Self.hazards(.idempotent, BandDock(), cancelled).contains(.tapMovesIt))
    #expect(Self.hazards(.idempotent, Self.declared(), cancelled).isEmpty)
  }

  @Test("a glide after the lift past the declared room is no band of the item's own: it moves after the release")
  func glidePastTheRoom() {
    // Let go 40 pt from the bottom (its centre at y 597 of 667): every lift keeps 100 pt clear
    // of the bottom, and one variant 140 pt (a band computed for another window, gone stale).
    let low = Self.scenario(
      [(0, .began, 100, 300), (0.016, .moved, 80, 400), (0.033, .moved, 60, 500),
       (0.05, .moved, 40, 597), (0.066, .ended, 40, 597)],
      start: CGPoint(x: 100, y: 300))
    // Undeclared, a glide back from the edge it was let go near is a band of its own: polish.
    #expect(!Self.hazards(.tracksFinger, BandDock(), low).contains(.movesAfterRelease))
    // Declared 100 pt and kept: none.
    #expect(Self.hazards(.tracksFinger, Self.declared(), low).isEmpty)
    // Declared 100 pt, kept 140: 40 pt more than declared, a hazard.
    var stale = Self.declared()
    stale.liftBottom = 140
    #expect(Self.hazards(.tracksFinger, stale, low).contains(.movesAfterRelease))
  }
}
