import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

/// Help wraps to the terminal (80 columns when there is none), and the two wide tables have a
/// narrow form a terminal of 80 columns gets; output to a pipe or file is always the full form.
@Suite("Fits the terminal")
struct TerminalTests {
  static let script = "/usr/bin/script"

  /// Runs `command` under a pseudo-terminal `columns` wide, as a user's shell would; standard
  /// error (notes, progress) is left out.
  static func inTerminal(columns: Int, _ command: String, keepingErrors: Bool = false) throws -> String {
    let tool = try #require(SnapBenchProcess.executable).path
    let errors = keepingErrors ? "" : " 2>/dev/null"
    let result = try SnapBenchProcess.run(
      executable: script, ["-qec", "stty cols \(columns) rows 50; \(tool) \(command)\(errors)", "/dev/null"])
    // The terminal turns each newline into CR LF; progress bars redraw with CR.
    return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
  }

  static func widest(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0
  }

  @Test("--version prints SnapLab's version, which --help mentions; a bench of your own names both")
  func version() throws {
    let result = try SnapBenchProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "snap-bench \(SnapLab.version)\n")
    // Three numbers, as a release is tagged.
    #expect(SnapLab.version.split(separator: ".").count == 3)
    #expect(SnapLab.version.split(separator: ".").allSatisfy { Int($0) != nil })
    #expect(SnapLab.versionLine(toolName: "my-bench") == "my-bench (SnapLab \(SnapLab.version))")
    let help = try SnapBenchProcess.run(["--help"])
    #expect(help.stdout.contains("--version"))
    let extra = try SnapBenchProcess.run(["--version", "--iterations", "1"])
    #expect(extra.status == 64)
  }

  @Test("'help <subcommand>' prints that subcommand's help; an unknown one is a usage error")
  func helpSubcommand() throws {
    for name in ["run", "list", "trace", "curve", "verify", "report"] {
      let help = try SnapBenchProcess.run(["help", name])
      let direct = try SnapBenchProcess.run([name, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout == direct.stdout, "\(name)")
      #expect(help.stdout.contains("USAGE: snap-bench \(name)"), "\(name)")
    }
    let unknown = try SnapBenchProcess.run(["help", "trcae"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Unknown subcommand 'trcae'. Did you mean 'trace'?"))
    #expect(try SnapBenchProcess.run(["help"]).stdout.contains("SUBCOMMANDS:"))
  }

  @Test("help piped is 80 columns wide at most, and uses them")
  func helpNotATerminal() throws {
    for name in ["run", "trace", "verify", "report"] {
      let text = try SnapBenchProcess.run([name, "--help"]).stdout
      #expect(Self.widest(text) <= 80, "\(name)")
      #expect(Self.widest(text) > 70, "\(name)")
    }
  }

  @Test("help on a terminal wraps to its width", .enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func helpInTerminal() throws {
    for columns in [50, 120] {
      let text = try Self.inTerminal(columns: columns, "help trace")
      #expect(text.contains("USAGE: snap-bench trace"))
      #expect(Self.widest(text) <= columns, "\(columns)")
      #expect(Self.widest(text) > columns - 12, "\(columns)")
    }
  }

  @Test("the verify matrix has short heads and a key on a narrow terminal, full names when piped or --wide",
    .enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func verifyMatrix() throws {
    let arguments = "verify --algorithm forced-boundary-end.corrected --algorithm edge-dock.published --examples 3"
    let narrow = try Self.inTerminal(columns: 80, arguments)
    #expect(Self.widest(narrow) <= 80, "the matrix, its key and the summary below it")
    let table = narrow.components(separatedBy: "\n\nforced-boundary-end")[0]
      .components(separatedBy: "\n\nedge-dock")[0]
    #expect(table.contains("isa"))
    #expect(table.contains("Key: os on-screen, isa in-safe-area"))
    let wide = try Self.inTerminal(columns: 80, arguments + " --wide")
    #expect(wide.contains("in-safe-area  docked"))
    // Piped (a file, a CI log): full names with --wide; short heads past 120 columns without.
    let piped = try SnapBenchProcess.run((arguments + " --wide").split(separator: " ").map(String.init))
    #expect(piped.stdout.hasPrefix("algorithm  "))
    #expect(piped.stdout.contains("  on-screen  in-safe-area  docked"))
    #expect(piped.stdout.contains("\nforced-boundary-end.corrected with spring(damping:1,response:0.4)  "))
    #expect(!piped.stdout.contains("Key:"))
    let file = try SnapBenchProcess.run(arguments.split(separator: " ").map(String.init))
    #expect(file.stdout.contains("Key: os on-screen"))
    #expect(Self.widest(file.stdout) <= 120)
  }

  @Test("the narrow matrix of every built-in algorithm fits 80 columns")
  func everyAlgorithmFits() throws {
    let algorithms = AlgorithmCatalogue.all
    // Each with its own motion and, as the default matrix has them, the two springs.
    let findings = algorithms.flatMap { algorithm in
      ([nil] + VerifyCommand.springs).flatMap { motion in
        Invariant.checked.map {
          Finding(
            algorithm: algorithm.id, motion: (motion ?? algorithm.releaseMotion)?.description,
            invariant: $0, status: .holds, examplesRun: 1, motionReplaced: motion != nil)
        }
      }
    }
    let wide = VerifyCommand.matrix(VerificationReport.rows(of: findings), invariants: Invariant.checked, markdown: false)
    #expect(Self.widest(wide) > 80)
    let narrow = VerifyCommand.narrowMatrix(VerificationReport.rows(of: findings), invariants: Invariant.checked, width: 80)
    #expect(Self.widest(narrow) <= 80)
    #expect(narrow.contains("forced-boundary-end.corrected +m2"))
    #expect(narrow.contains("+m1 with spring(damping:0.5,response:0.4)"))
    #expect(Set(VerifyCommand.shortHeads(Invariant.checked)).count == Invariant.checked.count)
  }

  @Test(
    "the narrow matrix fits 80 columns with ids of your own however long: a long one gets a line",
    arguments: [20, 46, 60, 120])
  func longIDsFit(length: Int) throws {
    let long = "my-app." + String(repeating: "x", count: length - 7)
    // The default rows (fluid-dock's sides with slots too), then the long id with two motions.
    let rows: [(id: String, motion: String?)] =
      AlgorithmCatalogue.ids.map { ($0, nil) } + [(VerifyCommand.slotted, nil)]
      + [(long, nil)] + VerifyCommand.springs.map { (long, $0.map(\.description)) }
    let findings = rows.flatMap { row in
      Invariant.checked.map {
        Finding(
          algorithm: row.id, motion: row.motion, invariant: $0,
          status: $0 == .inSafeArea ? .violated : .holds, motionReplaced: row.motion != nil)
      }
    }
    let narrow = VerifyCommand.narrowMatrix(VerificationReport.rows(of: findings), invariants: Invariant.checked, width: 80)
    // Characters, as a terminal counts ✓, ✗, ~ and — : one column each.
    for line in narrow.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count): \(line)")
    }
    let lines = narrow.split(separator: "\n").map(String.init)
    // Every row keeps its id, whole, and one cell per invariant under the heads.
    let cellLines = lines.filter { $0.contains("✗") }
    #expect(cellLines.count == rows.count)
    #expect(cellLines.allSatisfy { $0.filter { $0 == "✓" }.count == Invariant.checked.count - 1 })
    // Whole, or cut at the width when longer than a line.
    #expect(lines.contains { $0.hasPrefix(long.prefix(80)) })
    #expect(narrow.replacingOccurrences(of: "\n", with: "").contains("\(long) +m2"))
    let header = try #require(lines.first)
    let head = try #require(header.range(of: " isa ")).lowerBound
    let offset = header.distance(from: header.startIndex, to: head) + 1
    // The ✗ of in-safe-area stands under its head on every row.
    for line in cellLines {
      #expect(Array(line)[offset] == "✗", "\(line)")
    }
  }

  @Test("trace prints a frame table on a terminal, 80 columns at most; JSON piped or with --format json",
    .enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func traceTable() throws {
    let arguments = "trace edge-dock.corrected --flick=1200,-300"
    let table = try Self.inTerminal(columns: 80, arguments)
    #expect(Self.widest(table) <= 80, "\(table)")
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("edge-dock.corrected on iPhone 15 (393×852 pt, 60 Hz)") == true)
    let header = try #require(lines.first { $0.contains("phase") })
    for column in ["t (s)", "phase", "x (pt)", "y (pt)", "w×h (pt)", "speed (pt/s)"] {
      #expect(header.contains(column), "\(column)")
    }
    // One line a frame, as many as the JSON has, in the phases it goes through.
    let piped = try SnapBenchProcess.run(arguments.split(separator: " ").map(String.init))
    struct Trace: Decodable { var frames: [[String: JSONNumberOrText]] }
    let frames = try JSONDecoder().decode(Trace.self, from: Data(piped.stdout.utf8)).frames
    let rows = lines.filter { $0.split(separator: " ").first.flatMap { Double($0) } != nil }
    #expect(rows.count == frames.count)
    #expect(rows.first?.contains("166.5") == true && rows.last?.contains("rest") == true)
    #expect(table.contains("Released at t = 0.050 s"))
    #expect(table.contains("At rest: origin (333, 391), 60×60 pt."))
    // Asked for, either form anywhere.
    let json = try Self.inTerminal(columns: 80, arguments + " --format json")
    #expect(json.hasPrefix("{"))
    let asked = try SnapBenchProcess.run(arguments.split(separator: " ").map(String.init) + ["--format", "table"])
    #expect(asked.status == 0 && asked.stdout.hasPrefix("edge-dock.corrected on iPhone 15"))
  }

  @Test("the run table has a narrow form on an 80-column terminal, the full one piped or --wide",
    .enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func runTable() throws {
    let arguments = "run --iterations 1e3 --repetitions 3 --warmup 0 --filter '^(forced-boundary-end|edge-dock)[.]corrected/drag-step$' --no-progress"
    let narrow = try Self.inTerminal(columns: 80, arguments)
    #expect(Self.widest(narrow) <= 80, "\(narrow)")
    #expect(narrow.contains("forced-boundary-end.corrected/drag-step"))
    #expect(narrow.contains("ratio: to the group's reference"))
    let wide = try Self.inTerminal(columns: 80, arguments + " --wide")
    #expect(wide.contains("of 60/120 Hz frame"))
    #expect(Self.widest(wide) > 80)
  }

  @Test("verify and report draw a progress bar on a terminal's standard error, not with --no-progress or piped",
    .enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func progress() throws {
    let verify = "verify --algorithm edge-dock.published --algorithm per-axis-clamp.published --invariant docked --invariant finite --examples 3"
    let shown = try Self.inTerminal(columns: 100, verify, keepingErrors: true)
    // It moves as each algorithm's cells are done, whichever thread finishes first.
    #expect(shown.contains("] 0/4 cells"))
    #expect(shown.contains("] 2/4 cells"))
    #expect(shown.contains("] 4/4 cells"))
    // Wiped before the matrix is printed.
    #expect(shown.contains("\r\u{1B}[Kalgorithm"))
    let quiet = try Self.inTerminal(columns: 100, verify + " --no-progress", keepingErrors: true)
    #expect(!quiet.contains("cells"))
    let piped = try SnapBenchProcess.run(verify.split(separator: " ").map(String.init))
    #expect(!piped.stderr.contains("cells"))

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-progress-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The matrix and the cost from small files: the bar is the same, and a report computing
    // both in a debug build took 5 s.
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let verified = try SnapBenchProcess.run(
      ["verify", "--format", "json", "--examples", "1", "--algorithm", "edge-dock.published"])
    try Data(verified.stdout.utf8).write(to: URL(fileURLWithPath: directory + "/v.json"))
    let timed = try SnapBenchProcess.run(
      ["run", "--format", "json", "--filter", "^reference/", "--iterations", "100", "--repetitions", "3", "--no-progress"])
    try Data(timed.stdout.utf8).write(to: URL(fileURLWithPath: directory + "/r.json"))
    let report = try Self.inTerminal(
      columns: 100,
      "report --verify \(directory)/v.json --results \(directory)/r.json --output \(directory)/page",
      keepingErrors: true)
    #expect(report.contains("steps trajectories"))
    #expect(report.contains("steps cost"))
    #expect(report.contains("Wrote \(directory)/page/index.html"))
  }
}

/// A JSON value that is a number or a string, for reading a trace's frames loosely.
enum JSONNumberOrText: Decodable {
  case number(Double)
  case text(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else {
      self = .text(try container.decode(String.self))
    }
  }
}
