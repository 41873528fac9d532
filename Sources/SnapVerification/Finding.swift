import Foundation
import SnapAlgorithms

/// What the property tester found for one algorithm and one invariant.
///
/// A finding is `Codable`: it is one result of the verify file (`snap-bench verify --format
/// json`, see `VerificationReport`), which writes the algorithm, motion, invariant, status,
/// examples run and, when violated, the violation and its counterexample.
public struct Finding: Sendable {
  /// Whether the invariant held.
  public enum Status: String, Sendable, Codable {
    /// No example broke it, and it applied to at least one.
    case holds
    /// An example broke it; `counterexample` is the smallest found.
    case violated
    /// It applied to no example (the algorithm does not dock, its motion cannot be handed a
    /// velocity, …).
    case notApplicable = "not-applicable"
  }

  public var algorithm: String
  /// The release motion the algorithm was verified with, as `Motion(parsing:)` reads it.
  public var motion: String?
  public var invariant: Invariant
  public var status: Status
  /// Examples checked, up to and including the first violation.
  public var examplesRun: Int
  /// Of those, how many the invariant applied to.
  public var applicable: Int
  /// The smallest scenario that breaks the invariant, when violated.
  public var counterexample: Scenario?
  /// What goes wrong in the counterexample, in words.
  public var violation: String?
  /// What goes wrong in the counterexample, as data: the frame, the rectangle, the region it
  /// should have kept to. Not part of the verify file; `Invariant.check` recomputes it.
  public var evidence: Violation?
  /// The seed the run was drawn from: the same seed finds the same counterexample.
  public var seed: UInt64
  /// The examples budget the run was given.
  public var examples: Int
  public var shrinkEvaluations: Int
  /// Whether `motion` replaced the algorithm's own (`verify(_:motion:…)`, `--motion`).
  public var motionReplaced: Bool
  /// The executable that knows the algorithm, for `replayCommand`: `snap-bench`, or the bench
  /// of your own package built on `SnapBench.main(adding:)`.
  public var replayTool: String

  public init(
    algorithm: String, motion: String?, invariant: Invariant, status: Status,
    examplesRun: Int = 0, applicable: Int = 0, counterexample: Scenario? = nil,
    violation: String? = nil, evidence: Violation? = nil, seed: UInt64 = 1, examples: Int = 0,
    shrinkEvaluations: Int = 0, motionReplaced: Bool = false, replayTool: String = "snap-bench"
  ) {
    self.algorithm = algorithm
    self.motion = motion
    self.invariant = invariant
    self.status = status
    self.examplesRun = examplesRun
    self.applicable = applicable
    self.counterexample = counterexample
    self.violation = violation
    self.evidence = evidence
    self.seed = seed
    self.examples = examples
    self.shrinkEvaluations = shrinkEvaluations
    self.motionReplaced = motionReplaced
    self.replayTool = replayTool
  }
}

// MARK: - Replaying

extension Finding {
  /// The exact command line that replays this finding with `replayTool`, for bash or zsh: for a
  /// violation, `trace` of the counterexample (its device, bars, item, motion and gesture file,
  /// on standard input through `<<<`); otherwise `verify` of this one cell with its seed and
  /// budget.
  ///
  /// A finding read back from a verify file knows neither `replayTool` nor whether its motion
  /// replaced the algorithm's own (the file does not record them): set both before replaying.
  public var replayCommand: String { replayCommand(tool: replayTool) }

  /// `replayCommand` for an executable called `tool` (`"swift run my-bench"`).
  public func replayCommand(tool: String) -> String {
    guard let scenario = counterexample else {
      var words = [
        tool, "verify", "--algorithm", shellWord(algorithm), "--invariant", invariant.rawValue,
        "--examples", String(examples), "--seed", String(seed),
      ]
      if motionReplaced, let motion { words += ["--motion", shellQuoted(motion)] }
      return words.joined(separator: " ")
    }
    return traceCommand(
      tool: tool, algorithm: algorithm, scenario: scenario, motion: motionReplaced ? motion : nil)
  }
}

/// The `trace` command line that replays `scenario` on `algorithm` with `tool`, for bash or
/// zsh (the gesture file on standard input through `<<<`); `motion` when it replaces the
/// algorithm's own.
func traceCommand(tool: String, algorithm: String, scenario: Scenario, motion: String?) -> String {
  var words = [tool, "trace", shellWord(algorithm), "--device", shellQuoted(scenario.device.name)]
  if scenario.orientation == .landscape { words.append("--landscape") }
  if !scenario.bars.navigationBar { words.append("--no-nav-bar") }
  if scenario.bars.navigationBar && scenario.bars.opaqueNavigationBar {
    words.append("--opaque-nav-bar")
  }
  if !scenario.bars.tabBar { words.append("--no-tab-bar") }
  if scenario.bars.keyboard { words.append("--keyboard") }
  words += [
    "--item", "\(describeNumber(scenario.itemSize.width))x\(describeNumber(scenario.itemSize.height))",
  ]
  if let motion { words += ["--motion", shellQuoted(motion)] }
  let gesture = scenario.gesture.jsonValue.serialized(pretty: false)
  return words.joined(separator: " ") + " --gesture - <<< " + shellQuoted(gesture)
}

/// `text` in single quotes for a POSIX shell (a quote inside written `'\''`).
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// `text` as one shell word: as it is when it holds only letters, digits, `.`, `_`, `-`, `:`,
/// `,` and `/` (and does not start with `-`), in single quotes otherwise.
func shellWord(_ text: String) -> String {
  let plain = !text.isEmpty && !text.hasPrefix("-")
    && text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._-:,/".unicodeScalars.contains($0)
    }
  return plain ? text : shellQuoted(text)
}

// MARK: - The verify file

extension Finding: Codable {
  private enum CodingKeys: String, CodingKey {
    case algorithm, motion, invariant, status, examplesRun, violation, counterexample
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      algorithm: try container.decode(String.self, forKey: .algorithm),
      motion: try container.decodeIfPresent(String.self, forKey: .motion),
      invariant: try container.decode(Invariant.self, forKey: .invariant),
      status: try container.decode(Status.self, forKey: .status),
      examplesRun: try container.decodeWholeNumberIfPresent(Int.self, forKey: .examplesRun) ?? 0,
      counterexample: try container.decodeIfPresent(Scenario.self, forKey: .counterexample),
      violation: try container.decodeIfPresent(String.self, forKey: .violation))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(algorithm, forKey: .algorithm)
    if let motion { try container.encode(motion, forKey: .motion) } else {
      try container.encodeNil(forKey: .motion)
    }
    try container.encode(invariant, forKey: .invariant)
    try container.encode(status, forKey: .status)
    try container.encode(examplesRun, forKey: .examplesRun)
    if let counterexample {
      try container.encode(violation ?? "", forKey: .violation)
      try container.encode(counterexample, forKey: .counterexample)
    }
  }
}
