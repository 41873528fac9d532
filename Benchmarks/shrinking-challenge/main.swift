// The public shrinking challenge (github.com/jlink/shrinking-challenge), written through
// SnapCheck's documented API: for each problem, 30 seeds, how often shrinking ends at the
// problem's known minimum and how many property runs it takes. Built by ./run.sh with the
// SnapCheck sources, -O; hypothesis.py is the same problems through Hypothesis.
import Foundation

struct Outcome {
  var minimal: Bool
  var evaluations: Int
  var found: Bool
  var shown: String
}

var rows: [(String, [Outcome])] = []
let seeds: [UInt64] = Array(1...30)

func challenge<T>(
  _ name: String, _ gen: Gen<T>, examples: Int = 100_000, isMinimum: @escaping (T) -> Bool,
  show: @escaping (T) -> String = { "\($0)" }, _ property: @escaping (T) -> Bool
) {
  var outcomes: [Outcome] = []
  for seed in seeds {
    let result = forAll(gen, seed: seed, examples: examples, property)
    guard let value = result.counterexample else {
      outcomes.append(Outcome(minimal: false, evaluations: 0, found: false, shown: "not found"))
      continue
    }
    outcomes.append(Outcome(
      minimal: isMinimum(value), evaluations: result.shrinkEvaluations, found: true, shown: show(value)))
  }
  rows.append((name, outcomes))
}

let int = Gen.int
let int16 = Gen.integer(in: Int16.min...Int16.max)

// reverse: a list equal to its reverse. Minimum [0, 1].
challenge("reverse", int.array(count: 0...100), isMinimum: { $0 == [0, 1] }) {
  Array($0.reversed()) == $0
}

// bound5: five lists of Int16 each summing (wrapping) below 256; the wrapping total stays below
// 5 × 256. Minimum: [-32768] and [-1], each alone in a list, the other lists empty.
func wrappingSum(_ list: [Int16]) -> Int16 { list.reduce(0, &+) }
let bounded = int16.array(count: 0...10).filter { wrappingSum($0) < 256 }
challenge(
  "bound5", zip(bounded, bounded, bounded, bounded, bounded),
  isMinimum: { t in
    let lists = [t.0, t.1, t.2, t.3, t.4].filter { !$0.isEmpty }
    return lists.count == 2 && lists.allSatisfy { $0.count == 1 }
      && Set(lists.map { $0[0] }) == [-32768, -1]
  },
  show: { "\([$0.0, $0.1, $0.2, $0.3, $0.4])" }
) { t in
  [t.0, t.1, t.2, t.3, t.4].map(wrappingSum).reduce(0, &+) < 5 * 256
}

// large_union_list: lists of lists of integers with fewer than 5 distinct values in all.
// Minimum: one list holding 0, 1, -1, 2, -2.
challenge(
  "large_union_list", int.array(count: 0...20).array(count: 0...20),
  isMinimum: { $0.count == 1 && $0[0].count == 5 && Set($0[0]) == [0, 1, -1, 2, -2] }
) { lists in Set(lists.joined()).count < 5 }

// calculator: an expression with no literal division by zero evaluates without dividing by
// zero. Minimum: (/ 0 (+ 0 0)).
indirect enum Expression: Equatable, CustomStringConvertible {
  case number(Int)
  case add(Expression, Expression)
  case divide(Expression, Expression)

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
    case .divide(let a, let b): return b == .number(0) || a.hasLiteralZeroDivision || b.hasLiteralZeroDivision
    }
  }

  /// The value, or nil on a division by zero.
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

let expression: Gen<Expression> = Gen.deferred { expressionGen }
let expressionGen: Gen<Expression> = Gen.frequency(
  (3, int.map { Expression.number($0) }),
  (1, zip(expression, expression).map { Expression.add($0.0, $0.1) }),
  (1, zip(expression, expression).map { Expression.divide($0.0, $0.1) }))
challenge(
  "calculator", expression.filter { !$0.hasLiteralZeroDivision },
  isMinimum: { $0 == .divide(.number(0), .add(.number(0), .number(0))) }
) { $0.value != nil }

// lengthlist: a length from 1 to 100, then that many integers from 0 to 1000; all below 900.
// Minimum [900].
challenge(
  "lengthlist", Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1000).array(count: n...n) },
  isMinimum: { $0 == [900] }
) { ($0.max() ?? 0) < 900 }

