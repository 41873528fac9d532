import Foundation
import SnapAlgorithms

// catchable and tap-is-not-drag: what each touch of a gesture does to the item.

extension Invariant {
  /// catchable: a touch on the item where it is shown reaches it and moves it from there; a
  /// touch beside it does not.
  static func checkCatchable(_ run: Run) -> Judgement {
    var judgement = Judgement.notApplicable
    for touch in run.trajectory.touches {
      let shown = touch.shownFrame
      let missable = Self.catchExcused(run, touch)
      // A hidden item is nothing a finger can see to catch.
      guard shown.isFinite, shown.width > 2, shown.height > 2, !touch.itemHidden else { continue }
      // Only the part of the item a finger can touch counts: not what lies off the window or
      // under a bar that takes the touch.
      let visible = shown.intersection(run.regions(at: touch.began).touchable)
      let when = touch.itemWasMoving ? "while it moves" : "at rest"
      // Only a violation is described: the words are not built for every touch.
      var finger: Prose { "(\(touch.finger.x), \(touch.finger.y))" }
      if !visible.isNull, visible.insetBy(dx: 1, dy: 1).contains(touch.finger) {
        judgement.applicable = true
        guard touch.reachedItem else {
          judgement.add(Violation(
            "at t = \(touch.began) a touch at \(finger) lands on the item, shown "
              + "\(when) at \(shown), but does not reach it", defect: .touchIgnored,
            magnitude: .once, at: touch.began, rect: shown, region: shown, transient: missable))
          continue
        }
        let center = CGPoint(x: shown.midX, y: shown.midY)
        // Grabbed: until the finger is a pan's hysteresis from where it landed, the item is no
        // further from where it was shown than the finger from where it landed — no jump to its
        // target, no motion carrying on under the finger.
        // The finger may have got a pan's hysteresis away between two frames and come back:
        // from that moment the pan is recognised, and followProblem judges what follows.
        let farAt = touch.leftHysteresisAt ?? .infinity
        // An item shown partly off the screen when caught (a rotation left it there: on-screen
        // and resize-safe report that) that the first move brings back onto it recovers: the
        // jump is polish.
        let window = run.regions(at: touch.began).bounds
        let size = run.scenario.itemSize
        let fits = (x: size.width <= window.width, y: size.height <= window.height)
        let offAtCatch = window.overhang(of: shown, checkX: fits.x, checkY: fits.y)
        // So does one the app placed outside the region it docks against (in the room its
        // contract reserves, under a bar) that the first move pulls back in: its own bound
        // enforcing itself, no further than it lay outside (`ItemContract.reservedInsets`).
        let docking = run.regions(at: touch.began).docking
        let fitsDocking = (x: size.width <= docking.width, y: size.height <= docking.height)
        let outAtCatch = docking.overhang(of: shown, checkX: fitsDocking.x, checkY: fitsDocking.y)
        let pressedAt = run.longPressTook(touch) ?? .infinity
        for frame in run.dragFrames(of: touch) {
          guard let at = frame.finger else { continue }
          if farAt <= frame.time + run.slack || pressedAt <= frame.time + run.slack { break }
          let moved = hypot(at.x - touch.finger.x, at.y - touch.finger.y)
          if moved >= PanGestureRecognizer.defaultHysteresis { break }
          let away = hypot(frame.rect.midX - shown.midX, frame.rect.midY - shown.midY)
          // Declared to centre itself under the finger (`ItemContract.grip`), it hops there.
          let centred = run.algorithm.contract.grip == .centre
            && hypot(frame.rect.midX - at.x, frame.rect.midY - at.y) <= tolerance
          if away > moved + halfPoint, !centred,
            !run.containerChanges(from: touch.began, to: frame.time)
          {
            let offNow = window.overhang(of: frame.rect, checkX: fits.x, checkY: fits.y)
            let outNow = docking.overhang(of: frame.rect, checkX: fitsDocking.x, checkY: fitsDocking.y)
            let recovers = (offAtCatch > tolerance && offNow < offAtCatch
              && away - moved <= offAtCatch + tolerance)
              || (outAtCatch > tolerance && outNow < outAtCatch
                && away - moved <= outAtCatch + tolerance)
            // A motion caught near its end that creeps on a few points under the finger, which
            // stays on the item: the catch holds it all the same.
            let creeps = away - moved <= min(shown.width, shown.height) * Self.catchCreepShare
              && frame.rect.insetBy(dx: 1, dy: 1).contains(at)
            judgement.add(Violation(
              "caught \(when) at \(shown) by a touch at \(finger) at t = "
                + "\(touch.began), it is shown at \(frame.rect) at t = "
                + "\(frame.time) with the finger \(moved) pt from "
                + "where it landed: it jumps",
              defect: .jumpsWhenCaught, magnitude: .points(away - moved), at: frame.time,
              rect: frame.rect, region: shown,
              // Caught while a container change animates, where what the screen shows moves
              // for reasons not the item's, or during a brief release motion, or creeping on
              // under a finger still on it: polish.
              transient: run.duringContainerChange(touch.began) || missable || recovers || creeps))
          }
        }
        let follow = followProblems(run, touch: touch, grabbedAt: center).problems
        for problem in [follow.hazard, follow.polish].compactMap({ $0 }) {
          var caught = problem
          if missable { caught.severity = .polish }
          caught.prose =
            "caught \(when) at \(shown) by a touch at \(finger) at t = "
            + "\(touch.began), it does not follow from there: " + problem.prose
          judgement.add(caught)
        }
      } else if !shown.insetBy(dx: -1, dy: -1).contains(touch.finger), touch.reachedItem {
        judgement.applicable = true
        let outside = shown.distance(toPoint: touch.finger)
        judgement.add(Violation(
          "at t = \(touch.began) a touch at \(finger), beside the item shown at "
            + "\(shown), grabs it: its touch area is where it is not shown",
          defect: .grabbedBesideIt, magnitude: .points(outside), at: touch.began, rect: shown,
          region: shown, transient: missable))
      }
    }
    return judgement
  }

