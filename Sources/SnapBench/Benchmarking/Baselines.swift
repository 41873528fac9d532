import Foundation
import SnapAlgorithms

/// Saved results to compare later runs with: `Benchmarks/baselines/<name>.json` of the package,
/// found from any working directory below its root.
///
/// A name is letters, digits, `-`, `_` and `.`, neither of the last two first (a `.json` at the
/// end is dropped), never a path.
/// `SNAPBENCH_BASELINES` names another directory (the tests use it). A baseline is a results
/// file (`BenchmarkResults`) whose medians are positive, finite numbers; anything else is
/// corrupt and refused.
enum Baselines {
  /// The directory baselines live in: `$SNAPBENCH_BASELINES`, or `Benchmarks/baselines` of the
  /// nearest directory at or above `start` that holds a `Package.swift`.
  static func directory(from start: String = FileManager.default.currentDirectoryPath) throws
    -> String
  {
    if let raw = getenv("SNAPBENCH_BASELINES"), raw.pointee != 0 {
      // A path that is not UTF-8 would be read and written under another name: refused.
      let bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }
      guard let override = String(validating: bytes, as: UTF8.self) else {
        throw RuntimeError("SNAPBENCH_BASELINES is not a UTF-8 path; name a directory whose path is")
      }
      return override
    }
    var candidate = URL(fileURLWithPath: start).standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
        return candidate.appendingPathComponent("Benchmarks/baselines").path
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path {
        throw RuntimeError(
          "baselines live in Benchmarks/baselines of a package, and no directory at or above "
            + "\(quoted(start)) holds a Package.swift (or set SNAPBENCH_BASELINES)")
      }
      candidate = parent
    }
  }

  /// The file of the baseline called `name`, checked for `option`.
  static func path(of name: String, for option: OptionSpec, spec: CommandSpec) throws -> String {
    var bare = name
    if bare.hasSuffix(".json") { bare.removeLast(5) }
    let allowed = !bare.isEmpty && !bare.hasPrefix(".") && !bare.hasPrefix("-")
      && bare.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-_.".unicodeScalars.contains($0)
      }
    guard allowed else {
      throw UsageError.invalidValue(
        name, for: option,
        reason: "a baseline name is letters, digits, '-', '_' and '.' (not first), not a path "
          + "(baselines live in Benchmarks/baselines/)")
        .withUsage(of: spec)
    }
    return try directory() + "/" + bare + ".json"
  }

  /// The baseline in `path`, refused (a runtime error, exit 1) when missing or corrupt.
  static func read(_ path: String) throws -> BenchmarkResults {
    guard FileManager.default.fileExists(atPath: path) else {
      throw RuntimeError("cannot read the baseline \(quoted(path)); save one with --save-baseline")
    }
    let bytes = try readInput(path, what: "the baseline")
    let file: BenchmarkResults
    do {
      file = try BenchmarkResults(json: Data(bytes))
    } catch {
      throw RuntimeError("the baseline \(quoted(path)): \(error.description)")
    }
    if let bad = file.results.first(where: { !($0.nsPerOp.median.isFinite && $0.nsPerOp.median > 0) }) {
      throw RuntimeError(
        "the baseline \(quoted(path)) is corrupt: the median of \(bad.name) is "
          + "\(describeNumber(bad.nsPerOp.median)), not a positive number of nanoseconds")
    }
    return file
  }
}
