// SwiftCheck (github.com/typelift/SwiftCheck) on the public shrinking challenge
// (github.com/jlink/shrinking-challenge) and on throughput, written through SwiftCheck's public
// API the way a SwiftCheck user writes a property: Arbitrary types, Gen combinators, `==>` for
// preconditions, CheckerArguments(replay:) for the seed. Built and run by ./run.sh; README.md
// explains every formulation choice.
//
//   swiftcheck-peer [challenge] [throughput] [--only NAME] [--log PATH] [--shrink-budget N]
//                   [--throughput-chunk N] [--single-call N]
import Foundation
import SwiftCheck

// MARK: - Command line

var modes: Set<String> = []
var onlyProblem: String?
var logPath = "/dev/null"
var singleCall: Int?
/// Property runs allowed after the first failure (see Probe): as many as the examples of a run.
var shrinkBudget = 100_000
/// Tests per call in the throughput runs (see `chunk`).
var throughputChunk = 100
do {
  var rest = Array(CommandLine.arguments.dropFirst())[...]
  while let word = rest.popFirst() {
    switch word {
    case "challenge", "throughput": modes.insert(word)
    case "--only": onlyProblem = rest.popFirst()
    case "--log": logPath = rest.popFirst() ?? logPath
    case "--single-call": singleCall = rest.popFirst().flatMap { Int($0) }
    case "--throughput-chunk": throughputChunk = rest.popFirst().flatMap { Int($0) } ?? throughputChunk
    case "--shrink-budget": shrinkBudget = rest.popFirst().flatMap { Int($0) } ?? shrinkBudget
    default:
      FileHandle.standardError.write("unknown argument \(word)\n".data(using: .utf8)!)
      exit(2)
    }
  }
  if modes.isEmpty && singleCall == nil { modes = ["challenge", "throughput"] }
}

// MARK: - SwiftCheck's console output

// SwiftCheck prints its verdict and counterexample for every call; the public runner has no
// silent mode and returns nothing. That output goes to the log (--log), the table to stdout.
let terminal = dup(1)
let logFile = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
func quietly<R>(_ body: () -> R) -> R {
  fflush(stdout)
  dup2(logFile, 1)
  defer {
    fflush(stdout)
    dup2(terminal, 1)
  }
  return body()
}

// SwiftCheck's runner keeps one stamp per passed test in an immutable CheckerState that it copies
// on every test (Test.swift, `collected: [stamp] + st.collected`), so one call of N tests costs
// O(N²): 40,000 tests in one call take ~7 s here, 200,000 would take minutes. Every budget below
// is therefore run as successive calls, each with its own replay seed: the challenge's 100,000
// examples as calls of `chunk` (1,000) tests, throughput's 200,000 as calls of
// `throughputChunk` (100, SwiftCheck's default maxAllowableSuccessfulTests, its fastest).
let chunk = 1_000

/// Seed `seed`, call `call` (0, 1, …) of a run. Call 0 is exactly what a SwiftCheck user writes
/// to replay seed `seed`: `StdGen(seed)`, which is `StdGen(seed + 1, 1)`, at starting size 0 (the
/// size an ordinary run starts at). Later calls of the same run step the second seed word.
func replaySeed(_ seed: Int, call: Int) -> StdGen {
  call == 0 ? StdGen(seed) : StdGen(seed + 1, call + 1)
}

// MARK: - The probe around every property

/// Wraps the property: counts its runs (every call of the property closure, discarded ones
/// included), notes the first failing one, and takes the final counterexample from `whenFail`,
/// which SwiftCheck runs once, after shrinking, for the counterexample it reports.
///
/// SwiftCheck has no shrink limit, and its shrink loop costs (failing candidates) × (their
/// candidates) runs per step (see README), so the probe enforces one: after `shrinkBudget` runs
/// from the first failure on, the shrinker offers no more candidates and any candidate already
/// offered is discarded (SwiftCheck's `Discard`) without running the property. No candidate then
/// fails, so SwiftCheck stops and reports the last failing value it had accepted.
final class Probe<Value> {
  var runs = 0
  var firstFailure: Int?
  var budgetSpent = false
  var reported: Value?
  var reports = 0
  /// The last value the property was false on; kept only to show it is NOT the final one:
  /// SwiftCheck evaluates all of a node's shrink candidates before descending into one.
  var lastFalse: Value?

  var exhausted: Bool {
    guard let first = firstFailure else { return false }
    return runs - first >= shrinkBudget
  }