  /// Whether what goes wrong when `touch` catches the item is polish: the item was moving and
  /// not meant to be caught then. Declared (`ItemContract.catchableInFlight`), that is the
  /// answer; undeclared, a motion that did not let the touch through where the item was shown
  /// (`TouchRecord.invitedCatch`) and that lasts no longer than a finger needs to aim
  /// (`ItemContract.briefMotion`) is not meant to be caught: the motion the finger met, as long
  /// as it ran (a glide sized by the distance it had to go may be far shorter than the longest
  /// the code declares), or the declared release motion's where that is not known.
  static func catchExcused(_ run: Run, _ touch: TouchRecord) -> Bool {
    guard touch.itemWasMoving else { return false }
    if let declared = run.algorithm.contract.catchableInFlight { return !declared }
    let length = touch.motionLength ?? run.algorithm.releaseMotion?.settleTime ?? 0
    return !touch.invitedCatch && length <= ItemContract.briefMotion
  }

  /// How far, as a share of its smaller side, an item caught in flight may creep on under a
  /// finger that stays on it and be polish: a tenth (6 pt of a 60 pt button), the tail of a glide
  /// the catch did not stop (ZLXDragButton's 1 s ease-in-out, caught in its last quarter, went
  /// on 3.5 pt). Further, or out from under the finger, it jumps.
  static let catchCreepShare: CGFloat = 0.1

  /// The longest a touch may last to count as a tap, in seconds, and the farthest its finger may
  /// move, in points: the jitter of a finger held still (UIKit's own tap allows 10 pt).
  static let tapDuration: Double = 0.5
  static let tapTravel: CGFloat = 2

  /// Whether `touch` was a tap: it lifted (not cancelled) within `tapDuration`, its finger within
  /// `tapTravel` of where it landed, and no long press took it.
  static func isTap(_ run: Run, _ touch: TouchRecord) -> Bool {
    guard let end = touch.end, !touch.cancelled, run.longPressTook(touch) == nil else {
      return false
    }
    return touch.travel <= tapTravel && end - touch.began <= tapDuration
  }

