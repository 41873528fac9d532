import Foundation
import SnapAlgorithms
import SnapCheck
import SnapVerification
import CBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Verification in worker processes: each row of the matrix (an algorithm with a motion) is
/// verified by a copy of this executable started for it, so that an algorithm that traps, or
/// never returns, ends its own worker and not the run. Its crash becomes a finding ("crashes")
/// with the smallest scenario that does it, shrunk by another worker that runs each candidate in
/// a child process; a scenario past the deadline becomes a "times-out" finding. The other rows'
/// results are kept, and are the same bytes as verified in one process.
///
/// A tool started by `SnapBench.main` (snap-bench, and a user's bench) has workers;
/// `SnapBench.run`, called from some other program, verifies in its own process.
enum Workers {
  /// A worker's exit status when an example ran past the deadline.
  static let overrunStatus: Int32 = 75
  /// Set to `0`, verification stays in one process.
  static let environmentSwitch = "SNAPLAB_WORKERS"

  /// What a worker needs to verify one row: everything in its request (`WorkerRequest`), so
  /// the worker builds exactly the row the parent has.
  struct RowJob: Sendable {
    var algorithm: String
    var motion: String?
    var examples: Int
    var seed: UInt64
    var jobs: Int
    var scope: Scope
    var deadline: Duration
    /// The invariants a row's worker checks (`WorkerRequest.verifyRow`); empty for the others.
    var invariants: [Invariant] = []

    /// The job as a request carries it (`WorkerRequest`).
    struct Wire: Codable {
      struct Size: Codable {
        var width: Double
        var height: Double
      }
      var algorithm: String
      var motion: String?
      var examples: Int
      var seed: UInt64
      var jobs: Int
      var deadlineMilliseconds: Int64
      /// The one item size of the scope, or `nil` for every size.
      var item: Size?
      /// The scope's orientations, idioms and cause classes, by their ids.
      var orientations: [String]
      var idioms: [String]
      var causes: [String]
      /// The invariants to check, by their ids.
      var invariants: [Invariant]
    }

    /// The job as a request carries it, or `nil` when the row cannot be described so (a scope
    /// of item sizes within a range: then it is verified in this process).
    var wire: Wire? {
      var item: Wire.Size?
      switch scope.itemSizes {
      case .any: break
      case .exactly(let size): item = Wire.Size(width: Double(size.width), height: Double(size.height))
      case .within, .byIdiom: return nil
      }
      return Wire(
        algorithm: algorithm, motion: motion, examples: examples, seed: seed, jobs: jobs,
        deadlineMilliseconds: Workers.milliseconds(deadline), item: item,
        orientations: scope.orientations.map(\.rawValue).sorted(),
        idioms: scope.idioms.map(\.rawValue).sorted(), causes: scope.causes.map(\.rawValue).sorted(),
        invariants: invariants)
    }

    /// The job `wire` describes.
    init(_ wire: Wire) throws {
      algorithm = wire.algorithm
      motion = wire.motion
      examples = wire.examples
      seed = wire.seed
      jobs = wire.jobs
      deadline = .milliseconds(wire.deadlineMilliseconds)
      invariants = wire.invariants
      scope = Scope()
      if let item = wire.item {
        scope.itemSizes = .exactly(CGSize(width: item.width, height: item.height))
      }
      func set<Value>(_ ids: [String], _ make: (String) -> Value?) throws -> Set<Value> {
        Set(try ids.map {
          guard let made = make($0) else { throw RuntimeError("worker: '\($0)' is not a scope's id") }
          return made
        })
      }
      scope.orientations = try set(wire.orientations) { DeviceProfile.Orientation(rawValue: $0) }
      scope.idioms = try set(wire.idioms) { DeviceProfile.Idiom(rawValue: $0) }
      scope.causes = try set(wire.causes) { CauseClass(rawValue: $0) }
    }

