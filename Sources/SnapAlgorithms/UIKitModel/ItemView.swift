import Foundation

/// The floating item as UIKit holds it: the model value of `center` that code reads and
/// writes, and the animations in flight that decide what is actually on screen.
///
/// This reproduces the UIKit behaviour the articles rely on:
/// - Inside an animation block, assigning `center` changes the model value at once; reading
///   `center` or `frame` afterwards returns the final value while the screen still moves.
/// - Since iOS 8, UIView animations of `center` are additive: each animation adds a decaying
///   offset (old value − new value) on top of the model value, so an animation started while
///   another runs blends from wherever the item is shown, and two started together with the same
///   timing behave as one animation to the last target.
/// - Without `.allowUserInteraction`, a view ignores touches while it is being animated.
/// - Hit-testing and coordinate conversion use the model frame, not what is on screen.
public struct ItemView: Hashable, Sendable {
  /// The model value of `center`, in the superview's (container's) coordinates.
  public var center: CGPoint
  /// `bounds.size`.
  public var size: CGSize
  /// `isHidden`: a hidden view is not drawn, and UIKit's hit-testing passes over it (a menu
  /// that hides its button while it is open).
  public var isHidden = false
  /// `alpha`: below 0.01 UIKit's hit-testing passes over the view as if it were hidden (a
  /// button faded out while its menu is open). Set at once: fading is not modelled.
  public var alpha: CGFloat = 1
  /// Animations of `center` that have not yet finished.
  @inlinable public var animations: [Animation] { inFlight }
  @usableFromInline var inFlight: [Animation] = []