  /// tap-is-not-drag: a tap fires the action and leaves an item at rest where it is; a drag
  /// never fires it.
  static func checkTapIsNotDrag(_ run: Run) -> Judgement {
    let trajectory = run.trajectory
    let touches = trajectory.touches
    var judgement = Judgement.notApplicable
    let movesOnTap = run.algorithm.contract.tap == .movesItem
    for (index, touch) in touches.enumerated() where touch.reachedItem {
      // A touch a long press took is neither a tap nor a drag.
      guard let end = touch.end, !touch.cancelled, run.longPressTook(touch) == nil else { continue }
      var finger: Prose { "(\(touch.finger.x), \(touch.finger.y))" }
      var span: Prose { "t = \(touch.began)…\(end)" }
      // A container change under a still finger moves the item and the finger's coordinates:
      // that touch is neither a plain tap nor a drag.
      if run.containerChanges(from: touch.began, to: end) { continue }
      if isTap(run, touch) {
        judgement.applicable = true
        guard touch.actions > 0 else {
          // A tap on the rim the contract keeps outside the control that acts fires nothing, by
          // design (`ItemContract.actionInset`).
          let inset = run.algorithm.contract.actionInset
          if inset > 0, inset.isFinite,
            !touch.shownFrame.insetBy(dx: inset, dy: inset).contains(touch.finger)
          {
            continue
          }
          judgement.add(Violation(
            "a tap at \(finger) (\(span)) does not fire the item's action",
            defect: .tapDoesNotFire, magnitude: .once, at: end, rect: touch.shownFrame,
            region: touch.shownFrame))
          continue
        }
        guard !touch.itemWasMoving else { continue }
        let until = index + 1 < touches.count ? touches[index + 1].began : .infinity
        if run.containerChanges(from: touch.began, to: until) { continue }
        // An item whose tap is meant to move it must move: where to is on-screen's and
        // in-safe-area's to judge.
        if movesOnTap {
          // Until the next touch that reaches it: one that misses it changes nothing (a tap may
          // move it after a short delay).
          // A tap straight after a tap (no drag between) may leave it: the first revealed it
          // or opened what it opens, and this one acts on that. A first tap that left it is
          // found on its own.
          if let earlier = touches[..<index].last(where: \.reachedItem), isTap(run, earlier) {
            continue
          }
          let reaching = touches[(index + 1)...].first(where: \.reachedItem)?.began ?? .infinity
          let after = trajectory.frames.last(where: { $0.time < reaching })?.rect ?? trajectory.rest
          let rest = reaching == .infinity ? trajectory.rest : after
          let moved = max(rest.distance(to: touch.shownFrame), trajectory.frames.lazy.filter {
            $0.time >= touch.began && $0.time < reaching
          }.map { $0.rect.distance(to: touch.shownFrame) }.max() ?? 0)
          if moved <= tolerance {
            judgement.add(Violation(
              "a tap at \(finger) (\(span)) on the item resting at \(touch.shownFrame) leaves "
                + "it there, though its tap is declared to move it", defect: .tapLeavesIt,
              magnitude: .once, at: end, rect: touch.shownFrame, region: touch.shownFrame))
          }
          continue
        }
        // The farthest it is taken: a tap that sets off a dock moves it far, not a frame's step.
        var moved: CGRect?
        var farthest = tolerance
        for frame in trajectory.frames where frame.time >= touch.began && frame.time < until {
          let distance = frame.rect.distance(to: touch.shownFrame)
          if distance > farthest {
            farthest = distance
            moved = frame.rect
          }
        }
        if until == .infinity, trajectory.rest.distance(to: touch.shownFrame) > farthest {
          moved = trajectory.rest
        }
        // A tap that docks an item an earlier touch or change (one before the first touch too: a
        // rotation of the item as loaded) left undocked finishes what that
        // one should have done (docked, cancel-safe or resize-safe judge it): a button that docks
        // on every touch-up does so by design. An item still where the app put it keeps that
        // place, unless its contract says a tap docks it from anywhere (`TapEffect.docksItem`).
        // (The next touch may catch it on its way there: a motion cut short is judged by where
        // it was going, which only a dock of an undocked item excuses.)
        if let moved {
          let environment = run.environment(at: touch.began)
          if undocked(run.algorithm, touch.shownFrame, in: environment),
            docksAgainstAnEdge(run.algorithm, moved, in: environment)
              || (until < .infinity
                && trajectory.frames.last(where: { $0.time < until })?.phase == .motion),
            touches[..<index].contains(where: \.reachedItem)
              || run.changeDurations.contains(where: { $0.time < touch.began })
              || run.algorithm.contract.tap == .docksItem
          {
            continue
          }
        }
        if let moved {
          judgement.add(Violation(
            "a tap at \(finger) (\(span)) on the item resting at \(touch.shownFrame) "
              + "moves it to \(moved)", defect: .tapMovesIt,
            magnitude: .points(moved.distance(to: touch.shownFrame)), at: end, rect: moved,
            region: touch.shownFrame))
        }
      } else if touch.travel > PanGestureRecognizer.defaultHysteresis,
        run.dragFrames(of: touch).contains(where: {
          $0.rect.distance(to: touch.shownFrame) > tolerance
        })
      {
        judgement.applicable = true
        if touch.actions > 0 {
          judgement.add(Violation(
            "a drag from \(finger) (\(span)), the finger moving up to "
              + "\(touch.travel) pt with the item, fires the item's action",
            defect: .dragFiresAction, magnitude: .points(touch.travel), at: end,
            rect: touch.shownFrame, region: touch.shownFrame))
        }
      }
    }
    return judgement
  }

