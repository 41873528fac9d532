import Foundation

/// `fluid-dock`: the floating-button behaviour none of the articles reached, built from what
/// the property tester taught the corrected variants.
///
/// - **Velocity-aware targets.** On release the item's centre is projected along the finger's
///   velocity with a scroll view's deceleration (`(v / 1000) · r / (1 − r)`, r = 0.998 normal or
///   0.99 fast, or any rate), and the rest position is chosen from the projected point: the nearer
///   side (`sides`, the default), the nearest of four edges (`edges`), the corner of its
///   quadrant (`corners`, picture in picture), always `left` or `right`, or `thrown` (the side a
///   flick of at least `throwSpeed` points to, the side nearer the release point otherwise).
///   Along the edge it rests where the projection points, or at the nearest of `slots` evenly
///   spaced positions.
/// - **The safe region.** It rests `margin` inside the window less safe-area insets, bars and
///   keyboard. Where it rests is remembered as an edge and a fraction along it, measured in the
///   region without bars or keyboard: a keyboard or bar that would cover it pushes it clear and
///   it returns when they go; after a rotation, Split View or a window resize it keeps its edge
///   and its relative position along it.
/// - **Motion that hands over.** The default motion is a spring (damping ratio 0.85, response
///   0.4 s) that starts at the item's velocity on each axis, normalised by that axis's distance
///   as UIKit's spring timing parameters take it, so a flick has no hitch. Overshoot past the
///   rest region is eased into the room left before the window's edge (`ItemView.cushion`, a
///   tanh soft wall with slope 1 where it begins), so an underdamped or critically damped spring
///   never carries the item off screen and, where there is room (the 16 pt margin, and any
///   inset), its velocity has no kink; with no room (`margin:0` against a flush edge, or an item
///   too big for its margin) the wall is hard and the item stops against it. The item is driven
///   by a display link: a touch catches it where it is shown, with no jump, and the drag goes on
///   from there (past the rest region, from the point the rubber band shows it at).
/// - **Rubber-banding.** Past the rest region the item follows the finger with a diminishing
///   offset, `(1 − 1 / (x c / d + 1)) d` for an overshoot x, c = 0.55 and d the window's size on
///   that axis, and is never shown beyond the window.
public struct FluidDock: SnapAlgorithm {
  /// How the rest position is chosen from the projected point.
  public enum Mode: String, CaseIterable, Sendable {
    case sides, edges, corners, left, right, thrown
  }

  /// A scroll view's normal deceleration rate per millisecond (`UIScrollView.DecelerationRate.normal`).
  public static let normalDeceleration: CGFloat = 0.998
  /// A scroll view's fast deceleration rate per millisecond (`.fast`).
  public static let fastDeceleration: CGFloat = 0.99
  /// The default motion: a spring with damping ratio 0.85 and a 0.4 s response.
  public static let defaultMotion: Motion = {
    guard let spring = DampedSpring(dampingRatio: 0.85, response: 0.4) else { return .none }
    return .spring(spring)
  }()

  public var mode: Mode
  /// The deceleration rate per millisecond the release point is projected with, in (0, 1).
  public var decelerationRate: CGFloat
  /// How far inside every edge of the safe region the item rests, in points.
  public var margin: CGFloat
  /// How many evenly spaced positions along an edge the item may rest at; `nil` for anywhere.
  public var slots: Int?
  /// In `thrown` mode, the horizontal speed from which a flick picks the side, in points per second.
  public var throwSpeed: CGFloat
  /// The rubber-band coefficient while dragging past the rest region.
  public var rubberBandCoefficient: CGFloat
  public var releaseMotion: Motion? = FluidDock.defaultMotion
  public let inputAPI = InputAPI.panGestureRecognizer
  /// A button: the pan, once it begins, cancels its touch-up-inside.
  public var itemAction: ItemAction? { .touchUpInside }

