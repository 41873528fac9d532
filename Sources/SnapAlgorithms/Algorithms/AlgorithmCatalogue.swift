import Foundation

/// An article a published algorithm comes from, cited as the article gives itself.
public struct Article: Hashable, Sendable, CustomStringConvertible {
  /// The article's title, or its opening words where it has none, in its own language.
  public var title: String
  /// The author as the article names them; `nil` when it does not.
  public var author: String?
  /// The class or method whose code the published variant reproduces.
  public var code: String
  /// The name SnapLab gives the article's algorithm, which its published and corrected
  /// variants share (`edge-dock`); `nil` for an article SnapLab has no name for.
  public var name: String?
  /// The id of SnapLab's corrected variant of the article's algorithm, which keeps the idea and
  /// holds every invariant (`edge-dock.corrected`); `nil` when there is none.
  public var corrected: String?

  @inlinable
  public init(
    title: String, author: String? = nil, code: String, name: String? = nil,
    corrected: String? = nil
  ) {
    self.title = title
    self.author = author
    self.code = code
    self.name = name
    self.corrected = corrected
  }

  /// `“title” (author), code`.
  public var description: String {
    "“\(title)”" + (author.map { " by \($0)" } ?? "") + ", \(code)"
  }
}

/// Something that is handed every algorithm of the catalogue with its own type, so that what it
/// does with each (time it, verify it, draw it) is compiled for that type.
public protocol AlgorithmVisitor {
  /// Called once per catalogue entry, in catalogue order.
  mutating func visit<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, summary: String, source: Article?)
}

/// Every algorithm SnapLab ships, by the id users type.
///
/// `forEachAlgorithm(_:)` is the one table: each algorithm is registered there once, with its
/// summary and the article it comes from; `entries`, `ids`, `all`, `snap-bench list`, the
/// benchmarks and the report's figures all derive from it.
public enum AlgorithmCatalogue {
  /// One registered algorithm: its id, what it does in one line, where it comes from, and a
  /// factory for fresh instances.
  public struct Entry: Sendable {
    public var id: String
    public var summary: String
    /// The article a published variant models; `nil` for the others.
    public var source: Article?
    /// A fresh instance, as the catalogue registers it.
    public var make: @Sendable () -> any SnapAlgorithm

    public init(
      id: String, summary: String, source: Article? = nil,
      make: @escaping @Sendable () -> any SnapAlgorithm
    ) {
      self.id = id
      self.summary = summary
      self.source = source
      self.make = make
    }

    /// An entry for `algorithm` as it is: its own id, and copies of it as fresh instances.
    public init<Algorithm: SnapAlgorithm>(
      _ algorithm: Algorithm, summary: String, source: Article? = nil
    ) {
      self.init(id: algorithm.id, summary: summary, source: source, make: { algorithm })
    }
  }

  /// The articles of the four published variants, cited as each gives itself: its title (or
  /// opening words), its author where it names one, and the code the variant reproduces.
  public enum Articles {
    /// No title line: it opens with the sentence below; the author is the file header's
    /// "Created by ouyang on 2018/8/2".
    public static let insetCorrection = Article(
      title: "需求就是在首页有一个按钮，你可以拖动在屏幕上滑动，最终位置是自己靠边悬靠。",
      author: "ouyang", code: "KZWSuspensionButton (2018)", name: "inset-correction",
      corrected: InsetCorrectionCorrected().id)
    public static let edgeDock = Article(
      title: "类似AssistiveTouch可移动UIButton（UITouch用法）", code: "MoveButton", name: "edge-dock",
      corrected: EdgeDockCorrected().id)
    public static let forcedBoundaryEnd = Article(
      title: "iOS实现UIButton的拖拽功能", code: "the view controller's movingBtn:",
      name: "forced-boundary-end", corrected: ForcedBoundaryEndCorrected().id)
    /// No title line: it opens with a "预备知识" (background) section, and the code follows
    /// the heading "如何实现拖动视图？".
    public static let perAxisClamp = Article(
      title: "预备知识 iOS处理屏幕上的触摸动作，主要涉及到以下几个方法",
      code: "GragView, under the heading 如何实现拖动视图？", name: "per-axis-clamp",
      corrected: PerAxisClampCorrected().id)
    /// Not one article: the SwiftUI floating button as SwiftUI tutorials share it (the seeds
    /// are UIKit articles); `SwiftUIDockPublished` shows the code.
    public static let swiftUIDock = Article(
      title: "the SwiftUI tutorials' draggable button: @GestureState offset, spring to the nearer side",
      code: "a GeometryReader, .offset and DragGesture's onEnded", name: "swiftui-dock",
      corrected: SwiftUIDockCorrected().id)
  }

