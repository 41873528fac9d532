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
/// 1. delete a span (one generator call's choices: an element, a filter attempt, a command, a
///    component of a `zip`, a `map`'s input);
/// 2. delete a span and lower the first choice of an enclosing span by one (a count that
///    `flatMap` turned into that many elements);
/// 3. delete runs of 8, 4, 2 and 1 choices;
/// 4. replace a span's choices with zeros (a composite value at its simplest at once);
/// 4b. replace a span by a descendant span up to three levels down (an operand for its
///    expression, a subtree for its tree), or up to eight when the descendant starts with a
///    choice of the same bound (a subtree whose levels are several spans deep);
/// 5. minimise each choice: zero, else a binary search for the smallest that still fails;
/// 6. swap two nearby choices into order (a smaller one first);
/// 7. move value from a choice into a later one (pairs that must add up);
/// 7b. when a round moved between two and six choices, lower each pair of them by a common
///    offset (9 below) and move value between them (a search, as in 9), so that coupled values
///    travel together instead of walking down by a few units a round.
///
/// When a round of those changes nothing, the costlier passes run, and the cheap ones again if
/// they changed something:
/// 7c. delete a span and put a zero where its parent ends (an element of an array that was
///    full: the "no more" choice it never drew);
/// 8. lower every choice of a group of equal ones with the same bound together (two values
///    that must stay equal, not an integer and a flag), to zero or to the smallest common value that still fails (a binary search);
/// 9. lower two nearby choices by one common offset (two values that must stay close), the
///    offset found by doubling and then a binary search, so the cost grows with the offset's
///    logarithm; and move the most value from one to the other that still fails (steps of
///    two first, which keep an integer's sign);
/// 10. swap neighbouring sibling spans into order, of any lengths (the elements of an array,
///     the two subtrees of a node);
/// 7d. delete a span and lower by one its siblings' choices that are larger than its place
///    among them (a list of indices into itself: what pointed past the deleted element
///    points one lower, so the list stays valid);
/// 7e. zero a choice and move a nearby one of the same bound up or down by one or two (two
///    numbers whose sum matters, whose encodings step unalike: `Int16` 1 and 32,767 become
///    0 and −32,768);
/// 11. lower a small choice that picks a branch (a `oneOf`, a "one more?") by one and draw
///     what follows it afresh, a few times with fixed seeds; kept only if simpler.
struct Shrinker {
  struct Run {
    var choices: [UInt64]
    var spans: [TestCase.Span]
    /// The largest value each choice could have taken: choices of one kind share a bound.
    var bounds: [UInt64] = []
  }

  /// Replays a candidate record; returns the run if the property still fails on it.
  let test: ([UInt64]) -> Run?
  /// Replays a prefix, then draws at random from the seed; returns the run if it fails.
  let redraw: (([UInt64], UInt64) -> Run?)?
  private(set) var best: Run
  private(set) var evaluations = 0
  let maximumEvaluations: Int
  private var tried: Set<[UInt64]> = []

  init(
    failing run: Run, maximumEvaluations: Int, test: @escaping ([UInt64]) -> Run?,
    redraw: (([UInt64], UInt64) -> Run?)? = nil
  ) {
    best = run
    self.maximumEvaluations = maximumEvaluations
    self.test = test
    self.redraw = redraw
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
    while budgetLeft {
      var improved = true
      while improved && budgetLeft {
        let before = best.choices
        deleteSpans()
        deleteSpansLoweringAncestors()
        deleteRuns()
        zeroSpans()
        hoistDescendants()
        minimiseChoices()
        swapNearbyChoices()
        moveValueForward()
        // A few choices that each moved a little in this round are likely coupled (two values
        // that must stay close): move them together, so that they do not walk down by steps.
        if best.choices.count == before.count {
          let moved = best.choices.indices.filter { best.choices[$0] != before[$0] }
          if moved.count >= 2 && moved.count <= 6 {
            for (index, first) in moved.enumerated() {
              for second in moved[(index + 1)...] {
                lowerPair(first, second)
                redistribute(first, second)
              }
            }
          }
        }
        improved = Self.isSimpler(best.choices, than: before)
      }
      let before = best.choices
      deleteSpansEndingParents()
      deleteSpansReindexing()
      zeroOneNudgingAnother()
      lowerEqualGroups()
      lowerNearbyPairs()
      sortSiblingSpans()
      if !Self.isSimpler(best.choices, than: before) { redrawAfterBranches() }
      if !Self.isSimpler(best.choices, than: before) { return }
    }
  }

