import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a command writes, checked before any work is done, so that a bad path costs nothing
/// and destroys nothing.
///
/// - `-` is standard output.
/// - A regular file, or a new path in an existing directory, is replaced atomically: the text
///   goes to a hidden temporary file beside it (removed if the process is interrupted), which is
///   then renamed over it; an existing file keeps its mode.
/// - A symbolic link is written through: its target is what gets replaced (or made), never the
///   link itself.
/// - A character or block device, a FIFO or a socket (`/dev/null`, `/dev/stdout`, `<(…)`) is
///   opened and written to as it is.
/// - A directory, a missing parent directory, an empty path and a loop of links are usage
///   errors.
struct OutputFile: Sendable {
  enum Destination: Sendable {
    case standardOutput
    /// Replace, atomically, the regular file at this path (or make it).
    case replace(String)
    /// Write to the device, FIFO or socket at this path as it is.
    case stream(String)
  }

  /// The path as the user gave it.
  let path: String
  let destination: Destination

  /// Whether the text goes to standard output (`-`).
  var isStandardOutput: Bool {
    if case .standardOutput = destination { return true }
    return false
  }

  /// Checks `path`, given for `option`.
  init(_ path: String, for option: OptionSpec) throws(UsageError) {
    self.path = path
    func refuse(_ reason: String) -> UsageError {
      UsageError.invalidValue(path, for: option, reason: reason)
    }
    guard !path.isEmpty else { throw refuse("the path is empty") }
    if path == "-" {
      destination = .standardOutput
      return
    }
    // Follow links to what they name; a dangling one names the file to make.
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        guard errno == ENOENT else { throw refuse(systemErrorText()) }
        if let missing = Self.missingDirectory(of: current) { throw refuse(missing) }
        destination = .replace(current)
        return
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count >= 0 else { throw refuse(systemErrorText()) }
        // A target that is not UTF-8 would be written under another name: refused.
        guard let target = String(validating: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        else { throw refuse("its link's target is not a UTF-8 path") }
        current = target.hasPrefix("/") ? target : Self.directory(of: current) + target
      case S_IFDIR:
        throw refuse("it names a directory")
      case S_IFREG:
        destination = .replace(current)
        return
      default:
        destination = .stream(current)
        return
      }
    }
    throw refuse("its symbolic links go round in a loop")
  }

  /// Why `path` cannot be created — its directory does not exist (or is not a directory) —
  /// or `nil` when it can.
  static func missingDirectory(of path: String) -> String? {
    let parent = directory(of: path)
    let shown = parent.isEmpty ? "." : parent
    var info = stat()
    guard stat(shown, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      return "the directory \(quoted(shown)) does not exist"
    }
    return nil
  }

  /// The directory part of `path`, with its trailing slash (`a/b/` of `a/b/c`), or empty.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// Writes `text` (UTF-8) to the destination.
  func write(_ text: String) throws {
    try write(Array(text.utf8))
  }

  /// Writes `bytes` to the destination: all of them, or, if anything fails, none where a file is
  /// replaced.
  func write(_ bytes: [UInt8]) throws {
    switch destination {
    case .standardOutput:
      try writeStandardOutput(bytes)
    case .stream(let target):
      let descriptor = open(target, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw failure(target) }
      defer { close(descriptor) }
      try Self.writeAll(bytes, to: descriptor, orThrow: failure(target))
    case .replace(let target):
      try Self.replace(target, with: bytes, failure: failure(target))
    }
  }

  private func failure(_ target: String) -> RuntimeError {
    let which = target == path ? quoted(path) : "\(quoted(path)) (its target \(quoted(target)))"
    return RuntimeError("Could not write \(which): \(systemErrorText())")
  }

  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, orThrow failure: @autoclosure () -> RuntimeError)
    throws
  {
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure()
      }
      rest = rest.dropFirst(written)
    }
  }

  /// Replaces the regular file at `target` (or makes it) with `bytes`, through a temporary file
  /// in the same directory that SIGINT, SIGTERM and SIGHUP remove.
  static func replace(_ target: String, with bytes: [UInt8], failure: @autoclosure () -> RuntimeError)
    throws
  {
    let directory = Self.directory(of: target)
    let name = String(target.dropFirst(directory.count))
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let temporary = "\(directory).\(name).tmp-\(getpid())-\(suffix)"
    // Remembered before it exists: a signal between making it and remembering it would leave
    // it behind. (Its name holds this process's id, so no one else's file has it.)
    let slot = snapbench_temporary_remember(temporary, 0)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let error = failure()  // errno first: forgetting may change it
      snapbench_temporary_forget(slot)
      throw error
    }
    var isOpen = true
    var succeeded = false
    defer {
      if isOpen { close(descriptor) }
      if !succeeded { unlink(temporary) }
      snapbench_temporary_forget(slot)
    }
    var existing = stat()
    if stat(target, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
      // Best effort: a file we may not chmod is still worth writing.
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
    try writeAll(bytes, to: descriptor, orThrow: failure())
    guard fsync(descriptor) == 0 else { throw failure() }
    isOpen = false
    // A failed close can be the first report of a failed write on some file systems.
    guard close(descriptor) == 0 else { throw failure() }
    guard rename(temporary, target) == 0 else { throw failure() }
    succeeded = true
    // Make the rename itself durable; the file is already in place if this fails.
    let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}

