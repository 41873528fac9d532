import Foundation
import SnapAlgorithms

/// What an invariant says about one run.
public enum Verdict: Equatable, Sendable {
  case holds
  /// Broken, and how: the first frame or value that breaks it, in words and as data.
  case violated(Violation)
  /// The invariant says nothing about this run (the item does not fit, the gesture was
  /// cancelled, the algorithm does not dock …).
  case notApplicable
}

/// A property a floating button's algorithm must have, by the id users type (`on-screen`,
/// `tracks-finger`, …); each invariant's definition is in its documentation
/// (`Invariant.onScreen`, …), and `check(_:scenario:trajectory:)` judges a run by it.
///
/// Every invariant is one registered unit: a file of its own in `Invariants/` declares it — its
/// id, what breaking it means, the defects it reports, what it applies to and its check — and
/// one line of `checked` registers it. Nothing else lists invariants: the matrix, the verify
/// file, the report's verdict and `--invariant` all read them from here (docs/HowItWorks.md,
/// "Adding an invariant", shows the change whole).
public struct Invariant: Hashable, Sendable, RawRepresentable, CaseIterable, Codable,
  CustomStringConvertible
{
  /// The id users type: `on-screen`.
  public let rawValue: String
  let definition: Definition

  /// The invariants SnapLab checks, in the order of the matrix: the registry. An invariant is
  /// checked, written and accepted by `--invariant` once it is listed here.
  public static let checked: [Invariant] = [
    .onScreen,
    .inSafeArea,
    .docked,
    .nearestEdge,
    .idempotent,
    .tracksFinger,
    .settles,
    .velocityContinuous,
    .cancelSafe,
    .resizeSafe,
    .finite,
    .boundedFrameCost,
    .catchable,
    .tapIsNotDrag,
  ]

  /// Every invariant: the ones `checked` registers.
  public static var allCases: [Invariant] { checked }

  /// The registered invariant with this id, or `nil`.
  public init?(rawValue: String) {
    guard let found = Self.checked.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = found
  }

  /// Declares an invariant; only its own file calls this, for its `static let`.
  init(_ id: String, definition: Definition) {
    rawValue = id
    self.definition = definition
  }

  public var description: String { rawValue }

  public static func == (a: Invariant, b: Invariant) -> Bool { a.rawValue == b.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let id = try container.decode(String.self)
    guard let found = Invariant(rawValue: id) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "'\(id)' is not an invariant (expected one of "
          + Self.checked.map(\.rawValue).joined(separator: ", ") + ")")
    }
    self = found
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// What an invariant is, stated once, in its own file.
  struct Definition: Sendable {
    /// Where breaking it stands among the others, the worst first (the report's verdict names
    /// the worst one an algorithm breaks): losing the item 10, leaving the screen 20, resting
    /// under a bar 30, … a frame's cost 140. Distinct for every invariant (a test checks).
    var harmRank: Int
    /// What breaking it means to someone using the app, in one sentence; `size` is
    /// ` (worst found: 310 pt)` or empty.
    var consequence: @Sendable (_ size: String) -> String
    /// A short column head for a narrow matrix (`os` for on-screen); distinct (a test checks).
    var abbreviation: String
    /// Every defect its check can report, in the order causes of the same class are listed.
    var defects: [Defect]
    /// Whether it can apply to an algorithm that declares this at all; `nil`: to every one.
    var applies: (@Sendable (Declarations) -> Bool)? = nil
    /// Whether it is asked even of an item with no size, and keeps its severity on input no
    /// finger or device makes (finite, bounded-frame-cost); every other invariant says nothing
    /// of an empty item and only polish of hostile input.
    var askedOfAnyInput = false
    /// Whether its check carries the run on with a tap after the rest (`restAfter`), which costs
    /// a simulation.
    var carriesRunOn = false
    /// The check: what the invariant finds in a run; `restAfter` carries the run on.
    var judge: @Sendable (_ run: Run, _ restAfter: (_ tap: TouchGesture, _ gap: Double) -> CGRect) -> Judgement
  }

  /// The invariants from the worst to break to the least, by `harmRank`: losing the item, then
  /// leaving the screen or resting under a bar, then docking and following the finger, then
  /// smoothness.
  public static var worstFirst: [Invariant] {
    checked.sorted { $0.definition.harmRank < $1.definition.harmRank }
  }

  /// What breaking the invariant means to someone using the app, with the largest violation
  /// found when it has a size: `The button can leave the screen (worst found: 310 pt).`
  public func consequence(worst: Magnitude?) -> String {
    definition.consequence(worst.map { " (worst found: \($0))" } ?? "")
  }

  /// A short column head for a narrow matrix: `os` for on-screen, `tind` for tap-is-not-drag.
  public var abbreviation: String { definition.abbreviation }

  /// Every defect the invariant can report, in the order its causes of one class are listed.
  public var defects: [Defect] { definition.defects }

  /// The most animations a frame may have to evaluate: the constant of bounded-frame-cost.
  public static let maximumAnimationsPerFrame = 4

  /// Tolerance for positions compared after floating-point arithmetic (C `float` offsets
  /// included), in points: far below a pixel.
  static let tolerance: CGFloat = 0.05

  /// How close to an edge, a slot or the middle a rest must be to count as on it, in points:
  /// half a point, so that rounding to the pixel grid cannot decide a side.
  static let halfPoint: CGFloat = 0.5

  /// How close in time two moments are taken to be the same one, in seconds: far below a frame.
  static let sameMoment: Double = 1e-9

  /// How close to the window's edge a shown centre must be to count as exactly on it, where the
  /// direction of travel decides its slope, in points.
  static let onTheEdge: CGFloat = 1e-9

  /// How far from the rest range's end a finger must be for the rubber band's slope to be
  /// judged, in points: the slope jumps there and rounding decides which side.
  static let bandKink: CGFloat = 1e-6

  /// velocity-continuous: the release speed below which nothing is handed over (a finger at
  /// rest), the speed along an axis below which that axis is not judged, and how far the
  /// motion's start may be from the velocity (the larger of the two), in points per second.
  static let minimumReleaseSpeed: CGFloat = 100
  static let minimumAxisSpeed: CGFloat = 25
  static let velocityTolerance: CGFloat = 25
  static let relativeVelocityTolerance: CGFloat = 0.05
  /// A release speed along an axis, in points per second, that no finger reaches: UIKit's
  /// estimates of real flicks stay under about 10,000. velocity-continuous lets a motion cap a
  /// faster one (a crafted gesture's, touches microseconds apart) down to this.
  static let fastestFinger: CGFloat = 100_000

  /// Whether the invariant can apply to `algorithm` at all: docking invariants need an
  /// algorithm that docks.
  public func applies(to algorithm: some SnapAlgorithm) -> Bool {
    applies(to: Declarations(algorithm))
  }

  func applies(to algorithm: Declarations) -> Bool {
    definition.applies?(algorithm) ?? true
  }

  /// Checks the invariant on `trajectory`, the run of `algorithm` through `scenario`, as its
  /// definition says (`Invariant.onScreen`, `Invariant.tracksFinger`, …).
  ///
  /// Frames are checked against the environment in force at their time; the rest frame against
  /// the final one.
  public func check<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory
  ) -> Verdict {
    check(
      Example(
        algorithm: algorithm, scenario: scenario, trajectory: trajectory,
        simulation: Simulation()))
  }

  /// Every violation `check(_:scenario:trajectory:)` weighed in this run: the worst of each
  /// defect among its hazards, or of each defect among its polish when it has no hazard, in the
  /// order first met. A counterexample reported under one defect replays to a violation of
  /// that defect here, even when the run breaks the invariant in other ways too.
  ///
  /// ```swift
  /// let trajectory = cause.counterexample.simulate(algorithm)
  /// let again = Invariant.catchable.violations(
  ///   algorithm, scenario: cause.counterexample, trajectory: trajectory)
  /// assert(again.contains { $0.defect == cause.violation.defect })
  /// ```
  public func violations<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory
  ) -> [Violation] {
    judge(
      Example(
        algorithm: algorithm, scenario: scenario, trajectory: trajectory,
        simulation: Simulation())
    ).reported
  }

  /// The verdict on `example`: what `check(_:scenario:trajectory:)` gives, for a run built once
  /// and shared by every invariant checked on it.
  func check<Algorithm: SnapAlgorithm>(_ example: Example<Algorithm>) -> Verdict {
    judge(example).verdict
  }

  /// What the invariant finds in `example`: whether it applies, and its worst violation of each
  /// severity.
  func judge<Algorithm: SnapAlgorithm>(_ example: Example<Algorithm>) -> Judgement {
    // Only idempotent carries the run on; the closure that does it is made for it alone.
    guard definition.carriesRunOn else { return judge(example.run) { _, _ in .null } }
    return judge(example.run) { tap, gap in example.rest(after: tap, gap: gap) }
  }

  /// What the invariant finds in `run`; `restAfter` carries the run on with a gesture appended
  /// (idempotent's tap). Not generic: the checks read only what the algorithm declares, so they
  /// are compiled once, optimised, for every algorithm (a user's included).
  func judge(_ run: Run, restAfter: (_ tap: TouchGesture, _ gap: Double) -> CGRect) -> Judgement {
    guard applies(to: run.algorithm) else { return .notApplicable }
    // An empty or negative item has no edges to keep anywhere: only finiteness and the cost
    // of a frame are asked of it.
    if !(run.scenario.itemSize.width > 0 && run.scenario.itemSize.height > 0),
      !definition.askedOfAnyInput
    {
      return .notApplicable
    }
    let judgement = definition.judge(run, restAfter)
    // Input no finger or device makes (a NaN touch, a window 0 pt wide, a keyboard taller than
    // the screen's own) asks only that the item stays a number and a frame stays cheap: what
    // else breaks there is polish. So does a run whose item is not a number somewhere: finite
    // reports that, and where such an item is has no meaning.
    if run.hostile || run.leftTheNumbers, !definition.askedOfAnyInput {
      return judgement.demoted
    }
    return judgement
  }
}

