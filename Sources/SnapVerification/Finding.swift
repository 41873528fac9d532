import Foundation
import SnapAlgorithms

/// What the property tester found for one algorithm and one invariant: every cause that breaks
/// it, each with its smallest counterexample, how often and how badly.
///
/// `verify` searches each cause class on its own (`CauseClass`) and sorts what breaks the
/// invariant by cause and severity: `causes` holds one entry for each, hazards first, the
/// commonest situations first. `counterexample`, `violation` and `evidence` are the first
/// cause's, the one to fix first.
///
/// A finding is `Codable`: it is one result of the verify file (`snap-bench verify --format
/// json`, see `VerificationReport`), which writes the algorithm, motion, invariant, status,
/// examples run and, when violated, the first cause's violation and counterexample, and every
/// cause.
public struct Finding: Sendable {
  /// Whether the invariant held.
  public enum Status: String, Sendable, Codable {
    /// No example broke it, and it applied to at least one.
    case holds
    /// An example broke it in a way that matters (a hazard); `counterexample` is the smallest
    /// found of the first cause.
    case violated
    /// Examples broke it only in ways a careful engineer would leave (polish: a lag within the
    /// pan's slop, a point or two, one transient frame): reported, but nothing fails on it
    /// unless asked (`strict`).
    case polish
    /// It applied to no example (the algorithm does not dock, its motion cannot be handed a
    /// velocity, …).
    case notApplicable = "not-applicable"
    /// The algorithm crashed (a trap such as a failed precondition or an index out of range, a
    /// bad memory access) before the invariant could be judged: `violation` says how, and
    /// `counterexample` is the smallest scenario found that does it. Only a verification run in
    /// worker processes (`snap-bench verify`) lives to report it.
    case crashes
    /// A scenario ran past the deadline (a loop that never ends, or code far too slow for a
    /// frame): `violation` says how long, and `counterexample` is the scenario.
    case timesOut = "times-out"
  }

  /// One way the invariant breaks: a cause class and a severity, with the smallest
  /// counterexample found there and the worst.
  public struct Cause: Sendable {
    /// The situation the counterexample needs.
    public var causeClass: CauseClass
    public var severity: Severity
    /// How many of the examples run broke the invariant this way.
    public var examples: Int
    /// How many of the examples run were of the class searched (`searchedClass`).
    public var classExamples: Int
    /// The class among whose examples it was found: `causeClass`, or `combined` for a failure
    /// of several causes at once that shrank to one of them.
    public var searchedClass: CauseClass
    /// Whether it was searched among the examples of every class at once (polish is, and shrunk
    /// to the class that shows it most simply): `examples` and `classExamples` count them all.
    public var searchedEveryClass = false
    /// The smallest scenario of the class that breaks it so.
    public var counterexample: Scenario
    /// What goes wrong in it: the defect, the frame, how badly.
    public var violation: Violation
    /// The worst case found (the random examples' worst, then a targeted climb from it), and its
    /// scenario.
    public var worst: Violation
    public var worstScenario: Scenario
    public var shrinkEvaluations: Int

    public init(
      causeClass: CauseClass, severity: Severity, examples: Int, classExamples: Int,
      counterexample: Scenario, violation: Violation, worst: Violation? = nil,
      worstScenario: Scenario? = nil, shrinkEvaluations: Int = 0
    ) {
      self.causeClass = causeClass
      self.severity = severity
      self.examples = examples
      self.classExamples = classExamples
      self.searchedClass = causeClass
      self.counterexample = counterexample
      self.violation = violation
      self.worst = worst ?? violation
      self.worstScenario = worstScenario ?? counterexample
      self.shrinkEvaluations = shrinkEvaluations
    }
  }

  public var algorithm: String
  /// The release motion the algorithm was verified with, as `Motion(parsing:)` reads it.
  public var motion: String?
  public var invariant: Invariant
  public var status: Status
  /// Every cause that breaks the invariant: hazards first, then polish, each in the order of
  /// `CauseClass` (the commonest situations first). Empty when it holds.
  public var causes: [Cause]
  /// Examples checked.
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
  /// Why the algorithm's runs cannot be trusted to repeat, when the same scenario ran on fresh
  /// copies of it and gave two different runs (both outcomes are said): it draws random
  /// numbers, reads the clock, or shares state between copies (a class instance, a static or
  /// global variable). Its findings can change from run to run, and a seed does not reproduce
  /// them. `nil` when every replay matched.
  public var nondeterminism: String?

