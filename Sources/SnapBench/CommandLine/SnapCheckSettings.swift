import Foundation
import SnapCheck

/// Refuses, before any work, SnapCheck's settings in `environment` when they cannot be used as
/// given: `SNAPCHECK_SEED` or `SNAPCHECK_EXAMPLES` set to something that is not a seed or a
/// factor, or a factor that takes `examples` (given for `option`) past the most examples a run
/// may have.
///
/// SnapCheck itself, in a test, ignores such a setting (or holds it to the most) with a
/// warning; a command line has its user right there, so it says what is wrong instead, as it
/// does for a bad `--examples` or `--seed`.
func checkSnapCheckSettings(
  examples: Int, option: OptionSpec, spec: CommandSpec,
  environment: [String: String] = ProcessInfo.processInfo.environment
) throws(UsageError) {
  func invalid(_ variable: String, _ value: String, _ reason: String) -> UsageError {
    UsageError(
      "The value \(quoted(value)) of the environment variable \(variable) is invalid: \(reason)",
      usage: spec)
  }
  if let problem = SnapCheckEnvironment.problems(in: environment).first {
    throw invalid(problem.variable, problem.value, problem.reason)
  }
  let most = SnapCheckEnvironment.maximumExamples
  let factor = SnapCheckEnvironment.examplesFactor(in: environment)
  if Double(examples) * factor > Double(most) {
    throw invalid(
      "SNAPCHECK_EXAMPLES", environment["SNAPCHECK_EXAMPLES"] ?? "",
      "it scales '\(option.label)' \(examples) past \(most) examples, the most a run may have")
  }
}
