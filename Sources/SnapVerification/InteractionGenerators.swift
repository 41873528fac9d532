import Foundation
import SnapAlgorithms
import SnapCheck

// The interaction sequences verify draws: the model, the plan of each cause class, the state
// machine that generates and shrinks them, and the strata.

extension ScenarioGenerators {
  /// The scene an interaction sequence starts from, and where it has got to: whether a finger is
  /// down, and what the container is now.
  struct InteractionModel: Sendable {
    var setup: Interaction.Setup?
    var fingerDown = false
    var landscape = false
    var keyboard = false
    /// Whether the last step let go of the item (a lift, a flick, a cancel): it may still move.
    var released = false
  }

  /// What a stream of interaction sequences draws: the situations of one cause class (or of all,
  /// `.combined`), inside a scope.
  struct Plan: Hashable, Sendable {
    var cause: CauseClass
    var scope: Scope
    /// Whether the item has a long press: holds past its half second come often.
    var longPress = false

    /// Everything: the sequences `interactions(for:)` draws.
    static let everything = Plan(cause: .combined, scope: .everything)

    /// The devices the sequences are on, as indices into `ScenarioGenerators.devices`: iPads
    /// only for the iPad window class.
    var deviceIndices: [Int] {
      let inScope = scope.deviceIndices
      guard cause == .iPadWindow else { return inScope }
      return inScope.filter { ScenarioGenerators.devices[$0].idiom == .pad }
    }

    /// The container changes the sequences may make, with their weights.
    func containerEvents(isPad: Bool) -> [(weight: Int, generator: Gen<Interaction.ContainerEvent>)] {
      let rotates = scope.orientations.count == 2
      switch cause {
      case .plain, .cancel, .catchInFlight, .hostile: return []
      case .keyboard: return [(1, Gen.constant(.keyboard))]
      case .rotation: return rotates ? [(1, Gen.constant(.rotate))] : []
      case .bars: return ScenarioGenerators.barEvents
      case .iPadWindow: return isPad ? [(1, windowSize.map { .window($0) })] : []
      case .sideColumn: return [(1, ScenarioGenerators.sideColumnEvent)]
      case .combined:
        var choices: [(weight: Int, generator: Gen<Interaction.ContainerEvent>)] = []
        if rotates { choices.append((3, Gen.constant(.rotate))) }
        if scope.causes.contains(.keyboard) { choices.append((3, Gen.constant(.keyboard))) }
        choices += ScenarioGenerators.barEvents
        choices.append((1, ScenarioGenerators.sideColumnEvent))
        if isPad { choices.append((3, windowSize.map { .window($0) })) }
        return choices
      }
    }

    /// How often the container changes among the other steps: often where one kind of change is
    /// the class searched, as often as the rest where everything is.
    var changeWeight: Int { cause == .combined ? 3 : 6 }

    /// Whether a touch may be cancelled (by the system, or by a call arriving).
    var cancels: Bool { cause == .cancel || cause == .combined }

    /// How long after the previous step a finger lands on a released item: at once or soon
    /// (while it may still move) where catching it in flight is searched; when it has long come
    /// to rest otherwise.
    var touchDelays: [Int] {
      catchesToo ? [1000, 0, 100, 250, 400, 600] : [1000, 2000]
    }

    /// Whether a finger may land on the item while it still moves: where catches are searched,
    /// and where a cancel may come with one (a call arriving as the item is caught).
    var catchesToo: Bool { cause == .catchInFlight || cause == .combined || cause == .cancel }
  }

  /// The interaction sequences as a SnapCheck state machine: only the model matters (what may
  /// come next), so the system is empty; `interactions(for:)` plays the sequence. Its generators
  /// are built once per plan, not for every sequence drawn.
  struct InteractionMachine: StateMachine {
    typealias Model = InteractionModel
    typealias System = Void
    typealias Command = Interaction

    let plan: Plan
    let initial: Gen<Interaction>
    /// What may come next with a finger down, on a phone and on an iPad.
    let whileDown: [Gen<Interaction>]
    /// What may come next with no finger down, on a phone and on an iPad.
    let whileUp: [Gen<Interaction>]
    /// What may come next just after the finger let go, while the item may still be moving.
    let whileReleased: [Gen<Interaction>]