    init(
      algorithm: String, motion: String?, examples: Int, seed: UInt64, jobs: Int, scope: Scope,
      deadline: Duration
    ) {
      self.algorithm = algorithm
      self.motion = motion
      self.examples = examples
      self.seed = seed
      self.jobs = jobs
      self.scope = scope
      self.deadline = deadline
    }
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// Whether this process can verify in workers.
  static func available(_ tool: Tool) -> Bool {
    tool.workerExecutable != nil
      && ProcessInfo.processInfo.environment[environmentSwitch] != "0"
  }

  /// The one algorithm `id` names, rebuilt exactly as the parent has it, or `nil`.
  static func algorithm(_ id: String, tool: Tool) -> (any SnapAlgorithm)? {
    guard let found = try? tool.algorithms(matching: id), found.count == 1, found[0].id == id
    else { return nil }
    return found[0]
  }

  /// The job for `row`, when a worker can rebuild it: its id names it alone and its motion reads
  /// back as the same motion.
  static func job(
    for row: VerifyCommand.Row, examples: Int, seed: UInt64, jobs: Int, scope: Scope,
    deadline: Duration, tool: Tool
  ) -> RowJob? {
    guard algorithm(row.algorithm.id, tool: tool) != nil else { return nil }
    if let motion = row.motion {
      guard (try? Motion(parsing: motion.description)) == motion else { return nil }
    }
    let job = RowJob(
      algorithm: row.algorithm.id, motion: row.motion?.description, examples: examples,
      seed: seed, jobs: jobs, scope: scope, deadline: deadline)
    return job.wire == nil ? nil : job
  }

  // MARK: The parent's side

  /// What an overrun says after the deadline it passed.
  static let overrunCauses = "(a loop that never ends, or a call that never returns); '--deadline' sets it"

  /// Names the process that started a worker, in the worker's environment.
  static let parentVariable = "SNAPLAB_WORKER_PARENT"

  /// Ends this worker when the process that started it is gone (killed, even by SIGKILL): a
  /// worker left running would loop or crawl on with no one to read it.
  static func watchParent() {
    let environment = ProcessInfo.processInfo.environment
    if let channel = environment[WorkerOutput.channelVariable],
      let record = environment[WorkerOutput.recordVariable]
    {
      snapbench_worker_files_own(channel, record)
    }
    let named = environment[parentVariable].flatMap { Int32($0) }
    snapbench_watch_parent(named ?? getppid())
  }

  /// A worker could not be started: the row is verified in this process instead.
  struct LaunchFailure: Error {
    var reason: String
  }

  /// What a worker left: its status, how it ended, and what it wrote.
  struct Ended {
    var status: Int32
    var signalled: Bool
    var stdout: Data
    var stderr: String
    /// What the worker wrote to its channel (`WorkerOutput`): its notes, its result, the error
    /// it failed with; `nil` when it wrote nothing readable (it crashed before, or hung).
    var output: WorkerOutput?
    /// What its guard recorded of a crash, an overrun or code far too slow, if anything.
    var record: ExampleGuard.Record?
    /// Whether it was killed for running past the time it was given.
    var timedOut = false
    /// The signal that stopped it (SIGSTOP, SIGTSTP, …) when it was found stopped and killed:
    /// a stopped process never goes on, and its own watchdog is stopped with it.
    var stoppedBy: Int32?
  }

