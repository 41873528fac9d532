/// The source of every random choice a generator makes, and the record of them.
///
/// Generators never see random numbers directly: they ask a `TestCase` for a choice — an
/// unsigned integer in `0...bound` — and turn it into a value, arranged so that a smaller
/// choice gives a simpler value (0 is always the simplest). The test case either draws the
/// choice at random or replays it from a recorded sequence; either way it records what was
/// drawn. Shrinking edits that record and replays it through the same generator, which is why
/// every generator shrinks, however it was built.
public final class TestCase {
  /// A generator gave up on this test case (a filter found nothing it accepts); not a failure.
  public struct Discard: Error {
    @usableFromInline init() {}
  }
  /// The test case used more choices than allowed; discarded, never a failure.
  public struct Overrun: Error {}

  /// A stretch of choices that one generator call consumed, e.g. one element of an array.
  public struct Span: Hashable, Sendable {
    public var start: Int
    public var end: Int
    /// The index of the enclosing span, or -1 at the top level.
    public var parent: Int
  }

  // A test case belongs to one thread and its accesses never overlap (`choose` hands its
  // sample closure a copy of the generator), so the stored properties skip the runtime's
  // dynamic exclusivity checks: they cost a tenth of verify's time, every choice and span
  // paying for four of them.

  /// Choices made so far, in order.
  @exclusivity(unchecked) public private(set) var choices: [UInt64] = []
  /// The largest value each choice could have taken.
  @exclusivity(unchecked) public private(set) var bounds: [UInt64] = []
  /// Spans recorded (only when `recordsSpans`), in the order they started.
  @exclusivity(unchecked) public private(set) var spans: [Span] = []

  @exclusivity(unchecked) var prefix: [UInt64] = []
  @exclusivity(unchecked) var random: Xoshiro256?
  @exclusivity(unchecked) @usableFromInline var recordsSpans = false
  @exclusivity(unchecked) var openSpans: [Int] = []
  @exclusivity(unchecked) var maximumChoices: Int

  /// A test case that draws at random from `seed`.
  public convenience init(seed: UInt64, maximumChoices: Int = 8192) {
    self.init(maximumChoices: maximumChoices)
    reset(random: Xoshiro256(seed: seed))
  }

  /// A test case that replays `choices`, then draws zeros (the simplest choices).
  public convenience init(replaying choices: [UInt64], maximumChoices: Int = 8192) {
    self.init(maximumChoices: maximumChoices)
    reset(prefix: choices, random: nil)
  }

  init(maximumChoices: Int) {
    self.maximumChoices = maximumChoices
  }

  /// Starts over: replays `prefix`, then draws from `random`, or zeros when it is `nil`.
  func reset(prefix: [UInt64] = [], random: Xoshiro256?, recordsSpans: Bool = false) {
    choices.removeAll(keepingCapacity: true)
    bounds.removeAll(keepingCapacity: true)
    spans.removeAll(keepingCapacity: true)
    openSpans.removeAll(keepingCapacity: true)
    self.prefix = prefix
    self.random = random
    self.recordsSpans = recordsSpans
  }

  /// Whether this test case draws new choices at random (rather than replaying).
  public var isRandom: Bool { random != nil && choices.count >= prefix.count }

  /// Draws a choice in `0...bound`.
  ///
  /// At random, `sample` picks it from the generator's raw output; when replaying, the
  /// recorded value is used, clamped to `bound` (the shrinker may have changed what comes
  /// before), and past the end of the record the choice is 0.
  public func choose(
    upTo bound: UInt64, sample: (inout Xoshiro256) -> UInt64
  ) throws -> UInt64 {
    let index = choices.count
    guard index < maximumChoices else { throw Overrun() }
    let value: UInt64
    if index < prefix.count {
      value = min(prefix[index], bound)
    } else if var generator = random {
      value = min(sample(&generator), bound)
      random = generator
    } else {
      value = 0
    }
    choices.append(value)
    bounds.append(bound)
    return value
  }

  /// Draws a uniformly distributed choice in `0...bound`.
  public func chooseUniformly(upTo bound: UInt64) throws -> UInt64 {
    try choose(upTo: bound) { $0.next(upTo: bound) }
  }

  /// Draws a Boolean that is `true` with `probability` at random; `false` is simpler.
  public func chooseBool(probability: Double = 0.5) throws -> Bool {
    try choose(upTo: 1) { $0.nextUnit() < probability ? 1 : 0 } == 1
  }

  /// Runs `body` as one span: a unit the shrinker may delete or simplify as a whole.
  ///
  /// Inlinable, so that generators built in another module are compiled for their own value
  /// types (a span runs for every value a generator draws).
  @inlinable
  public func span<T>(_ body: () throws -> T) rethrows -> T {
    guard recordsSpans else { return try body() }
    let index = openSpan()
    defer { closeSpan(index) }
    return try body()
  }

  /// Records the start of a span and returns its index.
  @usableFromInline
  func openSpan() -> Int {
    let index = spans.count
    spans.append(Span(start: choices.count, end: choices.count, parent: openSpans.last ?? -1))
    openSpans.append(index)
    return index
  }

  /// Records the end of the span at `index`.
  @usableFromInline
  func closeSpan(_ index: Int) {
    openSpans.removeLast()
    spans[index].end = choices.count
  }
}