  public init(
    algorithm: String, motion: String?, invariant: Invariant, status: Status,
    causes: [Cause] = [], examplesRun: Int = 0, applicable: Int = 0,
    counterexample: Scenario? = nil, violation: String? = nil, evidence: Violation? = nil,
    seed: UInt64 = 1, examples: Int = 0, shrinkEvaluations: Int = 0, motionReplaced: Bool = false,
    replayTool: String = "snap-bench"
  ) {
    self.algorithm = algorithm
    self.motion = motion
    self.invariant = invariant
    self.status = status
    self.causes = causes
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

// MARK: - Causes

extension Finding {
  /// The causes that are hazards.
  public var hazards: [Cause] { causes.filter { $0.severity == .hazard } }

  /// The causes that are polish.
  public var polish: [Cause] { causes.filter { $0.severity == .polish } }

  /// Whether the finding fails a check: a hazard, or with `strict`, polish too.
  public func fails(strict: Bool = false) -> Bool {
    status == .violated || (strict && status == .polish)
  }

  /// The worst hazard found (the worst polish when there is none), over every cause.
  public var worst: Violation? {
    let pool = hazards.isEmpty ? causes : hazards
    return pool.map(\.worst).max { $0.magnitude.value < $1.magnitude.value }
  }
}

extension Finding.Cause {
  /// The `trace` command that replays this cause's smallest counterexample with `tool`
  /// (`motion` when it replaced the algorithm's own).
  /// With `gestureFile`, the command reads the gesture from that file (written from
  /// `counterexample.gesture`) instead of carrying it on the line.
  public func replayCommand(
    tool: String, algorithm: String, motion: String? = nil, gestureFile: String? = nil
  ) -> String {
    traceCommand(
      tool: tool, algorithm: algorithm, scenario: counterexample, motion: motion,
      gestureFile: gestureFile)
  }

  /// The `trace` command that replays its worst case (from `gestureFile`, when given, written
  /// from `worstScenario.gesture`).
  public func worstReplayCommand(
    tool: String, algorithm: String, motion: String? = nil, gestureFile: String? = nil
  ) -> String {
    traceCommand(
      tool: tool, algorithm: algorithm, scenario: worstScenario, motion: motion,
      gestureFile: gestureFile)
  }

  /// `hazard, the keyboard: rests under a bar, the keyboard or an inset — worst 310 pt, in 12
  /// of 20 examples`.
  public var summary: String {
    "\(severity.rawValue), \(causeClass.summary): \(violation.defect.summary) — worst "
      + "\(worst.magnitude), in \(examples) of \(classExamples) examples"
      + (searchedEveryClass
        ? "" : " of " + (searchedClass == causeClass ? "the class" : searchedClass.summary))
  }

  /// What `verify` prints and `expectInvariants` records for this cause of `finding`: the
  /// summary, the violation of its smallest counterexample, the counterexample in words, the
  /// command that replays it, and the worst case's when it is another scenario.
  public func reportLines(for finding: Finding, indent: String = "  ") -> [String] {
    let tool = finding.replayTool
    var lines = [
      indent + summary,
      indent + "  " + violation.prose.worded(.reader),
      indent + "  smallest counterexample: \(counterexample.description(.reader))",
      indent + "  replay: "
        + replayCommand(tool: tool, algorithm: finding.algorithm, motion: finding.replayedMotion),
    ]
    if worst.magnitude.value > violation.magnitude.value {
      lines.append(
        indent + "  worst (\(worst.magnitude)): "
          + worstReplayCommand(tool: tool, algorithm: finding.algorithm, motion: finding.replayedMotion))
    }
    return lines
  }
}

// MARK: - Replaying

extension Finding {
  /// The motion to name in a replay: the one that replaced the algorithm's own, if any.
  public var replayedMotion: String? { motionReplaced ? motion : nil }

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
    return traceCommand(tool: tool, algorithm: algorithm, scenario: scenario, motion: replayedMotion)
  }
}

/// The `trace` command line that replays `scenario` on `algorithm` with `tool`, for bash or
/// zsh (the gesture file on standard input through `<<<`); `motion` when it replaces the
/// algorithm's own.
func traceCommand(
  tool: String, algorithm: String, scenario: Scenario, motion: String?, gestureFile: String? = nil
) -> String {
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
  if let gestureFile { return (words + ["--gesture", shellWord(gestureFile)]).joined(separator: " ") }
  let gesture = scenario.gesture.jsonValue.serialized(pretty: false)
  return words.joined(separator: " ") + " --gesture - <<< " + shellQuoted(gesture)
}

/// `text` in single quotes for a POSIX shell (a quote inside written `'\''`); text with a
/// control character in bash's and zsh's `$'…'` instead, each control character as `\xHH`, so
/// that the command stays one line a terminal or a CI log shows as it is (a line feed in it
/// could otherwise start a line that reads as a GitHub workflow command).
package func shellQuoted(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
    return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
  var result = "$'"
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": result += "\\\\"
    case "'": result += "\\'"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "'"
}

/// `text` as one shell word: as it is when it holds only letters, digits, `.`, `_`, `-`, `:`,
/// `,` and `/` (and does not start with `-`), in single quotes otherwise.
package func shellWord(_ text: String) -> String {
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
    case algorithm, motion, invariant, status, examplesRun, violation, counterexample, causes
    case nondeterminism
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      algorithm: try container.decode(String.self, forKey: .algorithm),
      motion: try container.decodeIfPresent(String.self, forKey: .motion),
      invariant: try container.decode(Invariant.self, forKey: .invariant),
      status: try container.decode(Status.self, forKey: .status),
      causes: try container.decodeIfPresent([Cause].self, forKey: .causes) ?? [],
      examplesRun: try container.decodeWholeNumberIfPresent(Int.self, forKey: .examplesRun) ?? 0,
      counterexample: try container.decodeIfPresent(Scenario.self, forKey: .counterexample),
      violation: try container.decodeIfPresent(String.self, forKey: .violation))
    evidence = causes.first?.violation
    nondeterminism = try container.decodeIfPresent(String.self, forKey: .nondeterminism)
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
    if !causes.isEmpty { try container.encode(causes, forKey: .causes) }
    if let nondeterminism { try container.encode(nondeterminism, forKey: .nondeterminism) }
  }
}