  /// Starts `tool`'s executable with `arguments`, `input` on its standard input, and waits.
  static func launch(
    _ arguments: [String], input: Data? = nil, tool: Tool, timeout: Duration? = nil
  ) throws -> Ended {
    guard let executable = tool.workerExecutable else {
      throw LaunchFailure(reason: "no worker executable")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // The Swift runtime's backtrace of a crash takes time and says nothing the finding does not.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    environment[parentVariable] = String(getpid())
    // The worker's channel: a file of this process's that the worker writes its output to.
    let (channel, recordFile) = try WorkerOutput.makeFiles()
    defer {
      unlink(channel)
      unlink(recordFile)
    }
    environment[WorkerOutput.channelVariable] = channel
    environment[WorkerOutput.recordVariable] = recordFile
    process.environment = environment
    do {
      try process.run()
    } catch {
      throw LaunchFailure(reason: "\(error)")
    }
    // Killed with this process by SIGINT, SIGTERM or SIGHUP; the worker also ends by itself
    // when this process is gone (`watchParent`), after a SIGKILL.
    let slot = snapbench_child_remember(process.processIdentifier)
    defer { snapbench_child_forget(slot) }
    // Both streams drained at once, so that neither fills and stalls the worker.
    let errorText = UncheckedBox(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorText.value = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    // A worker past `timeout` is killed (its own watchdog ends a hung example sooner).
    let watch = UncheckedBox(false)
    if let timeout {
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(
        deadline: .now() + .milliseconds(Int(Workers.milliseconds(timeout)))
      ) {
        if process.isRunning {
          watch.value = true
          kill(pid, SIGKILL)
        }
      }
    }
    // Watched by the wall clock whatever its state: a worker that is stopped (the code under
    // test raised SIGSTOP, or something stopped it from outside) is killed at once, and said so,
    // instead of being waited for for ever.
    // (Looked at every 20 ms; the look ends the moment the worker does, adding nothing to it.)
    let stopped = UncheckedBox<Int32?>(nil)
    let ended = DispatchSemaphore(value: 0)
    let stopWatch = DispatchGroup()
    stopWatch.enter()
    let pid = process.processIdentifier
    DispatchQueue.global().async {
      defer { stopWatch.leave() }
      while ended.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
        let signal = snapbench_child_stopped(pid)
        guard signal > 0 else { continue }
        stopped.value = signal
        // Ended through its guard (SIGABRT, delivered as SIGCONT wakes it), which records the
        // scenario in flight; woken again if the code stops itself again meanwhile; killed if it
        // has not ended within a second.
        kill(pid, SIGABRT)
        kill(pid, SIGCONT)
        let limit = DispatchTime.now() + .seconds(1)
        while ended.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
          if DispatchTime.now() >= limit {
            kill(pid, SIGKILL)
            return
          }
          if snapbench_child_stopped(pid) > 0 { kill(pid, SIGCONT) }
        }
        return
      }
    }
    if let input { stdin.fileHandleForWriting.write(input) }
    try? stdin.fileHandleForWriting.close()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    ended.signal()
    stopWatch.wait()
    return Ended(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
      stdout: output, stderr: String(decoding: errorText.value, as: UTF8.self),
      output: WorkerOutput.read(channel), record: WorkerOutput.readRecord(recordFile),
      timedOut: watch.value, stoppedBy: stopped.value)
  }

