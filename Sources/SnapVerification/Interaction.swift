import Foundation
import SnapAlgorithms
import SnapCheck

/// One step of an interaction sequence: what a person (or the system) does next.
///
/// A sequence starts with `setup` and goes on with touches — on the item wherever it is shown
/// at that moment (at rest, docked, or still moving), or beside it — strokes whose speed varies,
/// holds, lifts, cancels, waits, and container changes at any moment. `ScenarioGenerators.
/// interactions(for:)` turns a sequence into a concrete gesture file, so every counterexample
/// replays with `trace`.
public enum Interaction: Hashable, Sendable, CustomStringConvertible {
  /// The scene: device, orientation, bars, item size, where the item rests first (points in from
  /// the safe region's top left), the touch rate, and for an iPad the window it starts in.
  case setup(Setup)
  /// A finger lands `delay` milliseconds after the previous step: on the item, `x`, `y` percent
  /// of its size from the centre of where it is shown then; or beside it, `x`, `y` points from
  /// that centre beyond its edge.
  case touch(onItem: Bool, x: Int, y: Int, delay: Int)
  /// A tap `delay` milliseconds after the previous step: a finger lands on the item at `x`, `y`
  /// percent of its size from the centre of where it is shown, stays for `events` touch events
  /// (jittering by `jitterX`, `jitterY` points, as a finger held still does) and lifts — the
  /// commonest thing done to a floating button.
  case tap(x: Int, y: Int, jitterX: Int, jitterY: Int, events: Int, delay: Int)
  /// The finger moves by (`dx`, `dy`) over `steps` touch events with a speed profile.
  case stroke(dx: Int, dy: Int, steps: Int, profile: StrokeProfile)
  /// The finger carries the item, over `steps` events, until its centre would be `offset`
  /// points right of a middle of the container — the safe region's, the window's, or halfway
  /// between (they differ when the insets do) — and `dy` points lower: the releases where
  /// choosing a side is closest.
  case dragToMiddle(of: Middle, offset: Int, dy: Int, steps: Int, profile: StrokeProfile)
  /// The finger carries the item to `offset` points right of a middle of the container, as
  /// `dragToMiddle` does at a steady speed, holds it there for three touch events (so that no
  /// flick is left to project) and lifts: a release where choosing a side is closest.
  case releaseAtMiddle(of: Middle, offset: Int, dy: Int, steps: Int)
  /// The finger slides the item `distance` points along the safe region's edge it is nearest
  /// (down or right for positive), drifting `wobble` points towards that edge on the way: a
  /// docked button moved along its edge.
  case slideAlongEdge(distance: Int, wobble: Int, steps: Int)
  /// A flick: the finger moves (`dx`, `dy`) over three touch events and lifts.
  case flick(dx: Int, dy: Int)
  /// The finger stays still for `milliseconds`, touch events still arriving.
  case hold(milliseconds: Int)
  case lift
  case cancel
  /// A call arrives with the finger down: the system cancels the touch, and on a phone with a
  /// 20 pt status bar, held upright, the in-call status bar shows (20 → 40 pt) a frame before.
  case callArrives
  /// Nothing happens for `milliseconds`.
  case wait(milliseconds: Int)
  /// The container changes `delay` milliseconds after the previous step (at the next touch event
  /// while a finger is down).
  case change(ContainerEvent, delay: Int)
  /// A round trip: the container changes `delay` milliseconds after the previous step and changes
  /// back `hold` milliseconds later (a rotation there and back, a keyboard shown and hidden).
  case changeAndBack(ContainerEvent, delay: Int, hold: Int)
  /// A burst: the container changes `times` times, `interval` milliseconds apart, the first
  /// `interval` milliseconds after the previous step (a keyboard toggled while switching text
  /// fields, bars hidden and shown while scrolling, a window resized in steps).
  case changeBurst(ContainerEvent, times: Int, interval: Int)

