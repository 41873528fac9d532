import Foundation
import SnapAlgorithms
import SnapCheck

/// Generators of scenarios as a real finger makes them, built so that failures shrink to
/// something a person can read: the first device (a common phone), portrait, the usual bars,
/// a 60×60 item, few events, round numbers.
public enum ScenarioGenerators {
  /// Every catalogue device, the most common first: shrinking ends on the iPhone 15.
  public static let devices: [DeviceProfile] = {
    let first = ["iPhone 15", "iPhone 8", "iPhone X", "iPhone 12", "iPad Pro 12.9\" (3rd gen+)"]
    let leading = first.compactMap(DeviceProfile.named)
    return leading + DeviceProfile.catalogue.filter { !leading.contains($0) }
  }()

  public static let device: Gen<DeviceProfile> = Gen.element(of: devices)

  public static let orientation: Gen<DeviceProfile.Orientation> =
    Gen.bool.map { $0 ? .landscape : .portrait }

  /// Both bars shown is simplest; each may be hidden, and the keyboard shown. A navigation bar
  /// may be opaque, with the item's superview starting below it (translucent, the superview
  /// filling the window, is simpler).
  public static let bars: Gen<DeviceProfile.Bars> = zip(
    Gen.bool, Gen.bool, Gen.bool,
    // Opaque bars are the commoner in apps; translucent is the simpler.
    Gen.frequency((1, Gen.constant(false)), (2, Gen.constant(true))))
    .map {
      DeviceProfile.Bars(
        navigationBar: !$0.0, tabBar: !$0.1, keyboard: $0.2, opaqueNavigationBar: !$0.0 && $0.3)
    }

  /// Item sizes from degenerate (empty, negative) and tiny to larger than any screen; 60×60 is
  /// the simplest.
  public static let itemSize: Gen<CGSize> = Gen.frequency(
    (10, Gen.constant(CGSize(width: 60, height: 60))),
    (1, zip(Gen.int(in: -20...0), Gen.int(in: -20...60)).map {
      CGSize(width: $0.0, height: $0.1)
    }),
    (3, zip(Gen.int(in: 20...120), Gen.int(in: 20...120)).map {
      CGSize(width: $0.0, height: $0.1)
    }),
    (1, zip(Gen.int(in: 1...19), Gen.int(in: 1...19)).map { CGSize(width: $0.0, height: $0.1) }),
    (1, zip(Gen.int(in: 121...1600), Gen.int(in: 121...1600)).map {
      CGSize(width: $0.0, height: $0.1)
    }))

  /// A finger's movement: a displacement in points, spread over `steps` touch events.
  struct Stroke: Sendable {
    var dx: Int
    var dy: Int
    var steps: Int
  }

  /// Strokes from slow drags to flicks of several thousand points per second, and on past every
  /// edge (the finger is reported at the screen's edge it slides off): displacements mostly
  /// within 200 pt, a third up to 1,500 pt, over 1 to 120 touch events — more where a finger
  /// could not move that fast (`fastestFinger`). Counting in events, not
  /// seconds, and drawing the count first, makes "fewer events" the simpler counterexample.
  static let stroke: Gen<Stroke> = zip(
    Gen.int(in: 1...120),
    Gen.frequency((2, Gen.int(in: -200...200)), (1, Gen.int(in: -1500...1500))),
    Gen.frequency((2, Gen.int(in: -200...200)), (1, Gen.int(in: -1500...1500)))
  ).map { Stroke(dx: $0.1, dy: $0.2, steps: $0.0) }

  /// A gesture on an item of `size` at rest in `environment`: the item starts somewhere in the
  /// safe region (its top left corner is simplest; an item too big for the region starts inside
  /// the container if it fits there, centred if not), the finger lands on it, makes up to four
  /// strokes at 60 or 120 touches a second, and lifts or is cancelled.
  public static func gesture(in environment: ItemEnvironment, itemSize size: CGSize) -> Gen<TouchGesture> {
    gesture(in: environment, itemSize: size, parts: gestureParts)
  }