  /// The findings of `row`, verified by a worker; a crash or an overrun becomes the row's
  /// finding on every invariant that applies.
  static func verify(
    _ row: VerifyCommand.Row, job: RowJob, invariants: [Invariant], tool: Tool,
    notes: inout [String], retried: Bool = false
  ) throws -> [Finding] {
    var job = job
    job.invariants = invariants
    guard let wire = job.wire else { throw LaunchFailure(reason: "the row has no worker form") }
    let ended = try ask(.verifyRow(wire), tool: tool)
    notes += ended.output?.notes ?? []
    if !ended.signalled, ended.status == 0, case .findings(let found)? = ended.output?.reply {
      return found.map {
        var finding = $0.restored
        finding.replayTool = tool.replayName
        return finding
      }
    }
    let scenario = scenarioInFlight(ended)
    let overran = !ended.signalled && ended.status == overrunStatus
    let slow = !ended.signalled && ended.status == ExampleGuard.slowStatus
    var report: CrashReport?
    // Ended by itself, with no findings: the code under test called exit(), or the worker failed.
    let exited = !ended.signalled && ![overrunStatus, ExampleGuard.slowStatus].contains(ended.status)
    if ended.stoppedBy != nil || (exited && ended.record?.event != "exit"), job.jobs > 1, !retried {
      // Which of the threads' scenarios stopped the process cannot be told, and two threads
      // that call exit() at once race its guard (the second exits with its own status, unsaid):
      // the row is run again on one thread, whose scenario in flight is the one.
      var alone = job
      alone.jobs = 1
      return try verify(row, job: alone, invariants: invariants, tool: tool, notes: &notes, retried: true)
    }
    if let signal = ended.stoppedBy {
      let said = "the process was stopped by \(stopSignalName(signal))\(during(ended)) "
        + "(the code stopped itself, or something stopped it): a stopped process never goes on, "
        + "so it was ended"
      report = scenario.map { CrashReport(scenario: $0, signal: nil, message: said, evaluations: 0) }
      return crashFindings(
        row, job: job, invariants: invariants, report: report, overran: false,
        signal: ended.status, stderr: ended.stderr, tool: tool, said: said)
    } else if slow {
      var said = "its scenarios take far too long"
      if let record = ended.record, let mean = record.meanSeconds, let slowest = record.slowestSeconds {
        let longest: String = String(format: "%.2f s", slowest)
        if let perEvent = record.eventSeconds {
          said = "the code under test is too slow for a frame: its scenarios take "
            + String(format: "%.1f ms", perEvent * 1000) + " for each touch event they play, more "
            + "than a whole frame at 60 Hz (16.7 ms). the slowest, below, took \(longest):"
        } else {
          said = "the code under test is far too slow: its examples take "
            + String(format: "%.2f s", mean) + " each on average (SnapLab's own take about 2 ms). "
            + "the slowest, below, took \(longest):"
        }
      }
      report = scenario.map { CrashReport(scenario: $0, signal: nil, message: said, evaluations: 0) }
    } else if !ended.signalled, !overran {
      // The process ended itself (the algorithm called exit(), or the worker failed): said
      // with its last words whether or not the scenario was recorded.
      let said: String
      if ended.record?.event == "exit" {
        said = "the code under test called exit()\(during(ended)): a handler must not end the "
          + "process it runs in"
      } else {
        let last = ended.stderr.split(separator: "\n").last.map(String.init) ?? ""
        said = "the process exited with status \(ended.status) while the algorithm ran"
          + (last.isEmpty ? "" : ": \(last)")
      }
      report = scenario.map { CrashReport(scenario: $0, signal: nil, message: said, evaluations: 0) }
      return crashFindings(
        row, job: job, invariants: invariants, report: report, overran: false,
        signal: ended.status, stderr: ended.stderr, tool: tool, said: said)
    } else if overran {
      // A busy machine can hold a scenario up: it is run again, alone, with three times its
      // allowance, and timed. One that finishes slower than a frame for each of its events is
      // too slow for a frame; one that finishes faster was held up, and the row runs again with
      // four times the deadline; only one that overruns again is reported as stuck.
      var again = Rerun.overran
      if !retried, let scenario { again = rerun(job: job, scenario: scenario, tool: tool) }
      if case .finished(let seconds) = again, let scenario {
        let events = watchedWork(of: scenario.gesture).events
        let perEvent = seconds / Double(max(1, events))
        guard perEvent > ExampleGuard.frameSeconds else {
          var longer = job
          longer.deadline = job.deadline * 4
          return try verify(
            row, job: longer, invariants: invariants, tool: tool, notes: &notes, retried: true)
        }
        report = CrashReport(
          scenario: scenario, signal: nil,
          message: "the code under test is too slow for a frame: this scenario's \(events) touch "
            + "events and changes took " + String(format: "%.1f ms", perEvent * 1000) + " each "
            + "(\(String(format: "%.2f s", seconds)) in all, run alone), more than a whole frame at "
            + "60 Hz (16.7 ms)",
          evaluations: 0)
      } else {
        let allowed = scenario.map { allowance(of: $0, deadline: job.deadline) } ?? job.deadline
        let seconds = ExampleGuard.describe(job.deadline)
        report = scenario.map {
          CrashReport(
            scenario: $0, signal: nil,
            message: "a scenario ran past its deadline of \(ExampleGuard.describe(allowed)) (the "
              + "\(seconds) of '--deadline', a frame for each of its \($0.gesture.events.count) "
              + "touch events, and the time its gesture spans): a loop that never ends, or a call "
              + "that never returns", evaluations: 0)
        }
      }
    } else if let scenario {
      report = shrink(job: job, scenario: scenario, tool: tool)
      if report == nil {
        // Shrunk elsewhere it did not crash: the scenario as the worker met it.
        let message = crashMessage(in: ended.stderr)
          ?? ExampleGuard.signalDescription(ended.status)
        report = CrashReport(
          scenario: scenario, signal: ended.status,
          message: message + " (it did not crash again when the scenario ran alone: does the "
            + "algorithm depend on time, randomness or state it shares?)", evaluations: 0)
      }
    }
    return crashFindings(
      row, job: job, invariants: invariants, report: report, overran: overran || slow,
      signal: ended.status, stderr: ended.stderr, tool: tool)
  }

