import CBenchSupport
import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification

/// One thing `snap-bench run` times: `body(n)` does the operation `n` times over pre-drawn
/// inputs and returns a checksum of every result, which the harness hands to an opaque sink.
///
/// Built in the module of the algorithm's caller (see `RegisteredAlgorithm`), so that the body
/// is compiled for the algorithm's own type.
@usableFromInline
struct Benchmark {
  /// What is timed: an algorithm's id, a motion, or `reference`.
  @usableFromInline let subject: String
  /// What one operation is: `drag-step`, `frame`, `clamp`, …
  @usableFromInline let operation: String
  /// Benchmarks of one group are interleaved and compared with the group's reference.
  @usableFromInline let group: String
  /// How many display frames one operation produces, for the cost per frame; `nil` when the
  /// operation is not frame work.
  @usableFromInline let framesPerOperation: Double?
  @usableFromInline let body: (Int) -> UInt64

  @inlinable
  init(
    subject: String, operation: String, group: String, framesPerOperation: Double?,
    body: @escaping (Int) -> UInt64
  ) {
    self.subject = subject
    self.operation = operation
    self.group = group
    self.framesPerOperation = framesPerOperation
    self.body = body
  }

  /// `<subject>/<operation>`: `edge-dock.corrected/drag-step`, what `--filter` matches and the
  /// results name it.
  @inlinable
  var name: String { subject + "/" + operation }
}

/// The groups, their reference benchmark (ratios are to it), and what they measure.
enum BenchmarkGroup {
  static let order = [
    "reference", "drag-step", "release", "frame", "gesture", "simulate", "verify", "motion",
  ]
  /// Each group's reference: the benchmark its ratios are to, by subject and operation.
  static let referenceParts: [String: (subject: String, operation: String)] = [
    "reference": ("reference", "clamp"),
    "drag-step": ("edge-dock.corrected", "drag-step"),
    "release": ("edge-dock.corrected", "release"),
    "frame": ("edge-dock.corrected", "frame"),
    "gesture": ("edge-dock.corrected", "gesture"),
    "simulate": ("edge-dock.corrected", "simulate"),
    "verify": ("edge-dock.corrected", "verify"),
    "motion": (Motion.curve(.easeOut, duration: 0.25).description, "frame"),
  ]
  /// Each group's reference by name.
  static let references: [String: String] = referenceParts.mapValues { $0.subject + "/" + $0.operation }
}

@inlinable @inline(__always)
func fold(_ point: CGPoint) -> UInt64 {
  Double(point.x).bitPattern ^ Double(point.y).bitPattern
}

/// Every benchmark, with inputs drawn from `seed` by SnapLab's own generators before any
/// timing: the references, every algorithm the tool knows (in its order), every motion.
func makeBenchmarks(seed: UInt64, algorithms: [RegisteredAlgorithm]) -> [Benchmark] {
  let inputs = BenchmarkInputs(seed: seed)
  return referenceBenchmarks(inputs) + algorithms.flatMap { $0.benchmarks(inputs) }
    + motionBenchmarks(inputs)
}

/// The inputs every variant is timed on: identical for all, varied, and realistic.
@usableFromInline
struct BenchmarkInputs: Sendable {
  /// The seed every input is drawn from.
  @usableFromInline let seed: UInt64
  /// An iPhone 15 at 120 Hz with its usual bars: the scene of every algorithm benchmark.
  @usableFromInline let environment: ItemEnvironment
  @usableFromInline let itemSize = CGSize(width: 60, height: 60)
  /// A finger's walk through the middle of the screen, away from every band and bar, in steps
  /// of up to 8 pt: the drag every drag-step benchmark follows.
  @usableFromInline let path: [CGPoint]
  /// Half-second drags at 120 Hz ending at varied points, for whole gestures and releases.
  @usableFromInline let gestures: [TouchGesture]
  /// Points to clamp, inside and outside the safe region, for the reference benchmarks.
  let xs: [Double]
  let ys: [Double]
  /// Progress values in [0, 1) for motion frames.
  @usableFromInline let progress: [Double]