  /// A gesture on an item of `size` at rest in `environment`, from `parts`.
  static func gesture(
    in environment: ItemEnvironment, itemSize size: CGSize, parts: Gen<GestureParts>
  ) -> Gen<TouchGesture> {
    parts.map { place, grab, rate, strokes, cancel in
      // `place` points in from the region's top left (see `restingStart`).
      let start = restingStart(in: environment, size: size, place: place)
      var finger = CGPoint(
        x: start.x + size.width * CGFloat(grab.0) / 100,
        y: start.y + size.height * CGFloat(grab.1) / 100)
      // On the glass: a finger lands, and a finger that slides on past the screen's edge is
      // reported, on the screen (the part of an item larger than it that it shows).
      finger = environment.onTheGlass(finger)
      var time = 0.0
      var events = [TouchEvent(time: 0, phase: .began, location: finger)]
      var moved = false
      let step = 1 / Double(rate)
      for stroke in strokes {
        let from = finger
        let steps = eventsForFinger(
          dx: CGFloat(stroke.dx), dy: CGFloat(stroke.dy), steps: stroke.steps, interval: step,
          profile: .constant)
        for index in 1...max(steps, 1) {
          let share = CGFloat(index) / CGFloat(steps)
          let next = environment.onTheGlass(CGPoint(
            x: from.x + CGFloat(stroke.dx) * share, y: from.y + CGFloat(stroke.dy) * share))
          time += step
          // UIKit reports a touch that moved: a finger that has not moved since it landed (a
          // stroke of nothing, one held at the screen's edge) sends nothing, so no tap sees a
          // move of 0 pt. Once it has moved, its resting samples are reported, which bring the
          // velocity UIKit estimates to rest.
          if next == finger, !moved { continue }
          if next != finger { moved = true }
          finger = next
          events.append(TouchEvent(time: time, phase: .moved, location: finger))
        }
      }
      events.append(TouchEvent(time: time + step, phase: cancel ? .cancelled : .ended, location: finger))
      return TouchGesture(start: start, events: events)
    }
  }

  /// What a gesture is drawn from, built once (not for every scenario drawn): where the item
  /// rests, in points in from the top left (the ranges cover most phone regions without piling
  /// onto the far edge); where the finger grabs it; the touch rate; the strokes; a cancel.
  static let gestureParts: Gen<GestureParts> = zip(
    zip(Gen.int(in: 0...400), Gen.int(in: 0...800)),
    zip(Gen.int(in: -49...49), Gen.int(in: -49...49)),
    Gen.element(of: [60, 120]),
    stroke.array(count: 0...4),
    Gen.frequency((9, Gen.constant(false)), (1, Gen.constant(true))))

  /// Where the item rests, where the finger grabs it, the touch rate, the strokes, a cancel.
  typealias GestureParts = ((Int, Int), (Int, Int), Int, [Stroke], Bool)

  /// The parts of a hostile gesture: as `gestureParts`, with up to two short strokes (the
  /// hostile value is the point, and a short gesture shrinks quickly to it).
  static let hostileGestureParts: Gen<GestureParts> = zip(
    zip(Gen.int(in: 0...400), Gen.int(in: 0...800)),
    zip(Gen.int(in: -49...49), Gen.int(in: -49...49)),
    Gen.element(of: [60, 120]),
    zip(
      Gen.int(in: 1...8),
      Gen.frequency((2, Gen.int(in: -200...200)), (1, Gen.int(in: -1500...1500))),
      Gen.frequency((2, Gen.int(in: -200...200)), (1, Gen.int(in: -1500...1500)))
    ).map { Stroke(dx: $0.1, dy: $0.2, steps: $0.0) }.array(count: 0...2),
    Gen.frequency((9, Gen.constant(false)), (1, Gen.constant(true))))

  /// A container change during or after the gesture, or none (the simplest): at some moment up
  /// to 1.5 s in, or up to 0.8 s after the last touch event (while a release motion is under
  /// way), the device may rotate, and each bar and the keyboard may appear or go — and, 0.3 or
  /// 0.7 s later, come back.
  struct Change: Sendable {
    var milliseconds: Int
    /// Whether `milliseconds` counts from the gesture's last event rather than from its start.
    var afterLastEvent: Bool
    var rotates: Bool
    var togglesNavigationBar: Bool
    var togglesTabBar: Bool
    var togglesKeyboard: Bool
    /// Milliseconds after which the container goes back to what it was (a keyboard shown and
    /// hidden, a rotation there and back), or `nil` (the simplest) when it stays.
    var returnsAfter: Int?
  }

