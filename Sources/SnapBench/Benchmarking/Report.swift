import Foundation
import SnapAlgorithms

/// A number of nanoseconds as people read them: `3.21`, `412`, `18.6k`.
func formatNanoseconds(_ value: Double) -> String {
  guard value.isFinite else { return "-" }
  if value >= 100_000 { return String(format: "%.1fk", value / 1000) }
  if value >= 100 { return String(format: "%.0f", value) }
  if value >= 10 { return String(format: "%.1f", value) }
  return String(format: "%.2f", value)
}

/// Heap allocations per operation as people read them: `0` exactly when none were made, `3`,
/// `12.5`, and a fraction to two significant digits (`0.0012`: one allocation in 800 operations).
func formatAllocations(_ value: Double) -> String {
  guard value.isFinite else { return "-" }
  if value == 0 { return "0" }
  if value >= 100 { return String(format: "%.0f", value) }
  if value >= 1 { return String(format: "%.3g", value) }
  return String(format: "%.2g", value)
}

func formatPercent(_ value: Double) -> String {
  String(format: value >= 10 ? "%.0f%%" : "%.1f%%", value)
}

/// The results in `format`; `baseline` adds the change against it, `instructions` a column.
///
/// `narrow` is the table for a terminal of `width` columns: median, p99, error and ratio under
/// short heads with a key below, and the share of a 60 Hz frame when it fits.
func render(
  _ results: [Result], machine: MachineDescription, format: String, baseline: [String: Double]?,
  instructions: [String: Double], notes runNotes: [String], width: Int = 80
) -> String {
  switch format {
  case "json":
    return resultsFile(results, machine: machine, instructions: instructions, baseline: baseline)
      .jsonText()
  case "csv":
    var lines = [
      csvLine([
        "name", "iterations", "min_ns", "median_ns", "p90_ns", "p99_ns", "max_ns", "error_percent",
        "ratio", "reference", "p99_frame_share_60hz", "p99_frame_share_120hz", "baseline_change_percent",
        "instructions_per_op", "allocations_per_op",
      ])
    ]
    for result in results {
      let stats = result.nsPerOp
      let change = baseline?[result.name].map { (stats.median / $0 - 1) * 100 }
      lines.append(
        csvLine([
          result.name, String(result.iterations), formatNumber(stats.min), formatNumber(stats.median),
          formatNumber(stats.p90), formatNumber(stats.p99), formatNumber(stats.max),
          formatNumber(stats.errorPercent), result.ratio.map(formatNumber) ?? "",
          result.reference ?? "", result.budgetShare(hertz: 60).map(formatNumber) ?? "",
          result.budgetShare(hertz: 120).map(formatNumber) ?? "", change.map(formatNumber) ?? "",
          instructions[result.name].map(formatNumber) ?? "",
          result.allocationsPerOp.map(formatNumber) ?? "",
        ]))
    }
    return lines.joined(separator: "\n")
  case "narrow":
    let counted = results.contains { $0.allocationsPerOp != nil }
    var header = ["benchmark", "median", "p99", "±", "ratio"]
    var key = [
      "median, p99: ns per operation", "±: median absolute percentage error (! above 5%)",
      "ratio: to the group's reference",
    ]
    if counted {
      header.append("alloc")
      key.append("alloc: heap allocations per operation")
    } else if !AllocationCounter.isAvailable {
      key.append("heap allocations are not counted in this build (Linux with glibc only)")
    }
    if baseline != nil {
      header.append("vs base")
      key.append("vs base: change of the median against the baseline")
    }
    if !instructions.isEmpty {
      header.append("instr")
      key.append("instr: instructions per operation")
    }
    let rows: [[String]] = results.map { result in
      let stats = result.nsPerOp
      var row = [
        result.name, formatNanoseconds(stats.median), formatNanoseconds(stats.p99),
        formatPercent(stats.errorPercent) + (result.isNoisy ? " !" : ""),
        result.ratio.map { String(format: "%.2f×", $0) } ?? "",
      ]
      if counted { row.append(result.allocationsPerOp.map(formatAllocations) ?? "") }
      if let baseline {
        row.append(baseline[result.name].map { baselineChange(stats.median, from: $0) } ?? "new")
      }
      if !instructions.isEmpty {
        row.append(instructions[result.name].map { String(format: "%.0f", $0) } ?? "")
      }
      return row
    }
    var text = alignedTable(header, rows)
    // The share of a 60 Hz frame, when it still fits.
    let withShare = alignedTable(
      header + ["60 Hz"],
      zip(rows, results).map { row, result in
        row + [result.budgetShare(hertz: 60).map { String(format: "%.4f%%", $0 * 100) } ?? ""]
      })
    if widestLine(withShare) <= width {
      text = withShare
      key.append("60 Hz: p99 of a frame's work as a share of a 60 Hz frame")
    }
    var notes = [""] + wrapText(key.joined(separator: "; ") + ".", width: width, firstPrefix: "", continuationIndent: 0)
    notes += wrapText(
      "Measured on \(machine.cpu), \(machine.cores) cores, Swift \(machine.swift), "
        + "\(machine.configuration) build, \(machine.os), \(machine.date). '--wide' prints every "
        + "column.", width: width, firstPrefix: "", continuationIndent: 0)
    if machine.configuration == "debug" {
      notes.append("WARNING: debug build: these timings do not describe optimised code.")
    }
    for note in runNotes {
      notes += wrapText(note, width: width, firstPrefix: "", continuationIndent: 0)
    }
    return text + "\n" + notes.joined(separator: "\n")
  default:
    let markdown = format == "markdown"
    var header = [
      "benchmark", "median ns", "min", "p90", "p99", "±", "ratio", "p99/frame", "of 60/120 Hz frame",
    ]
    let counted = results.contains { $0.allocationsPerOp != nil }
    if counted { header.append("allocs/op") }
    if baseline != nil { header.append("vs baseline") }
    if !instructions.isEmpty { header.append("instr/op") }
    var rows: [[String]] = []
    for result in results {
      let stats = result.nsPerOp
      // Each cell is its own typed statement: as one array literal of optional chains, this
      // took the type checker 19 s of every build.
      let spread: String = formatPercent(stats.errorPercent) + (result.isNoisy ? " !" : "")
      var ratio = ""
      if let value = result.ratio {
        ratio = String(format: "%.2f×", value) + " ±" + formatPercent(result.ratioErrorPercent ?? 0)
      }
      var perFrame = ""
      if let value = result.p99PerFrame { perFrame = formatNanoseconds(value) }
      var share = ""
      if let at60 = result.budgetShare(hertz: 60) {
        let at120: Double = result.budgetShare(hertz: 120) ?? 0
        share = String(format: "%.4f%% / %.4f%%", at60 * 100, at120 * 100)
      }
      var row: [String] = [
        result.name, formatNanoseconds(stats.median), formatNanoseconds(stats.min),
        formatNanoseconds(stats.p90), formatNanoseconds(stats.p99), spread, ratio, perFrame, share,
      ]
      if counted { row.append(result.allocationsPerOp.map(formatAllocations) ?? "") }
      if let baseline {
        row.append(baseline[result.name].map { baselineChange(stats.median, from: $0) } ?? "new")
      }
      if !instructions.isEmpty {
        row.append(instructions[result.name].map { String(format: "%.1f", $0) } ?? "")
      }
      rows.append(row)
    }
    var text: String
    if markdown {
      let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
      text = ([line(header), line(header.map { _ in "---" })] + rows.map(line)).joined(separator: "\n")
    } else {
      text = alignedTable(header, rows)
    }
    var notes = [
      "",
      "Measured on \(machine.cpu), \(machine.cores) cores, Swift \(machine.swift), "
        + "\(machine.configuration) build, \(machine.os), \(machine.date).",
      "ns per operation over timed epochs of a calibrated batch; ± is the median absolute "
        + "percentage error (! above 5%); ratio is to the group's reference, epoch by epoch"
        + (counted ? "; allocs/op is heap allocations per operation over the timed epochs." : "."),
    ]
    if !counted, !AllocationCounter.isAvailable {
      notes.append("Heap allocations are not counted in this build (Linux with glibc only).")
    }
    if machine.configuration == "debug" {
      notes.append("WARNING: debug build: these timings do not describe optimised code.")
    }
    notes += runNotes
    return text + "\n" + notes.joined(separator: "\n")
  }
}