  /// One additive animation of `center`.
  public struct Animation: Hashable, Sendable {
    /// When the animation began, on the gesture's clock.
    public var beginTime: Double
    /// Old model value minus new model value: the offset shown at the start, decaying to zero.
    public var offset: CGVector
    public var motion: Motion
    /// How long the motion lasts, computed once (per axis for springs handed a velocity).
    public var duration: Double
    public var allowsUserInteraction: Bool
    /// For a spring: the initial velocity on each axis, normalised by that axis's distance, as
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` takes it; `nil` for the
    /// motion's own.
    public var initialVelocity: CGVector?
    /// For a spring on an axis it does not have to travel along: the velocity, in points per
    /// second, it starts that axis at (the item swings out and back); zero otherwise.
    public var kick: CGVector = .zero
    /// The completion the code gave it (`animate(…, completion: tag)`), called when it ends.
    public var completion: String?

    @inlinable
    public init(
      beginTime: Double, offset: CGVector, motion: Motion, duration: Double,
      allowsUserInteraction: Bool, initialVelocity: CGVector? = nil
    ) {
      self.beginTime = beginTime
      self.offset = offset
      self.motion = motion
      self.duration = duration
      self.allowsUserInteraction = allowsUserInteraction
      self.initialVelocity = initialVelocity
    }

    /// The offset still shown at `time`.
    @inlinable
    public func remainingOffset(at time: Double) -> CGVector {
      let elapsed = time - beginTime
      if let velocity = initialVelocity, case .spring(let spring) = motion {
        guard elapsed < duration else { return .zero }
        guard elapsed > 0 else { return offset }
        // Every axis at one moment: the exponentials, sine and cosine are computed once.
        let phase = spring.phase(at: elapsed)
        let x = spring.state(phase, displacement: 1, velocity: -velocity.dx).displacement
        let y = spring.state(phase, displacement: 1, velocity: -velocity.dy).displacement
        let kickX = kick.dx == 0 ? 0 : spring.state(phase, displacement: 0, velocity: kick.dx).displacement
        let kickY = kick.dy == 0 ? 0 : spring.state(phase, displacement: 0, velocity: kick.dy).displacement
        return CGVector(dx: offset.dx * x + kickX, dy: offset.dy * y + kickY)
      }
      let remaining = 1 - motion.fraction(at: elapsed, settleTime: duration)
      return CGVector(dx: offset.dx * remaining, dy: offset.dy * remaining)
    }

    /// How fast the remaining offset changes at `time`, in points per second: in closed form
    /// for springs, by a sub-microsecond difference for timing curves.
    @inlinable
    public func offsetVelocity(at time: Double) -> CGVector {
      let elapsed = time - beginTime
      guard elapsed >= 0, elapsed < duration else { return .zero }
      if case .spring(let spring) = motion {
        let vx = -(initialVelocity.map { Double($0.dx) } ?? spring.initialVelocity)
        let vy = -(initialVelocity.map { Double($0.dy) } ?? spring.initialVelocity)
        let phase = spring.phase(at: elapsed)
        let x = spring.state(phase, displacement: 1, velocity: vx).velocity
        let y = spring.state(phase, displacement: 1, velocity: vy).velocity
        let kickX = kick.dx == 0 ? 0 : spring.state(phase, displacement: 0, velocity: kick.dx).velocity
        let kickY = kick.dy == 0 ? 0 : spring.state(phase, displacement: 0, velocity: kick.dy).velocity
        return CGVector(dx: offset.dx * x + kickX, dy: offset.dy * y + kickY)
      }
      let step = 1e-7
      let now = remainingOffset(at: time)
      let later = remainingOffset(at: time + step)
      return CGVector(dx: (later.dx - now.dx) / step, dy: (later.dy - now.dy) / step)
    }
  }

  /// A rectangle the item is shown inside of whatever its animations say, or `nil`.
  ///
  /// A UIView animation has no such option, so the published variants never set it. An app
  /// gets it by driving the motion from a display link — each frame it sets the view's centre
  /// to `presentationCenter(at:)`, as SnapLab's UIKit adapter does — so code that wants a spring
  /// never to leave the screen (an underdamped one overshoots a flush edge) confines the shown
  /// position: the item rests against the edge while the spring is past it, then follows it back.
  public var confinement: CGRect?

  /// With `confinement`: the region the centre moves in unchanged while animating. Beyond it the
  /// excursion towards the confinement's edge is eased into the room left there — shown at
  /// `knee + room · tanh(excess / room)` — so the item slows into a soft wall it never reaches,
  /// with no kink in its velocity where the wall begins (the slope of tanh at 0 is 1). `nil` is
  /// a hard wall at the confinement's edge: the item stops dead against it.
  public var cushion: CGRect?

  /// Whether the item is moved by a display link that writes the shown centre into the view
  /// every frame (SnapLab's UIKit adapter does), rather than by UIView animations: then hit-tests
  /// see the item where it is shown, not at its model value, so a finger can catch it in flight.
  public var isDisplayLinkDriven = false

  /// Whether hit-tests see the item where it is shown rather than at its model value: true for
  /// an item driven by a display link, or whose UIKit view overrides `point(inside:with:)` to
  /// test against `layer.presentation()`'s frame (what an app with UIView animations does to be
  /// caught in flight). The same switch as `isDisplayLinkDriven`, named for what it changes.
  @inlinable
  public var hitTestsWhereShown: Bool {
    get { isDisplayLinkDriven }
    set { isDisplayLinkDriven = newValue }
  }

  /// The moment on the gesture's clock that UIKit's `animate(withDuration:…)` calls start at,
  /// as Core Animation's start at the current media time; the simulator sets it before every
  /// handler it calls.
  public var currentTime: Double = 0

  /// An animation's completion that is due: its tag, and whether the animation ran to its end.
  public struct CompletedAnimation: Hashable, Sendable {
    public var tag: String
    public var finished: Bool

    @inlinable
    public init(tag: String, finished: Bool) {
      self.tag = tag
      self.finished = finished
    }
  }

  /// Completions due and not yet delivered: the simulator hands each to the algorithm's
  /// `animationDidComplete(_:finished:view:context:)` at the next frame or event.
  @usableFromInline var completed: [CompletedAnimation] = []

  /// Notes that every animation with a completion among `removed` ended, `finished` or not.
  @inlinable
  mutating func complete(_ removed: [Animation], finished: Bool) {
    for animation in removed {
      if let tag = animation.completion { completed.append(CompletedAnimation(tag: tag, finished: finished)) }
    }
  }

  /// Takes the completions due, oldest first.
  @inlinable
  public mutating func takeCompletions() -> [CompletedAnimation] {
    guard !completed.isEmpty else { return [] }
    defer { completed.removeAll() }
    return completed
  }

  /// How many times the item's action has fired: `sendAction()` calls, and what UIKit's tap
  /// recogniser or control tracking fired for an algorithm whose `itemAction` says so.
  public var actionsSent: Int { sent }
  @usableFromInline var sent = 0

  /// Fires the item's action, as `sendActions(for: .primaryActionTriggered)` or calling the
  /// tap handler does: for an algorithm whose `itemAction` is `.handlers`.
  @inlinable
  public mutating func sendAction() { sent += 1 }

  @inlinable
  public init(center: CGPoint, size: CGSize) {
    self.center = center
    self.size = size
  }

  /// `view.bounds`: the item's own coordinates, origin at its top left corner.
  @inlinable
  public var bounds: CGRect { CGRect(origin: .zero, size: size) }

  /// The model frame: what `view.frame` returns, even mid-animation.
  @inlinable
  public var frame: CGRect {
    get { center.rect(ofSize: size) }
    set {
      size = newValue.size
      center = newValue.center
    }
  }

  /// Sets `center` to `target` with `motion`, as assigning it inside
  /// `UIView.animate(withDuration:…)` does: the model value changes now and the screen follows.
  ///
  /// `.none` assigns without animating. A zero-distance change starts no animation. A spring
  /// handed `velocity` (points per second, per axis) starts at it on every axis that moves, as
  /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` does with the velocity divided by
  /// each axis's distance.
  @inlinable
  public mutating func animate(
    to target: CGPoint, with motion: Motion, at time: Double, allowsUserInteraction: Bool = false,
    velocity: CGVector? = nil, completion: String? = nil
  ) {
    let offset = CGVector(dx: center.x - target.x, dy: center.y - target.y)
    center = target
    var kick = CGVector.zero
    if let velocity, case .spring = motion {
      // An axis with nowhere to go still starts at the velocity it is handed.
      if offset.dx == 0, velocity.dx.isFinite { kick.dx = velocity.dx }
      if offset.dy == 0, velocity.dy.isFinite { kick.dy = velocity.dy }
    }
    guard motion != .none, offset.dx != 0 || offset.dy != 0 || kick != .zero else {
      // Nothing to animate: UIKit still calls the completion, finished.
      if let completion { completed.append(CompletedAnimation(tag: completion, finished: true)) }
      return
    }
    var normalised: CGVector?
    var duration = motion.settleTime
    if let velocity, case .spring(let spring) = motion {
      // Distance to travel is −offset; normalise each axis by its own.
      // A velocity that overflows once normalised (a crafted gesture) is not handed over.
      let rawX = offset.dx != 0 && velocity.dx.isFinite ? velocity.dx / -offset.dx : 0
      let rawY = offset.dy != 0 && velocity.dy.isFinite ? velocity.dy / -offset.dy : 0
      let vx = rawX.isFinite ? rawX : 0
      let vy = rawY.isFinite ? rawY : 0
      normalised = CGVector(dx: vx, dy: vy)
      // A kick settles like a unit distance travelled at that many points per second.
      duration = [vx, vy, -kick.dx, -kick.dy].map { spring.withInitialVelocity($0).settleTime }
        .max() ?? duration
    }
    var animation = Animation(
      beginTime: time, offset: offset, motion: motion, duration: duration,
      allowsUserInteraction: allowsUserInteraction, initialVelocity: normalised)
    animation.kick = kick
    animation.completion = completion
    inFlight.append(animation)
  }

