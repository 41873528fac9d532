import Foundation

/// The settings every check reads from the environment: `SNAPCHECK_SEED` and
/// `SNAPCHECK_EXAMPLES`.
///
/// Both are read by the rules `snap-bench` applies to its `--seed` and `--examples`: digits
/// with `_` between them and an exponent allowed (`1_000`, `1e6`), nothing else (no `nan`,
/// `inf` or hexadecimal floats); spaces around the value are ignored, and an empty value is no
/// value. A value that cannot be read is ignored, a factor that asks for more examples than a
/// run may have is held to `maximumExamples`, and either way `problems(in:)` says what is wrong
/// and every run's result carries a warning (`CheckResult.warnings`,
/// `BucketedResult.warnings`), which `check` prints even when the property passes. A mistyped
/// setting does not fail a suite whose code is sound, nor trap or run for ever; `snap-bench`
/// refuses it outright, before any work.
public enum SnapCheckEnvironment {
  /// The most examples `SNAPCHECK_EXAMPLES` can make one run check, as `snap-bench verify
  /// --examples` allows at most: a run asked for more is held to it (a property whose own
  /// `examples` is larger keeps that number).
  public static let maximumExamples = 100_000_000

  /// `SNAPCHECK_SEED`: replays a run (a whole number, or hexadecimal with `0x`).
  public static var seed: UInt64? {
    announceProblems()
    return seed(in: current)
  }

  /// `SNAPCHECK_EXAMPLES`: a factor applied to every property's number of examples.
  public static var examplesFactor: Double {
    announceProblems()
    return examplesFactor(in: current)
  }

  /// What is wrong with the settings in this process's environment; empty when nothing is.
  public static var problems: [Problem] { problems(in: current) }

  /// The seed `SNAPCHECK_SEED` gives in `environment`, if it is set and readable: a whole
  /// number from 0 to 2⁶⁴ − 1 (`42`, `1_000`, `1e6`), or hexadecimal digits after `0x`.
  public static func seed(in environment: [String: String]) -> UInt64? {
    guard let text = value(of: seedVariable, in: environment) else { return nil }
    return readSeed(text)
  }

  /// The factor `SNAPCHECK_EXAMPLES` gives in `environment`: 1 unless it is a positive number
  /// (`10`, `0.5`, `1e3`); a factor above `maximumExamples` is read as `maximumExamples`.
  public static func examplesFactor(in environment: [String: String]) -> Double {
    guard let text = value(of: examplesVariable, in: environment),
      let factor = readFactor(text), factor > 0
    else { return 1 }
    return min(factor, Double(maximumExamples))
  }

  /// `examples` scaled by `SNAPCHECK_EXAMPLES` in this process's environment: what a run of
  /// `examples` checks.
  public static func scaledExamples(_ examples: Int) -> Int {
    announceProblems()
    return scaledExamples(examples, in: current)
  }

  /// Says what is wrong with the process's settings on standard error, once, the first time a
  /// run reads them: the results' warnings come only at the end of a run, which a crash or a
  /// hang in the code under test may never reach.
  static func announceProblems() {
    guard testEnvironment == nil else { return }
    _ = announced
  }

  private static let announced: Void = {
    let found = problems(in: ProcessInfo.processInfo.environment)
    guard !found.isEmpty else { return }
    let text = found.map { problem in
      let held = problem.variable == examplesVariable && readFactor(problem.value).map { $0 > 0 } == true
      return "SnapCheck: warning: \(problem); it is \(held ? "held to that" : "ignored").\n"
    }.joined()
    ExampleGuard.writeError(text)
  }()

  /// `examples` scaled by `SNAPCHECK_EXAMPLES` in `environment`, rounded, at least 1, and never
  /// more than `maximumExamples` unless `examples` itself is more (then at most `examples`).
  public static func scaledExamples(_ examples: Int, in environment: [String: String]) -> Int {
    let scaled = Double(examples) * examplesFactor(in: environment)
    let ceiling = max(examples, maximumExamples)
    // Compared as a Double before it becomes an Int: 1e300 examples must not trap.
    guard scaled < Double(ceiling) else { return ceiling }
    return max(1, Int(scaled.rounded()))
  }

