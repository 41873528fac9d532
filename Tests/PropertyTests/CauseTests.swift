import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

/// Every cause of a violation, each shown with a counterexample of its own class; a scope that
/// keeps every scenario to what the app's button can meet; findings as data in the verify file.
@Suite("Causes, scopes and findings as data")
struct CauseTests {
  static let phone = DeviceProfile.named("iPhone 15")!

  static func scenario(_ gesture: TouchGesture, item: CGSize = CGSize(width: 60, height: 60))
    -> Scenario
  {
    Scenario(device: Self.phone, itemSize: item, gesture: gesture)
  }

  @Test("a scenario's class is found from its data: one cause, several, none, hostile")
  func classes() {
    let drag = TouchGesture(
      start: CGPoint(x: 100, y: 300),
      events: [
        TouchEvent(time: 0, phase: .began, location: CGPoint(x: 100, y: 300)),
        TouchEvent(time: 0.1, phase: .ended, location: CGPoint(x: 150, y: 300)),
      ])
    func cause(_ gesture: TouchGesture, item: CGSize = CGSize(width: 60, height: 60)) -> CauseClass {
      let scenario = Self.scenario(gesture, item: item)
      return CauseClass.of(scenario, trajectory: scenario.simulate(EdgeDockCorrected()))
    }
    #expect(cause(drag) == .plain)
    var typing = drag
    var keyboard = Self.phone.environment(.portrait, bars: DeviceProfile.Bars(keyboard: true))
    typing.containerChanges = [ContainerChange(time: 0.5, environment: keyboard)]
    #expect(cause(typing) == .keyboard)
    var turned = drag
    turned.containerChanges = [ContainerChange(time: 0.5, environment: Self.phone.environment(.landscape))]
    #expect(cause(turned) == .rotation)
    var column = Self.phone.environment()
    column.additionalSafeAreaInsets.left = 80
    var reserved = drag
    reserved.containerChanges = [ContainerChange(time: 0, environment: column)]
    #expect(cause(reserved) == .sideColumn)
    var cancelled = drag
    cancelled.events[1].phase = .cancelled
    #expect(cause(cancelled) == .cancel)
    // A cancelled touch that missed the item is nothing the item hears of: a drag, then such a
    // touch (200 pt below where the item rests) cancelled, is a plain gesture.
    var missedThenCancelled = drag
    missedThenCancelled.events += [
      TouchEvent(time: 1.5, phase: .began, location: CGPoint(x: 200, y: 600)),
      TouchEvent(time: 1.6, phase: .cancelled, location: CGPoint(x: 210, y: 600)),
    ]
    #expect(cause(missedThenCancelled) == .plain)
    keyboard.additionalSafeAreaInsets.left = 80
    var both = drag
    both.containerChanges = [ContainerChange(time: 0.5, environment: keyboard)]
    #expect(cause(both) == .combined)
    // The situations it was combined from.
    let scenario = Self.scenario(both, item: CGSize(width: 60, height: 60))
    let situations = CauseClass.situations(of: scenario, trajectory: scenario.simulate(EdgeDockCorrected()))
    #expect(situations == [.keyboard, .sideColumn])
    // A keyboard taller than half again its device's own is no keyboard a device shows.
    var tall = keyboard
    tall.keyboardFrame = CGRect(x: 0, y: 100, width: tall.bounds.width, height: tall.bounds.height - 100)
    var giant = drag
    giant.containerChanges = [ContainerChange(time: 0.5, environment: tall)]
    #expect(cause(giant) == .hostile)
    var hostile = drag
    hostile.events[1].location.x = .nan
    #expect(cause(hostile) == .hostile)
    #expect(cause(drag, item: CGSize(width: 0, height: 60)) == .hostile)
    #expect(cause(drag, item: CGSize(width: 500, height: 60)) == .hostile)
  }