  static let change: Gen<Change?> = Gen.frequency(
    (3, Gen.constant(nil)),
    (1, zip(
      zip(
        Gen.frequency(
          (1, Gen.int(in: 0...1500).map { ($0, false) }),
          (1, Gen.int(in: 0...800).map { ($0, true) })),
        Gen.bool, Gen.bool, Gen.bool, Gen.bool),
      Gen.frequency((1, Gen.constant(nil)), (1, Gen.element(of: [700, 300]).map { Optional($0) }))
    ).map {
      Change(
        milliseconds: $0.0.0.0, afterLastEvent: $0.0.0.1, rotates: $0.0.1,
        togglesNavigationBar: $0.0.2, togglesTabBar: $0.0.3, togglesKeyboard: $0.0.4,
        returnsAfter: $0.1)
    }))

  /// Scenarios on every catalogue device, both orientations, with and without each bar and the
  /// keyboard, with every kind of item and gesture, and sometimes a rotation or a bar or
  /// keyboard change along the way.
  public static let scenarios: Gen<Scenario> = singles(
    devices: device, orientation: orientation, sizes: itemSize, window: window, change: change,
    hostility: hostility)

  /// Single touches on an item at rest drawn from the parts given: the device, how it is held,
  /// the item's size, a window other than the device's own, a container change, hostile input.
  static func singles(
    devices: Gen<DeviceProfile>, orientation: Gen<DeviceProfile.Orientation>, sizes: Gen<CGSize>,
    window: Gen<Window?>, change: Gen<Change?>, hostility: Gen<Hostility?>,
    parts: Gen<GestureParts> = gestureParts
  ) -> Gen<Scenario> {
    zip(devices, orientation, bars, sizes, window)
      .flatMap { device, orientation, bars, size, drawn in
    // A phone's window fills its screen (or, hostile, has no size at all); only an iPad's
    // may be a share of it.
    let window = drawn.map { drawn -> Window in
      var window = drawn
      if device.idiom == .phone, window.widthPercent != 0 { window.widthPercent = 100 }
      return window
    }
    let base = device.environment(orientation, bars: bars)
    let initial = window.map { $0.applied(to: base) } ?? base
    return zip(gesture(in: initial, itemSize: size, parts: parts), change, hostility).map {
      gesture, change, hostility in
      var gesture = hostility?.applied(to: gesture) ?? gesture
      if window != nil {
        // A window that is not the device's full screen is there from the start: a container
        // change no later than any touch (hostile timestamps included), so that a gesture
        // file replays it.
        let earliest = gesture.events.map(\.time).filter(\.isFinite).min() ?? 0
        gesture.containerChanges = [ContainerChange(time: min(0, earliest), environment: initial)]
      }
      if let change {
        let newOrientation: DeviceProfile.Orientation =
          change.rotates ? (orientation == .portrait ? .landscape : .portrait) : orientation
        let newBars = DeviceProfile.Bars(
          navigationBar: bars.navigationBar != change.togglesNavigationBar,
          tabBar: bars.tabBar != change.togglesTabBar,
          keyboard: bars.keyboard != change.togglesKeyboard,
          opaqueNavigationBar: bars.opaqueNavigationBar)
        var next = device.environment(newOrientation, bars: newBars)
        if let window { next = window.applied(to: next) }
        let origin =
          change.afterLastEvent
          ? (gesture.events.map(\.time).filter(\.isFinite).max() ?? 0) : 0
        let time = origin + Double(change.milliseconds) / 1000
        gesture.containerChanges.append(ContainerChange(time: time, environment: next))
        if let back = change.returnsAfter {
          gesture.containerChanges.append(
            ContainerChange(time: time + Double(back) / 1000, environment: initial))
        }
      }
      return Scenario(
        device: device, orientation: orientation, bars: bars, itemSize: size, gesture: gesture)
    }
  }
  }

  /// The single touches of the combined stratum: as `scenarios`, inside `scope`, with no
  /// hostile input.
  static func singles(in scope: Scope) -> Gen<Scenario> {
    singles(
      devices: device(in: scope), orientation: orientation(in: scope),
      sizes: itemSize(in: scope), window: window, change: change(in: scope),
      hostility: Gen.constant(nil))
  }