  /// What is wrong with `SNAPCHECK_SEED` and `SNAPCHECK_EXAMPLES` in `environment`: one problem
  /// for each that is set to something that cannot be read or is out of range; empty when both
  /// are unset or fine.
  public static func problems(in environment: [String: String]) -> [Problem] {
    var found: [Problem] = []
    if let text = value(of: seedVariable, in: environment), readSeed(text) == nil {
      found.append(
        Problem(
          variable: seedVariable, value: text,
          reason: "expected a whole number from 0 to \(UInt64.max), like 42, 1_000, 1e6 or 0x2A"))
    }
    if let text = value(of: examplesVariable, in: environment) {
      if let factor = readFactor(text), factor > 0 {
        if factor > Double(maximumExamples) {
          found.append(
            Problem(
              variable: examplesVariable, value: text,
              reason: "must be at most \(maximumExamples), the most examples a run may have"))
        }
      } else {
        found.append(
          Problem(
            variable: examplesVariable, value: text,
            reason: "expected a positive number, like 10, 0.5 or 1e3"))
      }
    }
    return found
  }

  /// A setting that cannot be used as given.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// The variable, like `SNAPCHECK_EXAMPLES`.
    public var variable: String
    /// What it is set to.
    public var value: String
    /// What was expected, like `expected a positive number, like 10, 0.5 or 1e3`.
    public var reason: String

