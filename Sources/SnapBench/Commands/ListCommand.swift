import Foundation
import SnapAlgorithms

/// `snap-bench list [algorithms|motions|devices]`: what the other commands accept.
enum ListCommand: Subcommand {
  static let name = "list"

  static let topics = ["algorithms", "motions", "devices"]

  static let spec = CommandSpec(
    subcommand: name,
    abstract: "List the algorithm ids, motion forms or device names the other commands accept.",
    arguments: [
      ArgumentSpec(
        "<topic>", help: "algorithms, motions or devices; all three when left out.",
        optional: true)
    ])

  static func run(_ arguments: [String], tool: Tool) throws {
    guard let parsed = try parseOrHelp(arguments, for: spec, tool: tool) else { return }
    let topic = try parsed.choice(argument: spec.arguments[0], among: topics)
    let chosen = topic.map { [$0] } ?? topics
    var sections: [String] = []
    for name in chosen {
      let lines: [String]
      switch name {
      case "algorithms": lines = algorithmLines(tool)
      case "motions": lines = Motion.syntax
      default: lines = deviceLines()
      }
      let heading = topic == nil ? ["\(name.uppercased()):"] : []
      sections.append((heading + lines).joined(separator: "\n"))
    }
    try printOutput(sections.joined(separator: "\n\n"))
  }

  /// One id per line, then what it does: the built-in algorithms, then the tool's own.
  static func algorithmLines(_ tool: Tool) -> [String] {
    let width = (tool.ids.map(\.count).max() ?? 0) + 2
    return tool.algorithms.map { algorithm in
      algorithm.entry.id.padding(toLength: width, withPad: " ", startingAt: 0)
        + algorithm.entry.summary
    } + ["", "'fluid-dock' alone names every mode; options: \(FluidDock.syntax)"]
  }

  /// Every accepted device name, one per line, with the profile it selects.
  static func deviceLines() -> [String] {
    let names = DeviceProfile.catalogue.flatMap(\.acceptedNames)
    let width = (names.map(\.count).max() ?? 0) + 2
    return DeviceProfile.catalogue.flatMap { (device: DeviceProfile) -> [String] in
      let size: String =
        "\(formatNumber(device.portraitSize.width))x\(formatNumber(device.portraitSize.height))"
      let insets = device.portraitInsets
      let detail: String =
        "\(size) pt, \(device.refreshRate) Hz, portrait insets "
        + "\(formatNumber(insets.top))/\(formatNumber(insets.bottom))"
      var lines: [String] = [device.name.padding(toLength: width, withPad: " ", startingAt: 0) + detail]
      for alias in device.aliases {
        lines.append(alias.padding(toLength: width, withPad: " ", startingAt: 0) + "same as \(device.name)")
      }
      return lines
    }
  }
}
