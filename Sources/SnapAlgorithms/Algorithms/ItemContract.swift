import Foundation

/// What the item's author intends, where it differs from what an iOS user expects of a floating
/// button by default: declared as simply as the host is, and checked both ways.
///
/// Every declaration relaxes the judge for what it names and tightens it there too: an item
/// declared to hang a sixth of itself past the edge may rest off the screen by that much, and must
/// (a dock flush with the edge is then `not-docked`); an item declared catchable in flight has
/// every missed catch judged a hazard, however short its motion. Undeclared, each is what an iOS
/// user expects (the table in docs/TestingYourAlgorithm.md, "What your button promises").
///
///     // A chat head tucked a sixth past the side of the screen, docking against the window's
///     // edges (not the safe area's), whose tap opens a panel in the middle of the screen.
///     var contract: ItemContract {
///       ItemContract(
///         overhang: Overhang(fractionOfItem: 1.0 / 6), dockingReference: .window,
///         tap: .movesItem)
///     }
public struct ItemContract: Hashable, Sendable {
  /// How far the item hangs past the edges it docks against, by design.
  public var overhang: Overhang
  /// The edges the item docks against: the safe area (the default), or the window's, the
  /// screen's, the superview's, the layout margins'.
  public var dockingReference: DockingReference
  /// Room the item keeps clear of at each edge of what it docks against, beyond its margin (a
  /// ball that leans 20 pt clear of the top): the region it docks against is that much smaller.
  public var reservedInsets: Insets
  /// Which point of the release decides the side an item docks on.
  public var sideChoice: SideChoice
  /// What a tap on the resting item does to where it is.
  public var tap: TapEffect
  /// Where the finger holds the item while it drags: where it grabbed it (`.whereGrabbed`, the
  /// default: the point under the finger stays under it), or its centre (`.centre`: the code
  /// sets the centre to the finger, and the item hops under it at the first move).
  public var grip: Grip
  /// Whether the item's long press (`SnapAlgorithm.recognizesLongPress`) competes with its drag
  /// by design: a finger held still until the long press is recognised opens what it opens, and
  /// moving that finger afterwards drags nothing. `false`, the default: a user who holds the
  /// button a moment before dragging expects it to move, as AssistiveTouch does.
  public var competingLongPress: Bool
  /// Whether a finger must be able to catch the item while it moves: `true`, every missed catch
  /// is a hazard however short the motion; `false`, a moving item is not meant to be caught;
  /// `nil` (the default), a motion that lets touches through (`.allowUserInteraction`, a
  /// display link) or lasts longer than a finger needs to aim (`ItemContract.briefMotion`) must
  /// be catchable.
  public var catchableInFlight: Bool?
  /// Whether the release motion starts at the finger's velocity by design (a spring handed the
  /// flick): `true`, a hitch where the finger hands the item over is a hazard; `false`, the
  /// motion starts at rest by design; `nil` (the default), a motion that was handed some
  /// velocity, or an algorithm that projects the flick (`projectsVelocity`), means it — one
  /// that starts at rest stops dead after a flick, which is polish: nothing is lost.
  public var handsOverVelocity: Bool?
  /// How far past where it comes to rest the release motion may carry the item by design (a
  /// documented bounce, keyframes), in points: frames of the motion that far past the edge are
  /// intended. 0 by default: a motion that bounces past the edge it docks against is a defect.
  public var releaseOvershoot: CGFloat
  /// How far past where it comes to rest the release motion may carry the item by design, as a
  /// share of the distance that motion travels: the bounce of a spring, which grows with the
  /// throw (POP's bounciness 8, a damping ratio of 0.667, overshoots by 6 % of it, 42 pt across
  /// an iPad). Added to `releaseOvershoot`. 0 by default; `ItemContract.overshoot(dampingRatio:)`
  /// gives a spring's.
  public var releaseOvershootShare: CGFloat
  /// How far inside the item's edges the control that fires its action starts, in points: a
  /// 40×40 button inside a 50×50 dragged view has 5, and a tap on that 5 pt rim fires nothing
  /// by design. 0 by default: a tap anywhere on the item fires its action. A tap inside the
  /// action area must still fire it.
  public var actionInset: CGFloat
  /// Whether the code tells the two landscapes apart (it reads the interface orientation:
  /// `statusBarOrientation`, the window scene's) and lays the item out for each, leaving room
  /// for the sensor housing on the side it is. SnapLab models one landscape, with the home
  /// indicator on the right and the housing on the left (`UIInterfaceOrientation.landscapeRight`):
  /// declared, that landscape is judged as the one it is, and the right side's inset hides only
  /// the display's corners. `false` by default: either side may hold the housing, since a phone
  /// may be turned either way and code that does not ask cannot know which.
  public var mirrorsLandscape: Bool

  /// A release motion of this long or less, in seconds, is over before a finger can mean to
  /// catch the item: what the default (`catchableInFlight` `nil`) excuses, for a motion that
  /// does not let touches through.
  public static let briefMotion: Double = 0.3

  @inlinable
  public init(
    overhang: Overhang = .none, dockingReference: DockingReference = .safeArea,
    reservedInsets: Insets = .zero, sideChoice: SideChoice = .centreOrFinger,
    tap: TapEffect = .staysPut,
    competingLongPress: Bool = false, catchableInFlight: Bool? = nil,
    handsOverVelocity: Bool? = nil, releaseOvershoot: CGFloat = 0,
    releaseOvershootShare: CGFloat = 0, grip: Grip = .whereGrabbed, actionInset: CGFloat = 0,
    mirrorsLandscape: Bool = false
  ) {
    self.grip = grip
    self.actionInset = actionInset
    self.mirrorsLandscape = mirrorsLandscape
    self.overhang = overhang
    self.dockingReference = dockingReference
    self.reservedInsets = reservedInsets
    self.sideChoice = sideChoice
    self.tap = tap
    self.competingLongPress = competingLongPress
    self.catchableInFlight = catchableInFlight
    self.handsOverVelocity = handsOverVelocity
    self.releaseOvershoot = releaseOvershoot
    self.releaseOvershootShare = releaseOvershootShare
  }

