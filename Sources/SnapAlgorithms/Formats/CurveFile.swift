import Foundation

/// The samples `snap-bench curve --format json` writes of a motion: how far along its way it is
/// over time (a spring) or over its progress (a timing curve). Decode one with it instead of
/// declaring a copy of the format:
///
///     let curve = try JSONDecoder().decode(CurveFile.self, from: data)
///     print(curve.kind, curve.settleTime, curve.samples.last?.value ?? 0)
///
/// Version 1: `{"version": 1, "motion", "kind", "settleTime", "samples": [{"t" or "progress",
/// "value"}, …]}`; fields may be added, never removed or renamed, within a version.
public struct CurveFile: Codable, Hashable, Sendable {
  public static let formatVersion = 1

  /// What was sampled.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// A spring, sampled over time.
    case spring
    /// A timing curve, sampled over its progress.
    case timingCurve = "timing-curve"

    /// The name of a sample's first field: `t` (seconds) for a spring, `progress` (0 to 1) for a
    /// timing curve.
    public var column: String { self == .spring ? "t" : "progress" }
  }

  /// One sample: where on the curve (`t` or `progress`, as the kind says) and the fraction of
  /// the distance covered there (above 1 where a spring overshoots).
  public struct Sample: Hashable, Sendable {
    public var at: Double
    public var value: Double

    public init(at: Double, value: Double) {
      self.at = at
      self.value = value
    }
  }

  /// The motion, written the way `Motion(parsing:)` reads it.
  public var motion: String
  public var kind: Kind
  /// How long the motion takes to come to rest, in seconds.
  public var settleTime: Double
  public var samples: [Sample]

  public init(motion: String, kind: Kind, settleTime: Double, samples: [Sample]) {
    self.motion = motion
    self.kind = kind
    self.settleTime = settleTime
    self.samples = samples
  }

  /// `count` samples of `motion`, at least 2: a timing curve at evenly spaced progress from 0
  /// to 1 inclusive, a spring at evenly spaced times from 0 to its settle time (the last sample
  /// exactly there, where it stops on its target). `nil` for `.none`, which jumps and has no
  /// curve.
  public init?(_ motion: Motion, samples count: Int) {
    precondition(count >= 2, "a curve needs at least its two ends")
    let last = Double(count - 1)
    switch motion {
    case .none:
      return nil
    case .curve(let curve, _):
      kind = .timingCurve
      samples = (0..<count).map { index in
        let progress = Double(index) / last
        return Sample(at: progress, value: curve.value(atProgress: progress))
      }
    case .spring:
      kind = .spring
      let settle = motion.settleTime
      samples = (0..<count).map { index in
        let time = index == count - 1 ? settle : settle * Double(index) / last
        return Sample(at: time, value: motion.fraction(at: time, settleTime: settle))
      }
    }
    self.motion = motion.description
    settleTime = motion.settleTime
  }

  private enum CodingKeys: String, CodingKey {
    case version, motion, kind, settleTime, samples
  }

  private struct SampleKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.requireVersion(Self.formatVersion, forKey: .version)
    motion = try container.decode(String.self, forKey: .motion)
    kind = try container.decode(Kind.self, forKey: .kind)
    settleTime = try container.decode(Double.self, forKey: .settleTime)
    var list = try container.nestedUnkeyedContainer(forKey: .samples)
    var samples: [Sample] = []
    let at = SampleKey(stringValue: kind.column)
    let value = SampleKey(stringValue: "value")
    while !list.isAtEnd {
      let sample = try list.nestedContainer(keyedBy: SampleKey.self)
      samples.append(
        Sample(at: try sample.decode(Double.self, forKey: at), value: try sample.decode(Double.self, forKey: value)))
    }
    self.samples = samples
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(motion, forKey: .motion)
    try container.encode(kind, forKey: .kind)
    try container.encode(settleTime, forKey: .settleTime)
    var list = container.nestedUnkeyedContainer(forKey: .samples)
    let at = SampleKey(stringValue: kind.column)
    let value = SampleKey(stringValue: "value")
    for sample in samples {
      var object = list.nestedContainer(keyedBy: SampleKey.self)
      try object.encode(sample.at, forKey: at)
      try object.encode(sample.value, forKey: value)
    }
  }
}
