import SnapVerification

/// `snap-bench completion bash|zsh|fish`: a shell completion script, written from the commands'
/// specs, so that it completes every subcommand and option the tool has and no other.
enum CompletionCommand: Subcommand {
  static let name = "completion"

  static let shells = ["bash", "zsh", "fish"]

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Print a completion script for bash, zsh or fish.",
    discussion: """
      It completes subcommands, options, algorithm ids (asked of the tool as you type, your own \
      included) and paths. Load it from the shell's start-up file: in bash, source the output \
      of `\(.tool) completion bash`; in zsh, of `\(.tool) completion zsh`, after compinit; \
      in fish, pipe `\(.tool) completion fish` to source.
      """,
    arguments: [ArgumentSpec("<shell>", help: "bash, zsh or fish.")])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let shell = try parsed.choice(argument: spec.arguments[0], among: shells) ?? "bash"
    let commands = Completions(tool: tool)
    switch shell {
    case "zsh": try printOutput(commands.zsh)
    case "fish": try printOutput(commands.fish)
    default: try printOutput(commands.bash)
    }
  }
}

/// What a completion script knows, derived from `SnapBench.spec` and every subcommand's spec.
struct Completions {
  /// What a value, an option's or a positional argument's, completes to.
  enum Value: Equatable {
    /// Anything: nothing is offered.
    case free
    case file
    case directory
    /// The ids `list algorithms` prints, asked of the tool at completion time.
    case algorithm
    case words([String])
  }

  /// One command line form: a subcommand, or the tool itself with `run`'s options.
  struct Command {
    var name: String
    var abstract: String
    var options: [OptionSpec]
    var arguments: [ArgumentSpec]
  }

  let tool: String
  let subcommands: [Command]
  /// The options the tool takes with no subcommand: `run`'s, and `--version`.
  let topLevelOptions: [OptionSpec]

  init(tool: Tool) {
    self.tool = tool.name
    subcommands = SnapBench.commands.map { command in
      let renamed = tool.spec(command.spec)
      return Command(
        name: command.name, abstract: renamed.abstract.text(tool: tool.name), options: renamed.options,
        arguments: renamed.arguments)
    }
    topLevelOptions = tool.spec(SnapBench.spec).options
  }

  /// What `option`'s value completes to.
  static func value(of option: OptionSpec) -> Value {
    guard let valueName = option.valueName else { return .free }
    if option.name == "--algorithm" { return .algorithm }
    if valueName == "<dir>" { return .directory }
    if valueName.contains("file") || valueName.hasSuffix(".json>") { return .file }
    return .free
  }

  /// What a positional argument completes to.
  static func value(of argument: ArgumentSpec) -> Value {
    switch argument.name {
    case "<algorithm>": return .algorithm
    case "<topic>": return .words(ListCommand.topics)
    case "<shell>": return .words(CompletionCommand.shells)
    default: return .free
    }
  }

