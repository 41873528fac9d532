import SnapAlgorithms

/// Help prose that may name the tool: `"See '\(.tool) list motions'."`.
///
/// A user's bench is a tool of its own name, so prose that tells the reader what to type holds
/// the tool as a value, filled in when the help is printed (`text(tool:)`), instead of a
/// `snap-bench` that would have to be found again in the words and replaced.
struct HelpText: Sendable, Equatable, ExpressibleByStringInterpolation {
  /// A run of words, or the place where the tool's name goes.
  enum Piece: Sendable, Equatable {
    case words(String)
    case tool
  }

  /// What an interpolation can stand for besides a value: the tool's name.
  enum Placeholder { case tool }

  /// The text and the tool's places, in order.
  let pieces: [Piece]

  init(stringLiteral value: String) { pieces = value.isEmpty ? [] : [.words(value)] }

  init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

  /// Builds the pieces of an interpolated help literal.
  struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var pieces: [Piece] = []

    init(literalCapacity: Int, interpolationCount: Int) {}

    mutating func appendLiteral(_ literal: String) { append(literal) }

    /// `\(.tool)`: the name of the tool that prints the help.
    mutating func appendInterpolation(_ placeholder: Placeholder) { pieces.append(.tool) }

    /// `\(value)`: a value declared in code (a default, a name), as words.
    mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      append(value.description)
    }

    private mutating func append(_ words: String) {
      guard !words.isEmpty else { return }
      if case .words(let last)? = pieces.last {
        pieces[pieces.count - 1] = .words(last + words)
      } else {
        pieces.append(.words(words))
      }
    }
  }

  /// The prose as `tool` prints it.
  func text(tool: String) -> String {
    pieces.map { piece in
      switch piece {
      case .words(let words): return words
      case .tool: return tool
      }
    }.joined()
  }

  /// Two pieces of prose, one after the other.
  static func + (first: HelpText, second: HelpText) -> HelpText {
    var joined = StringInterpolation(literalCapacity: 0, interpolationCount: 0)
    for piece in first.pieces + second.pieces {
      switch piece {
      case .words(let words): joined.appendLiteral(words)
      case .tool: joined.appendInterpolation(.tool)
      }
    }
    return HelpText(stringInterpolation: joined)
  }
}

/// One `--name` option or flag that a command accepts.
///
/// Options are long-form only; `-h`/`--help` is implied for every command and never listed here.
struct OptionSpec: Sendable {
  /// The spelling on the command line, dashes included: `--iterations`.
  let name: String
  /// The placeholder for the option's value, like `<n>`; `nil` for a flag that takes none.
  let valueName: String?
  /// What the option does, in one sentence: help prints it beside the option, and completion
  /// scripts beside the completion.
  let help: HelpText
  /// Whether the option may be given more than once (every value is kept).
  let repeatable: Bool
}

extension OptionSpec {
  /// Makes an option that takes a value: `OptionSpec("--iterations", value: "<n>", help: …)`.
  init(_ name: String, value valueName: String, help: HelpText, repeatable: Bool = false) {
    assert(name.hasPrefix("--"), "Option names are spelled with their dashes: '--\(name)'")
    self.init(name: name, valueName: valueName, help: help, repeatable: repeatable)
  }

  /// Makes a flag that takes no value: `OptionSpec(flag: "--landscape", help: …)`.
  init(flag name: String, help: HelpText, repeatable: Bool = false) {
    assert(name.hasPrefix("--"), "Option names are spelled with their dashes: '--\(name)'")
    self.init(name: name, valueName: nil, help: help, repeatable: repeatable)
  }

  /// Whether the option is a flag, present or absent, with no value.
  var isFlag: Bool { valueName == nil }

  /// The option as it reads in messages and help: `--iterations <n>`, or `--landscape`.
  var label: String {
    guard let valueName else { return name }
    return "\(name) \(valueName)"
  }