/// A container's bounds and safe region: what most per-frame checks need of an environment.
struct Regions {
  let bounds: CGRect
  let safeRegion: CGRect
  /// The bounds less the window's own safe-area insets (no bars, no keyboard): a bound an
  /// item kept inside the window's safe area stops at.
  let safeArea: CGRect
  /// Where a finger can touch the item: the window less the navigation and tab bars the host
  /// sees, which lie above a view controller's view and take the touches that land on them.
  let touchable: CGRect
  /// The region the item docks against as its contract declares it
  /// (`Declarations.docking(_:)`: its docking reference, less the room it reserves): a bound
  /// the author chose, which a drag may stop at.
  let docking: CGRect

  init(_ environment: ItemEnvironment, algorithm: Declarations) {
    bounds = environment.bounds
    safeRegion = environment.safeRegion
    docking = algorithm.docking(environment).safeRegion
    let barTop = bounds.minY + max(environment.statusBarHeight, environment.safeAreaInsets.top)
    let top = environment.navigationBarHeight > 0
      ? min(barTop + environment.navigationBarHeight, bounds.maxY) : bounds.minY
    let bottom = max(bounds.maxY - environment.tabBarHeight, top)
    touchable = CGRect(x: bounds.minX, y: top, width: bounds.width, height: bottom - top)
    let insets = environment.safeAreaInsets
    safeArea = CGRect(
      x: bounds.minX + insets.left, y: bounds.minY + insets.top,
      width: max(bounds.width - insets.left - insets.right, 0),
      height: max(bounds.height - insets.top - insets.bottom, 0))
  }
}

