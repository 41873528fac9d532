import SnapAlgorithms
import SnapVerification

/// An algorithm as `snap-bench`'s commands take it: its catalogue entry (id, summary, source,
/// a factory) and its benchmarks, compiled for its own type.
///
/// Every built-in algorithm is registered this way, and so is every algorithm you add with
/// `SnapBench.main(adding:)`; the commands cannot tell them apart.
///
///     SnapBench.main(adding: [
///       RegisteredAlgorithm(MyDock(), summary: "our chat head"),
///       RegisteredAlgorithm(MyPictureInPicture(), scope: Scope(orientations: [.portrait])),
///     ])
public struct RegisteredAlgorithm: Sendable {
  /// The id, summary, source and factory, as `list`, `verify`, `trace` and `report` use them.
  public var entry: AlgorithmCatalogue.Entry
  /// What the app's button can meet (item sizes, orientations, device families): `verify`
  /// draws scenarios only inside it, narrowed further by its own flags.
  public var scope: Scope
  /// Whether the benchmarks were compiled for the algorithm's own type; `false` only for an
  /// algorithm added as `any SnapAlgorithm`, which is timed through generic code.
  public var isSpecialized: Bool
  /// The line of your code that registered the algorithm (`RegisteredAlgorithm(_:)` or
  /// `SnapBench.main(adding:)`): `verify` points a GitHub Actions annotation of a failure at it.
  /// `nil` for SnapLab's own algorithms.
  public var registeredAt: SourceLine?
  /// The drag step, release, frame and gesture benchmarks of the algorithm, on given inputs.
  @usableFromInline let benchmarks: @Sendable (BenchmarkInputs) -> [Benchmark]
  /// `verify(_:invariants:motion:examples:seed:replayTool:jobs:)` compiled for the algorithm's
  /// type, for any algorithm of that type (a fluid-dock mode parsed from its id included);
  /// `nil` for one of another type.
  @usableFromInline let verifier:
    @Sendable (
      _ algorithm: any SnapAlgorithm, _ invariants: [Invariant], _ motion: Motion?,
      _ examples: Int, _ seed: UInt64, _ scope: Scope, _ replayTool: String, _ jobs: Int
    ) -> [Finding]?

  /// Registers `algorithm` under its own id; `summary` is what `list algorithms` prints beside
  /// it (by default, what it declares: its input API, how it docks, its motion); `scope` is
  /// what the app's button can meet, which `verify` keeps to.
  ///
  /// `filePath` and `line` are the caller's: where the algorithm was registered.
  @inlinable
  public init<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, summary: String? = nil, source: Article? = nil,
    scope: Scope = .everything, filePath: String = #filePath, line: Int = #line
  ) {
    self.entry = AlgorithmCatalogue.Entry(
      algorithm, summary: summary ?? Self.declaredSummary(of: algorithm), source: source)
    self.scope = scope
    self.isSpecialized = true
    self.registeredAt = SourceLine(filePath: filePath, line: line)
    self.benchmarks = { inputs in algorithmBenchmarks(algorithm, inputs) }
    self.verifier = { candidate, invariants, motion, examples, seed, scope, replayTool, jobs in
      guard let candidate = candidate as? Algorithm else { return nil }
      return verify(
        candidate, invariants: invariants, motion: motion, examples: examples, seed: seed,
        scope: scope, replayTool: replayTool, jobs: jobs)
    }
  }

  /// Registers an algorithm whose type is known only at run time.
  init(opening algorithm: any SnapAlgorithm, registeredAt: SourceLine?) {
    self = Self(algorithm)
    isSpecialized = false
    self.registeredAt = registeredAt
  }

  /// A one-line summary from what an algorithm declares: how it takes the finger, how it docks
  /// and how it moves (`pan recogniser; docks 16 pt inside the nearer side; spring(…)`).
  public static func declaredSummary(of algorithm: some SnapAlgorithm) -> String {
    var parts: [String] = []
    switch algorithm.inputAPI {
    case .touches(let tap): parts.append(tap ? "touches API with a tap recogniser" : "touches API")
    case .panGestureRecognizer: parts.append("pan recogniser")
    }
    if let margin = algorithm.dockingMargin {
      let points = margin == 0 ? "flush against" : "\(formatNumber(Double(margin))) pt inside"
      let rule = algorithm.dockingRule
      let edges: String
      switch rule.placement {
      case .nearerSide: edges = "the nearer side"
      case .nearestEdge: edges = "the nearest edge"
      case .nearestCorner: edges = "the nearest corner"
      case .left: edges = "the left side"
      case .right: edges = "the right side"
      case .thrown: edges = "the side it is thrown to"
      }
      let projected = rule.decelerationRate != nil ? ", chosen from the projected flick" : ""
      // What its contract docks against (`ItemContract.dockingReference`), and the room it
      // reserves.
      let reference: String
      switch algorithm.contract.dockingReference {
      case .safeArea: reference = "the safe region"
      case .window: reference = "the window"
      case .windowSides: reference = "the window's sides and the safe region's ends"
      case .screen: reference = "the screen"
      case .superview: reference = "the superview"
      case .layoutMargins: reference = "the layout margins"
      }
      let reserved = algorithm.contract.reservedInsets
      let room = reserved == .zero ? "" : ", less the room it reserves (\(describe(reserved)))"
      parts.append(
        "docks \(points) \(edges) of \(reference)\(room)\(projected)"
          + (rule.slots.map { ", \($0) slots" } ?? ""))
    } else {
      parts.append("does not dock")
    }
    if let motion = algorithm.releaseMotion { parts.append("releases with \(motion)") }
    return parts.joined(separator: "; ")
  }

  /// `insets` as the edges that have any: "top 64, bottom 20".
  private static func describe(_ insets: Insets) -> String {
    [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
      .filter { $0.1 != 0 }.map { "\($0.0) \(formatNumber(Double($0.1)))" }.joined(separator: ", ")
  }
}

/// SnapLab's own algorithms, registered from the catalogue's table with their own types.
let builtInAlgorithms: [RegisteredAlgorithm] = {
  struct Collector: AlgorithmVisitor {
    var registered: [RegisteredAlgorithm] = []
    mutating func visit<Algorithm: SnapAlgorithm>(
      _ algorithm: Algorithm, summary: String, source: Article?
    ) {
      var entry = RegisteredAlgorithm(algorithm, summary: summary, source: source)
      entry.registeredAt = nil
      registered.append(entry)
    }
  }
  var collector = Collector()
  AlgorithmCatalogue.forEachAlgorithm(&collector)
  return collector.registered
}()

/// A line of a source file, as `#filePath` and `#line` give it.
public struct SourceLine: Sendable, Hashable {
  /// The file's path when it was compiled (absolute, as `#filePath` is).
  public var filePath: String
  /// The line, from 1.
  public var line: Int

  @inlinable
  public init(filePath: String, line: Int) {
    self.filePath = filePath
    self.line = line
  }
}