  /// The container changes of `change` that can happen inside `scope`: no rotation when it
  /// allows one orientation.
  static func change(in scope: Scope) -> Gen<Change?> {
    guard scope.orientations.count < 2 else { return change }
    return change.map {
      $0.map {
        var change = $0
        change.rotates = false
        return change
      }
    }
  }

  /// The hostile stratum: single touches inside `scope` with input no finger makes — touches at
  /// NaN, infinite or huge coordinates, timestamps that are NaN or go backwards (most of them);
  /// items of no size, negative or larger than any screen (when the scope leaves the size open);
  /// a window of no width.
  static func hostileSingles(in scope: Scope) -> Gen<Scenario> {
    let devices = device(in: scope)
    let orientation = orientation(in: scope)
    let sizes = itemSize(in: scope)
    let forcedHostility: Gen<Hostility?> = zip(Gen.int(in: 0...50), Gen.int(in: 0...11))
      .map { Hostility(event: $0.0, kind: $0.1) }
    var choices: [(weight: Int, generator: Gen<Scenario>)] = [
      (3, singles(
        devices: devices, orientation: orientation, sizes: sizes, window: Gen.constant(nil),
        change: Gen.constant(nil), hostility: forcedHostility, parts: hostileGestureParts)),
      (1, singles(
        devices: devices, orientation: orientation, sizes: sizes,
        window: Gen.constant(Window(widthPercent: 0, extraInsets: (0, 0, 0, 0))),
        change: Gen.constant(nil), hostility: Gen.constant(nil), parts: hostileGestureParts)),
    ]
    if scope.itemSizes == .any {
      let hostileSizes: Gen<CGSize> = Gen.frequency(
        (1, zip(Gen.int(in: -20...0), Gen.int(in: -20...60)).map {
          CGSize(width: $0.0, height: $0.1)
        }),
        (1, zip(Gen.int(in: 121...1600), Gen.int(in: 121...1600)).map {
          CGSize(width: $0.0, height: $0.1)
        }))
      choices.append((2, singles(
        devices: devices, orientation: orientation, sizes: hostileSizes, window: Gen.constant(nil),
        change: change(in: scope), hostility: Gen.constant(nil), parts: hostileGestureParts)))
    }
    return Gen.frequency(choices)
  }

  /// The catalogue's devices the scope allows, the most common first.
  static func device(in scope: Scope) -> Gen<DeviceProfile> {
    let allowed = scope.deviceIndices.map { devices[$0] }
    return allowed.isEmpty ? Gen.constant(devices[0]) : Gen.element(of: allowed)
  }

  /// The orientations the scope allows, portrait first.
  static func orientation(in scope: Scope) -> Gen<DeviceProfile.Orientation> {
    switch (scope.orientations.contains(.portrait), scope.orientations.contains(.landscape)) {
    case (true, true): return orientation
    case (false, true): return Gen.constant(.landscape)
    default: return Gen.constant(.portrait)
    }
  }

  /// Item sizes inside `scope`: an app's buttons and picture-in-picture windows (60×60 the
  /// simplest, 20 to 120 pt, and up to 320 × 240) where the scope leaves the size open — the
  /// sizes no app has, of no size or larger than the screen, are the hostile stratum's.
  static func itemSize(in scope: Scope) -> Gen<CGSize> {
    switch scope.itemSizes {
    case .byIdiom(let phone, let pad):
      // Either idiom's size (the generator that draws the device puts the right one on it,
      // `Scope.confined`); an idiom with none declared draws any size.
      let declared = [phone, pad].compactMap { $0 }
      guard phone != nil, pad != nil else {
        return Gen.frequency(
          (1, Gen.element(of: declared)),
          (1, itemSize(in: Scope(itemSizes: .any))))
      }
      return Gen.element(of: declared)
    case .any:
      return Gen.frequency(
        (10, Gen.constant(CGSize(width: 60, height: 60))),
        (4, zip(Gen.int(in: 20...120), Gen.int(in: 20...120)).map {
          CGSize(width: $0.0, height: $0.1)
        }),
        (1, zip(Gen.int(in: 121...320), Gen.int(in: 80...240)).map {
          CGSize(width: $0.0, height: $0.1)
        }))
    case .exactly(let size):
      return Gen.constant(size)
    case .within(let widths, let heights):
      return zip(Gen.int(in: widths), Gen.int(in: heights)).map {
        CGSize(width: $0.0, height: $0.1)
      }
    }
  }