/// What an algorithm declares for the invariants to check, read once: the checks need these,
/// not its handlers.
struct Declarations: Sendable {
  let host: ItemHost
  let inputAPI: InputAPI
  let dockingMargin: CGFloat?
  let dockingRule: DockingRule
  let rubberBand: CGFloat?
  let projectsVelocity: Bool
  let confinesDragToSafeRegion: Bool
  let itemAction: ItemAction?
  let releaseMotion: Motion?
  let recognizesLongPress: Bool
  /// What the author intends where it differs from what a user expects (`ItemContract`).
  let contract: ItemContract

  init(_ algorithm: some SnapAlgorithm) {
    host = algorithm.host
    inputAPI = algorithm.inputAPI
    dockingMargin = algorithm.dockingMargin
    dockingRule = algorithm.dockingRule
    rubberBand = algorithm.rubberBand
    projectsVelocity = algorithm.projectsVelocity
    confinesDragToSafeRegion = algorithm.confinesDragToSafeRegion
    itemAction = algorithm.itemAction
    releaseMotion = algorithm.releaseMotion
    recognizesLongPress = algorithm.recognizesLongPress
    contract = algorithm.contract
  }

  /// How far from the edge it docks against an item of `size` means to rest, in points: the
  /// declared margin less the designed overhang (negative: past the edge); `nil` when it does
  /// not dock.
  func dockingMargin(for size: CGSize) -> CGFloat? {
    guard let margin = dockingMargin else { return nil }
    let overhang = contract.overhang
    if overhang.isNone { return margin }
    return margin - overhang.amount(extent: size.width)
  }

