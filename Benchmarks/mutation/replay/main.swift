// mutation-replay: checks the counterexamples of a verify file against the algorithms as this
// executable was built. run.sh builds it from the UNMUTATED sources, in its scratch copy only
// (it appends this target to the scratch Package.swift; the repository's manifest is left
// alone), and uses it to tell a mutant's kill from a counterexample that the unmutated code
// fails too (a weakness of the baseline's sample, not the mutant's doing).
//
//     mutation-replay <verify.json> [--motion <motion>]
//
// Prints, for every violated finding, one tab-separated line:
//     algorithm  invariant  holds|violated|not-applicable|unknown-algorithm
// where `holds` means that the counterexample of at least one of its hazards shows no hazard on
// the unmutated code (the mutant's own doing), `violated` that every one does.
// `--motion` must be the one the verify run was given (verify's own rule: it replaces the
// release motion of an algorithm that has one).
import Foundation
import SnapAlgorithms
import SnapVerification

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("mutation-replay: " + message + "\n").utf8))
  exit(1)
}

func replay<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, _ invariant: Invariant, _ scenario: Scenario, motion: Motion?
) -> String {
  var algorithm = algorithm
  if let motion, algorithm.releaseMotion != nil { algorithm.releaseMotion = motion }
  switch invariant.check(algorithm, scenario: scenario, trajectory: scenario.simulate(algorithm)) {
  case .holds: return "holds"
  case .violated(let violation): return violation.severity == .hazard ? "violated" : "holds"
  case .notApplicable: return "not-applicable"
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var motion: Motion?
if let index = arguments.firstIndex(of: "--motion") {
  guard index + 1 < arguments.count else { fail("--motion needs a value") }
  do { motion = try Motion(parsing: arguments[index + 1]) } catch { fail("\(error)") }
  arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1 else { fail("usage: mutation-replay <verify.json> [--motion <motion>]") }
guard let data = FileManager.default.contents(atPath: arguments[0]) else {
  fail("cannot read \(arguments[0])")
}
let report: VerificationReport
do { report = try VerificationReport(json: data) } catch { fail("\(error)") }

for finding in report.findings where finding.status == .violated {
  let scenarios = finding.hazards.map(\.counterexample)
  guard !scenarios.isEmpty else { continue }
  var verdict = "violated"
  if let algorithm = AlgorithmCatalogue.algorithm(id: finding.algorithm) {
    let verdicts = scenarios.map { replay(algorithm, finding.invariant, $0, motion: motion) }
    if verdicts.contains("holds") { verdict = "holds" }
    else if verdicts.allSatisfy({ $0 == "not-applicable" }) { verdict = "not-applicable" }
  } else {
    verdict = "unknown-algorithm"
  }
  print("\(finding.algorithm)\t\(finding.invariant.rawValue)\t\(verdict)")
}
