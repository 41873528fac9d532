import CBenchSupport
import Foundation
import SnapCheck
import SnapAlgorithms

#if canImport(Glibc)
  import Glibc
#endif

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

/// What one benchmark measured: nanoseconds per operation in each timed epoch.
struct Measurement {
  let benchmark: Benchmark
  /// Operations per epoch.
  var batch: Int
  /// ns per operation, one value per epoch, in the order they ran.
  var epochs: [Double] = []
  /// Heap allocations the timed epochs made, all together (see `AllocationCounter`).
  var allocations: UInt64 = 0

  var iterations: Int { batch * epochs.count }
  var summary: Summary { Summary(epochs) }
}

/// Order statistics and spread of a sample.
struct Summary: Equatable {
  var min = 0.0
  var median = 0.0
  var p90 = 0.0
  var p99 = 0.0
  var max = 0.0
  /// Median absolute percentage error around the median: the spread, in percent.
  var errorPercent = 0.0

  init(_ values: [Double]) {
    let sorted = values.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return }
    func quantile(_ q: Double) -> Double {
      // Nearest rank: the smallest value with at least q of the sample at or below it.
      let rank = Int((q * Double(sorted.count)).rounded(.up))
      return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
    min = sorted[0]
    max = sorted[sorted.count - 1]
    median = sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    p90 = quantile(0.9)
    p99 = quantile(0.99)
    if median > 0 {
      let deviations = sorted.map { abs($0 - median) / median * 100 }.sorted()
      errorPercent = deviations.count % 2 == 1
        ? deviations[deviations.count / 2]
        : (deviations[deviations.count / 2 - 1] + deviations[deviations.count / 2]) / 2
    }
  }
}

/// Times benchmarks in batches: each epoch runs a calibrated number of operations between two
/// clock reads, so the clock's cost and resolution vanish in the batch; benchmarks run their
/// epochs in turn (A B C A B C …), so a drift in the machine's speed touches them all alike,
/// and their ratios to the group's reference hold.
struct Harness {
  /// The longest an epoch should last; calibration aims just below it.
  var epochTarget: UInt64 = 1_000_000  // 1 ms
  /// Epochs timed per benchmark (after warm-up).
  var epochs = 15
  /// Epochs run and discarded per benchmark before timing.
  var warmup = 2
  /// The most operations in one epoch (the batch size's ceiling).
  var iterations = 1_000_000
  var progress: ((Int, Int) -> Void)?

  /// Runs `body(batch)` once and returns the elapsed nanoseconds, sinking the checksum, and
  /// the heap allocations the thread made meanwhile (read outside the clock reads: a
  /// thread-local load each).
  @inline(never)
  func time(_ benchmark: Benchmark, batch: Int) -> (nanoseconds: UInt64, allocations: UInt64) {
    let allocationsBefore = AllocationCounter.count
    let start = monotonicNanoseconds()
    let checksum = benchmark.body(batch)
    let end = monotonicNanoseconds()
    let allocationsAfter = AllocationCounter.count
    snapbench_sink(checksum)
    return (end &- start, allocationsAfter &- allocationsBefore)
  }

  /// The longest one operation may take: a whole frame at 60 Hz. SnapLab's own take
  /// microseconds; a benchmark slower than this three times in a row is not timed (it would
  /// take minutes), and the run says which, at once.
  static let slowestOperation: UInt64 = 16_666_667

  /// Throws when one of `algorithms` takes more than `slowestOperation` a touch event (the
  /// fastest of three short drags): setting up its benchmarks simulates some two thousand
  /// events, minutes for such code, and its timings would mean nothing. SnapLab's own take
  /// microseconds an event; the probe costs them nothing to speak of.
  static func requireTimeable(_ algorithms: [RegisteredAlgorithm], tool: Tool) throws {
    ExampleGuard.install()
    for registered in algorithms {
      let algorithm = registered.entry.make()
      let perEvent = ExampleGuard.watching(
        WhatRuns("trying the algorithm '\(registered.entry.id)' on a short drag"), deadline: .seconds(10)
      ) {
        (0..<3).map { _ in Self.shortDrag(algorithm) }.min() ?? 0
      }
      if perEvent > slowestOperation {
        throw RuntimeError(
          "\(registered.entry.id) takes \(String(format: "%.0f", Double(perEvent) / 1e6)) ms a touch "
            + "event, more than a whole frame at 60 Hz (16.7 ms): too slow to time (SnapLab's own "
            + "take microseconds). Leave it out with --skip '\(registered.entry.id)', and look at "
            + "what it does on each event ('\(tool.name) verify --algorithm \(registered.entry.id)' "
            + "says where).")
      }
    }
  }

