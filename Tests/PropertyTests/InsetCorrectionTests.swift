import Foundation
import Testing

@testable import SnapAlgorithms

/// Worked examples for `inset-correction.published` (article 000), arithmetic in comments.
@Suite("inset-correction.published")
struct InsetCorrectionTests {
  @Test("docks at centre x 20 and applies the last movement twice")
  func doubleCountsLastMovement() {
    // iPhone 8: SCREEN 375×667, no home indicator → nav macro 64, tab macro 49.
    // Button 60×60 at (300, 300).
    // moved (310, 300): 10 pt = hysteresis → began: translation (10, 0) → centre (310, 300).
    // moved (200, 400): changed: translation (−110, 100) → centre (200, 400).
    // ended (200, 430): point = (0, 30) → centre (200, 430). ended:
    //   origin.x = 170 < 187.5 → viewMove to (20, 430 + 30) = (20, 460);
    //   frame now reports the target: origin.y = 430 < 64? no; 430 > 667 − 49 = 618? no.
    //   Rest centre (20, 460): frame (−10, 430, 60, 60), 10 pt off the left edge, 30 pt
    //   below where the finger left it.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 310, 300), (0.1, .moved, 200, 400),
       (0.15, .ended, 200, 430)])
    #expect(trajectory.rest == CGRect(x: -10, y: 430, width: 60, height: 60))
    // 0.6 s ease-out from t = 0.15: the motion ends at 0.75.
    #expect(abs((trajectory.frames.last?.time ?? 0) - 0.75) < 1e-9)
  }

  @Test("the side is chosen by the left edge: a centre right of the middle docks left")
  func originPicksSide() {
    // Button at (200, 300): centre right of 187.5, origin.x 170 < 187.5.
    // moved (200, 315): 15 pt → began: translation (0, 15) → centre (200, 315).
    // ended (200, 315): point (0, 0); origin.x 170 < 187.5 → (20, 315).
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 315), (0.1, .ended, 200, 315)])
    #expect(trajectory.rest.mid == CGPoint(x: 20, y: 315))
  }

  @Test("the top correction stops 10 pt into the navigation bar; both animations run as one")
  func topCorrection() throws {
    // Button at (300, 300). moved (300, 60): began, translation (0, −240) → centre (300, 60).
    // ended (300, 60): point (0, 0); origin.x 270 >= 187.5 → viewMove to (355, 60);
    //   frame origin.y = 30 < 64 → viewMove to (355, 64 + 20) = (355, 84).
    //   Rest frame (325, 54, 60, 60): top at 54, 10 pt over the bars' bottom at 64, and
    //   10 pt off the right edge.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 300, 60), (0.1, .ended, 300, 60)])
    #expect(trajectory.rest == CGRect(x: 325, y: 54, width: 60, height: 60))
    // Additive animations: offsets (300 − 355, 0) and (0, 60 − 84) decay on the same
    // ease-out curve, so every frame lies on the straight line from (300, 60) to (355, 84).
    let motion = trajectory.frames.filter { $0.phase == .motion }
    #expect(motion.count > 30)
    for frame in motion {
      let progressX = (frame.rect.midX - 300) / 55
      let progressY = (frame.rect.midY - 60) / 24
      #expect(abs(progressX - progressY) < 1e-9)
    }
    let halfway = try #require(trajectory.frames.first { abs($0.time - 0.4) < 1e-9 })
    let expected = TimingCurve.easeOut.value(atProgress: 0.5)
    #expect(abs(halfway.rect.midX - (300 + 55 * expected)) < 1e-9)
  }

  @Test("the bottom check misses an item straddling the tab bar")
  func bottomMiss() {
    // Tab bar top at 667 − 49 = 618. Button at (100, 300), moved (100, 600) → centre (100, 600).
    // ended: origin.x 70 < 187.5 → (20, 600); origin.y 570 > 618? no → no correction.
    // Rest frame y 570…630 covers the tab bar's top 12 pt.
    let missed = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.05, .moved, 100, 600), (0.1, .ended, 100, 600)])
    #expect(missed.rest.minY == 570)
    #expect(missed.rest.maxY > 618)
    // Moved on to y 660: origin.y 630 > 618 → corrected to centre 618 − 20 = 598, frame
    // 568…628: still 10 pt on the tab bar.
    let corrected = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.05, .moved, 100, 660), (0.1, .ended, 100, 660)])
    #expect(corrected.rest.mid == CGPoint(x: 20, y: 598))
  }

  @Test("on a phone with a home indicator the macros are 88 and 83")
  func notchedMacros() {
    // iPhone X 375×812. Button at (300, 400). moved (300, 80) → centre (300, 80).
    // ended: origin.x 270 >= 187.5 → (355, 80); origin.y 50 < 88 → (355, 108).
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhoneX, start: CGPoint(x: 300, y: 400),
      [(0, .began, 300, 400), (0.05, .moved, 300, 80), (0.1, .ended, 300, 80)])
    #expect(trajectory.rest.mid == CGPoint(x: 355, y: 108))
  }

  @Test("a cancelled drag moves with the finger and is not docked")
  func cancelled() {
    // moved (300, 400): began, translation (0, 100) → centre (300, 400).
    // cancelled (300, 420): the handler still adds (0, 20) → centre (300, 420); not ended.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 300, 400), (0.1, .cancelled, 300, 420)])
    #expect(trajectory.rest.mid == CGPoint(x: 300, y: 420))
  }
}
