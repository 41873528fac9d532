/// Shrinks a failing test case by editing its record of choices and replaying it.
///
/// The order on records is shortlex: shorter is simpler, and between records of the same
/// length the one that is lexicographically smaller. Because generators map smaller choices to
/// simpler values and "one more element?" choices precede optional elements, a smaller record
/// is a simpler value. A candidate is kept only if the property still fails on it and the choices
/// it actually consumed are strictly simpler than the best so far, so shrinking always ends,
/// and ends in the same place for the same starting record: it is deterministic.
///
/// The passes, repeated until a whole round changes nothing or the budget runs out:
/// 1. delete a span (one generator call's choices: an element, a filter attempt, a command);
/// 2. delete a span and lower the first choice of an enclosing span by one (a count that
///    `flatMap` turned into that many elements);
/// 3. delete runs of 8, 4, 2 and 1 choices;
/// 4. replace a span's choices with zeros;
/// 5. minimise each choice: zero, else a binary search for the smallest that still fails;
/// 6. swap two nearby choices into order (a smaller one first);
/// 7. move value from a choice into a later one (pairs that must add up).
struct Shrinker {
  struct Run {
    var choices: [UInt64]
    var spans: [TestCase.Span]
  }

  /// Replays a candidate record; returns the run if the property still fails on it.
  let test: ([UInt64]) -> Run?
  private(set) var best: Run
  private(set) var evaluations = 0
  let maximumEvaluations: Int
  private var tried: Set<[UInt64]> = []

  init(failing run: Run, maximumEvaluations: Int, test: @escaping ([UInt64]) -> Run?) {
    best = run
    self.maximumEvaluations = maximumEvaluations
    self.test = test
  }

  var budgetLeft: Bool { evaluations < maximumEvaluations }

  /// Whether `a` is simpler than `b`: shorter, or as long and lexicographically smaller.
  static func isSimpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    for (x, y) in zip(a, b) where x != y { return x < y }
    return false
  }

  /// Tries `candidate`; keeps it if the property still fails and the run is simpler.
  @discardableResult
  mutating func attempt(_ candidate: [UInt64]) -> Bool {
    guard budgetLeft, Self.isSimpler(candidate, than: best.choices) else { return false }
    guard tried.insert(candidate).inserted else { return false }
    evaluations += 1
    guard let run = test(candidate), Self.isSimpler(run.choices, than: best.choices) else {
      return false
    }
    best = run
    return true
  }

  mutating func shrink() {
    var improved = true
    while improved && budgetLeft {
      let before = best.choices
      deleteSpans()
      deleteSpansLoweringAncestors()
      deleteRuns()
      zeroSpans()
      minimiseChoices()
      swapNearbyChoices()
      moveValueForward()
      improved = Self.isSimpler(best.choices, than: before)
    }
  }

  private mutating func deleteSpans() {
    var index = best.spans.count - 1
    while index >= 0 && budgetLeft {
      if index < best.spans.count {
        let span = best.spans[index]
        if span.end > span.start {
          var candidate = best.choices
          candidate.removeSubrange(span.start..<span.end)
          attempt(candidate)
        }
      }
      index -= 1
    }
  }

  private mutating func deleteSpansLoweringAncestors() {
    var index = best.spans.count - 1
    while index >= 0 && budgetLeft {
      defer { index -= 1 }
      guard index < best.spans.count else { continue }
      let span = best.spans[index]
      guard span.end > span.start else { continue }
      var ancestor = span.parent
      while ancestor >= 0 && budgetLeft {
        let counter = best.spans[ancestor].start
        if counter < span.start && best.choices[counter] > 0 {
          var candidate = best.choices
          candidate.removeSubrange(span.start..<span.end)
          candidate[counter] -= 1
          if attempt(candidate) { break }
        }
        ancestor = best.spans[ancestor].parent
      }
    }
  }

  private mutating func deleteRuns() {
    for length in [8, 4, 2, 1] {
      var start = best.choices.count - length
      while start >= 0 && budgetLeft {
        if start + length <= best.choices.count {
          var candidate = best.choices
          candidate.removeSubrange(start..<(start + length))
          attempt(candidate)
        }
        start -= 1
      }
    }
  }

  private mutating func zeroSpans() {
    var index = best.spans.count - 1
    while index >= 0 && budgetLeft {
      defer { index -= 1 }
      guard index < best.spans.count else { continue }
      let span = best.spans[index]
      guard span.end <= best.choices.count,
        best.choices[span.start..<span.end].contains(where: { $0 != 0 })
      else { continue }
      var candidate = best.choices
      for position in span.start..<span.end { candidate[position] = 0 }
      attempt(candidate)
    }
  }

  private mutating func minimiseChoices() {
    var position = 0
    while position < best.choices.count && budgetLeft {
      defer { position += 1 }
      guard best.choices[position] > 0, !replace(position, with: 0) else { continue }
      // Binary search between a value known not to fail (low) and one known to (high). Each
      // probe also tries its successor, so that a constraint on parity (a filter for even
      // numbers, a choice that alternates meaning) does not hide the boundary.
      var low: UInt64 = 0
      var high = best.choices[position]
      while high - low > 1 && budgetLeft && position < best.choices.count {
        let middle = low + (high - low) / 2
        if replace(position, with: middle) {
          high = middle
        } else if middle + 1 < high && replace(position, with: middle + 1) {
          high = middle + 1
        } else {
          low = middle + (middle + 1 < high ? 1 : 0)
        }
      }
      // The search assumed that failing values form one interval; try the few just below.
      var below = 1
      while below <= 4 && position < best.choices.count && best.choices[position] >= UInt64(below)
        && budgetLeft
      {
        if replace(position, with: best.choices[position] - UInt64(below)) { below = 1 } else {
          below += 1
        }
      }
    }
  }

  private mutating func replace(_ position: Int, with value: UInt64) -> Bool {
    guard position < best.choices.count else { return false }
    var candidate = best.choices
    candidate[position] = value
    return attempt(candidate)
  }

  private mutating func swapNearbyChoices() {
    var first = 0
    while first < best.choices.count && budgetLeft {
      var second = first + 1
      while second < min(best.choices.count, first + 9) && budgetLeft {
        if best.choices[first] > best.choices[second] {
          var candidate = best.choices
          candidate.swapAt(first, second)
          attempt(candidate)
        }
        second += 1
      }
      first += 1
    }
  }

  private mutating func moveValueForward() {
    var first = 0
    while first < best.choices.count && budgetLeft {
      var second = first + 1
      while second < min(best.choices.count, first + 9) && budgetLeft {
        let amount = best.choices[first]
        if amount > 0 {
          for moved in Set([amount, (amount + 1) / 2, 1]).sorted(by: >) {
            let (sum, overflow) = best.choices[second].addingReportingOverflow(moved)
            guard !overflow else { continue }
            var candidate = best.choices
            candidate[first] -= moved
            candidate[second] = sum
            if attempt(candidate) { break }
          }
        }
        second += 1
      }
      first += 1
    }
  }
}