    /// Sequences of every kind, on every device (what `interactions(for:)` draws).
    init() { self.init(plan: .everything) }

    init(plan: Plan) {
      self.plan = plan
      initial = Self.initial(plan)
      whileDown = [false, true].map { Self.whileDown(plan, isPad: $0) }
      let up = [false, true].map { Self.whileUp(plan, isPad: $0) }
      whileUp = up
      whileReleased = [false, true].map { Self.whileReleased(plan, isPad: $0, whileUp: up[$0 ? 1 : 0]) }
    }

    var initialModel: InteractionModel { InteractionModel() }
    func makeSystem() {}
    func run(_ command: Interaction, on system: inout Void, model: InteractionModel) -> Bool {
      true
    }

    func initialCommands(for model: InteractionModel) -> Gen<Interaction>? { initial }

    /// The setup a sequence starts with: a device of the plan, held a way the scope allows,
    /// with the bars as they are, an item size of the scope; an iPad window, a side column or the
    /// keyboard only where the plan searches them.
    static func initial(_ plan: Plan) -> Gen<Interaction> {
      let devices = plan.deviceIndices.isEmpty ? [0] : plan.deviceIndices
      let landscape: Gen<Bool>
      switch (plan.scope.orientations.contains(.portrait), plan.scope.orientations.contains(.landscape)) {
      case (true, true): landscape = Gen.bool
      case (false, true): landscape = Gen.constant(true)
      default: landscape = Gen.constant(false)
      }
      let window: Gen<Interaction.WindowSize>
      switch plan.cause {
      case .iPadWindow: window = ScenarioGenerators.partialWindowSize
      case .combined: window = ScenarioGenerators.windowSize
      default: window = Gen.constant(.full)
      }
      let column: Gen<Int>
      switch plan.cause {
      case .sideColumn:
        column = Gen.frequency(
          (1, Gen.constant(0)), (2, Gen.element(of: [80, -80, 44, -44, 200, -200])))
      case .combined: column = sideColumn
      default: column = Gen.constant(0)
      }
      let keyboard = plan.cause == .keyboard
        ? Gen.frequency((1, Gen.constant(false)), (2, Gen.constant(true))) : Gen.constant(false)
      let finale: Gen<Interaction.Setup.Finale>
      switch plan.cause {
      case .cancel: finale = Gen.constant(.cancel)
      case .catchInFlight:
        finale = zip(Gen.element(of: [0, 50, 100, 250]), Gen.int(in: -40...40), Gen.int(in: -40...40))
          .map { .catchAfter(milliseconds: $0.0, x: $0.1, y: $0.2) }
      default: finale = Gen.constant(.lift)
      }
      return zip(
        // The device's index, drawn as `device` draws the device (no profile compared).
        zip(Gen.element(of: devices), landscape, bars),
        ScenarioGenerators.itemSize(in: plan.scope),
        zip(Gen.int(in: 0...400), Gen.int(in: 0...800)),
        zip(Gen.element(of: [60, 120]), window, column, zip(keyboard, finale))
      ).map { scene, size, place, rest in
        let (deviceIndex, landscape, bars) = scene
        let (rate, window, column, ending) = rest
        let (keyboard, finale) = ending
        let idiom = ScenarioGenerators.devices[deviceIndex].idiom
        let isPad = idiom == .pad
        // The size the app gives the item on this kind of device, when it gives one.
        var size = size
        if case .byIdiom = plan.scope.itemSizes, let declared = plan.scope.itemSizes.size(on: idiom) {
          size = declared
        }
        return .setup(Interaction.Setup(
          device: deviceIndex, landscape: landscape, navigationBar: bars.navigationBar,
          opaqueNavigationBar: bars.opaqueNavigationBar, tabBar: bars.tabBar, item: size,
          place: place.0, placeY: place.1, touchRate: rate, window: isPad ? window : .full,
          sideColumn: column, keyboard: keyboard, finale: finale))
      }
    }