  /// The shell function's name: `_snap_bench` for `snap-bench`. Only ASCII letters, digits and
  /// `_`, whatever the tool is called.
  var function: String {
    "_" + String(tool.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
  }

  /// The tool's name as one word for bash or zsh (`shellWord`: as it is when plain, in single
  /// quotes otherwise): a name is a name, never code (`my$(touch x)bench` is not run).
  var shellName: String { shellWord(tool) }

  /// Whether zsh's `#compdef` line, which takes names as they are, can name the tool: ASCII
  /// letters, digits, `.`, `_`, `-`, not starting with `-`.
  var compdefName: Bool {
    !tool.isEmpty && !tool.hasPrefix("-")
      && tool.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
  }

  /// The tool's name in a comment: control characters (a newline would end the comment) and
  /// bytes a terminal cannot show escaped as `\x0A` (`escaped`).
  var commentName: String { escaped(Array(tool.utf8)) }

  /// The command that prints the algorithm ids, one a line: the first block of `list
  /// algorithms`, up to its blank line, each line's first word; `name` is the tool as the
  /// shell's quoting writes it.
  func algorithmsCommand(_ name: String) -> String {
    "\(name) list algorithms 2>/dev/null | sed -n '/^$/q;s/ .*//p'"
  }

  /// What `option` does, as this tool's help says it: one sentence, the tool named.
  func description(of option: OptionSpec) -> String { option.help.text(tool: tool) }

  // MARK: - bash

  var bash: String {
    func words(_ list: [String]) -> String { list.joined(separator: " ") }
    func valueCase(_ value: Value) -> String? {
      switch value {
      case .free: return nil
      case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
      case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
      case .algorithm: return "COMPREPLY=($(compgen -W \"$(\(algorithmsCommand(shellName)))\" -- \"$cur\"))"
      case .words(let list): return "COMPREPLY=($(compgen -W '\(words(list))' -- \"$cur\"))"
      }
    }
    let all = [Command(name: "", abstract: "", options: topLevelOptions, arguments: [])] + subcommands
    var lines = [
      "# bash completion for \(commentName): \(commentName) completion bash > a file bash_completion",
      "# loads, or source <(\(commentName) completion bash) in ~/.bashrc.",
      "\(function)() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  COMPREPLY=()",
      "  if ((COMP_CWORD == 1)); then",
      "    COMPREPLY=($(compgen -W '\(words(subcommands.map(\.name) + topLevelOptions.map(\.name) + ["--help"]))' -- \"$cur\"))",
      "    return",
      "  fi",
      "  # Options without a subcommand are run's.",
      "  local command=${COMP_WORDS[1]}",
      "  case $command in -*) command=\"\" ;; esac",
      "  case \"$command $prev\" in",
    ]
    for command in all {
      for option in command.options where !option.isFlag {
        lines.append("    \"\(command.name) \(option.name)\")")
        lines.append("      \(valueCase(Self.value(of: option)) ?? ":")")
        lines.append("      return ;;")
      }
    }
    lines += ["  esac", "  case \"$command\" in"]
    for command in all {
      let options = command.options.map(\.name) + ["--help"]
      lines.append("    \"\(command.name)\")")
      lines.append("      if [[ $cur == -* ]]; then")
      lines.append("        COMPREPLY=($(compgen -W '\(words(options))' -- \"$cur\"))")
      if let argument = command.arguments.first, let action = valueCase(Self.value(of: argument)) {
        lines.append("      else")
        lines.append("        \(action)")
      }
      lines.append("      fi ;;")
    }
    lines += [
      "  esac",
      "}",
      "complete -F \(function) -- \(shellName)",
    ]
    return lines.joined(separator: "\n")
  }

  // MARK: - zsh

  var zsh: String {
    /// `text` inside single quotes in a zsh script.
    func quoted(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "'\\''") }
    /// `text` as the description in an `_arguments` spec: brackets and colons escaped.
    func described(_ text: String) -> String {
      quoted(
        text.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
          .replacingOccurrences(of: ":", with: "\\:"))
    }
    func action(_ value: Value) -> String {
      switch value {
      case .free: return ""
      case .file: return "_files"
      case .directory: return "_files -/"
      case .algorithm: return "\(function)_algorithms"
      case .words(let list): return "(\(list.joined(separator: " ")))"
      }
    }
    func specs(_ command: Command) -> [String] {
      let options = command.options.map { option -> String in
        let head = (option.repeatable ? "*" : "") + option.name + "[" + described(description(of: option)) + "]"
        guard let valueName = option.valueName else { return "'\(head)'" }
        let message = quoted(valueName.replacingOccurrences(of: ":", with: "\\:"))
        return "'\(head):\(message):\(action(Self.value(of: option)))'"
      }
      let arguments = command.arguments.map { argument -> String in
        let message = quoted(argument.name.replacingOccurrences(of: ":", with: "\\:"))
        return "'\(argument.optional ? "::" : ":")\(message):\(action(Self.value(of: argument)))'"
      }
      return options + ["'(- *)'{-h,--help}'[Show help information.]'"] + arguments
    }
    // `#compdef` takes names as they are: written only for a plain one (sourcing works for any).
    var lines = compdefName ? ["#compdef \(tool)"] : []
    lines += [
      "# zsh completion for \(commentName): \(commentName) completion zsh > a file named \(function)",
      "# in $fpath, or source <(\(commentName) completion zsh) in ~/.zshrc after compinit.",
      "\(function)_algorithms() {",
      "  local -a ids",
      "  ids=(${(f)\"$(\(algorithmsCommand(shellName)))\"})",
      "  compadd -a ids",
      "}",
      "\(function)() {",
      "  local -a commands",
      "  commands=(",
    ]
    lines += subcommands.map { "    '\($0.name):\(quoted($0.abstract.replacingOccurrences(of: ":", with: "\\:")))'" }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then",
      "    _describe -t commands '\(quoted(tool)) subcommand' commands",
      "    return",
      "  fi",
      "  local command=$words[2]",
      "  if [[ $command == -* ]]; then",
      "    command=\"\"",
      "  else",
      "    shift words",
      "    (( CURRENT-- ))",
      "  fi",
      "  case $command in",
      "    \"\")",
      "      _arguments -s \\",
    ]
    let top = Command(name: "", abstract: "", options: topLevelOptions, arguments: [])
    lines += specs(top).map { "        \($0) \\" }
    lines.append("        && return ;;")
    for command in subcommands {
      lines.append("    \(command.name))")
      lines.append("      _arguments -s \\")
      lines += specs(command).map { "        \($0) \\" }
      lines.append("        && return ;;")
    }
    lines += [
      "  esac",
      "  return 1",
      "}",
      "if [[ $funcstack[1] == \(function) ]]; then",
      "  \(function) \"$@\"",
      "else",
      "  compdef \(function) -- \(shellName)",
      "fi",
    ]
    return lines.joined(separator: "\n")
  }

  // MARK: - fish

  var fish: String {
    /// `text` in single quotes for fish, where a backslash escapes only `\` and `'`.
    func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        + "'"
    }
    let names = subcommands.map(\.name).joined(separator: " ")
    let command = "complete -c \(quoted(tool))"
    func valueFlags(_ value: Value) -> String {
      switch value {
      case .free: return " -x"
      case .file: return " -r -F"
      case .directory: return " -x -a '(__fish_complete_directories)'"
      case .algorithm: return " -x -a \(quoted("(\(algorithmsCommand(quoted(tool))))"))"
      case .words(let list): return " -x -a \(quoted(list.joined(separator: " ")))"
      }
    }
    func option(_ option: OptionSpec, when condition: String) -> String {
      var line = "\(command) -n \(quoted(condition)) -l \(option.name.dropFirst(2))"
      if !option.isFlag { line += valueFlags(Self.value(of: option)) }
      return line + " -d \(quoted(description(of: option)))"
    }
    var lines = [
      "# fish completion for \(commentName): \(commentName) completion fish >",
      "# ~/.config/fish/completions/\(commentName).fish, or \(commentName) completion fish | source.",
      "\(command) -f",
      "\(command) -s h -l help -d 'Show help information.'",
    ]
    let noSubcommand = "not __fish_seen_subcommand_from \(names)"
    for subcommand in subcommands {
      lines.append(
        "\(command) -n \(quoted(noSubcommand)) -a \(subcommand.name) -d \(quoted(subcommand.abstract))")
    }
    lines += topLevelOptions.map { option($0, when: noSubcommand) }
    for subcommand in subcommands {
      let condition = "__fish_seen_subcommand_from \(subcommand.name)"
      lines += subcommand.options.map { option($0, when: condition) }
      if let argument = subcommand.arguments.first {
        switch Self.value(of: argument) {
        case .free: break
        case .file: lines.append("\(command) -n \(quoted(condition)) -F")
        case let value:
          lines.append("\(command) -n \(quoted(condition))" + valueFlags(value).replacingOccurrences(of: " -x", with: ""))
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}
