import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Worked examples for `forced-boundary-end.published` (article 002), arithmetic in comments.
@Suite("forced-boundary-end.published")
struct ForcedBoundaryEndTests {
  @Test("follows 10 pt behind the finger after the hysteresis, jumps to x = 40 on lift")
  func jumpsToMargin() {
    // iPhone 8: Width 375, Height 667. Button 60×60 at (200, 300).
    // began (200, 300): recogniser possible. moved (205, 300): |tx| = 5 < 10, still possible.
    // moved (212, 300): |tx| = 12 → began; UIKit shrinks the translation to (2, 0); the
    //   handler does nothing and does not reset it.
    // moved (220, 310): changed; translation (2 + 8, 10) = (10, 10) → centre (210, 310), 10 pt
    //   behind the finger; reset; 210 <= 40? >= 335? 310 <= 100? >= 567? none.
    // moved (100, 310): translation (−120, 0) → centre (90, 310).
    // ended (90, 340): the pan does not record the lift (the 30 pt down are lost);
    //   90 <= 187.5 → newX = 40; 310 is in neither band → newY = 310. Jump to (40, 310).
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.02, .moved, 205, 300), (0.04, .moved, 212, 300),
       (0.06, .moved, 220, 310), (0.08, .moved, 100, 310), (0.1, .ended, 90, 340)])
    #expect(trajectory.rest == CGRect(x: 10, y: 280, width: 60, height: 60))
    // No animation: the frame after the finger lifts is already at rest.
    #expect(!trajectory.frames.contains { $0.phase == .motion })
    // 60 Hz frames at 0, 0.0167, 0.0333, 0.05 have seen at most the `began` call: the button
    // has not moved. The frame at 0.0667 has seen the move to (220, 310): centre (210, 310).
    #expect(trajectory.frames[0...3].allSatisfy { $0.rect.mid == CGPoint(x: 200, y: 300) })
    #expect(trajectory.frames[4].rect.mid == CGPoint(x: 210, y: 310))
  }

  @Test("entering the top band ends the drag with the finger still down")
  func forcedEnd() throws {
    // Button at (200, 300). moved (200, 250): |ty| = 50 → began, translation (0, −40).
    // moved (200, 150): changed; translation (0, −140) → centre (200, 160); 160 <= 100? no.
    // moved (200, 90): translation (0, −60) → centre (200, 100); 100 <= 100 → setState(ended)
    //   → the action runs again with ended: 200 <= 187.5? no; 200 >= 187.5 → newX = 335;
    //   100 <= 100 → newY = 100. Jump to (335, 100).
    // The finger goes on to (100, 400) and lifts: the recogniser has ended, nothing moves.
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 250), (0.1, .moved, 200, 150),
       (0.15, .moved, 200, 90), (0.2, .moved, 100, 400), (0.25, .ended, 100, 400)])
    #expect(trajectory.rest.mid == CGPoint(x: 335, y: 100))
    // From the forced end on the item no longer follows: frames after 0.15 are at rest while
    // the finger is still down.
    let after = trajectory.frames.filter { $0.time > 0.16 }
    #expect(!after.isEmpty)
    #expect(after.allSatisfy { $0.phase == .rest && $0.rect.mid == CGPoint(x: 335, y: 100) })
  }

  @Test("the article's own button, at centre x 40, cannot be dragged down: the first step ends it")
  func articleStartPosition() {
    // The article creates the button at frame (10, 200, 60, 60): centre (40, 230).
    // moved (40, 245): |ty| = 15 → began, translation (0, 5). moved (40, 300): changed;
    // translation (0, 60) → centre (40, 290); 40 <= 40 → forced end → newX 40, newY 290.
    // The rest of the drag, to (40, 500), is ignored.
    let down = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 40, y: 230),
      [(0, .began, 40, 230), (0.05, .moved, 40, 245), (0.1, .moved, 40, 300),
       (0.2, .moved, 40, 500), (0.3, .ended, 40, 500)])
    #expect(down.rest.mid == CGPoint(x: 40, y: 290))
    // Dragged right first it follows: moved (55, 230) → began, translation (5, 0);
    // moved (150, 330): translation (100, 100) → centre (140, 330); no band. ended:
    // 140 <= 187.5 → (40, 330).
    let right = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 40, y: 230),
      [(0, .began, 40, 230), (0.05, .moved, 55, 230), (0.1, .moved, 150, 330),
       (0.2, .ended, 150, 330)])
    #expect(right.rest.mid == CGPoint(x: 40, y: 330))
  }

  @Test("a cancelled drag is not handled: the button stays where it was")
  func cancelled() {
    // moved (200, 250) → began, translation (0, −40); moved (250, 350): translation (50, 60)
    // → centre (250, 360). cancelled: no branch → rest (250, 360).
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 250), (0.1, .moved, 250, 350),
       (0.15, .cancelled, 250, 350)])
    #expect(trajectory.rest.mid == CGPoint(x: 250, y: 360))
  }

  @Test("the fixed 40 pt centre leaves a wide item hanging off the edge")
  func fixedMarginForWideItem() {
    // Item 120×60 at (200, 300). moved (200, 320) → began, translation (0, 10); moved
    // (150, 320): translation (−50, 10) → centre (150, 310); ended: 150 <= 187.5 → newX = 40:
    // frame x −20…100, 20 pt off screen.
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, size: CGSize(width: 120, height: 60),
      start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 320), (0.1, .moved, 150, 320),
       (0.15, .ended, 150, 320)])
    #expect(trajectory.rest.minX == -20)
  }

  @Test("the hysteresis is per axis: (8, 8) does not begin the pan, (10, 0) does")
  func perAxisHysteresis() {
    // moved (208, 308): 11.3 pt away but under 10 on each axis → still possible; ended →
    // the recogniser fails, the handler never runs.
    let diagonal = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 208, 308), (0.1, .ended, 208, 308)])
    #expect(diagonal.rest.mid == CGPoint(x: 200, y: 300))
    // moved (210, 300) → began (translation 0); ended → the ended branch runs: 200 > 187.5
    // → newX 335.
    let straight = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 210, 300), (0.1, .ended, 210, 300)])
    #expect(straight.rest.mid == CGPoint(x: 335, y: 300))
  }

  @Test("a tap never begins the pan: nothing happens")
  func tap() {
    let trajectory = Simulator(environment: Fixtures.iPhone8)
      .run(ForcedBoundaryEndPublished(), gesture: .tap(at: CGPoint(x: 100, y: 300)))
    #expect(trajectory.rest.mid == CGPoint(x: 100, y: 300))
  }

  @Test("under an opaque navigation bar the bands and the margins move down by the bar's height")
  func opaqueBarMovesTheBands() throws {
    // iPhone 8, opaque navigation bar: the view starts at y = 64 (status bar 20 + bar 44);
    // Width and Height are still the screen's, 375×667, and the constants are in the view.
    var bars = DeviceProfile.Bars.standard
    bars.opaqueNavigationBar = true
    let opaque = try #require(DeviceProfile.named("iPhone 8")).environment(bars: bars)
    // Button at (200, 400) in the window = (200, 336) in the view.
    // moved (200, 390): |ty| = 10 → began, translation (0, 0) once the hysteresis is off.
    // moved (200, 150): changed; translation (0, −240) → centre (200, 96); 96 <= 100 →
    //   setState(ended): 200 >= 187.5 → newX = 335; 96 <= 100 → newY = 100. In the window:
    //   (335, 164), 64 pt lower than the article's 100: the top band ends at y = 164.
    let events: [(Double, TouchPhase, CGFloat, CGFloat)] = [
      (0, .began, 200, 400), (0.05, .moved, 200, 390), (0.1, .moved, 200, 150),
      (0.15, .ended, 200, 150),
    ]
    let shifted = Fixtures.run(
      ForcedBoundaryEndPublished(), on: opaque, start: CGPoint(x: 200, y: 400), events)
    #expect(shifted.rest.mid == CGPoint(x: 335, y: 164))
    // Under a translucent bar the same drag leaves the centre at 400 − 240 = 160, outside the
    // band (160 > 100): the drag goes on until the lift, which the pan does not record, and
    // ended docks at (335, 160).
    let translucent = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 400), events)
    #expect(translucent.rest.mid == CGPoint(x: 335, y: 160))
    // The bottom band: Height − 100 = 567 in the view is y = 631 in the window.
    // moved (200, 410): began, translation 0; moved (200, 641): translation (0, 231) → centre
    //   (200, 567) in the view; 567 >= 567 → setState(ended): newY = 567 → (335, 631) in the
    //   window, its bottom edge at 661 where the article meant 597.
    let down = Fixtures.run(
      ForcedBoundaryEndPublished(), on: opaque, start: CGPoint(x: 200, y: 400),
      [(0, .began, 200, 400), (0.05, .moved, 200, 410), (0.1, .moved, 200, 641),
       (0.15, .ended, 200, 641)])
    #expect(down.rest.mid == CGPoint(x: 335, y: 631))
  }
}