  /// How `scenario`, which ran past its deadline, runs again alone in a worker (given three
  /// times its allowance, and timed); `.overran` when the worker cannot say.
  static func rerun(job: RowJob, scenario: Scenario, tool: Tool) -> Rerun {
    guard let wire = job.wire, let ended = try? ask(.rerun(wire, scenario), tool: tool),
      !ended.signalled, ended.status == 0, case .rerun(let again)? = ended.output?.reply
    else { return .overran }
    return again
  }

  /// Asks a worker to shrink `scenario`, which crashed `job`'s algorithm.
  static func shrink(job: RowJob, scenario: Scenario, tool: Tool) -> CrashReport? {
    guard let wire = job.wire, let ended = try? ask(.shrinkCrash(wire, scenario), tool: tool),
      !ended.signalled, ended.status == 0, case .shrunk(let report)? = ended.output?.reply
    else { return nil }
    return report
  }

  /// The row's findings after a crash or an overrun: every invariant that applies is marked,
  /// with the scenario and the message.
  static func crashFindings(
    _ row: VerifyCommand.Row, job: RowJob, invariants: [Invariant], report: CrashReport?,
    overran: Bool, signal: Int32, stderr: String, tool: Tool, said: String? = nil
  ) -> [Finding] {
    var algorithm = row.algorithm
    let replaced = row.motion != nil && algorithm.releaseMotion != nil
    if let motion = row.motion, replaced { algorithm.releaseMotion = motion }
    let message: String
    if let report {
      message = report.message
    } else if let said {
      message = said
    } else if overran {
      message = "a scenario ran past the deadline of \(ExampleGuard.describe(job.deadline))"
    } else {
      message = crashMessage(in: stderr) ?? ExampleGuard.signalDescription(signal)
    }
    return invariants.map { invariant in
      var finding = Finding(
        algorithm: algorithm.id, motion: algorithm.releaseMotion?.description,
        invariant: invariant, status: .notApplicable, seed: job.seed, examples: job.examples,
        motionReplaced: replaced, replayTool: tool.replayName)
      guard invariant.applies(to: algorithm) else { return finding }
      finding.status = overran ? .timesOut : .crashes
      finding.violation = message
      finding.counterexample = report?.scenario
      finding.shrinkEvaluations = report?.evaluations ?? 0
      return finding
    }
  }

  // MARK: The worker's side

