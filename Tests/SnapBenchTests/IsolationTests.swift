import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

/// `verify` in worker processes: the same bytes as one process prints, and what a worker hands
/// back is every field of a finding. (A crashing, looping or crawling algorithm is checked from
/// outside, by Examples/HostileAlgorithms, whose bench has such algorithms to add.)
@Suite("Verifying in worker processes")
struct IsolationTests {
  @Test("workers print byte for byte what one process prints, table and JSON", arguments: ["table", "json"])
  func sameBytes(_ format: String) throws {
    let arguments = [
      "verify", "--algorithm", "edge-dock.published", "--algorithm", "fluid-dock.sides",
      "--examples", "120", "--no-progress", "--format", format,
    ]
    let isolated = try SnapBenchProcess.run(arguments)
    let together = try SnapBenchProcess.run(arguments, environment: ["SNAPLAB_WORKERS": "0"])
    // edge-dock.published's hazards fail the run, in workers as in one process.
    #expect(isolated.status == 1 && together.status == 1, "\(isolated.stderr)\(together.stderr)")
    #expect(!isolated.stdout.isEmpty)
    #expect(isolated.stdout == together.stdout)
  }

  @Test("a worker's finding comes back with every field, causes and evidence included")
  func findingsRoundTrip() throws {
    let findings = verify(
      EdgeDockPublished(), invariants: [.inSafeArea, .docked, .finite], examples: 60,
      seed: 3)
    #expect(findings.contains { $0.status == .violated })
    // As the worker writes its channel and the parent reads it.
    let output = WorkerOutput(reply: .findings(findings.map(Workers.WorkerFinding.init)))
    let read = try decodeFile(WorkerOutput.self, from: try encoded(output), file: "the channel")
    guard case .findings(let replied)? = read.reply else {
      Issue.record("the reply is not the findings: \(String(describing: read.reply))")
      return
    }
    let back = replied.map(\.restored)
    #expect(back.count == findings.count)
    for (found, returned) in zip(findings, back) {
      #expect(String(describing: found) == String(describing: returned))
    }
  }

  @Test("a row's job reads back as the same row: algorithm, motion, scope and deadline")
  func jobRoundTrip() throws {
    let tool = try Tool(name: "snap-bench", adding: [])
    var scope = Scope.everything
    scope.itemSizes = .exactly(CGSize(width: 60.5, height: 44))
    scope.orientations = [.portrait]
    scope.causes = [.keyboard, .rotation]
    let motion = Motion.spring(dampingRatio: 0.5, response: 0.4)
    let row = VerifyCommand.Row(algorithm: EdgeDockCorrected(), motion: motion)
    let job = try #require(
      Workers.job(
        for: row, examples: 77, seed: 9, jobs: 2, scope: scope, deadline: .milliseconds(1500),
        tool: tool))
    let request = WorkerRequest.verifyRow(try #require(job.wire))
    let read = try decodeFile(WorkerRequest.self, from: try encoded(request), file: "the request")
    guard case .verifyRow(let wire) = read else {
      Issue.record("the request is not a row's: \(read)")
      return
    }
    let back = try Workers.RowJob(wire)
    #expect(back.algorithm == row.algorithm.id)
    #expect(try back.motion.map { try Motion(parsing: $0) } == motion)
    #expect(back.examples == 77 && back.seed == 9 && back.jobs == 2)
    #expect(back.scope == scope)
    #expect(back.deadline == .milliseconds(1500))
  }

  @Test("the line that says why a process crashed is found among the rest")
  func crashMessages() {
    let output = """
      SnapCheck: the code under test crashed (signal 4, SIGILL: …), at example 3 of seed 1.
      Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
      """
    #expect(crashMessage(in: output) == "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range")
    #expect(crashMessage(in: "nothing to see") == nil)
  }
}
