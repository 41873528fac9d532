import Foundation
import SnapAlgorithms
import SnapCheck

/// The situations a cause class's stratum builds on purpose, beside the sequences it draws
/// freely: what a bug of that class needs and a free sequence meets too rarely for the default
/// budget to reach it at every seed.
///
/// A free sequence of up to eight steps, each drawn among a dozen kinds, holds a given run of
/// three or four steps in a few examples in a hundred: at 400 examples shared among ten classes
/// (32 a class), a bug that needs one is found at some seeds and missed at others. Each situation
/// below is a sequence built to hold its run, with its numbers still drawn (and shrunk); a class
/// draws a quarter to a half of its examples from its situations (`ScenarioGenerators.situationShares`),
/// so the default budget meets each of them at every seed:
///
/// - `stillFingerThroughChange` (the classes of one container change): a finger rests on the item
///   while the container changes under it, then lifts without moving, holds and lifts, wobbles a
///   point or two and lifts, or starts a drag at once, while the item may still be moving from
///   the change — the touch real apps get when a rotation or the keyboard comes while the thumb
///   is on the button.
/// - `changeAtRest` (the classes of one container change): the item dragged to one side, either,
///   and docked; once it rests the container changes, and three times in four changes back — a phone
///   turned with the button docked, the keyboard shown and hidden over it. For the keyboard, half
///   the time the item is docked 40 to 190 pt above the bottom end of its edge, where the
///   keyboard comes, to stay half the time.
/// - `burstAfterRelease` (the same classes but the side column): the item docked, then carried to the window's middle
///   and let go, and as it glides back to a side a burst of five or six changes of that kind,
///   each undoing the one before (a keyboard toggled while switching fields, bars hidden and
///   shown while scrolling), with the system's own pacing. Not for a side column, which
///   reported again is no change.
/// - `releaseBetweenMiddles` (side column): with a column reserved, the item taken from where it
///   docked and released, still, within 10 pt of halfway between the window's middle and the
///   safe region's — where choosing a side against the wrong middle shows.
/// - `secondGesture` (plain): the item dragged to one side and docked, then taken from where it
///   rests: thrown back across the screen or slid along its edge (each a third of the time),
///   dragged, or released close to a middle — what a docked button meets all day.
/// - `cancelledDrag` (cancel): a drag past the pan's slop that the system cancels, or a call
///   cancels with the in-call bar; then, four times in five, a tap or a drag a second later.
enum Situation: String, CaseIterable, Sendable {
  case stillFingerThroughChange = "still-finger-through-change"
  case changeAtRest = "change-at-rest"
  case burstAfterRelease = "burst-after-release"
  case releaseBetweenMiddles = "release-between-middles"
  case secondGesture = "second-gesture"
  case cancelledDrag = "cancelled-drag"

  /// The situations `cause`'s stratum builds, with their weights within it.
  static func of(_ cause: CauseClass) -> [(situation: Situation, weight: Int)] {
    switch cause {
    case .keyboard, .rotation, .iPadWindow:
      return [(.changeAtRest, 1), (.stillFingerThroughChange, 1), (.burstAfterRelease, 1)]
    case .bars:
      // The bars come and go fastest (0.2 s): their bursts are the ones that overlap most.
      return [(.changeAtRest, 1), (.stillFingerThroughChange, 1), (.burstAfterRelease, 2)]
    case .sideColumn:
      // (A burst of one column reported again and again is a single change: none here.)
      return [(.releaseBetweenMiddles, 2), (.changeAtRest, 1), (.stillFingerThroughChange, 1)]
    case .plain: return [(.secondGesture, 1)]
    case .cancel: return [(.cancelledDrag, 1)]
    case .catchInFlight, .combined, .hostile: return []
    }
  }
}

