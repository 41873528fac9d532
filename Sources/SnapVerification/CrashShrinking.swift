import Foundation
import SnapAlgorithms
import SnapCheck

/// What an algorithm's crash or hang, met while it was verified in a worker process, shrinks
/// to: the smallest scenario found that still does it, and how it ended.
package struct CrashReport: Sendable, Codable {
  /// The smallest scenario found that crashes (or runs past the deadline).
  package var scenario: Scenario
  /// The signal that ended the run; `nil` when it ran past the deadline.
  package var signal: Int32?
  /// What the crash said (`Fatal error: Index out of range`), or how long it ran.
  package var message: String
  /// Scenarios run, each in a child process, while shrinking.
  package var evaluations: Int

  package init(scenario: Scenario, signal: Int32?, message: String, evaluations: Int) {
    self.scenario = scenario
    self.signal = signal
    self.message = message
    self.evaluations = evaluations
  }
}

/// The line of a crashed process's standard error that says why (`…: Fatal error: …`,
/// `Precondition failed`, `Assertion failed`), or `nil`.
package func crashMessage(in output: String) -> String? {
  let markers = ["Fatal error", "Precondition failed", "Assertion failed", "fatal error"]
  for line in output.split(separator: "\n") where markers.contains(where: { line.contains($0) }) {
    let text = line.trimmingCharacters(in: .whitespaces)
    return text.count > 300 ? String(text.prefix(300)) + "…" : text
  }
  return nil
}

/// Shrinks a scenario on which `algorithm` crashes to the smallest found that still crashes it:
/// container changes, touches, the keyboard and bars taken away, the device made the standard
/// one in portrait, positions and times rounded — each kept when the run, in a child process
/// (`ChildProcess`), still ends by a signal. `timeout` bounds each run. Returns `nil` when the
/// scenario does not crash the algorithm in a child (a crash that depends on something besides
/// the scenario).
///
/// Only for a worker process with one thread (see `ChildProcess.run`).
package func shrinkCrash<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion?, scenario: Scenario, timeout: Duration,
  limit: Int = 400, timeLimit: Duration = .seconds(30)
) -> CrashReport? {
  var algorithm = algorithm
  if let motion, algorithm.releaseMotion != nil { algorithm.releaseMotion = motion }
  let declarations = Declarations(algorithm)
  let applicable = Invariant.checked.filter { $0.applies(to: declarations) }
  let simulation = Simulation<Algorithm>()
  let clock = ContinuousClock()
  let started = clock.now
  var evaluations = 0
  /// How the run of `candidate` ends, in a child: its signal and output, or `nil`.
  func crash(_ candidate: Scenario) -> (signal: Int32, output: String)? {
    evaluations += 1
    let outcome = ChildProcess.run(timeout: timeout) {
      // verify's work on one example: simulated, then judged by every invariant.
      let example = Example(
        simulating: candidate, with: algorithm, simulation: simulation, declarations: declarations)
      for invariant in applicable { _ = invariant.judge(example) }
    }
    if case .crashed(let signal, let output) = outcome { return (signal, output) }
    return nil
  }
  guard var found = crash(scenario) else { return nil }
  var best = scenario
  func budgetLeft() -> Bool { evaluations < limit && clock.now - started < timeLimit }
  /// Keeps `candidate` if it still crashes.
  @discardableResult
  func attempt(_ candidate: Scenario) -> Bool {
    guard budgetLeft(), let crashed = crash(candidate) else { return false }
    best = candidate
    found = crashed
    return true
  }
  var changed = true
  while changed, budgetLeft() {
    changed = false
    // Container changes: all at once, then one at a time.
    if !best.gesture.containerChanges.isEmpty {
      var candidate = best
      candidate.gesture.containerChanges = []
      if attempt(candidate) {
        changed = true
      } else {
        var index = 0
        while index < best.gesture.containerChanges.count, budgetLeft() {
          var candidate = best
          candidate.gesture.containerChanges.remove(at: index)
          if attempt(candidate) { changed = true } else { index += 1 }
        }
      }
    }
    // Touches: runs of them, halving in length, from the end back (what follows the crash
    // never mattered).
    var size = max(1, best.gesture.events.count / 2)
    while size >= 1, budgetLeft() {
      var start = max(0, best.gesture.events.count - size)
      while start >= 0, budgetLeft() {
        var candidate = best
        let end = min(start + size, candidate.gesture.events.count)
        if start < end {
          candidate.gesture.events.removeSubrange(start..<end)
          if attempt(candidate) { changed = true }
        }
        start -= size
      }
      size /= 2
    }
    // The setting at its simplest.
    var setting: [(inout Scenario) -> Void] = [
      { $0.bars.keyboard = false }, { $0.bars.tabBar = false },
      { $0.bars.navigationBar = false; $0.bars.opaqueNavigationBar = false },
      { $0.orientation = .portrait }, { $0.itemSize = CGSize(width: 60, height: 60) },
    ]
    if best.device.name != DeviceProfile.standard.name {
      setting.append { $0.device = DeviceProfile.standard }
    }
    for simplify in setting where budgetLeft() {
      var candidate = best
      simplify(&candidate)
      if candidate.description != best.description, attempt(candidate) { changed = true }
    }
    // Whole points and milliseconds.
    var rounded = best
    rounded.gesture.start = CGPoint(
      x: best.gesture.start.x.rounded(), y: best.gesture.start.y.rounded())
    rounded.gesture.events = best.gesture.events.map {
      TouchEvent(
        time: ($0.time * 1000).rounded() / 1000, phase: $0.phase,
        location: CGPoint(x: $0.location.x.rounded(), y: $0.location.y.rounded()))
    }
    if rounded.description != best.description, attempt(rounded) { changed = true }
  }
  let message = crashMessage(in: found.output) ?? ExampleGuard.signalDescription(found.signal)
  return CrashReport(
    scenario: best, signal: found.signal, message: message, evaluations: evaluations)
}

