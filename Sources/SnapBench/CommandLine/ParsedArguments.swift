import SnapAlgorithms
/// What a command line said, checked against a `CommandSpec`.
///
/// Options are looked up by their spelling, dashes optional: `value("--device")` and
/// `value("device")` are the same.
struct ParsedArguments: Sendable {
  /// The positional arguments, in order; options and `--` removed.
  var positionals: [String]
  /// Whether `-h` or `--help` appeared; the caller prints `helpText()` and exits 0.
  var helpRequested: Bool
  /// The command, whose usage line errors raised after parsing carry.
  var usage: CommandSpec

  /// The names of the spec's positional arguments, for `positional(_:)`.
  private var argumentNames: [String]
  /// Every value given for each option, in command-line order, keyed by `--name`.
  private var optionValues: [String: [String]]
  /// How many times each flag was given, keyed by `--name`.
  private var flagCounts: [String: Int]

  /// Makes an empty result for `spec`; `parseArguments(_:for:)` fills it in.
  init(spec: CommandSpec) {
    positionals = []
    helpRequested = false
    usage = spec
    argumentNames = spec.arguments.map(\.name)
    optionValues = [:]
    flagCounts = [:]
  }

  /// The last value given for an option, or `nil` if it was not given.
  func value(_ name: String) -> String? {
    optionValues[Self.key(name)]?.last
  }

