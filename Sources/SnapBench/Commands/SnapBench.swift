import Foundation
import SnapAlgorithms
import CBenchSupport
import SnapCheck

/// Every `snap-bench` command as a library, open to algorithms of your own.
///
/// The `snap-bench` executable is `SnapBench.main()`. An executable of your own package that
/// calls `SnapBench.main(adding:)` is the same tool with your algorithms beside SnapLab's: its
/// `list`, `verify`, `trace`, `run` and `report` take their ids like the built-in ones.
///
///     // Sources/my-bench/main.swift
///     import SnapBench
///     SnapBench.main(adding: [MyDock(), MyDock(bug: .ignoresKeyboard)])
///
/// An added id must be new: one that a built-in algorithm, `fluid-dock` or another added
/// algorithm already answers to is an error, reported before any command runs.
public enum SnapBench {
  /// Runs the command line of this process with SnapLab's algorithms and `algorithms`, then
  /// exits with the command's status (0, 1 for a failure, 64 for a usage error, 141 when the
  /// reader of standard output went away; `run` also uses 2 and 3).
  public static func main(adding algorithms: [RegisteredAlgorithm] = []) -> Never {
    snapbench_unblock_signals()
    holdStandardDescriptors()
    // A process stopped by its own code (raise(SIGSTOP)) is woken and ended with an error that
    // says what ran, never left to hang: for the commands that run algorithms in this process
    // (a worker is watched by its parent; `verify` runs them in workers, unless told not to).
    if runsAlgorithmsHere(Array(CommandLine.arguments.dropFirst())) { watchForStops() }
    // What the algorithms print goes to standard error, never into a document.
    StandardStreams.separateDocuments()
    let path = CommandLine.arguments.first
    let status = reportingErrors(toolName: toolName(of: path)) {
      try requireUTF8Arguments()
      var tool = try Tool(name: toolName(of: path), adding: algorithms, executablePath: path)
      tool.workerExecutable = Bundle.main.executablePath
      // A tool's own process, not a test's: work that runs past its deadline, or crashes, ends
      // the command with an error that says what it was (a worker dies by the signal instead,
      // for its parent to see).
      ExampleGuard.overrunAction = .exit(ExitStatus.failure)
      ExampleGuard.crashAction = .exit(ExitStatus.failure)
      // Code under test that calls exit() ends the command with an error, not silently.
      snapbench_command_begin { ExampleGuard.recordExit() }
      try dispatch(Array(CommandLine.arguments.dropFirst()), tool: tool)
    }
    snapbench_command_end()
    exit(status)
  }

  /// Whether the command `arguments` name may run an algorithm in this process: `run` (also
  /// the default), `trace`, `curve`, `report`, and `verify` without workers; not `list`,
  /// `completion` or help.
  static func runsAlgorithmsHere(_ arguments: [String]) -> Bool {
    switch arguments.first {
    case "list", "completion", "help", "-h", "--help", "--version", Workers.command: return false
    case "verify": return ProcessInfo.processInfo.environment[Workers.environmentSwitch] == "0"
    default: return true
    }
  }

  /// Starts the stop watcher (`ExampleGuard.guardAgainstStops`), once, unless this is a worker
  /// (its parent watches it) or `SNAPLAB_STOP_GUARD=0`.
  static func watchForStops() {
    let environment = ProcessInfo.processInfo.environment
    guard environment[WorkerOutput.channelVariable] == nil, environment["SNAPLAB_STOP_GUARD"] != "0"
    else { return }
    ExampleGuard.guardAgainstStops()
  }

  /// Runs the command line with algorithms of one type added, each timed with code compiled
  /// for that type, as the built-in algorithms are.
  ///
  /// Each is registered at the caller's line, where GitHub Actions annotations of its failures
  /// point.
  @inlinable
  public static func main<Algorithm: SnapAlgorithm>(
    adding algorithms: [Algorithm], filePath: String = #filePath, line: Int = #line
  ) -> Never {
    main(adding: algorithms.map { RegisteredAlgorithm($0, filePath: filePath, line: line) })
  }

  /// Runs the command line with algorithms of several types added.
  ///
  /// Their benchmarks are compiled without knowing each type, and so run slower than the
  /// built-ins' (about a fifth, for a whole gesture); `run` says so under its table. Wrap each
  /// in `RegisteredAlgorithm(_:)` to time them on equal terms. (`main(adding: [])`, before any
  /// algorithm is written, is the other overload's: the two would be ambiguous.)
  @_disfavoredOverload
  public static func main(
    adding algorithms: [any SnapAlgorithm], filePath: String = #filePath, line: Int = #line
  ) -> Never {
    let site = SourceLine(filePath: filePath, line: line)
    main(adding: algorithms.map { RegisteredAlgorithm(opening: $0, registeredAt: site) })
  }

  /// Runs one command line (without the program name) and returns its exit status instead of
  /// exiting; output goes to standard output and standard error as usual, and a write to
  /// standard output that fails is reported and returns 1 (141, quietly, for EPIPE when the
  /// host ignores SIGPIPE).
  ///
  /// `toolName` is what help, usage lines and replay commands call the executable.
  public static func run(
    _ arguments: [String], adding algorithms: [RegisteredAlgorithm] = [],
    toolName: String = "snap-bench"
  ) -> Int32 {
    reportingErrors(toolName: toolName) {
      let tool = try Tool(name: toolName, adding: algorithms)
      try dispatch(arguments, tool: tool)
    }
  }