    func commands(for model: InteractionModel) -> Gen<Interaction> {
      let isPad = model.setup.map { ScenarioGenerators.devices[$0.device].idiom == .pad } ?? false
      switch (model.fingerDown, isPad) {
      case (true, false): return whileDown[0]
      case (true, true): return whileDown[1]
      case (false, false): return model.released ? whileReleased[0] : whileUp[0]
      case (false, true): return model.released ? whileReleased[1] : whileUp[1]
      }
    }

    /// No side column (the simplest), or one the app reserves at the left or the right.
    static let sideColumn: Gen<Int> = Gen.frequency(
      (2, Gen.constant(0)), (1, Gen.element(of: [80, -80, 44, -44, 200, -200])))

    static func whileDown(_ plan: Plan, isPad: Bool) -> Gen<Interaction> {
      let offset = Gen.frequency(
        (4, Gen.int(in: -200...200)), (2, Gen.int(in: -1500...1500)), (1, Gen.int(in: -2...2)))
      var choices: [(weight: Int, generator: Gen<Interaction>)] = [
        (6, zip(offset, offset, Gen.int(in: 1...40), Gen.element(of: Interaction.StrokeProfile.allCases))
          .map { Interaction.stroke(dx: $0.0, dy: $0.1, steps: $0.2, profile: $0.3) }),
        // A finger held still jitters by a point or so: a tap that wobbles.
        (2, zip(Gen.int(in: -1...1), Gen.int(in: -1...1), Gen.int(in: 1...3))
          .map { Interaction.stroke(dx: $0.0, dy: $0.1, steps: $0.2, profile: .constant) }),
        // The cancel class ends most touches with a cancel instead.
        (plan.cause == .cancel ? 1 : 4, Gen.constant(.lift)),
        // Releases close to where a side is chosen, a docked button slid along its edge, flicks.
        (3, zip(
          Gen.element(of: Interaction.Middle.allCases), Gen.int(in: -40...40),
          Gen.int(in: -100...100), Gen.int(in: 1...20),
          Gen.element(of: Interaction.StrokeProfile.allCases)
        ).map { .dragToMiddle(of: $0.0, offset: $0.1, dy: $0.2, steps: $0.3, profile: $0.4) }),
        // Where the middle moves with the window or a column, most often.
        (plan.cause == .sideColumn || plan.cause == .iPadWindow ? 6 : 4, zip(
          Gen.element(of: Interaction.Middle.allCases), Gen.int(in: -40...40),
          Gen.int(in: -100...100), Gen.int(in: 1...20)
        ).map { .releaseAtMiddle(of: $0.0, offset: $0.1, dy: $0.2, steps: $0.3) }),
        (1, zip(
          Gen.frequency((2, Gen.int(in: -300...300)), (1, Gen.int(in: -1500...1500))),
          Gen.int(in: -3...3), Gen.int(in: 1...20)
        ).map { .slideAlongEdge(distance: $0.0, wobble: $0.1, steps: $0.2) }),
        (2, zip(Gen.int(in: -150...150), Gen.int(in: -150...150))
          .map { .flick(dx: $0.0, dy: $0.1) }),
        // Mostly short; now and then (often, for an item with a long press) past UIKit's
        // 0.5 s long press.
        (plan.longPress ? 4 : 2,
         Gen.frequency((plan.longPress ? 1 : 3, Gen.int(in: 1...30)), (1, Gen.int(in: 40...90)))
          .map { .hold(milliseconds: $0 * 10) }),
      ]
      if plan.cancels {
        // The cancel class cancels often; the rest only now and then.
        let weight = plan.cause == .cancel ? 6 : 1
        choices.append((weight, Gen.constant(.cancel)))
        choices.append((1, Gen.constant(.callArrives)))
      }
      let events = plan.containerEvents(isPad: isPad)
      if !events.isEmpty {
        choices.append((plan.changeWeight, Gen.frequency(events).map { .change($0, delay: 0) }))
      }
      return Gen.frequency(choices)
    }