  /// The option as it reads in a usage line: `[--iterations <n>]`, `[--filter <pattern> ...]`.
  var usageToken: String {
    repeatable ? "[\(label) ...]" : "[\(label)]"
  }
}

/// One positional argument that a command accepts, like `<algorithm>`.
struct ArgumentSpec: Sendable {
  /// The placeholder, angle brackets included: `<algorithm>`.
  let name: String
  /// What the argument is, in one sentence.
  let help: HelpText
  /// Whether the argument may be left out; optional arguments must follow required ones.
  let optional: Bool
}

extension ArgumentSpec {
  /// Makes a positional argument: `ArgumentSpec("<algorithm>", help: …)`.
  init(_ name: String, help: HelpText, optional: Bool = false) {
    self.init(name: name, help: help, optional: optional)
  }

  /// The argument as it reads in a usage line: `<algorithm>`, or `[<algorithm>]` if optional.
  var usageToken: String { optional ? "[\(name)]" : name }
}

/// Everything a command tells the user about itself: its usage line, help and accepted input.
///
/// One value per command is the single source of truth for parsing, `--help` and the usage line
/// printed with every usage error, so the three can never disagree.
struct CommandSpec: Sendable {
  /// The subcommand's name, like `trace`; `nil` for the tool itself.
  let subcommand: String?
  /// A one-sentence summary shown after `OVERVIEW:` and in the parent's subcommand list.
  let abstract: HelpText
  /// Longer prose shown under the overview; paragraphs separated by blank lines.
  let discussion: HelpText?
  /// The positional arguments, required ones first.
  let arguments: [ArgumentSpec]
  /// The options, in the order help lists them; `-h, --help` is added automatically.
  let options: [OptionSpec]
  /// The subcommands a parent command dispatches to, in the order help lists them.
  let subcommands: [(name: String, abstract: HelpText)]
  /// The tool the help and usage are printed for: `snap-bench`, or a user's own bench.
  private(set) var tool = "snap-bench"

  /// Makes a command description; everything but the abstract may be left out.
  init(
    subcommand: String? = nil,
    abstract: HelpText,
    discussion: HelpText? = nil,
    arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [],
    subcommands: [(name: String, abstract: HelpText)] = []
  ) {
    assert(
      !arguments.drop(while: { !$0.optional }).contains(where: { !$0.optional }),
      "Required arguments of '\(subcommand ?? "the tool")' must come before optional ones")
    self.subcommand = subcommand
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
  }
}

// MARK: - Usage and help

extension CommandSpec {
  /// The full invocation, like `snap-bench trace`.
  var name: String { subcommand.map { "\(tool) \($0)" } ?? tool }


  /// The widest a line of help or usage may be: the terminal's width, 80 when the output is
  /// not a terminal.
  static var lineWidth: Int { Terminal.helpWidth }

  /// The column where option and argument descriptions start, unless a label is wider.
  static let minimumHelpColumn = 26

  /// The column where descriptions start at most; longer labels put their help on the next line.
  static let maximumHelpColumn = 40

  /// The usage line, like `snap-bench trace <algorithm> [--device <name>] [--landscape]`.
  ///
  /// It is laid out to follow a 7-column prefix (`Usage: ` or `USAGE: `): past `lineWidth`
  /// columns it continues on lines indented to start under the first argument.
  var usage: String { usage(prefixWidth: "Usage: ".count) }

