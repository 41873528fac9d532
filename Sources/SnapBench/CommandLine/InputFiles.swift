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
