import CBenchSupport

/// Heap allocations of the calling thread, as `snap-bench run` counts them for its allocation
/// column: every `malloc`, `calloc`, `realloc` and aligned allocation, the Swift runtime's
/// object and buffer allocations included (see `Benchmarks/README.md`, "Allocations").
///
/// The counting is done by `CBenchSupport`'s replacements of the C allocation functions, linked
/// into every executable that uses `SnapBench`; they hand each call on to glibc's allocator, and
/// the count is per thread, so a benchmark's count is its own thread's alone.
enum AllocationCounter {
  /// Whether allocations are counted in this process: the replacements are built (Linux with
  /// glibc) and in force for the Swift runtime too, which this checks by allocating an object
  /// and looking for it in the count.
  static let isAvailable: Bool = {
    guard snapbench_allocations_counted() == 1 else { return false }
    let before = snapbench_allocations()
    let probe = Probe()
    // Escaped, so the object cannot live on the stack.
    snapbench_escape(Unmanaged.passUnretained(probe).toOpaque())
    let after = snapbench_allocations()
    withExtendedLifetime(probe) {}
    return after > before
  }()

  /// The calling thread's allocations so far.
  @inline(__always)
  static var count: UInt64 { snapbench_allocations() }

  private final class Probe {}
}