  /// SwiftCheck's `forAll(gen) { … }`, spelled as the `forAllShrink(gen, shrinker: A.shrink, f:)`
  /// it is in SwiftCheck's source, with the shrinker cut off once the budget is spent. The
  /// multi-argument forAll(genA, genB, …) is nested forAlls in SwiftCheck, and so here.
  func forAll<A: Arbitrary>(_ gen: Gen<A> = A.arbitrary, _ pf: @escaping (A) -> Testable) -> Property {
    forAllShrink(gen, shrinker: { [unowned self] x in
      if self.exhausted {
        self.budgetSpent = true
        return []
      }
      return A.shrink(x)
    }, f: pf)
  }

  func check(_ value: Value, precondition: Bool = true, _ holds: @escaping (Value) -> Bool) -> Property {
    if exhausted {
      budgetSpent = true
      return Discard().property
    }
    runs += 1
    let index = runs
    return precondition ==> {
      let ok = holds(value)
      if !ok {
        if self.firstFailure == nil { self.firstFailure = index }
        self.lastFalse = value
      }
      return ok.whenFail {
        self.reported = value
        self.reports += 1
      }
    }
  }
}

// MARK: - The challenge

struct Outcome {
  var found: Bool
  var minimal: Bool
  var evaluations: Int
  var shown: String
  var testsToFailure: Int
  var lastFalseWasFinal: Bool
  var budgetSpent: Bool
}

var rows: [(name: String, outcomes: [Outcome], seconds: Double)] = []
let seeds = Array(1...30)

