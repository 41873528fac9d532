import Foundation
import SnapAlgorithms

/// The results file, version 1: what `run --format json` and `run --save-baseline` write, and
/// what `run --baseline` and `report --results` read.
///
///     {"version": 1, "environment": {"cpu", "cores", "swift", "configuration", "os", "date"},
///      "results": [{"name", "subject", "operation", "iterations",
///                   "nsPerOp": {"min", "median", "p90", "p99", "max"}, "errorPercent",
///                   "ratio", "reference", "ratioErrorPercent",
///                   "p99FrameShare": {"hz60", "hz120"}, "baselineChangePercent",
///                   "instructionsPerOp", "allocationsPerOp"}, …]}
///
/// `ratio`, `reference` and `ratioErrorPercent` are `null` for a benchmark with no reference in
/// the run; `p99FrameShare` appears for frame work, `baselineChangePercent` when compared with a
/// baseline, `instructionsPerOp` when counted with `--instructions`, `allocationsPerOp` (heap
/// allocations per operation over the timed epochs) where allocations are counted (Linux).
/// `subject` (an algorithm's id, a motion, `reference`) and `operation` (`frame`, `gesture`, …)
/// are the two parts of `name`, recorded so that no reader splits the name; a file written
/// before they were is still read (`report --results` then matches whole names).
public struct BenchmarkResults: Codable, Sendable {
  public static let formatVersion = 1

  /// What the numbers were measured on.
  public struct Machine: Codable, Sendable {
    public var cpu: String
    public var cores: Int
    public var swift: String
    public var configuration: String
    public var os: String
    public var date: String
  }

  /// Order statistics of the nanoseconds per operation over the timed epochs.
  public struct Statistics: Codable, Sendable {
    public var min: Double
    public var median: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
  }

  /// The p99 frame's share of a frame at 60 and at 120 Hz.
  public struct FrameShare: Codable, Sendable {
    public var hz60: Double
    public var hz120: Double
  }

  /// One benchmark's result.
  public struct Entry: Sendable {
    /// `<subject>/<operation>`: `edge-dock.corrected/frame`.
    public var name: String
    /// What was timed: an algorithm's id, a motion, or `reference`; `nil` in a file written
    /// before it was recorded.
    public var subject: String?
    /// What one operation is: `drag-step`, `frame`, …; `nil` in a file written before it was
    /// recorded.
    public var operation: String?
    public var iterations: Int
    public var nsPerOp: Statistics
    public var errorPercent: Double
    public var ratio: Double?
    public var reference: String?
    public var ratioErrorPercent: Double?
    public var p99FrameShare: FrameShare?
    public var baselineChangePercent: Double?
    public var instructionsPerOp: Double?
    /// Heap allocations per operation over the timed epochs, where they are counted.
    public var allocationsPerOp: Double?
  }

  public var environment: Machine
  public var results: [Entry]

  /// The file's text, laid out for people to read and diff, with no trailing newline.
  public func jsonText() -> String {
    ((try? JSONValueEncoder().encode(self)) ?? .null).serialized(pretty: true)
  }

  /// Reads a results file; throws a sentence saying what is wrong.
  public init(json data: Data) throws(ResultsFileError) {
    do {
      self = try decodeFile(Self.self, from: data, file: "the file")
    } catch {
      throw ResultsFileError(description: "it is not a snap-bench results file: \(error.description)")
    }
  }

  public init(environment: Machine, results: [Entry]) {
    self.environment = environment
    self.results = results
  }

  private enum CodingKeys: String, CodingKey { case version, environment, results }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decodeWholeNumber(Int.self, forKey: .version)
    guard version == Self.formatVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "\(version) is not supported; this snap-bench reads \(Self.formatVersion)")
    }
    environment = try container.decode(Machine.self, forKey: .environment)
    results = try container.decode([Entry].self, forKey: .results)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(environment, forKey: .environment)
    try container.encode(results, forKey: .results)
  }
}

extension BenchmarkResults.Entry: Codable {
  private enum CodingKeys: String, CodingKey {
    case name, subject, operation, iterations, nsPerOp, errorPercent, ratio, reference
    case ratioErrorPercent
    case p99FrameShare, baselineChangePercent, instructionsPerOp, allocationsPerOp
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(subject, forKey: .subject)
    try container.encodeIfPresent(operation, forKey: .operation)
    try container.encode(iterations, forKey: .iterations)
    try container.encode(nsPerOp, forKey: .nsPerOp)
    try container.encode(errorPercent, forKey: .errorPercent)
    // Written even when absent, as null: every result has these three fields.
    if let ratio { try container.encode(ratio, forKey: .ratio) } else {
      try container.encodeNil(forKey: .ratio)
    }
    if let reference { try container.encode(reference, forKey: .reference) } else {
      try container.encodeNil(forKey: .reference)
    }
    if let ratioErrorPercent {
      try container.encode(ratioErrorPercent, forKey: .ratioErrorPercent)
    } else {
      try container.encodeNil(forKey: .ratioErrorPercent)
    }
    try container.encodeIfPresent(p99FrameShare, forKey: .p99FrameShare)
    try container.encodeIfPresent(baselineChangePercent, forKey: .baselineChangePercent)
    try container.encodeIfPresent(instructionsPerOp, forKey: .instructionsPerOp)
    try container.encodeIfPresent(allocationsPerOp, forKey: .allocationsPerOp)
  }
}

/// Why a results file could not be read.
public struct ResultsFileError: Error, CustomStringConvertible, Sendable {
  public let description: String
}
