import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `verify` in CI: the exit status `--fail-on` asks for, JUnit XML a reader parses, GitHub
/// Actions annotations.
@Suite("verify in CI")
struct VerifyCITests {
  /// edge-dock.published's in-safe-area, a hazard; its tracks-finger, polish only.
  static let hazard = [
    "verify", "--algorithm", "edge-dock.published", "--invariant", "in-safe-area",
    "--examples", "20", "--no-progress",
  ]
  static let polish = [
    "verify", "--algorithm", "forced-boundary-end.published", "--invariant", "tracks-finger",
    "--examples", "20", "--no-progress",
  ]

  /// Runs snap-bench as outside GitHub Actions (`GITHUB_ACTIONS=false`), or inside it.
  static func run(_ arguments: [String], actions: Bool = false) throws -> SnapBenchProcess.Result {
    try SnapBenchProcess.run(arguments, environment: ["GITHUB_ACTIONS": actions ? "true" : "false"])
  }

  @Test("a hazard fails the run by default, with one line on stderr; never prints the same and exits 0")
  func failOnHazard() throws {
    let failed = try Self.run(Self.hazard)
    #expect(failed.status == 1)
    #expect(
      failed.stderr == "Error: verify found 1 violated invariant (edge-dock.published "
        + "in-safe-area); '--fail-on never' exits 0 on findings\n")
    #expect(failed.stdout.contains("\nedge-dock.published: "), "\(failed.stdout)")
    #expect(failed.stdout.contains(" to fix, the commonest first\n  1. "))
    #expect(failed.stdout.contains("breaks in-safe-area"))
    let named = try Self.run(Self.hazard + ["--fail-on", "hazard"])
    let passed = try Self.run(Self.hazard + ["--fail-on=never"])
    #expect(named.status == 1 && passed.status == 0)
    #expect(passed.stderr.isEmpty)
    // The output does not depend on the verdict.
    #expect(passed.stdout == failed.stdout && named.stdout == failed.stdout)
    let json = try Self.run(Self.hazard + ["--format", "json"])
    #expect(json.status == 1 && json.stdout.hasPrefix("{"))
  }

  @Test("polish fails nothing unless --fail-on any or --strict counts it")
  func failOnPolish() throws {
    let lenient = try Self.run(Self.polish)
    try #require(
      lenient.stdout.contains("forced-boundary-end.published: polish only, which fails nothing"),
      "\(lenient.stdout)")
    #expect(lenient.stdout.contains("tracks-finger\n"))
    #expect(lenient.status == 0, "\(lenient.stderr)")
    let any = try Self.run(Self.polish + ["--fail-on", "any"])
    #expect(any.status == 1)
    #expect(any.stderr.contains("1 invariant with polish (forced-boundary-end.published tracks-finger)"))
    #expect(any.stdout == lenient.stdout)
    let strict = try Self.run(Self.polish + ["--strict"])
    #expect(strict.status == 1 && strict.stderr.contains("1 violated invariant"))
    let corrected = try Self.run([
      "verify", "--algorithm", "edge-dock.corrected", "--examples", "20", "--fail-on", "any",
      "--no-progress",
    ])
    #expect(corrected.status == 0, "\(corrected.stderr)")
  }

  @Test("an unknown --fail-on is a usage error that suggests the nearest")
  func failOnUsage() throws {
    let result = try Self.run(["verify", "--fail-on", "hazards"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--fail-on <severity>'"))
    #expect(result.stderr.contains("Did you mean 'hazard'?"))
    #expect(result.stderr.contains("Usage: snap-bench verify"))
  }

  @Test("--format junit parses: a suite per row, a case per invariant, hazards as failures")
  func junitParses() throws {
    let result = try Self.run([
      "verify", "--algorithm", "edge-dock.published", "--algorithm", "edge-dock.corrected",
      "--invariant", "in-safe-area", "--invariant", "velocity-continuous", "--examples", "20",
      "--format", "junit", "--no-progress",
    ])
    #expect(result.status == 1)
    let document = try XMLDocument(data: Data(result.stdout.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let suites = root.elements(forName: "testsuite")
    // edge-dock.corrected is verified with two springs beside its own motion.
    #expect(
      suites.compactMap { $0.attribute(forName: "name")?.stringValue } == [
        "edge-dock.published", "edge-dock.corrected",
        "edge-dock.corrected with spring(damping:0.5,response:0.4)",
        "edge-dock.corrected with spring(damping:1,response:0.4)",
      ])
    #expect(suites.allSatisfy { $0.elements(forName: "testcase").count == 2 })
    let published = try #require(suites.first)
    let failures = published.elements(forName: "testcase").flatMap { $0.elements(forName: "failure") }
    #expect(failures.count == 1)
    #expect(published.attribute(forName: "failures")?.stringValue == "1")
    #expect(failures.first?.attribute(forName: "type")?.stringValue == "hazard")
    #expect(failures.first?.stringValue?.contains("replay: snap-bench trace edge-dock.published") == true)
    // velocity-continuous does not apply to a motion that cannot take a velocity.
    #expect(published.attribute(forName: "skipped")?.stringValue == "1")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    for suite in suites.dropFirst() {
      #expect(
        suite.elements(forName: "testcase").allSatisfy {
          $0.elements(forName: "failure").isEmpty && $0.elements(forName: "error").isEmpty
        })
    }
  }

  @Test("--junit writes the file too; the table stays on stdout")
  func junitFile() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("verify-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Self.run(Self.hazard + ["--junit", file.path])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("algorithm"))
    let document = try XMLDocument(contentsOf: file)
    #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
    let bad = try Self.run(Self.hazard + ["--junit", "/no/such/directory/v.xml"])
    #expect(bad.status == 64 && bad.stderr.contains("'--junit <file>'"), "\(bad.stderr)")
  }

  @Test("a crash is an error in every case of its row; a row that does not repeat, a failing case")
  func junitCrashes() throws {
    let crashed = Invariant.checked.prefix(2).map {
      Finding(
        algorithm: "my.dock", motion: nil, invariant: $0, status: .crashes,
        violation: "Fatal error: Index out of range", replayTool: "my-bench")
    }
    var unrepeatable = Finding(algorithm: "my.dice", motion: nil, invariant: .onScreen, status: .holds)
    unrepeatable.nondeterminism = "two runs of one scenario <differ> & rest apart"
    let text = VerifyCommand.junit(
      VerificationReport.rows(of: crashed + [unrepeatable]), policy: .hazard, seed: 1, examples: 10, tool: "my-bench")
    let root = try #require(try XMLDocument(data: Data(text.utf8)).rootElement())
    #expect(root.attribute(forName: "errors")?.stringValue == "2")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    let suites = root.elements(forName: "testsuite")
    let errors = suites[0].elements(forName: "testcase").flatMap { $0.elements(forName: "error") }
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0.attribute(forName: "type")?.stringValue == "crashes" })
    #expect(errors.first?.stringValue?.contains("replay: my-bench verify --algorithm my.dock") == true)
    let deterministic = suites[1].elements(forName: "testcase").last
    #expect(deterministic?.attribute(forName: "name")?.stringValue == "deterministic")
    #expect(
      deterministic?.elements(forName: "failure").first?.stringValue?.contains("<differ> & rest") == true)
  }

  @Test("text with markup, quotes and controls XML 1.0 forbids reads back, controls spelled out")
  func xmlEscaping() throws {
    let hostile = "a<b>&c \"d\" 'e'\ttab\nline\r\u{0}\u{1B}[31m\u{7}\u{FFFE}é ✗"
    let text = "<r a=\(xmlAttribute(hostile))>\(xmlText(hostile))</r>"
    let root = try #require(try XMLDocument(data: Data(text.utf8)).rootElement())
    let expected = "a<b>&c \"d\" 'e'\ttab\nline\r\\u{0}\\u{1B}[31m\\u{7}\\u{FFFE}é ✗"
    #expect(root.attribute(forName: "a")?.stringValue == expected)
    // A reader may turn a carriage return in text into a line feed; nothing else changes.
    #expect(root.stringValue?.replacingOccurrences(of: "\r", with: "\n")
      == expected.replacingOccurrences(of: "\r", with: "\n"))
  }

  @Test("GitHub annotations escape their data and properties as GitHub reads them")
  func annotationEscaping() {
    #expect(annotationData("50% off\r\nnext: a, b") == "50%25 off%0D%0Anext: a, b")
    #expect(annotationProperty("50% off\nnext: a, b") == "50%25 off%0Anext%3A a%2C b")
  }

  @Test("an annotation points at the line that registered the algorithm, relative to the workspace")
  func annotationLocation() throws {
    let line = #line + 1
    let registered = RegisteredAlgorithm(CatalogueTests.PlainDock())
    let tool = try Tool(name: "my-bench", adding: [registered])
    let findings = VerifyCommand.verifyOpened(
      CatalogueTests.PlainDock(), invariants: [.inSafeArea, .docked], examples: 50, seed: 1,
      tool: tool)
    try #require(findings.contains { $0.status == .violated })
    let here = URL(fileURLWithPath: #filePath)
    let workspace = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let lines = VerifyCommand.githubAnnotations(
      VerificationReport.rows(of: findings), policy: .hazard, tool: tool, workspace: workspace)
    #expect(!lines.isEmpty)
    for annotation in lines {
      #expect(
        annotation.hasPrefix(
          "::error file=Tests/SnapBenchTests/VerifyCITests.swift,line=\(line),title=test.plain-dock breaks "),
        "\(annotation)")
      #expect(!annotation.contains("\n"))
    }
    // Let pass, they are warnings; a built-in, registered by SnapLab, has no file.
    let warned = VerifyCommand.githubAnnotations(
      VerificationReport.rows(of: findings), policy: .never, tool: tool, workspace: workspace)
    #expect(warned.allSatisfy { $0.hasPrefix("::warning file=") })
    var builtIn = findings
    for index in builtIn.indices { builtIn[index].algorithm = "edge-dock.published" }
    #expect(
      VerifyCommand.githubAnnotations(
        VerificationReport.rows(of: builtIn), policy: .hazard, tool: tool
      ).allSatisfy {
        $0.hasPrefix("::error title=edge-dock.published breaks ")
      })
  }

  @Test("under GitHub Actions the annotations go to stderr; --format github prints them alone")
  func githubActions() throws {
    let actions = try Self.run(Self.hazard, actions: true)
    #expect(actions.status == 1)
    let said = actions.stderr.split(separator: "\n")
    #expect(said.count == 2, "\(actions.stderr)")
    #expect(said.first?.hasPrefix("::error title=edge-dock.published breaks in-safe-area::hazard") == true)
    #expect(said.last?.hasPrefix("Error: verify found") == true)
    let github = try Self.run(Self.hazard + ["--format", "github"])
    #expect(github.status == 1)
    #expect(github.stdout.split(separator: "\n").map(String.init) == [String(said[0])])
  }
}
