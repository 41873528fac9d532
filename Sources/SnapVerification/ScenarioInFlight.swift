import Foundation
import SnapAlgorithms
import SnapCheck

/// The scenario a thread is simulating while `verify` runs, for the report a crash or the
/// watchdog leaves behind (see `ExampleGuard`): which algorithm, which seed, the scenario as far
/// as it was made, and the `trace` command that replays it.
@usableFromInline
final class ScenarioInFlight: ExampleDetail, @unchecked Sendable {
  let algorithm: String
  let motion: String?
  let replayTool: String
  let seed: UInt64
  /// The whole scenario, once it is known.
  var scenario: Scenario?
  /// A scenario made as it is played (a sequence of interactions): its setting, and its
  /// touches and container changes so far.
  var partial: Scenario?

  init(algorithm: String, motion: String?, replayTool: String, seed: UInt64) {
    self.algorithm = algorithm
    self.motion = motion
    self.replayTool = replayTool
    self.seed = seed
  }

  /// The calling thread's scenario in flight, when `verify` is running an example on it.
  @usableFromInline
  static var current: ScenarioInFlight? { ExampleGuard.crumb.detail as? ScenarioInFlight }

  /// Starts an example of `verify` on the calling thread.
  static func begin(algorithm: String, motion: String?, replayTool: String, seed: UInt64) {
    let made = ScenarioInFlight(
      algorithm: algorithm, motion: motion, replayTool: replayTool, seed: seed)
    ExampleGuard.update { $0.detail = made }
  }

  /// The scenario now simulated on this thread, whole: its touch events and container changes
  /// are allowed a frame each, and its gesture's span, beyond the deadline (`ExampleGuard.allow`),
  /// unless they were allowed as they were `played`.
  @usableFromInline
  static func simulating(_ scenario: Scenario, played: Bool = false) {
    if !played { allow(scenario.gesture) }
    guard let current else { return }
    ExampleGuard.update { _ in
      current.scenario = scenario
      current.partial = nil
    }
  }

  /// A scenario is being played on this thread: its setting, and no touches yet.
  @usableFromInline
  static func playing(_ setting: Scenario) -> ScenarioInFlight? {
    guard let current else { return nil }
    ExampleGuard.update { _ in
      current.scenario = nil
      current.partial = setting
    }
    return current
  }

  /// A touch the scenario being played has made: allowed a frame, and the time since the last.
  @usableFromInline
  func played(_ event: TouchEvent) {
    let last = partial?.gesture.events.last?.time ?? event.time
    ExampleGuard.allow(events: 1, seconds: event.time - last)
    ExampleGuard.update { _ in partial?.gesture.events.append(event) }
  }

  /// A container change the scenario being played has made: allowed a frame.
  @usableFromInline
  func played(_ change: ContainerChange) {
    ExampleGuard.allow(events: 1, seconds: 0)
    ExampleGuard.update { _ in partial?.gesture.containerChanges.append(change) }
  }

  /// Allows the example on this thread a frame for each of `gesture`'s touch events and
  /// container changes, and its span, beyond the deadline: a handler that takes most of a
  /// frame for each event is slow, not stuck (`ExampleGuard.allow(events:seconds:)`).
  @usableFromInline
  static func allow(_ gesture: TouchGesture) {
    let (events, seconds) = watchedWork(of: gesture)
    ExampleGuard.allow(events: events, seconds: seconds)
  }

  /// The scenario as far as it is known, and whether it is whole.
  var known: (scenario: Scenario, whole: Bool)? {
    if let scenario { return (scenario, true) }
    if let partial { return (partial, false) }
    return nil
  }

  @usableFromInline
  func reportLines() -> [String] {
    var lines = ["SnapLab: '\(algorithm)' was being verified (seed \(seed))."]
    if let (scenario, whole) = known {
      lines.append(
        whole ? "  The scenario: \(scenario)" : "  The scenario so far (its last touch in flight): \(scenario)")
      lines.append(
        "  Replay it: "
          + traceCommand(tool: replayTool, algorithm: algorithm, scenario: scenario, motion: motion))
    } else {
      lines.append("  The scenario was still being drawn.")
    }
    lines.append(
      "  '\(replayTool) verify --algorithm \(shellWord(algorithm)) --seed \(seed)' runs this check "
        + "in worker processes, which report a crash or a hang as a finding, with its smallest "
        + "scenario, and go on with the rest.")
    return lines
  }

  @usableFromInline
  func record() -> String? {
    // The verify file's writer: a number that is not finite is written as the file writes it.
    guard let (scenario, whole) = known,
      let value = try? JSONValueEncoder().encode(ScenarioRecord(whole: whole, scenario: scenario))
    else { return nil }
    return value.serialized(pretty: false)
  }
}

/// The scenario a crash, an overrun or code far too slow left in flight, as SnapLab records it
/// for a supervising process (`ExampleGuard.Record.detail`): the scenario, whole or as far as
/// it had been played.
public struct ScenarioRecord: Codable, Sendable {
  /// Whether the scenario is whole, or was still being played (its last touch in flight).
  public var whole: Bool
  public var scenario: Scenario

  public init(whole: Bool, scenario: Scenario) {
    self.whole = whole
    self.scenario = scenario
  }
}

/// What the watchdog counts of `gesture` (`ExampleGuard.allow(events:seconds:)`): its touch
/// events and container changes, and the seconds between its first touch and its last.
package func watchedWork(of gesture: TouchGesture) -> (events: Int, seconds: Double) {
  let events = gesture.events
  let span = (events.last?.time ?? 0) - (events.first?.time ?? 0)
  return (events.count + gesture.containerChanges.count, span)
}
