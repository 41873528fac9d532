import Foundation
import SnapAlgorithms
import SnapCheck
import SnapCheckTesting
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

/// Every parser fed mutated and random input: gesture files, baselines and results files,
/// verify files, motion strings, algorithm ids with options, and `--iterations` numbers.
///
/// In process, each parser either accepts its input (and what it accepts can be used: a
/// gesture simulates, a motion evaluates to finite numbers) or refuses it with a sentence; a
/// well-formed JSON document is never called "not valid JSON". Through the tool, a sample of
/// the refused inputs must end with status 64 or 1 and an `Error:` line, no crash, and nothing
/// written. `SNAPCHECK_EXAMPLES` scales every count (the figures are printed).
@Suite("Fuzzing every parser")
struct FuzzTests {
  // MARK: Mutations

  /// Pieces that break parsers: JSON's punctuation, numbers at every edge, odd strings.
  static let tokens: [String] = [
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "false", "-", "0", "-0", "1", "-1", "1.5",
    "60.5", "0.0000001", "1e308", "-1e308", "1e400", "-1e400", "1e-400", "NaN", "Infinity", "-inf",
    "9223372036854775807", "9223372036854775808", "18446744073709551616", "\\u0000", "\\ud800",
    "\\", "é", "∞", "\u{0}", "\"\"", "\"version\"", "\"events\"", "\"phase\"", "\"began\"",
    "\"moved\"", "\"ended\"", "\"t\"", "\"x\"", " ", "\n", "(", ")", "=", "e", "_", ".", "x",
    "spring", "duration:", "damping:", "slots:", "1_000", "0x10", "+", "1e6", "1e19", "00",
  ]

  /// Numbers that a well-formed file may hold in a bad place.
  static let numbers: [String] = [
    "0", "-0", "-1", "-5", "0.5", "1.5", "60.5", "-60", "1e308", "-1e308", "1e-320", "4.9e-324",
    "1e15", "9007199254740993", "9223372036854775808", "-9223372036854775809", "2", "480", "481",
    "1000000", "null", "\"1\"", "true", "[]", "{}",
  ]

  enum Mutation: Sendable {
    case delete(Int, Int)
    case insert(Int, Int)
    case replace(Int, Int, Int)
    case duplicate(Int, Int)
    case truncate(Int)
    case number(Int, Int)
    case flip(Int, Int)
  }

  /// A position as a share of the text, so that it shrinks towards the start.
  static let position = Gen.int(in: 0...10_000)

  static let mutation: Gen<Mutation> = Gen.oneOf(
    zip(position, Gen.int(in: 1...40)).map { Mutation.delete($0.0, $0.1) },
    zip(position, Gen.int(in: 0...(tokens.count - 1))).map { Mutation.insert($0.0, $0.1) },
    zip(position, Gen.int(in: 1...8), Gen.int(in: 0...(tokens.count - 1))).map {
      Mutation.replace($0.0, $0.1, $0.2)
    },
    zip(position, Gen.int(in: 1...200)).map { Mutation.duplicate($0.0, $0.1) },
    position.map { Mutation.truncate($0) },
    zip(Gen.int(in: 0...200), Gen.int(in: 0...(numbers.count - 1))).map { Mutation.number($0.0, $0.1) },
    zip(position, Gen.int(in: 0...7)).map { Mutation.flip($0.0, $0.1) })

