import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

/// What an item declares it intends (`ItemContract`) relaxes the judge for what it names and
/// tightens it there: each declaration is pinned three ways — the behaviour undeclared (a
/// hazard), declared (none), and declared but not what the item does (a hazard again).
@Suite("The item's contract: declared intent, relaxed and tightened")
struct ContractTests {
  static let phone = DeviceProfile.named("iPhone 8")!

  /// A 60×60 button on the touches API that follows the finger and docks to a side when it
  /// lifts, with what each test needs changed.
  struct Declared: SnapAlgorithm {
    var id = "test.declared"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.25)
    var dockingMargin: CGFloat? { 0 }
    var itemAction: ItemAction? { tapTarget == nil ? nil : .handlers }
    var contract = ItemContract.expected
    var recognizesLongPress = false
    var longPressAllowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
    /// How far past the side it docks it hangs.
    var hang: CGFloat = 0
    /// Whether it docks against the window's sides rather than the safe area's.
    var docksToWindow = false
    /// Whether the finger, not the item's centre, picks the side.
    var sideByFinger = false
    /// Where a tap moves it (its action opens a panel there), if a tap moves it.
    var tapTarget: CGPoint?
    /// Whether its motion lets touches through where it is shown, and a catch does not stop it
    /// (the grab is taken from the model value: the item jumps).
    var catchableButJumps = false
    /// Whether it puts its centre at the finger (`view.center = location`), not where grabbed.
    var centres = false
    /// How long its dock's animation runs (its `releaseMotion` may declare a longer one: code
    /// that sizes the glide by the distance).
    var glide = 0.25
    var offset = CGPoint.zero
    var landing = CGPoint.zero
    var lastFinger = CGPoint.zero
    var moved = false

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      if !catchableButJumps { view.stopAnimations(at: context.time) }
      offset = CGPoint(x: at.x - view.center.x, y: at.y - view.center.y)
      landing = at
      lastFinger = at
      moved = false
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      lastFinger = at
      if hypot(at.x - landing.x, at.y - landing.y) > 2 { moved = true }
      view.center = centres ? at : CGPoint(x: at.x - offset.x, y: at.y - offset.y)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      if !moved, let tapTarget {
        view.sendAction()
        view.animate(withDuration: 0.25) { $0.center = tapTarget }
        return
      }
      if !moved, tapTarget == nil, itemAction != nil { return }
      let region = docksToWindow ? context.windowBounds : context.environment.safeRegion
      let half = view.size.width / 2
      let chooser = sideByFinger ? lastFinger.x : view.center.x
      let x = chooser < region.midX ? region.minX + half - hang : region.maxX - half + hang
      let target = CGPoint(x: x, y: view.center.y)
      if catchableButJumps {
        view.hitTestsWhereShown = true
        view.animate(withDuration: glide, options: [.curveEaseOut, .allowUserInteraction]) {
          $0.center = target
        }
      } else {
        view.animate(withDuration: glide, options: [.curveEaseOut]) { $0.center = target }
      }
    }
  }

  static func gesture(_ events: [(Double, TouchPhase, CGFloat, CGFloat)], start: CGPoint)
    -> TouchGesture
  {
    TouchGesture(
      start: start,
      events: events.map { TouchEvent(time: $0.0, phase: $0.1, location: CGPoint(x: $0.2, y: $0.3)) })
  }

  static func found<Algorithm: SnapAlgorithm>(
    _ invariant: Invariant, _ algorithm: Algorithm, in scenario: Scenario
  ) -> [Violation] {
    invariant.violations(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
  }

  static func hazards(_ found: [Violation]) -> Set<Defect> {
    Set(found.filter { $0.severity == .hazard }.map(\.defect))
  }

  /// A drag from (150, 300) to the left, let go at x 120: it docks on the left.
  static let dragLeft = Scenario(
    device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
    gesture: gesture(
      [(0, .began, 150, 300), (0.016, .moved, 140, 300), (0.033, .moved, 130, 300),
       (0.05, .moved, 120, 300), (0.066, .ended, 120, 300)],
      start: CGPoint(x: 150, y: 300)))

  @Test("a designed overhang: off the screen by that much at rest is intended, and a dock flush with the edge breaks it")
  func overhang() {
    let hanging = Declared(hang: 10)
    // Undeclared, resting 10 pt past the left edge is a hazard of on-screen and in-safe-area.
    #expect(Self.hazards(Self.found(.onScreen, hanging, in: Self.dragLeft)).contains(.offScreenAtRest))
    #expect(Self.hazards(Self.found(.inSafeArea, hanging, in: Self.dragLeft)).contains(.outsideSafeArea))
    // Declared a sixth of its 60 pt: intended, and docked.
    var declared = hanging
    declared.contract = ItemContract(overhang: Overhang(fractionOfItem: 1.0 / 6))
    for invariant in [Invariant.onScreen, .inSafeArea, .docked] {
      #expect(Self.hazards(Self.found(invariant, declared, in: Self.dragLeft)).isEmpty, "\(invariant)")
    }
    // Declared, but it docks flush: the overhang it promises is not there.
    var flush = Declared()
    flush.contract = declared.contract
    let docked = Self.found(.docked, flush, in: Self.dragLeft)
    let notDocked = docked.first { $0.defect == .notDocked && $0.severity == .hazard }
    #expect(notDocked.map { abs($0.magnitude.value - 10) < 0.1 } == true, "\(docked)")
    // Tucked two thirds past the window's edge it docks against: what is off the screen by
    // design is no part the display's corner or the housing hides (iPhone 15, rounded corners).
    let tucked = Scenario(
      device: DeviceProfile.named("iPhone 15")!,
      bars: DeviceProfile.Bars(navigationBar: false, tabBar: false), gesture: Self.dragLeft.gesture)
    var deep = Declared(hang: 40, docksToWindow: true)
    deep.contract = ItemContract(overhang: Overhang(points: 40), dockingReference: .window)
    for invariant in [Invariant.onScreen, .inSafeArea, .docked] {
      #expect(Self.hazards(Self.found(invariant, deep, in: tucked)).isEmpty, "\(invariant)")
    }
    // Hanging further than declared is still off the screen.
    var further = Declared(hang: 30)
    further.contract = declared.contract
    #expect(Self.hazards(Self.found(.onScreen, further, in: Self.dragLeft)).contains(.offScreenAtRest))
  }

  @Test("docked against the window, a rest under a translucent navigation bar is still hidden: the bar stays below the status bar")
  func navigationBarBelowTheStatusBar() {
    // iPhone 15 portrait, a translucent navigation bar from y 59 to 103 over a view controller's
    // view; dragged up to y 90 and docked on the left, flush with the window's side.
    let scenario = Scenario(
      device: DeviceProfile.named("iPhone 15")!, bars: DeviceProfile.Bars(navigationBar: true, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 150, 300), (0.016, .moved, 120, 200), (0.033, .moved, 90, 120),
         (0.05, .moved, 60, 90), (0.066, .ended, 60, 90)],
        start: CGPoint(x: 150, y: 300)))
    for reference in [DockingReference.window, .superview, .screen] {
      var docked = Declared(docksToWindow: true)
      docked.contract = ItemContract(dockingReference: reference)
      let found = Self.found(.inSafeArea, docked, in: scenario)
      // Its top at y 60, under the bar down to 103: 43 pt.
      let hidden = found.first { $0.defect == .outsideSafeArea && $0.severity == .hazard }
      #expect(hidden.map { abs($0.magnitude.value - 43) < 0.5 } == true, "\(reference): \(found)")
    }
    // Without the bar, the status bar's strip is screen it may rest on: nothing at y 60.
    let bare = Scenario(
      device: DeviceProfile.named("iPhone 15")!, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: scenario.gesture)
    var docked = Declared(docksToWindow: true)
    docked.contract = ItemContract(dockingReference: .window)
    #expect(Self.hazards(Self.found(.inSafeArea, docked, in: bare)).isEmpty)
  }

  @Test("the edges it docks against: the window's sides in landscape are docked, and in-safe-area still sees the sensor housing")
  func dockingReference() {
    let landscape = Scenario(
      device: DeviceProfile.named("iPhone 15")!, orientation: .landscape,
      bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 280, 200), (0.033, .moved, 260, 200),
         (0.05, .moved, 240, 200), (0.066, .ended, 240, 200)],
        start: CGPoint(x: 300, y: 200)))
    let toWindow = Declared(docksToWindow: true)
    #expect(Self.hazards(Self.found(.docked, toWindow, in: landscape)).contains(.notDocked))
    var declared = toWindow
    declared.contract = ItemContract(dockingReference: .window)
    #expect(Self.hazards(Self.found(.docked, declared, in: landscape)).isEmpty)
    #expect(Self.hazards(Self.found(.nearestEdge, declared, in: landscape)).isEmpty)
    // Under the sensor housing either way: one finding, in-safe-area's.
    #expect(Self.hazards(Self.found(.inSafeArea, declared, in: landscape)).contains(.outsideSafeArea))
    // Code that tells the landscapes apart is judged in SnapLab's, whose housing is on the left:
    // still under it on the left; on the right, where the home indicator is, only the display's
    // corners could hide it, and at mid-height they do not.
    var mirrored = declared
    mirrored.contract.mirrorsLandscape = true
    #expect(Self.hazards(Self.found(.inSafeArea, mirrored, in: landscape)).contains(.outsideSafeArea))
    let right = Scenario(
      device: DeviceProfile.named("iPhone 15")!, orientation: .landscape,
      bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 600, 200), (0.016, .moved, 620, 200), (0.033, .moved, 640, 200),
         (0.05, .moved, 660, 200), (0.066, .ended, 660, 200)],
        start: CGPoint(x: 600, y: 200)))
    #expect(Self.hazards(Self.found(.inSafeArea, declared, in: right)).contains(.outsideSafeArea))
    #expect(Self.hazards(Self.found(.inSafeArea, mirrored, in: right)).isEmpty)
    // The window's sides and the safe area's top and bottom: docked on a side all the same.
    var sides = toWindow
    sides.contract = ItemContract(dockingReference: .windowSides)
    #expect(Self.hazards(Self.found(.docked, sides, in: landscape)).isEmpty)
    // Declared the window, but it docks against the safe area: not the edges it promises.
    var safe = Declared()
    safe.contract = declared.contract
    #expect(Self.hazards(Self.found(.docked, safe, in: landscape)).contains(.notDocked))
  }

  @Test("the side: centre right of the middle and finger left of it is either side by default, the declared one when declared")
  func sideChoice() {
    // Grabbed 40 pt right of its centre, let go with the finger at x 175 (left of the middle,
    // 187.5) and the centre at 135... then dragged right so the centre ends at 205 and the
    // finger at 245: the two disagree only when grabbed off-centre.
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 125, 300), (0.016, .moved, 140, 300), (0.033, .moved, 155, 300),
         (0.05, .moved, 170, 300), (0.066, .ended, 170, 300)],
        start: CGPoint(x: 155, y: 300)))
    // Centre 155 + 45 = 200 (right of 187.5), finger 170 (left): it docks by the finger.
    let byFinger = Declared(sideByFinger: true)
    #expect(Self.hazards(Self.found(.nearestEdge, byFinger, in: scenario)).isEmpty)
    var centre = byFinger
    centre.contract = ItemContract(sideChoice: .centre)
    #expect(Self.hazards(Self.found(.nearestEdge, centre, in: scenario)).contains(.wrongSide))
    // Declared by the finger, an item that docks by its centre breaks it.
    var declaredFinger = Declared()
    declaredFinger.contract = ItemContract(sideChoice: .finger)
    #expect(Self.hazards(Self.found(.nearestEdge, declaredFinger, in: scenario)).contains(.wrongSide))
  }

  @Test("a tap that moves the item: intended when declared, and a tap that then leaves it is the defect")
  func tapMovesItem() {
    let panel = CGPoint(x: 187.5, y: 333.5)
    var events = [
      (0.0, TouchPhase.began, CGFloat(150), CGFloat(300)), (0.016, .moved, 140, 300),
      (0.033, .moved, 130, 300), (0.05, .moved, 120, 300), (0.066, .ended, 120, 300),
    ]
    // A tap on the docked button (centre x 30) a second later.
    events += [(1.0, .began, 30, 300), (1.08, .ended, 30, 300)]
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(events, start: CGPoint(x: 150, y: 300)))
    let opens = Declared(tapTarget: panel)
    #expect(Self.hazards(Self.found(.tapIsNotDrag, opens, in: scenario)).contains(.tapMovesIt))
    #expect(Self.hazards(Self.found(.docked, opens, in: scenario)).contains(.notDocked))
    var declared = opens
    declared.contract = ItemContract(tap: .movesItem)
    #expect(Self.hazards(Self.found(.tapIsNotDrag, declared, in: scenario)).isEmpty)
    #expect(Self.hazards(Self.found(.docked, declared, in: scenario)).isEmpty)
    #expect(!Invariant.idempotent.applies(to: declared))
    // Declared, but the tap fires and leaves it where it rests.
    var stays = declared
    stays.tapTarget = nil
    stays.id = "test.declared-stays"
    var fires = StaysOnTap(base: stays)
    fires.base.contract = declared.contract
    #expect(Self.hazards(Self.found(.tapIsNotDrag, fires, in: scenario)).contains(.tapLeavesIt))
  }

  /// `Declared` whose tap fires its action and leaves it where it is.
  struct StaysOnTap: SnapAlgorithm {
    var base: Declared
    var id: String { base.id }
    var inputAPI: InputAPI { base.inputAPI }
    var releaseMotion: Motion? {
      get { base.releaseMotion }
      set { base.releaseMotion = newValue }
    }
    var dockingMargin: CGFloat? { base.dockingMargin }
    var itemAction: ItemAction? { .handlers }
    var contract: ItemContract { base.contract }
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      base.touchesBegan(touch, view: &view, context: context)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      base.touchesMoved(touch, view: &view, context: context)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      if !base.moved {
        view.sendAction()
        return
      }
      base.touchesEnded(touch, view: &view, context: context)
    }
  }

  /// The drag of `dragLeft`, then a touch at t 0.1 where the item is shown in its 0.25 s dock,
  /// dragged down 60 pt.
  static let catchInFlight = Scenario(
    device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
    gesture: gesture(
      [(0, .began, 150, 300), (0.016, .moved, 140, 300), (0.033, .moved, 130, 300),
       (0.05, .moved, 120, 300), (0.066, .ended, 120, 300),
       (0.1, .began, 95, 300), (0.116, .moved, 95, 315), (0.133, .moved, 95, 330),
       (0.15, .moved, 95, 345), (0.166, .moved, 95, 360), (0.183, .ended, 95, 360)],
      start: CGPoint(x: 150, y: 300)))

  @Test("a catch in a brief motion: polish undeclared, a hazard when the item invites it or declares it")
  func catchable() {
    // A 0.25 s dock that ignores touches (no .allowUserInteraction): a touch on it misses.
    let ignores = Declared()
    let missed = Self.found(.catchable, ignores, in: Self.catchInFlight)
    #expect(missed.contains { $0.defect == .touchIgnored && $0.severity == .polish }, "\(missed)")
    var declared = ignores
    declared.contract = ItemContract(catchableInFlight: true)
    #expect(Self.hazards(Self.found(.catchable, declared, in: Self.catchInFlight)).contains(.touchIgnored))
    // Built to be caught (touches let through where it is shown), it carries on to its target
    // under the finger: a hazard however brief the motion, with nothing declared.
    let jumps = Declared(catchableButJumps: true)
    let caught = Self.found(.catchable, jumps, in: Self.catchInFlight)
    #expect(Self.hazards(caught).contains(.lagsTheFinger), "\(caught)")
    // Declared not catchable, the same jump is polish.
    var notMeant = jumps
    notMeant.contract = ItemContract(catchableInFlight: false)
    #expect(Self.hazards(Self.found(.catchable, notMeant, in: Self.catchInFlight)).isEmpty)
    // A catch that does not stop the motion, made near its end: the item creeps on four points
    // or five under the finger, which stays on it — polish; made early, it slides out from under the
    // finger — a hazard.
    func holdStill(at x: CGFloat, from t: Double) -> Scenario {
      Scenario(
        device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
        gesture: Self.gesture(
          [(0, .began, 150, 300), (0.016, .moved, 140, 300), (0.033, .moved, 130, 300),
           (0.05, .moved, 120, 300), (0.066, .ended, 120, 300),
           (t, .began, x, 300), (t + 0.016, .moved, x + 1, 300), (t + 0.033, .moved, x + 1, 300),
           (t + 0.05, .ended, x + 1, 300)],
          start: CGPoint(x: 150, y: 300)))
    }
    let late = Self.found(.catchable, jumps, in: holdStill(at: 32, from: 0.25))
    #expect(!Self.hazards(late).contains(.jumpsWhenCaught), "\(late)")
    #expect(late.contains { $0.defect == .jumpsWhenCaught && $0.severity == .polish }, "\(late)")
    let early = Self.found(.catchable, jumps, in: holdStill(at: 95, from: 0.1))
    #expect(Self.hazards(early).contains(.jumpsWhenCaught), "\(early)")
    // A motion is judged as long as it ran: code whose longest glide is 0.7 s (declared) but
    // which ran this one for 0.25 s misses a catch a finger could not aim at; one that ran it
    // for 0.6 s misses a catch a finger could make.
    var sized = ignores
    sized.releaseMotion = .curve(.easeOut, duration: 0.7)
    let short = Self.found(.catchable, sized, in: Self.catchInFlight)
    #expect(short.contains { $0.defect == .touchIgnored && $0.severity == .polish }, "\(short)")
    sized.glide = 0.6
    #expect(Self.hazards(Self.found(.catchable, sized, in: Self.catchInFlight)).contains(.touchIgnored))
  }

  @Test("a long press declared to compete with the drag takes the touch: held still, then moved, the item need not follow")
  func longPress() {
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 150, 300), (0.3, .moved, 151, 300), (0.7, .moved, 151, 301),
         (0.716, .moved, 151, 330), (0.733, .moved, 151, 360), (0.75, .moved, 151, 390),
         (0.766, .ended, 151, 390)],
        start: CGPoint(x: 150, y: 300)))
    var pressed = Declared()
    pressed.recognizesLongPress = true
    let trajectory = scenario.simulate(pressed)
    #expect(trajectory.touches.first?.longPressedAt != nil)
    // Undeclared, a user who held it a moment expected the drag to move it.
    #expect(Self.hazards(Self.found(.tracksFinger, pressed, in: scenario)).contains(.lagsTheFinger))
    pressed.contract = ItemContract(competingLongPress: true)
    #expect(Self.hazards(Self.found(.tracksFinger, pressed, in: scenario)).isEmpty)
    #expect(Self.hazards(Self.found(.catchable, pressed, in: scenario)).isEmpty)
    // A recogniser whose allowableMovement is 0 (PFloatingButton's) fails at the first move of
    // a point: the drag goes on, and the item must follow it.
    var strict = pressed
    strict.longPressAllowableMovement = 0
    #expect(scenario.simulate(strict).touches.first?.longPressedAt == nil)
    #expect(Self.hazards(Self.found(.tracksFinger, strict, in: scenario)).isEmpty)
    #expect(scenario.simulate(strict).rest.midY > 380)
  }

  /// A button that docks with a spring, handed `handed` times the finger's velocity.
  struct Springs: SnapAlgorithm {
    var id = "test.springs"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .spring(dampingRatio: 1, response: 0.4)
    var dockingMargin: CGFloat? { 16 }
    var contract = ItemContract.expected
    var handed: CGFloat
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let half = view.size.width / 2
      let x = view.center.x < region.midX ? region.minX + 16 + half : region.maxX - 16 - half
      let velocity = context.fingerVelocity
      let target = CGPoint(x: x, y: view.center.y)
      view.animate(
        with: releaseMotion,
        velocity: CGVector(dx: velocity.dx * handed, dy: velocity.dy * handed)
      ) { $0.center = target }
    }
  }

  @Test("a spring started at rest after a flick is a hitch, polish; promised, or handed the wrong speed, a hazard")
  func velocityHandOver() {
    // A flick left at about 1,500 pt/s from the middle of an iPhone 8.
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 190, 300), (0.016, .moved, 165, 300), (0.033, .moved, 140, 300),
         (0.05, .moved, 115, 300), (0.066, .ended, 115, 300)],
        start: CGPoint(x: 190, y: 300)))
    let atRest = Self.found(.velocityContinuous, Springs(handed: 0), in: scenario)
    #expect(atRest.contains { $0.defect == .velocityHitch && $0.severity == .polish }, "\(atRest)")
    var promised = Springs(handed: 0)
    promised.contract = ItemContract(handsOverVelocity: true)
    #expect(Self.hazards(Self.found(.velocityContinuous, promised, in: scenario)).contains(.velocityHitch))
    // Handed a velocity, but half of it: it meant to, and got it wrong.
    #expect(Self.hazards(Self.found(.velocityContinuous, Springs(handed: 0.5), in: scenario)).contains(.velocityHitch))
    #expect(Self.hazards(Self.found(.velocityContinuous, Springs(handed: 1), in: scenario)).isEmpty)
  }

  /// The chat head of the guide's "What your button promises" (docs/TestingYourAlgorithm.md),
  /// as it is written there.
  struct GuideChatHead: SnapAlgorithm {
    let id = "guide.chat-head"
    let inputAPI = InputAPI.panGestureRecognizer
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
    var dockingMargin: CGFloat? { 0 }
    // A chat head tucked a sixth past the side of the screen, docked against the window's edges,
    // whose tap opens a panel in the middle of the screen, and which must be catchable in flight.
    var contract: ItemContract {
      ItemContract(
        overhang: Overhang(fractionOfItem: 1.0 / 6), dockingReference: .window, tap: .movesItem,
        catchableInFlight: true)
    }
  }

  @Test("the guide's contract declares what it says")
  func guideContract() {
    let contract = GuideChatHead().contract
    #expect(contract.overhang.amount(extent: 60) == 10)
    #expect(contract.dockingReference == .window && contract.tap == .movesItem)
    #expect(contract.catchableInFlight == true && contract.sideChoice == .centreOrFinger)
  }

  /// A SwiftUI button that springs to the finger on every move, and from there to the nearer
  /// side when it lifts: it trails the finger, and its release spring merges into the one already
  /// moving it.
  struct SpringsAfterFinger: DragGestureAlgorithm {
    let id = "test.springs-after-finger"
    var releaseAnimation: SwiftUIAnimation? = .spring(response: 0.5, dampingFraction: 0.8)
    var dockingMargin: CGFloat? { 16 }
    var coordinateSpace: DragCoordinateSpace { .reader }
    mutating func onChanged(
      _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
    ) {
      view.withAnimation(releaseAnimation) { $0.position = value.location }
    }
    mutating func onEnded(
      _ value: DragValue, view: inout FloatingViewState, geometry: ContainerGeometry
    ) {
      let half = view.size.width / 2
      let x = value.location.x < geometry.size.width / 2
        ? 16 + half : geometry.size.width - 16 - half
      view.withAnimation(releaseAnimation) { $0.position = CGPoint(x: x, y: value.location.y) }
    }
  }

  @Test("an item that trails the finger hands over what it was showing, not the finger's speed")
  func trailingHandOver() {
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 250, 300), (0.016, .moved, 230, 300), (0.033, .moved, 205, 300),
         (0.05, .moved, 180, 300), (0.066, .moved, 155, 300), (0.083, .ended, 155, 300)],
        start: CGPoint(x: 250, y: 300)))
    let bubble = SwiftUIHosting(SpringsAfterFinger())
    let trajectory = scenario.simulate(bubble)
    // It trailed: shown well behind the finger when it let go, moving slower than it.
    #expect(trajectory.releaseShownVelocity != nil)
    let found = Self.found(.velocityContinuous, bubble, in: scenario)
    #expect(!found.contains { $0.defect == .velocityHitch }, "\(found)")
  }

  /// A ball that docks to the top of the safe region, 20 pt clear of it.
  struct LeansOffTop: SnapAlgorithm {
    let id = "test.leans-off-top"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { 0 }
    var dockingRule: DockingRule { DockingRule(placement: .nearestEdge) }
    var contract = ItemContract.expected
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center.y = context.environment.safeRegion.minY + 20 + view.size.height / 2
    }
  }

  /// A button whose every touch-up docks it to the nearer side of the safe region, a tap's
  /// too (and fires its action); `nudge` moves a docked one that far down on a tap.
  struct DocksOnEveryLift: SnapAlgorithm {
    let id = "test.docks-on-every-lift"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { 0 }
    var itemAction: ItemAction? { .handlers }
    var contract = ItemContract.expected
    var nudge: CGFloat = 0
    var grab = FingerGrab()
    var landing = CGPoint.zero
    var moved = false
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
      landing = touch.locationInContainer
      moved = false
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      if hypot(at.x - landing.x, at.y - landing.y) > 2 { moved = true }
      view.center = grab.center(touch)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let half = view.size.width / 2
      let x = view.center.x < region.midX ? region.minX + half : region.maxX - half
      if !moved {
        view.sendAction()
        if abs(view.center.x - x) <= 0.5 { view.center.y += nudge }
      }
      view.center.x = x
    }
  }

  @Test("held by its centre: declared, the hop under the finger and the centred drag are the design; undeclared, a jump and a lag")
  func centreGrip() {
    // Grabbed 20 pt right of and 15 pt below its centre, dragged 60 pt left.
    let grabbedOffCentre = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 170, 315), (0.016, .moved, 163, 315), (0.033, .moved, 150, 315),
         (0.05, .moved, 130, 315), (0.066, .moved, 110, 315), (0.3, .ended, 110, 315)],
        start: CGPoint(x: 150, y: 300)))
    let centres = Declared(centres: true)
    #expect(Self.hazards(Self.found(.tracksFinger, centres, in: grabbedOffCentre)).contains(.lagsTheFinger))
    #expect(Self.hazards(Self.found(.catchable, centres, in: grabbedOffCentre)).contains(.jumpsWhenCaught))
    var declared = centres
    declared.contract = ItemContract(grip: .centre)
    for invariant in [Invariant.tracksFinger, .catchable] {
      #expect(Self.hazards(Self.found(invariant, declared, in: grabbedOffCentre)).isEmpty, "\(invariant)")
    }
    // Declared, but it keeps the grab's offset: it is not under the finger as promised.
    var offset = Declared()
    offset.contract = declared.contract
    #expect(Self.hazards(Self.found(.tracksFinger, offset, in: grabbedOffCentre)).contains(.lagsTheFinger))
  }

  @Test("a tap that docks: declared, it may dock an item where the app placed it, never move a docked one")
  func tapDocks() {
    // The app placed the button in the middle of an iPhone 8; a tap docks it on the left.
    let tap = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture([(0, .began, 150, 300), (0.05, .ended, 150, 300)], start: CGPoint(x: 150, y: 300)))
    #expect(Self.hazards(Self.found(.tapIsNotDrag, DocksOnEveryLift(), in: tap)).contains(.tapMovesIt))
    var declared = DocksOnEveryLift()
    declared.contract = ItemContract(tap: .docksItem)
    #expect(Self.hazards(Self.found(.tapIsNotDrag, declared, in: tap)).isEmpty)
    // Declared, a tap on the docked button still must leave it where it is.
    var nudging = declared
    nudging.nudge = 10
    #expect(Self.hazards(Self.found(.idempotent, nudging, in: tap)).contains(.tapMovesIt))
    #expect(Self.hazards(Self.found(.idempotent, declared, in: tap)).isEmpty)
  }

  @Test("room reserved at an edge: docked that much clear of it when declared, not docked otherwise")
  func reservedRoom() {
    // Dragged up from the middle of an iPhone 8, let go near the top.
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 187, 200), (0.016, .moved, 187, 160), (0.033, .moved, 187, 120),
         (0.05, .moved, 187, 80), (0.066, .ended, 187, 80)],
        start: CGPoint(x: 187, y: 200)))
    #expect(Self.hazards(Self.found(.docked, LeansOffTop(), in: scenario)).contains(.notDocked))
    var declared = LeansOffTop()
    declared.contract = ItemContract(reservedInsets: Insets(top: 20))
    #expect(Self.hazards(Self.found(.docked, declared, in: scenario)).isEmpty)
  }

  /// A 50×50 ball whose action is a 40×40 button inside it (XLUIDragButton): a tap fires only
  /// where it lands `inner` points or more inside the ball's edges. `tucked`, it rests 25 pt
  /// past the left edge and its first tap reveals it (the action moves it in); a tap on the
  /// revealed ball fires and leaves it.
  struct InnerButton: SnapAlgorithm {
    var id = "test.inner-button"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.25)
    var dockingMargin: CGFloat? { 0 }
    var itemAction: ItemAction? { .handlers }
    var contract = ItemContract.expected
    var inner: CGFloat = 5
    /// Whether a tap reveals the ball (moves it 50 pt in), once.
    var reveals = false
    var landing = CGPoint.zero
    var grabbed = CGPoint.zero
    var moved = false
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      landing = touch.locationInContainer
      grabbed = view.center
      moved = false
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      // It follows the finger; a UIButton's tap allows a wobble.
      view.center = CGPoint(
        x: grabbed.x + touch.locationInContainer.x - landing.x,
        y: grabbed.y + touch.locationInContainer.y - landing.y)
      if hypot(touch.locationInContainer.x - landing.x, touch.locationInContainer.y - landing.y) > 10 {
        moved = true
      }
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      guard !moved, view.frame.insetBy(dx: inner, dy: inner).contains(landing) else { return }
      view.sendAction()
      if reveals, view.frame.minX < context.windowBounds.minX {
        view.animate(withDuration: 0.25) { $0.center.x += 50 }
      }
    }
  }

  @Test("an action smaller than the item: a tap on the declared rim may fire nothing, one inside must fire")
  func actionInset() {
    // A tap 2 pt inside the ball's top edge (it rests with its centre at (150, 300)).
    let rim = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      itemSize: CGSize(width: 50, height: 50),
      gesture: Self.gesture([(0, .began, 150, 277), (0.05, .ended, 150, 277)], start: CGPoint(x: 150, y: 300)))
    #expect(Self.hazards(Self.found(.tapIsNotDrag, InnerButton(), in: rim)).contains(.tapDoesNotFire))
    var declared = InnerButton()
    declared.contract = ItemContract(actionInset: 5)
    #expect(Self.hazards(Self.found(.tapIsNotDrag, declared, in: rim)).isEmpty)
    // Declared 5 pt, but its button is 15 pt in: a tap 10 pt inside the edge fires nothing.
    let inside = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      itemSize: CGSize(width: 50, height: 50),
      gesture: Self.gesture([(0, .began, 150, 285), (0.05, .ended, 150, 285)], start: CGPoint(x: 150, y: 300)))
    var narrower = declared
    narrower.inner = 15
    #expect(Self.hazards(Self.found(.tapIsNotDrag, narrower, in: inside)).contains(.tapDoesNotFire))
  }

  @Test("a tap that moves the item may be followed by one that acts on it where it went; a first tap that leaves it is still found")
  func tapAfterTap() {
    // A ball tucked half past the left edge: tapped once (revealed), then again 0.5 s later
    // where it now is.
    let twice = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      itemSize: CGSize(width: 50, height: 50),
      gesture: Self.gesture(
        [(0, .began, 10, 300), (0.05, .ended, 10, 300), (0.6, .began, 50, 300),
         (0.65, .ended, 50, 300)],
        start: CGPoint(x: 0, y: 300)))
    var revealing = InnerButton(reveals: true)
    revealing.contract = ItemContract(tap: .movesItem)
    let found = Self.found(.tapIsNotDrag, revealing, in: twice)
    #expect(Self.hazards(found).isEmpty, "\(found)")
    // An item whose first tap leaves it, declared to move: found.
    let once = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      itemSize: CGSize(width: 50, height: 50),
      gesture: Self.gesture([(0, .began, 150, 300), (0.05, .ended, 150, 300)], start: CGPoint(x: 150, y: 300)))
    #expect(Self.hazards(Self.found(.tapIsNotDrag, revealing, in: once)).contains(.tapLeavesIt))
    // The tucked ball dragged 30 pt down its edge, then a press that wobbles 3 pt and lasts
    // 0.7 s fires the button and reveals it: where it then rests is the tap's place, not an
    // undocked rest.
    let press = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      itemSize: CGSize(width: 50, height: 50),
      gesture: Self.gesture(
        [(0, .began, 10, 300), (0.016, .moved, 10, 310), (0.033, .moved, 10, 320),
         (0.05, .moved, 10, 330), (0.066, .ended, 10, 330),
         (1, .began, 10, 330), (1.3, .moved, 12, 332), (1.7, .ended, 12, 332)],
        start: CGPoint(x: 0, y: 300)))
    var undeclared = revealing
    undeclared.contract = .expected
    #expect(Self.hazards(Self.found(.docked, undeclared, in: press)).contains(.notDocked))
    #expect(Self.hazards(Self.found(.docked, revealing, in: press)).isEmpty)
  }

  /// A button that never docks: it follows the finger and stays where it is let go.
  struct LeftWhereItIs: SnapAlgorithm {
    let id = "test.left-where-it-is"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = nil
    var dockingMargin: CGFloat? { nil }
    var contract = ItemContract.expected
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
  }

  @Test("an item that does not dock is kept in the region its contract names: a new inset inside its superview moves nothing it must leave")
  func undockedRoom() throws {
    // A landscape iPhone 16 Pro (402 pt tall, 21 pt home-indicator inset): dragged down until
    // its bottom is at 353 and let go; then the view controller adds a 34 pt bottom inset. The
    // safe region now ends at 347; the superview less the view controller's insets at 368.
    let device = try #require(DeviceProfile.named("iPhone 16 Pro"))
    let bars = DeviceProfile.Bars(navigationBar: false, tabBar: false)
    var inset = device.environment(.landscape, bars: bars)
    inset.additionalSafeAreaInsets.bottom = 34
    inset.name += ", safe area +34 bottom"
    let scenario = Scenario(
      device: device, orientation: .landscape, bars: bars,
      gesture: TouchGesture(
        start: CGPoint(x: 400, y: 250),
        events: [
          TouchEvent(time: 0, phase: .began, location: CGPoint(x: 400, y: 250)),
          TouchEvent(time: 0.016, phase: .moved, location: CGPoint(x: 400, y: 290)),
          TouchEvent(time: 0.033, phase: .moved, location: CGPoint(x: 400, y: 323)),
          TouchEvent(time: 0.05, phase: .ended, location: CGPoint(x: 400, y: 323)),
        ],
        containerChanges: [ContainerChange(time: 0.5, environment: inset)]))
    // Kept in the safe area (the default), it is left 6 pt outside it.
    let undeclared = Self.found(.resizeSafe, LeftWhereItIs(), in: scenario)
    #expect(!Self.hazards(undeclared).isEmpty, "\(undeclared)")
    // Kept in its superview, less the view controller's insets, it need not move.
    var declared = LeftWhereItIs()
    declared.contract = ItemContract(dockingReference: .superview)
    let kept = Self.found(.resizeSafe, declared, in: scenario)
    #expect(Self.hazards(kept).isEmpty, "\(kept)")
  }

}
