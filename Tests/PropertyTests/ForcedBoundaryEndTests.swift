import Foundation
import Testing

@testable import SnapAlgorithms

/// Worked examples for `forced-boundary-end.published` (article 002), arithmetic in comments.
@Suite("forced-boundary-end.published")
struct ForcedBoundaryEndTests {
  @Test("follows after the 10 pt hysteresis and jumps to x = 40 when the finger lifts")
  func jumpsToMargin() {
    // iPhone 8: Width 375, Height 667. Button 60×60 at (200, 300).
    // began (200, 300): recogniser possible. moved (205, 300): 5 pt < 10, still possible.
    // moved (212, 300): 12 pt → began; the handler does nothing, the translation is kept.
    // moved (220, 310): changed; translation since touch-down (20, 10) → centre (220, 310);
    //   reset; 220 <= 40? >= 335? 310 <= 100? >= 567? none.
    // moved (100, 310): translation (−120, 0) → centre (100, 310).
    // ended (90, 340): the translation (−10, 30) since the last change is ignored;
    //   100 <= 187.5 → newX = 40; 310 is in neither band → newY = 310. Jump to (40, 310).
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.02, .moved, 205, 300), (0.04, .moved, 212, 300),
       (0.06, .moved, 220, 310), (0.08, .moved, 100, 310), (0.1, .ended, 90, 340)])
    #expect(trajectory.rest == CGRect(x: 10, y: 280, width: 60, height: 60))
    // No animation: the frame after the finger lifts is already at rest.
    #expect(!trajectory.frames.contains { $0.phase == .motion })
    // Before the hysteresis is crossed the button has not moved (frame at 0.0333 shows the
    // 5 pt move only): the first two frames are at the start.
    #expect(trajectory.frames[1].rect.mid == CGPoint(x: 200, y: 300))
  }

  @Test("entering the top band ends the drag with the finger still down")
  func forcedEnd() throws {
    // Button at (200, 300). moved (200, 250): 50 pt → began. moved (200, 150): changed;
    // translation (0, −150) → centre (200, 150); 150 <= 100? no.
    // moved (200, 90): translation (0, −60) → centre (200, 90); 90 <= 100 → setState(ended)
    //   → the action runs again with ended: 200 <= 187.5? no; 200 >= 187.5 → newX = 335;
    //   90 <= 100 → newY = 100. Jump to (335, 100).
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

  @Test("a cancelled drag is not handled: the button stays where it was")
  func cancelled() {
    // moved (200, 250) → began; moved (250, 350): translation (50, 50) → centre (250, 350).
    // cancelled: no branch → rest (250, 350).
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 250), (0.1, .moved, 250, 350),
       (0.15, .cancelled, 250, 350)])
    #expect(trajectory.rest.mid == CGPoint(x: 250, y: 350))
  }

  @Test("the fixed 40 pt centre leaves a wide item hanging off the edge")
  func fixedMarginForWideItem() {
    // Item 120×60 at (200, 300). began, moved (200, 320) → began; moved (150, 320):
    // translation (−50, 20) → centre (150, 320); ended: 150 <= 187.5 → newX = 40:
    // frame x −20…100, 20 pt off screen.
    let trajectory = Fixtures.run(
      ForcedBoundaryEndPublished(), on: Fixtures.iPhone8, size: CGSize(width: 120, height: 60),
      start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 320), (0.1, .moved, 150, 320),
       (0.15, .ended, 150, 320)])
    #expect(trajectory.rest.minX == -20)
  }

  @Test("a tap never begins the pan: nothing happens")
  func tap() {
    let trajectory = Simulator(environment: Fixtures.iPhone8)
      .run(ForcedBoundaryEndPublished(), gesture: .tap(at: CGPoint(x: 100, y: 300)))
    #expect(trajectory.rest.mid == CGPoint(x: 100, y: 300))
  }
}