  /// A window other than the catalogue's: narrower than the screen (iPad Split View, Slide
  /// Over; a phone's stays as wide as its screen), with bar heights and insets anywhere from none to large, a keyboard of any height,
  /// or no size at all. `nil`, the device's own full-screen window, is the simplest.
  struct Window: Sendable {
    var widthPercent: Int
    var extraInsets: (top: Int, left: Int, bottom: Int, right: Int)
    var navigationBar: Int?
    var tabBar: Int?
    var keyboard: Int?

    func applied(to environment: ItemEnvironment) -> ItemEnvironment {
      var result = environment
      let width = (environment.screenBounds.width * CGFloat(widthPercent) / 100).rounded()
      result.bounds = CGRect(x: 0, y: 0, width: width, height: environment.bounds.height)
      if width != environment.screenBounds.width {
        result.name = "\(environment.name), window \(Int(width)) pt wide"
      }
      result.safeAreaInsets.top += CGFloat(extraInsets.top)
      result.safeAreaInsets.bottom += CGFloat(extraInsets.bottom)
      // A column at a side is the app's (`additionalSafeAreaInsets`): no window's own safe area
      // has one side inset alone, and a window of the item's own does not see the app's.
      result.additionalSafeAreaInsets.left += CGFloat(extraInsets.left)
      result.additionalSafeAreaInsets.right += CGFloat(extraInsets.right)
      if let navigationBar { result.navigationBarHeight = CGFloat(navigationBar) }
      if let tabBar { result.tabBarHeight = CGFloat(tabBar) }
      if let keyboard {
        let height = CGFloat(keyboard)
        result.keyboardFrame =
          height > 0
          ? CGRect(x: 0, y: result.bounds.height - height, width: width, height: height) : nil
      }
      // Below an opaque bar the superview follows the window's width and the bar's height.
      if environment.superviewFrame != nil { result.placeSuperviewBelowNavigationBar() }
      return result
    }
  }

  static let window: Gen<Window?> = Gen.frequency(
    (3, Gen.constant(nil)),
    (1, zip(
      Gen.element(of: [100, 67, 50, 33, 0]),
      zip(Gen.int(in: 0...60), Gen.int(in: 0...60), Gen.int(in: 0...60), Gen.int(in: 0...60)),
      Gen.frequency((1, Gen.constant(nil)), (1, Gen.int(in: 0...120).map(Optional.some))),
      Gen.frequency((1, Gen.constant(nil)), (1, Gen.int(in: 0...120).map(Optional.some))),
      Gen.frequency((1, Gen.constant(nil)), (1, Gen.int(in: 0...500).map(Optional.some)))
    ).map { Window(widthPercent: $0.0, extraInsets: $0.1, navigationBar: $0.2, tabBar: $0.3, keyboard: $0.4) }))

  /// Hostile input on top of a gesture, or none (the simplest): touches at NaN, ±infinity or
  /// 1e300 points, and timestamps that are NaN or go backwards.
  struct Hostility: Sendable {
    var event: Int
    var kind: Int

    func applied(to gesture: TouchGesture) -> TouchGesture {
      guard !gesture.events.isEmpty else { return gesture }
      var gesture = gesture
      let index = event % gesture.events.count
      let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300]
      switch kind {
      case 0..<5: gesture.events[index].location.x = values[kind]
      case 5..<10: gesture.events[index].location.y = values[kind - 5]
      case 10: gesture.events[index].time = .nan
      default:
        // A timestamp that goes back a second: behind the event before it (the first event has
        // none to go behind, so it is the second's that goes back; a gesture of one event gets
        // no timestamp at all).
        guard gesture.events.count > 1 else {
          gesture.events[index].time = .nan
          break
        }
        let at = max(index, 1)
        gesture.events[at].time = gesture.events[at - 1].time - 1
      }
      return gesture
    }
  }

  static let hostility: Gen<Hostility?> = Gen.frequency(
    (9, Gen.constant(nil)),
    (1, zip(Gen.int(in: 0...50), Gen.int(in: 0...11)).map { Hostility(event: $0.0, kind: $0.1) }))
}
