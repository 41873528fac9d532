import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// What a careful iOS engineer would leave alone is polish, named and reported apart; everything
/// past it stays a hazard. Each rule is pinned both ways: the polish case, and the same case
/// made bad enough to matter.
@Suite("Severity: polish and hazards")
struct SeverityTests {
  static let phone = DeviceProfile.named("iPhone 8")!

  static func gesture(_ events: [(Double, TouchPhase, CGFloat, CGFloat)], start: CGPoint)
    -> Gesture
  {
    Gesture(
      start: start,
      events: events.map { TouchEvent(time: $0.0, phase: $0.1, location: CGPoint(x: $0.2, y: $0.3)) })
  }

  @Test("a rotation's offset under a still finger that the next move corrects is polish; one it does not, a hazard")
  func offsetUntilNextTouch() throws {
    // The README's per-axis-clamp finding: under an opaque navigation bar the in-call status bar
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
        from old: Environment, view: inout ItemView, context: UIKitContext
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
}
