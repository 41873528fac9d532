import Foundation
import TestSupport
import Testing

@testable import SnapBench

/// A subcommand is one registered unit: a type of its own (`Subcommand`: its name, spec and
/// run) listed once in `SnapBench.commands`. These tests fail when one is half registered:
/// declared but not listed (it could not be run, and help and completion would not know it),
/// listed twice, or named differently in its spec.
@Suite("The command registry")
struct CommandRegistryTests {
  /// The types declared `enum <Name>: Subcommand` in `Sources/SnapBench/Commands/`.
  static func declaredCommands() throws -> [String] {
    let directory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/SnapBench/Commands")
    var names: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("enum ") {
        guard line.contains(": Subcommand {") else { continue }
        names.append(String(line.dropFirst("enum ".count).prefix { $0 != ":" }))
      }
    }
    return names
  }

  @Test("every Subcommand declared is registered in SnapBench.commands, once, under its spec's name")
  func everyDeclaredCommandIsRegistered() throws {
    let declared = try Self.declaredCommands()
    let registered = SnapBench.commands.map { String(describing: $0) }
    let names = SnapBench.commands.map { $0.name }
    let specNames = SnapBench.commands.map { $0.spec.name }
    #expect(declared.count == 7, "the scan found \(declared)")
    #expect(Set(declared).subtracting(registered).isEmpty, "declared, not in SnapBench.commands")
    #expect(registered.count == Set(registered).count, "listed twice")
    #expect(Set(names).count == registered.count, "two with one name")
    #expect(specNames == names.map { "snap-bench \($0)" })
  }

  @Test("help lists every registered command, and each one's --help is reached by its name")
  func everyCommandIsReachable() throws {
    let help = try SnapBenchProcess.run(["--help"])
    #expect(help.status == 0)
    for name in SnapBench.commands.map({ $0.name }) {
      #expect(help.stdout.contains("  \(name) "), "help does not list \(name)")
      let own = try SnapBenchProcess.run([name, "--help"])
      #expect(own.status == 0, "\(name) --help: \(own.stderr)")
      #expect(own.stdout.contains("snap-bench \(name)"), "\(name) --help")
    }
  }
}