    static func whileUp(_ plan: Plan, isPad: Bool) -> Gen<Interaction> {
      let delays = plan.touchDelays
      var choices: [(weight: Int, generator: Gen<Interaction>)] = [
        (6, zip(
          Gen.frequency((6, Gen.constant(true)), (1, Gen.constant(false))),
          Gen.int(in: -49...49), Gen.int(in: -49...49), Gen.element(of: delays)
        ).map { Interaction.touch(onItem: $0.0, x: $0.1, y: $0.2, delay: $0.3) }),
        (2, zip(
          zip(Gen.int(in: -49...49), Gen.int(in: -49...49)),
          zip(Gen.int(in: -1...1), Gen.int(in: -1...1)),
          Gen.int(in: 1...8), Gen.element(of: delays)
        ).map {
          Interaction.tap(
            x: $0.0.0, y: $0.0.1, jitterX: $0.1.0, jitterY: $0.1.1, events: $0.2, delay: $0.3)
        }),
        (1, Gen.int(in: 1...15).map { .wait(milliseconds: $0 * 100) }),
      ]
      let events = plan.containerEvents(isPad: isPad)
      if !events.isEmpty {
        let event = Gen.frequency(events)
        // After the item has settled (simplest), or while it still moves.
        choices.append((plan.changeWeight, zip(event, Gen.element(of: [700, 0, 200, 400])).map { .change($0.0, delay: $0.1) }))
        // A round trip, most often from a rest: where the item must come back to its berth.
        choices.append((plan.changeWeight, zip(
          event, Gen.frequency((2, Gen.constant(700)), (1, Gen.element(of: [0, 200]))),
          Gen.element(of: [700, 100, 300])
        ).map { .changeAndBack($0.0, delay: $0.1, hold: $0.2) }))
        choices.append((1, zip(event, Gen.int(in: 1...6), Gen.element(of: [50, 16, 100, 250]))
          .map { .changeBurst($0.0, times: $0.1, interval: $0.2) }))
      }
      return Gen.frequency(choices)
    }

    /// Just after the finger let go, while the item may still be moving: as with no finger down,
    /// but, where catches in flight are searched, more often a touch that catches it (and, with
    /// container changes, a change during its motion).
    static func whileReleased(_ plan: Plan, isPad: Bool, whileUp: Gen<Interaction>) -> Gen<Interaction> {
      guard plan.catchesToo else { return whileUp }
      let catches = zip(
        Gen.int(in: -49...49), Gen.int(in: -49...49), Gen.element(of: [0, 50, 100, 250, 400])
      ).map { Interaction.touch(onItem: true, x: $0.0, y: $0.1, delay: $0.2) }
      // The catch class catches the item after every release.
      if plan.cause == .catchInFlight { return catches }
      var choices: [(weight: Int, generator: Gen<Interaction>)] = [(4, whileUp), (2, catches)]
      let events = plan.containerEvents(isPad: isPad)
      if !events.isEmpty {
        choices.append((2, zip(Gen.frequency(events), Gen.element(of: [0, 50, 100, 200, 400]))
          .map { .change($0.0, delay: $0.1) }))
      }
      return Gen.frequency(choices)
    }

    func precondition(_ command: Interaction, model: InteractionModel) -> Bool {
      switch command {
      case .setup: return model.setup == nil
      case .touch, .tap, .wait: return !model.fingerDown
      case .stroke, .dragToMiddle, .releaseAtMiddle, .slideAlongEdge, .flick, .hold, .lift, .cancel,
        .callArrives:
        return model.fingerDown
      case .change(let event, _): return Self.allows(event, model: model)
      case .changeAndBack(let event, _, _), .changeBurst(let event, _, _):
        return !model.fingerDown && Self.allows(event, model: model)
      }
    }

    /// Whether the container can change so now: the in-call status bar only on a phone with a
    /// 20 pt status bar held upright, window sizes only on an iPad.
    static func allows(_ event: Interaction.ContainerEvent, model: InteractionModel) -> Bool {
      guard let setup = model.setup else { return false }
      let device = ScenarioGenerators.devices[setup.device]
      switch event {
      case .inCallStatusBar:
        return device.idiom == .phone && !device.hasHomeIndicator && !model.landscape
      case .window: return device.idiom == .pad
      default: return true
      }
    }