/// `write(2)`, under a name no method shadows.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// A directory of files a command writes whole (`report`'s page and pictures): built in a hidden
/// temporary directory beside the destination and put in its place in one step when complete,
/// so that an interrupted run leaves the previous contents, or nothing, behind.
///
/// The directory it writes holds a manifest, `.snap-bench-report`, listing every file written
/// (`Manifest`). The destination may be missing, empty, or hold a manifest and nothing beyond
/// the files it lists; anything else in it (an `index.html` or icons of the user's own) is not
/// the command's to replace, and is a usage error naming the file.
struct OutputDirectory: Sendable {
  /// The directory as the user gave it, and the one written (a link's target).
  let path: String
  let target: String
  let exists: Bool
  /// What the destination holds now, every name checked as the command's own: removed once
  /// the new contents are in place, and nothing else.
  let previousFiles: [String]

  /// Checks `path`, given for `option`: a new directory in an existing one, an empty one, or
  /// one that holds what an earlier run wrote and nothing else, and none of the `inputs` the
  /// command reads (each a path and the label of the option it was given for).
  init(
    _ path: String, for option: OptionSpec, inputs: [(path: String, label: String)] = []
  ) throws(UsageError) {
    self.path = path
    func refuse(_ reason: String) -> UsageError {
      UsageError.invalidValue(path, for: option, reason: reason)
    }
    guard !path.isEmpty else { throw refuse("the path is empty") }
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    var resolved = trimmed
    var info = stat()
    if lstat(trimmed, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
      guard let real = realpath(trimmed, nil) else {
        throw refuse("it is a symbolic link to nothing")
      }
      let bytes = Array(UnsafeBufferPointer(start: real, count: strlen(real))).map { UInt8(bitPattern: $0) }
      free(real)
      // A target that is not UTF-8 would be written under another name: refused.
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw refuse("its link's target is not a UTF-8 path")
      }
      resolved = text
    }
    target = resolved
    guard stat(resolved, &info) == 0 else {
      if let missing = OutputFile.missingDirectory(of: resolved) { throw refuse(missing) }
      exists = false
      previousFiles = []
      return
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw refuse("it is a file, not a directory") }
    // The directory is replaced in one step, by a rename: the current directory, one that
    // holds it, the root or a mount point cannot be renamed, and would fail only after the run.
    if let unmovable = Self.unmovable(resolved, info: info) { throw refuse(unmovable) }
    exists = true
    // An input inside is named as such, before it is named as a file the command did not write.
    for input in inputs {
      if let overlap = Self.overlap(of: resolved, withInput: input.path, for: input.label) {
        throw refuse(overlap)
      }
    }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: resolved)
    } catch {
      throw refuse("it cannot be read (\(systemErrorText()))")
    }
    switch Manifest.check(resolved, holding: entries) {
    case .ours:
      break
    case .foreign(let name):
      let unlisted = entries.contains(Manifest.name) ? "" : " (no '\(Manifest.name)' lists it)"
      throw refuse(
        "it holds \(quoted(name)), which this command did not write\(unlisted); give a new or "
          + "empty directory")
    case .unreadableManifest(let why):
      throw refuse(
        "its '\(Manifest.name)' is not a list of files this command wrote (\(why)); give a new or "
          + "empty directory")
    }
    previousFiles = entries
  }

  /// Why the existing directory `path` (its `stat` in `info`) cannot be replaced by a rename,
  /// or `nil` when it can.
  static func unmovable(_ path: String, info: stat) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    let target = String(cString: real)
    free(real)
    if target == "/" { return "it is the root directory; give a new or empty directory" }
    if let here = realpath(".", nil) {
      let current = String(cString: here)
      free(here)
      if current == target || current.hasPrefix(target.hasSuffix("/") ? target : target + "/") {
        return "it is the current directory or holds it, which cannot be replaced in one step; "
          + "give a new or empty directory inside it"
      }
    }
    var parent = stat()
    if stat(target + "/..", &parent) == 0, parent.st_dev != info.st_dev {
      return "it is a mount point, which cannot be replaced in one step; give a new or empty "
        + "directory inside it"
    }
    return nil
  }

  /// Writes `files` (name, contents) as the directory's whole contents, with a manifest that
  /// lists them.
  func write(_ files: [(name: String, bytes: [UInt8])]) throws {
    let parent = OutputFile.directory(of: target)
    let name = String(target.dropFirst(parent.count))
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let temporary = "\(parent).\(name).tmp-\(getpid())-\(suffix)"
    func failure(_ what: String) -> RuntimeError {
      RuntimeError("Could not write \(quoted(path)) (\(what)): \(systemErrorText())")
    }
    // The manifest first: a build killed part-way (SIGKILL, which removes nothing) then holds
    // the list of what it may hold, and a later run knows it for its own (`removeLeftovers`).
    let written = [(name: Manifest.name, bytes: Manifest.text(listing: files.map(\.name)))] + files
    // Remembered before it is made, as its files are before they are opened: a signal between
    // the two would leave it behind.
    var slots = [snapbench_temporary_remember(temporary, 1)]
    guard mkdir(temporary, 0o777) == 0 else {
      let error = failure("making \(temporary)")  // errno first: forgetting may change it
      snapbench_temporary_forget(slots[0])
      throw error
    }
    var inPlace = false
    defer {
      if !inPlace { Self.remove(temporary) }
      for slot in slots { snapbench_temporary_forget(slot) }
    }
    for file in written {
      let filePath = temporary + "/" + file.name
      slots.append(snapbench_temporary_remember(filePath, 0))
      let descriptor = open(filePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard descriptor >= 0 else { throw failure(file.name) }
      defer { close(descriptor) }
      try OutputFile.writeAll(file.bytes, to: descriptor, orThrow: failure(file.name))
      guard fsync(descriptor) == 0 else { throw failure(file.name) }
    }
    // From here to the end nothing may be torn apart by a signal: it waits until done.
    snapbench_signals_hold(1)
    defer { snapbench_signals_hold(0) }
    if !exists {
      guard rename(temporary, target) == 0 else { throw failure("putting it in place") }
      inPlace = true
    } else if snapbench_exchange(temporary, target) == 0 {
      // The previous contents now stand at the temporary name.
      inPlace = true
      removePrevious(temporary)
    } else {
      // A file system that cannot swap two names: move the old aside, the new in, the old away.
      let aside = "\(parent).\(name).old-\(getpid())-\(suffix)"
      guard rename(target, aside) == 0 else { throw failure("moving the previous contents aside") }
      guard rename(temporary, target) == 0 else {
        _ = rename(aside, target)
        throw failure("putting it in place")
      }
      inPlace = true
      removePrevious(aside)
    }
    Self.removeLeftovers(of: name, in: parent)
  }

  /// Removes the previous contents, moved to `directory`: the files checked as the command's
  /// own when the destination was checked, and the directory. Anything that appeared in it
  /// since is not removed: the directory is then kept, and the user told where.
  private func removePrevious(_ directory: String) {
    guard Self.remove(previousFiles, from: directory) else {
      writeStandardError(
        "note: the previous contents of \(quoted(path)) are kept in \(quoted(directory)): files "
          + "this command did not write appeared in it while it ran\n")
      return
    }
  }

  /// Removes what runs into `parent/name` that were killed (SIGKILL, which no handler sees) left
  /// hidden beside it: their build directories (`.name.tmp-PID-x`, before the swap) and the
  /// previous contents they had swapped out (`.name.tmp-PID-x` after an exchange, or
  /// `.name.old-PID-x` in the fallback) but not yet removed.
  ///
  /// A later run removes them, rather than the run making sure it never leaves one, because no
  /// order of steps can: after the swap the old report must be removed file by file, and a
  /// SIGKILL can come between any two of them. A leftover is removed only when its name is of
  /// that form, the process its name holds is gone (`kill(pid, 0)` finds none; a live one may
  /// be writing it), and it is a directory holding nothing, or a manifest and nothing beyond
  /// the files it lists (so never anything a user put there). Called with signals held, after
  /// the new contents are in place: a failed run leaves them for the next.
  static func removeLeftovers(of name: String, in parent: String) {
    let directory = parent.isEmpty ? "." : parent
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for entry in entries {
      guard let owner = leftoverOwner(entry, of: name), owner != getpid(),
        kill(owner, 0) == -1, errno == ESRCH
      else { continue }
      let path = parent + entry
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
        let contents = try? FileManager.default.contentsOfDirectory(atPath: path)
      else { continue }
      if contents.isEmpty {
        rmdir(path)
      } else if case .ours = Manifest.check(path, holding: contents) {
        _ = remove(contents, from: path)
      }
    }
  }

  /// The process id in `entry` when it is named like a hidden directory of a run into `name`
  /// (`.name.tmp-PID-x` or `.name.old-PID-x`), else `nil`.
  static func leftoverOwner(_ entry: String, of name: String) -> pid_t? {
    for kind in ["tmp", "old"] {
      let prefix = ".\(name).\(kind)-"
      guard entry.hasPrefix(prefix) else { continue }
      let parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[1].isEmpty,
        parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
        parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(parts[0]), pid > 0
      else { continue }
      return pid
    }
    return nil
  }

  /// Removes `names` from `directory`, then the directory; whether it is gone (it is not when
  /// it holds anything else).
  static func remove(_ names: [String], from directory: String) -> Bool {
    for name in names { unlink(directory + "/" + name) }
    return rmdir(directory) == 0
  }

  /// Removes a directory of plain files the process made itself, and the directory.
  static func remove(_ directory: String) {
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
      unlink(directory + "/" + entry)
    }
    rmdir(directory)
  }
}

