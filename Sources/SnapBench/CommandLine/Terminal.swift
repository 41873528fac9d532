import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tool knows of the terminal it writes to.
enum Terminal {
  /// The width of the terminal on `descriptor` in columns, or `nil` when it is not a terminal.
  ///
  /// The window size the terminal reports, else `COLUMNS`, else 80.
  static func columns(of descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text),
      columns > 0
    {
      return columns
    }
    return 80
  }

  /// The width help and usage lines wrap to: the terminal's on standard output (at least 40
  /// columns), 80 when it is not a terminal.
  static let helpWidth: Int = max(40, columns(of: StandardStreams.documents) ?? 80)

  /// The width of the terminal standard output is, when it is one. Tables wider than it are
  /// printed in their narrow form; output to a file or pipe is never narrowed, so it stays
  /// the same bytes wherever it is run.
  static let outputWidth: Int? = columns(of: StandardStreams.documents)

  /// Whether progress may be drawn on standard error: it is a terminal.
  static let showsProgress: Bool = isatty(STDERR_FILENO) == 1
}

/// A progress bar on standard error, redrawn in place; drawn only when standard error is a
/// terminal and the user did not pass `--no-progress`, and wiped when done.
struct ProgressBar {
  let total: Int
  let unit: String
  let enabled: Bool
  /// Added to every count: the steps before the part of the work this bar is handed to.
  var offset = 0

  init(total: Int, unit: String, enabled: Bool) {
    self.total = total
    self.unit = unit
    self.enabled = enabled && Terminal.showsProgress
  }

  /// This bar, counting from `steps` on: for handing part of the work to another function.
  func shifted(by steps: Int) -> ProgressBar {
    var bar = self
    bar.offset += steps
    return bar
  }

  /// Draws `done` of `total`, with `label` (what is being done now) after the count.
  func update(_ done: Int, _ label: String = "") {
    guard enabled else { return }
    let done = done + offset
    let width = 30
    let filled = total <= 0 ? width : min(width, width * done / total)
    var line =
      "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
      + "] \(done)/\(total) \(unit)"
    if !label.isEmpty { line += " " + label }
    // Never wider than the terminal, so that the carriage return redraws one line.
    let room = max(20, (Terminal.columns(of: STDERR_FILENO) ?? 80) - 1)
    if line.count - 1 > room { line = String(line.prefix(room + 1)) }
    writeStandardError(line + "\u{1B}[K")
  }

  /// Wipes the bar, when it was drawn.
  func finish() {
    if enabled { Self.wipe() }
  }

  /// Wipes the line a bar was drawn on.
  static func wipe() {
    writeStandardError("\r\u{1B}[K")
  }
}