  /// The usage line, wrapped to `width` columns for printing after a prefix `prefixWidth`
  /// columns wide.
  func usage(prefixWidth: Int, width: Int = lineWidth) -> String {
    var tokens = arguments.map(\.usageToken) + options.map(\.usageToken)
    if !subcommands.isEmpty { tokens.append("<subcommand>") }

    // Continuation lines start at column 0, so they carry the prefix's width as indent.
    let indent = String(repeating: " ", count: prefixWidth + name.count)
    var lines: [String] = []
    var line = name
    var column = prefixWidth + name.count
    var lineHasTokens = false
    for token in tokens {
      if lineHasTokens, column + 1 + token.count > width {
        lines.append(line)
        line = indent
        column = indent.count
      }
      line += " " + token
      column += 1 + token.count
      lineHasTokens = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The text `--help` prints to stdout: overview, usage, arguments, options and subcommands.
  ///
  /// Sections with nothing in them are left out; `-h, --help` is always listed. The text has
  /// no trailing newline, so `print(spec.helpText())` prints it as is. Lines wrap at `width`.
  func helpText(width: Int = lineWidth) -> String {
    let helpOption = (label: "-h, --help", help: "Show help information.")
    let argumentRows = arguments.map { (label: $0.name, help: $0.help.text(tool: tool)) }
    let optionRows = options.map { (label: $0.label, help: $0.help.text(tool: tool)) } + [helpOption]
    let subcommandRows = subcommands.map { (label: $0.name, help: $0.abstract.text(tool: tool)) }

    // One column for every section, so the descriptions line up down the whole page; a label
    // too wide for the widest column gets a line of its own instead of pushing the rest over.
    let helpColumn = (argumentRows + optionRows + subcommandRows)
      .map { 2 + $0.label.count + 2 }
      .filter { $0 <= Self.maximumHelpColumn }
      .reduce(Self.minimumHelpColumn, max)

    var sections: [String] = []
    sections.append(
      wrapText(
        abstract.text(tool: tool), width: width, firstPrefix: "OVERVIEW: ",
        continuationIndent: 0
      ).joined(separator: "\n"))
    if let discussion = discussion?.text(tool: tool), !discussion.isEmpty {
      sections.append(
        wrapText(discussion, width: width, firstPrefix: "", continuationIndent: 0)
          .joined(separator: "\n"))
    }
    sections.append("USAGE: " + usage(prefixWidth: "USAGE: ".count, width: width))

    func table(_ title: String, _ rows: [(label: String, help: String)]) -> String {
      var lines = [title]
      for row in rows {
        let label = "  " + row.label
        if label.count + 2 <= helpColumn {
          let prefix = label + String(repeating: " ", count: helpColumn - label.count)
          lines += wrapText(
            row.help, width: width, firstPrefix: prefix, continuationIndent: helpColumn)
        } else {
          lines.append(label)
          lines += wrapText(
            row.help, width: width,
            firstPrefix: String(repeating: " ", count: helpColumn), continuationIndent: helpColumn)
        }
      }
      return lines.joined(separator: "\n")
    }

    if !argumentRows.isEmpty { sections.append(table("ARGUMENTS:", argumentRows)) }
    sections.append(table("OPTIONS:", optionRows))
    if !subcommandRows.isEmpty {
      sections.append(
        table("SUBCOMMANDS:", subcommandRows)
          + "\n\n  See '\(name) <subcommand> --help' for detailed help.")
    }
    return sections.joined(separator: "\n\n")
  }
}

/// Word-wraps `text` to `width` columns, keeping its own line breaks.
///
/// The first line starts with `firstPrefix`; later lines are indented by `continuationIndent`
/// spaces. A word longer than a whole line is left unbroken rather than split.
func wrapText(
  _ text: String, width: Int, firstPrefix: String, continuationIndent: Int
) -> [String] {
  let indent = String(repeating: " ", count: continuationIndent)
  var lines: [String] = []
  var line = firstPrefix
  var lineHasWords = false

  for (index, sourceLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
    .enumerated()
  {
    if index > 0 {
      lines.append(line)
      line = indent
      lineHasWords = false
    }
    for word in sourceLine.split(separator: " ") {
      if lineHasWords, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
  }
  lines.append(line)
  // Blank paragraph separators would otherwise carry the indent as trailing spaces.
  return lines.map { $0.allSatisfy { $0 == " " } ? "" : $0 }
}

// MARK: - Renaming

extension CommandSpec {
  /// The spec as a tool called `toolName` prints it: its name, usage and help name that tool.
  func renamed(to toolName: String) -> CommandSpec {
    var spec = self
    spec.tool = toolName
    return spec
  }
}