  /// How far past each edge of the container an item of `size` may lie by design: as far past
  /// the edges it docks against as its margin less its overhang puts it (a negative docking
  /// margin is a designed overhang too), where the margin applies (`Overhang`), and in a release
  /// motion the declared overshoot beyond that on every edge.
  func designedOverhang(for size: CGSize, inMotion: Bool = false) -> Insets {
    let across = max(-(dockingMargin(for: size) ?? 0), 0)
    let along = dockingRule.marginOnAllSides ? across : 0
    let bounce = inMotion ? max(contract.releaseOvershoot, 0) : 0
    return Insets(top: along + bounce, left: across + bounce, bottom: along + bounce, right: across + bounce)
  }

  /// `environment` with its safe region made the region the item docks against
  /// (`ItemContract.dockingReference`): the environment itself for the safe area; for the
  /// window, the screen or the superview, the same with no inset, bar or keyboard; for the
  /// window's sides, no side inset; for the layout margins, the safe area with the system's
  /// minimum side margins inside it.
  func docking(_ environment: ItemEnvironment) -> ItemEnvironment {
    var result = docking(reference: environment)
    let reserved = contract.reservedInsets
    if reserved != .zero {
      result.additionalSafeAreaInsets.top += reserved.top
      result.additionalSafeAreaInsets.left += reserved.left
      result.additionalSafeAreaInsets.bottom += reserved.bottom
      result.additionalSafeAreaInsets.right += reserved.right
    }
    return result
  }

  /// `environment` with its safe region made the edges the item docks against, before the
  /// room it reserves.
  private func docking(reference environment: ItemEnvironment) -> ItemEnvironment {
    var result = environment
    func bare(_ bounds: CGRect) {
      result.bounds = bounds
      result.safeAreaInsets = .zero
      result.additionalSafeAreaInsets = .zero
      result.statusBarHeight = 0
      result.navigationBarHeight = 0
      result.tabBarHeight = 0
      result.keyboardFrame = nil
    }
    switch contract.dockingReference {
    case .safeArea: return environment
    case .window: bare(environment.bounds)
    case .windowSides:
      result.safeAreaInsets.left = 0
      result.safeAreaInsets.right = 0
      result.additionalSafeAreaInsets.left = 0
      result.additionalSafeAreaInsets.right = 0
    case .screen: bare(environment.screenBounds)
    case .superview: bare(environment.superviewFrame ?? environment.bounds)
    case .layoutMargins:
      let side: CGFloat = environment.idiom == .pad ? 20 : 16
      result.additionalSafeAreaInsets.left += side
      result.additionalSafeAreaInsets.right += side
    }
    return result
  }
}

