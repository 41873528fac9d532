import Foundation

/// `per-axis-clamp.published`: the `GragView` of article 003, which has no title line: it opens
/// "预备知识 iOS处理屏幕上的触摸动作" and gives the code under the heading "如何实现拖动视图？" (no
/// author given; `AlgorithmCatalogue.Articles.perAxisClamp`).
///
/// A `UIImageView` subclass that overrides the touches API. `touchesBegan` stores the touch in
/// the view's own coordinates; `touchesMoved` adds the finger's offset from that point to the
/// centre and clamps each axis separately to the superview's bounds, so a drag stopped on one
/// axis still slides along the other. It overrides neither `touchesEnded` nor
/// `touchesCancelled`: the item stays wherever the last move left it, docking nowhere.
///
/// Reproduced exactly:
/// - `dx`, `dy`, `halfx` and `halfy` are C `float`s: the offsets are rounded to single
///   precision and overflow to infinity.
/// - `MAX` then `MIN`, in that order, as Foundation defines them: an item wider (taller) than
///   its superview ends with its far edge on the superview's far edge and its near edge off
///   screen, not centred. A NaN offset is caught by accident: `MAX(halfx, NaN)` is `halfx`, so
///   the item jumps to the near edge instead of vanishing.
/// - The bound is `self.superview.bounds`, not the screen or the safe area: the item may rest
///   under the status bar, the notch, a bar or the home indicator. Under an opaque navigation
///   bar the superview starts below it, and so does the bound: the one case it is right at the
///   top.
///
/// Modelling choices: a 64-bit device (`CGFloat` is `double`, so the `float` locals round); the
/// superview is a view controller's view (`context.superview`: the window's bounds, or below
/// an opaque navigation bar);
/// `bringSubviewToFront:` changes no geometry and is omitted. The article also shows a pan
/// recogniser handler as background; its "实现代码" (the implementation) is `GragView`, modelled here.
public struct PerAxisClampPublished: SnapAlgorithm {
  public let id = "per-axis-clamp.published"
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
  /// The article never moves the item after the finger lifts; setting a motion has no effect.
  public var releaseMotion: Motion? {
    get { nil }
    set {}
  }

  /// The article clamps while dragging and never docks.
  public var dockingMargin: CGFloat? { nil }

  /// `CGPoint startPoint;` — the ivar.
  public var startPoint = CGPoint.zero

  @inlinable
  public init() {}

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // CGPoint point = [[touches anyObject] locationInView:self];
    let point = touch.location(in: view)
    // startPoint = point;
    startPoint = point
    // [[self superview] bringSubviewToFront:self];  (no geometry)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // CGPoint point = [[touches anyObject] locationInView:self];
    let point = touch.location(in: view)
    // float dx = point.x - startPoint.x;
    let dx = roundedThroughFloat(point.x - startPoint.x)
    // float dy = point.y - startPoint.y;
    let dy = roundedThroughFloat(point.y - startPoint.y)
    // CGPoint newcenter = CGPointMake(self.center.x + dx, self.center.y + dy);
    var newcenter = CGPoint(x: view.center.x + dx, y: view.center.y + dy)
    // float halfx = CGRectGetMidX(self.bounds);
    let halfx = roundedThroughFloat(view.size.width / 2)
    // newcenter.x = MAX(halfx, newcenter.x);
    newcenter.x = objcMAX(halfx, newcenter.x)
    // newcenter.x = MIN(self.superview.bounds.size.width - halfx, newcenter.x);
    newcenter.x = objcMIN(context.superview.bounds.size.width - halfx, newcenter.x)
    // float halfy = CGRectGetMidY(self.bounds);
    let halfy = roundedThroughFloat(view.size.height / 2)
    // newcenter.y = MAX(halfy, newcenter.y);
    newcenter.y = objcMAX(halfy, newcenter.y)
    // newcenter.y = MIN(self.superview.bounds.size.height - halfy, newcenter.y);
    newcenter.y = objcMIN(context.superview.bounds.size.height - halfy, newcenter.y)
    // self.center = newcenter;
    view.center = newcenter
  }
}
