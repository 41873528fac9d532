import Foundation

/// `inset-correction.published`: the `KZWSuspensionButton` of article 000, which has no title
/// line and opens "需求就是在首页有一个按钮，你可以拖动在屏幕上滑动，最终位置是自己靠边悬靠。"; its file
/// header says "Created by ouyang on 2018/8/2" (`AlgorithmCatalogue.Articles.insetCorrection`).
///
/// A button with a `UIPanGestureRecognizer` whose action runs the same statements for every
/// state: add the translation (in key-window coordinates) to the centre, reset it, and — only
/// on `ended` — dock: centre x = 20 or SCREEN_WIDTH − 20, then correct y if the frame's top is
/// above the status and navigation bars, or below the top of the tab bar, each by a 0.6 s
/// ease-out animation.
///
/// Reproduced exactly:
/// - The side is chosen by `self.frame.origin.x < SCREEN_WIDTH/2`: the left edge, not the
///   centre, so an item whose centre is right of the middle still docks left.
/// - The docking x is a centre of 20 pt: any item wider than 40 pt hangs off the screen edge.
/// - The first target's y is `rec.view.center.y + point.y`, read after the centre already took
///   `point.y`: the translation since the last call is added twice. It is latent: UIKit's pan
///   records no movement when the finger lifts, so `point` is zero by then, and the finger's
///   last movement before lifting is simply lost.
/// - The y checks read `self.frame` after `viewMove:` started its animation, so they see the
///   animation's target (UIKit sets the model value at once), not where the button is shown.
/// - The top correction puts the centre 20 pt below the bars, so a 60 pt button still covers
///   10 pt of the navigation bar; the bottom check fires only when the frame's top edge is
///   below the tab bar's top, so a button straddling the tab bar stays on it.
/// - A correction starts a second animation while the first runs; UIKit's additive animations
///   make the pair travel as one from where the button is to the corrected point.
/// - `cancelled` falls through every branch after moving the centre: a cancelled drag does
///   not dock. `began` applies the translation UIKit reports, which has had the 10 pt
///   hysteresis taken off each axis: the button lags the finger by it for the whole drag.
/// - `UIViewAnimationOptionCurveEaseOut` without `AllowUserInteraction`: the button ignores
///   touches for 0.6 s after each release.
///
/// Modelling choices: the macros are not in the article; they are taken from its author's own
/// `KZWConstants.h` (the `KZWFoundation` pod, 2017): `SCREEN_WIDTH`/`SCREEN_HEIGHT` read
/// `UIScreen.mainScreen.bounds`; `KZW_iPhoneX` is true only for a 375×812 screen in portrait;
/// `KZW_StatusBarAndNavigationBarHeight` is 88 there and 64 elsewhere, `KZW_TabbarHeight` 83
/// there and 49 elsewhere — whatever the device's real bars, its orientation, and whether the
/// bars are shown at all. On every later iPhone, and in landscape, the corrections use 64 and 49.
/// The article does not show where the button is added; its author writes that the positions
/// are "直接基于window" (based on the window), which holds while its superview fills the window.
/// The model adds it to a view controller's view, as the other articles do: under an opaque
/// navigation bar every corrected position lands a bar's height lower on screen.
public struct InsetCorrectionPublished: SnapAlgorithm {
  public let id = "inset-correction.published"
  public let inputAPI = InputAPI.panGestureRecognizer
  /// `animateWithDuration:0.6 delay:0 options:UIViewAnimationOptionCurveEaseOut`.
  public var releaseMotion: Motion? = .curve(.easeOut, duration: 0.6)

  @inlinable
  public init() {}

  /// "靠边悬靠": resting against the left or right edge.
  public var dockingMargin: CGFloat? { 0 }

  /// `KZW_iPhoneX`: `SCREEN_WIDTH == 375.f && SCREEN_HEIGHT == 812.f`.
  @inlinable
  public static func isIPhoneX(_ environment: ItemEnvironment) -> Bool {
    environment.screenBounds.size.width == 375 && environment.screenBounds.size.height == 812
  }

  /// `KZW_StatusBarAndNavigationBarHeight`: `KZW_iPhoneX ? 88.f : 64.f`.
  @inlinable
  public static func statusBarAndNavigationBarHeight(in environment: ItemEnvironment) -> CGFloat {
    isIPhoneX(environment) ? 88 : 64
  }

