import Foundation

/// Runs programs for the tests, output captured: the `snap-bench` built beside this test
/// bundle, any other executable, or a shell command line as a user would type it.
public enum SnapBenchProcess {
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The `snap-bench` binary built beside this test bundle.
  public static let executable: URL? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("snap-bench")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  /// Runs the built `snap-bench` with `arguments`, `input` on its standard input, `environment`
  /// added to this process's, in `directory` when one is given.
  public static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    directory: String? = nil
  ) throws -> Result {
    guard let executable else { throw Missing() }
    return try run(
      executable: executable.path, arguments, input: input, environment: environment,
      directory: directory)
  }

  /// Whether the tests of every shell must run (`SNAPLAB_REQUIRE_SHELLS=1`, as `.ci/run` sets,
  /// having installed bash, zsh and fish): then a missing shell fails, rather than skips.
  public static let requireShells =
    ProcessInfo.processInfo.environment["SNAPLAB_REQUIRE_SHELLS"] == "1"

  /// Runs `/bin/bash -c command`: a command line exactly as printed for users to paste.
  public static func shell(_ command: String) throws -> Result {
    try run(executable: "/bin/bash", ["-c", command])
  }

  /// Runs `executable` with `arguments`, `input` on its standard input, and waits for it.
  public static func run(
    executable: String, _ arguments: [String], input: String? = nil,
    environment: [String: String] = [:], directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    // A child inherits the signal mask of the thread that starts it, and the test runner's
    // threads block SIGINT and SIGTERM: a child started from one could not be stopped by them
    // (`timeout -s INT` waited for a whole report). It gets them unblocked, as from a shell.
    try launch(process)
    // Standard error is drained on its own thread, so that neither pipe can fill and stall
    // the child while the other is read.
    let errors = Drained()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errors.data = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errors.data, as: UTF8.self))
  }

  /// Starts `executable` with `arguments`, its output discarded, and returns it running: for a
  /// test that signals it at a moment of its choosing.
  public static func start(executable: String, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try launch(process)
    return process
  }

  /// Runs `process` with SIGINT, SIGTERM and SIGHUP unblocked, as from a shell.
  static func launch(_ process: Process) throws {
    var signals = sigset_t()
    var previous = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGHUP)
    pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
    let started = Swift.Result { try process.run() }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    try started.get()
  }

  private final class Drained: @unchecked Sendable {
    var data = Data()
  }

  public struct Missing: Error, CustomStringConvertible {
    public var description: String { "snap-bench was not built beside the tests" }
  }
}