// difference: two positive integers; fails when the first is at least 10 and the difference is
// zero (minimum (10, 10)), between 1 and 4 (minimum (10, 6)), or exactly 1 (minimum (10, 9)).
let positives = zip(Gen.int(in: 1...Int.max), Gen.int(in: 1...Int.max))
challenge("difference_zero", positives, isMinimum: { $0 == (10, 10) }) { $0.0 < 10 || $0.0 != $0.1 }
challenge("difference_small", positives, isMinimum: { $0 == (10, 6) }) {
  $0.0 < 10 || !(1...4).contains(abs($0.0 - $0.1))
}
challenge("difference_one", positives, isMinimum: { $0 == (10, 9) }) { $0.0 < 10 || abs($0.0 - $0.1) != 1 }

// binheap: a wrong heap-to-sorted-list conversion, on heaps generated valid. Minimum (0, None, (0, (0, None, None),
// (1, None, None))).
indirect enum Heap: Equatable, CustomStringConvertible {
  case empty
  case node(Int, Heap, Heap)

  var description: String {
    switch self {
    case .empty: return "None"
    case .node(let v, let l, let r): return "(\(v), \(l), \(r))"
    }
  }

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

/// Heaps whose values are at least `low`: every child at least its parent.
func heaps(atLeast low: Int) -> Gen<Heap> {
  Gen.oneOf(
    Gen.constant(Heap.empty),
    Gen.int(in: low...Int.max).flatMap { head in
      zip(Gen.deferred { heaps(atLeast: head) }, Gen.deferred { heaps(atLeast: head) })
        .map { Heap.node(head, $0.0, $0.1) }
    })
}
challenge(
  "binheap", heaps(atLeast: Int.min),
  isMinimum: { $0 == .node(0, .empty, .node(0, .node(0, .empty, .empty), .node(1, .empty, .empty))) }
) { h in
  let sorted = h.wrongSortedList
  return sorted == sorted.sorted() && h.list.sorted() == sorted
}

// coupling: a length n from 0 to 100, then n integers in 0..<n; fails when two positions point
// at each other. Minimum [1, 0].
challenge(
  "coupling",
  Gen.int(in: 0...100).flatMap { n in
    n == 0 ? Gen.constant([Int]()) : Gen.int(in: 0...(n - 1)).array(count: n...n)
  },
  isMinimum: { $0 == [1, 0] }
) { list in
  list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
}

// deletion: removing the first occurrence of an element leaves none. Minimum ([0, 0], 0).
challenge(
  "deletion",
  int.array(count: 1...100).flatMap { list in Gen.int(in: 0...(list.count - 1)).map { (list, $0) } },
  isMinimum: { $0.0 == [0, 0] && $0.1 == 0 }
) { pair in
  var list = pair.0
  let x = list[pair.1]
  list.remove(at: list.firstIndex(of: x)!)
  return !list.contains(x)
}

// distinct: fewer than three distinct elements. Minimum [0, 1, -1] or [0, 1, 2].
challenge("distinct", int.array(count: 0...100), isMinimum: { $0 == [0, 1, -1] || $0 == [0, 1, 2] }) {
  Set($0).count < 3
}

// nestedlists: the lengths of the inner lists sum to at most 10. Minimum: one list of 11 zeros.
challenge(
  "nestedlists", int.array(count: 0...20).array(count: 0...20),
  isMinimum: { $0 == [Array(repeating: 0, count: 11)] }
) { $0.map(\.count).reduce(0, +) <= 10 }

// The challenge's published generators where the rows above use a friendlier one, marked `*`
// and kept out of the overall (issue 31).
// coupling*: as published (hypothesis-ecoop-2020's coupling), a filter: lists of integers in
// 0...10 kept when every element is a valid index. (Hypothesis's lists have no length limit;
// here 0...100, as the other lists of this file.)
challenge(
  "coupling*",
  Gen.int(in: 0...10).array(count: 0...100).filter { list in list.allSatisfy { $0 < list.count } },
  isMinimum: { $0 == [1, 0] }
) { list in
  list.indices.allSatisfy { i in list[i] == i || list[list[i]] != i }
}

// The table.
var total = 0
var minimal = 0
print("problem            at minimum   mean shrink evaluations   a result that is not minimal")
for (name, outcomes) in rows {
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
print("* the challenge's published generator, where the row without * uses a friendlier one; not in the overall")
print(String(format: "overall: %d/%d at the known minimum (%.1f%%)", minimal, total, 100 * Double(minimal) / Double(total)))