/// One run an invariant is checked on: what the algorithm declares, the scenario it was put
/// in, and what the simulator showed.
struct Run: Sendable {
  let algorithm: Declarations
  let scenario: Scenario
  let trajectory: Trajectory
  /// The scenario's environment before any container change, built once (the scenario builds it
  /// from its device each time it is asked).
  let initialEnvironment: ItemEnvironment
  /// How far a frame's time may lie from the events it shows: the simulator delivers events
  /// stamped up to a frame's time within this tolerance.
  let slack: Double
  /// The scenario's container changes after the gesture started (`Scenario.resizes`) that the
  /// item's host sees, found once.
  let resizes: [ContainerChange]
  /// The bounds and safe region before any container change, and after each (in the
  /// gesture's order), for `regions(at:)`.
  let initialRegions: Regions
  let changeRegions: [(time: Double, regions: Regions)]
  /// Each container change's environment as the host sees it, for `environment(at:)`.
  let seenEnvironments: [(time: Double, environment: ItemEnvironment)]
  /// The container changes the host sees, each with how long UIKit animates it.
  let changeDurations: [(time: Double, duration: Double)]
  /// Whether the frames' times never go down (as the simulator's display clock makes them).
  let framesInTimeOrder: Bool
  /// What the scenario holds of each cause class, found once (`verify` files each run under its
  /// class, and the checks ask whether it is hostile).
  let features: CauseClass.Features
  /// Whether the scenario holds input no finger or device makes (`CauseClass.hostile`).
  var hostile: Bool { features.contains(.hostile) }
  /// How each touch follows the finger, once worked out (catchable and tracks-finger both ask
  /// it of the same touch, most often grabbed at the same point).
  let follows = FollowMemo()
  /// Whether some frame, or the rest, is not a number or infinite.
  let leftTheNumbers: Bool

  /// `environment` is the scenario's (`scenario.environment`), when the caller has it already.
  init(
    algorithm: Declarations, scenario: Scenario, trajectory: Trajectory,
    environment: ItemEnvironment? = nil
  ) {
    self.algorithm = algorithm
    self.scenario = scenario
    self.trajectory = trajectory
    // Everything is judged by what the item's host can see.
    let host = algorithm.host
    initialEnvironment = (environment ?? scenario.environment).seen(by: host)
    slack = Simulator.tolerance(for: initialEnvironment)
    // One pass over the changes, each seen as the host sees it (a window of its own does not
    // see the app's bars): the ones it sees after the gesture started, the bounds and safe
    // region after each, and how long each animates, from what changed (one before the first
    // touch too: it is still animating when that touch lands).
    let later = Set(scenario.resizes.map(\.time))
    var before = initialEnvironment
    var visible: [ContainerChange] = []
    var seenChanges: [(time: Double, environment: ItemEnvironment)] = []
    var regions: [(time: Double, regions: Regions)] = []
    var durations: [(time: Double, duration: Double)] = []
    for change in scenario.gesture.containerChanges {
      let seen = change.environment.seen(by: host)
      let differs = !seen.isSameContainer(as: before)
      if differs, later.contains(change.time) { visible.append(change) }
      seenChanges.append((change.time, seen))
      regions.append((change.time, Regions(seen, algorithm: algorithm)))
      let info = ContainerChangeInfo(from: before, to: seen)
      let duration =
        info.transitionDuration > 0
        ? info.transitionDuration
        : (info.keyboard != nil ? KeyboardNotification.animationDuration
          : (info.barsChanged || info.statusBarChanged ? 0.2 : 0))
      // A change the host sees nothing of (the same container again, or the app's bars under
      // a window of its own) is none: UIKit tells the item nothing and animates nothing.
      if differs { durations.append((change.time, duration)) }
      before = seen
    }
    resizes = visible
    initialRegions = Regions(initialEnvironment, algorithm: algorithm)
    seenEnvironments = seenChanges
    changeRegions = regions
    changeDurations = durations
    features = CauseClass.Features(scenario, trajectory: trajectory)
    leftTheNumbers =
      !trajectory.rest.isFinite || trajectory.frames.contains { !$0.rect.isFinite }
    var ordered = true
    var previous = -Double.infinity
    for frame in trajectory.frames {
      if !(frame.time >= previous) {
        ordered = false
        break
      }
      previous = frame.time
    }
    framesInTimeOrder = ordered
  }

