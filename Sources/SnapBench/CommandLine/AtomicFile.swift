import SnapAlgorithms
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces the file at `path` with `text` (UTF-8) so that readers see the old or the new
/// contents in full, never a torn mix.
///
/// Writes a hidden temporary file in the same directory (a rename is atomic only within one
/// file system), syncs it to disk, then renames it over `path`. An existing file keeps its
/// permissions; a new one gets the usual `0666` less the umask.
///
/// - Throws: `RuntimeError` naming `path` and the system's reason; the temporary file is
///   removed and the original, if any, is left untouched.
func writeAtomically(_ text: String, to path: String) throws {
  func failure(_ reason: String) -> RuntimeError {
    RuntimeError("Could not write '\(path)': \(reason)")
  }
  guard !path.isEmpty else { throw RuntimeError("Could not write a file: the path is empty") }
  guard !path.hasSuffix("/") else { throw failure("the path names a directory") }

  let directory: String
  let fileName: String
  if let slash = path.lastIndex(of: "/") {
    directory = String(path[...slash])
    fileName = String(path[path.index(after: slash)...])
  } else {
    directory = ""
    fileName = path
  }
  let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
  let temporaryPath = "\(directory).\(fileName).tmp-\(getpid())-\(suffix)"

  let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
  guard descriptor >= 0 else { throw failure(systemErrorText()) }

  var isOpen = true
  var succeeded = false
  defer {
    if isOpen { close(descriptor) }
    if !succeeded { unlink(temporaryPath) }
  }

  var existing = stat()
  if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
    // Best effort: a file we may not chmod is still worth writing.
    _ = fchmod(descriptor, existing.st_mode & 0o7777)
  }

  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      throw failure(systemErrorText())
    }
    bytes = bytes.dropFirst(written)
  }
  guard fsync(descriptor) == 0 else { throw failure(systemErrorText()) }
  isOpen = false
  // A failed close can be the first report of a failed write on some file systems.
  guard close(descriptor) == 0 else { throw failure(systemErrorText()) }
  guard rename(temporaryPath, path) == 0 else { throw failure(systemErrorText()) }
  succeeded = true

  // Make the rename itself durable; the file is already in place if this fails.
  let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
  if directoryDescriptor >= 0 {
    _ = fsync(directoryDescriptor)
    close(directoryDescriptor)
  }
}

/// The system's description of the current `errno`, like `No such file or directory`.
private func systemErrorText() -> String {
  let code = errno
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}