  /// Merges the running animations of the spring `motion` with the completion `tag` (one value's
  /// animations) into one, as SwiftUI merges a spring started on a value into the spring already
  /// moving it: their offsets and velocities at `time` summed become one animation of that spring
  /// starting there. Springs of one stiffness and damping add up to one, so what is shown does
  /// not change; what a frame evaluates does (one animation, where UIKit's additive animations
  /// would be several).
  @inlinable
  public mutating func mergeSprings(_ motion: Motion, completion tag: String?, at time: Double) {
    func merges(_ animation: Animation) -> Bool {
      animation.motion == motion && animation.completion == tag
        && time < animation.beginTime + animation.duration
    }
    guard case .spring(let spring) = motion, inFlight.lazy.filter(merges).count > 1 else { return }
    var offset = CGVector.zero
    var velocity = CGVector.zero
    var allowsUserInteraction = true
    var others: [Animation] = []
    for animation in inFlight {
      guard merges(animation) else {
        others.append(animation)
        continue
      }
      let now = animation.remainingOffset(at: time)
      let rate = animation.offsetVelocity(at: time)
      offset.dx += now.dx
      offset.dy += now.dy
      velocity.dx += rate.dx
      velocity.dy += rate.dy
      allowsUserInteraction = allowsUserInteraction && animation.allowsUserInteraction
    }
    // The offset's velocity, normalised by the offset on each axis as `animate(to:…)` does; an
    // axis with no offset left but a velocity starts there (a kick).
    var normalised = CGVector.zero
    var kick = CGVector.zero
    if offset.dx != 0 { normalised.dx = -velocity.dx / offset.dx } else { kick.dx = velocity.dx }
    if offset.dy != 0 { normalised.dy = -velocity.dy / offset.dy } else { kick.dy = velocity.dy }
    if !normalised.dx.isFinite { normalised.dx = 0 }
    if !normalised.dy.isFinite { normalised.dy = 0 }
    let duration = [normalised.dx, normalised.dy, -kick.dx, -kick.dy]
      .map { spring.withInitialVelocity($0).settleTime }.max() ?? motion.settleTime
    var merged = Animation(
      beginTime: time, offset: offset, motion: motion, duration: duration,
      allowsUserInteraction: allowsUserInteraction, initialVelocity: normalised)
    merged.kick = kick
    merged.completion = tag
    inFlight = others + [merged]
  }