/// The list of files `OutputDirectory` keeps in each directory it writes, `.snap-bench-report`:
/// what tells a later run that the directory and every file in it are its own to replace.
///
/// Version 1 is UTF-8 text: the line `snap-bench report files, version 1`, then one file
/// name per line (names never hold a line break or a slash).
enum Manifest {
  /// The manifest's file name: hidden, so that it does not crowd a listing of the report.
  static let name = ".snap-bench-report"
  /// The first line, which names the format and its version.
  static let header = "snap-bench report files, version 1"

  /// The manifest listing `files`.
  static func text(listing files: [String]) -> [UInt8] {
    Array(([header] + files).map { $0 + "\n" }.joined().utf8)
  }

  /// The file names the manifest `bytes` lists.
  ///
  /// - Throws: Why `bytes` is not a manifest of this version.
  static func files(in bytes: [UInt8]) throws(ManifestError) -> Set<String> {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ManifestError(reason: "it is not UTF-8 text")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == Substring(header) else {
      throw ManifestError(reason: "its first line is not '\(header)'")
    }
    if lines.last == "" { lines.removeLast() }
    var names: Set<String> = []
    for line in lines.dropFirst() {
      guard !line.isEmpty, line != ".", line != "..", !line.contains("/") else {
        throw ManifestError(reason: "it lists \(quoted(line)), which is not a file name")
      }
      names.insert(String(line))
    }
    return names
  }