  /// The table: hands `visitor` every algorithm SnapLab ships, in the order
  /// `snap-bench list algorithms` prints them.
  @inlinable
  public static func forEachAlgorithm<Visitor: AlgorithmVisitor>(_ visitor: inout Visitor) {
    visitor.visit(
      PerAxisClampPublished(),
      summary: "touches API; clamps each axis to the superview while dragging; no docking",
      source: Articles.perAxisClamp)
    visitor.visit(
      EdgeDockPublished(),
      summary:
        "touches API; clamps y to the screen while dragging; docks flush left/right, 0.5 s ease-in-out",
      source: Articles.edgeDock)
    visitor.visit(
      ForcedBoundaryEndPublished(),
      summary: "pan recogniser; ends the drag on entering a margin band; jumps to fixed margins",
      source: Articles.forcedBoundaryEnd)
    visitor.visit(
      InsetCorrectionPublished(),
      summary:
        "pan recogniser; docks left/right at centre 20 pt, corrects y for nav and tab bars, 0.6 s ease-out",
      source: Articles.insetCorrection)
    visitor.visit(
      SwiftUIHosting(SwiftUIDockPublished()),
      summary:
        "SwiftUI DragGesture; offset from a corner, spring to the nearer side; height unclamped",
      source: Articles.swiftUIDock)
    visitor.visit(
      PerAxisClampCorrected(),
      summary: "touches API; clamps each axis to the safe region while dragging and after a rotation",
      source: nil)
    visitor.visit(
      EdgeDockCorrected(),
      summary:
        "touches API; clamps to the safe region; docks flush on release or cancel; springs take the velocity",
      source: nil)
    visitor.visit(
      ForcedBoundaryEndCorrected(),
      summary: "pan recogniser; ends the drag at a 10 pt band of the safe region; docks at 10 pt margins",
      source: nil)
    visitor.visit(
      InsetCorrectionCorrected(),
      summary:
        "pan recogniser; docks flush by its centre, clear of the real bars and keyboard; 0.6 s ease-out",
      source: nil)
    visitor.visit(
      SwiftUIHosting(SwiftUIDockCorrected()),
      summary:
        "SwiftUI DragGesture; clamped to the safe area; per-frame spring from the finger's velocity, catchable",
      source: nil)
    for mode in FluidDock.Mode.allCases {
      visitor.visit(FluidDock(mode: mode), summary: mode.summary, source: nil)
    }
  }

  /// Every entry of the table, in order.
  public static let entries: [Entry] = {
    struct Collector: AlgorithmVisitor {
      var entries: [Entry] = []
      mutating func visit<Algorithm: SnapAlgorithm>(
        _ algorithm: Algorithm, summary: String, source: Article?
      ) {
        entries.append(Entry(algorithm, summary: summary, source: source))
      }
    }
    var collector = Collector()
    forEachAlgorithm(&collector)
    return collector.entries
  }()

  /// The ids, in the order `snap-bench list algorithms` prints them.
  public static let ids: [String] = entries.map(\.id)

  /// A fresh instance of every algorithm.
  public static var all: [any SnapAlgorithm] { entries.map { $0.make() } }

  /// The entry with this id (case-insensitive, whitespace ignored), or `nil`.
  public static func entry(id: String) -> Entry? {
    let key = normalisedID(id)
    return entries.first { $0.id == key }
  }

  /// An id as the catalogue compares it: lower case, without whitespace.
  public static func normalisedID(_ id: String) -> String {
    id.lowercased().filter { !$0.isWhitespace }
  }

  /// A fresh instance of the algorithm with this id (case-insensitive), or `nil`. `fluid-dock`
  /// alone is its default mode, `fluid-dock.sides`; fluid-dock ids take options in parentheses,
  /// `fluid-dock.sides(deceleration:fast,slots:3)` (see `FluidDock(parsing:)`), and `nil` is
  /// returned for malformed ones too.
  public static func algorithm(id: String) -> (any SnapAlgorithm)? {
    if let found = entry(id: id) { return found.make() }
    return (try? FluidDock(parsing: normalisedID(id))) ?? nil
  }

  /// The algorithms an id names: a family name (`fluid-dock`) names every mode of the family;
  /// any other id names the one algorithm. Throws when a fluid-dock id's options are
  /// malformed; returns an empty array when the id names nothing.
  public static func algorithms(matching id: String) throws(AlgorithmIDError) -> [any SnapAlgorithm] {
    let key = normalisedID(id)
    if key == FluidDock.family { return FluidDock.Mode.allCases.map { FluidDock(mode: $0) } }
    if let found = entry(id: key) { return [found.make()] }
    if let fluid = try FluidDock(parsing: key) { return [fluid] }
    return []
  }

  /// Whether `id` is taken by the catalogue: one of its ids, a family name, or an id with
  /// options that the catalogue reads (`fluid-dock.left(slots:2)`).
  public static func claims(_ id: String) -> Bool {
    let key = normalisedID(id)
    if key == FluidDock.family || entry(id: key) != nil { return true }
    if case .some(.some) = try? FluidDock(parsing: key) { return true }
    return key.hasPrefix(FluidDock.family + ".") || key.hasPrefix(FluidDock.family + "(")
  }
}

extension FluidDock.Mode {
  /// What the mode does, in one line, for listings.
  public var summary: String {
    switch self {
    case .sides:
      return "projects the flick, docks 16 pt inside the nearer side; spring with the finger's velocity, rubber band"
    case .edges: return "as fluid-dock.sides, on the nearest of the four edges"
    case .corners:
      return "as fluid-dock.sides, in the corner of the projected point's quadrant (picture in picture)"
    case .left: return "as fluid-dock.sides, always on the left"
    case .right: return "as fluid-dock.sides, always on the right"
    case .thrown: return "as fluid-dock.sides; a flick of 500 pt/s or more picks the side it points to"
    }
  }
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
    var given: Set<String> = []
    for option in options.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = option.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw AlgorithmIDError("'\(option)' is not name:value")
      }
      let name = String(parts[0])
      let value = String(parts[1])
      guard given.insert(name).inserted else {
        throw AlgorithmIDError("\(name): given twice")
      }
      func number() throws(AlgorithmIDError) -> CGFloat {
        guard let number = Double(value), number.isFinite else {
          throw AlgorithmIDError("\(name): '\(value)' is not a finite number")
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
