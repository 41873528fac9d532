import Foundation
import TestSupport
import Testing

@testable import SnapBench

/// `snap-bench completion bash|zsh|fish`: scripts written from the specs, which the shells read.
@Suite("Shell completion")
struct CompletionTests {
  /// The path of `shell` when it is installed; the tests of its syntax skip otherwise.
  static func installed(_ shell: String) -> String? {
    ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + shell }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static func script(_ shell: String) throws -> String {
    let result = try SnapBenchProcess.run(["completion", shell])
    try #require(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// Every subcommand and every option of every spec: what a script must complete.
  static var everything: (commands: [String], options: [String]) {
    let options = (SnapBench.subcommandSpecs + [SnapBench.spec]).flatMap { $0.options.map(\.name) }
    return (SnapBench.subcommands.map(\.name), Array(Set(options)).sorted())
  }

  @Test("each script names every subcommand and every option", arguments: CompletionCommand.shells)
  func complete(shell: String) throws {
    let text = try Self.script(shell)
    let (commands, options) = Self.everything
    #expect(commands.contains("completion"))
    #expect(options.contains("--fail-on") && options.contains("--version"))
    for command in commands {
      let spelled = shell == "zsh" ? "'\(command):" : shell == "fish" ? "-a \(command) " : "\"\(command)\")"
      #expect(text.contains(spelled), "\(shell): \(command)")
    }
    for option in options {
      let spelled =
        shell == "zsh" ? "\(option)[" : shell == "fish" ? "-l \(option.dropFirst(2))" : option
      #expect(text.contains(spelled), "\(shell): \(option)")
    }
    // The worker commands are the tool's own business.
    #expect(!text.contains(Workers.verifyRowCommand))
  }

  /// Runs `script` with `shell` and `arguments`.
  static func check(_ shell: String, _ arguments: [String]) throws -> SnapBenchProcess.Result {
    try SnapBenchProcess.run(executable: shell, arguments)
  }

  static func write(_ text: String, _ name: String) throws -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("completion-\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: file)
    return file
  }

  @Test("bash reads its script, and it completes subcommands, options and algorithm ids",
    .enabled(if: installed("bash") != nil))
  func bash() throws {
    let bash = try #require(Self.installed("bash"))
    let file = try Self.write(try Self.script("bash"), "snap-bench.bash")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try Self.check(bash, ["-n", file.path]).status == 0)
    let tool = try #require(SnapBenchProcess.executable).deletingLastPathComponent().path
    let completed = try SnapBenchProcess.run(
      executable: bash,
      [
        "-c",
        """
        PATH=\(shellQuoted(tool)):$PATH
        source \(shellQuoted(file.path))
        show() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _snap_bench; echo "${COMPREPLY[*]}"; }
        show snap-bench ver
        show snap-bench verify --fail
        show snap-bench trace edge-dock.cor
        show snap-bench list dev
        show snap-bench --iterations 3 --ver
        """,
      ])
    #expect(
      completed.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(5)
        == ["verify", "--fail-on", "edge-dock.corrected", "devices", "--version"],
      "\(completed.stdout)\(completed.stderr)")
  }

  @Test("zsh reads its script", .enabled(if: installed("zsh") != nil))
  func zsh() throws {
    let file = try Self.write(try Self.script("zsh"), "_snap_bench")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Self.check(try #require(Self.installed("zsh")), ["-n", file.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("fish reads its script", .enabled(if: installed("fish") != nil))
  func fish() throws {
    let file = try Self.write(try Self.script("fish"), "snap-bench.fish")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Self.check(try #require(Self.installed("fish")), ["--no-execute", file.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("a bench of your own completes under its own name, and its help says so")
  func ownBench() throws {
    let tool = try Tool(name: "my-bench", adding: [RegisteredAlgorithm(CatalogueTests.PlainDock())])
    let completions = Completions(tool: tool)
    #expect(completions.bash.contains("complete -F _my_bench my-bench"))
    #expect(completions.zsh.contains("compdef _my_bench my-bench"))
    #expect(completions.fish.contains("complete -c 'my-bench' -f"))
    // Its algorithm ids are asked of it, not of snap-bench.
    #expect(completions.bash.contains("my-bench list algorithms"))
    #expect(!completions.bash.contains("snap-bench"))
    let help = tool.spec(CompletionCommand.spec).helpText()
      .replacingOccurrences(of: "\n", with: " ")
    #expect(help.contains("`my-bench completion bash`") && !help.contains("snap-bench"), "\(help)")
  }

  @Test("a shell it does not know is a usage error that suggests the nearest")
  func unknownShell() throws {
    let result = try SnapBenchProcess.run(["completion", "zhs"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Did you mean 'zsh'?"), "\(result.stderr)")
    let missing = try SnapBenchProcess.run(["completion"])
    #expect(missing.status == 64)
  }
}

/// `text` in single quotes for bash.
private func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