  /// Where and how the finger holds the item.
  public var grab = Grab()
  /// Where the item rests, as fractions (0 = low end, 1 = high end) of the range of centres
  /// along each axis of the rest region without the keyboard; `nil` until it has docked.
  public var berth: CGPoint?
  /// Whether the item must settle when the finger now down lifts without dragging: it was
  /// caught in flight, or the container changed under the finger.
  public var settlesOnLift = false

  /// The fastest release velocity handed to the motion, in points per second on each axis: no
  /// finger flicks faster (UIKit's estimates stay under about 10,000), and a crafted gesture
  /// (touches nanoseconds apart) must not overflow the spring.
  public static let maximumHandedVelocity: CGFloat = 100_000

  public static let defaultMargin: CGFloat = 16
  public static let defaultThrowSpeed: CGFloat = 500
  public static let defaultRubberBand: CGFloat = 0.55

  @inlinable
  public init(
    mode: Mode = .sides, decelerationRate: CGFloat = FluidDock.normalDeceleration,
    margin: CGFloat = FluidDock.defaultMargin, slots: Int? = nil,
    throwSpeed: CGFloat = FluidDock.defaultThrowSpeed,
    rubberBandCoefficient: CGFloat = FluidDock.defaultRubberBand
  ) {
    self.mode = mode
    self.decelerationRate = decelerationRate
    self.margin = margin
    self.slots = slots
    self.throwSpeed = throwSpeed
    self.rubberBandCoefficient = rubberBandCoefficient
  }

  /// `fluid-dock.<mode>`, with the options that differ from the defaults in parentheses:
  /// `fluid-dock.sides(deceleration:fast,slots:3)`.
  public var id: String {
    var options: [String] = []
    if decelerationRate != Self.normalDeceleration {
      options.append(
        "deceleration:"
          + (decelerationRate == Self.fastDeceleration ? "fast" : "\(Double(decelerationRate))"))
    }
    if margin != Self.defaultMargin { options.append("margin:\(plain(margin))") }
    if let slots { options.append("slots:\(slots)") }
    if throwSpeed != Self.defaultThrowSpeed { options.append("throw-speed:\(plain(throwSpeed))") }
    if rubberBandCoefficient != Self.defaultRubberBand {
      options.append("rubber-band:\(plain(rubberBandCoefficient))")
    }
    let base = "fluid-dock.\(mode.rawValue)"
    return options.isEmpty ? base : base + "(" + options.joined(separator: ",") + ")"
  }

  public var dockingMargin: CGFloat? { margin }
  public var projectsVelocity: Bool { true }
  public var rubberBand: CGFloat? { rubberBandCoefficient }
  public var dockingRule: DockingRule {
    let placement: DockingRule.Placement
    switch mode {
    case .sides: placement = .nearerSide
    case .edges: placement = .nearestEdge
    case .corners: placement = .nearestCorner
    case .left: placement = .left
    case .right: placement = .right
    case .thrown: placement = .thrown(minimumSpeed: throwSpeed)
    }
    return DockingRule(
      placement: placement, decelerationRate: decelerationRate,
      slots: mode == .corners ? nil : slots, marginOnAllSides: true, keepsPlaceAlongEdge: true)
  }

  // MARK: Touches and the pan