    func apply(_ command: Interaction, to model: InteractionModel) -> InteractionModel {
      var model = model
      switch command {
      case .setup(let setup):
        model.setup = setup
        model.landscape = setup.landscape
        model.keyboard = setup.keyboard
      case .touch: model.fingerDown = true
      case .lift, .cancel, .callArrives, .flick, .releaseAtMiddle: model.fingerDown = false
      case .change(.rotate, _): model.landscape.toggle()
      case .change(.keyboard, _): model.keyboard.toggle()
      case .changeBurst(.rotate, let times, _) where times % 2 == 1: model.landscape.toggle()
      case .changeBurst(.keyboard, let times, _) where times % 2 == 1: model.keyboard.toggle()
      default: break
      }
      switch command {
      case .lift, .cancel, .callArrives, .flick, .releaseAtMiddle: model.released = true
      default: model.released = false
      }
      return model
    }
  }

  /// Bars shown and hidden, the in-call status bar, a safe area reported late.
  static let barEvents: [(weight: Int, generator: Gen<Interaction.ContainerEvent>)] = [
    (1, Gen.constant(.navigationBar)),
    (1, Gen.constant(.tabBar)),
    (1, Gen.constant(.inCallStatusBar)),
    (1, zip(Gen.element(of: [0, 20, 44, 64]), Gen.element(of: [0, 34, 20]))
      .map { .safeArea(top: $0.0, bottom: $0.1) }),
  ]

  /// A side column the app reserves (or gives back) later.
  static let sideColumnEvent: Gen<Interaction.ContainerEvent> =
    zip(Gen.element(of: [0, 80, 200]), Gen.element(of: [0, 80]))
    .map { .sideColumn(left: $0.0, right: $0.1) }

  /// iPad windows: the full screen (simplest), Split View at a half, a third or two thirds,
  /// Slide Over at 320 or 375 pt, and Stage Manager windows.
  static let windowSize: Gen<Interaction.WindowSize> = Gen.frequency(
    (3, Gen.constant(.full)), (4, partialWindowSize))

  /// iPad windows smaller than the screen: Split View at a half (simplest), a third or two
  /// thirds, Slide Over at 320 or 375 pt, and Stage Manager windows.
  static let partialWindowSize: Gen<Interaction.WindowSize> = Gen.frequency(
    (2, Gen.element(of: [50, 33, 67]).map { .split(percent: $0) }),
    (1, Gen.element(of: [320, 375]).map { .slideOver(width: $0) }),
    (1, zip(Gen.int(in: 40...100), Gen.int(in: 50...100))
      .map { .stageManager(widthPercent: $0.0, heightPercent: $0.1) }))

  /// The container an interaction sequence is in: the device's environment for its orientation
  /// and bars, in its window, with the in-call bar and any late safe area.
  @usableFromInline
  struct Container: Hashable, Sendable {
    @usableFromInline var device: DeviceProfile
    @usableFromInline var landscape: Bool
    var bars: DeviceProfile.Bars
    var window: Interaction.WindowSize
    @usableFromInline var inCall = false
    var extraTop = 0
    var extraBottom = 0
    @usableFromInline var extraLeft = 0
    @usableFromInline var extraRight = 0

    @usableFromInline
    init(
      device: DeviceProfile, landscape: Bool, bars: DeviceProfile.Bars,
      window: Interaction.WindowSize
    ) {
      self.device = device
      self.landscape = landscape
      self.bars = bars
      self.window = window
    }

