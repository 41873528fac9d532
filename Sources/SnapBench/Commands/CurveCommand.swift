import Foundation
import SnapAlgorithms

/// `snap-bench curve <motion>`: samples of a timing curve or spring.
enum CurveCommand: Subcommand {
  static let name = "curve"

  static let samples = OptionSpec(
    "--samples", value: "<n>", help: "How many samples, at least 2 (default: 21).")
  static let format = OptionSpec(
    "--format", value: "<format>", help: "csv or json (default: csv).")

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "Sample a timing curve or a spring.",
    discussion: """
      Timing curves print `progress,value` rows at evenly spaced progress from 0 to 1 \
      inclusive. Springs print `t,value` rows at evenly spaced times from 0 to the settle time, \
      starting at rest; value is the fraction of the distance covered, above 1 when the spring \
      overshoots. See '\(.tool) list motions' for the forms a motion takes.
      """,
    arguments: [
      ArgumentSpec(
        "<motion>",
        help: "ease-out, cubic-bezier(0.2,0,0,1), spring(damping:0.7,response:0.4), …")
    ],
    options: [samples, format])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let text = parsed.positional("<motion>") ?? ""
    let motion: Motion
    do {
      motion = try Motion(parsing: text)
    } catch {
      throw UsageError.invalidValue(text, forLabel: "<motion>", reason: error.description)
        .withUsage(of: spec)
    }
    let count = try parsed.count(samples, default: 21, minimum: 2, maximum: 1_000_000)
    let output = try parsed.choice(format, among: ["csv", "json"]) ?? "csv"

    guard let curve = CurveFile(motion, samples: count) else {
      throw UsageError.invalidValue(
        text, forLabel: "<motion>", reason: "'none' jumps; it has no curve to sample"
      ).withUsage(of: spec)
    }
    guard curve.samples.allSatisfy({ $0.at.isFinite && $0.value.isFinite }) else {
      throw RuntimeError("\(quoted(text)) produced a value that is not finite")
    }

    if output == "json" {
      // Numbers, strings and lists of them: encoding cannot fail.
      let document = (try? JSONValueEncoder().encode(curve)) ?? .null
      try printOutput(document.serialized(pretty: true))
    } else {
      // One write for all the rows: a million of them, written one by one, took a system call
      // each.
      var text = csvLine([curve.kind.column, "value"]) + "\n"
      for sample in curve.samples {
        text += csvLine([formatNumber(sample.at), formatNumber(sample.value)]) + "\n"
      }
      try printOutput(text, terminator: "")
    }
  }
}
