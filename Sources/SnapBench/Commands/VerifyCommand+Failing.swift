import SnapVerification

/// What makes `verify` exit 1: `--fail-on hazard|any|never`.
enum FailurePolicy: String, CaseIterable, Sendable {
  /// A hazard (a violated invariant; with `--strict`, polish too), a crash, a run past the
  /// deadline, or a row that is not deterministic. The default.
  case hazard
  /// All that `hazard` fails on, and polish as well.
  case any
  /// Nothing: the findings are printed, and the exit status is 0.
  case never

  /// Whether the cell `finding` fails the run.
  func fails(_ finding: Finding) -> Bool {
    switch (self, finding.status) {
    case (.never, _): return false
    case (_, .violated), (_, .crashes), (_, .timesOut): return true
    case (.any, .polish): return true
    default: return false
    }
  }

  /// Whether a row whose runs did not repeat fails the run: a seed does not reproduce its
  /// findings, so a check that passed says nothing about the next.
  var failsNondeterminism: Bool { self != .never }
}

extension VerifyCommand {
  static let failOn = OptionSpec(
    "--fail-on", value: "<severity>",
    help: "Exit 1 on: hazard (a violated invariant, a crash, a run past the deadline, an "
      + "algorithm that is not deterministic), any (polish too) or never (default: hazard).")

  /// The one line `verify` prints on standard error when `policy` fails the run, or `nil`.
  ///
  /// `verify found 2 violated invariants (edge-dock.published in-safe-area, …) and 1 algorithm
  /// that crashes (…); '--fail-on never' exits 0`.
  static func failureReason(_ rows: [VerificationReport.Row], policy: FailurePolicy) -> String? {
    let findings = rows.flatMap(\.findings)
    var parts: [String] = []
    func part(_ count: Int, _ one: String, _ many: String, _ names: [String]) {
      guard count > 0 else { return }
      let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
      parts.append("\(count) \(count == 1 ? one : many) (\(shown))")
    }
    let cells = findings.filter { policy.fails($0) && ($0.status == .violated || $0.status == .polish) }
    let hazards = cells.filter { $0.status == .violated }
    let polish = cells.filter { $0.status == .polish }
    part(
      hazards.count, "violated invariant", "violated invariants",
      hazards.map { "\(rowLabel($0)) \($0.invariant.rawValue)" })
    part(
      polish.count, "invariant with polish", "invariants with polish",
      polish.map { "\(rowLabel($0)) \($0.invariant.rawValue)" })
    let crashed = rows.filter { policy.fails($0[0]) && $0[0].status == .crashes }
    part(crashed.count, "algorithm that crashes", "algorithms that crash", crashed.map { rowLabel($0[0]) })
    let late = rows.filter { policy.fails($0[0]) && $0[0].status == .timesOut }
    part(
      late.count, "algorithm that runs past the deadline", "algorithms that run past the deadline",
      late.map { rowLabel($0[0]) })
    let unrepeatable = policy.failsNondeterminism ? rows.filter { $0[0].nondeterminism != nil } : []
    part(
      unrepeatable.count, "algorithm that is not deterministic",
      "algorithms that are not deterministic", unrepeatable.map { rowLabel($0[0]) })
    guard !parts.isEmpty else { return nil }
    let list =
      parts.count == 1
      ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    return "verify found \(list); '--fail-on never' exits 0 on findings"
  }
}