  /// Why a manifest could not be read.
  struct ManifestError: Error {
    var reason: String
  }

  /// What a directory holding `entries` is, by its manifest.
  enum Verdict {
    /// Empty, or a manifest and only files it lists: the command's own.
    case ours
    /// It holds `name`, which no manifest lists (or which is not a plain file).
    case foreign(String)
    /// Its manifest cannot be read, for this reason.
    case unreadableManifest(String)
  }

  /// Whether `directory`, which holds `entries`, is the command's own to replace.
  static func check(_ directory: String, holding entries: [String]) -> Verdict {
    guard !entries.isEmpty else { return .ours }
    guard entries.contains(name) else { return .foreign(entries.sorted()[0]) }
    let listed: Set<String>
    do {
      listed = try files(in: readInput(directory + "/" + name, what: "the manifest"))
    } catch let error as ManifestError {
      return .unreadableManifest(error.reason)
    } catch let error as RuntimeError {
      return .unreadableManifest(error.message)
    } catch {
      return .unreadableManifest("\(error)")
    }
    for entry in entries.sorted() where entry != name {
      // A directory of that name is not what the command wrote, and could not be removed.
      var info = stat()
      guard listed.contains(entry), lstat(directory + "/" + entry, &info) == 0,
        (info.st_mode & S_IFMT) != S_IFDIR
      else { return .foreign(entry) }
    }
    return .ours
  }
}

/// The system's description of the current `errno`, like `No such file or directory`.
func systemErrorText() -> String {
  let code = errno
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}