  // MARK: The costlier passes

  /// Sets `positions` (all holding `value` in the best record) to one lower common value: 0,
  /// else the smallest that still fails by a binary search (each probe also trying its
  /// successor, as `minimiseChoices` does).
  private mutating func lowerTogether(_ positions: [Int], from value: UInt64) {
    func set(_ common: UInt64) -> Bool {
      guard positions.allSatisfy({ $0 < best.choices.count }) else { return false }
      var candidate = best.choices
      for position in positions { candidate[position] = common }
      return attempt(candidate)
    }
    guard value > 0, !set(0) else { return }
    var low: UInt64 = 0
    var high = value
    while high - low > 1 && budgetLeft {
      let middle = low + (high - low) / 2
      if set(middle) {
        high = middle
      } else if middle + 1 < high && set(middle + 1) {
        high = middle + 1
      } else {
        low = middle + (middle + 1 < high ? 1 : 0)
      }
    }
  }

  /// Deletes a span and puts a zero where its parent ends: an element deleted from an array
  /// that was full needs the "no more" choice the full array never drew, or what follows the
  /// array would be read as its elements.
  private mutating func deleteSpansEndingParents() {
    var index = best.spans.count - 1
    while index >= 0 && budgetLeft {
      defer { index -= 1 }
      guard index < best.spans.count else { continue }
      let span = best.spans[index]
      guard span.end > span.start, span.parent >= 0, span.parent < best.spans.count else { continue }
      let parent = best.spans[span.parent]
      guard parent.end <= best.choices.count, parent.end >= span.end else { continue }
      var candidate = best.choices
      candidate.insert(0, at: parent.end)
      candidate.removeSubrange(span.start..<span.end)
      attempt(candidate)
    }
  }

  /// Deletes a span and lowers by one every choice of its siblings (of a bound its own
  /// choices have, flags apart) that is larger than its place among them: an element deleted
  /// from a list whose elements are indices into it, with the indices past it re-pointed, so
  /// that a list kept only while every element is a valid index stays valid.
  private mutating func deleteSpansReindexing() {
    var index = best.spans.count - 1
    while index >= 0 && budgetLeft {
      defer { index -= 1 }
      guard index < best.spans.count else { continue }
      let span = best.spans[index]
      guard span.end > span.start, span.end <= best.choices.count else { continue }
      let kinds = Set(best.bounds[span.start..<span.end].filter { $0 > 1 })
      guard !kinds.isEmpty else { continue }
      let siblings = best.spans.filter { $0.parent == span.parent && $0.end <= best.choices.count }
      guard let place = siblings.firstIndex(of: span), siblings.count > 2 else { continue }
      var candidate = best.choices
      var changed = false
      for sibling in siblings where sibling != span {
        for position in sibling.start..<sibling.end
        where kinds.contains(best.bounds[position]) && candidate[position] > UInt64(place) {
          candidate[position] -= 1
          changed = true
        }
      }
      guard changed else { continue }
      candidate.removeSubrange(span.start..<span.end)
      attempt(candidate)
    }
  }

