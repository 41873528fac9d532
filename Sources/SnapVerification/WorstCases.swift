import Foundation
import SnapAlgorithms
import SnapCheck

/// The worst an algorithm does on one measure, and the scenario where it does it.
public struct WorstCase: Sendable, Codable {
  /// What is measured.
  public enum Measure: String, CaseIterable, Sendable, Codable {
    /// How far any frame reaches past the container's edge, in points (items that fit only).
    case overshoot
    /// How far the rest frame reaches into a bar, the keyboard or an inset: past the safe
    /// region, in points (items that fit only).
    case incursion
    /// The largest move between two frames beyond the finger's own move between their times
    /// (the finger stays where it lifted), in points, with no container change between them.
    case jump
    /// The most animations one frame evaluates.
    case frameCost = "frame-cost"

    /// What the measure is, in words, with its unit.
    public var summary: String {
      switch self {
      case .overshoot: return "past the container's edge (pt)"
      case .incursion: return "at rest, into a bar, the keyboard or an inset (pt)"
      case .jump: return "largest move between frames beyond the finger's (pt)"
      case .frameCost: return "animations evaluated in one frame"
      }
    }

    /// The bound an invariant puts on the measure, where one does: on-screen and
    /// in-safe-area allow `Invariant.tolerance`, bounded-frame-cost
    /// `Invariant.maximumAnimationsPerFrame`. Jumps have none.
    public var bound: Double? {
      switch self {
      case .overshoot, .incursion: return Double(Invariant.tolerance)
      case .jump: return nil
      case .frameCost: return Double(Invariant.maximumAnimationsPerFrame)
      }
    }
  }

  public var measure: Measure
  /// The worst amount found (0 when nothing went past).
  public var amount: Double
  /// Where it was found; `nil` when no scenario scored above 0.
  public var scenario: Scenario?

  /// A case of `measure`, `amount` at worst, found on `scenario`.
  public init(measure: Measure, amount: Double, scenario: Scenario?) {
    self.measure = measure
    self.amount = amount
    self.scenario = scenario
  }

  /// The `trace` command that replays this case with `tool` (`nil` when nothing was found);
  /// `motion` is the one the search replaced the algorithm's own with, if any.
  public func replayCommand(
    algorithm: some SnapAlgorithm, motion: Motion? = nil, tool: String = "snap-bench"
  ) -> String? {
    scenario.map {
      traceCommand(
        tool: tool, algorithm: algorithm.id, scenario: $0,
        motion: algorithm.releaseMotion == nil ? nil : motion?.description)
    }
  }

  /// The measures of one simulated scenario.
  public static func measures(_ scenario: Scenario, _ trajectory: Trajectory) -> [Measure: Double] {
    let size = scenario.itemSize
    var overshoot = 0.0
    var jump = 0.0
    var cost = 0
    var previous: Frame?
    var previousEnvironment: ItemEnvironment?
    // Where the finger was at a frame's time: the last touch event at or before it (the
    // finger is where it lifted until the next touch), for the frames in time order.
    let events = scenario.gesture.events.filter {
      $0.time.isFinite && $0.location.x.isFinite && $0.location.y.isFinite
    }
    var nextEvent = 0
    var finger: CGPoint?
    var previousFinger: CGPoint?
    for frame in trajectory.frames {
      while nextEvent < events.count, events[nextEvent].time <= frame.time + 1e-9 {
        finger = events[nextEvent].location
        nextEvent += 1
      }
      let environment = scenario.environment(at: frame.time)
      defer {
        previousFinger = finger
        previousEnvironment = environment
      }
      cost = max(cost, frame.animationsInFlight)
      let rect = frame.rect
      guard rect.isFinite else {
        previous = nil
        continue
      }
      let container = environment.bounds
      if size.width > 0, size.width <= container.width {
        overshoot = max(overshoot, Double(container.minX - rect.minX), Double(rect.maxX - container.maxX))
      }
      if size.height > 0, size.height <= container.height {
        overshoot = max(overshoot, Double(container.minY - rect.minY), Double(rect.maxY - container.maxY))
      }
      if let last = previous, previousEnvironment == environment {
        let moved = hypot(Double(rect.midX - last.rect.midX), Double(rect.midY - last.rect.midY))
        var fingerMoved = 0.0
        if let a = previousFinger, let b = finger {
          fingerMoved = hypot(Double(b.x - a.x), Double(b.y - a.y))
        }
        if moved.isFinite { jump = max(jump, moved - fingerMoved) }
      }
      previous = frame
    }
    var incursion = 0.0
    let region = trajectory.finalEnvironment.safeRegion
    let rest = trajectory.rest
    if rest.isFinite {
      if size.width > 0, size.width <= region.width {
        incursion = max(incursion, Double(region.minX - rest.minX), Double(rest.maxX - region.maxX))
      }
      if size.height > 0, size.height <= region.height {
        incursion = max(incursion, Double(region.minY - rest.minY), Double(rest.maxY - region.maxY))
      }
    }
    return [.overshoot: overshoot, .incursion: incursion, .jump: jump, .frameCost: Double(cost)]
  }
}

/// The worst cases of `algorithm` on each measure, found by SnapCheck's targeted search over
/// `examples` generated scenarios (the second half of them climbing from the worst so far), in
/// `WorstCase.Measure` order. The same seed gives the same cases.
///
///     for worst in worstCases(MyDock(), examples: 2000) {
///       print(worst.measure.rawValue, worst.amount, worst.scenario?.description ?? "")
///     }
public func worstCases<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion? = nil, examples: Int = 200, seed: UInt64 = 1
) -> [WorstCase] {
  var algorithm = algorithm
  if let motion, algorithm.releaseMotion != nil { algorithm.releaseMotion = motion }
  let measures = WorstCase.Measure.allCases
  // Each example named for a crash or a hang in the algorithm, as verify's are: while it is
  // drawn (a scenario is played through the algorithm) and while it is simulated.
  let id = algorithm.id
  let scenarios = ScenarioGenerators.scenarios(for: algorithm)
  let named = Gen<Scenario> { testCase in
    ScenarioInFlight.begin(algorithm: id, motion: motion?.description, replayTool: "snap-bench", seed: seed)
    return try scenarios.generate(testCase)
  }
  let result = forAll(named, seed: seed, examples: examples) { scenario, run in
    ScenarioInFlight.simulating(scenario)
    let found = WorstCase.measures(scenario, scenario.simulate(algorithm))
    for measure in measures { run.target(found[measure] ?? 0, label: measure.rawValue) }
    return true
  }
  return measures.map { measure in
    guard let best = result.targets[measure.rawValue], best.score > 0 else {
      return WorstCase(measure: measure, amount: 0, scenario: nil)
    }
    return WorstCase(measure: measure, amount: best.score, scenario: best.value)
  }
}