  /// The centre shown on screen at `time`: the model value plus every in-flight offset.
  ///
  /// - Complexity: O(number of animations in flight).
  @inlinable
  public func presentationCenter(at time: Double) -> CGPoint {
    var shown = center
    for animation in inFlight {
      let offset = animation.remainingOffset(at: time)
      shown.x += offset.dx
      shown.y += offset.dy
    }
    if let confinement, !inFlight.isEmpty {
      if let free = cushion {
        shown.x = Self.confine(
          shown.x, extent: size.width, low: confinement.minX, high: confinement.maxX,
          freeLow: free.minX, freeHigh: free.maxX
        ).value
        shown.y = Self.confine(
          shown.y, extent: size.height, low: confinement.minY, high: confinement.maxY,
          freeLow: free.minY, freeHigh: free.maxY
        ).value
      } else {
        shown.x = Self.confine(shown.x, extent: size.width, low: confinement.minX, high: confinement.maxX)
        shown.y = Self.confine(shown.y, extent: size.height, low: confinement.minY, high: confinement.maxY)
      }
    }
    return shown
  }

  /// `value` moved so that an extent centred on it stays within `low…high`, or centred there
  /// when it does not fit: a hard wall.
  @inlinable
  static func confine(_ value: CGFloat, extent: CGFloat, low: CGFloat, high: CGFloat) -> CGFloat {
    if extent >= high - low { return (low + high) / 2 }
    return Swift.min(Swift.max(value, low + extent / 2), high - extent / 2)
  }

  /// `value` kept so that an extent centred on it stays within `low…high` (centred there when it
  /// does not fit), with the centre free in `freeLow…freeHigh` and eased beyond it (see
  /// `cushion`); an infinite free range is a hard wall. Also returns d(shown)/d(value).
  @inlinable
  static func confine(
    _ value: CGFloat, extent: CGFloat, low: CGFloat, high: CGFloat, freeLow: CGFloat,
    freeHigh: CGFloat
  ) -> (value: CGFloat, slope: CGFloat) {
    if extent >= high - low { return ((low + high) / 2, 0) }
    let wallLow = low + extent / 2
    let wallHigh = high - extent / 2
    let kneeLow = Swift.min(Swift.max(freeLow, wallLow), wallHigh)
    let kneeHigh = Swift.max(Swift.min(freeHigh, wallHigh), kneeLow)
    if value > kneeHigh {
      let room = wallHigh - kneeHigh
      guard room > 0 else { return (kneeHigh, 0) }
      let eased = Foundation.tanh((value - kneeHigh) / room)
      return (kneeHigh + room * eased, 1 - eased * eased)
    }
    if value < kneeLow {
      let room = kneeLow - wallLow
      guard room > 0 else { return (kneeLow, 0) }
      let eased = Foundation.tanh((kneeLow - value) / room)
      return (kneeLow - room * eased, 1 - eased * eased)
    }
    return (value, 1)
  }

  /// The on-screen velocity at `time`, in points per second: the sum of the animations'
  /// velocities (zero on an axis the confinement is holding at its edge).
  @inlinable
  public func presentationVelocity(at time: Double) -> CGVector {
    var velocity = CGVector.zero
    for animation in inFlight {
      let part = animation.offsetVelocity(at: time)
      velocity.dx += part.dx
      velocity.dy += part.dy
    }
    if let confinement, !inFlight.isEmpty {
      // Where the confinement holds the item it does not move; where a cushion eases it, it
      // moves at the easing's slope.
      var free = center
      for animation in inFlight {
        let offset = animation.remainingOffset(at: time)
        free.x += offset.dx
        free.y += offset.dy
      }
      let cushion = cushion ?? .null
      velocity.dx *= Self.confine(
        free.x, extent: size.width, low: confinement.minX, high: confinement.maxX,
        freeLow: cushion.isNull ? -.infinity : cushion.minX,
        freeHigh: cushion.isNull ? .infinity : cushion.maxX
      ).slope
      velocity.dy *= Self.confine(
        free.y, extent: size.height, low: confinement.minY, high: confinement.maxY,
        freeLow: cushion.isNull ? -.infinity : cushion.minY,
        freeHigh: cushion.isNull ? .infinity : cushion.maxY
      ).slope
    }
    return velocity
  }