    /// `SNAPCHECK_EXAMPLES='ten': expected a positive number, like 10, 0.5 or 1e3`, the value
    /// shortened to its first 80 characters when it is longer.
    public var description: String {
      "\(variable)=\(SnapCheckEnvironment.quoted(value)): \(reason)"
    }
  }

  // MARK: - Implementation

  static let seedVariable = "SNAPCHECK_SEED"
  static let examplesVariable = "SNAPCHECK_EXAMPLES"

  /// The environment a test sees in place of the process's, inside
  /// `$testEnvironment.withValue(…)`; `nil` outside.
  @TaskLocal static var testEnvironment: [String: String]?

  /// The environment the settings are read from: the process's, or a test's.
  static var current: [String: String] {
    testEnvironment ?? ProcessInfo.processInfo.environment
  }

  /// The warnings a run of `examples` records about the settings in `environment`: each
  /// problem (the seed's only when the run reads it, without a seed of its own), and a run
  /// held to `maximumExamples`.
  static func warnings(
    scaling examples: Int, readingSeed: Bool, in environment: [String: String]
  ) -> [String] {
    var warnings: [String] = []
    for problem in problems(in: environment) {
      switch problem.variable {
      case seedVariable where readingSeed:
        warnings.append("\(problem); it was ignored, and the run drew a seed of its own.")
      case examplesVariable where readFactor(problem.value).map({ $0 > 0 }) != true:
        warnings.append(
          "\(problem); it was ignored, and the run checked its own \(examples) examples.")
      default:
        break
      }
    }
    let factor = value(of: examplesVariable, in: environment).flatMap(readFactor) ?? 1
    if factor > 0, Double(examples) * factor > Double(max(examples, maximumExamples)) {
      let text = value(of: examplesVariable, in: environment) ?? ""
      warnings.append(
        "\(examplesVariable)=\(quoted(text)) asks for more than \(maximumExamples) examples, "
          + "the most a run may have: it checked \(scaledExamples(examples, in: environment)).")
    }
    return warnings
  }

  /// The value of `variable` in `environment`, spaces around it removed; `nil` when it is
  /// unset or empty (`SNAPCHECK_SEED= swift test` unsets it).
  static func value(of variable: String, in environment: [String: String]) -> String? {
    guard let text = environment[variable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
    else { return nil }
    return text
  }

  /// `text` in single quotes, at most its first 80 characters, then `…` and its length.
  static func quoted(_ text: String) -> String {
    let head = text.prefix(80)
    return head.endIndex < text.endIndex ? "'\(head)…' (\(text.utf8.count) bytes)" : "'\(text)'"
  }

  /// A seed: `0x` and hexadecimal digits (`_` between them allowed), or a whole number as
  /// `--seed` takes it, which must be exact (`1.5` is not a seed, `1.5e1` is 15).
  static func readSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      guard let digits = separatedDigits(text.dropFirst(2), hexadecimal: true) else { return nil }
      return UInt64(digits, radix: 16)
    }
    return readWholeNumber(text[...])
  }

  /// `[+]digits[.digits][e[+-]digits]` as an exact UInt64; `nil` when it is not that, not a
  /// whole number, or too large.
  static func readWholeNumber(_ text: Substring) -> UInt64? {
    var rest = text
    if rest.first == "+" { rest = rest.dropFirst() }
    let mark = rest.firstIndex { $0 == "e" || $0 == "E" }
    let mantissa = mark.map { rest[..<$0] } ?? rest
    var exponent = 0
    if let mark {
      var digits = rest[rest.index(after: mark)...]
      let negative = digits.first == "-"
      if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
      // Four digits are more than any exponent of a 64-bit number needs.
      guard let plain = separatedDigits(digits, hexadecimal: false), plain.count <= 4,
        let value = Int(plain)
      else { return nil }
      exponent = negative ? -value : value
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = separatedDigits(parts[0], hexadecimal: false) else {
      return nil
    }
    var fraction = ""
    if parts.count == 2 {
      guard let digits = separatedDigits(parts[1], hexadecimal: false) else { return nil }
      fraction = digits
    }
    var digits = Substring(whole + fraction)
    var shift = exponent - fraction.count
    if shift < 0 {
      // The digits below the units must all be zero.
      let cut = min(-shift, digits.count)
      guard digits.suffix(cut).allSatisfy({ $0 == "0" }) else { return nil }
      digits = digits.dropLast(cut)
      shift = 0
    }
    var value: UInt64 = 0
    for digit in digits {
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit.wholeNumberValue ?? 0))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
    }
    for _ in 0..<shift where value != 0 {
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      value = shifted
    }
    return value
  }

  /// A decimal number as `snap-bench` reads one (`[+-]digits[.digits][e[+-]digits]`, `_`
  /// between digits); `nil` when it is not written so. It may be negative, zero or infinite
  /// (`1e999`): the caller judges the range.
  static func readFactor(_ text: String) -> Double? {
    var rest = Substring(text)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let mark = rest.firstIndex { $0 == "e" || $0 == "E" }
    let mantissa = mark.map { rest[..<$0] } ?? rest
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, separatedDigits(parts[0], hexadecimal: false) != nil else {
      return nil
    }
    if parts.count == 2, separatedDigits(parts[1], hexadecimal: false) == nil { return nil }
    if let mark {
      var exponent = rest[rest.index(after: mark)...]
      if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
      guard separatedDigits(exponent, hexadecimal: false) != nil else { return nil }
    }
    return Double(text.filter { $0 != "_" })
  }

  /// The digits of `text` with `_` separators removed, or `nil` when it is not a run of digits
  /// that starts and ends with one.
  static func separatedDigits(_ text: Substring, hexadecimal: Bool) -> String? {
    func isDigit(_ character: Character) -> Bool {
      character.isASCII && (hexadecimal ? character.isHexDigit : character.isNumber)
    }
    guard let first = text.first, let last = text.last, isDigit(first), isDigit(last),
      text.allSatisfy({ isDigit($0) || $0 == "_" })
    else { return nil }
    return String(text.filter { $0 != "_" })
  }
}
