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
    #expect(!text.contains(Workers.command))
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
    #expect(completions.bash.contains("complete -F _my_bench -- my-bench"))
    #expect(completions.zsh.contains("compdef _my_bench -- my-bench"))
    #expect(completions.fish.contains("complete -c 'my-bench' -f"))
    // Its algorithm ids are asked of it, not of snap-bench.
    #expect(completions.bash.contains("my-bench list algorithms"))
    #expect(!completions.bash.contains("snap-bench"))
    let help = tool.spec(CompletionCommand.spec).helpText()
      .replacingOccurrences(of: "\n", with: " ")
    #expect(help.contains("`my-bench completion bash`") && !help.contains("snap-bench"), "\(help)")
  }

  /// Bench names as hostile as a file name can be (a bench is named by its executable): quotes,
  /// `$(…)`, backticks, `;`, `|`, `&`, newlines, a leading `-`, globs, non-ASCII — each with a
  /// command that would leave a file named CANARY if it ran.
  static func hostileNames(count: Int, seed: UInt64) -> [String] {
    let pieces = [
      "my", "bench", "-", "'", "\"", "$", "$(touch CANARY)", "`touch CANARY`", ";touch CANARY;",
      "|touch CANARY", "&touch CANARY&", "\ntouch CANARY\n", "\\", " ", "\t", "*", "?", "[", "]",
      "{", "}", "(", ")", "#", "!", "~", "<", ">", "%", "é", "日本", "${IFS}", "\\'", "'\\''", ":",
      "::error::x", "\u{7F}", "\r",
    ]
    var state = seed
    func next(_ bound: Int) -> Int {
      // SplitMix64: a fixed sequence for a fixed seed.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    var names: [String] = ["-dash", "my'bench", "my\"bench", "my$(touch CANARY)bench", "x;touch CANARY"]
    while names.count < count {
      names.append((0..<(1 + next(5))).map { _ in pieces[next(pieces.count)] }.joined())
    }
    return names
  }

  @Test("a bench's name is never code: 1,000 hostile names give scripts every shell reads and sources without running anything",
    .enabled(if: installed("bash") != nil || SnapBenchProcess.requireShells))
  func hostileNames() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("completion-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let names = Self.hostileNames(count: 1000, seed: 49)
    var fish = ""
    for (index, name) in names.enumerated() {
      let completions = Completions(tool: try Tool(name: name, adding: []))
      try Data(completions.bash.utf8).write(to: directory.appendingPathComponent("\(index).bash"))
      try Data(completions.zsh.utf8).write(to: directory.appendingPathComponent("\(index).zsh"))
      fish += completions.fish + "\n"
    }
    try Data(fish.utf8).write(to: directory.appendingPathComponent("all.fish"))
    func inDirectory(_ shell: String, _ script: String) throws -> SnapBenchProcess.Result {
      try SnapBenchProcess.run(executable: shell, ["-c", script], directory: directory.path)
    }
    var shells = 0
    if let bash = Self.installed("bash") {
      shells += 1
      // Each script parses, and sourcing it (which defines the function and runs `complete`)
      // succeeds and runs nothing of its name.
      let parsed = try inDirectory(
        bash, "for f in *.bash; do bash -n \"$f\" || echo \"PARSE $f\"; done; "
          + "for f in *.bash; do (source \"$f\") > /dev/null 2>&1 || echo \"SOURCE $f\"; done")
      #expect(parsed.stdout.isEmpty, "\(parsed.stdout.prefix(2000))")
    }
    if let zsh = Self.installed("zsh") {
      shells += 1
      let parsed = try inDirectory(
        zsh, "for f in *.zsh; do zsh -n $f || echo PARSE $f; done; autoload -U compinit; "
          + "compinit -u -D; for f in *.zsh; do (source ./$f) > /dev/null 2>&1 || echo SOURCE $f; done")
      #expect(parsed.stdout.isEmpty, "\(parsed.stdout.prefix(2000))")
    } else {
      #expect(!SnapBenchProcess.requireShells, "zsh is not installed")
    }
    if let fishShell = Self.installed("fish") {
      shells += 1
      let parsed = try inDirectory(
        fishShell, "fish --no-execute all.fish; or echo PARSE; source all.fish > /dev/null 2>&1; or echo SOURCE")
      #expect(parsed.stdout.isEmpty && parsed.status == 0, "\(parsed.stdout.prefix(2000)) \(parsed.stderr.prefix(2000))")
    } else {
      #expect(!SnapBenchProcess.requireShells, "fish is not installed")
    }
    #expect(shells >= 1)
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("CANARY").path),
      "a name ran as a command")
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