extension ScenarioGenerators {
  /// The interaction sequences of `plan`'s situations (see `Situation`), or `nil` when its class
  /// has none or its scope rules them out (no rotation for a scope of one orientation).
  ///
  /// Each sequence starts with the plan's own setup and is checked step by step against the
  /// interaction model, so it is one a free sequence could have been: the in-call bar where the
  /// scene has none becomes the navigation bar, and any other step the model does not allow is
  /// left out.
  static func situations(_ plan: ScenarioGenerators.Plan) -> Gen<[Interaction]>? {
    let machine = InteractionMachine(plan: plan)
    let kinds = Situation.of(plan.cause).filter { kind, _ in
      switch kind {
      case .stillFingerThroughChange, .changeAtRest, .burstAfterRelease, .releaseBetweenMiddles:
        return !plan.containerEvents(isPad: true).isEmpty
          || !plan.containerEvents(isPad: false).isEmpty
      case .secondGesture, .cancelledDrag: return true
      }
    }
    guard !kinds.isEmpty else { return nil }
    let events = [false, true].map { isPad -> Gen<Interaction.ContainerEvent>? in
      let choices = plan.containerEvents(isPad: isPad)
      return choices.isEmpty ? nil : Gen.frequency(choices)
    }
    // What follows the setup, on a phone and on an iPad, with the keyboard down and up: nothing
    // where no situation can be built (an iPad window's changes on a phone, which its class
    // never draws).
    let rest = [false, true].map { isPad in
      [false, true].map { keyboardUp -> Gen<[Interaction]> in
        let choices = kinds.compactMap { kind, weight in
          situation(kind, event: events[isPad ? 1 : 0], keyboardUp: keyboardUp).map { (weight, $0) }
        }
        return choices.isEmpty ? Gen.constant([]) : Gen.frequency(choices)
      }
    }
    let setup = machine.initial.map { command -> Interaction in
      // The column the side column's situations are about: one from the start.
      guard case .setup(var setup) = command, setup.sideColumn == 0,
        kinds.contains(where: { $0.situation == .releaseBetweenMiddles })
      else { return command }
      setup.sideColumn = 80
      return .setup(setup)
    }
    return setup.flatMap { command -> Gen<[Interaction]> in
      guard case .setup(let setup) = command else { return Gen.constant([command]) }
      let isPad = devices[setup.device % devices.count].idiom == .pad
      return rest[isPad ? 1 : 0][setup.keyboard ? 1 : 0].map {
        validated([command] + $0, machine: machine)
      }
    }
  }

  /// `commands` with every step the interaction model does not allow where it comes left out.
  static func validated(_ commands: [Interaction], machine: InteractionMachine) -> [Interaction] {
    var model = machine.initialModel
    var kept: [Interaction] = []
    for drawn in commands {
      var command = drawn
      // The in-call bar comes only on a phone with a 20 pt status bar held upright: elsewhere,
      // the navigation bar changes instead, so that the situation still has its change.
      switch drawn {
      case .change(.inCallStatusBar, let delay)
      where !machine.precondition(drawn, model: model):
        command = .change(.navigationBar, delay: delay)
      case .changeBurst(.inCallStatusBar, let times, let interval)
      where !machine.precondition(drawn, model: model):
        command = .changeBurst(.navigationBar, times: times, interval: interval)
      case .changeAndBack(.inCallStatusBar, let delay, let hold)
      where !machine.precondition(drawn, model: model):
        command = .changeAndBack(.navigationBar, delay: delay, hold: hold)
      default: break
      }
      guard machine.precondition(command, model: model) else { continue }
      kept.append(command)
      model = machine.apply(command, to: model)
    }
    return kept
  }

  /// A stroke of at least 20 pt along x, either way: past the pan's slop, to a side.
  static let sidewaysStroke: Gen<Interaction> = zip(
    Gen.bool, Gen.int(in: 20...300), Gen.int(in: -300...300), Gen.int(in: 2...20)
  ).map { .stroke(dx: $0.0 ? -$0.1 : $0.1, dy: $0.2, steps: $0.3, profile: .constant) }

  /// A drag that moves the item and lets it go, so that it docks: touch, a stroke, lift.
  static let dragToDock: Gen<[Interaction]> = sidewaysStroke.map {
    [.touch(onItem: true, x: 0, y: 0, delay: 1000), $0, .lift]
  }

  /// A drag that carries the item `distance` points towards `side` (-1 left, 1 right) and lets
  /// it go: 300 to 600 pt docks it on that side on any phone, and on an iPad from where items
  /// first rest.
  static func drag(toward side: Int, distance: Int, dy: Int, steps: Int) -> [Interaction] {
    [
      .touch(onItem: true, x: 0, y: 0, delay: 1000),
      .stroke(dx: side * distance, dy: dy, steps: steps, profile: .constant), .lift,
    ]
  }

