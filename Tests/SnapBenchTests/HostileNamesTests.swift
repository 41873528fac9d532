import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every name a user chooses (the bench's name, a crash message, the file an algorithm is
/// registered in) pushed through every output verify writes, each output read back by its own
/// grammar: GitHub workflow commands, JUnit XML (Foundation's XML parser), the terminal, and
/// the HTML of the report. Completion scripts are `CompletionTests.hostileNames`'s.
@Suite("Hostile names in every output")
struct HostileNamesTests {
  /// 1,000 names: the completion tests' (quotes, `$(…)`, `;`, newlines, a leading `-`, …), each
  /// with one of the pieces that breaks XML, HTML or a workflow command.
  static let names: [String] = {
    let pieces = [
      "<b>&amp;", "]]>", "\u{0}", "\u{1B}[2J", "%0A::error::y", ",:%", "\u{202E}", "\u{FFFE}",
      "\"'", "\n::warning file=PWNED.swift::x", "\r\n::error::z", "\u{85}\u{2028}", "&#0;",
    ]
    return CompletionTests.hostileNames(count: 1000, seed: 4949).enumerated().map {
      $0.element + pieces[$0.offset % pieces.count]
    }
  }()

  static let scenario = Scenario(
    device: DeviceProfile.named("iPhone 15")!, itemSize: CGSize(width: 60, height: 60),
    gesture: TouchGesture(
      start: CGPoint(x: 100, y: 100),
      events: [
        TouchEvent(time: 0, phase: .began, location: CGPoint(x: 100, y: 100)),
        TouchEvent(time: 0.1, phase: .ended, location: CGPoint(x: 140, y: 120)),
      ]))

  /// The tool named `name`, with an algorithm registered in a file named after it, and a row of
  /// that algorithm's that crashed with a message that holds the name, and one that broke an
  /// invariant with it.
  static func made(_ name: String) throws -> (tool: Tool, rows: [VerificationReport.Row]) {
    let file = "/workspace/Sources/\(name).swift"
    var algorithm = CatalogueTests.PlainDock()
    algorithm.id = "my.dock"
    let tool = try Tool(
      name: name, adding: [RegisteredAlgorithm(algorithm, filePath: file, line: 7)],
      executablePath: "/workspace/.build/debug/x")
    var crashed = Finding(
      algorithm: "my.dock", motion: nil, invariant: .onScreen, status: .crashes,
      counterexample: scenario, violation: "Fatal error: \(name)", seed: 3, examples: 10,
      shrinkEvaluations: 4, replayTool: tool.replayName)
    crashed.applicable = 10
    var broken = Finding(
      algorithm: "my.dock", motion: nil, invariant: .onScreen, status: .violated,
      counterexample: scenario, violation: "the item left the screen: \(name)", seed: 3,
      examples: 10, replayTool: tool.replayName)
    broken.applicable = 10
    return (tool, [VerificationReport.Row([crashed]), VerificationReport.Row([broken])])
  }

  /// A workflow command read as the runner reads it: `::name props::message`, each property
  /// `key=value` with `%`-escaped values; `nil` for a line that is not one.
  static func workflowCommand(_ line: String) -> (name: String, properties: [String: String], message: String)? {
    guard line.hasPrefix("::") else { return nil }
    let body = line.dropFirst(2)
    guard let end = body.range(of: "::") else { return nil }
    let head = body[..<end.lowerBound]
    let message = String(body[end.upperBound...])
    let name = String(head.prefix { $0 != " " })
    var properties: [String: String] = [:]
    let rest = head.dropFirst(name.count).drop { $0 == " " }
    if !rest.isEmpty {
      for pair in rest.split(separator: ",", omittingEmptySubsequences: false) {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        properties[String(pair[..<equals])] = unescape(String(pair[pair.index(after: equals)...]))
      }
    }
    return (name, properties, unescape(message))
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
      .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
      .replacingOccurrences(of: "%25", with: "%")
  }

  @Test("GitHub annotations: every line is one command of ours, and each name reads back whole")
  func github() throws {
    for name in Self.names {
      let (tool, rows) = try Self.made(name)
      let lines = VerifyCommand.githubAnnotations(
        rows, policy: .hazard, tool: tool, workspace: "/workspace")
      #expect(lines.count == 2, "\(name.debugDescription)")
      for (index, line) in lines.enumerated() {
        // One physical line, read by the runner's grammar.
        #expect(!line.contains("\n") && !line.contains("\r"), "\(name.debugDescription): \(line)")
        let command = try #require(Self.workflowCommand(line), "\(name.debugDescription): \(line)")
        #expect(command.name == "error", "\(name.debugDescription)")
        #expect(Set(command.properties.keys) == ["file", "line", "title"], "\(name.debugDescription): \(line)")
        #expect(command.properties["file"] == "Sources/\(name).swift", "\(name.debugDescription)")
        #expect(command.properties["line"] == "7")
        // The crash's message and replay hold the name (the hazard here has no causes to tell).
        if index == 0 {
          #expect(command.message.contains("Fatal error: \(name)"), "\(name.debugDescription): \(line)")
          #expect(command.message.contains("replay: \(rows[0][0].replayCommand)"))
        }
      }
    }
  }

  @Test("JUnit XML parses with Foundation's XML parser, whatever the names, and keeps each message")
  func junit() throws {
    final class Reader: NSObject, XMLParserDelegate {
      var messages: [String] = []
      var names: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if let message = attributes["message"] { messages.append(message) }
        if element == "testsuites", let name = attributes["name"] { names.append(name) }
      }
    }
    for name in Self.names {
      let (tool, rows) = try Self.made(name)
      let text = VerifyCommand.junit(rows, policy: .hazard, seed: 3, examples: 10, tool: tool.name)
      let parser = XMLParser(data: Data(text.utf8))
      let reader = Reader()
      parser.delegate = reader
      #expect(parser.parse(), "\(name.debugDescription): \(String(describing: parser.parserError))")
      // What XML cannot hold at all is written as \u{…}; the rest reads back as it was.
      let legal = name.unicodeScalars.allSatisfy {
        $0.value >= 0x20 && $0.value != 0xFFFE || $0 == "\n" || $0 == "\r" || $0 == "\t"
      }
      if legal {
        #expect(reader.messages.contains { $0.contains("Fatal error: \(name)") }, "\(name.debugDescription)")
      }
    }
  }

  @Test("the terminal: a name's control characters are shown, never sent; no line starts a workflow command")
  func terminal() throws {
    for name in Self.names {
      let (_, rows) = try Self.made(name)
      let screen = VerifyCommand.firstScreen(rows, width: 120, verbose: true, replays: nil)
      for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(!line.hasPrefix("::"), "\(name.debugDescription): \(line)")
        #expect(
          !line.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F },
          "\(name.debugDescription): \(line.debugDescription)")
      }
    }
  }

  @Test("a replay command is one shell command whatever the bench's name: bash runs it without running the name",
    .enabled(if: CompletionTests.installed("bash") != nil))
  func replays() throws {
    let bash = try #require(CompletionTests.installed("bash"))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("replays-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Each replay line, with the bench replaced by a function that prints its first word: the
    // name must arrive as one word, and nothing in it may run.
    var script = "cd \(shellQuoted(directory.path))\nswift() { printf '%s\\0' \"$2\"; }\n"
    var expected: [String] = []
    // (A file name, and so a bench's, cannot hold NUL.)
    for name in Self.names.filter({ !$0.contains("\0") }).prefix(300) {
      let (_, rows) = try Self.made(name)
      for row in rows {
        script += row[0].replayCommand + "\n"
        expected.append(name)
      }
    }
    let file = directory.appendingPathComponent("replays.bash")
    try Data(script.utf8).write(to: file)
    let ran = try SnapBenchProcess.run(executable: bash, [file.path])
    #expect(ran.status == 0, "\(ran.stderr)")
    let words = ran.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(words == expected)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left == ["replays.bash"], "a name ran a command: \(left)")
  }

  @Test("HTML: a name is text on the report's page, never markup")
  func html() throws {
    for name in Self.names {
      let written = ReportPage.html(name)
      #expect(!written.contains("<") && !written.contains(">"), "\(name.debugDescription)")
      // Read back as XML character data, it is the name (what XML cannot hold is shown as \u{…}).
      let parser = XMLParser(data: Data("<p>\(written)</p>".utf8))
      #expect(parser.parse(), "\(name.debugDescription): \(written)")
    }
  }
}