  public struct Setup: Hashable, Sendable {
    public var device: Int
    public var landscape: Bool
    public var navigationBar: Bool
    /// Whether the navigation bar is opaque: the item's superview starts below it.
    public var opaqueNavigationBar: Bool = false
    public var tabBar: Bool
    public var item: CGSize
    public var place: Int
    public var placeY: Int
    public var touchRate: Int
    public var window: WindowSize
    /// Points the app reserves from the start with `additionalSafeAreaInsets`: a column at the
    /// left when positive, at the right when negative, none when 0.
    public var sideColumn: Int = 0
    /// Whether the keyboard is shown from the start (a text field is being edited).
    public var keyboard: Bool = false
    /// How the sequence ends: a finger still down lifts, or is cancelled; or, after that, a
    /// finger catches the item `milliseconds` later (in flight, if it still moves) and lets go.
    public var finale: Finale = .lift

    /// How an interaction sequence ends.
    public enum Finale: Hashable, Sendable {
      case lift
      case cancel
      /// A finger lands on the item at `x`, `y` percent of its size from its centre, holds it
      /// for three touch events and lifts.
      case catchAfter(milliseconds: Int, x: Int, y: Int)
    }
  }

  /// A middle of the container along x.
  public enum Middle: String, Hashable, Sendable, CaseIterable {
    case safeRegion, halfway, window
  }

  /// How the finger's speed varies along a stroke.
  public enum StrokeProfile: String, Hashable, Sendable, CaseIterable {
    case constant, accelerating, decelerating
    /// Half way, then still for six events, then the rest.
    case pausing
    /// Out to the full displacement in the first half, then all the way back.
    case reversing
  }

  /// What changes about the container.
  public enum ContainerEvent: Hashable, Sendable {
    case rotate
    case navigationBar
    case tabBar
    /// The keyboard shows if hidden, hides if shown.
    case keyboard
    /// The in-call (or recording) status bar: 20 pt → 40 pt and back, on devices with a 20 pt
    /// status bar in portrait.
    case inCallStatusBar
    /// The window becomes this size (iPads: Split View, Slide Over, Stage Manager).
    case window(WindowSize)
    /// The safe area's top and bottom insets grow by this much (a safe area reported late, after
    /// a push), or back to the device's when both are 0.
    case safeArea(top: Int, bottom: Int)
    /// The app reserves a column at a side with `additionalSafeAreaInsets` (a sidebar, an
    /// inspector, a side toolbar): the left and right insets grow by this much, or back to the
    /// device's when both are 0. The one change that makes the safe region's middle differ from
    /// the window's.
    case sideColumn(left: Int, right: Int)

    /// What changes, for pacing: changes of one kind come no faster than the system makes them.
    public enum Kind: Hashable, Sendable {
      case rotation, keyboard, bars, window, safeArea

      /// The least time between two changes of this kind, in seconds: what the system's own
      /// animation takes. A rotation's transition coordinator runs 0.4 s on a phone; the
      /// keyboard's notifications carry 0.25 s (`UIKeyboardAnimationDurationUserInfoKey`);
      /// a navigation controller hides or shows its bars in
      /// `UINavigationControllerHideShowBarDuration` (0.2 s); an iPad window snaps to a Split
      /// View or Stage Manager size, which a user resizes in steps (0.1 s); a safe area or a side
      /// column is laid out with the view (0.1 s).
      public var minimumInterval: Double {
        switch self {
        case .rotation: return 0.4
        case .keyboard: return 0.25
        case .bars: return 0.2
        case .window, .safeArea: return 0.1
        }
      }
    }

    public var kind: Kind {
      switch self {
      case .rotate: return .rotation
      case .keyboard: return .keyboard
      case .navigationBar, .tabBar, .inCallStatusBar: return .bars
      case .window: return .window
      case .safeArea, .sideColumn: return .safeArea
      }
    }
  }