  /// What a docked item meets next, taken from where it rests on `side`: thrown back across the
  /// screen or slid along its edge (each a third of the time), dragged, or released near a middle.
  static func secondGesture(docked side: Int) -> Gen<[Interaction]> {
    Gen.frequency(
      // Thrown back across the screen, at 600 to 3,000 pt/s (at 60 touches a second).
      (2, zip(Gen.int(in: 30...150), Gen.int(in: -60...60)).map {
        [.flick(dx: -side * $0.0, dy: $0.1)]
      }),
      // Slid along its edge, far enough (4 to 20 moves) that the pan has long begun.
      (2, zip(Gen.bool, Gen.int(in: 60...300), Gen.int(in: -3...3), Gen.int(in: 4...20))
        .map { [.slideAlongEdge(distance: $0.0 ? -$0.1 : $0.1, wobble: $0.2, steps: $0.3), .lift] }),
      (1, sidewaysStroke.map { [$0, .lift] }),
      (1, zip(
        Gen.element(of: Interaction.Middle.allCases), Gen.int(in: -40...40),
        Gen.int(in: -100...100), Gen.int(in: 2...20)
      ).map { [.releaseAtMiddle(of: $0.0, offset: $0.1, dy: $0.2, steps: $0.3)] }))
  }

  /// Whether a part of a situation is there: nearly always, but its absence is the simpler, so
  /// a failure that does not need it shrinks without it — a button that rests under the keyboard
  /// is shown with the keyboard alone, not behind the drag that led up to it.
  static let present: Gen<Bool> = Gen.frequency((1, Gen.constant(false)), (19, Gen.constant(true)))

  /// `steps` when `present` is drawn, nothing otherwise.
  static func optional(_ steps: Gen<[Interaction]>) -> Gen<[Interaction]> {
    zip(present, steps).map { $0.0 ? $0.1 : [] }
  }