  @inlinable
  public mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    view.isDisplayLinkDriven = true
    // Caught in flight: it stops where it is shown, and the drag goes on from there.
    settlesOnLift = view.isAnimating(at: context.time)
    if settlesOnLift { view.stopAnimations(at: context.time) } else { view.finishAnimations() }
    take(at: touch.locationInContainer, view: view, environment: context.environment)
    grab.hold = .touched
  }

  /// Grabs the item at `location` where it is shown. Past the rest region the grab is measured
  /// from the point the rubber band would show there, so the item does not jump when it starts
  /// following the finger.
  @inlinable
  mutating func take(at location: CGPoint, view: ItemView, environment: ItemEnvironment) {
    grab.begin(at: location, center: unbanded(view.center, size: view.size, in: environment))
  }

  @inlinable
  public mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    grab.lastTouch = touch.locationInContainer
  }

  @inlinable
  public mutating func touchesEnded(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
    // A tap (the pan never began): a resting item stays; one caught in flight, or moved by a
    // container change under the finger, settles from there.
    grab.end()
    if settlesOnLift { dock(&view, context: context, fingerVelocity: .zero) }
    settlesOnLift = false
  }

  @inlinable
  public mutating func touchesCancelled(
    _ touch: Touch, view: inout ItemView, context: UIKitContext
  ) {
    // Either the pan took the touch over (it is dragging) or the system cancelled it.
    guard grab.hold != .dragging else { return }
    grab.end()
    if settlesOnLift { dock(&view, context: context, fingerVelocity: .zero) }
    settlesOnLift = false
  }

  @inlinable
  public mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    switch recognizer.state {
    case .began:
      grab.hold = .dragging
      if view.isAnimating(at: context.time) {
        // Moved by a container change since the touch landed: take it from where it is shown.
        view.stopAnimations(at: context.time)
        take(at: recognizer.location(in: .superview), view: view, environment: context.environment)
      }
      fallthrough
    case .changed:
      let wanted = grab.follow(recognizer.location(in: .superview))
      view.center = follow(wanted, from: view.center, size: view.size, in: context.environment).center
    case .ended, .cancelled:
      let velocity = recognizer.velocity(in: .window)
      dock(&view, context: context, fingerVelocity: CGVector(dx: velocity.x, dy: velocity.y))
    default:
      break
    }
  }

  @inlinable
  public mutating func environmentDidChange(
    from old: ItemEnvironment, view: inout ItemView, context: UIKitContext
  ) {
    let environment = context.environment
    let time = context.time
    // A finger resting on it holds it where it is shown.
    if grab.hold == .touched, grab.lastTouch != nil { view.stopAnimations(at: time) }
    // A superview that moved in the window (an opaque navigation bar) moves the finger in it.
    let stays = grab.containerChanged(from: old, to: environment, center: view.center)
    if grab.hold == .dragging, let wanted = grab.wantedCenter {
      view.center = follow(wanted, from: stays, size: view.size, in: environment).center
      return
    }
    if grab.hold == .touched, let finger = grab.lastTouch {
      // A finger rests on it: it stays where it is shown, kept in the new window, and settles
      // when the finger lifts.
      view.center = SafeDocking.clamp(stays, size: view.size, in: environment.bounds)
      take(at: finger, view: view, environment: environment)
      settlesOnLift = true
      return
    }
    let shown = view.presentationCenter(at: time)
    let place = berth ?? restingBerth(for: shown, size: view.size, in: old)
    berth = place
    let target = center(of: place, size: view.size, in: environment)
    if environment.bounds.size == old.bounds.size, let motion = releaseMotion, motion != .none {
      // Same window, other insets, bars or keyboard: glide there, keeping the current velocity.
      let velocity = view.isAnimating(at: time) ? view.presentationVelocity(at: time) : .zero
      view.stopAnimations(at: time)
      start(&view, to: target, with: motion, at: time, velocity: velocity, in: environment)
    } else {
      // A rotation or a new window: the old position means nothing on the new screen.
      view.finishAnimations()
      view.center = target
    }
  }

  // MARK: Docking

  /// Chooses where to rest from the release and sends the item there, handing over its velocity.
  @inlinable
  mutating func dock(_ view: inout ItemView, context: UIKitContext, fingerVelocity: CGVector) {
    let environment = context.environment
    let most = Self.maximumHandedVelocity
    let finger = CGVector(
      dx: fingerVelocity.dx.isFinite ? min(max(fingerVelocity.dx, -most), most) : 0,
      dy: fingerVelocity.dy.isFinite ? min(max(fingerVelocity.dy, -most), most) : 0)
    // How fast the item itself moves: the finger's speed, less where the rubber band eases it.
    var velocity = finger
    if let wanted = grab.wantedCenter {
      let followed = follow(wanted, from: view.center, size: view.size, in: environment)
      velocity = CGVector(dx: finger.dx * followed.slope.dx, dy: finger.dy * followed.slope.dy)
    }
    grab.end()
    settlesOnLift = false
    view.stopAnimations(at: context.time)
    let place = berth(for: view.center, velocity: finger, size: view.size, in: environment)
    berth = place
    let target = center(of: place, size: view.size, in: environment)
    start(
      &view, to: target, with: releaseMotion ?? .none, at: context.time, velocity: velocity,
      in: environment)
  }

  /// Starts the motion to `target`, confined to the window with a cushion beyond the rest region.
  @inlinable
  func start(
    _ view: inout ItemView, to target: CGPoint, with motion: Motion, at time: Double,
    velocity: CGVector, in environment: ItemEnvironment
  ) {
    let box = restBox(size: view.size, in: environment)
    let from = view.center
    view.isDisplayLinkDriven = true
    // The free region includes where the item starts, so nothing jumps when the motion begins.
    view.confinement = environment.bounds
    view.cushion = CGRect(
      x: min(box.minX, from.x), y: min(box.minY, from.y),
      width: max(box.maxX, from.x) - min(box.minX, from.x),
      height: max(box.maxY, from.y) - min(box.minY, from.y))
    view.animate(
      to: target, with: motion, at: time, allowsUserInteraction: true,
      velocity: motion.carriesVelocity ? velocity : nil)
  }

  /// The berth of an item resting at `center` that did not dock there itself (placed, or pushed
  /// before it had a berth): as `berth(for:velocity:size:in:)` chooses from that point, except
  /// that with slots it takes the slot whose place in `environment` (kept clear of bars and the
  /// keyboard) is nearest where the item is — so an item already resting on a slot pushed
  /// against the keyboard keeps that slot, and a change that changes nothing moves nothing.
  @inlinable
  public func restingBerth(for center: CGPoint, size: CGSize, in environment: ItemEnvironment) -> CGPoint {
    let chosen = berth(for: center, velocity: .zero, size: size, in: environment)
    guard let slots, slots > 1 else { return chosen }
    // Along the edge it docks on: y on a side, x on the top or bottom.
    let alongX = chosen.y == 0 || chosen.y == 1
    let alongY = chosen.x == 0 || chosen.x == 1
    guard alongX != alongY else { return chosen }
    let lastSlot = CGFloat(slots - 1)
    var best = chosen
    var nearest = CGFloat.infinity
    for k in 0..<slots {
      var candidate = chosen
      if alongY { candidate.y = CGFloat(k) / lastSlot } else { candidate.x = CGFloat(k) / lastSlot }
      let place = self.center(of: candidate, size: size, in: environment)
      let distance = alongY ? abs(place.y - center.y) : abs(place.x - center.x)
      if distance < nearest - 1e-9 {
        nearest = distance
        best = candidate
      }
    }
    return best
  }

  /// The projected point a release at `center` with `velocity` chooses its rest from.
  @inlinable
  public func projected(_ center: CGPoint, velocity: CGVector) -> CGPoint {
    DockingRule.project(center, velocity: velocity, rate: decelerationRate)
  }

  /// Where an item released at `center` with the finger at `velocity` rests, as a berth.
  @inlinable
  public func berth(
    for center: CGPoint, velocity: CGVector, size: CGSize, in environment: ItemEnvironment
  ) -> CGPoint {
    let box = restBox(size: size, in: environment)
    let free = restBox(size: size, in: environment.unobstructed)
    let point = projected(center, velocity: velocity)
    /// The fraction along an axis for a point, kept inside the current region, snapped to a slot.
    func along(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ freeLow: CGFloat, _ freeHigh: CGFloat)
      -> CGFloat
    {
      let kept = value.isFinite ? min(max(value, low), high) : (low + high) / 2
      // With no room along the edge, the middle (or the slot nearest it, for a later window).
      let fraction =
        freeHigh > freeLow ? min(max((kept - freeLow) / (freeHigh - freeLow), 0), 1) : 0.5
      guard let slots, slots > 0 else { return fraction }
      guard slots > 1 else { return 0.5 }
      let steps = CGFloat(slots - 1)
      return (fraction * steps).rounded(.toNearestOrAwayFromZero) / steps
    }
    let alongX = { along(point.x, box.minX, box.maxX, free.minX, free.maxX) }
    let alongY = { along(point.y, box.minY, box.maxY, free.minY, free.maxY) }
    let rightOfMiddle = point.x > box.midX
    switch mode {
    case .sides: return CGPoint(x: rightOfMiddle ? 1 : 0, y: alongY())
    case .left: return CGPoint(x: 0, y: alongY())
    case .right: return CGPoint(x: 1, y: alongY())
    case .thrown:
      let thrown = velocity.dx != 0 && abs(velocity.dx) >= throwSpeed
      let right = thrown ? velocity.dx > 0 : center.x > box.midX
      return CGPoint(x: right ? 1 : 0, y: alongY())
    case .corners:
      return CGPoint(x: rightOfMiddle ? 1 : 0, y: point.y > box.midY ? 1 : 0)
    case .edges:
      let distances = [
        point.x - box.minX, box.maxX - point.x, point.y - box.minY, box.maxY - point.y,
      ]
      var nearest = 0
      for index in 1..<4 where distances[index] < distances[nearest] { nearest = index }
      switch nearest {
      case 0: return CGPoint(x: 0, y: alongY())
      case 1: return CGPoint(x: 1, y: alongY())
      case 2: return CGPoint(x: alongX(), y: 0)
      default: return CGPoint(x: alongX(), y: 1)
      }
    }
  }

  /// The centre a berth stands for in `environment`: its place in the region without bars or
  /// keyboard, kept clear of them.
  @inlinable
  public func center(of berth: CGPoint, size: CGSize, in environment: ItemEnvironment) -> CGPoint {
    let box = restBox(size: size, in: environment)
    let free = restBox(size: size, in: environment.unobstructed)
    let x = free.minX + berth.x * free.width
    let y = free.minY + berth.y * free.height
    return CGPoint(x: min(max(x, box.minX), box.maxX), y: min(max(y, box.minY), box.maxY))
  }

  /// The centres an item of `size` may rest at: `margin` inside the safe region on each axis it
  /// fits along with the margin; flush inside it where only the item fits; where it does not fit
  /// at all, the single centre as near the region's middle as keeps it on screen (centred on the
  /// window when it is larger than that too).
  @inlinable
  public func restBox(size: CGSize, in environment: ItemEnvironment) -> CGRect {
    let region = environment.safeRegion
    let bounds = environment.bounds
    func range(
      _ low: CGFloat, _ high: CGFloat, _ outerLow: CGFloat, _ outerHigh: CGFloat,
      _ extent: CGFloat
    ) -> (CGFloat, CGFloat) {
      let inset = margin.isFinite ? max(margin, 0) : 0
      if extent + 2 * inset <= high - low {
        return (low + inset + extent / 2, high - inset - extent / 2)
      }
      if extent <= high - low { return (low + extent / 2, high - extent / 2) }
      let middle = SafeDocking.clamp(
        (low + high) / 2, extent: extent, low: outerLow, high: outerHigh)
      return (middle, middle)
    }
    let x = range(region.minX, region.maxX, bounds.minX, bounds.maxX, size.width)
    let y = range(region.minY, region.maxY, bounds.minY, bounds.maxY, size.height)
    return CGRect(x: x.0, y: y.0, width: x.1 - x.0, height: y.1 - y.0)
  }

  // MARK: Dragging

  /// Where the item is shown when the finger would put its centre at `wanted`: there inside the
  /// rest region, rubber-banded past it, never beyond the window; and how fast it moves there
  /// per point the finger moves, on each axis.
  @inlinable
  public func follow(_ wanted: CGPoint, from current: CGPoint, size: CGSize, in environment: ItemEnvironment)
    -> (center: CGPoint, slope: CGVector)
  {
    let box = restBox(size: size, in: environment)
    let bounds = environment.bounds
    let x = banded(
      wanted.x.isFinite ? wanted.x : current.x, low: box.minX, high: box.maxX,
      windowLow: bounds.minX, windowHigh: bounds.maxX, extent: size.width)
    let y = banded(
      wanted.y.isFinite ? wanted.y : current.y, low: box.minY, high: box.maxY,
      windowLow: bounds.minY, windowHigh: bounds.maxY, extent: size.height)
    return (CGPoint(x: x.value, y: y.value), CGVector(dx: x.slope, dy: y.slope))
  }

  /// One axis of `follow`: the rubber band `(1 − 1 / (x c / d + 1)) d` past `low…high`, with d
  /// the window's length, then kept inside the window.
  @inlinable
  func banded(
    _ value: CGFloat, low: CGFloat, high: CGFloat, windowLow: CGFloat, windowHigh: CGFloat,
    extent: CGFloat
  ) -> (value: CGFloat, slope: CGFloat) {
    let length = windowHigh - windowLow
    guard value.isFinite else { return ((low + high) / 2, 0) }
    var result = value
    var slope: CGFloat = 1
    let c = rubberBandCoefficient
    if value > high || value < low {
      let excess = value > high ? value - high : low - value
      var offset = excess
      if length > 0, c > 0, c.isFinite {
        let stretch = excess * c / length + 1
        offset = (1 - 1 / stretch) * length
        slope = c / (stretch * stretch)
      } else {
        offset = 0
        slope = 0
      }
      result = value > high ? high + offset : low - offset
    }
    // Never beyond the window (centred on it when the item is larger).
    if extent >= length { return ((windowLow + windowHigh) / 2, 0) }
    let lowest = windowLow + extent / 2
    let highest = windowHigh - extent / 2
    if result < lowest { return (lowest, 0) }
    if result > highest { return (highest, 0) }
    return (result, slope)
  }
}