    @usableFromInline
    var environment: ItemEnvironment {
      var result = device.environment(landscape ? .landscape : .portrait, bars: bars)
      let screen = result.screenBounds
      var size = screen.size
      switch window {
      case .full: break
      case .split(let percent): size.width = (screen.width * CGFloat(percent) / 100).rounded()
      case .slideOver(let width):
        size.width = CGFloat(width)
        size.height = (screen.height - 2 * 24).rounded()
      case .stageManager(let w, let h):
        size.width = (screen.width * CGFloat(w) / 100).rounded()
        size.height = (screen.height * CGFloat(h) / 100).rounded()
      }
      if window != .full {
        result.bounds = CGRect(origin: .zero, size: size)
        result.name += ", \(window)"
        if let keyboard = result.keyboardFrame {
          result.keyboardFrame = CGRect(
            x: 0, y: size.height - keyboard.height, width: size.width, height: keyboard.height)
        }
      }
      if inCall {
        result.statusBarHeight = 40
        result.name += ", in-call status bar"
      }
      // Both are the view controller's (`additionalSafeAreaInsets`): an item in a window of its
      // own does not see them.
      if extraTop != 0 || extraBottom != 0 {
        result.additionalSafeAreaInsets.top += CGFloat(extraTop)
        result.additionalSafeAreaInsets.bottom += CGFloat(extraBottom)
        result.name += ", safe area +\(extraTop) top +\(extraBottom) bottom"
      }
      if extraLeft != 0 || extraRight != 0 {
        result.additionalSafeAreaInsets.left += CGFloat(extraLeft)
        result.additionalSafeAreaInsets.right += CGFloat(extraRight)
        result.name += ", side column +\(extraLeft) left +\(extraRight) right"
      }
      // Below an opaque bar the superview follows the window, the status bar and the bar.
      if bars.opaqueNavigationBar { result.placeSuperviewBelowNavigationBar() }
      return result
    }

    @usableFromInline
    mutating func apply(_ event: Interaction.ContainerEvent) {
      switch event {
      case .rotate:
        landscape.toggle()
        inCall = false
      case .navigationBar: bars.navigationBar.toggle()
      case .tabBar: bars.tabBar.toggle()
      case .keyboard: bars.keyboard.toggle()
      case .inCallStatusBar: inCall.toggle()
      case .window(let size): window = size
      case .safeArea(let top, let bottom):
        extraTop = top
        extraBottom = bottom
      case .sideColumn(let left, let right):
        extraLeft = left
        extraRight = right
      }
    }
  }

  /// Interaction sequences for `algorithm`: scenes on every catalogue device, and sequences of
  /// up to `maximumLength` steps after the setup, played into concrete gestures.
  ///
  /// A touch "on the item" lands where `algorithm` shows the item at that moment — the sequence is
  /// played through its simulation as it is built — so a second drag starts from where the first
  /// docked it and a touch during the motion lands on the moving item. The result is an ordinary
  /// `Scenario` whose gesture file replays it. Shrinking drops steps and simplifies their
  /// arguments through the model, so a sequence stays valid (no stroke without a finger down).
  public static func interactions<Algorithm: SnapAlgorithm>(
    for algorithm: Algorithm, maximumLength: Int = 8
  ) -> Gen<Scenario> {
    commandSequences(InteractionMachine(), maximumLength: maximumLength).map { commands in
      play(commands, with: algorithm)
    }
  }

  /// What `verify` draws for `algorithm`: a third single touches on an item at rest
  /// (`scenarios`, with hostile input and arbitrary windows), two thirds interaction sequences
  /// (`interactions(for:)`), which reach more of the bugs real apps ship. A counterexample
  /// shrinks towards the single touch when one shows the failure.
  public static func scenarios<Algorithm: SnapAlgorithm>(for algorithm: Algorithm) -> Gen<Scenario> {
    Gen.frequency((1, scenarios), (2, interactions(for: algorithm)))
  }