  /// Every value given for an option, in order; empty if it was not given.
  func values(_ name: String) -> [String] {
    optionValues[Self.key(name)] ?? []
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool {
    flagCount(name) > 0
  }

  /// How many times a flag was given (for repeatable flags like `--verbose`).
  func flagCount(_ name: String) -> Int {
    flagCounts[Self.key(name)] ?? 0
  }

  /// The last value given for `option`, or `nil` if it was not given.
  func value(_ option: OptionSpec) -> String? { value(option.name) }

  /// Every value given for `option`, in order.
  func values(_ option: OptionSpec) -> [String] { values(option.name) }

  /// Whether the flag `option` was given.
  func flag(_ option: OptionSpec) -> Bool { flag(option.name) }

  /// The positional argument named like `<algorithm>`, or `nil` if an optional one was left out.
  func positional(_ name: String) -> String? {
    guard let index = argumentNames.firstIndex(of: name), index < positionals.count else {
      return nil
    }
    return positionals[index]
  }

  /// A usage error carrying this command's usage line, for checks made after parsing.
  func usageError(_ message: String) -> UsageError {
    UsageError(message, usage: usage)
  }

  fileprivate mutating func append(_ value: String, for option: OptionSpec) {
    optionValues[option.name, default: []].append(value)
  }

  fileprivate mutating func countFlag(_ option: OptionSpec) {
    flagCounts[option.name, default: 0] += 1
  }

  fileprivate func timesGiven(_ option: OptionSpec) -> Int {
    option.isFlag ? flagCount(option.name) : values(option.name).count
  }

  private static func key(_ name: String) -> String {
    name.hasPrefix("-") ? name : "--" + name
  }
}

/// Checks a command line against `spec` and sorts it into options and positionals.
///
/// Accepts `--opt value` and `--opt=value`; `--` ends the options. `-h` or `--help` anywhere
/// before `--` sets `helpRequested` and suppresses every other error, so help always works.
///
/// - Parameter args: The arguments after the command's own name.
/// - Throws: The first problem found, with the usage line of `spec` filled in.
func parseArguments(
  _ args: [String], for spec: CommandSpec
) throws(UsageError) -> ParsedArguments {
  var result = ParsedArguments(spec: spec)
  var firstError: UsageError?
  func report(_ message: String) {
    if firstError == nil { firstError = UsageError(message, usage: spec) }
  }

  var index = 0
  var optionsEnded = false
  while index < args.count {
    let token = args[index]
    index += 1

    if optionsEnded {
      result.positionals.append(token)
      continue
    }
    if token == "--" {
      optionsEnded = true
      continue
    }
    if token == "-h" || token == "--help" {
      result.helpRequested = true
      continue
    }

    guard token.hasPrefix("--") else {
      if looksLikeShortOption(token) {
        report(unknownOptionMessage(token, spec: spec))
      } else {
        result.positionals.append(token)
      }
      continue
    }

    let name: String
    let inlineValue: String?
    if let equals = token.firstIndex(of: "=") {
      name = String(token[..<equals])
      inlineValue = String(token[token.index(after: equals)...])
    } else {
      name = token
      inlineValue = nil
    }

    if name == "--help" {
      report("The flag '--help' does not take a value")
      result.helpRequested = true
      continue
    }
    guard let option = spec.options.first(where: { $0.name == name }) else {
      report(unknownOptionMessage(name, spec: spec))
      continue
    }
    if !option.repeatable, result.timesGiven(option) > 0 {
      report("The option '\(option.label)' was given more than once")
    }

    if option.isFlag {
      if inlineValue != nil {
        report("The flag '\(option.name)' does not take a value")
      } else {
        result.countFlag(option)
      }
    } else if let inlineValue {
      result.append(inlineValue, for: option)
    } else if index < args.count, !isOptionToken(args[index]) {
      result.append(args[index], for: option)
      index += 1
    } else {
      report("Missing value for '\(option.label)'")
    }
  }

  if result.helpRequested { return result }
  if let firstError { throw firstError }

  if result.positionals.count > spec.arguments.count {
    throw UsageError(
      "Unexpected argument \(quoted(result.positionals[spec.arguments.count]))", usage: spec)
  }
  if let missing = spec.arguments.dropFirst(result.positionals.count).first(where: {
    !$0.optional
  }) {
    throw UsageError("Missing expected argument '\(missing.name)'", usage: spec)
  }
  return result
}

/// Whether `token`, standing where an option's value should be, is really the next option.
///
/// Only `--…` and `-h` count: a value may start with a single dash, like `-3` or `-0.5`.
private func isOptionToken(_ token: String) -> Bool {
  token.hasPrefix("--") || token == "-h"
}

/// Whether a token with a single leading dash is an attempt at an option, not a value.
///
/// `-` alone (often "standard input") and negative numbers like `-3` or `-2.5e3` are values.
private func looksLikeShortOption(_ token: String) -> Bool {
  guard token.hasPrefix("-"), token.count > 1 else { return false }
  return Double(token.replacingUnderscores()) == nil
}

extension String {
  /// The string without `_` digit separators, so `-1_000` reads as a number.
  fileprivate func replacingUnderscores() -> String {
    String(filter { $0 != "_" })
  }
}

/// `Unknown option '--iteration'`, with ` Did you mean '--iterations'?` when one is close.
private func unknownOptionMessage(_ name: String, spec: CommandSpec) -> String {
  let message = "Unknown option \(quoted(name))"
  let candidates = spec.options.map(\.name) + ["--help"]
  guard let suggestion = nearestCandidate(to: name, among: candidates) else { return message }
  return message + ". Did you mean '\(suggestion)'?"
}

/// The candidate the user most likely meant by `input`, or `nil` if none is close.
///
/// A candidate that `input` abbreviates wins (`--iter` means `--iterations`, not `--filter`);
/// otherwise the nearest within edit distance 2; otherwise one that `input` extends. Ties go to
/// the earlier candidate. Used for options, subcommands and enumerated values alike.
func nearestCandidate(to input: String, among candidates: [String]) -> String? {
  // The distance is at least the difference in length: a candidate further than that from the
  // input's length can be scored without being compared, so a megabyte of input costs nothing.
  let length = input.count
  let scored = candidates.map { candidate in
    let apart = abs(candidate.count - length)
    return (candidate: candidate, distance: apart > 2 ? apart : editDistance(input, candidate))
  }
  func nearest(_ filter: ((candidate: String, distance: Int)) -> Bool) -> String? {
    scored.filter(filter).min(by: { $0.distance < $1.distance })?.candidate
  }
  // A prefix needs some substance beyond the dashes to count as a guess.
  let hasSubstance = input.drop(while: { $0 == "-" }).count >= 2
  if hasSubstance, let abbreviated = nearest({ $0.candidate.hasPrefix(input) }) {
    return abbreviated
  }
  if let close = nearest({ $0.distance <= 2 }) { return close }
  return hasSubstance ? nearest({ input.hasPrefix($0.candidate) }) : nil
}

/// The Levenshtein distance between two strings, counted in characters.
///
/// - Complexity: O(*m* × *n*) time, O(*n*) space.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  var current = previous
  for i in a.indices {
    current[0] = i + 1
    for j in b.indices {
      let substitution = previous[j] + (a[i] == b[j] ? 0 : 1)
      current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