  /// Verifies one row and replies with its findings, whole.
  static func runRow(_ job: RowJob, tool: Tool) throws {
    let invariants = job.invariants
    let (algorithm, motion) = try open(job, tool: tool)
    guardExamples(deadline: job.deadline)
    let findings = VerifyCommand.verifyOpened(
      algorithm, invariants: invariants, motion: motion, examples: job.examples, seed: job.seed,
      scope: job.scope, tool: tool, noting: false, jobs: job.jobs)
    // The release animation checked here too, after the search: it runs the algorithm.
    let problem = ExampleGuard.watching(
      WhatRuns("checking that '\(algorithm.id)' animates its release with its releaseMotion")
    ) { releaseMotionProblem(algorithm, motion: motion) }
    if let problem { try WorkerOutput.note(problem) }
    try WorkerOutput.finish(.findings(findings.map(WorkerFinding.init)))
  }

  /// How one algorithm's search for its worst cases ended in a worker.
  enum WorstOutcome {
    case found([WorstCase])
    /// It crashed, ran past the deadline or crawled: what happened, and the scenario in
    /// flight when it did (not shrunk: `verify --algorithm` shrinks it).
    case failed(what: String, scenario: Scenario?)
  }

  /// Searches `algorithm`'s worst cases in a worker: a crash or a hang ends the worker only.
  static func worst(
    _ algorithm: any SnapAlgorithm, motion: Motion?, examples: Int, seed: UInt64,
    deadline: Duration, tool: Tool
  ) throws -> WorstOutcome {
    let job = RowJob(
      algorithm: algorithm.id, motion: motion?.description, examples: examples, seed: seed,
      jobs: 1, scope: .everything, deadline: deadline)
    guard let wire = job.wire else { throw LaunchFailure(reason: "the row has no worker form") }
    let ended = try ask(.worstRow(wire), tool: tool)
    if !ended.signalled, ended.status == 0, case .worstCases(let cases)? = ended.output?.reply {
      return .found(cases)
    }
    let scenario = scenarioInFlight(ended)
    let what: String
    if let signal = ended.stoppedBy {
      what = "crashes: the process was stopped by \(stopSignalName(signal))\(during(ended)): a stopped "
        + "process never goes on, so it was ended"
    } else if !ended.signalled, ended.record?.event == "exit" {
      what = "crashes: the code under test called exit()\(during(ended)): a handler must not end the "
        + "process it runs in"
    } else if ended.signalled {
      what = "crashes: " + (crashMessage(in: ended.stderr) ?? ExampleGuard.signalDescription(ended.status))
    } else if ended.status == overrunStatus {
      what = "runs past the deadline of \(ExampleGuard.describe(deadline)) \(overrunCauses)"
    } else if ended.status == ExampleGuard.slowStatus {
      what = "is far too slow: its scenarios average more than \(Int(ExampleGuard.slowMean * 1000)) ms"
    } else {
      let last = ended.stderr.split(separator: "\n").last.map(String.init) ?? ""
      what = "ended its worker with status \(ended.status)" + (last.isEmpty ? "" : ": \(last)")
    }
    return .failed(what: what, scenario: scenario)
  }

  /// Searches one algorithm's worst cases and replies with them, whole.
  static func runWorst(_ job: RowJob, tool: Tool) throws {
    let (algorithm, motion) = try open(job, tool: tool)
    guardExamples(deadline: job.deadline)
    try WorkerOutput.finish(
      .worstCases(
        VerifyCommand.worstCasesOpened(algorithm, motion: motion, examples: job.examples, seed: job.seed)))
  }

  /// The job's algorithm and motion, rebuilt in this worker, which from now on ends with the
  /// process that started it.
  static func open(_ job: RowJob, tool: Tool) throws -> (algorithm: any SnapAlgorithm, motion: Motion?) {
    guard let algorithm = algorithm(job.algorithm, tool: tool) else {
      throw RuntimeError("worker: no algorithm '\(job.algorithm)'")
    }
    let motion = try job.motion.map { try Motion(parsing: $0) }
    watchParent()
    return (algorithm, motion)
  }

