import Foundation

/// `forced-boundary-end.published`: the view controller's `movingBtn:` of article 002,
/// "iOS实现UIButton的拖拽功能" (no author given; `AlgorithmCatalogue.Articles.forcedBoundaryEnd`).
///
/// A `UIPanGestureRecognizer` on a 60×60 button. On each `changed` call the centre moves by the
/// translation, which is then reset; if the centre has entered a band — x ≤ 40, x ≥ Width − 40,
/// y ≤ 100 or y ≥ Height − 100 — the code sets the recogniser's state to `ended`, which stops
/// the drag although the finger is still down. On `ended` (forced or real) the button jumps,
/// without animation, to x = 40 or Width − 40 (the side of the screen's middle its centre is
/// on) and, if its centre is in the top or bottom band, to y = 100 or Height − 100.
///
/// Reproduced exactly:
/// - `Width` and `Height` are read from `UIScreen.mainScreen.bounds` once, in `viewDidLoad`:
///   after a rotation the bands and docking positions belong to the old orientation.
/// - The constants 40 and 100 are centre positions sized for the 60 pt button: a larger item
///   docks partly off screen; 100 from the top is under the navigation bar on notched phones.
///   They are in the coordinates of `self.view`, while `Width` and `Height` are the screen's:
///   under an opaque navigation bar the view starts below the bar, so the bands and docking
///   positions all move down by the bar's height, and the bottom band lies below the screen's.
/// - `began` does nothing and does not reset the translation, so the first `changed` applies
///   everything since the pan began; UIKit has taken the 10 pt hysteresis off each axis of it,
///   so the button lags the finger by up to 10 pt per axis for the whole drag.
/// - `cancelled` is not handled: a cancelled drag leaves the button where it was. The finger's
///   movement after the last `changed` is lost, since UIKit's pan does not record where it
///   lifts.
/// - The article's own button starts at frame (10, 200, 60, 60): centre x 40, already on the
///   band's edge, so any first move that does not increase x ends the drag at once.
/// - A centre of exactly Width/2 docks left (`<=` is tested first); a NaN centre matches no
///   branch and stays NaN.
///
/// Modelling choices: `Width` and `Height` are declared outside the excerpt; they are taken to
/// be `CGFloat` (assigned from `CGFloat`s; as `int`, `Width/2` would round down). `setState:` is
/// only public in `UIGestureRecognizerSubclass.h`; we assume the article's project imports it
/// (it compiles and runs as shown). The recogniser then calls the action again with `ended`
/// straight away, and ignores the rest of that touch. `translationInView:button` equals the
/// translation in any other view, since nothing is rotated or scaled. The jump is
/// `Motion.none`; `releaseMotion` may replace it.
public struct ForcedBoundaryEndPublished: SnapAlgorithm {
  public let id = "forced-boundary-end.published"
  public let inputAPI = InputAPI.panGestureRecognizer
  /// The article's item is a `UIButton`: its touch-up-inside is whatever action the app adds.
  public var itemAction: ItemAction? { .touchUpInside }
  /// `button.center = CGPointMake(newX, newY);` outside any animation: a jump.
  public var releaseMotion: Motion? = Motion.none

  /// Centre x = 40 for the article's 60 pt button: 10 pt from the edge.
  public var dockingMargin: CGFloat? { 10 }

  /// `Width` and `Height`: the screen size read in `viewDidLoad`.
  public var width: CGFloat = 0
  public var height: CGFloat = 0
  @usableFromInline var loaded = false

  @inlinable
  public init() {}

  @inlinable
  public mutating func didLoad(in environment: ItemEnvironment) {
    // Width=[UIScreen mainScreen].bounds.size.width;
    width = environment.screenBounds.size.width
    // Height=[UIScreen mainScreen].bounds.size.height;
    height = environment.screenBounds.size.height
    loaded = true
  }

  @inlinable
  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view button: inout ItemView, context: UIKitContext
  ) {
    if !loaded { didLoad(in: context.environment) }
    // CGPoint translation = [recognizer translationInView:button];
    let translation = recognizer.translation(in: .item)

    // if(recognizer.state == UIGestureRecognizerStateBegan){ }
    if recognizer.state == .began {
    } else if recognizer.state == .changed {
      // button.center = CGPointMake(button.center.x + translation.x, button.center.y + translation.y);
      button.center = CGPoint(x: button.center.x + translation.x, y: button.center.y + translation.y)
      // [recognizer setTranslation:CGPointZero inView:button];
      recognizer.setTranslation(.zero, in: .item)
      // if(button.center.x <= 40 || button.center.x>=Width-40 || button.center.y <=100 || button.center.y >=Height-100)
      if button.center.x <= 40 || button.center.x >= width - 40 || button.center.y <= 100
        || button.center.y >= height - 100
      {
        // [recognizer setState:UIGestureRecognizerStateEnded];
        recognizer.setState(.ended)
      }
    } else if recognizer.state == .ended {
      // CGFloat newX=button.center.x;
      var newX = button.center.x
      // if(button.center.x <=Width/2) newX=40;
      if button.center.x <= width / 2 {
        newX = 40
        // else if(button.center.x >=Width/2) newX=Width-40;
      } else if button.center.x >= width / 2 {
        newX = width - 40
      }
      // CGFloat newY=button.center.y;
      var newY = button.center.y
      // if(button.center.y <=100) newY=100;
      if button.center.y <= 100 {
        newY = 100
        // else if(button.center.y >=Height-100) newY=Height-100;
      } else if button.center.y >= height - 100 {
        newY = height - 100
      }
      // button.center = CGPointMake(newX, newY);
      button.animate(to: CGPoint(x: newX, y: newY), with: releaseMotion ?? .none, at: context.time)
      // [recognizer setTranslation:CGPointZero inView:button];
      recognizer.setTranslation(.zero, in: .item)
    }
  }
}
