// The harness: runs one problem for seeds 1...30 through PropertyBased's own entry points
// (`propertyCheck`, `FixedSeedTrait.fixedSeed`, the `.shrinking` trait) and prints the table.
//
// How a seed becomes a run. PropertyBased has no seed for a run of many examples: its
// `propertyCheck(count:)` gives every example a fresh 256-bit xoshiro256** state from
// `SystemRandomNumberGenerator`, and its only seed, the `.fixedSeed(s1, s2, s3, s4)` trait, fixes
// that state for ONE example (with a fixed seed `count` is ignored and one example runs). So a
// run for seed k is the library's own loop written out: example i is one
// `propertyCheck(count: 1, ...)` under `.fixedSeed(w0, w1, w2, w3)`, where w0...w3 are the
// (4i)th to (4i+3)th outputs of SplitMix64 started at k; the first failing example is shrunk
// by the library inside that same call, and the run stops there. That is exactly what
// `propertyCheck(count: 100_000)` does, with SplitMix64(k) in place of the system generator.
// SPB_MODE=unseeded runs `propertyCheck(count: budget)` itself instead (not reproducible).
import Foundation
import PropertyBased
import Testing

/// A mutable cell the property closure (which must be @Sendable to pass through Swift
/// Testing's scoping) writes into. The checks run one at a time, on one task.
final class Box<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

struct Probe<T> {
  var failed = false
  /// Property evaluations after the first failing one: the library's shrink candidates and
  /// its final re-run of the shrunk input (the Hypothesis script of SnapLab counts the same).
  var evaluationsAfterFailure = 0
  /// The input of the last failing evaluation. PropertyBased's last call of the property is
  /// its re-run of the final shrunk input, so this is the shrunk counterexample.
  var lastFailing: T? = nil
  var examples = 0
}

struct Outcome {
  var found: Bool
  var minimal: Bool
  var evaluations: Int
  var examples: Int
  var shown: String
}

/// Swallows every issue recorded inside: the failing `#expect`s, the library's "Failure
/// occured with input ..." report, and `.fixedSeed`'s "no expectation failure occured" for a
/// passing example. The harness reads the outcome from the probe instead.
/// SPB_SHOW_REPORTS=1 prints the library's own report of each failure, to check that the
/// probe's last failing input is the shrunk input the library reports.
let silence = IssueHandlingTrait.compactMapIssues { issue in
  if showReports, let comment = issue.comments.first, comment.rawValue.hasPrefix("Failure occured") {
    print("[spb] library report: " + comment.rawValue.replacingOccurrences(of: "\n", with: " "))
  }
  return nil
}

let environment = ProcessInfo.processInfo.environment
let seedCount = Int(environment["SPB_SEEDS"] ?? "") ?? 30
let defaultBudget = Int(environment["SPB_BUDGET"] ?? "") ?? 100_000
let unseeded = environment["SPB_MODE"] == "unseeded"
let showReports = environment["SPB_SHOW_REPORTS"] != nil
let onlyProblems: Set<String>? = environment["SPB_PROBLEMS"].map {
  Set($0.split(separator: ",").map(String.init))
}

func runOnce<Value>(
  _ gen: Generator<Value, some Sequence>, seed: UInt64, budget: Int,
  _ property: @escaping @Sendable (Value) -> Bool
) async -> Probe<Value> {
  let probe = Box(Probe<Value>())
  let test = Test.current!
  let testCase = Test.Case.current
  // The property as a user writes it: an #expect inside the propertyCheck body, wrapped by
  // the counter.
  let body: @Sendable (Value) -> Void = { value in
    let holds = property(value)
    if probe.value.failed {
      probe.value.evaluationsAfterFailure += 1
    } else {
      probe.value.examples += 1
    }
    if !holds {
      probe.value.failed = true
      probe.value.lastFailing = value
    }
    #expect(holds)
  }
  if unseeded {
    try? await silence.provideScope(for: test, testCase: testCase) {
      await propertyCheck(count: budget, input: gen) { body($0) }
    }
    return probe.value
  }
  var mix = SplitMix64(state: seed)
  for _ in 0..<budget {
    let fixed = FixedSeedTrait.fixedSeed(mix.next(), mix.next(), mix.next(), mix.next())
    try? await silence.provideScope(for: test, testCase: testCase) {
      await fixed.provideScope(for: test, testCase: testCase) {
        await propertyCheck(count: 1, input: gen) { body($0) }
      }
    }
    if probe.value.failed { break }
  }
  return probe.value
}

nonisolated(unsafe) var rows: [(name: String, outcomes: [Outcome], note: String)] = []

func challenge<Value>(
  _ name: String, _ gen: Generator<Value, some Sequence>, budget: Int? = nil,
  isMinimum: (Value) -> Bool, show: (Value) -> String = { "\($0)" },
  alsoCount: [(label: String, matches: (Value) -> Bool)] = [],
  _ property: @escaping @Sendable (Value) -> Bool
) async {
  if let onlyProblems, !onlyProblems.contains(name) { return }
  let budget = budget ?? defaultBudget
  let start = ContinuousClock.now
  var outcomes: [Outcome] = []
  var also = [Int](repeating: 0, count: alsoCount.count)
  for seed in 1...seedCount {
    let probe = await runOnce(gen, seed: UInt64(seed), budget: budget, property)
    guard probe.failed, let value = probe.lastFailing else {
      outcomes.append(
        Outcome(found: false, minimal: false, evaluations: 0, examples: probe.examples, shown: "not found"))
      continue
    }
    for (i, other) in alsoCount.enumerated() where other.matches(value) { also[i] += 1 }
    if showReports { print("[spb] seed \(seed): probe's last failing input: \(show(value))") }
    outcomes.append(
      Outcome(
        found: true, minimal: isMinimum(value), evaluations: probe.evaluationsAfterFailure,
        examples: probe.examples, shown: show(value)))
  }
  let elapsed = ContinuousClock.now - start
  let found = outcomes.filter(\.found).count
  let note =
    "\(name): found \(found)/\(outcomes.count), budget \(budget) examples a run, "
    + "mean examples to the first failure \(String(format: "%.1f", mean(outcomes.filter(\.found).map(\.examples)))), "
    + alsoCount.indices.map { "\(also[$0])/\(outcomes.count) end at \(alsoCount[$0].label), " }.joined()
    + "\(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))"
  print("[spb] " + note)
  rows.append((name, outcomes, note))
}

func mean(_ values: [Int]) -> Double {
  values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count)
}

func printTable() {
  var total = 0
  var minimal = 0
  print("problem            at minimum   mean shrink evaluations   a result that is not minimal")
  for (name, outcomes, _) in rows {
    let hits = outcomes.filter(\.minimal).count
    total += outcomes.count
    minimal += hits
    let evaluations = mean(outcomes.filter(\.found).map(\.evaluations))
    let example = outcomes.first { !$0.minimal }?.shown ?? ""
    print(
      name.padding(toLength: 19, withPad: " ", startingAt: 0)
        + "\(hits)/\(outcomes.count)".padding(toLength: 13, withPad: " ", startingAt: 0)
        + String(format: "%-26.1f", evaluations) + String(example.prefix(100)))
  }
  print(
    String(
      format: "overall: %d/%d at the known minimum (%.1f%%)", minimal, total,
      total == 0 ? 0 : 100 * Double(minimal) / Double(total)))
}
