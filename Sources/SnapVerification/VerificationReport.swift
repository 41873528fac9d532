import Foundation
import SnapAlgorithms

/// The verify file, version 1: what `snap-bench verify --format json` writes and `report
/// --verify` reads.
///
///     {"version": 1, "seed": 1, "examples": 200, "results": [
///       {"algorithm": "edge-dock.published", "motion": "ease-in-out(duration:0.5)",
///        "invariant": "docked", "status": "violated", "examplesRun": 3,
///        "violation": "…", "counterexample": {"device": "iPhone 15", "landscape": false,
///        "navigationBar": true, "tabBar": true, "keyboard": false,
///        "item": {"width": 60, "height": 60}, "gesture": {…}}}, …]}
///
/// `violation` and `counterexample` appear only when violated; `gesture` is a gesture file. The
/// same seed gives the same bytes.
public struct VerificationReport: Sendable {
  public static let formatVersion = 1

  /// One row of the matrix: an algorithm verified with one motion, and what each invariant
  /// found, in the order they were checked. A collection of its findings.
  public struct Row: Sendable, RandomAccessCollection {
    /// Its findings, one per invariant checked; at least one.
    public var findings: [Finding]

    public var algorithm: String { findings[0].algorithm }
    /// The release motion it was verified with (`Finding.motion`).
    public var motion: String? { findings[0].motion }
    /// Whether `motion` replaced the algorithm's own.
    public var motionReplaced: Bool { findings[0].motionReplaced }

    /// A row of `findings`, all of one algorithm and motion.
    public init(_ findings: [Finding]) {
      precondition(!findings.isEmpty, "a row has at least one finding")
      self.findings = findings
    }

    public var startIndex: Int { findings.startIndex }
    public var endIndex: Int { findings.endIndex }
    public subscript(position: Int) -> Finding { findings[position] }

    /// What `invariant` found in this row, when it was checked.
    public subscript(invariant: Invariant) -> Finding? { findings.first { $0.invariant == invariant } }

    /// Whether `finding` belongs in this row: the same algorithm and motion.
    func holds(_ finding: Finding) -> Bool {
      finding.algorithm == algorithm && finding.motion == motion
        && finding.motionReplaced == motionReplaced
    }
  }

  public var seed: UInt64
  /// The examples budget of every cell.
  public var examples: Int
  /// The matrix, row by row, as verify made it.
  public var rows: [Row]

  /// Every finding, row after row: what the file's `results` list.
  public var findings: [Finding] { rows.flatMap(\.findings) }

  public init(seed: UInt64, examples: Int, rows: [Row]) {
    self.seed = seed
    self.examples = examples
    self.rows = rows
  }

  /// A report of `findings` listed row after row (as the file lists them): consecutive
  /// findings of one algorithm and motion make a row.
  public init(seed: UInt64, examples: Int, findings: [Finding]) {
    self.init(seed: seed, examples: examples, rows: Self.rows(of: findings))
  }

  /// `findings` in rows: runs of consecutive findings of one algorithm and motion.
  public static func rows(of findings: [Finding]) -> [Row] {
    var rows: [Row] = []
    for finding in findings {
      if let last = rows.last, last.holds(finding) {
        rows[rows.count - 1].findings.append(finding)
      } else {
        rows.append(Row([finding]))
      }
    }
    return rows
  }

  /// The file's text, laid out for people to read and diff, with no trailing newline.
  public func jsonText() -> String {
    // Every field is a number, a string or a list of them: encoding cannot fail.
    ((try? JSONValueEncoder().encode(self)) ?? .null).serialized(pretty: true)
  }

  /// Reads a verify file; the error names the path of what is wrong.
  public init(json data: Data) throws(VerificationFileError) {
    do {
      self = try decodeFile(Self.self, from: data, file: "the file")
    } catch {
      throw VerificationFileError(description: error.description)
    }
  }
}

/// Why a verify file could not be read.
public struct VerificationFileError: Error, CustomStringConvertible, Sendable {
  public let description: String

  init(description: String) { self.description = description }
}

extension VerificationReport: Codable {
  private enum CodingKeys: String, CodingKey {
    case version, seed, examples, results
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.requireVersion(Self.formatVersion, forKey: .version)
    let seed = try container.decodeWholeNumber(UInt64.self, forKey: .seed)
    let examples = try container.decodeWholeNumber(Int.self, forKey: .examples)
    self.seed = seed
    self.examples = examples
    rows = Self.rows(
      of: try container.decode([Finding].self, forKey: .results).map { finding in
        var finding = finding
        finding.seed = seed
        finding.examples = examples
        return finding
      })
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(seed, forKey: .seed)
    try container.encode(examples, forKey: .examples)
    try container.encode(findings, forKey: .results)
  }
}