  /// An iPad window: the full screen, a Split View share, Slide Over, or a Stage Manager window
  /// of some percentage of the screen.
  public enum WindowSize: Hashable, Sendable, CustomStringConvertible {
    case full
    case split(percent: Int)
    case slideOver(width: Int)
    case stageManager(widthPercent: Int, heightPercent: Int)

    public var description: String {
      switch self {
      case .full: return "full screen"
      case .split(let percent): return "Split View \(percent)%"
      case .slideOver(let width): return "Slide Over \(width) pt"
      case .stageManager(let w, let h): return "Stage Manager \(w)% × \(h)%"
      }
    }
  }

  public var description: String {
    switch self {
    case .setup(let s):
      return "setup(\(ScenarioGenerators.devices[s.device % ScenarioGenerators.devices.count].name)"
        + "\(s.landscape ? ", landscape" : "")\(s.navigationBar ? "" : ", no navigation bar")"
        + "\(s.navigationBar && s.opaqueNavigationBar ? ", opaque navigation bar" : "")"
        + "\(s.tabBar ? "" : ", no tab bar"), item \(describeNumber(s.item.width))×"
        + "\(describeNumber(s.item.height)), at (\(s.place), \(s.placeY)), \(s.touchRate) Hz"
        + "\(s.window == .full ? "" : ", \(s.window)")"
        + (s.sideColumn == 0
          ? "" : ", side column \(abs(s.sideColumn)) pt \(s.sideColumn > 0 ? "left" : "right")")
        + (s.keyboard ? ", keyboard shown" : "") + {
          switch s.finale {
          case .lift: return ""
          case .cancel: return ", ends with a cancel"
          case .catchAfter(let ms, let x, let y):
            return ", ends with a catch at (\(x)%, \(y)%) \(ms) ms after the last step"
          }
        }() + ")"
    case .touch(let onItem, let x, let y, let delay):
      return onItem
        ? "touch on the item at (\(x)%, \(y)%) after \(delay) ms"
        : "touch beside the item at (\(x), \(y)) pt after \(delay) ms"
    case .tap(let x, let y, let jitterX, let jitterY, let events, let delay):
      return "tap on the item at (\(x)%, \(y)%) after \(delay) ms, \(events) events"
        + (jitterX == 0 && jitterY == 0 ? "" : ", jittering (\(jitterX), \(jitterY)) pt")
    case .stroke(let dx, let dy, let steps, let profile):
      return "stroke (\(dx), \(dy)) over \(steps) events, \(profile.rawValue)"
    case .dragToMiddle(let middle, let offset, let dy, let steps, let profile):
      let name: String
      switch middle {
      case .safeRegion: name = "the safe region's middle"
      case .halfway: name = "halfway between the safe region's and the window's middles"
      case .window: name = "the window's middle"
      }
      return "drag to \(offset) pt right of \(name), \(dy) pt down, over \(steps) events, "
        + profile.rawValue
    case .releaseAtMiddle(let middle, let offset, let dy, let steps):
      return Interaction.dragToMiddle(of: middle, offset: offset, dy: dy, steps: steps, profile: .constant)
        .description + ", hold and lift"
    case .slideAlongEdge(let distance, let wobble, let steps):
      return "slide \(distance) pt along the nearest edge over \(steps) events, \(wobble) pt towards it"
    case .flick(let dx, let dy): return "flick (\(dx), \(dy)) and lift"
    case .hold(let ms): return "hold \(ms) ms"
    case .lift: return "lift"
    case .cancel: return "cancel"
    case .callArrives: return "a call arrives (the touch is cancelled)"
    case .wait(let ms): return "wait \(ms) ms"
    case .change(let event, let delay): return "change after \(delay) ms: \(event)"
    case .changeAndBack(let event, let delay, let hold):
      return "change after \(delay) ms and back \(hold) ms later: \(event)"
    case .changeBurst(let event, let times, let interval):
      return "change \(times) times, \(interval) ms apart: \(event)"
    }
  }
}
