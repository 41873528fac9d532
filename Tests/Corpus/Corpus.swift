import Foundation
import SnapAlgorithms
import SnapVerification

/// The corpus: floating buttons as users write them, each with the defects a careful iOS engineer
/// would judge real. `CorpusTests` checks that `verify` reports every judged defect under its own
/// cause, and nothing else.
///
/// Each implementation is written for SnapLab in the shape an open-source library takes
/// (/work/research/libraries.md names the libraries; no third-party code is copied), in its own
/// file, with its entry: the algorithm, its shape, what its app would declare it meets (`Scope`),
/// its judged defects, and the hazards SnapLab reports on it that a careful engineer would dismiss
/// (`FalseAlarm`, the tests' known issues).
public enum Corpus {
  /// Every implementation of the corpus, in the order of the shapes.
  public static let entries: [Entry] = [
    .keyWindowBubble, .pictureInPictureWindow, .touchUpInsideButton, .completionDock, .chatHead,
    .debugBubble, .fourEdgeDock, .swiftUIOffsetBubble,
  ]
}

extension Corpus {
  /// The shapes floating buttons take in real libraries.
  public enum Shape: String, Sendable, CaseIterable {
    /// A bubble added to the key window, moved by the pan's translation, docking to the nearer
    /// side, with a tap recogniser beside the pan (WMDragView, ZFPlayer's float view, CocoaDebug).
    case keyWindowBubble = "key-window bubble"
    /// A picture-in-picture view in a window of its own, docking to a corner, keeping clear of
    /// the keyboard (PIPKit, FluidInterfaceKit, FloatingShowable).
    case pictureInPictureWindow = "picture-in-picture window"
    /// A `UIButton` subclass on the touches API, its action on touch-up-inside, with a "did
    /// move" flag (RCDraggableButton, MNFloatBtn).
    case touchUpInsideButton = "touch-up-inside button"
    /// A view controller's floating view whose dock animation's completion block keeps its
    /// state (XFAssistiveTouch, LLDebugTool, DYFAssistiveTouchView).
    case completionBlockDock = "completion-block dock"
    /// A chat head with a tap action and a long press (CocoaDebug's bubble, DebugSwift, Glia).
    case chatHead = "chat head"
    /// A debug bubble placed at load above the tab bar, restored on every window layout
    /// (DebugSwift's float ball).
    case debugBubble = "debug bubble"
    /// An AssistiveTouch clone on the touches API with a tap recogniser, docking to the nearest
    /// of four edges (MOONAssistiveTouch, LLDebugTool, XFAssistiveTouch).
    case fourEdgeDock = "four-edge dock"
    /// A SwiftUI view moved by `@State` offsets, springing to the side of the screen it is on,
    /// with a tap beside the drag (the SwiftUI tutorials' bubbles, coach-mark and chat bubbles).
    case swiftUIOffsetBubble = "SwiftUI offset bubble"
  }

  /// A defect judged real by hand, as data: what goes wrong and why a careful iOS engineer would
  /// file it, and how `verify` should show it.
  public struct JudgedDefect: Sendable, CustomStringConvertible {
    /// What goes wrong, the mechanism, and why it is real.
    public var summary: String
    /// The invariants it breaks.
    public var invariants: Set<Invariant>
    /// What it shows as (`Violation.defect`).
    public var defects: Set<Defect>
    /// The situations it shows in: the cause classes whose smallest counterexample needs nothing
    /// more. Several causes at once (`combined`) may show it too, and a defect of plain gestures
    /// shows in every class (whatever else happens, the gesture still does it).
    public var causeClasses: Set<CauseClass>
    /// What its counterexample must hold, when the invariant, the defect and the class alone
    /// cannot tell it from another way the same invariant breaks: its mechanism at work.
    public var witness: Witness?
    /// Whether it was found by SnapLab rather than planted, and confirmed real by hand.
    public var foundBySnapLab: Bool
    /// When SnapLab does not report it at some seed of the default budget: its shortcoming, in
    /// words, and the seeds (a known issue of the tests).
    public var missedBySnapLab: (reason: String, seeds: Set<UInt64>)?

    public init(
      _ summary: String, invariants: Set<Invariant>, defects: Set<Defect>,
      causeClasses: Set<CauseClass>, witness: Witness? = nil, foundBySnapLab: Bool = false,
      missedBySnapLab: (reason: String, seeds: Set<UInt64>)? = nil
    ) {
      self.summary = summary
      self.invariants = invariants
      self.defects = defects
      self.causeClasses = causeClasses
      self.witness = witness
      self.foundBySnapLab = foundBySnapLab
      self.missedBySnapLab = missedBySnapLab
    }

    /// Whether it can show in a counterexample of `cause` holding `situations` (see
    /// `Corpus.situations(of:trajectory:)`; `nil` when they are not known): its own classes, or
    /// several causes at once among which one of its own is.
    public func shows(in cause: CauseClass, situations: Set<CauseClass>? = nil) -> Bool {
      Corpus.matches(causeClasses, cause, situations: situations)
    }