  init(seed: UInt64) {
    self.seed = seed
    var environment = DeviceProfile.standard.environment()
    environment.refreshRate = 120
    self.environment = environment
    let region = environment.safeRegion
    let step = Gen.double(in: -8...8)
    let steps = zip(step, step).array(count: 1024...1024).example(seed: seed) ?? []
    var point = CGPoint(x: region.midX, y: region.midY)
    var path: [CGPoint] = []
    for (dx, dy) in steps {
      point.x = min(max(point.x + dx, region.minX + 100), region.maxX - 100)
      point.y = min(max(point.y + dy, region.minY + 120), region.maxY - 120)
      path.append(point)
    }
    self.path = path
    let ends = zip(Gen.double(in: -150...150), Gen.double(in: -250...250))
      .array(count: 16...16).example(seed: seed &+ 1) ?? []
    gestures = ends.map { dx, dy in
      let from = CGPoint(x: region.midX, y: region.midY)
      return TouchGesture.drag(
        from: from, to: CGPoint(x: from.x + dx, y: from.y + dy), duration: 0.5, touchRate: 120)
    }
    let coordinates = Gen.double(in: -200...1100).array(count: 2048...2048)
    xs = coordinates.example(seed: seed &+ 2) ?? []
    ys = coordinates.example(seed: seed &+ 3) ?? []
    progress = Gen.double(in: 0...1).array(count: 1024...1024).example(seed: seed &+ 4) ?? []
  }
}

func referenceBenchmarks(_ inputs: BenchmarkInputs) -> [Benchmark] {
  let region = inputs.environment.safeRegion
  let (minX, maxX, minY, maxY) = (
    Double(region.minX), Double(region.maxX), Double(region.minY), Double(region.maxY)
  )
  // Inputs in buffers that live as long as the benchmarks, escaped so the optimiser must
  // assume anyone may change them; a power-of-two count makes the wrap a mask.
  let count = inputs.xs.count
  precondition(count > 0 && count & (count - 1) == 0, "input count must be a power of two")
  let mask = count - 1
  let xs = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
  let ys = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
  _ = xs.initialize(from: inputs.xs)
  _ = ys.initialize(from: inputs.ys)
  snapbench_escape(xs.baseAddress)
  snapbench_escape(ys.baseAddress)
  return [
    Benchmark(subject: "reference", operation: "empty", group: "reference", framesPerOperation: nil) { n in
      // The loop alone: read the input, fold it in. Every other cost sits on top of this.
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        checksum &+= xs[index].bitPattern
        index = (index &+ 1) & mask
      }
      return checksum
    },
    Benchmark(subject: "reference", operation: "clamp", group: "reference", framesPerOperation: nil) { n in
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        var x = xs[index]
        var y = ys[index]
        x = x < minX ? minX : x
        x = x > maxX ? maxX : x
        y = y < minY ? minY : y
        y = y > maxY ? maxY : y
        checksum &+= x.bitPattern ^ y.bitPattern
        index = (index &+ 1) & mask
      }
      return checksum
    },
    Benchmark(subject: "reference", operation: "clamp-twice", group: "reference", framesPerOperation: nil) { n in
      // Two clamps per iteration: the work-elimination test expects twice the instructions.
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        for _ in 0..<2 {
          var x = xs[index]
          var y = ys[index]
          x = x < minX ? minX : x
          x = x > maxX ? maxX : x
          y = y < minY ? minY : y
          y = y > maxY ? maxY : y
          checksum &+= x.bitPattern ^ y.bitPattern
          index = (index &+ 1) & mask
        }
      }
      return checksum
    },
    Benchmark(subject: "reference", operation: "clamp-c", group: "reference", framesPerOperation: nil) { n in
      snapbench_clamp_loop(
        UnsafePointer(xs.baseAddress), UnsafePointer(ys.baseAddress), count, n, minX, maxX,
        minY, maxY)
    },
  ]
}

/// The operations every algorithm is timed on, in the order `algorithmBenchmarks` makes them:
/// its benchmarks are `<id>/<operation>`.
let algorithmOperations = ["drag-step", "release", "frame", "gesture", "simulate", "verify"]