  /// When a long press the item declares competing with its drag
  /// (`ItemContract.competingLongPress`) took `touch`: from then on the touch is the long
  /// press's, neither a drag nor a tap. `nil` when none did, or none is declared.
  func longPressTook(_ touch: TouchRecord) -> Double? {
    algorithm.contract.competingLongPress ? touch.longPressedAt : nil
  }

  /// The environment at the end of the run, which the rest frame is judged in, as the host sees
  /// it.
  var environment: ItemEnvironment { trajectory.finalEnvironment.seen(by: algorithm.host) }

  /// The container's bounds and safe region in force at `time`: what `environment(at:)` gives,
  /// without copying an environment (the per-frame checks ask this of every frame).
  func regions(at time: Double) -> Regions {
    let limit = time + slack
    var index = changeRegions.count
    while index > 0 {
      index -= 1
      if changeRegions[index].time <= limit { return changeRegions[index].regions }
    }
    return initialRegions
  }

  /// The environment in force at `time`, as `Scenario.environment(at:)` gives it.
  func environment(at time: Double) -> ItemEnvironment {
    seenEnvironments.last { $0.time <= time + slack }?.environment ?? initialEnvironment
  }

  /// The stretch of the trajectory holding every frame shown while `touch` is down (from the
  /// frame its landing reached to the last one before its lift). The display clock puts frames
  /// in time order, so it is found by bisection rather than a scan of every frame; a trajectory
  /// built by hand out of order gets every frame (its callers filter by time too).
  func stretch(of touch: TouchRecord) -> ArraySlice<Frame> {
    let frames = trajectory.frames
    guard framesInTimeOrder else { return frames[...] }
    let began = touch.began - slack
    let end = (touch.end ?? .infinity) - slack
    /// The first index whose frame is not before `time` (the end when none is, NaN included).
    func first(notBefore time: Double) -> Int {
      var low = 0
      var high = frames.count
      while low < high {
        let middle = (low + high) / 2
        if frames[middle].time >= time { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let low = first(notBefore: began)
    return frames[low..<Swift.max(low, first(notBefore: end))]
  }

  /// The drag frames shown while `touch` is down: from the frame its landing reached to the last
  /// one before its lift.
  func dragFrames(of touch: TouchRecord) -> LazyFilterSequence<ArraySlice<Frame>> {
    let began = touch.began - slack
    let end = (touch.end ?? .infinity) - slack
    return stretch(of: touch).lazy.filter {
      $0.phase == .drag && $0.time >= began && $0.time < end
    }
  }

  /// Every frame shown while `touch` is down, whatever its phase (a drag the algorithm ended
  /// under the finger goes on in motion or rest frames): from the frame its landing reached to
  /// the last one before its lift.
  func framesWhileDown(of touch: TouchRecord) -> LazyFilterSequence<ArraySlice<Frame>> {
    let began = touch.began - slack
    let end = (touch.end ?? .infinity) - slack
    return stretch(of: touch).lazy.filter {
      $0.finger != nil && $0.time >= began && $0.time < end
    }
  }

  /// When the container change whose animation the frame at `time` is shown in began — within
  /// the change's own animation (a rotation's 0.4 s, the keyboard's 0.25 s, a window's 0.3 s;
  /// one frame for a change UIKit does not animate), when what the screen shows moves for
  /// reasons not the item's — or `nil` when it is shown in none (the latest, when several
  /// overlap).
  func containerChange(animatingAt time: Double) -> Double? {
    let frame = initialEnvironment.frameDuration
    return changeDurations.last { change in
      time >= change.time - slack && time < change.time + max(change.duration, frame) - slack
    }?.time
  }

  /// Whether the frame at `time` is shown while the container changes
  /// (`containerChange(animatingAt:)`).
  func duringContainerChange(_ time: Double) -> Bool { containerChange(animatingAt: time) != nil }

  /// Whether, at `time` while `touch` is down, the container has changed since the touch landed
  /// and no touch event has come since the last such change: the item's code has not yet been
  /// told where the still finger now is.
  func untouchedSinceContainerChange(at time: Double, during touch: TouchRecord) -> Bool {
    let slack = self.slack
    guard
      let change = changeDurations.last(where: {
        $0.time > touch.began + slack && $0.time <= time + slack
      })
    else { return false }
    return !scenario.gesture.events.contains {
      $0.phase == .moved && $0.time >= change.time - slack && $0.time <= time + slack
    }
  }

  /// Whether the container changes from `start` to `end` (both included, within the tolerance).
  func containerChanges(from start: Double, to end: Double) -> Bool {
    let slack = self.slack
    return changeDurations.contains { $0.time >= start - slack && $0.time <= end + slack }
  }
}

/// One example `verify` checks: the run every invariant judges, and what it takes to carry the
/// run on (idempotent's tap after the rest).
struct Example<Algorithm: SnapAlgorithm> {
  let run: Run
  let algorithm: Algorithm
  /// How the algorithm is simulated again, compiled for its type where verification began.
  let simulation: Simulation<Algorithm>
  /// The simulation as it stood when the item came to rest, to carry on with more touches
  /// without simulating the scenario again; `nil` when the run was given.
  let atRest: SimulationRun<Algorithm>?

  var scenario: Scenario { run.scenario }

  init(
    algorithm: Algorithm, scenario: Scenario, trajectory: Trajectory,
    simulation: Simulation<Algorithm>, atRest: SimulationRun<Algorithm>? = nil,
    declarations: Declarations? = nil
  ) {
    // A run simulated here started in the scenario's environment, which its trajectory keeps:
    // not built from the device again.
    run = Run(
      algorithm: declarations ?? Declarations(algorithm), scenario: scenario,
      trajectory: trajectory, environment: atRest == nil ? nil : trajectory.environment)
    self.algorithm = algorithm
    self.simulation = simulation
    self.atRest = atRest
  }

  /// The run of `algorithm` through `scenario`, simulated once by `simulation` and kept at its
  /// rest to carry on.
  init(
    simulating scenario: Scenario, with algorithm: Algorithm, simulation: Simulation<Algorithm>,
    declarations: Declarations? = nil
  ) {
    ScenarioInFlight.simulating(scenario)
    var atRest = simulation.begin(algorithm, scenario)
    let trajectory = simulation.proceed(&atRest)
    self.init(
      algorithm: algorithm, scenario: scenario, trajectory: trajectory, simulation: simulation,
      atRest: atRest, declarations: declarations)
  }

  /// Where the item rests when `gesture` follows the run `gap` seconds after its last touch:
  /// the same as simulating the scenario with it appended, without the scenario again.
  func rest(after gesture: TouchGesture, gap: Double) -> CGRect {
    if let atRest { return simulation.restAfter(atRest, gesture.events, gap) }
    let scenario = run.scenario
    let again = Scenario(
      device: scenario.device, orientation: scenario.orientation, bars: scenario.bars,
      itemSize: scenario.itemSize, gesture: scenario.gesture.followed(by: gesture, after: gap))
    return self.simulation(algorithm, again).rest
  }
}