    /// Whether it explains `cause`, a way `invariant` breaks, by its invariant, defect and class
    /// alone (a `combined` cause counts whatever its situations).
    public func explains(_ cause: Finding.Cause, of invariant: Invariant) -> Bool {
      invariants.contains(invariant) && defects.contains(cause.violation.defect)
        && shows(in: cause.causeClass)
    }

    /// Whether it explains `cause`, a way `invariant` breaks, replayed as `replay`: the
    /// invariant, the defect and the situation are its own, and its witness holds.
    public func explains(
      _ cause: Finding.Cause, of invariant: Invariant, replay: Corpus.Replay
    ) -> Bool {
      explains(replay, of: invariant, in: cause.causeClass)
    }

    /// Whether it explains `replay`'s violation of `invariant`, a counterexample of class
    /// `causeClass`.
    public func explains(
      _ replay: Corpus.Replay, of invariant: Invariant, in causeClass: CauseClass
    ) -> Bool {
      invariants.contains(invariant) && defects.contains(replay.violation.defect)
        && shows(in: causeClass, situations: replay.situations)
        && (witness?.holds(replay) ?? true)
    }

    public var description: String { summary }
  }

  /// A hazard SnapLab reports on an implementation that a careful iOS engineer would dismiss:
  /// kept apart from the judged defects, recorded by the tests as a known issue of SnapLab.
  public struct FalseAlarm: Sendable, CustomStringConvertible {
    /// What SnapLab reports, and why it is not a defect: the shortcoming, precisely.
    public var summary: String
    public var invariants: Set<Invariant>
    public var defects: Set<Defect>
    /// The cause classes it is reported in, as `JudgedDefect.causeClasses` says.
    public var causeClasses: Set<CauseClass>
    /// What its counterexample holds, as `JudgedDefect.witness` says.
    public var witness: Witness?

    public init(
      _ summary: String, invariants: Set<Invariant>, defects: Set<Defect>,
      causeClasses: Set<CauseClass>, witness: Witness? = nil
    ) {
      self.summary = summary
      self.invariants = invariants
      self.defects = defects
      self.causeClasses = causeClasses
      self.witness = witness
    }

    /// Whether `cause`, a way `invariant` breaks replayed as `replay`, is this false alarm.
    public func matches(
      _ cause: Finding.Cause, of invariant: Invariant, replay: Corpus.Replay
    ) -> Bool {
      invariants.contains(invariant) && defects.contains(replay.violation.defect)
        && Corpus.matches(causeClasses, cause.causeClass, situations: replay.situations)
        && (witness?.holds(replay) ?? true)
    }

    public var description: String { summary }
  }

  /// One implementation of the corpus.
  public struct Entry: Sendable, CustomStringConvertible {
    /// The implementation, as its user wrote it.
    public var algorithm: any SnapAlgorithm
    public var shape: Shape
    /// What its app would declare it meets ("my button is 60×60, portrait, phone"), or `nil`
    /// for everything.
    public var scope: Scope?
    /// The defects judged real by hand; none for an implementation that gets it all right.
    public var defects: [JudgedDefect]
    /// What SnapLab reports that is not a defect.
    public var falseAlarms: [FalseAlarm]

    public init(
      _ algorithm: any SnapAlgorithm, shape: Shape, scope: Scope? = nil,
      defects: [JudgedDefect], falseAlarms: [FalseAlarm] = []
    ) {
      self.algorithm = algorithm
      self.shape = shape
      self.scope = scope
      self.defects = defects
      self.falseAlarms = falseAlarms
    }

    /// The algorithm's id: `corpus.key-window-bubble`.
    public var id: String { algorithm.id }

    /// Where the item lives.
    public var host: ItemHost { algorithm.host }

    public var description: String { id }
  }
}

extension Corpus {
  /// Whether something that shows in `classes` can show in a counterexample of class `cause`
  /// holding `situations`: a plain gesture's shows in every class; otherwise its own class, or
  /// several causes at once (`combined`), or hostile input beside other causes, among which one
  /// of its own is (any, when the situations are not known).
  static func matches(
    _ classes: Set<CauseClass>, _ cause: CauseClass, situations: Set<CauseClass>?
  ) -> Bool {
    if classes.contains(.plain) || classes.contains(cause) { return true }
    guard cause == .combined || cause == .hostile else { return false }
    return situations.map { !classes.isDisjoint(with: $0) } ?? (cause == .combined)
  }

  /// The situations `scenario`, run into `trajectory`, holds besides a finger on a fixed screen
  /// (`CauseClass.situations(of:trajectory:)`): a counterexample of several causes at once
  /// (`combined`) is put down to a defect only when that defect's own situation is among them.
  public static func situations(of scenario: Scenario, trajectory: Trajectory) -> Set<CauseClass> {
    CauseClass.situations(of: scenario, trajectory: trajectory)
  }
}
