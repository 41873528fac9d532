import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

/// What a careful iOS engineer would leave alone is polish, named and reported apart; everything
/// past it stays a hazard. Each rule is pinned both ways: the polish case, and the same case
/// made bad enough to matter.
@Suite("Severity: polish and hazards")
struct SeverityTests {
  static let phone = DeviceProfile.named("iPhone 8")!

  static func gesture(_ events: [(Double, TouchPhase, CGFloat, CGFloat)], start: CGPoint)
    -> TouchGesture
  {
    TouchGesture(
      start: start,
      events: events.map { TouchEvent(time: $0.0, phase: $0.1, location: CGPoint(x: $0.2, y: $0.3)) })
  }

  /// What `invariant` finds in `algorithm`'s run through `scenario`, simulated once.
  static func found<Algorithm: SnapAlgorithm>(
    _ invariant: Invariant, _ algorithm: Algorithm, in scenario: Scenario
  ) -> [Violation] {
    invariant.violations(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm))
  }

  @Test("a rotation's offset under a still finger that the next move corrects is polish; one it does not, a hazard")
  func offsetUntilNextTouch() throws {
    // The per-axis-clamp finding of docs/HowItWorks.md: under an opaque navigation bar the in-call status bar
    // moves the view controller's view down 20 pt with the finger held still; the item, which
    // follows by offsets, goes with the view until the next move puts it back under the finger.
    let bars = DeviceProfile.Bars(opaqueNavigationBar: true)
    var inCall = Self.phone.environment(.portrait, bars: bars)
    inCall.statusBarHeight = 40
    inCall.placeSuperviewBelowNavigationBar()
    var gesture = Self.gesture(
      [(0, .began, 30, 94), (0.016, .moved, 30, 104), (0.1, .moved, 30, 110), (0.6, .moved, 30, 160),
       (0.7, .moved, 30, 200), (0.75, .ended, 30, 200)],
      start: CGPoint(x: 30, y: 94))
    gesture.containerChanges = [ContainerChange(time: 0.033, environment: inCall)]
    let scenario = Scenario(device: Self.phone, bars: bars, gesture: gesture)
    let algorithm = PerAxisClampPublished()
    let run = scenario.simulate(algorithm)
    guard case .violated(let violation) = Invariant.tracksFinger.check(
      algorithm, scenario: scenario, trajectory: run)
    else {
      Issue.record("the offset before the next move is not reported at all")
      return
    }
    #expect(violation.defect == .offsetUntilNextTouch)
    #expect(violation.severity == .polish)
    #expect(violation.magnitude.value >= 19 && violation.magnitude.value <= 21)
    // A handler that never puts it back (it ignores every move after the change, and the finger
    // goes on 90 pt once what the change set off has had its half second) is a hazard.
    struct Stuck: SnapAlgorithm {
      var id = "test.stuck-after-change"
      let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
      var releaseMotion: Motion? = nil
      var dockingMargin: CGFloat? { nil }
      var inner = PerAxisClampPublished()
      var changed = false
      mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        inner.touchesBegan(touch, view: &view, context: context)
      }
      mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        if !changed { inner.touchesMoved(touch, view: &view, context: context) }
      }
      mutating func environmentDidChange(
        from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
      ) {
        changed = true
      }
    }
    let stuck = scenario.simulate(Stuck())
    guard case .violated(let lasting) = Invariant.tracksFinger.check(
      Stuck(), scenario: scenario, trajectory: stuck)
    else {
      Issue.record("an offset the next move does not correct is not reported")
      return
    }
    #expect(lasting.defect == .lagsTheFinger)
    #expect(lasting.severity == .hazard)
  }

  @Test("a pan handler's lag within the recogniser's slop is polish; a lag past it, a hazard")
  func panHysteresisLag() throws {
    // inset-correction adds the pan's translations: it trails the finger by the 10 pt the
    // recogniser takes off when it begins.
    let scenario = Scenario(
      device: Self.phone,
      gesture: Self.gesture(
        [(0, .began, 200, 300), (0.016, .moved, 200, 320), (0.033, .moved, 200, 340),
         (0.05, .ended, 200, 340)],
        start: CGPoint(x: 200, y: 300)))
    let algorithm = InsetCorrectionPublished()
    let run = scenario.simulate(algorithm)
    guard case .violated(let lag) = Invariant.tracksFinger.check(
      algorithm, scenario: scenario, trajectory: run)
    else {
      Issue.record("the pan's lag is not reported at all")
      return
    }
    #expect(lag.defect == .panHysteresisLag)
    #expect(lag.severity == .polish)
    #expect(abs(lag.magnitude.value - 10) < 0.1)
  }

  /// A button on the touches API that follows the finger and keeps its top `inset` points below
  /// the window's (MNFloatBtn keeps its 49 pt button 9.8 pt clear), and docks to the nearer side
  /// of the window's safe area.
  struct TopClamped: SnapAlgorithm {
    var id = "test.top-clamped"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
    var dockingMargin: CGFloat? { 0 }
    var inset: CGFloat
    /// Whether the clamp holds it still on both axes (a drag that stops following), not only on y.
    var freezes = false
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let wanted = grab.center(touch)
      let top = context.windowBounds.minY + inset + view.size.height / 2
      if freezes, wanted.y < top { return }
      view.center = CGPoint(x: wanted.x, y: max(wanted.y, top))
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let half = view.size.width / 2
      let x = view.center.x < region.midX ? region.minX + half : region.maxX - half
      let y = min(max(view.center.y, region.minY + view.size.height / 2), region.maxY - view.size.height / 2)
      view.animate(withDuration: 0.3) { $0.center = CGPoint(x: x, y: y) }
    }
  }

  @Test("a drag held by the item's own clamp near the edge the finger goes past is polish; held further in, or frozen, a hazard")
  func heldShortOfEdge() throws {
    // Landscape: no status bar, so the window's top is the safe region's. The finger drags a
    // 60 pt item from y 200 past the top of the screen.
    let phone = DeviceProfile.named("iPhone 15")!
    let scenario = Scenario(
      device: phone, orientation: .landscape,
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 300, 150), (0.033, .moved, 300, 100),
         (0.05, .moved, 300, 50), (0.066, .moved, 300, 10), (0.083, .moved, 300, 0),
         (0.1, .ended, 300, 0)],
        start: CGPoint(x: 300, y: 200)))
    let near = Self.found(.tracksFinger, TopClamped(inset: 10), in: scenario)
    #expect(near.contains { $0.defect == .heldShortOfEdge && $0.severity == .polish })
    #expect(!near.contains { $0.severity == .hazard }, "\(near)")
    // 60 pt in is no clamp near the edge (nor 20 pt or less below the 32 pt navigation bar):
    // the item does not follow the finger.
    let far = Self.found(.tracksFinger, TopClamped(inset: 60), in: scenario)
    #expect(far.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(far)")
    // Nor is an item that stops following altogether a little inside the edge while the finger
    // goes on across: x is frozen too.
    let across = Scenario(
      device: phone, orientation: .landscape,
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 300, 100), (0.033, .moved, 300, 40),
         (0.05, .moved, 360, 30), (0.066, .moved, 420, 20), (0.083, .moved, 480, 10),
         (0.1, .ended, 480, 10)],
        start: CGPoint(x: 300, y: 200)))
    let stuck = Self.found(.tracksFinger, TopClamped(inset: 10, freezes: true), in: across)
    #expect(stuck.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(stuck)")
  }

  /// The first pan-based MNFloatBtn's drag, on the touches API: each move adds the finger's
  /// travel to an axis only while the frame lies inside the superview on that axis, so the item
  /// ends a little past the edge it was dragged across and stays there; the lift puts it back.
  struct FreezesPastEdge: SnapAlgorithm {
    var id = "test.freezes-past-edge"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
    var dockingMargin: CGFloat? { nil }
    var last = CGPoint.zero
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      last = touch.locationInContainer
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      let bounds = context.superview.bounds
      var frame = view.frame
      if frame.minX >= 0, frame.maxX <= bounds.width { frame.origin.x += at.x - last.x }
      if frame.minY >= 0, frame.maxY <= bounds.height { frame.origin.y += at.y - last.y }
      view.frame = frame
      last = at
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let bounds = context.superview.bounds
      var frame = view.frame
      frame.origin.x = min(max(frame.minX, 0), bounds.width - frame.width)
      frame.origin.y = min(max(frame.minY, 0), bounds.height - frame.height)
      view.animate(withDuration: 0.3) { $0.frame = frame }
    }
  }

  @Test("an item held a little past the bound the finger goes on across is polish; left there as the finger comes back, a hazard")
  func heldPastBound() throws {
    // Under an opaque navigation bar the superview starts 103 pt down the window; the finger
    // takes the item up across that top, 97 pt from the window's, and on towards the bar.
    let phone = DeviceProfile.named("iPhone 15")!
    let bars = DeviceProfile.Bars(navigationBar: true, tabBar: false, opaqueNavigationBar: true)
    let up: [(Double, TouchPhase, CGFloat, CGFloat)] = [
      (0, .began, 200, 300), (0.016, .moved, 200, 250), (0.033, .moved, 200, 200),
      (0.05, .moved, 200, 150), (0.066, .moved, 200, 100), (0.083, .moved, 200, 60),
      (0.1, .moved, 200, 30),
    ]
    let onwards = Scenario(
      device: phone, bars: bars,
      gesture: Self.gesture(up + [(0.116, .ended, 200, 30)], start: CGPoint(x: 200, y: 300)))
    let held = Self.found(.tracksFinger, FreezesPastEdge(), in: onwards)
    #expect(held.contains { $0.defect == .heldShortOfEdge && $0.severity == .polish }, "\(held)")
    #expect(!held.contains { $0.severity == .hazard }, "\(held)")
    // The finger comes back down the screen, and the item stays under the bar: the button that
    // "sticks to the edge" of MNFloatBtn's issue #2.
    let back = Scenario(
      device: phone, bars: bars,
      gesture: Self.gesture(
        up + [(0.116, .moved, 200, 120), (0.133, .moved, 200, 250), (0.15, .moved, 200, 400),
              (0.166, .ended, 200, 400)],
        start: CGPoint(x: 200, y: 300)))
    let stuck = Self.found(.tracksFinger, FreezesPastEdge(), in: back)
    #expect(stuck.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(stuck)")
  }

  /// A delta drag on the clamped frame (BMScreenDragView, and many a blog's handler): each move
  /// adds the finger's travel to the frame, then clamps the frame into the safe region, so a
  /// finger that goes on past the edge and comes back finds the item coming back with it at
  /// once, kept off it by how far it went on. `lag` scales each move on the way back (a handler
  /// that loses travel: not the finger's motion any more).
  struct DeltaClamped: SnapAlgorithm {
    var id = "test.delta-clamped"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
    var dockingMargin: CGFloat? { nil }
    var lag: CGFloat = 1
    var last = CGPoint.zero
    var clamped = false
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      last = touch.locationInContainer
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      let scale = clamped ? lag : 1
      var center = view.center
      center.x += (at.x - last.x) * scale
      center.y += (at.y - last.y) * scale
      let kept = SafeDocking.clamp(center, size: view.size, in: context.environment.safeRegion)
      if kept != center { clamped = true }
      view.center = kept
      last = at
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {}
  }

  @Test("an item a delta drag brings back from the edge with the finger, off it by how far the finger went on, is polish; one that loses travel is not")
  func offsetFromBound() throws {
    // Portrait iPhone 15: the finger takes a 60 pt item from x 200 to the screen's right edge
    // (393), 30 pt past where the item stops, then back to x 100.
    let phone = DeviceProfile.named("iPhone 15")!
    let scenario = Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 200, 400), (0.016, .moved, 260, 400), (0.033, .moved, 330, 400),
         (0.05, .moved, 393, 400), (0.066, .moved, 393, 400), (0.083, .moved, 330, 400),
         (0.1, .moved, 250, 400), (0.116, .moved, 150, 400), (0.133, .moved, 120, 400),
         (0.15, .moved, 100, 400), (0.166, .moved, 100, 400), (0.183, .ended, 100, 400)],
        start: CGPoint(x: 200, y: 400)))
    let back = Self.found(.tracksFinger, DeltaClamped(), in: scenario)
    #expect(back.contains { $0.defect == .offsetFromBound && $0.severity == .polish }, "\(back)")
    #expect(!back.contains { $0.severity == .hazard }, "\(back)")
    // Coming back at half the finger's pace, it does not follow the finger.
    let slow = Self.found(.tracksFinger, DeltaClamped(lag: 0.5), in: scenario)
    #expect(slow.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(slow)")
  }

  @Test("dragged up its edge into its own clamp near the top is polish; stopped further down, stuck")
  func stuckShortOfEdge() throws {
    // Docked on the left of a landscape phone (x 59, clear of the sensor housing) with no bars,
    // a drag of 100 pt straight up its edge.
    let phone = DeviceProfile.named("iPhone 15")!
    let scenario = Scenario(
      device: phone, orientation: .landscape, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 89, 130), (0.016, .moved, 89, 110), (0.033, .moved, 89, 80),
         (0.05, .moved, 89, 50), (0.066, .moved, 89, 30), (0.083, .moved, 89, 30),
         (0.1, .ended, 89, 30)],
        start: CGPoint(x: 89, y: 130)))
    let near = Self.found(.tracksFinger, TopClamped(inset: 10), in: scenario)
    #expect(near.contains { $0.defect == .heldShortOfEdge }, "\(near)")
    #expect(!near.contains { $0.severity == .hazard }, "\(near)")
    let far = Self.found(.tracksFinger, TopClamped(inset: 40), in: scenario)
    #expect(far.contains { $0.defect == .stuckOnItsEdge && $0.severity == .hazard }, "\(far)")
  }

  @Test("dragged over the keyboard by the finger is not a drag out of the safe region; under the status bar it is")
  func dragOverKeyboard() throws {
    // A picture-in-picture window that keeps a drag inside the safe area (or, `window`, inside
    // the window only) and lets the keyboard be.
    struct Confined: SnapAlgorithm {
      var id = "test.confined"
      let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
      var releaseMotion: Motion? = nil
      var dockingMargin: CGFloat? { nil }
      var confinesDragToSafeRegion: Bool { true }
      var window = false
      var grab = FingerGrab()
      mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        grab.take(touch, view)
      }
      mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        let wanted = grab.center(touch)
        var open = context.environment
        open.keyboardFrame = nil
        let box = window ? context.windowBounds : open.safeRegion
        let half = CGSize(width: view.size.width / 2, height: view.size.height / 2)
        view.center = CGPoint(
          x: min(max(wanted.x, box.minX + half.width), box.maxX - half.width),
          y: min(max(wanted.y, box.minY + half.height), box.maxY - half.height))
      }
    }
    let phone = DeviceProfile.named("iPhone 15")!
    let keyboard = Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false, keyboard: true),
      gesture: Self.gesture(
        [(0, .began, 200, 400), (0.016, .moved, 200, 500), (0.033, .moved, 200, 600),
         (0.05, .moved, 200, 700), (0.066, .ended, 200, 700)],
        start: CGPoint(x: 200, y: 400)))
    let over = Self.found(.inSafeArea, Confined(), in: keyboard)
    #expect(!over.contains { $0.defect == .outsideSafeAreaWhileDragged }, "\(over)")
    let up = Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 200, 400), (0.016, .moved, 200, 300), (0.033, .moved, 200, 150),
         (0.05, .moved, 200, 20), (0.066, .moved, 200, 20), (0.083, .ended, 200, 20)],
        start: CGPoint(x: 200, y: 400)))
    let loose = Confined(window: true)
    // A finger held still on it where it rests under the status bar did not drag it there.
    let held = Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 200, 40), (0.016, .moved, 200, 40), (0.033, .moved, 200, 40),
         (0.05, .ended, 200, 40)],
        start: CGPoint(x: 200, y: 40)))
    let still = Self.found(.inSafeArea, loose, in: held)
    #expect(!still.contains { $0.defect == .outsideSafeAreaWhileDragged }, "\(still)")
    #expect(still.contains { $0.defect == .outsideSafeArea }, "\(still)")
    // Found inside the region, then a side column reserved under the still finger leaves it
    // outside, and the handler never puts it back: that is the drag's.
    var column = phone.environment(.portrait, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false))
    column.additionalSafeAreaInsets = Insets(right: 200)
    var reserved = Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture(
        [(0, .began, 300, 400), (0.2, .moved, 300, 400), (0.4, .moved, 300, 400),
         (0.6, .moved, 300, 400), (0.8, .moved, 300, 400), (1, .ended, 300, 400)],
        start: CGPoint(x: 300, y: 400)))
    reserved.gesture.containerChanges = [ContainerChange(time: 0.1, environment: column)]
    let left = Self.found(.inSafeArea, loose, in: reserved)
    #expect(
      left.contains { $0.defect == .outsideSafeAreaWhileDragged && $0.severity == .hazard },
      "\(left)")
    let under = Self.found(.inSafeArea, loose, in: up)
    #expect(
      under.contains { $0.defect == .outsideSafeAreaWhileDragged && $0.severity == .hazard },
      "\(under)")
  }

  @Test("a glide after the lift back into a band of the item's own is polish; one past the middle, a hazard")
  func keptClearOfEdge() throws {
    // DebugSwift's ball keeps its centre 80 pt below the window's top: let go at y 40 (inside
    // the safe region, which the docking would leave alone), it glides down to 80.
    struct Banded: SnapAlgorithm {
      var id = "test.banded"
      let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
      var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
      var dockingMargin: CGFloat? { 0 }
      var host: ItemHost { .overlayWindow }
      /// The lowest centre y it rests at; `nil` rests it at the bottom of the region.
      var band: CGFloat?
      /// Kept clear of the top by half its width, not its height (FLDragView's `y = fl_width/2`).
      var widthForHeight = false
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
        let x = view.center.x < region.midX ? region.minX + half : region.maxX - half
        var y = band.map { max(view.center.y, $0) } ?? region.maxY - view.size.height / 2
        if widthForHeight { y = max(view.center.y, region.minY + view.size.width / 2) }
        view.animate(withDuration: 0.3) { $0.center = CGPoint(x: x, y: y) }
      }
    }
    let phone = DeviceProfile.named("iPhone 15")!
    let scenario = Scenario(
      device: phone, orientation: .landscape,
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 300, 150), (0.033, .moved, 300, 100),
         (0.05, .moved, 300, 60), (0.066, .moved, 300, 40), (0.083, .moved, 300, 40),
         (0.1, .moved, 300, 40), (0.116, .ended, 300, 40)],
        start: CGPoint(x: 300, y: 200)))
    let band = Self.found(.tracksFinger, Banded(band: 80), in: scenario)
    #expect(band.contains { $0.defect == .keptClearOfEdge && $0.severity == .polish }, "\(band)")
    #expect(!band.contains { $0.severity == .hazard }, "\(band)")
    // Taken to the bottom, past the middle: it does not stay where the finger left it.
    let bottom = Self.found(.tracksFinger, Banded(band: nil), in: scenario)
    #expect(bottom.contains { $0.defect == .movesAfterRelease && $0.severity == .hazard }, "\(bottom)")
    // Kept clear of the top by half its width: a 200×100 item let go at y 40 rests at y 100, 50
    // pt further than docking needs, exactly the difference of its half sides: the wrong axis.
    var wide = scenario
    wide.itemSize = CGSize(width: 200, height: 100)
    let mixed = Self.found(.tracksFinger, Banded(band: nil, widthForHeight: true), in: wide)
    #expect(mixed.contains { $0.defect == .movesAfterRelease && $0.severity == .hazard }, "\(mixed)")
    // A square item shows nothing; a band of 90 pt on the same item is a design's, polish.
    var square = scenario
    square.itemSize = CGSize(width: 100, height: 100)
    #expect(Self.found(.tracksFinger, Banded(band: nil, widthForHeight: true), in: square).isEmpty)
    let designed = Self.found(.tracksFinger, Banded(band: 90), in: wide)
    #expect(designed.contains { $0.defect == .keptClearOfEdge && $0.severity == .polish }, "\(designed)")
  }

  @Test("a tap that docks an item left undocked, even flush with the screen's edge, is no tap defect")
  func tapFinishesDock() throws {
    // Resting where a drag left it (the release lands it mid-screen: it docks only on the next
    // touch-up, as MNFloatBtn does when its drag is cancelled), a tap docks it to x 0 of a
    // landscape phone, inside the sensor housing's column: in-safe-area's defect, not the tap's.
    struct DocksOnTap: SnapAlgorithm {
      var id = "test.docks-on-tap"
      let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
      var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
      var dockingMargin: CGFloat? { 0 }
      var grab = FingerGrab()
      var began = CGPoint.zero
      mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        began = touch.locationInContainer
        grab.take(touch, view)
      }
      mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        view.center = grab.center(touch)
      }
      mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
        let at = touch.locationInContainer
        // A drag is left where it ends; a tap docks flush with the window's edge.
        guard hypot(at.x - began.x, at.y - began.y) < 5 else { return }
        view.sendAction()
        let bounds = context.windowBounds
        let half = view.size.width / 2
        let x = view.center.x < bounds.midX ? bounds.minX + half : bounds.maxX - half
        let y = view.center.y
        view.animate(withDuration: 0.3) { $0.center = CGPoint(x: x, y: y) }
      }
      var itemAction: ItemAction? { .handlers }
    }
    let phone = DeviceProfile.named("iPhone 15")!
    let scenario = Scenario(
      device: phone, orientation: .landscape,
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 280, 200), (0.033, .moved, 260, 200),
         (0.05, .ended, 260, 200), (1, .began, 260, 200), (1.05, .ended, 260, 200)],
        start: CGPoint(x: 300, y: 200)))
    let algorithm = DocksOnTap()
    let run = scenario.simulate(algorithm)
    #expect(run.rest.minX == 0)
    let tap = Invariant.tapIsNotDrag.violations(algorithm, scenario: scenario, trajectory: run)
    #expect(!tap.contains { $0.defect == .tapMovesIt }, "\(tap)")
    // The drag alone leaves it mid-screen; idempotent's tap after the rest docks it: no defect
    // of idempotent's either.
    var dragOnly = scenario
    dragOnly.gesture.events.removeLast(2)
    let idempotent = Self.found(.idempotent, algorithm, in: dragOnly)
    #expect(idempotent.isEmpty, "\(idempotent)")
    // Caught on its way to the edge by the next touch, 0.1 s after the tap: the tap was docking it.
    let caught = Scenario(
      device: phone, orientation: .landscape,
      gesture: Self.gesture(
        [(0, .began, 300, 200), (0.016, .moved, 280, 200), (0.033, .moved, 260, 200),
         (0.05, .ended, 260, 200), (1, .began, 260, 200), (1.05, .ended, 260, 200),
         (1.15, .began, 200, 200), (1.2, .ended, 200, 200)],
        start: CGPoint(x: 300, y: 200)))
    let cut = Self.found(.tapIsNotDrag, algorithm, in: caught)
    #expect(!cut.contains { $0.defect == .tapMovesIt }, "\(cut)")
    // Left mid-screen by a rotation before any touch, as loaded: the tap docks it, by design.
    var rotated = Scenario(
      device: phone,
      gesture: Self.gesture([(1, .began, 200, 300), (1.05, .ended, 200, 300)], start: CGPoint(x: 200, y: 300)))
    rotated.gesture.containerChanges = [
      ContainerChange(time: 0.5, environment: phone.environment(.landscape, bars: DeviceProfile.Bars()))
    ]
    let afterRotation = Self.found(.tapIsNotDrag, algorithm, in: rotated)
    #expect(!afterRotation.contains { $0.defect == .tapMovesIt }, "\(afterRotation)")
    // Where the app put it, with nothing since, the tap that moves it is a defect.
    var still = rotated
    still.gesture.containerChanges = []
    let placed = Self.found(.tapIsNotDrag, algorithm, in: still)
    #expect(placed.contains { $0.defect == .tapMovesIt && $0.severity == .hazard }, "\(placed)")
  }

  @Test("a point or two off is polish; three points, a hazard")
  func aPointOrTwo() {
    func severity(_ points: CGFloat, _ defect: Defect) -> Severity {
      Violation("", defect: defect, magnitude: .points(points)).severity
    }
    #expect(severity(2, .notDocked) == .polish)
    #expect(severity(2.01, .notDocked) == .hazard)
    #expect(severity(1, .tapMovesIt) == .polish)
    #expect(severity(3, .outsideSafeArea) == .hazard)
    // Not a distance from where it should be: a drag that fires the action is a hazard
    // whatever its length, an ignored touch always.
    #expect(severity(1, .dragFiresAction) == .hazard)
    #expect(Violation("", defect: .touchIgnored, magnitude: .once).severity == .hazard)
    // One frame as the container changes is polish, however far.
    #expect(
      Violation("", defect: .offScreenInMotion, magnitude: .points(40), transient: true).severity
        == .polish)
    // Something not a number is never polish.
    #expect(severity(.nan, .notDocked) == .hazard)
  }

  @Test("a finding of polish only fails nothing unless strict")
  func polishFailsOnlyWhenStrict() throws {
    let finding = verify(EdgeDockPublished(), .tapIsNotDrag, examples: 200, seed: 1)
    #expect(finding.fails())
    let polish = try #require(finding.polish.first)
    var polishOnly = finding
    polishOnly.causes = [polish]
    polishOnly.status = .polish
    #expect(!polishOnly.fails())
    #expect(polishOnly.fails(strict: true))
  }

  /// A 60 pt button that rests, when the finger lifts, with its top-left corner at `corner`.
  struct RestsAt: SnapAlgorithm {
    var id = "test.rests-at"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { nil }
    var contract = ItemContract.expected
    var corner: CGPoint
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = CGPoint(x: corner.x + view.size.width / 2, y: corner.y + view.size.height / 2)
    }
  }

  @Test("in a landscape phone's side inset only the sensor housing and the rounded corners hide the item; just past the share they leave, a hazard")
  func sideInsetInUserTerms() {
    // iPhone 15 landscape: 852×393, 59 pt side insets, the Dynamic Island down the middle of a
    // side (y 133.5…259.5), corners rounded at 55 pt.
    let scenario = Scenario(
      device: DeviceProfile.named("iPhone 15")!, orientation: .landscape,
      bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture([(0, .began, 400, 200), (0.05, .ended, 400, 200)], start: CGPoint(x: 400, y: 200)))
    func hazards(at corner: CGPoint) -> [Violation] {
      Self.found(.inSafeArea, RestsAt(corner: corner), in: scenario).filter { $0.severity == .hazard }
    }
    // Beside the island, 19 pt into the inset, well below the corner's rounding: all of it seen.
    #expect(hazards(at: CGPoint(x: 40, y: 280)).isEmpty)
    // In the top corner the display's rounding cuts a sliver of the frame's corner: seen.
    #expect(hazards(at: CGPoint(x: 40, y: 4)).isEmpty)
    // Level with the island, 19 pt under it.
    let under = hazards(at: CGPoint(x: 40, y: 170))
    #expect(under.contains { $0.defect == .outsideSafeArea && abs($0.magnitude.value - 19) < 1 }, "\(under)")
    // Just past the share the corner may take: pushed into the corner, a hazard.
    #expect(!hazards(at: CGPoint(x: 0, y: 0)).isEmpty)
    // Past the bottom of the safe region (the home indicator's inset), whatever the side: as before.
    #expect(!hazards(at: CGPoint(x: 300, y: 340)).isEmpty)
  }

  @Test("an item docked against the window's own edges may rest over the home indicator; what hides it still counts")
  func ownEdgesInUserTerms() {
    let scenario = Scenario(
      device: DeviceProfile.named("iPhone 15")!,
      bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture([(0, .began, 200, 400), (0.05, .ended, 200, 400)], start: CGPoint(x: 200, y: 400)))
    func hazards(_ corner: CGPoint, _ reference: DockingReference) -> [Violation] {
      var item = RestsAt(corner: corner)
      item.contract = ItemContract(dockingReference: reference)
      return Self.found(.inSafeArea, item, in: scenario).filter { $0.severity == .hazard }
    }
    // Flush with the bottom, over the home indicator's 34 pt: outside the safe area it docks
    // against by default; nothing hides it from an item docked against the window.
    #expect(!hazards(CGPoint(x: 160, y: 792), .safeArea).isEmpty)
    #expect(hazards(CGPoint(x: 160, y: 792), .window).isEmpty)
    // In the display's rounded corner a fifth of it is cut away: hidden, whatever the edges.
    #expect(!hazards(CGPoint(x: 0, y: 792), .window).isEmpty)
    // Under the Dynamic Island at the top: hidden.
    #expect(!hazards(CGPoint(x: 166, y: 10), .window).isEmpty)
  }

  /// A button that follows the finger, but drops the moves of the last `dropped` events before
  /// the lift, then docks where the finger lifted (a handler that throws a step away near the
  /// edge).
  struct DropsLastMoves: SnapAlgorithm {
    let id = "test.drops-last-moves"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.25)
    var dockingMargin: CGFloat? { nil }
    var from: Double
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      if context.time < from { view.center = grab.center(touch) }
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let target = grab.center(touch)
      view.animate(withDuration: 0.25) { $0.center = target }
    }
  }

  /// A drag 15 pt left a frame from (200, 300), grabbed at the item's centre there, for seven
  /// frames, and the lift a frame later.
  static let strokeLeft: Scenario = {
    var events: [(Double, TouchPhase, CGFloat, CGFloat)] = []
    for step in 0...8 {
      let phase: TouchPhase = step == 0 ? .began : (step == 8 ? .ended : .moved)
      events.append((Double(step) / 60, phase, 200 - CGFloat(step) * 15, 300))
    }
    return Scenario(
      device: phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: gesture(events, start: CGPoint(x: 200, y: 300)))
  }()

  @Test("a stall in the two frames before the lift is polish; three frames behind, a hazard")
  func stallAtLift() {
    let frame = 1.0 / 60
    let scenario = Self.strokeLeft
    func hazards(_ from: Double) -> [Violation] {
      Self.found(.tracksFinger, DropsLastMoves(from: from), in: scenario).filter { $0.severity == .hazard }
    }
    // The moves of the last two frames before the lift (at 6 and 7 frames) dropped.
    #expect(hazards(6 * frame - 0.001).isEmpty, "\(hazards(6 * frame - 0.001))")
    // From the fifth: three frames behind the finger.
    #expect(hazards(5 * frame - 0.001).contains { $0.defect == .lagsTheFinger })
  }

  /// A button whose grab point is lost: from the frame `from` on, its top left corner goes to
  /// the finger (PFloatingButton's first move), then it docks where the finger lifted it.
  struct CornerToFinger: SnapAlgorithm {
    let id = "test.corner-to-finger"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.25)
    var dockingMargin: CGFloat? { nil }
    var from: Double
    var grab = FingerGrab()
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.location(in: context.superview)
      view.center = context.time < from
        ? grab.center(touch) : CGPoint(x: at.x + view.size.width / 2, y: at.y + view.size.height / 2)
    }
  }

  @Test("a jump away from the finger in the frames before the lift is no stall: a hazard")
  func jumpAtLift() {
    let frame = 1.0 / 60
    let scenario = Self.strokeLeft
    // Grabbed at its centre; in the last frame before the lift its corner goes to the finger:
    // 30 pt right of and below where the finger holds it, away from where it was.
    let found = Self.found(.tracksFinger, CornerToFinger(from: 7 * frame - 0.001), in: scenario)
    #expect(found.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(found)")
    // Never: it follows, nothing to report.
    #expect(Self.found(.tracksFinger, CornerToFinger(from: 1), in: scenario).isEmpty)
  }

  /// A gesture file as `trace --gesture` reads it.
  static func file(_ json: String) throws -> TouchGesture {
    try TouchGesture(json: Data(json.utf8))
  }

  @Test("found at 1,000 times the budget on the corrected variants, judged by mechanism: a drag that takes the button back into the band it started in, a placement the first change seats")
  func deepBudgetCorrected() throws {
    // forced-boundary-end.corrected rests on its bottom band above the keyboard; the finger
    // goes 10 pt up, back 1 pt past where it landed (into the band again, which ends the drag by
    // design), then up: not a button stuck on its edge.
    let wobble = Scenario(
      device: DeviceProfile.named("iPhone 15")!, itemSize: CGSize(width: 60, height: 60),
      gesture: try Self.file(#"{"version":1,"start":{"x":30,"y":476},"events":[{"t":0.7166666666666667,"phase":"began","x":40,"y":476},{"t":0.7333333333333334,"phase":"moved","x":40,"y":466},{"t":0.75,"phase":"moved","x":40,"y":477},{"t":0.7666666666666667,"phase":"moved","x":40,"y":446},{"t":0.7833333333333333,"phase":"ended","x":40,"y":446}],"container":[{"t":0.7,"name":"iPhone 15","width":393,"height":852,"screenWidth":393,"screenHeight":852,"safeArea":{"top":59,"left":0,"bottom":34,"right":0},"statusBar":59,"navigationBar":44,"tabBar":83,"refreshRate":60,"keyboard":{"x":0,"y":516,"width":393,"height":336}}]}"#))
    let stuck = Self.found(.tracksFinger, ForcedBoundaryEndCorrected(), in: wobble)
    #expect(!stuck.contains { $0.severity == .hazard }, "\(stuck)")
    // swiftui-dock.corrected placed by the app flush with the top of the safe region: the
    // keyboard's round trip seats it at its margin, docked, and there it stays.
    let placed = Scenario(
      device: DeviceProfile.named("iPhone 15")!, itemSize: CGSize(width: 60, height: 60),
      gesture: try Self.file(#"{"version":1,"start":{"x":46,"y":133},"events":[],"container":[{"t":0.7,"name":"iPhone 15","width":393,"height":852,"screenWidth":393,"screenHeight":852,"safeArea":{"top":59,"left":0,"bottom":34,"right":0},"statusBar":59,"navigationBar":44,"tabBar":83,"refreshRate":60,"keyboard":{"x":0,"y":516,"width":393,"height":336}},{"t":1.4,"name":"iPhone 15","width":393,"height":852,"screenWidth":393,"screenHeight":852,"safeArea":{"top":59,"left":0,"bottom":34,"right":0},"statusBar":59,"navigationBar":44,"tabBar":83,"refreshRate":60}]}"#))
    let bubble = SwiftUIHosting(SwiftUIDockCorrected())
    let trip = Self.found(.resizeSafe, bubble, in: placed)
    #expect(!trip.contains { $0.severity == .hazard }, "\(trip)")
  }

  /// A button that docks left with a bounce: it goes `past` points past the edge, then back.
  struct Bounces: SnapAlgorithm {
    let id = "test.bounces"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.1)
    var dockingMargin: CGFloat? { 0 }
    var past: CGFloat
    var contract = ItemContract()
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let out = CGPoint(x: view.size.width / 2 - past, y: view.center.y)
      view.animate(withDuration: 0.1, delay: 0, options: [.curveEaseOut], completion: "out") {
        $0.center = out
      }
    }
    mutating func animationDidComplete(
      _ tag: String, finished: Bool, view: inout ItemView, context: UIKitContext
    ) {
      guard tag == "out" else { return }
      let back = CGPoint(x: view.size.width / 2, y: view.center.y)
      view.animate(withDuration: 0.1, delay: 0, options: [.curveEaseIn]) { $0.center = back }
    }
  }

  @Test("a bounce past the edge of a fifth of the item is polish; just past it, a hazard")
  func bounceShare() {
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture([(0, .began, 100, 300), (0.05, .ended, 100, 300)], start: CGPoint(x: 100, y: 300)))
    func found(_ past: CGFloat) -> [Violation] {
      Self.found(.onScreen, Bounces(past: past), in: scenario).filter { $0.defect == .offScreenInMotion }
    }
    // A fifth of 60 pt is 12.
    #expect(found(11).allSatisfy { $0.severity == .polish } && !found(11).isEmpty)
    #expect(found(13).contains { $0.severity == .hazard })
  }

  @Test("a bounce declared as a share of the travel: that share of it past the edge is intended, more is not")
  func bounceShareOfTravel() {
    // Let go at x 100, the item travels 70 pt to the left edge (centre 30); half of that, 35 pt,
    // is declared, and a fifth of the 60 pt item is polish beyond it.
    let scenario = Scenario(
      device: Self.phone, bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
      gesture: Self.gesture([(0, .began, 100, 300), (0.05, .ended, 100, 300)], start: CGPoint(x: 100, y: 300)))
    let declared = ItemContract(releaseOvershootShare: 0.5)
    func found(_ past: CGFloat, _ contract: ItemContract) -> [Violation] {
      Self.found(.onScreen, Bounces(past: past, contract: contract), in: scenario)
        .filter { $0.defect == .offScreenInMotion }
    }
    #expect(found(40, ItemContract()).contains { $0.severity == .hazard })
    #expect(!found(40, declared).contains { $0.severity == .hazard })
    #expect(found(60, declared).contains { $0.severity == .hazard })
    // A spring's share: POP's bounciness 8 (ζ 0.667) overshoots by 6 %; critically damped, none.
    #expect(abs(ItemContract.overshoot(dampingRatio: 24.684 / (2 * (342.1 as Double).squareRoot())) - 0.06) < 0.005)
    #expect(ItemContract.overshoot(dampingRatio: 1) == 0)
    #expect(abs(ItemContract.overshoot(dampingRatio: 0) - 1) < 1e-9)
  }

  /// A button on the touches API caged in the safe region that refuses a move that would take
  /// it out rather than clamping it (MSDragButton's `if newX <= 0 … { newX = frame.minX }`): it
  /// stops short of the cage's edge by up to a step.
  struct RefusingCage: SnapAlgorithm {
    var id = "test.refusing-cage"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.3)
    var dockingMargin: CGFloat? { 0 }
    var last = CGPoint.zero
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      last = touch.locationInContainer
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let at = touch.locationInContainer
      let cage = context.environment.safeRegion
      var frame = view.frame
      frame.origin.x += at.x - last.x
      frame.origin.y += at.y - last.y
      last = at
      // The step is refused, and the translation still spent.
      if frame.minX <= cage.minX || frame.maxX >= cage.maxX || frame.minY <= cage.minY
        || frame.maxY >= cage.maxY
      {
        return
      }
      view.frame = frame
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let region = context.environment.safeRegion
      let half = view.size.width / 2
      let x = view.center.x < region.midX ? region.minX + half : region.maxX - half
      let y = view.center.y
      view.animate(withDuration: 0.3) { $0.center = CGPoint(x: x, y: y) }
    }
  }

  @Test("a cage that refuses the step across its edge holds the item short of it by less than a step: polish near the edge, a hazard further in")
  func refusedStep() throws {
    /// The finger drags the item (grabbed at its centre) left from x `start` in steps of `step`
    /// points until it reaches x `end`, where it stays three events before the lift.
    func dragLeft(from start: CGFloat, step: CGFloat, to end: CGFloat) -> Scenario {
      var events: [(Double, TouchPhase, CGFloat, CGFloat)] = [(0, .began, start, 200)]
      var x = start
      var time = 0.0
      while x > end {
        x = max(x - step, end)
        time += 1.0 / 60
        events.append((time, .moved, x, 200))
      }
      for _ in 0..<3 {
        time += 1.0 / 60
        events.append((time, .moved, x, 200))
      }
      events.append((time + 1.0 / 60, .ended, x, 200))
      // Landscape, where the cage (the safe region) starts 59 pt in from the window's edge.
      return Scenario(
        device: DeviceProfile.named("iPhone 15")!, orientation: .landscape,
        bars: DeviceProfile.Bars(navigationBar: false, tabBar: false),
        gesture: Self.gesture(events, start: CGPoint(x: start, y: 200)))
    }
    // 15 pt steps (900 pt/s) on to x 75: the last step allowed leaves its left edge 1 pt from
    // the cage's, and the finger goes on 15 pt past where that puts it.
    let near = Self.found(.tracksFinger, RefusingCage(), in: dragLeft(from: 300, step: 15, to: 75))
    #expect(near.contains { $0.defect == .heldShortOfEdge && $0.severity == .polish }, "\(near)")
    #expect(!near.contains { $0.severity == .hazard }, "\(near)")
    // 40 pt steps (2,400 pt/s) from x 320 on to x 80: held 31 pt short of the cage's edge,
    // further than a clamp near the edge.
    let far = Self.found(.tracksFinger, RefusingCage(), in: dragLeft(from: 320, step: 40, to: 80))
    #expect(far.contains { $0.defect == .lagsTheFinger && $0.severity == .hazard }, "\(far)")
  }
}
