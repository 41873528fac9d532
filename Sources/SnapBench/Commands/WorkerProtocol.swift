import Foundation
import SnapAlgorithms
import SnapVerification

/// What a worker process is asked and what it answers: the one protocol between `verify`,
/// `report` and the copies of the tool they start (`Workers`). The request is one JSON
/// document on the worker's standard input; the reply, typed, is part of what it writes to its
/// channel (`WorkerOutput`), where what the algorithm prints cannot spoil it. The shape of
/// package-benchmark's `BenchmarkCommandRequest` / `BenchmarkCommandReply`.
enum WorkerRequest: Codable {
  /// Verify one row of the matrix: `WorkerReply.findings`.
  case verifyRow(Workers.RowJob.Wire)
  /// Shrink a scenario that crashed the row's algorithm, each try in a child process:
  /// `WorkerReply.shrunk`.
  case shrinkCrash(Workers.RowJob.Wire, Scenario)
  /// Run a scenario that ran past its deadline again, alone and timed: `WorkerReply.rerun`.
  case rerun(Workers.RowJob.Wire, Scenario)
  /// Search the row's algorithm's worst cases (`verify --worst`): `WorkerReply.worstCases`.
  case worstRow(Workers.RowJob.Wire)
  /// Draw one algorithm's pictures and run each of its benchmarks once, as `report` will:
  /// `WorkerReply.rehearsed`.
  case rehearse(ReportCommand.Rehearsal)
}

/// A worker's answer to its `WorkerRequest`.
enum WorkerReply: Codable {
  case findings([Workers.WorkerFinding])
  /// The smallest scenario that still crashes, or `nil` when none crashed alone.
  case shrunk(CrashReport?)
  case rerun(Rerun)
  case worstCases([WorstCase])
  case rehearsed
}

extension Workers {
  /// The hidden command a worker runs: it reads its `WorkerRequest` on standard input.
  static let command = "__worker"

  /// Starts a worker for `request` and waits for it (`launch`).
  static func ask(_ request: WorkerRequest, tool: Tool, timeout: Duration? = nil) throws -> Ended {
    let input: Data
    do {
      input = try encoded(request)
    } catch {
      throw LaunchFailure(reason: "the request could not be written: \(error)")
    }
    return try launch([command], input: input, tool: tool, timeout: timeout)
  }

  /// `__worker`: reads the request on standard input, does it, and writes the reply to the
  /// channel.
  static func serve(tool: Tool) throws {
    let input = try readInput("-", what: "the worker's request")
    let request = try decodeFile(WorkerRequest.self, from: Data(input), file: "the worker's request")
    switch request {
    case .verifyRow(let wire):
      try runRow(try RowJob(wire), tool: tool)
    case .shrinkCrash(let wire, let scenario):
      try runShrink(try RowJob(wire), scenario: scenario, tool: tool)
    case .rerun(let wire, let scenario):
      try runRerun(try RowJob(wire), scenario: scenario, tool: tool)
    case .worstRow(let wire):
      try runWorst(try RowJob(wire), tool: tool)
    case .rehearse(let rehearsal):
      try ReportCommand.runRehearsal(rehearsal, tool: tool)
      try WorkerOutput.finish(.rehearsed)
    }
  }
}
