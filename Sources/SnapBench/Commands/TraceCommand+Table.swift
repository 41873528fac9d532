import Foundation
import SnapAlgorithms

/// `trace`'s frame table, what a terminal gets unless `--format` asks for another: one line a
/// frame, 80 columns at most, with what an iOS engineer looks for when a button misbehaves.
///
///     edge-dock.corrected on iPhone 15 (393×852 pt, 60 Hz); motion ease-in-out(duration:0.5)
///
///         t (s)  phase         x (pt)     y (pt)   w×h (pt)  speed (pt/s)
///         0.000  drag           166.5      406.0      60×60
///         0.017  drag           186.5      401.0      60×60         1,237
///
/// `x` and `y` are the frame's origin, as UIKit reports `frame`; the speed is the origin's
/// since the frame before. Below the frames: the release (where, the finger's velocity, the
/// projected point, the motion's starting velocity) and where the item came to rest. Each
/// container change (a rotation, a window resized, a bar or the keyboard) is a line of its own
/// before the first frame it shows in:
///
///         0.500  the container changes: iPhone 15 (landscape) (852×393 pt)
extension TraceCommand {
  static func frameTable(
    _ trajectory: Trajectory, algorithm: any SnapAlgorithm, changes: [ContainerChange] = []
  ) -> String {
    let environment = trajectory.environment
    let size = "\(number(environment.bounds.width, digits: 0))×\(number(environment.bounds.height, digits: 0))"
    let title =
      "\(trajectory.algorithm) on \(environment.name) (\(size) pt, \(environment.refreshRate) Hz); "
      + (algorithm.releaseMotion.map { "motion \($0)" } ?? "no release motion")
    var lines = wrapText(title, width: 80, firstPrefix: "", continuationIndent: 2)
    lines += ["", row("t (s)", "phase", "x (pt)", "y (pt)", "w×h (pt)", "speed (pt/s)")]
    var previous: Frame?
    // The changes in time order, each told once, before the first frame at or after it (one at
    // or before the start is the container the gesture starts in, and is the title's).
    var pending = changes.filter { $0.time.isFinite && $0.time > (trajectory.frames.first?.time ?? 0) }
      .sorted { $0.time < $1.time }[...]
    func tell(_ change: ContainerChange) -> String {
      let bounds = change.environment.bounds
      return right(number(change.time, digits: 3), 9) + "  the container changes: "
        + "\(change.environment.name) (\(number(bounds.width, digits: 0))×\(number(bounds.height, digits: 0)) pt)"
    }
    for frame in trajectory.frames {
      while let change = pending.first, change.time <= frame.time + 1e-9 {
        lines.append(tell(change))
        pending = pending.dropFirst()
      }
      var speed = ""
      if let previous, frame.time > previous.time {
        let dx = frame.rect.origin.x - previous.rect.origin.x
        let dy = frame.rect.origin.y - previous.rect.origin.y
        let value = Double((dx * dx + dy * dy).squareRoot()) / (frame.time - previous.time)
        speed = value.isFinite ? grouped(value) : "—"
      }
      lines.append(
        row(
          number(frame.time, digits: 3), frame.phase.rawValue,
          number(frame.rect.origin.x, digits: 1), number(frame.rect.origin.y, digits: 1),
          number(frame.rect.size.width, digits: 0) + "×" + number(frame.rect.size.height, digits: 0),
          speed))
      previous = frame
    }
    for change in pending { lines.append(tell(change)) }
    lines.append("")
    if let time = trajectory.releaseTime, let center = trajectory.releaseCenter {
      var release = "Released at t = \(number(time, digits: 3)) s, centre \(point(center.x, center.y))"
      if let velocity = trajectory.releaseVelocity {
        release += "; finger \(point(velocity.dx, velocity.dy)) pt/s"
        if let projected = trajectory.projectedRelease(by: algorithm) {
          release += ", projected to \(point(projected.x, projected.y))"
        }
      }
      if let handoff = trajectory.handoffVelocity {
        release += "; the motion starts at \(point(handoff.dx, handoff.dy)) pt/s"
      }
      lines += wrapText(release + ".", width: 80, firstPrefix: "", continuationIndent: 2)
    } else {
      lines.append("No touch reached the item.")
    }
    let rest = trajectory.rest
    lines.append(
      "At rest: origin \(point(rest.origin.x, rest.origin.y)), "
        + "\(number(rest.size.width, digits: 0))×\(number(rest.size.height, digits: 0)) pt.")
    lines.append("'--format json' prints every number in full.")
    return lines.joined(separator: "\n")
  }

  /// `text` right-aligned in `width` columns.
  private static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// One line of the table: the columns right-aligned but the phase.
  private static func row(
    _ time: String, _ phase: String, _ x: String, _ y: String, _ size: String, _ speed: String
  ) -> String {
    let line = right(time, 9) + "  " + phase.padding(toLength: 7, withPad: " ", startingAt: 0)
      + right(x, 11) + right(y, 11) + right(size, 11) + right(speed, 14)
    return String(line.reversed().drop { $0 == " " }.reversed())
  }

  /// `value` with `digits` decimals, `—` when it is not a finite number.
  private static func number(_ value: Double, digits: Int) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "—"
  }

  private static func number(_ value: CGFloat, digits: Int) -> String {
    number(Double(value), digits: digits)
  }

  /// `(256.5, 421)`: each coordinate to a tenth, whole numbers without a decimal.
  private static func point(_ x: CGFloat, _ y: CGFloat) -> String {
    func short(_ value: CGFloat) -> String {
      let tenth = (Double(value) * 10).rounded() / 10
      return tenth.isFinite ? formatNumber(tenth == 0 ? 0 : tenth) : "—"
    }
    return "(\(short(x)), \(short(y)))"
  }

  /// `1,237`: a whole number with thousands grouped.
  private static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0, index % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return String(result.reversed())
  }
}