  /// The steps of one situation after the setup, drawn with the container changes `event` makes
  /// (`nil`: the class makes none, and situations that need one are not built).
  static func situation(
    _ kind: Situation, event: Gen<Interaction.ContainerEvent>?, keyboardUp: Bool = false
  ) -> Gen<[Interaction]>? {
    let grab = zip(Gen.int(in: -40...40), Gen.int(in: -40...40))
    switch kind {
    case .stillFingerThroughChange:
      guard let event else { return nil }
      // Lifts come first and most (half the endings): what the change left must settle when
      // the finger goes.
      let ending: Gen<[Interaction]> = Gen.frequency(
        (2, Gen.constant([.lift])),
        (1, Gen.element(of: [100, 300, 600]).map { [.hold(milliseconds: $0), .lift] }),
        // Resting, the thumb wobbles a point or two: touch events that tell the code where the
        // finger is, and begin no drag — what the item the change moved shows meanwhile is its
        // code's, with no "until the next touch" left to excuse it.
        (1, zip(Gen.int(in: -2...2), Gen.int(in: 1...2), Gen.int(in: 2...6)).map {
          [.stroke(dx: $0.0, dy: $0.1, steps: $0.2, profile: .reversing), .hold(milliseconds: 300), .lift]
        }),
        // At once: the pan may begin while the change still moves the item.
        (1, zip(
          Gen.int(in: -200...200), Gen.int(in: -200...200), Gen.int(in: 2...20),
          Gen.element(of: Interaction.StrokeProfile.allCases)
        ).map { [.stroke(dx: $0.0, dy: $0.1, steps: $0.2, profile: $0.3), .lift] }))
      let finger = optional(zip(grab, Gen.element(of: [0, 50, 200])).map {
        [.touch(onItem: true, x: $0.0.0, y: $0.0.1, delay: 1000), .hold(milliseconds: $0.1)]
      })
      // Docked first, nearly always: a docked item that the change moves under the finger must
      // be docked again after the lift.
      return zip(optional(dragToDock), finger, event, ending)
        .map { before, finger, event, ending in
          // (Without the finger, the ending's steps have none to move and are left out.)
          before + finger + [.change(event, delay: 0)] + ending
        }
    case .changeAtRest:
      guard let event else { return nil }
      // Docked on the side a drag chose (either), then the container changes once it has come
      // to rest — and, three times in four, changes back: where the change pushed it, it must
      // come back to its berth.
      return zip(
        zip(Gen.bool, Gen.int(in: 300...600), Gen.int(in: -300...300)), event,
        Gen.frequency((1, Gen.constant(0)), (3, Gen.element(of: [700, 300, 100]))), Gen.bool
      ).map { drag, event, back, low -> [Interaction] in
        let (leftward, distance, drawn) = drag
        // The keyboard covers the lower part of the window: half the time the item is docked
        // there (below), and the keyboard comes over it.
        let underKeyboard = event == .keyboard && low
        // Docked low, the keyboard comes to stay half the time (`back` 0 or 700) and goes again
        // after 300 or 100 ms the other half: pushed clear, the item must come back to its
        // berth.
        let stays = back == 0 || (underKeyboard && back == 700)
        let change: Interaction =
          stays ? .change(event, delay: 700) : .changeAndBack(event, delay: 700, hold: back)
        guard underKeyboard else {
          return Self.drag(toward: leftward ? -1 : 1, distance: distance, dy: drawn, steps: 10) + [change]
        }
        // Docked at the bottom end of its edge, then slid 40 to 190 pt up it: under where the
        // keyboard comes, and not at the end, where a berth lost and found again would look kept.
        // (A keyboard up from the start goes first.)
        let down: [Interaction] = keyboardUp ? [.change(event, delay: 100)] : []
        return down + Self.drag(toward: leftward ? -1 : 1, distance: distance, dy: 1000, steps: 10) + [
          .touch(onItem: true, x: 0, y: 0, delay: 1000),
          .slideAlongEdge(distance: -(40 + abs(drawn) / 2), wobble: 0, steps: 6), .lift, change,
        ]
      }
    case .burstAfterRelease:
      guard let event else { return nil }
      // The item docked, then carried to the window's middle and let go there, still: it has
      // the whole width to glide, as the changes come.
      // Each change of a burst undoes the one before (a bar shown, hidden, shown): the same late
      // safe area or column reported again is no change, so a burst of bars toggles one.
      let toggling = event.map { event -> Interaction.ContainerEvent in
        if case .safeArea = event { return .navigationBar }
        return event
      }
      let release = optional(zip(
        grab, Gen.int(in: -40...40), Gen.int(in: -100...100), Gen.int(in: 2...20)
      ).map { grab, offset, dy, steps -> [Interaction] in
        [
          .touch(onItem: true, x: grab.0, y: grab.1, delay: 1000),
          .releaseAtMiddle(of: .window, offset: offset, dy: dy, steps: steps),
        ]
      })
      return zip(
        optional(dragToDock), release, toggling,
        zip(Gen.int(in: 5...6), Gen.element(of: [16, 50, 100]))
      ).map { drag, release, event, burst in
        drag + release + [.changeBurst(event, times: burst.0, interval: burst.1)]
      }
    case .releaseBetweenMiddles:
      return zip(
        optional(dragToDock), grab, Gen.int(in: -10...10), Gen.int(in: -100...100), Gen.int(in: 2...20))
        .map { drag, grab, offset, dy, steps in
          drag + [
            .touch(onItem: true, x: grab.0, y: grab.1, delay: 1000),
            .releaseAtMiddle(of: .halfway, offset: offset, dy: dy, steps: steps),
          ]
        }
    case .secondGesture:
      // Docked on one side by a first drag (nearly always), then taken from there; the next
      // gesture's generators are built once for each side, not for every sequence drawn.
      let seconds = [-1, 1].map { secondGesture(docked: $0) }
      return zip(
        zip(Gen.bool, present), Gen.int(in: 300...600), Gen.int(in: -300...300), Gen.int(in: 2...20),
        grab
      ).flatMap { way, distance, dy, steps, grab -> Gen<[Interaction]> in
        let (leftward, dragged) = way
        let side = leftward ? -1 : 1
        let first =
          (dragged ? drag(toward: side, distance: distance, dy: dy, steps: steps) : [])
          + [.touch(onItem: true, x: grab.0, y: grab.1, delay: 1000)]
        return seconds[leftward ? 0 : 1].map { first + $0 }
      }
    case .cancelledDrag:
      // Then, four times in five, the button is used again a second later — tapped, or dragged
      // and docked — which shows what the cancel left behind: a dragging flag never cleared
      // blocks the tap, a start offset never reset throws the next drag off the finger.
      let tap = zip(Gen.int(in: -30...30), Gen.int(in: -30...30), Gen.int(in: 1...6)).map {
        [Interaction.tap(x: $0.0, y: $0.1, jitterX: 0, jitterY: 0, events: $0.2, delay: 1000)]
      }
      let after = Gen.frequency((1, Gen.constant([Interaction]())), (2, tap), (2, dragToDock))
      return zip(
        Gen.frequency((1, Gen.constant([])), (1, dragToDock)), grab, sidewaysStroke,
        Gen.frequency((3, Gen.constant(Interaction.cancel)), (1, Gen.constant(.callArrives))),
        after
      ).map { before, grab, stroke, cancel, after in
        before + [.touch(onItem: true, x: grab.0, y: grab.1, delay: 1000), stroke, cancel] + after
      }
    }
  }
}
