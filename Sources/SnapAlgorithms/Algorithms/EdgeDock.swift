import Foundation

/// `edge-dock.published`: the `MoveButton` of article 001, "类似AssistiveTouch可移动UIButton
/// （UITouch用法）" (no author given; `AlgorithmCatalogue.Articles.edgeDock`).
///
/// A `UIButton` subclass that overrides the touches API. While dragging, the centre follows
/// the finger's offset from where it grabbed the button, and only y is clamped, to
/// [h/2, SCREEN_HEIGHT − h/2]; x is free to leave the screen. When the finger lifts, a 0.5 s
/// animation docks the button flush against the left or right screen edge, on the side of
/// the screen's middle its centre is on (ties go left); y stays where the drag left it.
///
/// Reproduced exactly:
/// - `offsetX`, `offsetY` are C `float`s (single-precision rounding, overflow to infinity).
/// - The y clamp reads `SCREEN_HEIGHT` (the screen, see below), not the window or the
///   safe area: the button rests under the status bar, the notch, the navigation and tab bars
///   and the home indicator, and in Split View it docks against the screen's right edge, not
///   the window's.
/// - The dock has no margin and ignores safe-area insets: in landscape on a notched phone it
///   docks under the sensor housing.
/// - `touchesEnded` does not check `dragEnable`; `touchesCancelled` is not overridden, so a
///   cancelled drag (an incoming call, a system gesture) leaves the button wherever it was.
/// - `animateWithDuration:animations:` with no options: UIKit's default ease-in-out curve,
///   and the button ignores touches until the animation ends.
/// - The article's set-up adds a `UITapGestureRecognizer` so the button stays tappable. It
///   recognises a touch that never moves more than 45 pt from where it landed and lifts within
///   0.75 s (wherever the lift lands: UIKit fails a tap on a move, not at the lift) and, with
///   `cancelsTouchesInView`, turns that touch's `touchesEnded` into `touchesCancelled`: a quick
///   drag shorter than 45 pt moves the button and never docks it.
///
/// Modelling choices: `SCREEN_WIDTH`/`SCREEN_HEIGHT` are not defined in the article; they are
/// taken as the usual `[UIScreen mainScreen].bounds.size` macros. `dragEnable` is `YES`, as the
/// article's set-up sets it; the button's superview is the view controller's view it is added
/// to (`[self.view addSubview:testButton]`), and `center` is in its coordinates. Under an opaque
/// navigation bar that view starts below the bar, so the screen-sized bound lies a bar's height
/// below the screen: the button can rest partly or wholly off the bottom. The tap recogniser's
/// limits are UIKit's defaults as read from
/// UIKitCore (see `TapGestureRecognizer`). A 64-bit device: `CGFloat` is `double`, so the
/// `float` locals round.
public struct EdgeDockPublished: SnapAlgorithm {
  public let id = "edge-dock.published"
  public let inputAPI = InputAPI.touches(tapRecognizerAttached: true)
  /// The article wires `forwardToSafe` to the tap recogniser it adds (its `touchUpInside` target
  /// never fires: the button's touch overrides do not call `super`).
  public var itemAction: ItemAction? { .tapRecognizer }
  /// `[UIView animateWithDuration:0.5 animations:…]`: the default curve is ease-in-out.
  public var releaseMotion: Motion? = .curve(.easeInOut, duration: 0.5)

  /// "自动依附在左右侧": flush against the left or right side.
  public var dockingMargin: CGFloat? { 0 }

  /// `@property (nonatomic) BOOL dragEnable;`
  public var dragEnable = true
  /// `CGPoint beginPoint;` — the ivar.
  public var beginPoint = CGPoint.zero

  @inlinable
  public init() {}

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // if (!_dragEnable) { return; }
    guard dragEnable else { return }
    // beginPoint = [touch locationInView:self];
    beginPoint = touch.location(in: view)
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // if (!_dragEnable) { return; }
    guard dragEnable else { return }
    // CGPoint nowPoint = [touch locationInView:self];
    let nowPoint = touch.location(in: view)
    // float offsetX = nowPoint.x - beginPoint.x;
    let offsetX = roundedThroughFloat(nowPoint.x - beginPoint.x)
    // float offsetY = nowPoint.y - beginPoint.y;
    let offsetY = roundedThroughFloat(nowPoint.y - beginPoint.y)
    // self.center = CGPointMake(self.center.x + offsetX, self.center.y + offsetY);
    view.center = CGPoint(x: view.center.x + offsetX, y: view.center.y + offsetY)

    let screenHeight = context.screenBounds.size.height  // SCREEN_HEIGHT
    // if (self.center.y < self.frame.size.height/2)
    if view.center.y < view.frame.size.height / 2 {
      view.center = CGPoint(x: view.center.x, y: view.frame.size.height / 2)
      // }else if(self.center.y > SCREEN_HEIGHT - self.frame.size.height/2)
    } else if view.center.y > screenHeight - view.frame.size.height / 2 {
      view.center = CGPoint(x: view.center.x, y: screenHeight - view.frame.size.height / 2)
    }
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // CGRect rect = self.frame;
    let rect = view.frame
    let screenWidth = context.screenBounds.size.width  // SCREEN_WIDTH
    // [UIView animateWithDuration:0.5 animations:^{
    let target: CGPoint
    // if (self.center.x <= SCREEN_WIDTH/2) {
    if view.center.x <= screenWidth / 2 {
      // self.center = CGPointMake(rect.size.width/2, self.center.y);
      target = CGPoint(x: rect.size.width / 2, y: view.center.y)
    } else {
      // self.center = CGPointMake(SCREEN_WIDTH - rect.size.width/2, self.center.y);
      target = CGPoint(x: screenWidth - rect.size.width / 2, y: view.center.y)
    }
    view.animate(to: target, with: releaseMotion ?? .none, at: context.time)
    // }];
  }
}