/// The algorithm whose benchmarks are the references of the algorithm groups.
let referenceAlgorithm = "edge-dock.corrected"

/// The drag step, release, frame, whole gesture, scenario simulated and scenario verified of
/// `algorithm`, compiled for its type wherever this is inlined.
@inlinable
func algorithmBenchmarks<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, _ inputs: BenchmarkInputs
) -> [Benchmark] {
  let environment = inputs.environment
  let size = inputs.itemSize
  let path = inputs.path
  let id = algorithm.id
  let tick = environment.frameDuration

  // A session with the finger down and the drag under way (past any pan hysteresis).
  var dragging = DragSimulation(
    algorithm: algorithm, environment: environment, center: path[0], itemSize: size)
  dragging.receive(TouchEvent(time: 0, phase: .began, location: path[0]))
  for index in 1...4 {
    dragging.receive(TouchEvent(time: Double(index) * tick, phase: .moved, location: path[index * 8]))
  }
  let dragState = BenchmarkState(session: dragging)

  // Sessions about to be released at varied points, and the same sessions just after.
  var aboutToRelease: [DragSimulation<Algorithm>] = []
  var releases: [TouchEvent] = []
  var released: [DragSimulation<Algorithm>] = []
  for gesture in inputs.gestures {
    var session = DragSimulation(
      algorithm: algorithm, environment: environment, center: gesture.start, itemSize: size)
    for event in gesture.events.dropLast() { session.receive(event) }
    aboutToRelease.append(session)
    let lift = gesture.events[gesture.events.count - 1]
    releases.append(lift)
    session.receive(lift)
    released.append(session)
  }
  let releaseCount = released.count
  let progress = inputs.progress
  let span = max(algorithm.releaseMotion?.settleTime ?? 0, tick)
  let gestures = inputs.gestures
  let simulator = Simulator(environment: environment, itemSize: size)
  let framesPerGesture =
    Double(gestures.map { simulator.run(algorithm, gesture: $0).frames.count }.reduce(0, +))
    / Double(gestures.count)

  // Scenarios as verify draws them for this algorithm (a third single touches, two thirds
  // interaction sequences), from the run's seed: drawn when first timed (the calibration's first batch),
  // not for every run that filters them out.
  let seed = inputs.seed
  let drawn = Deferred { () -> (scenarios: [Scenario], simulators: [Simulator]) in
    let generator = ScenarioGenerators.scenarios(for: algorithm)
    let scenarios = (0..<64).compactMap { generator.example(seed: seed &+ 100 &+ UInt64($0)) }
    return (scenarios, scenarios.map { Simulator(environment: $0.environment, itemSize: $0.itemSize) })
  }

  return [
    Benchmark(subject: id, operation: "drag-step", group: "drag-step", framesPerOperation: 1) { n in
      // One touch event in, one frame out. The drag goes on from batch to batch in one session,
      // moved out of its box and back, never copied: a copy's first change would copy its
      // storage, an allocation of the benchmark's, not of the drag step.
      guard var dragging = dragState.session.take() else { return 0 }
      var checksum: UInt64 = 0
      var index = dragState.index
      var time = dragging.time
      for _ in 0..<n {
        time += tick
        dragging.receive(TouchEvent(time: time, phase: .moved, location: path[index]))
        checksum &+= fold(dragging.frame(at: time).rect.origin)
        index = index + 1 == path.count ? 0 : index + 1
      }
      dragState.index = index
      dragState.session = consume dragging
      return checksum
    },
    Benchmark(subject: id, operation: "release", group: "release", framesPerOperation: nil) { n in
      // The finger lifts: where the item comes to rest and how it starts getting there.
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        var session = aboutToRelease[index]
        session.receive(releases[index])
        checksum &+= fold(session.view.center)
        index = index + 1 == releaseCount ? 0 : index + 1
      }
      return checksum
    },
    Benchmark(subject: id, operation: "frame", group: "frame", framesPerOperation: 1) { n in
      // One frame of the motion after a release: the item's position at time t.
      var checksum: UInt64 = 0
      var index = 0
      var sample = 0
      for _ in 0..<n {
        let session = released[index]
        let time = session.time + progress[sample] * span
        checksum &+= fold(session.view.presentationCenter(at: time))
        index = index + 1 == releaseCount ? 0 : index + 1
        sample = sample + 1 == progress.count ? 0 : sample + 1
      }
      return checksum
    },
    Benchmark(subject: id, operation: "gesture", group: "gesture", framesPerOperation: framesPerGesture) { n in
      // A half-second drag at 120 Hz, the release, and the motion to rest at 120 Hz.
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        let trajectory = simulator.run(algorithm, gesture: gestures[index])
        checksum &+= fold(trajectory.rest.origin) &+ UInt64(trajectory.frames.count)
        index = index + 1 == gestures.count ? 0 : index + 1
      }
      return checksum
    },
    Benchmark(subject: id, operation: "simulate", group: "simulate", framesPerOperation: nil) { n in
      // One scenario verify draws (touches, strokes, container changes), simulated to rest.
      let (scenarios, scenarioSimulators) = drawn.value
      let scenarioCount = scenarios.count
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        let trajectory = scenarioSimulators[index].run(algorithm, gesture: scenarios[index].gesture)
        checksum &+= fold(trajectory.rest.origin) &+ UInt64(trajectory.frames.count)
        index = index + 1 == scenarioCount ? 0 : index + 1
      }
      return checksum
    },
    Benchmark(subject: id, operation: "verify", group: "verify", framesPerOperation: nil) { n in
      // The same scenario simulated once and judged by every invariant: verify's work per
      // example, less drawing it.
      let scenarios = drawn.value.scenarios
      let scenarioCount = scenarios.count
      var checksum: UInt64 = 0
      var index = 0
      for _ in 0..<n {
        for verdict in Invariant.verdicts(algorithm, scenario: scenarios[index]) {
          switch verdict {
          case .holds: checksum &+= 1
          case .violated: checksum &+= 1 << 20
          case .notApplicable: checksum &+= 1 << 40
          }
        }
        index = index + 1 == scenarioCount ? 0 : index + 1
      }
      return checksum
    },
  ]
}