  /// The mean nanoseconds of one event of a five-event drag through `algorithm`.
  static func shortDrag<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm) -> UInt64 {
    var environment = DeviceProfile.standard.environment()
    environment.refreshRate = 120
    let region = environment.safeRegion
    let start = CGPoint(x: region.midX, y: region.midY)
    var session = DragSimulation(
      algorithm: algorithm, environment: environment, center: start, itemSize: CGSize(width: 60, height: 60))
    let before = monotonicNanoseconds()
    session.receive(TouchEvent(time: 0, phase: .began, location: start))
    for index in 1...4 {
      let location = CGPoint(x: start.x + Double(index) * 6, y: start.y + Double(index) * 4)
      session.receive(TouchEvent(time: Double(index) / 120, phase: .moved, location: location))
    }
    return (monotonicNanoseconds() &- before) / 5
  }

  /// The batch size whose epoch lasts about `epochTarget`, within the iteration budget.
  func calibrate(_ benchmark: Benchmark) throws -> Int {
    let ceiling = Swift.max(1, iterations)
    var batch = 1
    while batch < ceiling {
      let elapsed = time(benchmark, batch: batch).nanoseconds
      // Timed twice more before it is called slow: one preempted operation is not.
      if batch == 1, elapsed > Self.slowestOperation,
        let fastest = [elapsed, time(benchmark, batch: 1).nanoseconds, time(benchmark, batch: 1).nanoseconds].min(),
        fastest > Self.slowestOperation
      {
        let elapsed = fastest
        throw RuntimeError(
          "the benchmark '\(benchmark.name)' takes \(String(format: "%.0f", Double(elapsed) / 1e6)) ms "
            + "an operation, more than a whole frame at 60 Hz (16.7 ms): too slow to time (SnapLab's "
            + "own take microseconds). Leave it out with --filter, and look at what the algorithm "
            + "does on each event.")
      }
      if elapsed >= epochTarget / 2 { break }
      // Grow towards the target from what this batch took, by at most 10× per step.
      let scale = elapsed > 1000 ? Double(epochTarget) / Double(elapsed) : 10
      batch = Swift.min(ceiling, Swift.max(batch + 1, Int(Double(batch) * Swift.min(scale, 10))))
    }
    return Swift.min(batch, ceiling)
  }

  /// Measures every benchmark in rounds: each round times one epoch of every benchmark, group
  /// after group, the members of a group back to back. A benchmark's epochs are thus spread over
  /// the whole run, so a slow spell of the machine (on these hosts, a few hundred milliseconds
  /// at ~40% below speed) touches a few of them rather than all, and the median holds; members
  /// of a group still run side by side, so their epoch-by-epoch ratios hold too.
  func run(_ benchmarks: [Benchmark]) throws -> [Measurement] {
    let groups = Dictionary(grouping: benchmarks, by: \.group)
    let ordered = BenchmarkGroup.order.compactMap { groups[$0] }
      + groups.filter { !BenchmarkGroup.order.contains($0.key) }.map(\.value)
    // A benchmark that never returns (a handler that loops) ends the run, saying which.
    ExampleGuard.install()
    var measurements = try ordered.joined().map { benchmark in
      Measurement(
        benchmark: benchmark,
        batch: try ExampleGuard.watching(
          WhatRuns("calibrating the benchmark '\(benchmark.name)'"), deadline: .seconds(10)
        ) {
          try calibrate(benchmark)
        })
    }
    let totalEpochs = measurements.count * (epochs + warmup)
    var done = 0
    for round in 0..<(warmup + epochs) {
      for index in measurements.indices {
        let batch = measurements[index].batch
        let (elapsed, allocations) = ExampleGuard.watching(
          WhatRuns("timing the benchmark '\(measurements[index].benchmark.name)'"),
          deadline: .seconds(10)
        ) { time(measurements[index].benchmark, batch: batch) }
        if round >= warmup {
          measurements[index].epochs.append(Double(elapsed) / Double(batch))
          measurements[index].allocations &+= allocations
        }
        done += 1
      }
      progress?(done, totalEpochs)
    }
    return measurements
  }
}

