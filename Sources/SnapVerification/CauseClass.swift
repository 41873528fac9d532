import Foundation
import SnapAlgorithms

/// What a counterexample needs besides a finger on the glass: the situation a bug shows in.
///
/// `verify` searches each class on its own and shrinks a failure within the class it was found
/// in, so that a defect a plain drag shows is reported with a plain drag, and one that needs the
/// keyboard with the keyboard — not the smallest of all hiding the others. The order of the
/// cases is the order findings are reported in: the commonest situations first.
public enum CauseClass: String, Sendable, Codable, CaseIterable, Comparable {
  /// A finger on a fixed screen: touches, taps, drags, flicks, holds and lifts; any device, held
  /// either way, with the app's bars as they are (translucent or opaque), nothing changing.
  case plain
  /// The keyboard is shown, from the start or on the way (and perhaps hidden again).
  case keyboard
  /// The device turns.
  case rotation
  /// Bars come or go, or are not the standard ones: a navigation or tab bar shown or hidden,
  /// the in-call status bar, a safe area reported late.
  case bars
  /// An iPad window that is not the full screen: Split View, Slide Over, Stage Manager.
  case iPadWindow = "ipad-window"
  /// The system cancels a touch on the item (an incoming call, a system gesture).
  case cancel
  /// A finger lands on the item while it is still moving.
  case catchInFlight = "catch-in-flight"
  /// The app reserves a column at a side (`additionalSafeAreaInsets`).
  case sideColumn = "side-column"
  /// Several of the above at once.
  case combined
  /// Input no finger makes: coordinates that are not numbers or are huge, time going backwards,
  /// items of no size or larger than the window, windows of no size.
  case hostile

  /// The class in words, for reports: `the keyboard`, `a plain gesture`.
  public var summary: String {
    switch self {
    case .plain: return "a plain gesture"
    case .keyboard: return "the keyboard"
    case .rotation: return "a rotation"
    case .bars: return "bars that come, go or differ"
    case .iPadWindow: return "an iPad window"
    case .cancel: return "a cancelled touch"
    case .catchInFlight: return "a catch in flight"
    case .sideColumn: return "a side column"
    case .combined: return "several causes at once"
    case .hostile: return "hostile input"
    }
  }

  /// How often a user of an app meets the situation, against a plain gesture's 1: what orders
  /// the mechanisms of `FindingGroup.byMechanism` (with how many of the class's examples show
  /// each), so that the bug users meet most is shown first. Judgements, not measurements: the
  /// keyboard and a rotation in half of the apps that have them; bars that change, an iPad
  /// window, a fifth to a third; a cancelled touch or a catch in flight a fifth (a call, a finger
  /// on a moving button); a side column, several causes at once, a tenth; hostile input never.
  public var prevalence: Double {
    switch self {
    case .plain: return 1
    case .keyboard, .rotation: return 0.5
    case .bars, .iPadWindow: return 0.3
    case .cancel, .catchInFlight: return 0.2
    case .sideColumn, .combined: return 0.1
    case .hostile: return 0
    }
  }

  /// Whether the class is one cause alone: not a plain gesture, several at once or hostile input.
  public var isSingleCause: Bool { self != .plain && self != .combined && self != .hostile }

  /// Whether the class's cause is the container: the keyboard, a rotation, the bars, an iPad
  /// window, a side column (what `Scenario.withoutContainerChanges` takes away).
  var isContainerChange: Bool {
    switch self {
    case .keyboard, .rotation, .bars, .iPadWindow, .sideColumn: return true
    case .plain, .cancel, .catchInFlight, .combined, .hostile: return false
    }
  }

  public static func < (a: CauseClass, b: CauseClass) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// The class of `scenario` run by an algorithm into `trajectory`: hostile when anything
  /// hostile is in it; otherwise plain when nothing else is, the one cause when there is one,
  /// combined when there are several.
  public static func of(_ scenario: Scenario, trajectory: Trajectory) -> CauseClass {
    Features(scenario, trajectory: trajectory).causeClass
  }

  /// Every single cause that happens in `scenario` run into `trajectory` — the keyboard, a
  /// rotation, … — and `hostile` for input no finger or device makes: what `of(_:trajectory:)`
  /// decides the class from. A counterexample of several causes at once (`combined`) holds two
  /// or more of them.
  ///
  ///     let scenario = cause.counterexample
  ///     let situations = CauseClass.situations(of: scenario, trajectory: scenario.simulate(dock))
  ///     // [.keyboard, .rotation] for a keyboard shown and a turn in one counterexample
  public static func situations(of scenario: Scenario, trajectory: Trajectory) -> Set<CauseClass> {
    let features = Features(scenario, trajectory: trajectory)
    let named: [(Features, CauseClass)] = [
      (.keyboard, .keyboard), (.rotation, .rotation), (.bars, .bars), (.window, .iPadWindow),
      (.cancel, .cancel), (.catchInFlight, .catchInFlight), (.sideColumn, .sideColumn),
      (.hostile, .hostile),
    ]
    return Set(named.filter { features.contains($0.0) }.map(\.1))
  }