/// A value made the first time it is asked for (benchmarks run on one thread).
@usableFromInline
final class Deferred<Value> {
  @usableFromInline let make: () -> Value
  @usableFromInline var made: Value?

  @inlinable
  init(_ make: @escaping () -> Value) { self.make = make }

  @inlinable
  var value: Value {
    if let made { return made }
    let value = make()
    made = value
    return value
  }
}

/// A benchmark's state carried from one batch to the next (see the drag step).
@usableFromInline
final class BenchmarkState<Value> {
  @usableFromInline var session: Value?
  @usableFromInline var index = 0

  @inlinable
  init(session: Value) { self.session = session }
}

/// The motions timed one frame at a time: every timing curve and a family of springs.
let benchmarkMotions: [Motion] =
  TimingCurve.named.map { Motion.curve($0.curve, duration: Motion.defaultDuration) }
  + [TimingCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)].compactMap { $0 }.map {
    Motion.curve($0, duration: Motion.defaultDuration)
  }
  + [
    DampedSpring(dampingRatio: 0.7, response: 0.4), DampedSpring(dampingRatio: 1, response: 0.4),
    DampedSpring(dampingRatio: 1.5, response: 0.4), DampedSpring(mass: 1, stiffness: 100, damping: 10),
    DampedSpring.uikit(dampingRatio: 0.5, duration: 0.6, initialVelocity: 0),
  ].compactMap { $0 }.map(Motion.spring)

func motionBenchmarks(_ inputs: BenchmarkInputs) -> [Benchmark] {
  let progress = inputs.progress
  return benchmarkMotions.map { motion in
    let settle = motion.settleTime
    return Benchmark(subject: motion.description, operation: "frame", group: "motion", framesPerOperation: 1) { n in
      var checksum: UInt64 = 0
      var sample = 0
      for _ in 0..<n {
        checksum &+= motion.fraction(at: progress[sample] * settle, settleTime: settle).bitPattern
        sample = sample + 1 == progress.count ? 0 : sample + 1
      }
      return checksum
    }
  }
}