  /// `KZW_TabbarHeight`: `KZW_iPhoneX ? (49.f + 34.f) : 49.f`.
  @inlinable
  public static func tabBarHeight(in environment: ItemEnvironment) -> CGFloat {
    isIPhoneX(environment) ? 49 + 34 : 49
  }

  @inlinable
  public mutating func handlePan(
    _ rec: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let screenWidth = context.screenBounds.size.width  // SCREEN_WIDTH
    let screenHeight = context.screenBounds.size.height  // SCREEN_HEIGHT
    let navigationHeight = Self.statusBarAndNavigationBarHeight(in: context.environment)
    let tabHeight = Self.tabBarHeight(in: context.environment)

    // CGPoint point = [rec translationInView:[UIApplication sharedApplication].keyWindow];
    let point = rec.translation(in: .window)
    // rec.view.center = CGPointMake(rec.view.center.x + point.x, rec.view.center.y + point.y);
    view.center = CGPoint(x: view.center.x + point.x, y: view.center.y + point.y)
    // [rec setTranslation:CGPointZero inView:[UIApplication sharedApplication].keyWindow];
    rec.setTranslation(.zero, in: .window)

    // if (rec.state == UIGestureRecognizerStateEnded) {
    guard rec.state == .ended else { return }
    // if (self.frame.origin.x < SCREEN_WIDTH/2) {
    if view.frame.origin.x < screenWidth / 2 {
      // [self viewMove:rec.view point:CGPointMake(20 , rec.view.center.y + point.y)];
      viewMove(&view, point: CGPoint(x: 20, y: view.center.y + point.y), context: context)
      // if (self.frame.origin.y < KZW_StatusBarAndNavigationBarHeight ) {
      if view.frame.origin.y < navigationHeight {
        // [self viewMove:rec.view point:CGPointMake(20 , KZW_StatusBarAndNavigationBarHeight + 20)];
        viewMove(&view, point: CGPoint(x: 20, y: navigationHeight + 20), context: context)
      }
      // if (self.frame.origin.y > SCREEN_HEIGHT - KZW_TabbarHeight) {
      if view.frame.origin.y > screenHeight - tabHeight {
        // [self viewMove:rec.view point:CGPointMake(20 , SCREEN_HEIGHT - KZW_TabbarHeight - 20)];
        viewMove(&view, point: CGPoint(x: 20, y: screenHeight - tabHeight - 20), context: context)
      }
    } else {
      // [self viewMove:rec.view point:CGPointMake(SCREEN_WIDTH - 20 , rec.view.center.y + point.y)];
      viewMove(
        &view, point: CGPoint(x: screenWidth - 20, y: view.center.y + point.y), context: context)
      // if (self.frame.origin.y < KZW_StatusBarAndNavigationBarHeight ) {
      if view.frame.origin.y < navigationHeight {
        // [self viewMove:rec.view point:CGPointMake(SCREEN_WIDTH - 20 , KZW_StatusBarAndNavigationBarHeight + 20)];
        viewMove(
          &view, point: CGPoint(x: screenWidth - 20, y: navigationHeight + 20), context: context)
      }
      // if (self.frame.origin.y > SCREEN_HEIGHT - KZW_TabbarHeight) {
      if view.frame.origin.y > screenHeight - tabHeight {
        // [self viewMove:rec.view point:CGPointMake(SCREEN_WIDTH - 20 , SCREEN_HEIGHT - KZW_TabbarHeight - 20)];
        viewMove(
          &view, point: CGPoint(x: screenWidth - 20, y: screenHeight - tabHeight - 20),
          context: context)
      }
    }
  }

  /// `- (void)viewMove:(UIView *)view point:(CGPoint)point`: animates `center` to `point`.
  @inlinable
  func viewMove(_ view: inout ItemView, point: CGPoint, context: UIKitContext) {
    // [UIView animateWithDuration:0.6 delay:0 options:UIViewAnimationOptionCurveEaseOut
    //                  animations:^{ view.center = point; } completion:nil];
    view.animate(to: point, with: releaseMotion ?? .none, at: context.time)
  }
}
