import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import SnapAlgorithms
import SnapCheck
import SnapVerification
import TestSupport
import Testing

/// Issue 49's small defects, each as the user met it: two documents on one stream, a repeated
/// id, a file in another encoding, a destination that cannot be replaced, a temporary directory
/// left by a reader that went away.
@Suite("One document per stream, and what a user's input meets")
struct OneDocumentTests {
  static let quick = [
    "verify", "--algorithm", "edge-dock.published", "--invariant", "in-safe-area", "--examples", "20",
    "--no-progress", "--fail-on", "never",
  ]

  @Test("--junit - is standard output's only document: the XML alone, or refused beside another format")
  func junitToStandardOutput() throws {
    let alone = try SnapBenchProcess.run(Self.quick + ["--junit", "-"])
    #expect(alone.status == 0, "\(alone.stderr)")
    let root = try XMLDocument(data: Data(alone.stdout.utf8)).rootElement()
    #expect(root?.name == "testsuites", "\(alone.stdout.prefix(200))")
    let same = try SnapBenchProcess.run(Self.quick + ["--junit", "-", "--format", "junit"])
    #expect(same.stdout == alone.stdout, "one XML document, not two")
    for format in ["json", "github", "markdown", "table"] {
      let refused = try SnapBenchProcess.run(Self.quick + ["--junit", "-", "--format", format])
      #expect(refused.status == 64, "\(format): \(refused.stderr)")
      #expect(refused.stdout.isEmpty)
      #expect(refused.stderr.contains("--junit - writes the JUnit XML to standard output"))
    }
  }

  @Test("run --output - prints the results once: one JSON document")
  func runOutputToStandardOutput() throws {
    let ran = try SnapBenchProcess.run([
      "run", "--filter", "^reference/empty$", "--skip", "clamp", "--iterations", "100",
      "--repetitions", "2", "--no-progress", "--format", "json", "--output", "-",
    ])
    #expect(ran.status == 0, "\(ran.stderr)")
    let results = try BenchmarkResultsProbe.decode(ran.stdout)
    #expect(results == 1)
  }

  @Test("a repeated --algorithm is one row, with a note; 20,000 repeats take no longer than one")
  func repeatedIDs() throws {
    let once = try SnapBenchProcess.run(Self.quick)
    let twice = try SnapBenchProcess.run(Self.quick + ["--algorithm", "edge-dock.published"])
    #expect(twice.stdout == once.stdout)
    #expect(twice.stderr.contains("note: --algorithm 'edge-dock.published' was given 2 times"))
    let many = Array(repeating: ["--algorithm", "edge-dock.published"], count: 20_000).flatMap { $0 }
    let started = Date()
    let repeated = try SnapBenchProcess.run(Self.quick + many)
    #expect(repeated.stdout == once.stdout)
    #expect(Date().timeIntervalSince(started) < 30)
    // Two ids of one algorithm ('fluid-dock' names all six modes) are one row each.
    let overlap = try SnapBenchProcess.run([
      "verify", "--algorithm", "fluid-dock", "--algorithm", "fluid-dock.sides", "--invariant",
      "finite", "--examples", "5", "--no-progress", "--format", "json",
    ])
    let report = try VerificationReport(json: Data(overlap.stdout.utf8))
    let ids = report.rows.map { $0.findings[0].algorithm }
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for unit in text.utf16 {
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
  }

  static let encoded: [(String, [UInt8])] = [
    ("UTF-8 with a byte-order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8)),
    ("UTF-16 (little-endian, with a byte-order mark)", [0xFF, 0xFE] + utf16("{}", bigEndian: false)),
    ("UTF-16 (little-endian)", utf16("{\"v\":1}", bigEndian: false)),
    ("UTF-16 (big-endian)", utf16("{\"v\":1}", bigEndian: true)),
  ]

  @Test("a gesture file in UTF-16 or with a byte-order mark is refused naming its encoding", arguments: encoded)
  func encodings(encoding: String, bytes: [UInt8]) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-encoding-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(bytes).write(to: file)
    let traced = try SnapBenchProcess.run(["trace", "edge-dock.published", "--gesture", file.path])
    #expect(traced.status != 0)
    #expect(traced.stderr.contains("the file is \(encoding), not UTF-8 JSON"), "\(traced.stderr)")
  }

  @Test("report --output of the current directory, or one that holds it, is refused before any work")
  func unreplaceableDestination() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-cwd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for path in [".", "..", directory.path, "/"] {
      let started = Date()
      let refused = try SnapBenchProcess.run(
        ["report", "--output", path, "--no-progress"], directory: directory.path)
      #expect(refused.status == 64, "\(path): \(refused.stderr)")
      #expect(
        refused.stderr.contains("cannot be replaced in one step")
          || refused.stderr.contains("it is the root directory"), "\(path): \(refused.stderr)")
      #expect(Date().timeIntervalSince(started) < 10, "refused before the run")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test("verify | head -1 leaves no directory of worker files behind")
  func readerGone() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-tmp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let binary = try #require(SnapBenchProcess.executable)
    let result = try SnapBenchProcess.shell(
      "TMPDIR=\(temporary.path) \(binary.path) verify --algorithm edge-dock.published --no-progress | head -1; "
        + "sleep 0.5")
    #expect(result.stdout.hasPrefix("algorithm"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }
}

/// The number of results in a run's JSON, which must be one document.
enum BenchmarkResultsProbe {
  static func decode(_ text: String) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return ((object as? [String: Any])?["results"] as? [Any])?.count ?? -1
  }
}
