import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Worked examples for `inset-correction.published` (article 000), arithmetic in comments.
///
/// The pan recogniser begins once the finger has moved 10 pt along an axis, and UIKit then takes
/// those 10 pt off each axis of the translation; it does not record where the finger lifts.
@Suite("inset-correction.published")
struct InsetCorrectionTests {
  @Test("docks at centre x 20, hanging off the edge; lags the finger; loses the last movement")
  func docksAtTwenty() {
    // iPhone 8: SCREEN 375×667, not 375×812 → nav macro 64, tab macro 49. Button at (300, 300).
    // moved (310, 300): |tx| = 10 ≥ 10 → began; translation 10 − 10 = 0 → centre (300, 300).
    // moved (200, 400): changed; translation (−110, 100) → centre (190, 400), 10 pt right of
    //   the finger: the lag the hysteresis left.
    // ended (200, 430): the pan does not record the lift, point = (0, 0) → centre (190, 400).
    //   origin.x 160 < 187.5 → viewMove to (20, 400 + 0); the frame now reports the target:
    //   origin.y 370 < 64? no; 370 > 667 − 49 = 618? no.
    //   Rest frame (−10, 370, 60, 60): 10 pt off the left edge; the finger's last 30 pt lost.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 310, 300), (0.1, .moved, 200, 400),
       (0.15, .ended, 200, 430)])
    #expect(trajectory.rest == CGRect(x: -10, y: 370, width: 60, height: 60))
    // 0.6 s ease-out from t = 0.15: the motion ends at 0.75.
    #expect(abs((trajectory.frames.last?.time ?? 0) - 0.75) < 1e-9)
  }

  @Test("the side is chosen by the left edge: a centre right of the middle docks left")
  func originPicksSide() {
    // Button at (200, 300): centre right of 187.5, origin.x 170 < 187.5.
    // moved (200, 315): |ty| = 15 → began; translation (0, 5) → centre (200, 305).
    // ended: point (0, 0); origin.x 170 < 187.5 → (20, 305).
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 315), (0.1, .ended, 200, 315)])
    #expect(trajectory.rest.mid == CGPoint(x: 20, y: 305))
  }

  @Test("the top correction stops 10 pt into the navigation bar; both animations run as one")
  func topCorrection() throws {
    // Button at (300, 300). moved (300, 60): began; translation (0, −240 + 10) → centre (300, 70).
    // ended: point (0, 0); origin.x 270 ≥ 187.5 → viewMove to (355, 70);
    //   frame origin.y = 40 < 64 → viewMove to (355, 64 + 20) = (355, 84).
    //   Rest frame (325, 54, 60, 60): top at 54, 10 pt over the bars' bottom at 64, and
    //   10 pt off the right edge.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 300, 60), (0.1, .ended, 300, 60)])
    #expect(trajectory.rest == CGRect(x: 325, y: 54, width: 60, height: 60))
    // Additive animations: offsets (300 − 355, 0) and (0, 70 − 84) decay on the same ease-out
    // curve, so every frame lies on the straight line from (300, 70) to (355, 84).
    let motion = trajectory.frames.filter { $0.phase == .motion }
    #expect(motion.count > 30)
    for frame in motion {
      let progressX = (frame.rect.midX - 300) / 55
      let progressY = (frame.rect.midY - 70) / 14
      #expect(abs(progressX - progressY) < 1e-9)
    }
    let halfway = try #require(trajectory.frames.first { abs($0.time - 0.4) < 1e-9 })
    let expected = TimingCurve.easeOut.value(atProgress: 0.5)
    #expect(abs(halfway.rect.midX - (300 + 55 * expected)) < 1e-9)
  }

  @Test("the bottom check misses an item straddling the tab bar, and corrects onto it")
  func bottomMiss() {
    // Tab bar top at 667 − 49 = 618. Button at (100, 300), moved (100, 615): translation
    // (0, 305) → centre (100, 605). ended: origin.x 70 < 187.5 → (20, 605); origin.y 575 > 618?
    // no → no correction: rest frame y 575…635 covers the tab bar's top 17 pt.
    let missed = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.05, .moved, 100, 615), (0.1, .ended, 100, 615)])
    #expect(missed.rest.minY == 575)
    #expect(missed.rest.maxY - 618 == 17)
    // Moved to y 660 instead: centre (100, 650), origin.y 620 > 618 → corrected to centre
    // 618 − 20 = 598, frame 568…628: still 10 pt on the tab bar.
    let corrected = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.05, .moved, 100, 660), (0.1, .ended, 100, 660)])
    #expect(corrected.rest.mid == CGPoint(x: 20, y: 598))
  }

  @Test("the bar macros are 88/83 on a 375×812 screen only, 64/49 on every later iPhone")
  func macros() throws {
    // iPhone X 375×812: KZW_iPhoneX → 88. Button at (300, 400). moved (300, 80): translation
    // (0, −310) → centre (300, 90). ended: origin.x 270 ≥ 187.5 → (355, 90); origin.y 60 < 88
    // → (355, 108).
    let iPhoneX = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhoneX, start: CGPoint(x: 300, y: 400),
      [(0, .began, 300, 400), (0.05, .moved, 300, 80), (0.1, .ended, 300, 80)])
    #expect(iPhoneX.rest.mid == CGPoint(x: 355, y: 108))

    // iPhone 12, 390×844: not an "iPhone X" → 64. Same gesture: centre (300, 90); origin.x
    // 270 ≥ 195 → (370, 90); origin.y 60 < 64 → (370, 84). Rest frame y 54…114, while the
    // real bars end at 47 + 44 = 91: 37 pt under the navigation bar.
    let iPhone12 = try #require(DeviceProfile.named("iPhone 12")).environment()
    let later = Fixtures.run(
      InsetCorrectionPublished(), on: iPhone12, start: CGPoint(x: 300, y: 400),
      [(0, .began, 300, 400), (0.05, .moved, 300, 80), (0.1, .ended, 300, 80)])
    #expect(later.rest.mid == CGPoint(x: 370, y: 84))
    #expect(iPhone12.safeRegion.minY - later.rest.minY == 37)

    // An iPhone X in landscape reports an 812×375 screen: not 375×812, so 64 and 49 again.
    let landscape = try #require(DeviceProfile.named("iPhone X")).environment(.landscape)
    #expect(InsetCorrectionPublished.statusBarAndNavigationBarHeight(in: landscape) == 64)
    #expect(InsetCorrectionPublished.tabBarHeight(in: landscape) == 49)
  }

  @Test("a cancelled drag moves with the finger and is not docked")
  func cancelled() {
    // moved (300, 400): began, translation (0, 90) → centre (300, 390).
    // cancelled (300, 420): the pan records nothing; the handler adds (0, 0); not ended.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 300, 400), (0.1, .cancelled, 300, 420)])
    #expect(trajectory.rest.mid == CGPoint(x: 300, y: 390))
  }

  @Test("the item ignores a new touch for 0.6 s after it docks")
  func ignoresTouchesWhileAnimating() {
    // First drag as in docksAtTwenty: docks at (20, 400) from 0.15 to 0.75. At 0.3 a finger
    // lands on the model frame (−10…50, 370…430) at (20, 400) and drags to (200, 200): the
    // button is being animated without .allowUserInteraction, so nothing happens.
    let trajectory = Fixtures.run(
      InsetCorrectionPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.05, .moved, 310, 300), (0.1, .moved, 200, 400),
       (0.15, .ended, 200, 430), (0.3, .began, 20, 400), (0.35, .moved, 200, 200),
       (0.4, .ended, 200, 200)])
    #expect(trajectory.rest.mid == CGPoint(x: 20, y: 400))
  }
}