  /// Watches every example this worker runs: one past `deadline` ends it with `overrunStatus`,
  /// and a crash or an overrun leaves its record — the scenario in flight — in the file the
  /// parent named (`WorkerOutput.recordVariable`, `Ended.record`).
  static func guardExamples(deadline: Duration) {
    ExampleGuard.install()
    ExampleGuard.deadline = deadline
    ExampleGuard.overrunAction = .exit(overrunStatus)
    if let path = ProcessInfo.processInfo.environment[WorkerOutput.recordVariable] {
      try? ExampleGuard.writeRecords(to: path)
    }
  }

  /// The scenario a worker's guard recorded in flight when it crashed, overran or crawled, if
  /// it recorded one (`ScenarioInFlight.Record`).
  static func scenarioInFlight(_ ended: Ended) -> Scenario? { recordInFlight(ended)?.scenario }

  /// The scenario record a worker's guard left, whole or as far as it was played.
  static func recordInFlight(_ ended: Ended) -> ScenarioRecord? {
    guard let detail = ended.record?.detail else { return nil }
    return try? decodeFile(ScenarioRecord.self, from: Data(detail.utf8), file: "the record")
  }


  /// `SIGSTOP`, `SIGTSTP`, … for a signal that stops a process.
  static func stopSignalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN", SIGTTOU: "SIGTTOU"]
    return names[signal] ?? "signal \(signal)"
  }

  /// When the worker's record caught the scenario mid-play: ` while handling the touch event
  /// 'ended' at t = 0.067 s`, the last touch of the scenario so far; else ` while the algorithm ran`.
  static func during(_ ended: Ended) -> String {
    guard let record = recordInFlight(ended), !record.whole,
      let event = record.scenario.gesture.events.last
    else { return " while the algorithm ran" }
    return " while handling the touch event '\(event.phase)' at t = \(String(format: "%.3g", event.time)) s"
  }

  /// Shrinks `scenario`, which crashed the job's algorithm, and replies with the smallest that
  /// still crashes (or `nil`).
  static func runShrink(_ job: RowJob, scenario: Scenario, tool: Tool) throws {
    let (algorithm, motion) = try open(job, tool: tool)
    try WorkerOutput.finish(.shrunk(shrinkOpened(algorithm, motion: motion, scenario: scenario, job: job)))
  }

  /// Runs `scenario`, which ran past its deadline, again alone and timed, and replies how.
  static func runRerun(_ job: RowJob, scenario: Scenario, tool: Tool) throws {
    let (algorithm, motion) = try open(job, tool: tool)
    try WorkerOutput.finish(.rerun(rerunOpened(algorithm, motion: motion, scenario: scenario, job: job)))
  }

  static func rerunOpened<A: SnapAlgorithm>(
    _ algorithm: A, motion: Motion?, scenario: Scenario, job: RowJob
  ) -> Rerun {
    SnapVerification.rerun(algorithm, motion: motion, scenario: scenario, deadline: job.deadline)
  }

  static func shrinkOpened<A: SnapAlgorithm>(
    _ algorithm: A, motion: Motion?, scenario: Scenario, job: RowJob
  ) -> CrashReport? {
    shrinkCrash(algorithm, motion: motion, scenario: scenario, timeout: job.deadline)
  }

  /// A finding as a worker hands it back: every field, so that the parent prints what one
  /// process would have.
  struct WorkerFinding: Codable {
    var finding: Finding
    var applicable: Int
    var seed: UInt64
    var examples: Int
    var shrinkEvaluations: Int
    var motionReplaced: Bool
    var evidence: Violation?
    var causeShrinks: [Int]

    init(_ finding: Finding) {
      self.finding = finding
      applicable = finding.applicable
      seed = finding.seed
      examples = finding.examples
      shrinkEvaluations = finding.shrinkEvaluations
      motionReplaced = finding.motionReplaced
      evidence = finding.evidence
      causeShrinks = finding.causes.map(\.shrinkEvaluations)
    }

