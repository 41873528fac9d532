import SnapAlgorithms
/// One `--name` option or flag that a command accepts.
///
/// Options are long-form only; `-h`/`--help` is implied for every command and never listed here.
struct OptionSpec: Sendable {
  /// The spelling on the command line, dashes included: `--iterations`.
  let name: String
  /// The placeholder for the option's value, like `<n>`; `nil` for a flag that takes none.
  let valueName: String?
  /// What the option does, in one or two sentences.
  let help: String
  /// Whether the option may be given more than once (every value is kept).
  let repeatable: Bool
}

extension OptionSpec {
  /// Makes an option that takes a value: `OptionSpec("--iterations", value: "<n>", help: …)`.
  init(_ name: String, value valueName: String, help: String, repeatable: Bool = false) {
    assert(name.hasPrefix("--"), "Option names are spelled with their dashes: '--\(name)'")
    self.init(name: name, valueName: valueName, help: help, repeatable: repeatable)
  }

  /// Makes a flag that takes no value: `OptionSpec(flag: "--landscape", help: …)`.
  init(flag name: String, help: String, repeatable: Bool = false) {
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
  /// What the argument is, in one or two sentences.
  let help: String
  /// Whether the argument may be left out; optional arguments must follow required ones.
  let optional: Bool
}

extension ArgumentSpec {
  /// Makes a positional argument: `ArgumentSpec("<algorithm>", help: …)`.
  init(_ name: String, help: String, optional: Bool = false) {
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
  /// The full invocation, like `snap-bench trace`.
  let name: String
  /// A one-sentence summary shown after `OVERVIEW:` and in the parent's subcommand list.
  let abstract: String
  /// Longer prose shown under the overview; paragraphs separated by blank lines.
  let discussion: String?
  /// The positional arguments, required ones first.
  let arguments: [ArgumentSpec]
  /// The options, in the order help lists them; `-h, --help` is added automatically.
  let options: [OptionSpec]
  /// The subcommands a parent command dispatches to, in the order help lists them.
  let subcommands: [(name: String, abstract: String)]

  /// Makes a command description; everything but the name and abstract may be left out.
  init(
    name: String,
    abstract: String,
    discussion: String? = nil,
    arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [],
    subcommands: [(name: String, abstract: String)] = []
  ) {
    assert(
      !arguments.drop(while: { !$0.optional }).contains(where: { !$0.optional }),
      "Required arguments of '\(name)' must come before optional ones")
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
  }
}

// MARK: - Usage and help

extension CommandSpec {
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
    let argumentRows = arguments.map { (label: $0.name, help: $0.help) }
    let optionRows = options.map { (label: $0.label, help: $0.help) } + [helpOption]
    let subcommandRows = subcommands.map { (label: $0.name, help: $0.abstract) }

    // One column for every section, so the descriptions line up down the whole page; a label
    // too wide for the widest column gets a line of its own instead of pushing the rest over.
    let helpColumn = (argumentRows + optionRows + subcommandRows)
      .map { 2 + $0.label.count + 2 }
      .filter { $0 <= Self.maximumHelpColumn }
      .reduce(Self.minimumHelpColumn, max)

    var sections: [String] = []
    sections.append(
      wrapText(
        abstract, width: width, firstPrefix: "OVERVIEW: ", continuationIndent: 0
      ).joined(separator: "\n"))
    if let discussion, !discussion.isEmpty {
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
  /// The spec for a tool called `toolName`: every mention of `snap-bench` as a command, in the
  /// name, the texts and the help of every argument and option, names the tool instead.
  func renamed(to toolName: String) -> CommandSpec {
    guard toolName != "snap-bench" else { return self }
    func rename(_ text: String) -> String { renaming(text, to: toolName) }
    return CommandSpec(
      name: rename(name), abstract: rename(abstract), discussion: discussion.map(rename),
      arguments: arguments.map { ArgumentSpec(name: $0.name, help: rename($0.help), optional: $0.optional) },
      options: options.map {
        OptionSpec(
          name: $0.name, valueName: $0.valueName, help: rename($0.help), repeatable: $0.repeatable)
      },
      subcommands: subcommands.map { ($0.name, rename($0.abstract)) })
  }
}