  /// The offsets of the number literals of a JSON text.
  static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") { inString = true; index += 1; continue }
      if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let start = index
        while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        ranges.append(start..<index)
        continue
      }
      index += 1
    }
    return ranges
  }

  static func apply(_ mutations: [Mutation], to seed: [UInt8]) -> [UInt8] {
    var bytes = seed
    func at(_ share: Int) -> Int { bytes.isEmpty ? 0 : min(bytes.count, bytes.count * share / 10_000) }
    for mutation in mutations {
      switch mutation {
      case .delete(let share, let length):
        let start = at(share)
        bytes.removeSubrange(start..<min(bytes.count, start + length))
      case .insert(let share, let token):
        bytes.insert(contentsOf: Array(tokens[token].utf8), at: at(share))
      case .replace(let share, let length, let token):
        let start = at(share)
        bytes.replaceSubrange(start..<min(bytes.count, start + length), with: Array(tokens[token].utf8))
      case .duplicate(let share, let length):
        let start = at(share)
        bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + length)], at: start)
      case .truncate(let share):
        bytes.removeSubrange(at(share)...)
      case .number(let which, let number):
        let ranges = numberRanges(bytes)
        guard !ranges.isEmpty else { continue }
        bytes.replaceSubrange(ranges[which % ranges.count], with: Array(numbers[number].utf8))
      case .flip(let share, let bit):
        guard !bytes.isEmpty else { continue }
        bytes[min(bytes.count - 1, at(share))] ^= UInt8(1 << bit)
      }
    }
    return bytes
  }

  /// Inputs from `seeds`: each mutated one to six times, or random bytes now and then.
  static func inputs(from seeds: [String]) -> Gen<Input> {
    let seedBytes = seeds.map { Array($0.utf8) }
    return Gen.frequency(
      (12, zip(Gen.int(in: 0...(seedBytes.count - 1)), mutation.array(count: 1...6)).map {
        Input(bytes: apply($0.1, to: seedBytes[$0.0]))
      }),
      (1, Gen.int(in: 0...255).map { UInt8($0) }.array(count: 0...64).map(Input.init(bytes:))))
  }

  /// A fuzzed input: bytes, shown as text in a counterexample.
  struct Input: CustomStringConvertible, Sendable {
    var bytes: [UInt8]
    var description: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }
  }

  /// `examples` scaled by `SNAPCHECK_EXAMPLES`, for the printed counts.
  static func scaled(_ examples: Int) -> Int {
    SnapCheckEnvironment.scaledExamples(examples)
  }

  /// Whether the text is one JSON document, by Foundation's parser: a refusal of it must name
  /// a field, not call the file "not valid JSON".
  ///
  /// Foundation also takes a comma before a closing bracket and a NUL byte before the text,
  /// which JSON (RFC 8259) does not: such texts, and any with a control character other than
  /// the three whitespace ones, are not counted as well-formed.
  static func isWellFormedJSON(_ bytes: [UInt8]) -> Bool {
    if bytes.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }) { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    if text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil { return false }
    return (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
  }

  /// Counts across the examples of one property (the property runs on one thread).
  final class Tally: @unchecked Sendable {
    var accepted = 0
    var refused = 0
    var total: Int { accepted + refused }
  }

  // MARK: Seeds

  static let gestureSeeds: [String] = {
    var drag = TouchGesture.drag(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 40, y: 120), duration: 0.05)
      .followed(by: .tap(at: CGPoint(x: 20, y: 120)))
    let landscape = DeviceProfile.standard.environment(
      .landscape, bars: .init(navigationBar: true, tabBar: true, keyboard: true))
    drag.containerChanges = [ContainerChange(time: 0.02, environment: landscape)]
    return [drag.jsonText(), TouchGesture.tap(at: CGPoint(x: 10, y: 10)).jsonText()]
  }()

  static let verifySeed: String = {
    let findings = [
      verify(EdgeDockPublished(), .onScreen, examples: 50, seed: 1),
      verify(EdgeDockCorrected(), .finite, examples: 5, seed: 1),
    ]
    return VerificationReport(seed: 1, examples: 50, findings: findings).jsonText()
  }()

  static let resultsSeed = #"""
    {
      "version": 1,
      "environment": {"cpu": "test", "cores": 2, "swift": "6", "configuration": "release", "os": "Linux", "date": "2026-12-01T00:00:00Z"},
      "results": [
        {"name": "reference/empty", "iterations": 1000, "nsPerOp": {"min": 0.5, "median": 1, "p90": 1.5, "p99": 2, "max": 3}, "errorPercent": 1.5, "ratio": 1, "reference": "reference/empty"}
      ]
    }
    """#

  static let motionSeeds = [
    "ease-in-out(duration:0.5)", "cubic-bezier(0.2,1.5,0.3,-0.4)(duration:0.3)",
    "spring(damping:0.7,response:0.4,velocity:2)", "spring(mass:1,stiffness:300,damping:20)",
    "uikit-spring(damping:0.6,duration:0.5,velocity:1)", "none", "linear(duration:1e-3)",
  ]

  static let idSeeds = [
    "fluid-dock.left(slots:2)", "fluid-dock(deceleration:fast,margin:16)",
    "fluid-dock.thrown(throw-speed:500,rubber-band:0.55)", "edge-dock.corrected", "fluid-dock",
  ]

  static let countSeeds = ["1e6", "1_000", "1000", "1e3", "5", "1000000000"]

  // MARK: In process

  @Test("gesture files: accepted ones simulate; refused ones say what is wrong")
  func gestureFiles() throws {
    let tally = Tally()
    let simulator = Simulator(environment: DeviceProfile.standard.environment(.portrait, bars: .init()), frameLimit: 2_000)
    check(Self.inputs(from: Self.gestureSeeds), examples: 600) { input in
      let bytes = input.bytes
      let gesture: TouchGesture
      do {
        gesture = try TouchGesture(jsonText: bytes)
      } catch {
        tally.refused += 1
        let sentence = "\(error)"
        return !sentence.isEmpty && !(Self.isWellFormedJSON(bytes) && sentence.contains("not valid JSON"))
      }
      tally.accepted += 1
      // What is accepted simulates within the frame limit and writes a file that reads back.
      let trajectory = simulator.run(EdgeDockCorrected(), gesture: gesture)
      let text = gesture.jsonText()
      let reread = try TouchGesture(json: Data(text.utf8))
      return trajectory.frames.count <= simulator.frameLimit + 1 && reread.jsonText() == text
    }
    print("fuzz: \(tally.total) gesture files (\(tally.accepted) accepted)")
    #expect(tally.refused > tally.total / 4)
  }

  @Test("results and verify files: accepted or refused with a sentence naming what is wrong")
  func resultsAndVerifyFiles() throws {
    let tally = Tally()
    check(Self.inputs(from: [Self.resultsSeed]), examples: 400) { input in
      let bytes = input.bytes
      do {
        _ = try BenchmarkResults(json: Data(bytes))
        tally.accepted += 1
        return true
      } catch {
        tally.refused += 1
        return !"\(error)".isEmpty
          && !(Self.isWellFormedJSON(bytes) && "\(error)".contains("not valid JSON"))
      }
    }
    check(Self.inputs(from: [Self.verifySeed]), examples: 300) { input in
      let bytes = input.bytes
      do {
        let report = try VerificationReport(json: Data(bytes))
        tally.accepted += 1
        return report.jsonText().utf8.count > 0
      } catch {
        tally.refused += 1
        return !"\(error)".isEmpty
          && !(Self.isWellFormedJSON(bytes) && "\(error)".contains("not valid JSON"))
      }
    }
    print("fuzz: \(tally.total) results and verify files (\(tally.accepted) accepted)")
    #expect(tally.refused > tally.total / 4)
  }

  @Test("motion strings, algorithm ids and counts: accepted ones are usable, the rest refused")
  func shortTexts() throws {
    let tally = Tally()
    check(Self.inputs(from: Self.motionSeeds), examples: 600) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let motion = try Motion(parsing: text)
        tally.accepted += 1
        let settle = motion.settleTime
        return motion.problem == nil && settle.isFinite && settle <= Motion.longestSettleTime
          && [0, settle / 3, settle, settle * 2].allSatisfy { motion.fraction(at: $0).isFinite }
      } catch {
        tally.refused += 1
        return !"\(error)".isEmpty
      }
    }
    let tool = try Tool(name: "snap-bench", adding: [])
    check(Self.inputs(from: Self.idSeeds), examples: 500) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        _ = try tool.algorithms(matching: text)
        tally.accepted += 1
      } catch {
        tally.refused += 1
        return !"\(error)".isEmpty
      }
      return true
    }
    check(Self.inputs(from: Self.countSeeds), examples: 500) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let count = try parseCount(text, option: RunCommand.iterations, maximum: 1_000_000_000)
        tally.accepted += 1
        return (1...1_000_000_000).contains(count)
      } catch {
        tally.refused += 1
        return "\(error)".contains("'--iterations <n>'")
      }
    }
    print("fuzz: \(tally.total) motions, ids and counts (\(tally.accepted) accepted)")
    #expect(tally.refused > tally.total / 4)
  }

  // MARK: Through the tool

  /// A directory's files and their bytes, to show that a refused run wrote nothing.
  static func snapshot(_ directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let name = enumerator?.nextObject() as? String {
      files[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
    }
    return files
  }

  /// What a refusal must look like: status 64 or 1, an `Error:` line, nothing on standard
  /// output, no file written or changed in `directory`.
  static func refusedCleanly(
    _ result: SnapBenchProcess.Result, directory: String, before: [String: Data]
  ) -> Bool {
    [64, 1].contains(result.status) && result.stderr.hasPrefix("Error: ") && result.stdout.isEmpty
      && snapshot(directory) == before
  }

  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-fuzz-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("through snap-bench: every refused input exits 64 or 1 with an Error line and writes nothing")
  func throughTheTool() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.resultsSeed.write(toFile: directory + "/results.json", atomically: true, encoding: .utf8)
    let tool = try Tool(name: "snap-bench", adding: [])
    let cli = SnapBenchProcess.self
    let tally = Tally()
    let quickRun = ["run", "--filter", "^reference/empty$", "--iterations", "100", "--repetitions", "2", "--warmup", "0", "--no-progress"]

    /// Runs `arguments` in the scratch directory with `file` holding `bytes`, and checks the
    /// refusal; the caller only sends what the parser refuses in process.
    func refused(_ arguments: [String], file: String? = nil, bytes: [UInt8] = [], input: String? = nil)
      throws -> Bool
    {
      if let file { try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + file)) }
      let before = Self.snapshot(directory)
      let result = try cli.run(
        arguments, input: input, environment: ["SNAPBENCH_BASELINES": directory], directory: directory)
      tally.refused += 1
      let clean = Self.refusedCleanly(result, directory: directory, before: before)
      if !clean { print("fuzz: \(arguments) gave \(result.status): \(result.stderr.prefix(300))") }
      return clean
    }

    check(Self.inputs(from: Self.gestureSeeds), examples: 10) { input in
      let bytes = input.bytes
      guard (try? TouchGesture(jsonText: bytes)) == nil else { tally.accepted += 1; return true }
      return try refused(
        ["trace", "edge-dock.corrected", "--gesture", "-"], input: String(decoding: bytes, as: UTF8.self))
    }
    check(Self.inputs(from: [Self.resultsSeed]), examples: 8) { input in
      let bytes = input.bytes
      guard (try? Baselines.read(directory + "/results.json")) != nil else { return false }
      if (try? BenchmarkResults(json: Data(bytes))).map({ $0.results.allSatisfy { $0.nsPerOp.median > 0 && $0.nsPerOp.median.isFinite } }) == true {
        tally.accepted += 1
        return true
      }
      return try refused(
        quickRun + ["--baseline", "fuzzed", "--save-baseline", "saved", "--output", "out.txt"],
        file: "fuzzed.json", bytes: bytes)
    }
    check(Self.inputs(from: [Self.verifySeed]), examples: 8) { input in
      let bytes = input.bytes
      guard (try? VerificationReport(json: Data(bytes))) == nil else { tally.accepted += 1; return true }
      return try refused(
        ["report", "--verify", "fuzzed.json", "--results", "results.json", "--output", "page"],
        file: "fuzzed.json", bytes: bytes)
    }
    check(Self.inputs(from: Self.motionSeeds), examples: 8) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      guard (try? Motion(parsing: text)) == nil, !text.contains("\u{0}") else { tally.accepted += 1; return true }
      return try refused(["curve", text])
    }
    check(Self.inputs(from: Self.idSeeds), examples: 8) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      guard ((try? tool.algorithms(matching: text)) ?? []).isEmpty, !text.contains("\u{0}"),
        !text.hasPrefix("-")
      else { tally.accepted += 1; return true }
      return try refused(["trace", text])
    }
    check(Self.inputs(from: Self.countSeeds), examples: 8) { input in
      let bytes = input.bytes
      let text = String(decoding: bytes, as: UTF8.self)
      guard (try? parseCount(text, option: RunCommand.iterations)) == nil, !text.contains("\u{0}")
      else { tally.accepted += 1; return true }
      return try refused(["run", "--iterations", text, "--output", "out.txt", "--no-progress"])
    }
    print("fuzz: \(tally.total) command lines through snap-bench (\(tally.refused) refused)")
    #expect(tally.refused > 0)
  }
}
