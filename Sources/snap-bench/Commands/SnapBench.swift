import Foundation
import SnapAlgorithms

/// The top-level command: picks the subcommand and hands it the rest of the arguments.
enum SnapBench {
  static let subcommands: [(name: String, abstract: String)] = [
    ("run", RunCommand.spec.abstract),
    ("list", ListCommand.spec.abstract),
    ("trace", TraceCommand.spec.abstract),
    ("curve", CurveCommand.spec.abstract),
    ("verify", VerifyCommand.spec.abstract),
    ("report", ReportCommand.spec.abstract),
  ]

  static let spec = CommandSpec(
    name: "snap-bench",
    abstract: "Drive, check and time the snapping algorithms of floating buttons.",
    discussion: """
      With no subcommand, or options only, snap-bench runs the timing harness: \
      `snap-bench --iterations 1e6` is `snap-bench run --iterations 1e6`.
      """,
    arguments: [], options: RunCommand.spec.options, subcommands: subcommands)

  static func main(_ arguments: [String]) throws {
    guard let first = arguments.first else {
      try RunCommand.run([])
      return
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "run": try RunCommand.run(rest)
    case "list": try ListCommand.run(rest)
    case "trace": try TraceCommand.run(rest)
    case "curve": try CurveCommand.run(rest)
    case "verify": try VerifyCommand.run(rest)
    case "report": try ReportCommand.run(rest)
    case "-h", "--help", "help":
      print(spec.helpText())
    default:
      if first.hasPrefix("-") {
        // Options without a subcommand belong to `run`, the default.
        try RunCommand.run(arguments)
        return
      }
      let names = subcommands.map(\.name)
      var message = "Unknown subcommand '\(first)'"
      if let near = nearestCandidate(to: first, among: names) {
        message += ". Did you mean '\(near)'?"
      } else {
        message += "; expected one of \(names.joined(separator: ", "))"
      }
      throw UsageError(message, usage: spec.usage)
    }
  }
}

/// Parses `arguments` for `spec`; prints help and returns `nil` when help was asked for.
func parseOrHelp(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments? {
  let parsed = try parseArguments(arguments, for: spec)
  if parsed.helpRequested {
    print(spec.helpText())
    return nil
  }
  return parsed
}

/// The output formats commands offer.
enum OutputFormat: String, CaseIterable {
  case table, markdown, json, csv
}