extension FluidDock {
  /// The centre the finger would have to put the item at for `follow` to show it at `shown`:
  /// `shown` inside the rest region; past it, the rubber band undone,
  /// x = (d / c) · y / (d − y) for a shown overshoot y.
  @inlinable
  public func unbanded(_ shown: CGPoint, size: CGSize, in environment: ItemEnvironment) -> CGPoint {
    let box = restBox(size: size, in: environment)
    let bounds = environment.bounds
    func axis(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat) -> CGFloat {
      let c = rubberBandCoefficient
      guard value.isFinite, length > 0, c > 0, c.isFinite, value > high || value < low else {
        return value
      }
      let overshoot = min(value > high ? value - high : low - value, length * (1 - 1e-9))
      let excess = length / c * overshoot / (length - overshoot)
      return value > high ? high + excess : low - excess
    }
    return CGPoint(
      x: axis(shown.x, box.minX, box.maxX, bounds.width),
      y: axis(shown.y, box.minY, box.maxY, bounds.height))
  }
}

extension ItemEnvironment {
  /// The same window with no navigation bar, tab bar or keyboard: what is left when nothing
  /// that comes and goes covers it (the safe-area insets and the status bar stay).
  @inlinable
  public var unobstructed: ItemEnvironment {
    var copy = self
    copy.navigationBarHeight = 0
    copy.tabBarHeight = 0
    copy.keyboardFrame = nil
    return copy
  }
}

/// A number without a trailing `.0`.
@usableFromInline
func plain(_ value: CGFloat) -> String {
  let double = Double(value)
  if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) }
  return "\(double)"
}
