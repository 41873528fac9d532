import CSnapCheckSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a layer above SnapCheck knows about the example in flight (SnapLab's verification: the
/// algorithm and the scenario), for the report a crash or an overrun leaves behind.
public protocol ExampleDetail: AnyObject {
  /// Lines for a person: what was being checked, and how to run it again.
  func reportLines() -> [String]
  /// The example for a supervising process, as a JSON value's text (`ExampleGuard.Record`'s
  /// `detail`), or `nil`.
  func record() -> String?
}

/// What the example a thread is checking was, kept where a crash or the watchdog can read it:
/// SnapCheck's seed and example, and the detail a layer above added.
public final class ExampleCrumb: @unchecked Sendable {
  /// The run's seed.
  public internal(set) var seed: UInt64 = 0
  /// The random example's index, or `nil` while a failure is shrunk or climbed from.
  public internal(set) var example: UInt64?
  /// What a layer above knows about the example; set while the example runs.
  public var detail: (any ExampleDetail)?
  /// The deadline of the work in flight when `watching` gave it its own, else `nil` (the
  /// process's `ExampleGuard.deadline`).
  public internal(set) var deadline: Duration?

  init() {}
}

/// Survives nothing, but tells: when the code under test traps (a failed precondition, an index
/// out of range, a nil unwrapped) or crashes, the process dies — no test framework can carry on
/// after that — but first the thread's crumb is printed to standard error: which run, seed and
/// example, and what a layer above knows (SnapLab prints the algorithm, the scenario and the
/// command that replays it). An example that runs past `deadline` is reported the same way by a
/// watchdog, and then left to run (`OverrunAction.report`) or ends the process
/// (`OverrunAction.exit`).
///
/// SnapCheck installs the guard itself the first time a property runs; the Swift runtime's own
/// crash report (its backtrace) still follows.
public enum ExampleGuard {
  /// What the watchdog does with an example that runs past the deadline.
  public enum OverrunAction: Sendable {
    /// Print the crumb once, and let the example go on.
    case report
    /// Print the crumb, then end the process with this status (a tool's, never a test's).
    case exit(Int32)
  }

  /// What the crash handler does once it has printed the crumb.
  public enum CrashAction: Sendable {
    /// Hand the signal on (the Swift runtime's backtrace, then the process dies by it): a test
    /// process, whose runner reports the crash.
    case chain
    /// End the process with this status: a tool, whose crash is a failure like any other.
    case exit(Int32)
  }

  /// What happens after a crash has been reported (default: `chain`). Read by the crash
  /// handler without a lock: set it before the work it is for starts.
  public static var crashAction: CrashAction {
    get { crashStatus < 0 ? .chain : .exit(crashStatus) }
    set {
      if case .exit(let status) = newValue { crashStatus = max(0, status) } else { crashStatus = -1 }
    }
  }
  nonisolated(unsafe) static var crashStatus: Int32 = -1

  /// The default deadline: an example that runs this long is stuck or far too slow. SnapLab's
  /// own scenarios each take under a tenth of it even in a debug build (`snap-bench verify
  /// --deadline 0.1` finds none past it); a handler that takes 50 ms an event passes it within
  /// twenty events.
  public static let defaultDeadline: Duration = .seconds(1)

  /// A frame at 60 Hz: the time a handler has for each touch event it is given. An example
  /// whose touch events take less each is never stuck or far too slow, however many it plays.
  public static let frameBudget: Duration = .nanoseconds(16_666_667)

  /// `frameBudget` in seconds.
  public static let frameSeconds = Double(frameBudget.components.attoseconds) / 1e18

  /// What the watchdog allows beyond the deadline for `events` touch events (or container
  /// changes) and `seconds` of gesture: a frame (`frameBudget`) for each event, and the seconds
  /// themselves (up to an hour; none when they are not finite).
  public static func allowance(events: Int, seconds: Double) -> Duration {
    let extra = Double(max(0, events)) * frameSeconds + max(0, seconds.isFinite ? min(seconds, 3600) : 0)
    return .nanoseconds(Int64(extra * 1e9))
  }

  /// The example running on this thread plays `events` more touch events (or container
  /// changes) and `seconds` more of gesture: the watchdog allows it `allowance(events:seconds:)`
  /// beyond the deadline, and judges its pace per event.
  public static func allow(events: Int, seconds: Double) {
    snapcheck_example_allow(UInt64(max(0, events)), nanoseconds(allowance(events: events, seconds: seconds)))
  }

  /// Installs the guard and starts a small process that watches this one: when this process
  /// stays stopped (a SIGSTOP its own code raised, or one sent to it alone) it is woken and ended
  /// through the crash handler, which reports the work in flight as having stopped the process.
  /// A stop of the whole job (^Z) and a debugger's stop are left alone. For a tool's process,
  /// early in `main`; nothing where a fork is not available.
  package static func guardAgainstStops() {
    install()
    _ = snapcheck_stop_guard_start()
  }

  /// Called when the process exits while an example runs (code under test called `exit()`):
  /// leaves a `Record` of event `exit` with the example in flight, for a supervising process.
  package static func recordExit() {
    guard let found = snapcheck_crumb_in_flight() else {
      writeRecord(Record(event: "exit"))
      return
    }
    let owner = Unmanaged<ExampleCrumb>.fromOpaque(found).takeUnretainedValue()
    writeRecord(Record(event: "exit", detail: owner.detail?.record()))
  }

  private static let settings = Settings()

  final class Settings: @unchecked Sendable {
    let lock = NSLock()
    var deadline: Duration = ExampleGuard.defaultDeadline
    var action: OverrunAction = .report
    /// The descriptor of the record file a supervising process named, or -1.
    var recordDescriptor: Int32 = -1
    var started = false
  }

  /// How long one example may run before the watchdog reports it (default 1 s).
  public static var deadline: Duration {
    get { settings.lock.withLock { settings.deadline } }
    set { settings.lock.withLock { settings.deadline = newValue } }
  }

  /// What happens to an example past the deadline (default: reported, then left to run).
  public static var overrunAction: OverrunAction {
    get { settings.lock.withLock { settings.action } }
    set { settings.lock.withLock { settings.action = newValue } }
  }

  /// What a crash, an overrun or code far too slow leaves for a supervising process, besides
  /// the report for a person on standard error: one JSON document, `Record`, in the file it
  /// named (`writeRecords(to:)`); a later event replaces an earlier one.
  public struct Record: Codable, Sendable, Equatable {
    /// `crash`, `overrun`, `slow`, or `exit` (the code under test called `exit()`, `recordExit`).
    public var event: String
    /// The signal of a crash.
    public var signal: Int32?
    /// For code far too slow: the mean time of an example and the slowest one's, in seconds.
    public var meanSeconds: Double?
    public var slowestSeconds: Double?
    /// For code far too slow, when the examples counted their touch events
    /// (`allow(events:seconds:)`): the mean time of an example per touch event, in seconds.
    public var eventSeconds: Double?
    /// The example, as the layer above described it (`ExampleDetail.record()`), as JSON text.
    public var detail: String?
  }

  /// Writes every `Record` to the file at `path` from now on (created or emptied now, so that
  /// a crash has nothing to open).
  public static func writeRecords(to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw RecordFileError(path: path, reason: String(cString: strerror(errno)))
    }
    settings.lock.withLock {
      if settings.recordDescriptor >= 0 { close(settings.recordDescriptor) }
      settings.recordDescriptor = descriptor
    }
  }

  /// Why the record file could not be opened.
  public struct RecordFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "could not open the record file '\(path)': \(reason)" }
  }

  /// The record file's descriptor, or -1. Read without the lock: a crash may hold it.
  private static var recordDescriptor: Int32 { settings.recordDescriptor }

  /// Replaces the record file's contents with `record`, if there is a record file.
  static func writeRecord(_ record: Record) {
    let descriptor = recordDescriptor
    guard descriptor >= 0, let data = try? JSONEncoder().encode(record) else { return }
    _ = ftruncate(descriptor, 0)
    var offset = 0
    data.withUnsafeBytes { bytes in
      while offset < bytes.count {
        let written = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(offset))
        if written <= 0 {
          if written < 0, errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Installs the crash handlers and starts the watchdog, once.
  public static func install() {
    let first = settings.lock.withLock {
      defer { settings.started = true }
      return !settings.started
    }
    guard first else { return }
    snapcheck_guard_install { signal, crumb in
      guard let crumb else { return }
      let owner = Unmanaged<ExampleCrumb>.fromOpaque(crumb).takeUnretainedValue()
      ExampleGuard.report(owner, signal: signal, elapsed: nil)
      if ExampleGuard.crashStatus >= 0 { _exit(ExampleGuard.crashStatus) }
    }
    let watchdog = Thread { ExampleGuard.watch() }
    watchdog.name = "SnapCheck watchdog"
    watchdog.start()
  }

  /// The calling thread's crumb, made on first use.
  public static var crumb: ExampleCrumb {
    if let existing = snapcheck_crumb() {
      return Unmanaged<ExampleCrumb>.fromOpaque(existing).takeUnretainedValue()
    }
    let made = ExampleCrumb()
    snapcheck_crumb_set(Unmanaged.passRetained(made).toOpaque()) { crumb in
      guard let crumb else { return }
      Unmanaged<ExampleCrumb>.fromOpaque(crumb).release()
    }
    return made
  }

  /// Changes the calling thread's crumb where the watchdog cannot read it half changed.
  public static func update(_ change: (ExampleCrumb) -> Void) {
    let owner = crumb
    snapcheck_crumb_lock(1)
    change(owner)
    snapcheck_crumb_lock(0)
  }

  /// Runs one example under the guard: its seed and index on the crumb, its time watched.
  @usableFromInline
  static func running<Result>(seed: UInt64, example: UInt64?, _ body: () throws -> Result)
    rethrows -> Result
  {
    // The numbers are written as they are (a watchdog reading one mid-write reads an old
    // number); the detail, an object, only under the lock, and only when there is one to clear.
    let owner = crumb
    owner.seed = seed
    owner.example = example
    if owner.detail != nil || owner.deadline != nil {
      update {
        $0.detail = nil
        $0.deadline = nil
      }
    }
    snapcheck_example_begin()
    defer {
      let elapsed = snapcheck_example_end()
      pace.add(elapsed) { owner.detail?.record() }
    }
    return try body()
  }

  /// How fast the examples run, for the watchdog to tell code far too slow for a frame (every
  /// scenario a second or so, none past the deadline) from code that is merely slow.
  static let pace = Pace()

  final class Pace: @unchecked Sendable {
    private let lock = NSLock()
    private var slowest: (nanoseconds: UInt64, record: String?, lines: [String]) = (0, nil, [])
    var reported = false

    /// Notes an example that took `nanoseconds` (the total and the count are kept in C, without
    /// a lock); a new slowest is written down with its detail, rare once the run is under way.
    @inline(__always)
    func add(_ nanoseconds: UInt64, record: () -> String?) {
      guard snapcheck_pace_record(nanoseconds) != 0 else { return }
      let detail = ExampleGuard.crumb.detail
      let written = (nanoseconds, record(), detail?.reportLines() ?? [])
      lock.lock()
      if written.0 >= slowest.nanoseconds { slowest = written }
      lock.unlock()
    }

    /// The mean, the mean per touch event (when the examples counted theirs) and the slowest,
    /// when enough has run to judge: two seconds of examples.
    func judge() -> Judged? {
      var total: UInt64 = 0
      var count: UInt64 = 0
      snapcheck_pace(&total, &count)
      guard total >= 2_000_000_000, count > 0, !reported else { return nil }
      let events = snapcheck_pace_events()
      lock.lock()
      defer { lock.unlock() }
      return Judged(
        mean: Double(total) / Double(count) / 1e9,
        perEvent: events > 0 ? Double(total) / Double(events) / 1e9 : nil, slowest: slowest)
    }

    struct Judged {
      var mean: Double
      var perEvent: Double?
      var slowest: (nanoseconds: UInt64, record: String?, lines: [String])

      /// Slower than a frame for each touch event, or (when the examples count none) slower
      /// than `slowMean` each.
      var tooSlow: Bool {
        if let perEvent { return perEvent > frameSeconds }
        return mean > slowMean
      }
    }
  }

  /// The mean time of a scenario past which code is far too slow for a frame: SnapLab's own
  /// take about 2 ms in a debug build.
  public static let slowMean: Double = 0.1

  /// Runs `body` as one watched piece of work, `detail` saying what it is: a crash in it prints
  /// the detail before the process dies, and the watchdog reports it when it runs past
  /// `deadline` (by default the process's `deadline`), then does what `overrunAction` says.
  ///
  ///     ExampleGuard.install()
  ///     let trajectory = ExampleGuard.watching(WhatRuns("replaying the gesture")) {
  ///       simulator.run(algorithm, gesture: gesture)
  ///     }
  public static func watching<Result>(
    _ detail: any ExampleDetail, deadline: Duration? = nil, _ body: () throws -> Result
  ) rethrows -> Result {
    update {
      $0.example = nil
      $0.detail = detail
      $0.deadline = deadline
    }
    snapcheck_example_begin_within(deadline.map(nanoseconds) ?? 0)
    defer { pace.add(snapcheck_example_end()) { nil } }
    return try body()
  }

  /// Writes `crumb` to standard error: after a crash (`signal`), or past the deadline.
  static func report(_ crumb: ExampleCrumb, signal: Int32?, elapsed: Double?) {
    var lines: [String] = []
    let what: String
    if signal == SIGSTOP {
      what = "stopped the process (by a SIGSTOP it raised, or one sent to the process alone), and "
        + "a stopped process never goes on: it was ended"
    } else if let signal {
      what = "crashed (\(signalDescription(signal)))"
    } else {
      let seconds = elapsed.map { String(format: "%.1f s", $0) } ?? "too long"
      what = "has run \(seconds), past the deadline of \(describe(crumb.deadline ?? deadline))"
    }
    lines.append("")
    if let example = crumb.example {
      lines.append("\(prefix)the code under test \(what), at example \(example) of seed \(crumb.seed).")
    } else {
      lines.append("\(prefix)the code under test \(what).")
    }
    if let detail = crumb.detail { lines += detail.reportLines() }
    let text = lines.joined(separator: "\n") + "\n"
    writeRecord(
      Record(event: signal == nil ? "overrun" : "crash", signal: signal, detail: crumb.detail?.record()))
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written <= 0 {
        if written < 0, errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The watchdog's loop: every tenth of a second, the longest-running example past the deadline
  /// is reported.
  static func watch() {
    while true {
      let nanoseconds = nanoseconds(deadline)
      usleep(UInt32(min(100_000, max(10_000, nanoseconds / 10_000))))
      if judgesPace, let judged = pace.judge(), judged.tooSlow {
        pace.reported = true
        reportSlow(judged)
        // A supervised process (one that writes records) tells its supervisor by the status;
        // a tool ends with its own failure status.
        if case .exit(let status) = overrunAction { _exit(recordDescriptor >= 0 ? slowStatus : status) }
      }
      var elapsed: UInt64 = 0
      guard let found = snapcheck_overrun(nanoseconds, &elapsed) else { continue }
      let owner = Unmanaged<ExampleCrumb>.fromOpaque(found).takeUnretainedValue()
      report(owner, signal: nil, elapsed: Double(elapsed) / 1e9)
      snapcheck_overrun_done(found)
      if case .exit(let status) = overrunAction {
        _exit(status)
      }
    }
  }

  /// How a report starts: `Error: ` in a tool, which ends for it (`OverrunAction.exit`), as its
  /// other errors do; `SnapCheck: ` in a test process, which goes on.
  static var prefix: String {
    if case .exit = overrunAction { return "Error: " }
    return "SnapCheck: "
  }

  /// Whether the watchdog judges the pace of the examples (default `true`): a command that runs
  /// one piece of work, long by design (a trace of one gesture), turns it off and keeps only
  /// the deadline.
  nonisolated(unsafe) public static var judgesPace = true

  /// The status a supervised process (one that writes records, `writeRecords(to:)`) exits with
  /// when it ends for code far too slow (`OverrunAction.exit`); any other exits with the status
  /// its `OverrunAction.exit` gives.
  public static let slowStatus: Int32 = 76

  static func reportSlow(_ judged: Pace.Judged) {
    let slowest = judged.slowest
    var text = "\n\(prefix)the code under test is far too slow: "
    if let perEvent = judged.perEvent {
      text += "its examples take " + String(format: "%.1f ms", perEvent * 1000)
        + " for each touch event they play, more than a whole frame at 60 Hz (16.7 ms). "
    } else {
      text += "its examples take " + String(format: "%.2f s", judged.mean)
        + " each on average (SnapLab's own take about 2 ms). "
    }
    text += "The slowest took " + String(format: "%.2f s", Double(slowest.nanoseconds) / 1e9) + ":\n"
    text += slowest.lines.joined(separator: "\n") + "\n"
    writeRecord(
      Record(
        event: "slow", meanSeconds: judged.mean, slowestSeconds: Double(slowest.nanoseconds) / 1e9,
        eventSeconds: judged.perEvent, detail: slowest.record))
    writeError(text)
  }

  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written <= 0 {
        if written < 0, errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  static func nanoseconds(_ duration: Duration) -> UInt64 {
    UInt64(max(0, duration.components.seconds)) * 1_000_000_000
      + UInt64(max(0, duration.components.attoseconds / 1_000_000_000))
  }

  /// A deadline as a person reads it: `5 s`, `250 ms`.
  public static func describe(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    if seconds >= 1 { return "\(formatted(seconds)) s" }
    return "\(formatted(seconds * 1000)) ms"
  }

  private static func formatted(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.3g", value)
  }

  /// What a signal that ended a process says: `SIGILL, a Swift runtime trap: …`.
  public static func signalDescription(_ signal: Int32) -> String {
    switch signal {
    case SIGILL, SIGTRAP:
      return "signal \(signal), \(signal == SIGILL ? "SIGILL" : "SIGTRAP"): a Swift runtime trap — "
        + "a failed precondition or fatalError, an index out of range, a nil unwrapped, an "
        + "arithmetic overflow"
    case SIGSEGV: return "signal \(signal), SIGSEGV: a bad memory access, or a stack overflow"
    case SIGBUS: return "signal \(signal), SIGBUS: a bad memory access"
    case SIGFPE: return "signal \(signal), SIGFPE: an arithmetic fault"
    case SIGABRT: return "signal \(signal), SIGABRT: abort() was called"
    case SIGKILL: return "signal \(signal), SIGKILL: killed, perhaps for running out of memory"
    default: return "signal \(signal)"
    }
  }
}

/// Runs code in a child process, so that a crash or a hang in it ends the child, not the caller.
package enum ChildProcess {
  /// How a child ended.
  package enum Outcome: Equatable, Sendable {
    /// It returned.
    case returned
    /// A signal ended it (a crash); `output` is what it wrote to standard error.
    case crashed(signal: Int32, output: String)
    /// It ran past the time allowed and was killed.
    case timedOut
    /// It could not be started, or exited some other way.
    case failed
  }

  /// Runs `body` in a child made by `fork()`, waiting at most `timeout`.
  ///
  /// Only for a process whose other threads are idle while it calls this (a worker of
  /// SnapLab's own; `report` once its verifying is done): the child holds a copy of the
  /// caller's memory and only the calling thread, so a lock another thread held at that moment
  /// would never be let go in the child (the timeout then ends it).
  package static func run(timeout: Duration, _ body: () -> Void) -> Outcome {
    final class Box {
      let body: () -> Void
      init(_ body: @escaping () -> Void) { self.body = body }
    }
    return withoutActuallyEscaping(body) { body in
      let box = Unmanaged.passRetained(Box(body))
      defer { box.release() }
      let nanoseconds = UInt64(max(0, timeout.components.seconds)) * 1_000_000_000
        + UInt64(max(0, timeout.components.attoseconds / 1_000_000_000))
      var output = [CChar](repeating: 0, count: 1 << 14)
      let status = output.withUnsafeMutableBufferPointer { buffer in
        snapcheck_run_in_child(
          { context in
            guard let context else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().body()
          }, box.toOpaque(), nanoseconds, buffer.baseAddress, Int32(buffer.count))
      }
      switch status {
      case 0: return .returned
      case -1: return .timedOut
      case let signal where signal > 0:
        let end = output.firstIndex(of: 0) ?? output.count
        let text = String(decoding: output[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .crashed(signal: signal, output: text)
      default: return .failed
      }
    }
  }
}

/// A piece of work described in a line, for `ExampleGuard.watching(_:_:)`.
public final class WhatRuns: ExampleDetail, @unchecked Sendable {
  public let description: String

  public init(_ description: String) { self.description = description }

  public func reportLines() -> [String] { ["  It was \(description)."] }
  public func record() -> String? { nil }
}
