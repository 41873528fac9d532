import Foundation

/// Where a finger holds an item, shared by the corrected variants: the offset from the item's
/// centre to the finger at touch-down, and the finger's last location.
///
/// Following `location − offset` rather than adding up movements keeps the item under the
/// point it was grabbed by — no hysteresis lag, no movement counted twice — and lets a
/// container change re-seat the item under the finger.
public struct Grab: Sendable, Equatable {
  /// How a finger holds the item.
  public enum Hold: Sendable, Equatable {
    /// No finger: a container change re-docks the item (if its variant docks).
    case released
    /// A finger is down but has not dragged it yet (a pan not yet recognised): it stays put.
    case touched
    /// A finger drags it: it goes where the finger puts it.
    case dragging
  }

  /// The finger's location less the item's centre, at touch-down.
  public var offset = CGVector.zero
  /// The finger's last location, or nil when no finger holds the item.
  public var lastTouch: CGPoint?
  /// How the finger holds the item now; each variant sets it as its touches and pans go.
  public var hold = Hold.released
  /// Where the finger landed, and the farthest it has got from there (points).
  public var landing: CGPoint?
  public var travel: CGFloat = 0
  /// Whether a lift without a drag must still settle the item: the touch caught it while it was
  /// moving, or the container changed under the finger.
  public var mustSettle = false

  @inlinable
  public init() {}

  /// A finger came down at `location` on an item centred at `center`.
  @inlinable
  public mutating func begin(at location: CGPoint, center: CGPoint) {
    lastTouch = location
    landing = location
    travel = 0
    mustSettle = false
    offset = CGVector(dx: location.x - center.x, dy: location.y - center.y)
  }

  /// The finger moved to `location`; returns the centre that keeps the grabbed point under it.
  @inlinable
  public mutating func follow(_ location: CGPoint) -> CGPoint {
    moved(to: location)
    return CGPoint(x: location.x - offset.dx, y: location.y - offset.dy)
  }

  /// The finger moved to `location`: notes it, and how far it has got from where it landed.
  @inlinable
  public mutating func moved(to location: CGPoint) {
    lastTouch = location
    if let landing { travel = Swift.max(travel, distance(landing, location)) }
  }

  /// Whether the finger has moved at most a pan's hysteresis: the touch is a tap, not a drag.
  @inlinable
  public var isTap: Bool { travel < PanGestureRecognizer.defaultHysteresis }

  /// Catches `view` under a finger landing at `location`: stops any motion where it is shown
  /// (noting that it was caught in flight) and grabs it there. Variants that can be caught call
  /// it from `touchesBegan`; their motions are display-link driven, so hit-tests see the item
  /// where it is shown.
  @inlinable
  public mutating func catchItem(_ view: inout ItemView, at location: CGPoint, time: Double) {
    let moving = view.isAnimating(at: time)
    if moving { view.stopAnimations(at: time) }
    begin(at: location, center: view.center)
    mustSettle = moving
  }

  /// The centre that puts the grabbed point under the finger's last location, if any.
  @inlinable
  public var wantedCenter: CGPoint? {
    lastTouch.map { CGPoint(x: $0.x - offset.dx, y: $0.y - offset.dy) }
  }

  /// The finger lifted or was cancelled.
  @inlinable
  public mutating func end() {
    lastTouch = nil
    hold = .released
  }

  /// How far a point that stays put on the glass moves in the superview's coordinates when the
  /// container changes from `old` to `new` (both in their superview's coordinates): the
  /// superview's move in the window, reversed. Zero unless the superview moves — an opaque
  /// navigation bar that comes, goes or changes height moves the view controller's view under
  /// a finger that has not moved.
  @inlinable
  public static func glassShift(from old: ItemEnvironment, to new: ItemEnvironment) -> CGVector {
    CGVector(dx: new.bounds.minX - old.bounds.minX, dy: new.bounds.minY - old.bounds.minY)
  }

  /// The container changed from `old` to `new`: a finger still where it was on the glass is
  /// elsewhere in the superview if the superview moved. Moves the remembered touches with it,
  /// and returns `center` moved likewise: where an item that stays put on screen now is.
  @inlinable
  public mutating func containerChanged(
    from old: ItemEnvironment, to new: ItemEnvironment, center: CGPoint
  ) -> CGPoint {
    let shift = Self.glassShift(from: old, to: new)
    guard shift != .zero else { return center }
    func moved(_ point: CGPoint) -> CGPoint {
      CGPoint(x: point.x + shift.dx, y: point.y + shift.dy)
    }
    lastTouch = lastTouch.map(moved)
    landing = landing.map(moved)
    return moved(center)
  }