  /// Whether a tap that moves an item from `from` to `to` finishes a dock: `from` is not docked
  /// and `to` is (`docksAgainstAnEdge`). A button that docks on every touch-up does so by design.
  static func finishesDock(
    _ algorithm: Declarations, from: CGRect, to: CGRect, in environment: ItemEnvironment
  ) -> Bool {
    undocked(algorithm, from, in: environment)
      && docksAgainstAnEdge(algorithm, to, in: environment)
  }

  /// Whether `rect` is not docked as `algorithm` declares (false when it declares no docking).
  static func undocked(_ algorithm: Declarations, _ rect: CGRect, in environment: ItemEnvironment)
    -> Bool
  {
    guard let margin = algorithm.dockingMargin(for: rect.size) else { return false }
    let docking = algorithm.docking(environment)
    let rule = algorithm.dockingRule
    if dockingProblem(rect, in: docking, margin: margin, rule: rule) != nil {
      return true
    }
    // Against a side but within a magnetic end's band (`DockingRule.topBand`, `bottomBand`):
    // where the code docks it against that end, not yet docked (a tap that finishes that dock
    // moves an undocked item). On a band's edge, within half a point, either is docked.
    if rule.hasMagneticEnds {
      let region = docking.safeRegion
      let vertical = rule.endMargin(margin)
      let tolerance = Self.tolerance
      switch rule.magneticEnd(of: rect, in: region) {
      case .top?
      where abs(rect.minY - (region.minY + vertical)) > tolerance
        && rule.distanceToBandEdge(of: rect, in: region) > Self.halfPoint:
        return true
      case .bottom?
      where abs(rect.maxY - (region.maxY - vertical)) > tolerance
        && rule.distanceToBandEdge(of: rect, in: region) > Self.halfPoint:
        return true
      default: break
      }
    }
    // In the room its contract reserves at an edge (`ItemContract.reservedInsets`), where it
    // fits clear of it: not docked as declared, whichever side it is against.
    let reserved = algorithm.contract.reservedInsets
    guard reserved != .zero else { return false }
    let region = docking.safeRegion
    let tolerance = Self.tolerance
    return (reserved.top > 0 && rect.height <= region.height && rect.minY < region.minY - tolerance)
      || (reserved.bottom > 0 && rect.height <= region.height && rect.maxY > region.maxY + tolerance)
      || (reserved.left > 0 && rect.width <= region.width && rect.minX < region.minX - tolerance)
      || (reserved.right > 0 && rect.width <= region.width && rect.maxX > region.maxX + tolerance)
  }

  /// Whether `rect` is docked against the safe region as `algorithm` declares (its margin), or
  /// flush with the window's own edges — where a library that ignores the safe area docks, which
  /// in-safe-area judges.
  static func docksAgainstAnEdge(
    _ algorithm: Declarations, _ rect: CGRect, in environment: ItemEnvironment
  ) -> Bool {
    guard let margin = algorithm.dockingMargin(for: rect.size) else { return false }
    let rule = algorithm.dockingRule
    if dockingProblem(rect, in: algorithm.docking(environment), margin: margin, rule: rule) == nil {
      return true
    }
    // The window's edges as the region docked against: no bars, insets or keyboard.
    var window = environment
    window.safeAreaInsets = .zero
    window.additionalSafeAreaInsets = .zero
    window.statusBarHeight = 0
    window.navigationBarHeight = 0
    window.tabBarHeight = 0
    window.keyboardFrame = nil
    return dockingProblem(rect, in: window, margin: 0, rule: rule) == nil
      || dockingProblem(rect, in: window, margin: margin, rule: rule) == nil
  }
}

