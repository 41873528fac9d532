import CBenchSupport
import Foundation
import SnapAlgorithms
import TestSupport
import Testing

@testable import SnapBench

/// The allocation column of `snap-bench run`: the counter sees a known allocation and no
/// phantom ones, the harness reports allocations per operation exactly, and `--max-allocations`
/// fails a run whose per-frame work allocates.
@Suite("heap allocations")
struct AllocationTests {
  /// A drag that keeps every finger position it was given in an array that grows: the kind of
  /// history a handler keeps "for the velocity" and never trims, allocating as it grows.
  struct HoardingDock: SnapAlgorithm {
    var id = "test.hoarding-dock"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { 0 }
    var offset = CGVector.zero
    var history: [CGPoint] = []

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let finger = touch.location(in: context.superview)
      offset = CGVector(dx: finger.x - view.center.x, dy: finger.y - view.center.y)
    }

    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let finger = touch.location(in: context.superview)
      // A fresh array per event: one allocation every drag step.
      history = [finger] + history.prefix(3)
      view.center = CGPoint(x: finger.x - offset.dx, y: finger.y - offset.dy)
    }
  }

  final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test("the counter sees an object, an array and a malloc, and nothing in a loop that allocates nothing")
  func counterSeesKnownAllocations() throws {
    try #require(AllocationCounter.isAvailable, "heap allocations are counted on Linux with glibc")
    // The first object of a class also makes the runtime build its metadata: not counted here.
    snapbench_escape(Unmanaged.passUnretained(Box(0)).toOpaque())
    var before = AllocationCounter.count
    let box = Box(Int(before & 7))
    snapbench_escape(Unmanaged.passUnretained(box).toOpaque())
    // Read before #expect, whose own machinery allocates.
    var made = AllocationCounter.count - before
    #expect(made == 1, "one object, one allocation")
    withExtendedLifetime(box) {}

    before = AllocationCounter.count
    let array = ContiguousArray(repeating: 3, count: 100 + Int(before & 63))
    array.withUnsafeBufferPointer { snapbench_escape($0.baseAddress) }
    made = AllocationCounter.count - before
    #expect(made == 1, "one array buffer, one allocation")

    before = AllocationCounter.count
    let pointer = malloc(64)
    free(pointer)
    made = AllocationCounter.count - before
    #expect(made == 1)

    before = AllocationCounter.count
    var sum = 0
    for value in 0..<(1000 + Int(before & 1023)) { sum &+= value &* value }
    snapbench_sink(UInt64(bitPattern: Int64(sum)))
    made = AllocationCounter.count - before
    #expect(made == 0, "arithmetic allocates nothing")
  }

  @Test("another thread's allocations are not counted on this one")
  func perThread() throws {
    try #require(AllocationCounter.isAvailable)
    let before = AllocationCounter.count
    let thread = Thread {
      for _ in 0..<100 { snapbench_escape(Unmanaged.passUnretained(Box(1)).toOpaque()) }
    }
    thread.start()
    while !thread.isFinished { usleep(1000) }
    let made = AllocationCounter.count - before
    // Starting a thread allocates on this one (its object and stack bookkeeping), but not a
    // hundred times.
    #expect(made < 100)
  }

  @Test("the harness reports allocations per operation: exactly 1 for one object per operation, 0 for none")
  func harnessCountsPerOperation() throws {
    try #require(AllocationCounter.isAvailable)
    let allocating = Benchmark(subject: "test", operation: "one-object", group: "test", framesPerOperation: 1) { n in
      var checksum: UInt64 = 0
      for index in 0..<n {
        let box = Box(index)
        snapbench_escape(Unmanaged.passUnretained(box).toOpaque())
        checksum &+= UInt64(box.value)
      }
      return checksum
    }
    let pure = Benchmark(subject: "test", operation: "none", group: "test", framesPerOperation: 1) { n in
      var checksum: UInt64 = 0
      for index in 0..<n { checksum &+= UInt64(index) &* 3 }
      return checksum
    }
    var harness = Harness()
    harness.iterations = 2000
    harness.epochs = 3
    let results = try Result.from(harness.run([allocating, pure]))
    #expect(results.first { $0.name == "test/one-object" }?.allocationsPerOp == 1)
    #expect(results.first { $0.name == "test/none" }?.allocationsPerOp == 0)
    #expect(formatAllocations(0) == "0")
    #expect(formatAllocations(1) == "1")
    #expect(formatAllocations(0.0012) == "0.0012")
    #expect(formatAllocations(12.5) == "12.5")
  }

  @Test("--max-allocations 0 exits 3 for a drag step that allocates, and names it; 0 where none does")
  func gate() throws {
    try #require(AllocationCounter.isAvailable)
    let quick = ["--iterations", "2000", "--repetitions", "3", "--no-progress", "--max-allocations", "0"]
    let hoarding = SnapBench.run(
      ["run", "--filter", "^test.hoarding-dock/drag-step$"] + quick,
      adding: [RegisteredAlgorithm(HoardingDock())], toolName: "my-bench")
    #expect(hoarding == 3)
    // A whole gesture allocates (its trajectory), but it is not one frame's work.
    let gesture = SnapBench.run(
      ["run", "--filter", "^test.hoarding-dock/gesture$", "--skip", "edge-dock"] + quick,
      adding: [RegisteredAlgorithm(HoardingDock())], toolName: "my-bench")
    #expect(gesture == 0)
    let bad = SnapBench.run(["run", "--max-allocations", "-1"], toolName: "snap-bench")
    #expect(bad == 64)
  }
}

extension AllocationTests {
  @Test(
    "in the release build no variant's drag step or motion frame allocates (--max-allocations 0)",
    .enabled(if: RunCommandTests.releaseBinary != nil, "needs swift build -c release"))
  func perFrameWorkAllocatesNothing() throws {
    // The debug build's unoptimised code allocates where the shipped code does not (a spring's
    // frame, for one), so the promise is held of the release build.
    let binary = try #require(RunCommandTests.releaseBinary)
    let result = try SnapBenchProcess.run(executable: binary, [
      "run", "--filter", "/(drag-step|frame)$", "--iterations", "2000", "--repetitions", "3",
      "--no-progress", "--format", "json", "--max-allocations", "0",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let file = try BenchmarkResults(json: Data(result.stdout.utf8))
    #expect(file.results.count > 20)
    #expect(file.results.allSatisfy { $0.allocationsPerOp == 0 }, "\(file.results.filter { $0.allocationsPerOp != 0 }.map(\.name))")
  }
}
