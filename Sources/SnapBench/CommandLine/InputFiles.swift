import Foundation
import SnapAlgorithms

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The most bytes `readInput` reads from one file: far beyond any real input (the largest
/// verify file, every cell with its counterexamples, is a few MB), far below what a machine
/// can hold, so that `/dev/zero` or a runaway pipe is an error, not the end of memory.
let largestInput = 256 << 20

/// `largestInput` as messages say it: `256 MiB`.
let largestInputText = "\(largestInput >> 20) MiB"

/// The whole contents of the file at `path`, or of standard input for `-`: regular files,
/// FIFOs, process substitution (`<(…)`) and devices alike, read to their end into one array.
///
/// - Throws: `RuntimeError` naming `what` ("the gesture file") and the system's reason, or
///   saying that the input is larger than `largestInput` (a regular file is refused by its
///   size before it is read, a stream once that much has come).
func readInput(_ path: String, what: String) throws -> [UInt8] {
  let source = path == "-" ? "on standard input" : quoted(path)
  let descriptor: Int32
  if path == "-" {
    descriptor = STDIN_FILENO
  } else {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw RuntimeError("cannot read \(what) \(source): \(systemErrorText())")
    }
  }
  defer { if descriptor != STDIN_FILENO { close(descriptor) } }
  let tooLarge = RuntimeError(
    "\(what) \(source) is larger than \(largestInputText); snap-bench reads inputs up to that size "
      + "(is it the file you meant?)")
  var info = stat()
  var capacity = 1 << 16
  if fstat(descriptor, &info) == 0 {
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw RuntimeError("cannot read \(what) \(source): it is a directory")
    }
    if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
      guard info.st_size <= largestInput else { throw tooLarge }
      capacity = Int(info.st_size) + 1
    }
  }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(capacity)
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      throw RuntimeError("cannot read \(what) \(source): \(systemErrorText())")
    }
    if count == 0 { break }
    // A file that grew while it was read, a device or a stream: stopped at the limit.
    guard bytes.count + count <= largestInput else { throw tooLarge }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}

// MARK: - Inputs that an output would destroy

/// What a path names, as the system knows it: the device and inode, whatever path (a link,
/// `..`, another spelling) leads there.
struct FileIdentity: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  /// Whether it is a regular file (not a device, FIFO, socket or directory).
  let isRegularFile: Bool

  /// What `path` names, its links followed; `nil` when nothing is there.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// What the open `descriptor` is; `nil` when it is not open.
  init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  private init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Equal when the two name the same file; whether each is regular does not enter.
  static func == (a: FileIdentity, b: FileIdentity) -> Bool {
    a.device == b.device && a.inode == b.inode
  }
}

/// Refuses an input that is also the file standard output goes to (`trace --gesture g.json >
/// g.json`, which the shell emptied before the command started), before any work.
///
/// - Parameters:
///   - path: The input as the user gave it; `-` (standard input) is never refused.
///   - label: The option or argument it was given for, like `--gesture <file>|-`.
func refuseStandardOutput(asInput path: String, for label: String) throws(UsageError) {
  guard path != "-", let input = FileIdentity(path: path), input.isRegularFile,
    let output = FileIdentity(descriptor: StandardStreams.output), output == input
  else { return }
  throw UsageError.invalidValue(
    path, forLabel: label,
    reason: "it is also standard output, which the shell empties before snap-bench starts; "
      + "write the output to another file")
}

extension OutputFile {
  /// Refuses this output when it is the file `input` (given for `inputLabel`) names, before
  /// any work: writing it would replace what the command reads.
  func refuse(asInput input: String, for inputLabel: String, option: OptionSpec)
    throws(UsageError)
  {
    let written: String
    switch destination {
    case .standardOutput: return try refuseStandardOutput(asInput: input, for: inputLabel)
    case .replace(let target), .stream(let target): written = target
    }
    guard input != "-", let read = FileIdentity(path: input), FileIdentity(path: written) == read
    else { return }
    throw UsageError.invalidValue(
      path, for: option, reason: "it is also the input given to '\(inputLabel)'")
  }
}

extension OutputDirectory {
  /// Why the directory `target` may not be written when `input` (given for `inputLabel`) is
  /// inside it, links followed: putting the new directory in place would remove the input.
  /// `nil` when it is not inside.
  static func overlap(of target: String, withInput input: String, for inputLabel: String)
    -> String?
  {
    guard input != "-", let directory = FileIdentity(path: target),
      let real = realpath(input, nil)
    else { return nil }
    var ancestor = String(cString: real)
    free(real)
    while let slash = ancestor.lastIndex(of: "/"), ancestor != "/" {
      ancestor = slash == ancestor.startIndex ? "/" : String(ancestor[..<slash])
      if FileIdentity(path: ancestor) == directory {
        return "it holds \(quoted(input)), the input given to '\(inputLabel)', which replacing "
          + "the directory would remove"
      }
    }
    return nil
  }
}
