import Foundation

/// Where SnapCheck keeps failing examples between runs, so that a failure found once is tried
/// first the next time, whatever the seed.
///
/// Each entry is the choice record of one property's shrunk counterexample, in a small text
/// file named by a hash of the property's key. A run that replays an entry and finds that it now
/// passes removes it. Entries are written atomically (a temporary file, then a rename); one
/// that cannot be read is skipped with a warning on standard error, never a crash.
///
/// `SnapCheckTesting`'s `check` uses `FailureDatabase.standard`, keyed by the test's file, line
/// and function; `forAll` uses a database only when given one and a key.
public struct FailureDatabase: Sendable, Hashable {
  /// The directory holding the entries.
  public let directory: String

  public init(directory: String) {
    self.directory = directory
  }

  /// The database `SNAPCHECK_DATABASE` names: `none` for no database, a path for that
  /// directory; unset, `.snapcheck` in the package the working directory is in (the nearest
  /// directory upward holding a `Package.swift`), or none outside a package.
  public static var standard: FailureDatabase? {
    standard(in: ProcessInfo.processInfo.environment, from: FileManager.default.currentDirectoryPath)
  }

  /// `standard` for an environment and a working directory.
  public static func standard(in environment: [String: String], from directory: String)
    -> FailureDatabase?
  {
    if let setting = environment["SNAPCHECK_DATABASE"]?.trimmingCharacters(in: .whitespaces),
      !setting.isEmpty
    {
      return setting.lowercased() == "none" ? nil : FailureDatabase(directory: setting)
    }
    var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return FailureDatabase(directory: url.appendingPathComponent(".snapcheck").path)
      }
      let parent = url.deletingLastPathComponent()
      if parent.path == url.path { return nil }
      url = parent
    }
  }

  static let header = "snapcheck failure 1"

  /// The file of `key`'s entry: a 64-bit FNV-1a hash of the key, in hexadecimal.
  public func path(of key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let name = String(hash, radix: 16)
    return directory + "/" + String(repeating: "0", count: 16 - name.count) + name + ".txt"
  }

  /// The stored choices of `key`, or `nil` when there are none; an entry that cannot be read
  /// (not this format, another key, not numbers) is reported on standard error and skipped.
  public func load(_ key: String) -> [UInt64]? {
    let path = path(of: key)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    func skip(_ reason: String) -> [UInt64]? {
      FileHandle.standardError.write(
        Data("SnapCheck: skipping the failure-database entry \(path): \(reason)\n".utf8))
      return nil
    }
    guard let text = String(data: data, encoding: .utf8) else { return skip("not UTF-8 text") }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 3, lines[0] == Self.header else {
      return skip("not a SnapCheck failure entry (expected '\(Self.header)' first)")
    }
    guard lines[1] == "key: " + key else { return skip("it holds another property's failure") }
    guard lines[2].hasPrefix("choices:") else { return skip("no 'choices:' line") }
    var choices: [UInt64] = []
    for word in lines[2].dropFirst("choices:".count).split(separator: " ") {
      guard let choice = UInt64(word) else { return skip("'\(word)' is not a choice") }
      choices.append(choice)
    }
    return choices
  }

  /// Stores `choices` as `key`'s entry, replacing any; failures to write are reported on
  /// standard error (a database is a convenience, never a reason for a test to fail).
  public func save(_ key: String, _ choices: [UInt64]) {
    let text = Self.header + "\nkey: " + key + "\nchoices:"
      + choices.map { " \($0)" }.joined() + "\n"
    let entry = path(of: key)
    func report(_ reason: String) {
      FileHandle.standardError.write(
        Data("SnapCheck: could not save a failure in \(directory): \(reason)\n".utf8))
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: entry, isDirectory: &isDirectory), isDirectory.boolValue {
      report("its entry \(entry) is a directory, not a file (remove it)")
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: entry), options: .atomic)
    } catch {
      report(Self.words(error))
    }
  }

  /// What a file-system error says, in words: the POSIX reason Foundation wraps
  /// ("Permission denied", "Not a directory") rather than its domain and number.
  static func words(_ error: any Error) -> String {
    let described = error as NSError
    let posix = described.domain == NSPOSIXErrorDomain
      ? described : described.userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix, posix.domain == NSPOSIXErrorDomain, let reason = strerror(Int32(posix.code)) {
      return String(cString: reason)
    }
    return described.localizedDescription
  }

  /// Removes `key`'s entry, if there is one.
  public func remove(_ key: String) {
    try? FileManager.default.removeItem(atPath: path(of: key))
  }
}