/// A benchmark's result ready to print: statistics, ratio to its group's reference, and cost
/// per frame against the frame budgets.
struct Result {
  let name: String
  /// The benchmark's subject and operation (`Benchmark`).
  let subject: String
  let operation: String
  let group: String
  let iterations: Int
  let nsPerOp: Summary
  /// Median of the per-epoch ratios to the reference (epochs of a group alternate), and spread.
  let ratio: Double?
  let ratioErrorPercent: Double?
  let reference: String?
  /// p99 cost of one frame, ns, for frame work.
  let p99PerFrame: Double?
  /// Heap allocations per operation over the timed epochs; `nil` where they are not counted.
  let allocationsPerOp: Double?
  /// Whether one operation is one frame's work (a drag step, a motion frame): what
  /// `--max-allocations` holds to its limit.
  let isPerFrame: Bool

  var isNoisy: Bool { nsPerOp.errorPercent > 5 }

  /// The share of a frame at `hertz` that the p99 frame takes.
  func budgetShare(hertz: Double) -> Double? {
    p99PerFrame.map { $0 / (1e9 / hertz) }
  }

  static func from(_ measurements: [Measurement]) -> [Result] {
    let byName = Dictionary(measurements.map { ($0.benchmark.name, $0) }, uniquingKeysWith: { a, _ in a })
    return measurements.map { measurement in
      let benchmark = measurement.benchmark
      var ratio: Double?
      var ratioError: Double?
      let referenceName = BenchmarkGroup.references[benchmark.group]
      if let referenceName, let reference = byName[referenceName],
        reference.epochs.count == measurement.epochs.count
      {
        let ratios = zip(measurement.epochs, reference.epochs).map { $0 / $1 }
        let summary = Summary(ratios)
        ratio = summary.median
        ratioError = summary.errorPercent
      }
      let summary = measurement.summary
      return Result(
        name: benchmark.name, subject: benchmark.subject, operation: benchmark.operation,
        group: benchmark.group, iterations: measurement.iterations,
        nsPerOp: summary, ratio: ratio, ratioErrorPercent: ratioError, reference: referenceName,
        p99PerFrame: benchmark.framesPerOperation.map { summary.p99 / $0 },
        allocationsPerOp: AllocationCounter.isAvailable && measurement.iterations > 0
          ? Double(measurement.allocations) / Double(measurement.iterations) : nil,
        isPerFrame: benchmark.framesPerOperation == 1)
    }
  }
}

/// What the numbers were measured on.
typealias MachineDescription = BenchmarkResults.Machine

extension BenchmarkResults.Machine {
  /// This machine, this build, now.
  static func current() -> MachineDescription {
    var cpu = "unknown"
    #if os(Linux)
      if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
      {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    #elseif canImport(Darwin)
      var size = 0
      if sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 1 {
        var bytes = [CChar](repeating: 0, count: size)
        if sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 {
          cpu = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
      }
    #endif
    var swift = "unknown"
    #if compiler(>=6.3)
      swift = "6.3 or later"
    #else
      swift = "6.2"
    #endif
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    let formatter = ISO8601DateFormatter()
    return MachineDescription(
      cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, swift: swift,
      configuration: configuration,
      os: ProcessInfo.processInfo.operatingSystemVersionString,
      date: formatter.string(from: Date()))
  }
}
