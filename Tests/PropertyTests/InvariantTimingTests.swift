import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// The invariants must judge each frame by what the simulator showed in it. Both cases below
/// were false violations of corrected variants that the tester reported once container changes
/// after the release became common in the generator.
@Suite("Invariants see the frames the simulator made")
struct InvariantTimingTests {
  static let phone = DeviceProfile.standard

  /// A rotation stamped 0.55 + 0.15 s (0.7000000000000001) is delivered with the frame at
  /// 42/60 s (0.7): that frame is judged against the landscape window, not the portrait one.
  @Test("a change stamped within the simulator's tolerance of a frame counts for that frame")
  func changeWithinTolerance() {
    let landscape = Self.phone.environment(.landscape)
    var gesture = TouchGesture.drag(
      from: CGPoint(x: 197, y: 133), to: CGPoint(x: 197, y: 133), duration: 0.55, touchRate: 60)
    let changeTime = 0.55 + 0.15
    #expect(changeTime != 42.0 / 60.0)
    gesture.containerChanges = [ContainerChange(time: changeTime, environment: landscape)]
    let scenario = Scenario(device: Self.phone, itemSize: CGSize(width: 60, height: 60), gesture: gesture)
    #expect(scenario.environment(at: 42.0 / 60.0) == landscape)
    #expect(scenario.environment(at: 41.0 / 60.0) == Self.phone.environment())
    func onScreen<A: SnapAlgorithm>(_ algorithm: A) -> Verdict {
      let trajectory = scenario.simulate(algorithm)
      #expect(trajectory.frames.contains { abs($0.time - 42.0 / 60.0) < 1e-9 })
      return Invariant.onScreen.check(algorithm, scenario: scenario, trajectory: trajectory)
    }
    #expect(onScreen(EdgeDockCorrected()) == .holds)
    #expect(onScreen(InsetCorrectionCorrected()) == .holds)
  }

  /// The tap of `idempotent` comes after the rest and after every container change: a window
  /// change 0.1 s after the release must not land between the tap and the rest it is tapping.
  @Test("idempotent taps after the last container change")
  func idempotentTapsAfterChanges() throws {
    let json = """
      {"version":1,"start":{"x":119.5,"y":103.5},"events":[{"t":0,"phase":"began","x":119.5,"y":103.5},\
      {"t":0.016666666666666666,"phase":"ended","x":119.5,"y":103.5}],"container":[\
      {"t":0,"name":"iPhone 15 (landscape), window 571 pt wide","width":571,"height":393,"screenWidth":852,\
      "screenHeight":393,"safeArea":{"top":0,"left":59,"bottom":21,"right":84},"statusBar":0,\
      "navigationBar":32,"tabBar":53,"refreshRate":60},{"t":0.117,"name":"iPhone 15, window 263 pt wide",\
      "width":263,"height":852,"screenWidth":393,"screenHeight":852,"safeArea":{"top":59,"left":0,\
      "bottom":34,"right":25},"statusBar":59,"navigationBar":44,"tabBar":83,"refreshRate":60}]}
      """
    let scenario = Scenario(
      device: Self.phone, orientation: .landscape, itemSize: CGSize(width: 121, height: 121),
      gesture: try TouchGesture(json: Data(json.utf8)))
    var algorithm = EdgeDockCorrected()
    algorithm.releaseMotion = .spring(try #require(DampedSpring(dampingRatio: 0.6, response: 0.4)))
    let trajectory = scenario.simulate(algorithm)
    #expect(Invariant.idempotent.check(algorithm, scenario: scenario, trajectory: trajectory) == .holds)
  }
}