extension Finding.Cause: Codable {
  private enum CodingKeys: String, CodingKey {
    case cause, severity, examples, classExamples, searchedClass, searchedEveryClass, violation
    case counterexample, worst
  }

  private enum WorstKeys: String, CodingKey {
    case violation, counterexample
  }

  /// `{"cause": "keyboard", "severity": "hazard", "examples": 12, "classExamples": 20,
  /// "violation": {…}, "counterexample": {…}, "worst": {"violation": {…}, "counterexample": {…}}}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let worst = try container.nestedContainer(keyedBy: WorstKeys.self, forKey: .worst)
    self.init(
      causeClass: try container.decode(CauseClass.self, forKey: .cause),
      severity: try container.decode(Severity.self, forKey: .severity),
      examples: try container.decodeWholeNumber(Int.self, forKey: .examples),
      classExamples: try container.decodeWholeNumber(Int.self, forKey: .classExamples),
      counterexample: try container.decode(Scenario.self, forKey: .counterexample),
      violation: try container.decode(Violation.self, forKey: .violation),
      worst: try worst.decode(Violation.self, forKey: .violation),
      worstScenario: try worst.decode(Scenario.self, forKey: .counterexample))
    searchedClass =
      try container.decodeIfPresent(CauseClass.self, forKey: .searchedClass) ?? causeClass
    searchedEveryClass =
      try container.decodeIfPresent(Bool.self, forKey: .searchedEveryClass) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(causeClass, forKey: .cause)
    try container.encode(severity, forKey: .severity)
    try container.encode(examples, forKey: .examples)
    try container.encode(classExamples, forKey: .classExamples)
    try container.encode(searchedClass, forKey: .searchedClass)
    if searchedEveryClass { try container.encode(true, forKey: .searchedEveryClass) }
    try container.encode(violation, forKey: .violation)
    try container.encode(counterexample, forKey: .counterexample)
    var worst = container.nestedContainer(keyedBy: WorstKeys.self, forKey: .worst)
    try worst.encode(self.worst, forKey: .violation)
    try worst.encode(worstScenario, forKey: .counterexample)
  }
}
