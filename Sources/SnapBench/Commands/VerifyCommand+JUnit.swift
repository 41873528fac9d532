import SnapAlgorithms
import SnapVerification

/// `verify --format junit` and `--junit <file>`: the matrix as JUnit XML, which CI test
/// reporters (GitHub, GitLab, Jenkins, Xcode Cloud's) read.
///
/// One `<testsuite>` per row of the matrix (an algorithm, with the motion that replaced its own),
/// one `<testcase>` per invariant:
/// - a hazard is a `<failure type="hazard">` whose text is what the table prints under it: each
///   cause, its smallest counterexample and the command that replays it;
/// - polish passes, with the same text as `<system-out>`, unless `--strict` or `--fail-on any`
///   counts it: then it is a `<failure type="polish">`;
/// - a crash or a run past the deadline is an `<error type="crashes">` (`times-out`) in every
///   testcase of the row, as the matrix marks every cell `!`;
/// - an invariant that applied to no example is `<skipped>`;
/// - a row that is not deterministic gets one more testcase, `deterministic`, which fails.
///
/// The file has no times or dates: the same seed writes the same bytes.
extension VerifyCommand {
  static func junit(
    _ rows: [VerificationReport.Row], policy: FailurePolicy, seed: UInt64, examples: Int, tool: String
  ) -> String {
    // --fail-on never changes the exit status, not what the file calls a failure.
    let judged = policy == .never ? .hazard : policy
    var suites: [String] = []
    var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
    for row in rows {
      let suite = rowLabel(row[0])
      var cases: [String] = []
      var counts = (tests: 0, failures: 0, errors: 0, skipped: 0)
      for finding in row {
        let open =
          "    <testcase classname=\(xmlAttribute(suite)) name=\(xmlAttribute(finding.invariant.rawValue))"
        counts.tests += 1
        let details = finding.causes.flatMap { $0.reportLines(for: finding, indent: "") }
          .joined(separator: "\n")
        switch finding.status {
        case .holds:
          cases.append(open + "/>")
        case .notApplicable:
          counts.skipped += 1
          cases.append(
            open + ">\n      <skipped message=\"the invariant applied to no example\"/>\n"
              + "    </testcase>")
        case .violated, .polish:
          let type = finding.status == .violated ? "hazard" : "polish"
          let message = "\(suite) breaks \(finding.invariant.rawValue)"
            + (finding.violation.map { ": \($0)" } ?? "")
          if judged.fails(finding) {
            counts.failures += 1
            cases.append(
              open + ">\n      <failure type=\"\(type)\" message=\(xmlAttribute(message))>"
                + xmlText(details) + "</failure>\n    </testcase>")
          } else {
            cases.append(
              open + ">\n      <system-out>" + xmlText("polish only (not a violation):\n" + details)
                + "</system-out>\n    </testcase>")
          }
        case .crashes, .timesOut:
          counts.errors += 1
          let crashed = finding.status == .crashes
          let message = "\(suite) \(crashed ? "crashes" : "runs past the deadline"): "
            + (finding.violation ?? "")
          var text = [message]
          if let scenario = finding.counterexample {
            text.append("\(crashed && finding.shrinkEvaluations > 0 ? "smallest scenario" : "scenario"): \(scenario)")
          }
          text.append("replay: \(finding.replayCommand)")
          cases.append(
            open + ">\n      <error type=\"\(finding.status.rawValue)\" message=\(xmlAttribute(message))>"
              + xmlText(text.joined(separator: "\n")) + "</error>\n    </testcase>")
        }
      }
      if let why = row[0].nondeterminism {
        counts.tests += 1
        counts.failures += 1
        let message = "\(suite) is not deterministic: \(why)"
        cases.append(
          "    <testcase classname=\(xmlAttribute(suite)) name=\"deterministic\">\n"
            + "      <failure type=\"nondeterministic\" message=\(xmlAttribute(message))>"
            + xmlText(message) + "</failure>\n    </testcase>")
      }
      totals.tests += counts.tests
      totals.failures += counts.failures
      totals.errors += counts.errors
      totals.skipped += counts.skipped
      suites.append(
        "  <testsuite name=\(xmlAttribute(suite)) tests=\"\(counts.tests)\" "
          + "failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" "
          + "skipped=\"\(counts.skipped)\">\n"
          + "    <properties>\n"
          + "      <property name=\"seed\" value=\"\(seed)\"/>\n"
          + "      <property name=\"examples\" value=\"\(examples)\"/>\n"
          + "    </properties>\n"
          + cases.joined(separator: "\n") + "\n  </testsuite>")
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name=\(xmlAttribute("\(tool) verify")) tests="\(totals.tests)" \
      failures="\(totals.failures)" errors="\(totals.errors)" skipped="\(totals.skipped)">
      \(suites.joined(separator: "\n"))
      </testsuites>
      """
  }
}
