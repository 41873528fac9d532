import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Worked examples for `per-axis-clamp.published` (article 003), arithmetic in the comments.
@Suite("per-axis-clamp.published")
struct PerAxisClampTests {
  @Test("follows the finger, clamps x at the left edge, and stays where the finger lifts")
  func clampsEachAxis() {
    // iPhone 8: superview 375×667. Item 60×60 centred at (100, 300): frame origin (70, 270).
    // began (100, 300): startPoint = (100 − 70, 300 − 270) = (30, 30).
    // moved (150, 320): point = (150 − 70, 320 − 270) = (80, 50); dx = 50, dy = 20;
    //   newcenter = (150, 320); x: MAX(30, 150) = 150, MIN(375 − 30, 150) = 150;
    //   y: MAX(30, 320) = 320, MIN(667 − 30, 320) = 320 → centre (150, 320), origin (120, 290).
    // moved (10, 320): point = (10 − 120, 30) = (−110, 30); dx = −140, dy = 0;
    //   newcenter.x = 10 → MAX(30, 10) = 30 → centre (30, 320): stopped at the edge.
    // moved (40, 320): origin (0, 290); point = (40, 30); dx = 10 → centre (40, 320).
    // ended: not overridden → the item stays at (40, 320), frame origin (10, 290).
    let trajectory = Fixtures.run(
      PerAxisClampPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.01, .moved, 150, 320), (0.02, .moved, 10, 320),
       (0.04, .moved, 40, 320), (0.05, .ended, 40, 320)])
    #expect(trajectory.rest == CGRect(x: 10, y: 290, width: 60, height: 60))
    // 60 Hz frames at 0, 0.0167, 0.0333, 0.05: each shows the events stamped at or before it.
    #expect(trajectory.frames.map(\.rect.mid) == [
      CGPoint(x: 100, y: 300), CGPoint(x: 150, y: 320), CGPoint(x: 30, y: 320),
      CGPoint(x: 40, y: 320)])
    #expect(trajectory.frames.map(\.phase) == [.drag, .drag, .drag, .rest])
    #expect(trajectory.frames.last?.phase == .rest)
    #expect(!trajectory.frames.contains { $0.phase == .motion })
  }

  @Test("clamps to the superview, not the safe area: the item rests under the status bar")
  func restsUnderStatusBar() {
    // Start (200, 300), origin (170, 270); grab (30, 30). moved (200, 5): dy = −295 →
    // newcenter.y = 5 → MAX(30, 5) = 30 → centre (200, 30): frame y 0…60, under the 20 pt
    // status bar and the 44 pt navigation bar below it.
    let trajectory = Fixtures.run(
      PerAxisClampPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 200, 5), (0.1, .ended, 200, 5)])
    #expect(trajectory.rest == CGRect(x: 170, y: 0, width: 60, height: 60))
  }

  @Test("an item wider than the superview ends flush right, off the left edge, not centred")
  func widerThanContainer() {
    // Item 400×100 on a 375-wide superview, centre (187.5, 300), origin (−12.5, 250).
    // began (187.5, 300): startPoint = (200, 50). moved (190, 300): point = (202.5, 50),
    // dx = 2.5 → newcenter.x = 190; halfx = 200: MAX(200, 190) = 200, then
    // MIN(375 − 200, 200) = 175 → centre x 175, origin x −25: 25 pt off the left edge.
    let trajectory = Fixtures.run(
      PerAxisClampPublished(), on: Fixtures.iPhone8, size: CGSize(width: 400, height: 100),
      start: CGPoint(x: 187.5, y: 300),
      [(0, .began, 187.5, 300), (0.05, .moved, 190, 300), (0.1, .ended, 190, 300)])
    #expect(trajectory.rest.minX == -25)
    #expect(trajectory.rest.maxX == 375)
  }

  @Test("offsets pass through C floats: single-precision rounding, overflow to infinity")
  func floatOffsets() {
    // began (100.1, 300): startPoint.x = 100.1 − 70 = 30.099999999999994.
    // moved (100.3, 300): point.x = 30.299999999999997; dx = (float)0.200000000000003 =
    // 0.20000000298023224 → centre x = 100.20000000298023, not 100.2.
    let rounded = Fixtures.run(
      PerAxisClampPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100.1, 300), (0.05, .moved, 100.3, 300), (0.1, .ended, 100.3, 300)])
    let offset = CGFloat(Float(CGFloat(100.3) - 70 - (CGFloat(100.1) - 70)))
    #expect(rounded.rest.midX == 100 + offset)
    #expect(rounded.rest.midX != 100.3 - 0.1)

    // UIKit never delivers a touch at x = 1e39, but the handler's arithmetic is faithful if
    // called with one: dx = (float)(1e39 − …) = +inf → newcenter.x = inf;
    // MAX(30, inf) = inf; MIN(345, inf) = 345: infinity lands on the right edge.
    var algorithm = PerAxisClampPublished()
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    let context = UIKitContext(time: 0, environment: Fixtures.iPhone8)
    algorithm.touchesBegan(Touch(locationInWindow: CGPoint(x: 100, y: 300)), view: &view, context: context)
    algorithm.touchesMoved(Touch(locationInWindow: CGPoint(x: 1e39, y: 300)), view: &view, context: context)
    #expect(view.center.x == 345)
  }

  @Test("a NaN offset is caught by Foundation's MAX: the item jumps to the edge")
  func nanCaughtByMAX() {
    // Called directly (UIKit never delivers NaN): dx = NaN → newcenter.x = NaN. MAX(halfx, x)
    // is `30 < NaN ? NaN : 30` = 30 (the comparison is false, so the first argument wins);
    // MIN(345, 30) = 30. The item jumps to the left edge instead of vanishing.
    var algorithm = PerAxisClampPublished()
    var view = ItemView(center: CGPoint(x: 100, y: 300), size: CGSize(width: 60, height: 60))
    let context = UIKitContext(time: 0, environment: Fixtures.iPhone8)
    algorithm.touchesBegan(Touch(locationInWindow: CGPoint(x: 100, y: 300)), view: &view, context: context)
    algorithm.touchesMoved(Touch(locationInWindow: CGPoint(x: CGFloat.nan, y: 300)), view: &view, context: context)
    #expect(view.center == CGPoint(x: 30, y: 300))
    #expect(objcMAX(.nan, 30).isNaN)
    #expect(objcMIN(345, .nan).isNaN)
  }

  @Test("through the simulator, touches stay on the glass: NaN is ignored, far ones clamped")
  func touchesOnTheGlass() {
    // The NaN move takes the previous location (100, 300): no movement. The move to x = 1e39
    // arrives at the screen's edge, x = 375: dx = 275 → centre 375 → MIN(345, 375) = 345.
    let trajectory = Fixtures.run(
      PerAxisClampPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 100, y: 300),
      [(0, .began, 100, 300), (0.05, .moved, .nan, 300), (0.1, .moved, 1e39, 300),
       (0.15, .ended, 1e39, 300)])
    #expect(trajectory.frames[3].rect.midX == 100)
    #expect(trajectory.rest.midX == 345)
    #expect(trajectory.frames.allSatisfy { $0.rect.isFinite })
  }
}
