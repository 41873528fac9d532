import Foundation

/// Every algorithm SnapLab ships, by the id users type.
public enum AlgorithmCatalogue {
  /// The ids, in the order `snap-bench list algorithms` prints them.
  public static let ids: [String] = all.map(\.id)

  /// A fresh instance of every algorithm.
  public static var all: [any SnapAlgorithm] {
    [
      PerAxisClampPublished(), EdgeDockPublished(), ForcedBoundaryEndPublished(),
      InsetCorrectionPublished(), PerAxisClampCorrected(), EdgeDockCorrected(),
      ForcedBoundaryEndCorrected(), InsetCorrectionCorrected(),
    ] + FluidDock.Mode.allCases.map { FluidDock(mode: $0) }
  }

  /// A fresh instance of the algorithm with this id (case-insensitive), or `nil`. `fluid-dock`
  /// alone is its default mode, `fluid-dock.sides`; fluid-dock ids take options in parentheses,
  /// `fluid-dock.sides(deceleration:fast,slots:3)` (see `FluidDock(parsing:)`), and `nil` is
  /// returned for malformed ones too.
  public static func algorithm(id: String) -> (any SnapAlgorithm)? {
    let key = id.lowercased().filter { !$0.isWhitespace }
    if let found = all.first(where: { $0.id == key }) { return found }
    return (try? FluidDock(parsing: key)) ?? nil
  }

  /// The algorithms an id names: a family name (`fluid-dock`) names every mode of the family;
  /// any other id names the one algorithm. Throws when a fluid-dock id's options are
  /// malformed; returns an empty array when the id names nothing.
  public static func algorithms(matching id: String) throws(AlgorithmIDError) -> [any SnapAlgorithm] {
    let key = id.lowercased().filter { !$0.isWhitespace }
    if key == FluidDock.family { return FluidDock.Mode.allCases.map { FluidDock(mode: $0) } }
    if let found = all.first(where: { $0.id == key }) { return [found] }
    if let fluid = try FluidDock(parsing: key) { return [fluid] }
    return []
  }

  /// The article each published algorithm models, by id.
  public static let sources: [String: String] = [
    "per-axis-clamp.published": "003_70c38645883b83f7.txt",
    "edge-dock.published": "001_d8f14d75e4b70915.txt",
    "forced-boundary-end.published": "002_78ae52edd84c5145.txt",
    "inset-correction.published": "000_279aea33081fbdb0.txt",
  ]

  /// One line per algorithm for listings.
  public static let summaries: [String: String] = [
    "per-axis-clamp.published":
      "touches API; clamps each axis to the superview while dragging; no docking",
    "edge-dock.published":
      "touches API; clamps y to the screen while dragging; docks flush left/right, 0.5 s ease-in-out",
    "forced-boundary-end.published":
      "pan recogniser; ends the drag on entering a margin band; jumps to fixed margins",
    "inset-correction.published":
      "pan recogniser; docks left/right at centre 20 pt, corrects y for nav and tab bars, 0.6 s ease-out",
    "per-axis-clamp.corrected":
      "touches API; clamps each axis to the safe region while dragging and after a rotation",
    "edge-dock.corrected":
      "touches API; clamps to the safe region; docks flush on release or cancel; springs take the velocity",
    "forced-boundary-end.corrected":
      "pan recogniser; ends the drag at a 10 pt band of the safe region; docks at 10 pt margins",
    "inset-correction.corrected":
      "pan recogniser; docks flush by its centre, clear of the real bars and keyboard; 0.6 s ease-out",
    "fluid-dock.sides":
      "projects the flick, docks 16 pt inside the nearer side; spring with the finger's velocity, rubber band",
    "fluid-dock.edges": "as fluid-dock.sides, on the nearest of the four edges",
    "fluid-dock.corners": "as fluid-dock.sides, in the corner of the projected point's quadrant (picture in picture)",
    "fluid-dock.left": "as fluid-dock.sides, always on the left",
    "fluid-dock.right": "as fluid-dock.sides, always on the right",
    "fluid-dock.thrown": "as fluid-dock.sides; a flick of 500 pt/s or more picks the side it points to",
  ]
}