  /// Whether UIKit's hit-testing can find the view at all: not hidden, and its alpha at least
  /// 0.01.
  @inlinable
  public var isHitTestable: Bool { !isHidden && alpha >= 0.01 }

  /// The frame a touch landing at `time` is hit-tested against: the model frame, as UIKit's
  /// hit-testing uses, or the shown frame for an item driven by a display link.
  @inlinable
  public func hitFrame(at time: Double) -> CGRect {
    isDisplayLinkDriven ? presentationFrame(at: time) : frame
  }

  /// The frame shown on screen at `time`.
  @inlinable
  public func presentationFrame(at time: Double) -> CGRect {
    presentationCenter(at: time).rect(ofSize: size)
  }

  /// Whether any animation is still moving the item at `time`.
  @inlinable
  public func isAnimating(at time: Double) -> Bool {
    inFlight.contains { time < $0.beginTime + $0.duration }
  }

  /// Whether the item would receive a touch that lands at `time`: no animation without
  /// `.allowUserInteraction` is running.
  @inlinable
  public func acceptsTouches(at time: Double) -> Bool {
    !inFlight.contains { !$0.allowsUserInteraction && time < $0.beginTime + $0.duration }
  }

  /// Drops animations that have finished by `time`; they no longer change what is shown.
  @inlinable
  public mutating func removeFinishedAnimations(at time: Double) {
    // Asked every frame: most frames have nothing to remove, and removeAll(where:) would still
    // write the array back.
    guard inFlight.contains(where: { !(time < $0.beginTime + $0.duration) }) else { return }
    if inFlight.contains(where: { $0.completion != nil }) {
      complete(inFlight.filter { !(time < $0.beginTime + $0.duration) }, finished: true)
    }
    inFlight.removeAll { !(time < $0.beginTime + $0.duration) }
  }

  /// Stops every animation where it is shown at `time`, as `layer.removeAllAnimations()` after
  /// copying the presentation value into the model does; the item does not jump.
  @inlinable
  public mutating func stopAnimations(at time: Double) {
    center = presentationCenter(at: time)
    complete(inFlight, finished: false)
    inFlight.removeAll()
  }

  /// Removes the animations started with completion `tag`, as `layer.removeAnimation(forKey:)`
  /// does: what they still had to travel is gone, so the item jumps by it; their completions
  /// are told they did not finish.
  @inlinable
  public mutating func removeAnimations(completion tag: String) {
    guard inFlight.contains(where: { $0.completion == tag }) else { return }
    complete(inFlight.filter { $0.completion == tag }, finished: false)
    inFlight.removeAll { $0.completion == tag }
  }

  /// Ends every animation at once, leaving the item at its model value (its target); their
  /// completions are told they did not finish.
  @inlinable
  public mutating func finishAnimations() {
    complete(inFlight, finished: false)
    inFlight.removeAll()
  }

  /// `view.layer.removeAllAnimations()`: every animation ends and the item shows its model
  /// value at once (`finishAnimations()`).
  @inlinable
  public mutating func removeAllAnimations() {
    finishAnimations()
  }

  /// The moment the last animation ends, or `nil` when none runs.
  @inlinable
  public var animationEndTime: Double? {
    // A loop, not `map(…).max()`: asked every frame, it must not build an array.
    var latest: Double?
    for animation in inFlight {
      let end = animation.beginTime + animation.duration
      if let current = latest, !(end > current) { continue }
      latest = end
    }
    return latest
  }
}

// MARK: - UIKit's animation calls

extension ItemView {
  /// `UIView.AnimationOptions`, with UIKit's raw values; what the model acts on is the curve
  /// and `.allowUserInteraction`. (`.beginFromCurrentState` changes nothing: animations of
  /// `center` are additive since iOS 8, so every one starts from what is shown.)
  public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    @inlinable
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The timing curve the options name: ease-in-out unless another curve is given.
    @inlinable
    public var curve: TimingCurve {
      switch (rawValue >> 16) & 0xF {
      case 1: return .easeIn
      case 2: return .easeOut
      case 3: return .linear
      default: return .easeInOut
      }
    }
  }