  /// The share of its travel a spring started at rest overshoots its target by, for a damping
  /// ratio `dampingRatio` (ζ): e^(−ζπ/√(1−ζ²)) below 1, none at 1 or above. A spring handed a
  /// flick's velocity towards its target overshoots more.
  ///
  /// ```swift
  /// // POP's kPOPSpringAnimation bounciness 8, speed 12: stiffness 342.1, damping 24.68, mass 1.
  /// let share = ItemContract.overshoot(dampingRatio: 24.68 / (2 * (342.1).squareRoot()))  // 0.06
  /// let contract = ItemContract(dockingReference: .superview, releaseOvershootShare: share)
  /// ```
  @inlinable
  public static func overshoot(dampingRatio: Double) -> CGFloat {
    guard dampingRatio.isFinite, dampingRatio < 1 else { return 0 }
    let zeta = max(dampingRatio, 0)
    return CGFloat(exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()))
  }

  /// What an iOS user expects: docked inside the safe area at the declared margin, on the side
  /// the release is on, left where it is by a tap, catchable in any motion that lets touches
  /// through or lasts long enough to aim at.
  public static let expected = ItemContract()
}

/// How far an item hangs past the edges it docks against, by design: `points` plus
/// `fractionOfItem` of its width. It applies where the
/// docking margin does — the left and right edges, and the top and bottom too for a rule with
/// `marginOnAllSides` — and makes the item dock that much past the edge (its margin less the
/// overhang). A negative `dockingMargin` says the same in points: `dockingMargin` −8 and
/// `dockingMargin` 0 with `Overhang(points: 8)` are one declaration.
public struct Overhang: Hashable, Sendable {
  public var points: CGFloat
  public var fractionOfItem: CGFloat

  @inlinable
  public init(points: CGFloat = 0, fractionOfItem: CGFloat = 0) {
    self.points = points
    self.fractionOfItem = fractionOfItem
  }

  /// None: the item rests wholly inside the edges it docks against.
  public static let none = Overhang()

  /// How far an item `extent` points long on the axis across the edge hangs past it.
  @inlinable
  public func amount(extent: CGFloat) -> CGFloat {
    let fraction = extent.isFinite ? fractionOfItem * extent : 0
    return Swift.max(points + fraction, 0)
  }

  /// Whether it hangs past at all.
  @inlinable
  public var isNone: Bool { points <= 0 && fractionOfItem <= 0 }
}

/// The edges a docked item rests against.
public enum DockingReference: String, Hashable, Sendable, CaseIterable {
  /// The safe area, less the navigation and tab bars and the keyboard (the item's host sees):
  /// what an iOS user expects a button to stay clear of.
  case safeArea = "safe-area"
  /// The window's (the container's) bounds: no inset, bar or keyboard.
  case window
  /// The window's left and right edges, and the safe area's top and bottom (with the bars and
  /// the keyboard): a button flush with the screen's sides, kept clear of the bars.
  case windowSides = "window-sides"
  /// `UIScreen.main.bounds`, which an iPad window in Split View or Stage Manager only covers part of.
  case screen
  /// The item's superview's bounds (a view controller's view starts below an opaque navigation
  /// bar).
  case superview
  /// The superview's layout margins: the safe area with the system's minimum side margins (16 pt
  /// on a phone, 20 pt on an iPad) inside it.
  case layoutMargins = "layout-margins"
}

/// Which point of the release decides where an item docks.
public enum SideChoice: String, Hashable, Sendable, CaseIterable {
  /// The side of the item's centre or of the finger's lift, when the two disagree (a release
  /// near the middle, the item grabbed off-centre): either side is what a user let go on. Along
  /// the side it docks at the centre's height.
  case centreOrFinger = "centre-or-finger"
  /// The item's centre when the finger lifts: its side, and its height along the side.
  case centre
  /// Where the finger lifts: its side, and its height along the side (a ball that lands where
  /// the user let go).
  case finger
}

/// What a tap on the resting item does to where it is.
/// Where the finger holds an item while it drags (`ItemContract.grip`).
public enum Grip: String, Hashable, Sendable, CaseIterable {
  /// Where it grabbed it: the point of the item under the finger stays under it.
  case whereGrabbed = "where-grabbed"
  /// By its centre: the code puts the item's centre at the finger (`view.center =
  /// [pan locationInView:superview]`), so the item hops under the finger at the first move, by
  /// no more than half its size, and follows it centred from then on.
  case centre
}

public enum TapEffect: String, Hashable, Sendable, CaseIterable {
  /// Nothing: a tap fires the action and leaves the item where it is.
  case staysPut = "stays-put"
  /// A tap moves the item (opens a panel at another place, expands it into a menu, reveals a
  /// ball tucked past the edge), and must: where it goes is still judged on screen and in the
  /// safe area, but not docked. A tap straight after a tap that moved it may leave it (the
  /// second tap on a revealed ball fires what the ball does).
  case movesItem = "moves-item"
  /// A tap docks an item that is not docked — wherever it is, where the app placed it included
  /// — as every touch-up does (a button whose `touchesEnded` docks, taps and drags alike), and
  /// leaves a docked one where it is.
  case docksItem = "docks-item"
}