  /// What a scenario holds besides a finger on a fixed screen, found from its data alone (so a
  /// gesture file written by hand is classed as one drawn by `verify`).
  struct Features: OptionSet {
    let rawValue: UInt16
    static let keyboard = Features(rawValue: 1 << 0)
    static let rotation = Features(rawValue: 1 << 1)
    static let bars = Features(rawValue: 1 << 2)
    static let window = Features(rawValue: 1 << 3)
    static let cancel = Features(rawValue: 1 << 4)
    static let catchInFlight = Features(rawValue: 1 << 5)
    static let sideColumn = Features(rawValue: 1 << 6)
    static let hostile = Features(rawValue: 1 << 7)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    init(_ scenario: Scenario, trajectory: Trajectory) {
      var features: Features = []
      let size = scenario.itemSize
      let initial = scenario.environment
      let environments = [initial] + scenario.gesture.containerChanges.map(\.environment)
      // Hostile: what no finger or real screen makes.
      if !(size.width > 0 && size.height > 0) || size.width > initial.bounds.width
        || size.height > initial.bounds.height
      {
        features.insert(.hostile)
      }
      var previousTime = -Double.infinity
      for event in scenario.gesture.events {
        let where_ = event.location
        if !where_.x.isFinite || !where_.y.isFinite || abs(where_.x) > 1e5 || abs(where_.y) > 1e5
          || !event.time.isFinite || event.time < previousTime
        {
          features.insert(.hostile)
        }
        if event.time.isFinite { previousTime = event.time }
      }
      // A cancel counts where it takes a touch the item had: one that missed it is nothing the
      // item ever hears of.
      if trajectory.touches.contains(where: { $0.cancelled && $0.reachedItem }) {
        features.insert(.cancel)
      }
      let landscape = initial.screenBounds.width > initial.screenBounds.height
      let shownBars = (initial.navigationBarHeight > 0, initial.tabBarHeight > 0)
      for environment in environments {
        let bounds = environment.bounds
        if !(bounds.width > 0 && bounds.height > 0) || !bounds.isFinite { features.insert(.hostile) }
        if let keyboard = environment.keyboardFrame {
          features.insert(.keyboard)
          // A keyboard taller than the device's own by more than an accessory bar (a half
          // again) is no keyboard a device shows.
          let own = scenario.device.environment(
            environment.screenBounds.width > environment.screenBounds.height
              ? .landscape : .portrait,
            bars: DeviceProfile.Bars(keyboard: true)
          ).keyboardFrame?.height ?? 0
          if keyboard.height > own * 1.5 { features.insert(.hostile) }
        }
        let turned = environment.screenBounds.width > environment.screenBounds.height
        if turned != landscape { features.insert(.rotation) }
        if bounds.size != environment.screenBounds.size { features.insert(.window) }
        if (environment.navigationBarHeight > 0, environment.tabBarHeight > 0) != shownBars {
          features.insert(.bars)
        }
        // Against the device's own screen held that way, with the same bars shown.
        let standard = scenario.device.environment(
          turned ? .landscape : .portrait,
          bars: DeviceProfile.Bars(
            navigationBar: environment.navigationBarHeight > 0,
            tabBar: environment.tabBarHeight > 0))
        let extra = environment.additionalSafeAreaInsets
        if environment.navigationBarHeight != standard.navigationBarHeight
          || environment.tabBarHeight != standard.tabBarHeight
          || environment.statusBarHeight != standard.statusBarHeight
          || environment.safeAreaInsets.top != standard.safeAreaInsets.top
          || environment.safeAreaInsets.bottom != standard.safeAreaInsets.bottom
          || extra.top != 0 || extra.bottom != 0
        {
          features.insert(.bars)
        }
        if environment.safeAreaInsets.left != standard.safeAreaInsets.left
          || environment.safeAreaInsets.right != standard.safeAreaInsets.right
          || extra.left != 0 || extra.right != 0
        {
          features.insert(.sideColumn)
        }
      }
      if trajectory.touches.contains(where: \.itemWasMoving) { features.insert(.catchInFlight) }
      self = features
    }

    var causeClass: CauseClass {
      if contains(.hostile) { return .hostile }
      switch self {
      case []: return .plain
      case .keyboard: return .keyboard
      case .rotation: return .rotation
      case .bars: return .bars
      case .window: return .iPadWindow
      case .cancel: return .cancel
      case .catchInFlight: return .catchInFlight
      case .sideColumn: return .sideColumn
      default: return .combined
      }
    }
  }
}