// MARK: - Registration

extension Invariant {
  /// `catchable`: a touch that lands on the item where it is shown (more than 1 pt inside its
  /// shown frame) — while it moves too — reaches it and holds it there (until the finger has
  /// first been 10 pt from where it landed, at any touch event, frames between them or not, the
  /// item is no further from where it was shown than the finger from where it landed, within
  /// 0.5 pt), and from the moment the finger has moved a pan's hysteresis the item follows it
  /// from where it was shown, as tracks-finger says, with no jump to its model value; a touch
  /// that lands more than 1 pt outside the shown frame does not grab it (no touch area left
  /// where the item is not).
  public static let catchable: Invariant = Invariant(
    "catchable",
    definition: Definition(
      harmRank: 80,
      consequence: { size in
        "A touch on the button while it moves misses it or makes it jump\(size)." },
      abbreviation: "ca",
      defects: [.lagsTheFinger, .heldShortOfEdge, .panHysteresisLag, .offsetUntilNextTouch,
        .offsetAfterContainerChange, .offsetFromBound, .stuckOnItsEdge, .movesAfterRelease,
        .keptClearOfEdge, .touchIgnored, .jumpsWhenCaught, .grabbedBesideIt],
      judge: { run, _ in checkCatchable(run) }))

  /// `tap-is-not-drag`: for an item with an action (`itemAction`): a tap on it — a touch that
  /// lifts within 0.5 s, the finger moving no more than 2 pt — fires the action, and, on an
  /// item at rest, leaves it where it is shown until the next touch (unless the container
  /// changes, or the tap docks an item that an earlier touch or change left undocked: that
  /// one's dock is docked's, cancel-safe's or resize-safe's to judge; an item still where the
  /// app put it keeps that place); a drag — the finger moving more than a pan's 10 pt
  /// hysteresis while the item moves with it — never fires it. A touch during which the
  /// container changes is neither.
  ///
  /// Applies only to an item with an action (`itemAction`).
  public static let tapIsNotDrag: Invariant = Invariant(
    "tap-is-not-drag",
    definition: Definition(
      harmRank: 90,
      consequence: { _ in "A tap moves the button, or a drag fires its action." },
      abbreviation: "tind",
      defects: [.tapMovesIt, .tapDoesNotFire, .dragFiresAction, .tapLeavesIt],
      applies: { $0.itemAction != nil },
      judge: { run, _ in checkTapIsNotDrag(run) }))
}

extension Defect {
  /// `tap-does-not-fire`: a tap does not fire its action. Its magnitude is not a distance from
  /// where the item should be.
  public static let tapDoesNotFire: Defect = Defect(
    "tap-does-not-fire",
    "a tap does not fire its action",
    measuresPosition: false, harm: .action)

  /// `drag-fires-action`: a drag fires its action. Its magnitude is not a distance from where
  /// the item should be.
  public static let dragFiresAction: Defect = Defect(
    "drag-fires-action",
    "a drag fires its action",
    measuresPosition: false, harm: .action)

  /// `touch-ignored`: ignores a touch on it. Its magnitude is not a distance from where the
  /// item should be.
  public static let touchIgnored: Defect = Defect(
    "touch-ignored",
    "ignores a touch on it",
    measuresPosition: false, harm: .catchInFlight)

  /// `jumps-when-caught`: jumps when caught.
  public static let jumpsWhenCaught: Defect = Defect("jumps-when-caught", "jumps when caught", harm: .catchInFlight)

  /// `tap-leaves-it`: a tap declared to move the item (`ItemContract.tap`) leaves it where it
  /// rests.
  public static let tapLeavesIt: Defect = Defect(
    "tap-leaves-it",
    "a tap meant to move it leaves it where it is",
    measuresPosition: false, harm: .action)

  /// `grabbed-beside-it`: a touch beside it grabs it.
  public static let grabbedBesideIt: Defect = Defect(
    "grabbed-beside-it",
    "a touch beside it grabs it", harm: .catchInFlight)
}