  /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`: a spring with a damping ratio,
  /// started at a velocity per axis normalised by that axis's distance (1 covers the distance
  /// in a second).
  public struct SpringTimingParameters: Hashable, Sendable {
    public var dampingRatio: CGFloat
    public var initialVelocity: CGVector

    @inlinable
    public init(dampingRatio: CGFloat, initialVelocity: CGVector = .zero) {
      self.dampingRatio = dampingRatio
      self.initialVelocity = initialVelocity
    }
  }

  /// Animates what `animations` sets on the view (its `center`) with `motion` — an algorithm's
  /// `releaseMotion`, so that what the invariants read, and what `--motion` replaces, is what
  /// runs. A spring handed `velocity` (points per second, per axis) starts at it; `nil` or
  /// `.none` changes the view without animating.
  ///
  ///     view.animate(with: releaseMotion, velocity: context.fingerVelocity) { $0.center = target }
  @inlinable
  public mutating func animate(
    with motion: Motion?, delay: Double = 0, options: AnimationOptions = [],
    velocity: CGVector? = nil, completion: String? = nil, animations: (inout ItemView) -> Void
  ) {
    let from = center
    animations(&self)
    let to = center
    center = from
    animate(
      to: to, with: motion ?? .none, at: currentTime + (delay.isFinite ? max(delay, 0) : 0),
      allowsUserInteraction: options.contains(.allowUserInteraction), velocity: velocity,
      completion: completion)
  }

  /// `UIView.animate(withDuration:delay:options:animations:)`: what `animations` sets on the
  /// view (its `center`) takes effect in the model at once and is shown moving there along the
  /// options' curve over `duration` seconds, starting `delay` seconds from now.
  ///
  /// UIKit's block captures the view; this one is handed it: write `{ $0.center = target }`
  /// for `{ view.center = target }`. A completion block is a tag: when the animation ends (or
  /// is removed), the algorithm's `animationDidComplete(_:finished:view:context:)` is called
  /// with it, as UIKit calls the block. A `duration` of 0 or less changes the view without
  /// animating, as UIKit does (the completion is still called, finished).
  @inlinable
  public mutating func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    completion: String? = nil, animations: (inout ItemView) -> Void
  ) {
    let motion: Motion =
      duration.isFinite && duration > 0 ? .curve(options.curve, duration: duration) : .none
    animate(
      with: motion, delay: delay, options: options, completion: completion, animations: animations)
  }

  /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:
  /// animations:)`: as the curve form, along a spring with that damping ratio that settles in
  /// `duration`, started at `velocity` (normalised by the distance, on every axis alike).
  ///
  /// UIKit does not document how it turns the duration into a stiffness; the model uses the
  /// reconstruction of `DampedSpring.uikit(dampingRatio:duration:initialVelocity:)`.
  @inlinable
  public mutating func animate(
    withDuration duration: Double, delay: Double = 0,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], completion: String? = nil,
    animations: (inout ItemView) -> Void
  ) {
    let spring = DampedSpring.uikit(
      dampingRatio: Double(dampingRatio), duration: duration, initialVelocity: Double(velocity))
    animate(
      with: spring.map(Motion.spring), delay: delay, options: options, completion: completion,
      animations: animations)
  }

  /// A `UIViewPropertyAnimator(duration:timingParameters:)` with `UISpringTimingParameters`,
  /// its animations added and started at once: a spring that settles in `duration`, started at
  /// `timingParameters.initialVelocity` on each axis (normalised by that axis's distance).
  @inlinable
  public mutating func animate(
    withDuration duration: Double, timingParameters: SpringTimingParameters,
    options: AnimationOptions = [], animations: (inout ItemView) -> Void
  ) {
    guard
      let spring = DampedSpring.uikit(
        dampingRatio: Double(timingParameters.dampingRatio), duration: duration,
        initialVelocity: 0)
    else {
      animate(with: nil, options: options, animations: animations)
      return
    }
    let from = center
    animations(&self)
    let to = center
    center = from
    // The low-level form takes points per second and normalises by each axis's distance.
    let velocity = CGVector(
      dx: timingParameters.initialVelocity.dx * (to.x - from.x),
      dy: timingParameters.initialVelocity.dy * (to.y - from.y))
    animate(
      to: to, with: .spring(spring), at: currentTime,
      allowsUserInteraction: options.contains(.allowUserInteraction), velocity: velocity)
  }
}
