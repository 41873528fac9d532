import Foundation
import SnapVerification

/// `verify --format github`, and what `verify` adds on standard error when it runs in GitHub
/// Actions (`GITHUB_ACTIONS=true`): one workflow command per finding, which GitHub shows as an
/// annotation on the run and, when the algorithm's registration line is known, on that line of
/// the pull request's diff.
///
///     ::error file=Sources/my-bench/main.swift,line=4,title=my-dock breaks in-safe-area::…
///
/// A finding that fails the run under `--fail-on` is an `error`; one that would under the
/// default but was let pass (`--fail-on never`) a `warning`; polish that fails nothing is left
/// out, as the table leaves it out of the matrix's ✗.
extension VerifyCommand {
  static func githubAnnotations(
    _ rows: [VerificationReport.Row], policy: FailurePolicy, tool: Tool,
    workspace: String? = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]
  ) -> [String] {
    let base = workspace ?? FileManager.default.currentDirectoryPath
    func command(_ finding: Finding, fails: Bool, title: String, message: String) -> String {
      var properties: [String] = []
      if let site = tool.algorithms.first(where: { $0.entry.id == finding.algorithm })?.registeredAt {
        properties.append("file=" + annotationProperty(relativePath(site.filePath, to: base)))
        properties.append("line=\(site.line)")
      }
      properties.append("title=" + annotationProperty(title))
      return "::\(fails ? "error" : "warning") \(properties.joined(separator: ","))::"
        + annotationData(message)
    }
    var lines: [String] = []
    for row in rows {
      let label = rowLabel(row[0])
      let first = row[0]
      if first.status == .crashes || first.status == .timesOut {
        let crashed = first.status == .crashes
        var text = [first.violation ?? ""]
        if let scenario = first.counterexample {
          text.append("\(crashed && first.shrinkEvaluations > 0 ? "smallest scenario" : "scenario"): \(scenario)")
        }
        text.append("replay: \(first.replayCommand)")
        lines.append(
          command(
            first, fails: policy.fails(first),
            title: "\(label) \(crashed ? "crashes" : "runs past the deadline")",
            message: text.joined(separator: "\n")))
        continue
      }
      for finding in row where finding.status == .violated || (finding.status == .polish && policy.fails(finding)) {
        let text = finding.causes.flatMap { $0.reportLines(for: finding, indent: "") }
        lines.append(
          command(
            finding, fails: policy.fails(finding),
            title: "\(label) breaks \(finding.invariant.rawValue)",
            message: text.joined(separator: "\n")))
      }
      if let why = first.nondeterminism {
        lines.append(
          command(
            first, fails: policy.failsNondeterminism, title: "\(label) is not deterministic",
            message: why))
      }
    }
    return lines
  }

  /// `path` relative to `base` when it lies inside it, as GitHub matches annotation files to the
  /// repository's; as it is otherwise.
  static func relativePath(_ path: String, to base: String) -> String {
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// `text` as the message of a GitHub workflow command: `%`, carriage return and line feed
/// escaped as `%25`, `%0D` and `%0A`, so that the message is one line and reads back whole.
func annotationData(_ text: String) -> String {
  var result = ""
  for character in text.unicodeScalars {
    switch character {
    case "%": result += "%25"
    case "\r": result += "%0D"
    case "\n": result += "%0A"
    default: result.unicodeScalars.append(character)
    }
  }
  return result
}

/// `text` as a property value of a GitHub workflow command (`file=…`, `title=…`): as
/// `annotationData`, with `:` and `,`, which end a value, as `%3A` and `%2C`.
func annotationProperty(_ text: String) -> String {
  annotationData(text)
    .replacingOccurrences(of: ":", with: "%3A")
    .replacingOccurrences(of: ",", with: "%2C")
}