  @Test("every cause of an invariant is found, each shrunk within its own class")
  func everyCause() throws {
    let finding = verify(EdgeDockPublished(), .inSafeArea, examples: 200, seed: 1)
    #expect(finding.status == .violated)
    let classes = finding.hazards.map(\.causeClass)
    // A plain drag leaves it under the navigation bar; the keyboard and a rotation each have
    // their own counterexample, not hidden behind the smallest.
    #expect(classes.contains(.plain) && classes.contains(.keyboard) && classes.contains(.rotation))
    #expect(classes == classes.sorted())
    for cause in finding.causes {
      let scenario = cause.counterexample
      #expect(CauseClass.of(scenario, trajectory: scenario.simulate(EdgeDockPublished())) == cause.causeClass)
      #expect(cause.examples >= 1 && cause.examples <= cause.classExamples)
      #expect(cause.worst.magnitude.value >= cause.violation.magnitude.value)
    }
    let keyboard = try #require(finding.hazards.first { $0.causeClass == .keyboard })
    #expect(keyboard.counterexample.environment.keyboardFrame != nil
      || keyboard.counterexample.gesture.containerChanges.contains { $0.environment.keyboardFrame != nil })
    // The worst found says how bad: points under the bar, the keyboard or an inset.
    #expect(keyboard.worst.magnitude.unit == .points && keyboard.worst.magnitude.value > 50)
  }

  /// A chat head that docks with a sixth of itself hanging past the window's side, flush with
  /// the window's top and bottom otherwise, and does nothing when the container changes: after a
  /// rotation it stays where it was, hundreds of points off the screen.
  struct Overhanging: SnapAlgorithm {
    let id = "test.overhanging"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
    var dockingMargin: CGFloat? { 0 }
    /// The sizes the app gives it, if any.
    var phoneSize: CGSize?
    var padSize: CGSize?
    func itemSize(on idiom: DeviceProfile.Idiom) -> CGSize? { idiom == .phone ? phoneSize : padSize }
    var grab = FingerGrab()
    /// Where it rests against the nearer side, hanging past it.
    func docked(_ view: ItemView, in window: CGRect) -> CGPoint {
      let size = view.size
      let hang = size.width / 6
      let x = view.center.x < window.midX
        ? window.minX + size.width / 2 - hang : window.maxX - size.width / 2 + hang
      let y = min(max(view.center.y, window.minY + size.height / 2), window.maxY - size.height / 2)
      return CGPoint(x: x, y: y)
    }
    mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
      view.center = docked(view, in: context.windowBounds)
    }
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let target = docked(view, in: context.windowBounds)
      view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) { $0.center = target }
    }
  }

  @Test("a small defect does not hide a large one of the same name: 10 pt past the edge at every rest, and hundreds after a rotation")
  func largeDefectNotMasked() throws {
    let scope = Scope(itemSizes: .exactly(CGSize(width: 60, height: 60)), idioms: [.phone])
    let finding = verify(Overhanging(), .onScreen, examples: defaultExamples, seed: 1, scope: scope)
    let plain = try #require(finding.hazards.first { $0.causeClass == .plain })
    #expect(plain.violation.defect == .offScreenAtRest)
    #expect(plain.worst.magnitude.value <= 10 + 0.5)
    // The rotation leaves it where the portrait screen had it: its own cause, hundreds of
    // points off, not folded into the plain drag's 10 pt because both rest off the screen.
    let rotation = try #require(
      finding.hazards.first { $0.causeClass == .rotation && $0.violation.defect == .offScreenAtRest },
      "\(finding.causes.map(\.summary))")
    #expect(rotation.worst.magnitude.value > 100)
  }

  /// A button that docks past the side it is let go on by a quarter of how far the finger
  /// dragged it: a short drag leaves it a few points off the screen, a usual one tens of points.
  struct ThrownPast: SnapAlgorithm {
    let id = "test.thrown-past"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = .curve(.easeOut, duration: 0.3)
    var dockingMargin: CGFloat? { 0 }
    var grab = FingerGrab()
    var landing = CGPoint.zero
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
      landing = touch.locationInContainer
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
    mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let window = context.windowBounds
      let at = touch.locationInContainer
      let past = hypot(at.x - landing.x, at.y - landing.y) / 4
      let half = view.size.width / 2
      let x = view.center.x < window.midX ? window.minX + half - past : window.maxX - half + past
      let y = min(max(view.center.y, window.minY + half), window.maxY - half)
      view.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
        $0.center = CGPoint(x: x, y: y)
      }
    }
  }

  @Test("a cause is shown first by the size most of its examples have, not by its slightest instance")
  func typicalCounterexample() throws {
    let scope = Scope(
      itemSizes: .exactly(CGSize(width: 60, height: 60)), orientations: [.portrait],
      idioms: [.phone], causes: [.plain])
    let finding = verify(ThrownPast(), .onScreen, examples: defaultExamples, seed: 1, scope: scope)
    let rest = try #require(finding.hazards.first { $0.violation.defect == .offScreenAtRest })
    // Most drags are tens to hundreds of points: the first counterexample is such a drag's, a
    // quarter of it past the edge, not a drag just past the slop, 3 pt off.
    #expect(rest.violation.magnitude.value > 10, "\(rest.violation)")
    #expect(rest.worst.magnitude.value >= rest.violation.magnitude.value)
    #expect(rest.counterexample.gesture.events.count <= PublishedFindingsTests.maximumEvents)
  }

  @Test("hazards grouped by mechanism: every cause once, one counterexample per group, the likeliest first")
  func groupedByMechanism() throws {
    let findings = verify(EdgeDockPublished(), examples: defaultExamples, seed: 1)
    let groups = FindingGroup.byMechanism(findings)
    let hazards = findings.flatMap(\.hazards)
    // Every hazard cause is in exactly one group, and there are fewer groups than causes: one
    // scenario shows several invariants' hazards.
    #expect(groups.map(\.members.count).reduce(0, +) == hazards.count)
    #expect(groups.count < hazards.count)
    for group in groups {
      let key = "\(group.lead.cause.counterexample)"
      #expect(group.members.contains { "\($0.cause.counterexample)" == key })
      #expect(group.members.allSatisfy { $0.likelihood <= group.lead.likelihood })
    }
    #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.lead.likelihood >= $1.lead.likelihood })
    // The likeliest: what a plain drag does to it, a user meets every day.
    let first = try #require(groups.first)
    #expect(first.lead.cause.causeClass == .plain)
    #expect(first.invariants.count >= 2, "\(first.summary)")
  }

  @Test("an item whose code gives it a size on each idiom is verified at those sizes only, unless a scope names one")
  func declaredSizes() {
    var sized = Overhanging()
    sized.phoneSize = CGSize(width: 56, height: 56)
    sized.padSize = CGSize(width: 76, height: 76)
    let findings = verify(sized, examples: 200, seed: 1)
    let scenarios = findings.flatMap(\.causes).flatMap { [$0.counterexample, $0.worstScenario] }
    #expect(!scenarios.isEmpty)
    for scenario in scenarios {
      let wanted = scenario.device.idiom == .phone ? sized.phoneSize : sized.padSize
      #expect(scenario.itemSize == wanted, "\(scenario)")
    }
    // A scope that names a size wins.
    let named = verify(
      sized, .onScreen, examples: 100, seed: 1,
      scope: Scope(itemSizes: .exactly(CGSize(width: 40, height: 40))))
    #expect(named.causes.allSatisfy { $0.counterexample.itemSize == CGSize(width: 40, height: 40) })
    #expect(Scope.everything.keeping(sizesOf: sized).description == "item 56x56 on a phone, 76x76 on an iPad")
  }

  @Test("a scope keeps every scenario inside it: one size, one orientation, phones")
  func scoped() {
    let scope = Scope(
      itemSizes: .exactly(CGSize(width: 60, height: 60)), orientations: [.portrait], idioms: [.phone])
    let findings = verify(EdgeDockPublished(), examples: 200, seed: 1, scope: scope)
    let causes = findings.flatMap(\.causes)
    #expect(!causes.isEmpty)
    for cause in causes {
      #expect(scope.contains(cause.counterexample), "\(cause.summary): \(cause.counterexample)")
      #expect(scope.contains(cause.worstScenario), "\(cause.summary): \(cause.worstScenario)")
      #expect(cause.causeClass != .rotation && cause.causeClass != .iPadWindow)
    }
    // Narrowing by another scope keeps what both allow.
    let narrower = scope.narrowed(by: Scope(causes: [.plain, .keyboard]))
    #expect(narrower.causes == [.plain, .keyboard] && narrower.orientations == [.portrait])
    let plainOnly = verify(EdgeDockPublished(), examples: 100, seed: 1, scope: narrower)
    #expect(plainOnly.flatMap(\.causes).allSatisfy {
      [.plain, .keyboard].contains($0.searchedClass)
    })
    // An app with no text field: no class draws a keyboard, several causes at once included.
    let noKeyboard = Scope(causes: Set(CauseClass.allCases).subtracting([.keyboard]))
    let withoutKeyboard = verify(EdgeDockPublished(), examples: 200, seed: 1, scope: noKeyboard)
    #expect(!withoutKeyboard.flatMap(\.causes).isEmpty)
    for cause in withoutKeyboard.flatMap(\.causes) {
      for scenario in [cause.counterexample, cause.worstScenario] {
        #expect(noKeyboard.contains(scenario), "\(cause.summary): \(scenario)")
      }
    }
  }

  @Test("the causes go into the verify file and come back whole")
  func verifyFileRoundTrip() throws {
    let findings = verify(EdgeDockPublished(), invariants: [.tapIsNotDrag, .catchable], examples: 100, seed: 2)
    let report = VerificationReport(seed: 2, examples: 100, findings: findings)
    let read = try VerificationReport(json: Data(report.jsonText().utf8))
    for (written, back) in zip(findings, read.findings) {
      #expect(back.status == written.status)
      #expect(back.causes.count == written.causes.count)
      for (a, b) in zip(written.causes, back.causes) {
        #expect(a.causeClass == b.causeClass && a.severity == b.severity)
        #expect(a.examples == b.examples && a.classExamples == b.classExamples)
        #expect(a.violation.defect == b.violation.defect)
        #expect(a.violation.magnitude == b.violation.magnitude)
        #expect(a.violation.message == b.violation.message)
        #expect(a.worst.magnitude == b.worst.magnitude)
        #expect(a.counterexample.gesture == b.counterexample.gesture)
      }
      #expect(back.evidence?.defect == written.evidence?.defect)
    }
    #expect(read.findings.contains { !$0.causes.isEmpty })
  }
}