    var restored: Finding {
      var result = finding
      result.applicable = applicable
      result.seed = seed
      result.examples = examples
      result.shrinkEvaluations = shrinkEvaluations
      result.motionReplaced = motionReplaced
      result.evidence = evidence
      for (index, count) in causeShrinks.enumerated() where index < result.causes.count {
        result.causes[index].shrinkEvaluations = count
      }
      return result
    }
  }
}

/// `value` as one line of JSON, by the verify file's writer (which `decodeFile` reads back
/// exactly, numbers that are not finite included).
func encoded<Value: Encodable>(_ value: Value) throws -> Data {
  Data(try JSONValueEncoder().encode(value).serialized(pretty: false).utf8)
}

/// A value one thread writes and another reads after a wait that orders the two.
final class UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// What a worker tells its parent, as one JSON document in a file the parent names
/// (`channelVariable`): the notes for the user, its result, and the error it failed with. Not
/// standard output, which the algorithm under test may print to, nor standard error, which the
/// Swift runtime and SnapCheck's guard write crash reports to.
struct WorkerOutput: Codable {
  var notes: [String] = []
  /// The reply to the worker's request.
  var reply: WorkerReply?
  /// Why the worker failed, when it ended with an error of its own.
  var error: String?

  /// The environment variable that names the channel's file.
  static let channelVariable = "SNAPLAB_WORKER_CHANNEL"
  /// The environment variable that names the file the worker's guard writes its record to.
  static let recordVariable = "SNAPLAB_WORKER_RECORD"

  /// The record a worker's guard left in `path`, if it left one.
  static func readRecord(_ path: String) -> ExampleGuard.Record? {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
    return try? decodeFile(ExampleGuard.Record.self, from: data, file: "the worker's record")
  }

  /// What this worker has written so far.
  nonisolated(unsafe) private static var written = WorkerOutput()

  /// The paths of a new worker's channel and record files, in this process's directory of
  /// worker files (made the first time), which goes with every file in it when the process
  /// exits or is ended by SIGINT, SIGTERM or SIGHUP (`snapbench_worker_directory`).
  static func makeFiles() throws -> (channel: String, record: String) {
    var template = Array((NSTemporaryDirectory() + "/snaplab-workers-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { snapbench_worker_directory($0.baseAddress!) }
    guard made == 0 else {
      throw Workers.LaunchFailure(reason: "no directory for its files: \(String(cString: strerror(errno)))")
    }
    let directory = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let number = snapbench_worker_file_number()
    return ("\(directory)/\(number).channel", "\(directory)/\(number).record")
  }

  /// What the worker wrote to `path`, if it wrote something readable.
  static func read(_ path: String) -> WorkerOutput? {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
    return try? decodeFile(WorkerOutput.self, from: data, file: "the worker's channel")
  }

  /// Adds a note for the user, written at once (a crash later does not lose it).
  static func note(_ text: String) throws {
    written.notes.append(text)
    try flush()
  }

  /// Writes the reply.
  static func finish(_ reply: WorkerReply) throws {
    written.reply = reply
    try flush()
  }

  /// Writes the error the worker is failing with.
  static func fail(_ error: any Error) {
    written.error = "\(error)"
    try? flush()
  }

  /// Rewrites the channel's file with everything written so far.
  private static func flush() throws {
    guard let path = ProcessInfo.processInfo.environment[channelVariable] else {
      throw RuntimeError("worker: no \(channelVariable) to write to")
    }
    // The verify file's writer: a finding's numbers that are not finite are written as it does.
    let data = try encoded(written)
    guard FileManager.default.createFile(atPath: path, contents: data) else {
      throw RuntimeError("worker: could not write its channel \(quoted(path))")
    }
  }
}
