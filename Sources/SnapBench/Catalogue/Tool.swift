import SnapAlgorithms
import SnapVerification

/// The running tool: what it is called and which algorithms its commands know, the built-in
/// ones first and then those added with `SnapBench.main(adding:)`.
struct Tool: Sendable {
  /// The executable's name, as help and usage lines spell it.
  let name: String
  /// How a replay command runs the tool: its name, or `swift run <name>` for a bench of the
  /// user's package run from its build directory (where it is not on the PATH).
  let replayName: String
  /// Every algorithm, in the order `list algorithms` prints them.
  let algorithms: [RegisteredAlgorithm]
  /// Those added to SnapLab's own.
  let added: [RegisteredAlgorithm]
  /// The executable that verification workers are started from (this one, with the same
  /// algorithms): set by `SnapBench.main`; `nil` where this process is some other program.
  var workerExecutable: String?

  /// The tool with `added` beside the built-ins; throws when an added id is empty, has
  /// characters an id cannot have, or is one the tool already answers to.
  init(name: String, adding added: [RegisteredAlgorithm], executablePath: String? = nil)
    throws
  {
    self.name = name
    let built = executablePath.map { $0.hasPrefix(".build/") || $0.contains("/.build/") } ?? false
    // Quoted as a shell word: a name is the user's file name, and a replay command is pasted.
    self.replayName = name != "snap-bench" && built ? "swift run \(shellWord(name))" : shellWord(name)
    var seen: [String: String] = [:]
    for algorithm in added {
      let id = algorithm.entry.id
      let key = AlgorithmCatalogue.normalisedID(id)
      guard !key.isEmpty else { throw RuntimeError("an added algorithm has an empty id") }
      if AlgorithmCatalogue.claims(id) {
        throw RuntimeError(
          "the added algorithm id '\(id)' is already a built-in algorithm's; "
            + "give yours an id of its own, such as 'myapp.\(key.prefix { $0 != "." && $0 != "(" })'")
      }
      let typable = !id.hasPrefix("-") && id.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
      }
      guard typable else {
        throw RuntimeError(
          "the added algorithm id '\(id)' is not one users can type: use lower-case letters, "
            + "digits, '.', '_' and '-', not starting with '-' (for example 'myapp.dock')")
      }
      if let earlier = seen[key] {
        throw RuntimeError("two added algorithms share the id '\(earlier)'")
      }
      seen[key] = id
    }
    self.added = added
    self.algorithms = builtInAlgorithms + added
  }

  /// Every id, in order.
  var ids: [String] { algorithms.map(\.entry.id) }

  /// The registered algorithm with exactly this id (case-insensitive), if any.
  func registered(id: String) -> RegisteredAlgorithm? {
    let key = AlgorithmCatalogue.normalisedID(id)
    return algorithms.first { $0.entry.id == key }
  }

  /// The algorithms an id names: an added one, or whatever the catalogue reads it as (a family
  /// name, an id with options). Throws for a fluid-dock id with a mistake in it; empty when
  /// the id names nothing.
  func algorithms(matching id: String) throws(AlgorithmIDError) -> [any SnapAlgorithm] {
    let key = AlgorithmCatalogue.normalisedID(id)
    if let found = added.first(where: { $0.entry.id == key }) { return [found.entry.make()] }
    return try AlgorithmCatalogue.algorithms(matching: key)
  }

  /// The one algorithm an id names, or nil (a family name picks its default member).
  func algorithm(id: String) -> (any SnapAlgorithm)? {
    let key = AlgorithmCatalogue.normalisedID(id)
    if let found = added.first(where: { $0.entry.id == key }) { return found.entry.make() }
    return AlgorithmCatalogue.algorithm(id: key)
  }

  /// The algorithm id the user most likely meant: the nearest id, or the first id of the
  /// nearest family (`edge-dok` → `edge-dock.published`).
  func suggestion(for text: String) -> String? {
    let key = text.lowercased()
    if let near = nearestCandidate(to: key, among: ids) { return near }
    let families = ids.map { String($0.prefix { $0 != "." }) }
    let family = key.prefix { $0 != "." }
    guard let near = nearestCandidate(to: String(family), among: families) else { return nil }
    return ids.first { $0.hasPrefix(near + ".") }
  }

  /// `spec` as this tool prints it: `snap-bench` replaced by the tool's name.
  func spec(_ spec: CommandSpec) -> CommandSpec {
    spec.renamed(to: name)
  }
}
