/// A generator of random values of type `Value` that knows how to simplify them.
///
/// A generator is a function from a `TestCase` (the source of random choices) to a value.
/// Build generators from the ones SnapCheck provides (`Gen.int(in:)`, `Gen.double(in:)`,
/// `Gen.bool`, `Gen.element(of:)` …) and the combinators below; every generator built this way
/// shrinks, because shrinking works on the record of choices, not on values.
public struct Gen<Value>: Sendable {
  /// Produces a value from the choices `testCase` hands out.
  public let generate: @Sendable (TestCase) throws -> Value

  /// A generator from a function of the test case; call `testCase.choose(upTo:sample:)` (or other
  /// generators' `generate`) for every random decision, so that the value shrinks.
  @inlinable
  public init(_ generate: @escaping @Sendable (TestCase) throws -> Value) {
    self.generate = generate
  }

  /// A value drawn at random from `seed`, outside of any property: for exploring a generator.
  public func example(seed: UInt64 = 0) -> Value? {
    try? generate(TestCase(seed: seed))
  }

  /// The values of this generator transformed by `transform`.
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Value) throws -> T) -> Gen<T> {
    Gen<T> { testCase in try transform(testCase.span { try generate(testCase) }) }
  }

  /// A generator chosen by a value of this one: the value shrinks first, then what follows.
  @inlinable
  public func flatMap<T>(_ transform: @escaping @Sendable (Value) throws -> Gen<T>) -> Gen<T> {
    Gen<T> { testCase in
      try testCase.span {
        let value = try generate(testCase)
        return try transform(value).generate(testCase)
      }
    }
  }

  /// Only the values for which `isIncluded` holds: draws again, up to `attempts` times, and
  /// discards the test case when none passes.
  ///
  /// A filter that rejects most values makes a run slow and is reported when it rejects almost
  /// everything; prefer building the values you want directly.
  public func filter(
    attempts: Int = 100, _ isIncluded: @escaping @Sendable (Value) throws -> Bool
  ) -> Gen<Value> {
    Gen { testCase in
      for _ in 0..<max(1, attempts) {
        let value = try testCase.span { try generate(testCase) }
        if try isIncluded(value) { return value }
      }
      throw TestCase.Discard()
    }
  }

  /// Arrays of this generator's values, with a count in `count`.
  ///
  /// Elements beyond the minimum are each preceded by a "one more?" choice, so the shrinker can
  /// delete any element (its choice and the element's together) and the array stays valid.
  @inlinable
  public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
    let minimum = max(0, count.lowerBound)
    let maximum = max(minimum, count.upperBound)
    let extra = maximum - minimum
    // The expected number of optional elements: half the room, between 1 and 10.
    let expected = Double(min(max(extra / 2, 1), 10))
    let probability = extra == 0 ? 0 : expected / (expected + 1)
    return Gen<[Value]> { testCase in try testCase.span {
      var values: [Value] = []
      values.reserveCapacity(minimum)
      for _ in 0..<minimum {
        values.append(try testCase.span { try generate(testCase) })
      }
      var added = 0
      while added < extra {
        let element: Value? = try testCase.span {
          guard try testCase.chooseBool(probability: probability) else { return nil }
          return try generate(testCase)
        }
        guard let element else { break }
        values.append(element)
        added += 1
      }
      return values
    } }
  }

  /// Arrays of this generator's values with a count drawn from `count`.
  @inlinable
  public func array(count: Gen<Int>) -> Gen<[Value]> {
    count.flatMap { n in self.array(count: n...n) }
  }
}

extension Gen where Value: Sendable {
  /// Always `value`.
  @inlinable
  public static func constant(_ value: Value) -> Gen<Value> {
    Gen { _ in value }
  }

  /// One of `values`, each equally likely; shrinks towards the first.
  @inlinable
  public static func element(of values: [Value]) -> Gen<Value> {
    precondition(!values.isEmpty, "Gen.element(of:) needs at least one value")
    let bound = UInt64(values.count - 1)
    return Gen { testCase in values[Int(try testCase.chooseUniformly(upTo: bound))] }
  }
}