/// Why an algorithm id could not be read.
public struct AlgorithmIDError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
}

extension FluidDock {
  /// The family name: `--algorithm fluid-dock` means every mode.
  public static let family = "fluid-dock"

  /// The options a fluid-dock id may take, for help texts.
  public static let syntax =
    "fluid-dock[.sides|.edges|.corners|.left|.right|.thrown][(deceleration:normal|fast|<rate>,"
    + "margin:<pt>,slots:<n>,throw-speed:<pt/s>,rubber-band:<c>)]"

  /// Reads `fluid-dock`, `fluid-dock.<mode>` and either with options in parentheses; `nil` when
  /// the text is not a fluid-dock id at all, an error when it is one with a mistake in it.
  public init?(parsing text: String) throws(AlgorithmIDError) {
    let key = text.lowercased().filter { !$0.isWhitespace }
    guard key.hasPrefix(Self.family) else { return nil }
    var rest = key.dropFirst(Self.family.count)
    var options = Substring("")
    if let open = rest.firstIndex(of: "(") {
      guard rest.hasSuffix(")") else {
        throw AlgorithmIDError("there is no closing parenthesis")
      }
      options = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
      rest = rest[..<open]
    }
    var mode = Mode.sides
    if !rest.isEmpty {
      guard rest.hasPrefix("."), let named = Mode(rawValue: String(rest.dropFirst())) else {
        throw AlgorithmIDError(
          "'\(rest)' is not a fluid-dock mode; expected one of "
            + Mode.allCases.map { ".\($0.rawValue)" }.joined(separator: ", "))
      }
      mode = named
    }
    self.init(mode: mode)
    guard !options.isEmpty else { return }
    for option in options.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = option.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw AlgorithmIDError("'\(option)' is not name:value")
      }
      let name = String(parts[0])
      let value = String(parts[1])
      func number() throws(AlgorithmIDError) -> CGFloat {
        guard let number = Double(value), number.isFinite else {
          throw AlgorithmIDError("\(name): '\(value)' is not a number")
        }
        return CGFloat(number)
      }
      switch name {
      case "deceleration":
        switch value {
        case "normal": decelerationRate = Self.normalDeceleration
        case "fast": decelerationRate = Self.fastDeceleration
        default:
          let rate = try number()
          guard rate > 0, rate < 1 else {
            throw AlgorithmIDError("deceleration: a rate per millisecond lies between 0 and 1, not \(value)")
          }
          decelerationRate = rate
        }
      case "margin":
        let points = try number()
        guard points >= 0, points <= 1000 else {
          throw AlgorithmIDError("margin: '\(value)' points is not between 0 and 1000")
        }
        margin = points
      case "slots":
        guard let count = Int(value), count >= 1, count <= 100 else {
          throw AlgorithmIDError("slots: '\(value)' is not a whole number from 1 to 100")
        }
        guard mode != .corners else {
          throw AlgorithmIDError("slots: corners mode rests only in the corners; it has no slots")
        }
        slots = count
      case "throw-speed":
        let speed = try number()
        guard speed > 0 else { throw AlgorithmIDError("throw-speed: must be positive") }
        throwSpeed = speed
      case "rubber-band":
        let coefficient = try number()
        guard coefficient > 0, coefficient <= 1 else {
          throw AlgorithmIDError("rubber-band: the coefficient lies in (0, 1], not \(value)")
        }
        rubberBandCoefficient = coefficient
      default:
        throw AlgorithmIDError(
          "'\(name)' is not a fluid-dock option; expected deceleration, margin, slots, "
            + "throw-speed or rubber-band")
      }
    }
  }
}
