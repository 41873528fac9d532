import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

/// Worked examples for `edge-dock.published` (article 001), arithmetic in the comments.
@Suite("edge-dock.published")
struct EdgeDockTests {
  @Test("docks flush right at the y the drag left, under the status and navigation bars")
  func docksFlushUnderBars() throws {
    // iPhone 8, SCREEN 375×667. Item 60×60 at (300, 300), origin (270, 270).
    // began (300, 300): beginPoint = (300 − 270, 300 − 270) = (30, 30).
    // moved (250, 20): nowPoint = (250 − 270, 20 − 270) = (−20, −250); offset (−50, −280);
    //   centre (250, 20); 20 < 60/2 → centre (250, 30).
    // ended (250, 20): the finger moved 284 pt, so the tap recogniser failed → touchesEnded.
    //   rect = frame; centre.x 250 <= 375/2 = 187.5? no → centre (375 − 30, 30) = (345, 30).
    //   Rest frame (315, 0, 60, 60): under the 20 pt status bar and the 44 pt navigation bar.
    let trajectory = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.1, .moved, 250, 20), (0.2, .ended, 250, 20)])
    #expect(trajectory.rest == CGRect(x: 315, y: 0, width: 60, height: 60))

    // The 0.5 s ease-in-out animation from x 250 to 345 starts at t = 0.2: half way in time
    // the symmetric curve is half way, x = 250 + 95 × 0.5 = 297.5 (frame origin 267.5).
    let halfway = try #require(trajectory.frames.first { abs($0.time - 0.45) < 1e-9 })
    #expect(halfway.phase == .motion)
    #expect(abs(halfway.rect.midX - 297.5) < 1e-9)
    #expect(halfway.rect.midY == 30)
    // The motion ends exactly at 0.7 on the target; that frame is the first at rest.
    let last = try #require(trajectory.frames.last)
    #expect(abs(last.time - 0.7) < 1e-9)
    #expect(last.phase == .rest)
    #expect(last.rect == trajectory.rest)
    // Motion frames: 0.2 (released this frame, elapsed 0), 0.2167, …, 0.6833 — 30 frames.
    #expect(trajectory.frames.filter { $0.phase == .motion }.count == 30)
  }

  @Test("x is not clamped while dragging: the item slides off the screen's edge")
  func xLeavesScreen() {
    // Start (300, 300), origin (270, 270); grabbed at (320, 300): beginPoint (50, 30).
    // moved (-100, 300): the finger is on the glass, so UIKit reports x = 0; nowPoint
    // (0 − 270, 30) = (−270, 30); offset (−320, 0) → centre (−20, 300): frame x −50…10,
    // 50 pt off screen. ended: −20 <= 187.5 → centre (30, 300).
    let trajectory = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 320, 300), (0.1, .moved, -100, 300), (0.2, .ended, -100, 300)])
    #expect(trajectory.frames.contains { $0.rect.minX == -50 })
    #expect(trajectory.rest.origin == CGPoint(x: 0, y: 270))
  }

  @Test("a cancelled drag is not docked: touchesCancelled is not overridden")
  func cancelledStays() {
    // Start (300, 300), grab (30, 30). moved (200, 400) → centre (200, 400). cancelled:
    // not overridden; UIControl's own touchesCancelled ends its tracking and moves nothing →
    // rest centre (200, 400), origin (170, 370).
    let trajectory = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.1, .moved, 200, 400), (0.2, .cancelled, 200, 400)])
    #expect(trajectory.rest.origin == CGPoint(x: 170, y: 370))
  }

  @Test("a quick drag that moves under the tap recogniser's 45 pt moves the item and never docks it")
  func shortDragIsATap() {
    // Start (200, 300), grab (30, 30). moved (230, 300): offset 30 → centre (230, 300). ended
    // 30 pt from the touch-down after 0.1 s: the tap recogniser recognises, and
    // cancelsTouchesInView turns touchesEnded into touchesCancelled → no dock.
    let short = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 230, 300), (0.1, .ended, 230, 300)])
    #expect(short.rest.mid == CGPoint(x: 230, y: 300))

    // The same touch once it has wandered 50 pt and come back: the tap failed, so it docks:
    // 200 <= 187.5? no → centre x 345.
    let wandered = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 250, 300), (0.1, .moved, 200, 300),
       (0.15, .ended, 200, 300)])
    #expect(wandered.rest.midX == 345)

    // UIKit fails the tap while the finger moves, not at the lift: a move of 40 pt (≤ 45) and
    // then a lift 50 pt from the touch-down, at 0.1 s (≤ 0.75 s), is a tap. Centre (240, 300)
    // after the move (offset 40); the lift at (250, 300) is not a move, so touchesMoved does
    // not run again: touchesCancelled, no dock, and the action fires once.
    let liftedFar = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 240, 300), (0.1, .ended, 250, 300)])
    #expect(liftedFar.rest.mid == CGPoint(x: 240, y: 300))
    #expect(liftedFar.touches.first?.actions == 1)
    #expect(liftedFar.touches.first?.travel == 50)
    #expect(liftedFar.touches.first?.movedTravel == 40)
    // The same lift after a move of 46 pt (> 45): the tap failed while moving, so
    // touchesEnded docks it: centre x 246 > 187.5 → 375 − 30 = 345; no action.
    let movedFar = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.05, .moved, 246, 300), (0.1, .ended, 250, 300)])
    #expect(movedFar.rest.midX == 345)
    #expect(movedFar.touches.first?.actions == 0)

    // A press held 1 s without moving is too slow for a tap (0.75 s): touchesEnded docks it.
    let held = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (1, .ended, 200, 300)])
    #expect(held.rest.midX == 345)
  }

  @Test("y is clamped to SCREEN_HEIGHT, x docks to SCREEN_WIDTH: off the window in Split View")
  func readsTheScreenNotTheWindow() {
    // A 320-wide window on a 1024-wide screen (iPad Split View). Item at (200, 300), grab (30, 30).
    // moved (260, 300) → centre (260, 300); ended: 260 <= 1024/2 = 512 → docks left at x 30.
    // Moved to 600 instead: 600 > 512 → centre x 1024 − 30 = 994: 674 pt outside the window.
    let splitView = ItemEnvironment(
      name: "split view", bounds: CGRect(x: 0, y: 0, width: 320, height: 1366),
      screenBounds: CGRect(x: 0, y: 0, width: 1024, height: 1366))
    let trajectory = Fixtures.run(
      EdgeDockPublished(), on: splitView, start: CGPoint(x: 200, y: 300),
      [(0, .began, 200, 300), (0.1, .moved, 600, 300), (0.2, .ended, 600, 300)])
    #expect(trajectory.rest.midX == 994)
    #expect(trajectory.rest.minX > splitView.bounds.maxX)
  }

  @Test("the item ignores touches during its 0.5 s animation, and takes them after")
  func ignoresTouchesWhileAnimating() {
    // Dragged 50 pt (the tap recogniser fails) to (350, 300) and released at t = 0.2: docks
    // right at (345, 300); the animation runs to 0.7.
    // At t = 0.3 a finger lands on the model frame (315…375) at (345, 300): interaction is
    // disabled, the touch goes elsewhere, and its drag to (100, 300) moves nothing.
    let ignored = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.1, .moved, 350, 300), (0.2, .ended, 350, 300),
       (0.3, .began, 345, 300), (0.4, .moved, 100, 300), (0.5, .ended, 100, 300)])
    #expect(ignored.rest.midX == 345)
    // The same second touch at t = 0.8, after the animation: it drags the item to x 100,
    // which docks left at x 30.
    let taken = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 300),
      [(0, .began, 300, 300), (0.1, .moved, 350, 300), (0.2, .ended, 350, 300),
       (0.8, .began, 345, 300), (0.9, .moved, 100, 300), (1.0, .ended, 100, 300)])
    #expect(taken.rest.midX == 30)
  }

  @Test("under an opaque navigation bar the SCREEN_HEIGHT clamp lets the button rest below the screen")
  func opaqueBarPushesTheClampOffScreen() throws {
    // iPhone 8, opaque navigation bar: the view controller's view starts below the 20 pt status
    // bar and the 44 pt bar, frame (0, 64, 375, 603); the button's centre is in its coordinates.
    var bars = DeviceProfile.Bars.standard
    bars.opaqueNavigationBar = true
    let opaque = try #require(DeviceProfile.named("iPhone 8")).environment(bars: bars)
    #expect(opaque.superviewFrame == CGRect(x: 0, y: 64, width: 375, height: 603))
    // Button 60×60 at (300, 400) in the window: (300, 336) in the view, frame origin (270, 306).
    // began (300, 372): beginPoint = (300 − 0 − 270, 372 − 64 − 306) = (30, 2).
    // moved (300, 667), the screen's bottom edge: nowPoint = (30, 603 − 306) = (30, 297);
    //   offset (0, 295) → centre (300, 631); 631 > SCREEN_HEIGHT − 30 = 637? no: it stays.
    // ended: 295 pt moved, so the tap failed → touchesEnded; 300 > 375/2 → centre
    //   (375 − 30, 631) = (345, 631) in the view = (345, 695) in the window: frame (315, 665),
    //   2 pt of it on the 667 pt screen.
    let events: [(Double, TouchPhase, CGFloat, CGFloat)] = [
      (0, .began, 300, 372), (0.1, .moved, 300, 667), (0.2, .ended, 300, 667),
    ]
    let below = Fixtures.run(
      EdgeDockPublished(), on: opaque, start: CGPoint(x: 300, y: 400), events)
    #expect(below.rest == CGRect(x: 315, y: 665, width: 60, height: 60))
    // Under a translucent bar the view is the window: centre 400 + 295 = 695 > 637 → 637, so
    // the button rests with its bottom on the screen's: frame (315, 607).
    let translucent = Fixtures.run(
      EdgeDockPublished(), on: Fixtures.iPhone8, start: CGPoint(x: 300, y: 400), events)
    #expect(translucent.rest == CGRect(x: 315, y: 607, width: 60, height: 60))
  }
}