func seconds(_ d: Duration) -> Double {
  Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func challenge<Value>(
  _ name: String, examples: Int = 100_000, isMinimum: @escaping (Value) -> Bool,
  show: @escaping (Value) -> String = { "\($0)" }, _ property: @escaping (Probe<Value>) -> Property
) {
  if let only = onlyProblem, only != name { return }
  let start = ContinuousClock.now
  var outcomes: [Outcome] = []
  for seed in seeds {
    let probe = Probe<Value>()
    var call = 0
    while probe.firstFailure == nil && probe.runs < examples {
      let arguments = CheckerArguments(
        replay: (replaySeed(seed, call: call), 0), maxAllowableSuccessfulTests: chunk,
        maxAllowableDiscardedTests: chunk)
      quietly {
        print("== \(name), seed \(seed), call \(call)")
        quickCheck(reporting: name, arguments: arguments, property: property(probe))
      }
      call += 1
    }
    if probe.firstFailure != nil {
      quietly { print("reported through whenFail: \(probe.reported.map(show) ?? "nothing")") }
    }
    guard let first = probe.firstFailure else {
      outcomes.append(Outcome(
        found: false, minimal: false, evaluations: 0, shown: "not found", testsToFailure: 0,
        lastFalseWasFinal: true, budgetSpent: false))
      continue
    }
    guard let value = probe.reported, probe.reports == 1 else {
      fatalError("\(name) seed \(seed): SwiftCheck failed but reported \(probe.reports) counterexamples")
    }
    outcomes.append(Outcome(
      found: true, minimal: isMinimum(value), evaluations: probe.runs - first,
      shown: show(value), testsToFailure: first,
      lastFalseWasFinal: probe.lastFalse.map(show) == show(value), budgetSpent: probe.budgetSpent))
  }
  let time = seconds(ContinuousClock.now - start)
  rows.append((name, outcomes, time))
  FileHandle.standardError.write("  \(name): \(String(format: "%.1f", time)) s\n".data(using: .utf8)!)
}

func printTable() {
  var total = 0
  var minimal = 0
  print("problem            at minimum   mean shrink evaluations   a result that is not minimal")
  for (name, outcomes, _) in rows {
    let hits = outcomes.filter(\.minimal).count
    if !name.hasSuffix("*") {
      total += outcomes.count
      minimal += hits
    }
    let found = outcomes.filter(\.found)
    let mean = found.isEmpty ? 0 : Double(found.map(\.evaluations).reduce(0, +)) / Double(found.count)
    let example = outcomes.first { !$0.minimal }?.shown ?? ""
    print(
      name.padding(toLength: 19, withPad: " ", startingAt: 0)
        + "\(hits)/\(outcomes.count)".padding(toLength: 13, withPad: " ", startingAt: 0)
        + String(format: "%-26.1f", mean) + String(example.prefix(80)))
  }
  if rows.contains(where: { $0.name.hasSuffix("*") }) {
    print("* SwiftCheck's own positive-integer modifier in place of the spec's 1...Int32.max; not in the overall")
  }
  if total > 0 {
    print(String(
      format: "overall: %d/%d at the known minimum (%.1f%%)", minimal, total,
      100 * Double(minimal) / Double(total)))
  }
  print("")
  print("details: runs that found a failure; mean tests to the first failure; runs that spent the shrink budget (\(shrinkBudget) runs); runs where the last false run was not the reported counterexample; seconds")
  for (name, outcomes, time) in rows {
    let found = outcomes.filter(\.found)
    let tests = found.isEmpty ? 0 : Double(found.map(\.testsToFailure).reduce(0, +)) / Double(found.count)
    print(
      "  " + name.padding(toLength: 19, withPad: " ", startingAt: 0)
        + "found \(found.count)/\(outcomes.count)".padding(toLength: 15, withPad: " ", startingAt: 0)
        + String(format: "tests %-10.1f", tests)
        + "budget spent \(found.filter(\.budgetSpent).count)".padding(toLength: 17, withPad: " ", startingAt: 0)
        + "last-false≠final \(found.filter { !$0.lastFalseWasFinal }.count)".padding(toLength: 22, withPad: " ", startingAt: 0)
        + String(format: "%.1f s", time))
  }
}

/// The wrapping Int16 sum.
func wrappingSum(_ list: [Int16]) -> Int16 { list.reduce(0, &+) }

/// () for nestedlists: Void cannot conform to Arbitrary, so a one-value type.
struct Unit: Arbitrary, CustomStringConvertible {
  static var arbitrary: Gen<Unit> { Gen.pure(Unit()) }
  var description: String { "()" }
}

/// calculator's expressions.
indirect enum Expression: Arbitrary, Equatable, CustomStringConvertible {
  case number(Int)
  case add(Expression, Expression)
  case divide(Expression, Expression)

  /// One of (equally likely) a literal, (+ e e), (/ e e). Unbounded, that recursion is infinite
  /// with positive probability (2 × 2/3 children per node on average), so, as SwiftCheck's docs
  /// do for recursive types, the size is halved at every level and size 0 gives a literal.
  static var arbitrary: Gen<Expression> {
    Gen.sized { n in
      let number = Int.arbitrary.map(Expression.number)
      guard n > 0 else { return number }
      let sub = Expression.arbitrary.resize(n / 2)
      let pair = Gen<(Expression, Expression)>.zip(sub, sub)
      return Gen.one(of: [
        number,
        pair.map { Expression.add($0.0, $0.1) },
        pair.map { Expression.divide($0.0, $0.1) },
      ])
    }
  }

  /// QuickCheck's usual shrinker for a tree: each child alone, then one child shrunk.
  static func shrink(_ e: Expression) -> [Expression] {
    switch e {
    case .number(let n): return Int.shrink(n).map(Expression.number)
    case .add(let a, let b):
      return [a, b] + shrink(a).map { .add($0, b) } + shrink(b).map { .add(a, $0) }
    case .divide(let a, let b):
      return [a, b] + shrink(a).map { .divide($0, b) } + shrink(b).map { .divide(a, $0) }
    }
  }

  var description: String {
    switch self {
    case .number(let n): return "\(n)"
    case .add(let a, let b): return "(+ \(a) \(b))"
    case .divide(let a, let b): return "(/ \(a) \(b))"
    }
  }

  var hasLiteralZeroDivision: Bool {
    switch self {
    case .number: return false
    case .add(let a, let b): return a.hasLiteralZeroDivision || b.hasLiteralZeroDivision
    case .divide(let a, let b):
      return b == .number(0) || a.hasLiteralZeroDivision || b.hasLiteralZeroDivision
    }
  }

  /// The value (wrapping +, Int division), or nil on a division by zero.
  var value: Int? {
    switch self {
    case .number(let n): return n
    case .add(let a, let b):
      guard let x = a.value, let y = b.value else { return nil }
      return x &+ y
    case .divide(let a, let b):
      guard let x = a.value, let y = b.value, y != 0 else { return nil }
      return x.dividedReportingOverflow(by: y).partialValue
    }
  }
}

/// binheap's heaps.
indirect enum Heap: Arbitrary, Equatable, CustomStringConvertible {
  case empty
  case node(Int, Heap, Heap)

  /// heap1(bound, size) of the original: branch in 1...8; 1 or size <= 0 gives None; else a
  /// head Int (>= bound, by SwiftCheck's `suchThat`), and two children of size/2.
  static func heap(bound: Int?, size: Int) -> Gen<Heap> {
    Gen<Int>.choose((1, 8)).flatMap { branch in
      if branch == 1 || size <= 0 { return Gen.pure(Heap.empty) }
      let head = bound.map { b in Int.arbitrary.suchThat { $0 >= b } } ?? Int.arbitrary
      return head.flatMap { h in
        Gen<(Heap, Heap)>.zip(heap(bound: h, size: size / 2), heap(bound: h, size: size / 2))
          .map { Heap.node(h, $0.0, $0.1) }
      }
    }
  }

  static var arbitrary: Gen<Heap> {
    Gen<Int>.choose((0, 20)).flatMap { heap(bound: nil, size: $0) }
  }

  /// None, each child alone, the head shrunk, one child shrunk; kept only when still a heap
  /// (every child at least its parent), as generated.
  static func shrink(_ h: Heap) -> [Heap] {
    guard case .node(let v, let l, let r) = h else { return [] }
    let candidates: [Heap] =
      [.empty] + [l, r].filter { $0 != .empty }
      + Int.shrink(v).map { .node($0, l, r) }
      + shrink(l).map { .node(v, $0, r) }
      + shrink(r).map { .node(v, l, $0) }
    return candidates.filter(\.isHeap)
  }

  var isHeap: Bool {
    guard case .node(let v, let l, let r) = self else { return true }
    for child in [l, r] {
      if case .node(let w, _, _) = child, w < v { return false }
    }
    return l.isHeap && r.isHeap
  }

  var description: String {
    switch self {
    case .empty: return "None"
    case .node(let v, let l, let r): return "(\(v), \(l), \(r))"
    }
  }

  /// to_list: preorder via a stack (pop, append head, push left then right).
  var list: [Int] {
    var result: [Int] = []
    var stack: [Heap] = [self]
    while let heap = stack.popLast() {
      guard case .node(let v, let l, let r) = heap else { continue }
      result.append(v)
      stack.append(l)
      stack.append(r)
    }
    return result
  }

  static func merge(_ a: Heap, _ b: Heap) -> Heap {
    switch (a, b) {
    case (.empty, _): return b
    case (_, .empty): return a
    case (.node(let x, let xl, let xr), .node(let y, let yl, let yr)):
      return x <= y ? .node(x, merge(xr, b), xl) : .node(y, merge(yr, a), yl)
    }
  }

  var wrongSortedList: [Int] {
    guard case .node(let v, let l, let r) = self else { return [] }
    return [v] + Heap.merge(l, r).list
  }
}

func runChallenge() {
  // 1 reverse: SwiftCheck's [Int] (length 0...size, elements -size...size). Minimum [0, 1].
  challenge("reverse", isMinimum: { (xs: [Int]) in xs == [0, 1] }) { probe in
    probe.forAll { (xs: [Int]) in probe.check(xs) { $0 == $0.reversed() } }
  }

  // 2 bound5: five lists of Int16, each with a wrapping sum below 256 (`==>`); the wrapping total
  // stays below 5 × 256. SwiftCheck's Int16.arbitrary is -size...size (|x| <= 100), which can
  // never reach the minimum's -32768, so the elements are the full Int16 range
  // (Gen<Int16>.chooseAny()) in SwiftCheck's default list generator (`proliferate`), shrunk by
  // [Int16].shrink. Minimum: [-32768] and [-1] alone in two lists, the other three empty.
  typealias Five = ([Int16], [Int16], [Int16], [Int16], [Int16])
  let int16Lists = Gen<Int16>.chooseAny().proliferate
  challenge(
    "bound5",
    isMinimum: { (t: Five) in
      let lists = [t.0, t.1, t.2, t.3, t.4].filter { !$0.isEmpty }
      return lists.count == 2 && lists.allSatisfy { $0.count == 1 }
        && Set(lists.map { $0[0] }) == [-32768, -1]
    },
    show: { "\([$0.0, $0.1, $0.2, $0.3, $0.4])" }
  ) { probe in
    probe.forAll(int16Lists) { (a: [Int16]) in
      probe.forAll(int16Lists) { (b: [Int16]) in
        probe.forAll(int16Lists) { (c: [Int16]) in
          probe.forAll(int16Lists) { (d: [Int16]) in
            probe.forAll(int16Lists) { (e: [Int16]) in
              probe.check((a, b, c, d, e), precondition: [a, b, c, d, e].allSatisfy { wrappingSum($0) < 256 }) { t in
                [t.0, t.1, t.2, t.3, t.4].map(wrappingSum).reduce(0, &+) < 5 * 256
              }
            }
          }
        }
      }
    }
  }

  // 3 large_union_list: [[Int]], fewer than 5 distinct integers in all. Minimum: one list of
  // exactly {0, 1, -1, 2, -2}.
  challenge(
    "large_union_list",
    isMinimum: { (xss: [[Int]]) in xss.count == 1 && xss[0].count == 5 && Set(xss[0]) == [0, 1, -1, 2, -2] }
  ) { probe in
    probe.forAll { (xss: [[Int]]) in probe.check(xss) { Set($0.joined()).count < 5 } }
  }

  // 4 calculator: no literal division by zero (`==>`) ⇒ no division by zero. Minimum (/ 0 (+ 0 0)).
  challenge(
    "calculator",
    isMinimum: { (e: Expression) in e == .divide(.number(0), .add(.number(0), .number(0))) }
  ) { probe in
    probe.forAll { (e: Expression) in probe.check(e, precondition: !e.hasLiteralZeroDivision) { $0.value != nil } }
  }

  // 5 lengthlist: n in 1...100, then n Ints in 0...1000 (flatMap); max < 900. Minimum [900].
  let lengthList = Gen<Int>.choose((1, 100)).flatMap { n in
    Gen<Int>.choose((0, 1000)).proliferate(withSize: n)
  }
  challenge("lengthlist", isMinimum: { (xs: [Int]) in xs == [900] }) { probe in
    probe.forAll(lengthList) { (xs: [Int]) in probe.check(xs) { ($0.max() ?? 0) < 900 } }
  }

  // 6-8 difference: two Int32 in 1...Int32.max (Gen.choose, uniform), shrunk by Int32.shrink.
  let positive = Gen<Int32>.choose((1, Int32.max))
  func difference(_ name: String, minimum: (Int32, Int32), _ holds: @escaping (Int, Int) -> Bool) {
    challenge(name, isMinimum: { (p: (Int32, Int32)) in p == minimum }) { probe in
      probe.forAll(positive) { (a: Int32) in
        probe.forAll(positive) { (b: Int32) in probe.check((a, b)) { holds(Int($0.0), Int($0.1)) } }
      }
    }
  }
  difference("difference_zero", minimum: (10, 10)) { a, b in a < 10 || a != b }
  difference("difference_small", minimum: (10, 6)) { a, b in a < 10 || !(1...4).contains(abs(a - b)) }
  difference("difference_one", minimum: (10, 9)) { a, b in a < 10 || abs(a - b) != 1 }

  // 9 binheap. Minimum (0, None, (0, (0, None, None), (1, None, None))).
  challenge(
    "binheap",
    isMinimum: { (h: Heap) in
      h == .node(0, .empty, .node(0, .node(0, .empty, .empty), .node(1, .empty, .empty)))
    }
  ) { probe in
    probe.forAll { (h: Heap) in
      probe.check(h) { h in
        let sorted = h.wrongSortedList
        return sorted == sorted.sorted() && h.list.sorted() == sorted
      }
    }
  }

  // 10 coupling: SwiftCheck's default list of Int in 0...10, every element < count (`==>`);
  // no two positions point at each other. Minimum [1, 0].
  let smallInts = Gen<Int>.choose((0, 10)).proliferate
  challenge("coupling", isMinimum: { (xs: [Int]) in xs == [1, 0] }) { probe in
    probe.forAll(smallInts) { (xs: [Int]) in
      probe.check(xs, precondition: xs.allSatisfy { $0 < xs.count }) { list in
        list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
      }
    }
  }

  // 11 deletion: ([Int], Int in 0...10), index < count (`==>`); removing the first occurrence of
  // ls[i] leaves none. Minimum ([0, 0], 0).
  challenge(
    "deletion", isMinimum: { (p: ([Int], Int)) in p.0 == [0, 0] && p.1 == 0 }
  ) { probe in
    probe.forAll { (xs: [Int]) in
      probe.forAll(Gen<Int>.choose((0, 10))) { (i: Int) in
        probe.check((xs, i), precondition: i < xs.count) { p in
          var list = p.0
          let x = list[p.1]
          list.remove(at: list.firstIndex(of: x)!)
          return !list.contains(x)
        }
      }
    }
  }

  // 12 distinct: [Int] with fewer than 3 distinct elements. Minimum [0, 1, -1] or [0, 1, 2].
  challenge("distinct", isMinimum: { (xs: [Int]) in xs == [0, 1, -1] || xs == [0, 1, 2] }) { probe in
    probe.forAll { (xs: [Int]) in probe.check(xs) { Set($0).count < 3 } }
  }

  // 13 nestedlists: [[Unit]]; the inner counts total at most 10. Minimum: one list of 11.
  challenge(
    "nestedlists", isMinimum: { (xss: [[Unit]]) in xss.count == 1 && xss[0].count == 11 },
    show: { "\($0.map(\.count)) (inner counts)" }
  ) { probe in
    probe.forAll { (xss: [[Unit]]) in probe.check(xss) { $0.map(\.count).reduce(0, +) <= 10 } }
  }

  // Not in the overall: difference with SwiftCheck's own `Positive<Int32>` modifier (its
  // Int32.arbitrary is -size...size, so 1...100), what a SwiftCheck user reaches for first.
  func differencePositive(_ name: String, minimum: (Int32, Int32), _ holds: @escaping (Int, Int) -> Bool) {
    challenge(name, isMinimum: { (p: (Int32, Int32)) in p == minimum }) { probe in
      probe.forAll { (a: Positive<Int32>) in
        probe.forAll { (b: Positive<Int32>) in
          probe.check((a.getPositive, b.getPositive)) { holds(Int($0.0), Int($0.1)) }
        }
      }
    }
  }
  differencePositive("difference_zero*", minimum: (10, 10)) { a, b in a < 10 || a != b }
  differencePositive("difference_small*", minimum: (10, 6)) { a, b in a < 10 || !(1...4).contains(abs(a - b)) }
  differencePositive("difference_one*", minimum: (10, 9)) { a, b in a < 10 || abs(a - b) != 1 }

  printTable()
}

// MARK: - Throughput

var checked = 0

/// Examples checked per second, best of 5 runs of 200,000, the property always passing. Each run
/// is 200,000 / `throughputChunk` calls (see `chunk`), timed together.
func throughput(_ name: String, _ property: Property) {
  let examples = 200_000
  var best = 0.0
  for round in 0..<5 {
    checked = 0
    let start = ContinuousClock.now
    quietly {
      for call in 0..<(examples / throughputChunk) {
        let arguments = CheckerArguments(
          replay: (replaySeed(round + 1, call: call), 0), maxAllowableSuccessfulTests: throughputChunk)
        quickCheck(reporting: name, arguments: arguments, property: property)
      }
    }
    let elapsed = seconds(ContinuousClock.now - start)
    precondition(checked == examples, "\(name): \(checked) examples checked, not \(examples)")
    best = max(best, Double(examples) / elapsed)
  }
  let note = throughputChunk == 100 ? "" : " [\(throughputChunk) tests per call]"
  print("\(name): \(Int(best)) examples/s (best of 5 runs of 200,000)\(note)")
}

let throughputLists = Gen<Int>.choose((0, 20)).flatMap { n in
  Gen<Int>.choose((-1000, 1000)).proliferate(withSize: n)
}
let throughputLengthList = Gen<Int>.choose((1, 100)).flatMap { n in
  Gen<Int>.choose((0, 1000)).proliferate(withSize: n)
}

func runThroughput() {
  throughput("trivial property over Int", forAll { (x: Int) in
    checked += 1
    return true
  })
  throughput("lists, reverse twice", forAll(throughputLists) { (xs: [Int]) in
    checked += 1
    return Array(xs.reversed().reversed()) == xs
  })
  throughput("lengthList, max <= 1000", forAll(throughputLengthList) { (xs: [Int]) in
    checked += 1
    return (xs.max() ?? 0) <= 1000
  })
}

/// The trivial property in one call of `n` tests: what the O(n²) runner costs.
func runSingleCall(_ n: Int) {
  checked = 0
  let start = ContinuousClock.now
  quietly {
    quickCheck(
      reporting: "single call",
      arguments: CheckerArguments(replay: (StdGen(1), 0), maxAllowableSuccessfulTests: n),
      property: forAll { (x: Int) in
        checked += 1
        return true
      })
  }
  let elapsed = seconds(ContinuousClock.now - start)
  print(String(
    format: "trivial property over Int, one call of %d tests: %.0f examples/s (%.2f s)", n,
    Double(checked) / elapsed, elapsed))
}

if modes.contains("challenge") { runChallenge() }
if modes.contains("throughput") {
  if modes.contains("challenge") { print("") }
  runThroughput()
}
if let n = singleCall { runSingleCall(n) }