  /// Refuses a command line with an argument that is not valid UTF-8, before anything is read
  /// or written.
  ///
  /// `CommandLine.arguments` decodes such bytes with replacement characters, so a path like
  /// `$'out\xff.txt'` would name another file (`out�.txt`): written under the wrong name, or
  /// an input not found under a name the user never typed. The raw bytes are checked instead,
  /// and the error quotes them with the bad bytes escaped (`'out\xFF.txt'`).
  static func requireUTF8Arguments() throws(UsageError) {
    let count = Int(CommandLine.argc)
    guard count > 1 else { return }
    for index in 1..<count {
      guard let argument = CommandLine.unsafeArgv[index],
        String(validatingCString: argument) == nil
      else { continue }
      let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument))
        .map { UInt8(bitPattern: $0) }
      // The usage of the subcommand the line names, when it names one before the bad argument.
      let first = index > 1 ? CommandLine.unsafeArgv[1].flatMap { String(validatingCString: $0) } : nil
      let usage = commands.first { $0.name == first }?.spec ?? spec
      throw UsageError(
        "The argument \(quoted(escaped(bytes))) is not valid UTF-8; arguments, paths among them, "
          + "must be UTF-8 (this one would be read as another name)",
        usage: usage)
    }
  }

  /// The name an executable is invoked by: the last component of its path.
  static func toolName(of path: String?) -> String {
    guard let path, !path.isEmpty else { return "snap-bench" }
    let name = URL(fileURLWithPath: path).lastPathComponent
    return name.isEmpty ? "snap-bench" : name
  }

  /// The registry of subcommands, in the order help lists them: a command is dispatched to,
  /// listed in help and completed by the shells once it is here.
  static let commands: [any Subcommand.Type] = [
    RunCommand.self,
    ListCommand.self,
    TraceCommand.self,
    CurveCommand.self,
    VerifyCommand.self,
    ReportCommand.self,
    CompletionCommand.self,
  ]

  /// Every subcommand's spec, in the order help lists them.
  static let subcommandSpecs: [CommandSpec] = commands.map { $0.spec }

  static let subcommands: [(name: String, abstract: HelpText)] = commands.map {
    ($0.name, $0.spec.abstract)
  }

  static let spec = CommandSpec(
    abstract: "Drive, check and time the snapping algorithms of floating buttons.",
    discussion: """
      With no subcommand, or options only, \(.tool) runs the timing harness: \
      `\(.tool) --iterations 1e6` is `\(.tool) run --iterations 1e6`. \
      `\(.tool) --version` prints the version of SnapLab it is built on.
      """,
    arguments: [], options: RunCommand.spec.options + [version], subcommands: subcommands)

  /// `--version`, understood only as the first argument.
  static let version = OptionSpec(flag: "--version", help: "Print the version and exit.")

  /// Picks the subcommand and hands it the rest of the arguments.
  static func dispatch(_ arguments: [String], tool: Tool) throws {
    guard let first = arguments.first else {
      try RunCommand.run([], tool: tool)
      return
    }
    let rest = Array(arguments.dropFirst())
    if let command = commands.first(where: { $0.name == first }) {
      try command.run(rest, tool: tool)
      return
    }
    switch first {
    case Workers.command where rest.isEmpty:
      // A worker: its crash is its parent's finding, seen by the signal that ends it (each
      // also ends when its parent does: `Workers.watchParent`).
      ExampleGuard.crashAction = .chain
      do {
        try Workers.serve(tool: tool)
      } catch {
        // Said to the parent on the worker's channel, as well as on standard error.
        WorkerOutput.fail(error)
        throw error
      }
    case "help" where !rest.isEmpty:
      // `help trace` is `trace --help`; `help help` and the like are the overview.
      let name = rest[0]
      guard subcommands.contains(where: { $0.name == name }) else {
        if name == "help" || name == "-h" || name == "--help" {
          try printOutput(tool.spec(spec).helpText())
          return
        }
        throw unknownSubcommand(name)
      }
      try dispatch([name, "--help"], tool: tool)
    case "-h", "--help", "help":
      try printOutput(tool.spec(spec).helpText())
    case version.name:
      guard rest.isEmpty else {
        throw UsageError("--version takes no other arguments", usage: spec)
      }
      try printOutput(SnapLab.versionLine(toolName: tool.name))
    default:
      if first.hasPrefix("-") {
        // Options without a subcommand belong to `run`, the default.
        try RunCommand.run(arguments, tool: tool)
        return
      }
      throw unknownSubcommand(first)
    }
  }

  static func unknownSubcommand(_ name: String) -> UsageError {
    let names = subcommands.map(\.name)
    var message = "Unknown subcommand \(quoted(name))"
    if let near = nearestCandidate(to: name, among: names) {
      message += ". Did you mean '\(near)'?"
    } else {
      message += "; expected one of \(names.joined(separator: ", "))"
    }
    // The usage line is laid out for snap-bench; the error report names the tool in it.
    return UsageError(message, usage: spec)
  }
}

/// A `snap-bench` subcommand as one registered unit: the word that picks it, its spec (usage,
/// help, the options it takes) and what it does; listed once, in `SnapBench.commands`.
protocol Subcommand: Sendable {
  /// The word that picks it: `verify`.
  static var name: String { get }
  /// Its usage, help and accepted input; named `snap-bench <name>`.
  static var spec: CommandSpec { get }
  /// Runs it on the arguments after its name.
  static func run(_ arguments: [String], tool: Tool) throws
}

/// Parses `arguments` for `spec`; prints help and returns `nil` when help was asked for.
///
/// Usage errors carry `spec`'s usage line; `reportingErrors` names the tool in it.
func parseOrHelp(_ arguments: [String], for spec: CommandSpec, tool: Tool) throws
  -> ParsedArguments?
{
  let parsed = try parseArguments(arguments, for: spec)
  if parsed.helpRequested {
    try printOutput(tool.spec(spec).helpText())
    return nil
  }
  return parsed
}