  /// Zeroes a choice and moves a nearby one of the same bound a few steps up or down: two
  /// numbers whose sum matters, when one can go to zero only if the other takes its share and
  /// their encodings do not step alike (1 and 32,767 in `Int16` become 0 and −32,768: the
  /// first choice down by one, the second up by two).
  private mutating func zeroOneNudgingAnother() {
    var first = 0
    while first < best.choices.count && budgetLeft {
      defer { first += 1 }
      guard best.choices[first] > 0, first < best.bounds.count, best.bounds[first] > 1 else { continue }
      var second = first + 1
      while second < Swift.min(best.choices.count, first + 9) && budgetLeft {
        defer { second += 1 }
        guard best.bounds[second] == best.bounds[first], first < best.choices.count,
          best.choices[first] > 0
        else { continue }
        let value = best.choices[second]
        let bound = best.bounds[second]
        let nudged = [
          value.addingReportingOverflow(1), value.subtractingReportingOverflow(1),
          value.addingReportingOverflow(2), value.subtractingReportingOverflow(2),
        ]
        for moved in nudged where budgetLeft && !moved.overflow && moved.partialValue <= bound {
          var candidate = best.choices
          candidate[first] = 0
          candidate[second] = moved.partialValue
          if attempt(candidate) { break }
        }
      }
    }
  }

  private struct Kind: Hashable {
    var value: UInt64
    var bound: UInt64
  }

  private mutating func lowerEqualGroups() {
    // Equal choices of one kind (the same bound): two integers, not an integer and a flag.
    var groups: [Kind: [Int]] = [:]
    for (position, choice) in best.choices.enumerated() where choice > 0 {
      let bound = position < best.bounds.count ? best.bounds[position] : 0
      groups[Kind(value: choice, bound: bound), default: []].append(position)
    }
    // Largest values first; deterministic whatever the dictionary's order.
    let ordered = groups.filter { $0.value.count > 1 }
      .sorted { ($0.key.value, $0.key.bound) > ($1.key.value, $1.key.bound) }.prefix(32)
      .map { ($0.key.value, $0.value) }
    for (value, positions) in ordered where budgetLeft {
      guard positions.allSatisfy({ $0 < best.choices.count && best.choices[$0] == value }) else {
        continue
      }
      lowerTogether(positions, from: value)
    }
  }

  /// Lowers choices `first` and `second` by the largest common offset that still fails.
  private mutating func lowerPair(_ first: Int, _ second: Int) {
    guard second < best.choices.count else { return }
    let a = best.choices[first]
    let b = best.choices[second]
    let most = Swift.min(a, b)
    guard most > 0 else { return }
    func lower(by offset: UInt64) -> Bool {
      guard second < best.choices.count else { return false }
      var candidate = best.choices
      candidate[first] = a - offset
      candidate[second] = b - offset
      return attempt(candidate)
    }
    Self.searchLargest(upTo: most, lower(by:))
  }

  /// The largest step in `1...most` for which `works` holds, assuming roughly that it holds
  /// up to some point: doubling from 1, then a binary search between the last step that
  /// worked and the first that did not. About 2 log₂(most) probes (`works` is false once the
  /// budget is spent, which ends the search).
  @discardableResult
  private static func searchLargest(upTo most: UInt64, _ works: (UInt64) -> Bool) -> UInt64 {
    var good: UInt64 = 0
    var bad = most &+ 1
    var step: UInt64 = 1
    while step <= most {
      guard works(step) else {
        bad = step
        break
      }
      good = step
      if step == most { return good }
      step = step > most / 2 ? most : step * 2
    }
    while bad &- good > 1 {
      let middle = good + (bad &- good) / 2
      if works(middle) { good = middle } else { bad = middle }
    }
    return good
  }

  /// Moves the largest amount that still fails from choice `first` to choice `second` (one
  /// down, the other up, clamped at its bound), in steps of two and then of one: a step of two
  /// keeps an integer's sign.
  private mutating func redistribute(_ first: Int, _ second: Int) {
    for unit: UInt64 in [2, 1] where budgetLeft {
      guard second < best.choices.count else { return }
      let a = best.choices[first]
      let b = best.choices[second]
      let most = a / unit
      guard most > 0 else { continue }
      func move(_ steps: UInt64) -> Bool {
        guard second < best.choices.count else { return false }
        let amount = steps * unit
        var candidate = best.choices
        candidate[first] = a - amount
        let (sum, overflow) = b.addingReportingOverflow(amount)
        candidate[second] = overflow ? .max : sum
        return attempt(candidate)
      }
      if Self.searchLargest(upTo: most, move) > 0 { return }
    }
  }