/// The results as the results file (`BenchmarkResults`), with the change against `baseline` and
/// the instruction counts when there are any.
func resultsFile(
  _ results: [Result], machine: MachineDescription, instructions: [String: Double],
  baseline: [String: Double]? = nil
) -> BenchmarkResults {
  BenchmarkResults(
    environment: machine,
    results: results.map { result in
      let stats = result.nsPerOp
      var share: BenchmarkResults.FrameShare?
      if let share60 = result.budgetShare(hertz: 60), let share120 = result.budgetShare(hertz: 120) {
        share = BenchmarkResults.FrameShare(hz60: share60, hz120: share120)
      }
      return BenchmarkResults.Entry(
        name: result.name, subject: result.subject, operation: result.operation,
        iterations: result.iterations,
        nsPerOp: BenchmarkResults.Statistics(
          min: stats.min, median: stats.median, p90: stats.p90, p99: stats.p99, max: stats.max),
        errorPercent: stats.errorPercent, ratio: result.ratio, reference: result.reference,
        ratioErrorPercent: result.ratioErrorPercent, p99FrameShare: share,
        baselineChangePercent: baseline?[result.name].map { (stats.median / $0 - 1) * 100 },
        instructionsPerOp: instructions[result.name], allocationsPerOp: result.allocationsPerOp)
    })
}

/// The change of a median against a baseline's, signed: `+3.2%`, `-12%`.
func baselineChange(_ median: Double, from old: Double) -> String {
  let change = (median / old - 1) * 100
  return (change >= 0 ? "+" : "") + formatPercent(change)
}

/// A table in columns two spaces apart: the first left-aligned, the rest right-aligned.
func alignedTable(_ header: [String], _ rows: [[String]]) -> String {
  let widths = header.indices.map { column in
    ([header] + rows).map { $0[column].count }.max() ?? 0
  }
  let format = { (cells: [String]) in
    zip(cells, widths).enumerated().map { index, pair in
      index == 0
        ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
        : String(repeating: " ", count: pair.1 - pair.0.count) + pair.0
    }.joined(separator: "  ")
  }
  return ([format(header)] + rows.map(format)).joined(separator: "\n")
}

/// The number of columns of the longest line of `text` (characters, as a terminal counts
/// these: every character SnapLab prints is one column).
func widestLine(_ text: String) -> Int {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0
}