/// How a scenario that ran past its deadline ran again, alone (`rerun(_:motion:scenario:deadline:)`).
package enum Rerun: Equatable, Sendable, Codable {
  /// It ran past three times its deadline again: a loop, or a call that never returns.
  case overran
  /// It finished, in this many seconds, and so was slow or held up, not stuck.
  case finished(seconds: Double)
}

/// The time `scenario` is allowed: `deadline`, a frame at 60 Hz for each of its touch events
/// and container changes, and its gesture's span (what the watchdog allows it,
/// `ScenarioInFlight.allow`).
package func allowance(of scenario: Scenario, deadline: Duration) -> Duration {
  let (events, seconds) = watchedWork(of: scenario.gesture)
  return deadline + ExampleGuard.allowance(events: events, seconds: seconds)
}

/// Runs `scenario` again (simulated and judged, in a child process given three times its
/// allowance): a hang or a crawl confirmed, or the time it takes when it finishes.
package func rerun<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion?, scenario: Scenario, deadline: Duration
) -> Rerun {
  var algorithm = algorithm
  if let motion, algorithm.releaseMotion != nil { algorithm.releaseMotion = motion }
  let declarations = Declarations(algorithm)
  let applicable = Invariant.checked.filter { $0.applies(to: declarations) }
  let simulation = Simulation<Algorithm>()
  let clock = ContinuousClock()
  let started = clock.now
  let outcome = ChildProcess.run(timeout: allowance(of: scenario, deadline: deadline) * 3) {
    let example = Example(
      simulating: scenario, with: algorithm, simulation: simulation, declarations: declarations)
    for invariant in applicable { _ = invariant.judge(example) }
  }
  guard outcome != .timedOut else { return .overran }
  let elapsed = clock.now - started
  return .finished(
    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