  /// Replaces a span by one of its descendants, up to three levels down: an expression by one
  /// of its operands, a tree by a subtree.
  private mutating func hoistDescendants() {
    guard best.spans.count <= 400 else { return }
    var index = 0
    while index < best.spans.count && budgetLeft {
      defer { index += 1 }
      let span = best.spans[index]
      guard span.end <= best.choices.count, span.end - span.start > 1 else { continue }
      var candidates: [TestCase.Span] = []
      var inner = index + 1
      while inner < best.spans.count && best.spans[inner].start < span.end {
        let child = best.spans[inner]
        // Depth below `span`: at most 3, or 8 for a span that starts with a choice of the same
        // bound as `span` (likely the same generator: a subtree of a tree whose levels are
        // several spans deep).
        var depth = 0
        var parent = child.parent
        while parent > index && depth < 9 {
          depth += 1
          parent = best.spans[parent].parent
        }
        let sameKind = child.start > span.start && child.end > child.start
          && best.bounds[child.start] == best.bounds[span.start]
        if parent == index && (depth < 3 || (depth < 8 && sameKind))
          && child.end - child.start < span.end - span.start && child.end > child.start
        {
          candidates.append(child)
        }
        inner += 1
      }
      for child in candidates where budgetLeft {
        guard span.end <= best.choices.count, child.end <= best.choices.count else { break }
        var candidate = best.choices
        candidate.replaceSubrange(span.start..<span.end, with: Array(best.choices[child.start..<child.end]))
        if attempt(candidate) { break }
      }
    }
  }

  private mutating func lowerNearbyPairs() {
    var first = 0
    while first < best.choices.count && budgetLeft {
      if best.choices[first] > 1 {
        var second = first + 1
        while second < Swift.min(best.choices.count, first + 9) && budgetLeft {
          if best.choices[second] > 1 {
            lowerPair(first, second)
            redistribute(first, second)
          }
          second += 1
        }
      }
      first += 1
    }
  }

  /// Swaps neighbouring sibling spans into order: the pair whose concatenation is smaller
  /// first (of any lengths: a subtree on the right of an empty one, not on its left).
  private mutating func sortSiblingSpans() {
    var index = 0
    while index < best.spans.count && budgetLeft {
      defer { index += 1 }
      let span = best.spans[index]
      // The next span with the same parent that starts where this one ends.
      guard
        let next = best.spans[(index + 1)...].first(where: {
          $0.parent == span.parent && $0.start >= span.end
        }), next.start == span.end, next.end <= best.choices.count, span.end > span.start,
        next.end > next.start
      else { continue }
      let left = Array(best.choices[span.start..<span.end])
      let right = Array(best.choices[next.start..<next.end])
      let swapped = right + left
      guard Self.isSimpler(swapped, than: left + right) else { continue }
      var candidate = best.choices
      candidate.replaceSubrange(span.start..<next.end, with: swapped)
      attempt(candidate)
    }
  }

  /// Lowers a small branch choice by one and draws what follows afresh (three fixed seeds).
  private mutating func redrawAfterBranches() {
    guard let redraw else { return }
    var position = 0
    while position < best.choices.count && budgetLeft {
      defer { position += 1 }
      let choice = best.choices[position]
      guard choice > 0, choice <= 8 else { continue }
      var prefix = Array(best.choices[..<position])
      prefix.append(choice - 1)
      for seed: UInt64 in 1...3 where budgetLeft {
        guard Self.isSimpler(prefix, than: best.choices) else { break }
        evaluations += 1
        if let run = redraw(prefix, seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(position)),
          Self.isSimpler(run.choices, than: best.choices)
        {
          best = run
          break
        }
      }
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
          for moved in Set([amount, amount / 2 + amount % 2, 1]).sorted(by: >) {
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
