extension CheckResult {
  /// A report of the failure for people: what failed, the smallest input, the seed, and how to
  /// replay it; `nil` when the property passed.
  ///
  /// `replay` is the command that reruns the check (the seed is prepended as
  /// `SNAPCHECK_SEED=…`), e.g. `swift test --filter reverse`.
  public func failureReport(replay: String? = nil) -> String? {
    guard let failure else { return nil }
    var lines: [String] = []
    switch failure {
    case .falsified, .threw:
      let verdict: String
      if case .threw(let error) = failure {
        verdict = "Property threw \(error)"
      } else {
        verdict = "Property returned false"
      }
      lines.append(
        replayedFromDatabase
          ? "\(verdict) on the failure stored by an earlier run (the failure database), replayed first."
          : "\(verdict) after \(examplesRun) example\(examplesRun == 1 ? "" : "s").")
      lines.append("Smallest counterexample: \(describe(counterexample))")
      lines.append(
        "  (shrunk in \(shrinkEvaluations) run\(shrinkEvaluations == 1 ? "" : "s") from "
          + "\(describe(originalCounterexample)))")
      for note in notes { lines.append("Note: \(note)") }
      for other in otherFailures {
        let how: String
        if case .threw(let error) = other.failure { how = "threw \(error)" } else { how = "returned false" }
        lines.append("Also failed differently (\(how)): \(describe(other.value))")
      }
    case .insufficientCoverage(let labels):
      lines.append("Coverage not met over \(examplesRun) examples:")
      for entry in coverage where labels.contains(entry.label) {
        lines.append(
          "  '\(entry.label)' held in \(percent(entry.observed)) of examples; "
            + "\(percent(entry.required)) required")
      }
    case .tooManyDiscards:
      lines.append(
        "Gave up: generators discarded \(discarded) test cases and produced \(examplesRun) "
          + "(a filter rejects almost everything; generate the values you want directly).")
    }
    for warning in warnings { lines.append("Health check: \(warning)") }
    lines.append("Seed: \(seed)")
    if let replay {
      lines.append("Replay: SNAPCHECK_SEED=\(seed) \(replay)")
    }
    return lines.joined(separator: "\n")
  }

  /// The label counts as a table, most frequent first.
  public var labelSummary: String {
    let total = max(examplesRun, 1)
    return labels.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
      .map { "\(percent(100 * Double($0.value) / Double(total))) \($0.key)" }
      .joined(separator: "\n")
  }

  private func describe(_ value: Value?) -> String {
    guard let value else { return "none" }
    var text = ""
    debugPrint(value, terminator: "", to: &text)
    return text
  }

  private func percent(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(rounded))%" : "\(rounded)%"
  }
}