  /// Where a container change puts an item held by a finger — still under a touch that has not
  /// dragged, under the grabbed point of a dragging finger — or nil when no finger holds it.
  @inlinable
  public func heldCenter(current: CGPoint) -> CGPoint? {
    switch hold {
    case .released: return nil
    case .touched: return current
    case .dragging: return wantedCenter ?? current
    }
  }

  // MARK: Touch handling the corrected variants share

  /// `touchesBegan`: a finger landed on `view` at `location`. Catches it where it is shown
  /// (`catchItem`) and holds it, not yet dragging (`touched`).
  @inlinable
  public mutating func touchDown(_ view: inout ItemView, at location: CGPoint, time: Double) {
    catchItem(&view, at: location, time: time)
    hold = .touched
  }

  /// `touchesMoved` of a variant that drags from its touches (no pan): notes the finger at
  /// `location` and returns the centre that keeps the grabbed point under it once the finger
  /// has moved a pan's hysteresis (then the touch is a drag), or nil while it may still be a
  /// tap: the item stays.
  @inlinable
  public mutating func drag(to location: CGPoint) -> CGPoint? {
    let wanted = follow(location)
    if hold == .touched, !isTap { hold = .dragging }
    return hold == .dragging ? wanted : nil
  }

  /// A touch that never dragged lifted, or was cancelled: lets go, and returns whether the item
  /// must still settle where a release would (the touch caught it in flight, or the container
  /// changed under the finger).
  @inlinable
  public mutating func letGo() -> Bool {
    let settle = mustSettle
    end()
    return settle
  }

  /// `environmentDidChange` while a finger may hold the item: moves the remembered touches
  /// with the superview (`containerChanged`) and returns where the finger holds the item in the
  /// new container (`heldCenter`), noting that it must settle when the finger lifts; nil when
  /// no finger holds it and the variant places it by its own rule.
  @inlinable
  public mutating func holdThroughChange(
    from old: ItemEnvironment, to new: ItemEnvironment, center: CGPoint
  ) -> CGPoint? {
    let stays = containerChanged(from: old, to: new, center: center)
    guard let held = heldCenter(current: stays) else { return nil }
    mustSettle = true
    return held
  }
}

/// Where a variant last chose to rest the item, and the container it chose it in.
///
/// Container changes place the item from its berth rather than from wherever the last change
/// pushed it, so a cover that comes and goes — a keyboard shown and hidden, a rotation there
/// and back, a bar or the in-call status bar — brings it back exactly where it was. An item that
/// has not rested by the variant's choice yet takes where it is at the first change as its berth.
public struct Berth: Sendable, Equatable {
  public var center: CGPoint
  public var environment: ItemEnvironment

  @inlinable
  public init(center: CGPoint, environment: ItemEnvironment) {
    self.center = center
    self.environment = environment
  }
}

extension Motion {
  /// Whether the motion carries the finger's velocity on (a spring does; a timing curve and
  /// no motion do not).
  @inlinable
  public var carriesVelocity: Bool {
    if case .spring = self { return true }
    return false
  }
}

extension SnapAlgorithm {
  /// The point a docked item's rest position is chosen from: the release point, moved along y
  /// by a flick's projection when the variant `projectsVelocity`.
  @inlinable
  public func releasePoint(_ center: CGPoint, velocity: CGVector) -> CGPoint {
    SafeDocking.releasePoint(center, velocity: velocity, projecting: projectsVelocity)
  }
}

extension SafeDocking {
  /// The point a docked item's rest position is chosen from: the release point, moved along y
  /// by a flick's projection when `projecting` (the motion can carry the velocity there).
  @inlinable
  public static func releasePoint(_ center: CGPoint, velocity: CGVector, projecting: Bool)
    -> CGPoint
  {
    guard projecting else { return center }
    return CGPoint(x: center.x, y: center.y + projection(of: velocity.dy))
  }

  /// For re-docking after a container change: the item's centre moved onto the side of the new
  /// safe region it was docked on, judged against the old region's middle.
  @inlinable
  public static func sideAnchor(of center: CGPoint, from old: ItemEnvironment, to new: ItemEnvironment)
    -> CGPoint
  {
    let wasRight = center.x > old.safeRegion.midX
    let region = new.safeRegion
    return CGPoint(x: wasRight ? region.maxX : region.minX, y: center.y)
  }
}