  /// What `verify` checks: one stratum per cause class the scope searches, each a stream of
  /// scenarios simulated once by `simulation` into the examples every invariant judges, with its
  /// weight (its share of the budget). A class's stratum draws interaction sequences in which only
  /// that cause can happen (`Plan`); `combined` draws everything at once — a third single touches
  /// (`scenarios`, with arbitrary windows), two thirds sequences of every kind — and `hostile`
  /// single touches with input no finger makes.
  static func strata<Algorithm: SnapAlgorithm>(
    for algorithm: Algorithm, simulation: Simulation<Algorithm>, declarations: Declarations,
    scope: Scope
  ) -> [(cause: CauseClass, weight: Int, examples: Gen<Example<Algorithm>>)] {
    func sequences(_ cause: CauseClass) -> Gen<Drawn> {
      let sequences = commandSequences(
        InteractionMachine(
          plan: Plan(cause: cause, scope: scope, longPress: algorithm.recognizesLongPress)),
        maximumLength: 8)
      return Gen<Drawn> { testCase in .sequence(try testCase.span { try sequences.generate(testCase) }) }
    }
    func singles(_ scenarios: Gen<Scenario>) -> Gen<Drawn> {
      Gen<Drawn> { testCase in .single(try scenarios.generate(testCase)) }
    }
    func examples(_ drawn: Gen<Drawn>) -> Gen<Example<Algorithm>> {
      drawn.map { drawn in
        switch drawn {
        case .single(let scenario):
          return Example(
            simulating: scenario, with: algorithm, simulation: simulation,
            declarations: declarations)
        case .sequence(let commands):
          var (scenario, atRest) = simulation.playing(commands, algorithm)
          let trajectory = simulation.proceed(&atRest)
          return Example(
            algorithm: algorithm, scenario: scenario, trajectory: trajectory,
            simulation: simulation, atRest: atRest, declarations: declarations)
        }
      }
    }
    return scope.searchedCauses.map { cause in
      let weight = strataWeights[cause] ?? 1
      switch cause {
      case .combined:
        return (cause, weight, examples(Gen.frequency(
          (1, singles(ScenarioGenerators.singles(in: scope).map(scope.confined))),
          (2, sequences(.combined)))))
      case .hostile:
        return (cause, weight, examples(singles(hostileSingles(in: scope).map(scope.confined))))
      default:
        let plan = Plan(cause: cause, scope: scope, longPress: algorithm.recognizesLongPress)
        guard let share = situationShares[cause], let built = situations(plan) else {
          return (cause, weight, examples(sequences(cause)))
        }
        let situations = Gen<Drawn> { testCase in
          .sequence(try testCase.span { try built.generate(testCase) })
        }
        // Free sequences first: the simpler, which a failure shrinks towards when it can.
        return (cause, weight, examples(Gen.frequency(
          (share.free, sequences(cause)), (share.situations, situations))))
      }
    }
  }

  /// Each cause class's share of `verify`'s budget, in turns. Every cause at once gets the
  /// most: it meets the most situations per example (its failures shrink to one cause where one
  /// alone shows them), then a plain gesture and the situations every app meets (the keyboard,
  /// a rotation, a cancel, a catch in flight, a side column, whose middle is not the window's),
  /// then the rest. Of every 25 examples: combined 7, a plain gesture 3 (and the examples of
  /// other classes in which their cause did not happen), every single cause 2 (an iPad window's
  /// defects show only in some windows and positions: at 1 in 25 the default budget missed them
  /// at some seeds), hostile input 1. Turns are dealt in a fixed order (`forAllBuckets`), so a
  /// quick look of 20 examples already visits nearly every class.
  static let strataWeights: [CauseClass: Int] = [
    .plain: 3, .keyboard: 2, .rotation: 2, .bars: 2, .iPadWindow: 2, .cancel: 2,
    .catchInFlight: 2, .sideColumn: 2, .combined: 7, .hostile: 1,
  ]

  /// Within a class's turns, how often it draws a sequence freely and how often one built to
  /// hold one of its situations (`Situation`): half the examples of a rotation's and an iPad
  /// window's class (whose changes move a docked item furthest, under a finger too), a third of
  /// the other container changes' and of a plain gesture, a quarter of a cancel's (about 16 and
  /// 11 of 32, 16 of 48 and 8 of 32 at the default 400, give or take the draw). A catch in flight
  /// has none: its free sequences catch the item after every release.
  static let situationShares: [CauseClass: (free: Int, situations: Int)] = [
    .plain: (2, 1), .keyboard: (2, 1), .rotation: (1, 1), .bars: (2, 1), .iPadWindow: (1, 1),
    .cancel: (3, 1), .sideColumn: (2, 1),
  ]

  /// What `examples(for:simulation:declarations:)` draws before it simulates: a single touch's
  /// scenario, or an interaction sequence to play.
  enum Drawn: Sendable {
    case single(Scenario)
    case sequence([Interaction])
  }
}
