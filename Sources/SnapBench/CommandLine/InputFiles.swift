import Foundation
import SnapAlgorithms

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole contents of the file at `path`, or of standard input for `-`: regular files,
/// FIFOs, process substitution (`<(…)`) and devices alike, read to their end into one array.
///
/// - Throws: `RuntimeError` naming `what` ("the gesture file") and the system's reason.
func readInput(_ path: String, what: String) throws -> [UInt8] {
  let descriptor: Int32
  if path == "-" {
    descriptor = STDIN_FILENO
  } else {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw RuntimeError("cannot read \(what) '\(path)': \(String(cString: strerror(errno)))")
    }
  }
  defer { if descriptor != STDIN_FILENO { close(descriptor) } }
  var info = stat()
  var capacity = 1 << 16
  if fstat(descriptor, &info) == 0 {
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw RuntimeError("cannot read \(what) '\(path)': it is a directory")
    }
    if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 { capacity = Int(info.st_size) + 1 }
  }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(capacity)
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      let source = path == "-" ? "standard input" : "'\(path)'"
      throw RuntimeError("cannot read \(what) \(source): \(String(cString: strerror(errno)))")
    }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}
