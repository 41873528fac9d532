import Foundation
import SnapAlgorithms

/// The top-level command: picks the subcommand and hands it the rest of the arguments.
enum SnapBench {
  static let subcommands: [(name: String, abstract: String)] = [
    ("list", ListCommand.spec.abstract),
    ("trace", TraceCommand.spec.abstract),
    ("curve", CurveCommand.spec.abstract),
    ("verify", VerifyCommand.spec.abstract),
  ]

  static let spec = CommandSpec(
    name: "snap-bench",
    abstract: "Drive, check and time the snapping algorithms of floating buttons.",
    discussion: """
      The timing harness (`snap-bench run`, the default subcommand) and `report` are not built \
      yet; `list`, `trace`, `curve` and `verify` are.
      """,
    arguments: [], options: [], subcommands: subcommands)

  static func main(_ arguments: [String]) throws {
    guard let first = arguments.first else {
      print(spec.helpText())
      return
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "list": try ListCommand.run(rest)
    case "trace": try TraceCommand.run(rest)
    case "curve": try CurveCommand.run(rest)
    case "verify": try VerifyCommand.run(rest)
    case "-h", "--help", "help":
      print(spec.helpText())
    default:
      if first.hasPrefix("-") {
        // An option before any subcommand: let the parser name it (and suggest one).
        let parsed = try parseArguments(arguments, for: spec)
        if parsed.helpRequested {
          print(spec.helpText())
          return
        }
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