extension Gen {
  /// The generator `make` returns, built only when a value is drawn: for recursive data.
  public static func deferred(_ make: @escaping @Sendable () -> Gen<Value>) -> Gen<Value> {
    Gen { testCase in try make().generate(testCase) }
  }

  /// A value from one of `generators`, each equally likely; shrinks towards the first.
  public static func oneOf(_ generators: Gen<Value>...) -> Gen<Value> {
    oneOf(generators)
  }

  /// A value from one of `generators`, each equally likely; shrinks towards the first.
  public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
    precondition(!generators.isEmpty, "Gen.oneOf needs at least one generator")
    let bound = UInt64(generators.count - 1)
    return Gen { testCase in
      try testCase.span {
        let index = Int(try testCase.chooseUniformly(upTo: bound))
        return try generators[index].generate(testCase)
      }
    }
  }

  /// A value from one of `choices`' generators, picked with probability proportional to its
  /// weight; shrinks towards the first.
  @inlinable
  public static func frequency(_ choices: (weight: Int, generator: Gen<Value>)...) -> Gen<Value> {
    frequency(choices)
  }

  /// A value from one of `choices`' generators, picked with probability proportional to its
  /// weight; shrinks towards the first.
  @inlinable
  public static func frequency(_ choices: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
    let weighted = choices.filter { $0.weight > 0 }
    precondition(!weighted.isEmpty, "Gen.frequency needs a positive weight")
    var cumulative: [UInt64] = []
    var total: UInt64 = 0
    for choice in weighted {
      total += UInt64(choice.weight)
      cumulative.append(total)
    }
    let bounds = cumulative
    let generators = weighted.map(\.generator)
    let last = total - 1
    return Gen { testCase in
      try testCase.span {
        // Random draws are weighted; when shrinking, the choice is the generator's index, so
        // that 0 means the first generator whatever the weights.
        let index = try testCase.choose(upTo: UInt64(generators.count - 1)) { random in
          let ticket = random.next(upTo: last)
          return UInt64(bounds.firstIndex { ticket < $0 } ?? 0)
        }
        return try generators[Int(index)].generate(testCase)
      }
    }
  }
}

/// Pairs of values from `a` and `b`; shrinks `a` first.
///
/// The pair is one span, and so is each component: the shrinker can zero or delete them
/// together or one at a time.
@inlinable
public func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
  Gen { testCase in
    try testCase.span {
      (try testCase.span { try a.generate(testCase) }, try testCase.span { try b.generate(testCase) })
    }
  }
}

/// Triples of values from `a`, `b` and `c`.
@inlinable
public func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> {
  Gen { testCase in
    try testCase.span {
      (
        try testCase.span { try a.generate(testCase) }, try testCase.span { try b.generate(testCase) },
        try testCase.span { try c.generate(testCase) }
      )
    }
  }
}

/// Quadruples of values from four generators.
@inlinable
public func zip<A, B, C, D>(
  _ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>
) -> Gen<(A, B, C, D)> {
  Gen { testCase in
    try testCase.span {
      (
        try testCase.span { try a.generate(testCase) }, try testCase.span { try b.generate(testCase) },
        try testCase.span { try c.generate(testCase) }, try testCase.span { try d.generate(testCase) }
      )
    }
  }
}

/// Quintuples of values from five generators.
@inlinable
public func zip<A, B, C, D, E>(
  _ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>, _ e: Gen<E>
) -> Gen<(A, B, C, D, E)> {
  Gen { testCase in
    try testCase.span {
      (
        try testCase.span { try a.generate(testCase) }, try testCase.span { try b.generate(testCase) },
        try testCase.span { try c.generate(testCase) }, try testCase.span { try d.generate(testCase) },
        try testCase.span { try e.generate(testCase) }
      )
    }
  }
}
