import Foundation
import TestSupport
import Testing

@testable import SnapBench

/// Arguments no one types by hand: huge values, bytes that are not UTF-8. Each is refused in a
/// few lines, and never written under another name.
@Suite("Hostile arguments")
struct HostileArgumentsTests {
  /// The longest single argument Linux passes to a program is 128 KiB, its terminator included.
  static let huge = String(repeating: "a", count: 120_000)

  func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("snaplab-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Command lines with `HUGE` standing for `huge` (so that a test's name does not carry it).
  static let hugeLines = [
    ["list", "HUGE"], ["--frobnicateHUGE"], ["HUGE"], ["run", "--iterations", "HUGE"],
    ["run", "--filter", "(HUGE"], ["trace", "HUGE"], ["verify", "--algorithm", "HUGE"],
    ["verify", "--invariant", "HUGE"], ["curve", "spring(HUGE)"], ["curve", "HUGE"],
    ["trace", "edge-dock.published", "--gesture", "/nonexistent/HUGE"],
    ["trace", "edge-dock.published", "--device", "HUGE"],
    ["run", "--output", "/nonexistent/HUGE"], ["report", "--output", "/nonexistent/HUGE"],
    ["report", "--output", "/nonexistent", "--flick", "HUGE"], ["run", "--baseline", "HUGE"],
  ]

  @Test("an error quotes a huge value by its first characters and its length", arguments: hugeLines)
  func hugeValue(line: [String]) throws {
    let arguments = line.map { $0.replacingOccurrences(of: "HUGE", with: Self.huge) }
    let result = try SnapBenchProcess.run(arguments)
    #expect(result.status == 64 || result.status == 1, "\(result.stderr.prefix(300))")
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.utf8.count < 2_000, "\(result.stderr.utf8.count) bytes: \(result.stderr.prefix(300))")
    // Said once, by its start and its length in bytes.
    #expect(result.stderr.contains("…' (") && result.stderr.contains(" bytes)"), "\(result.stderr.prefix(600))")
  }

  @Test("a path that is not UTF-8 is refused before anything is written, its bytes escaped")
  func notUTF8() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try #require(SnapBenchProcess.executable).path
    let quick =
      "run --filter '^reference/empty$' --skip clamp --iterations 100 --repetitions 2 --no-progress"
    let result = try SnapBenchProcess.shell(
      "cd '\(directory.path)' && '\(binary)' \(quick) --output $'out\\xff.txt' > /dev/null")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: The argument 'out\\xFF.txt' is not valid UTF-8"), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: snap-bench run "), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    // A gesture path: not looked for under a name no one typed.
    let gesture = try SnapBenchProcess.shell("'\(binary)' trace edge-dock.published --gesture $'g\\xc3.json'")
    #expect(gesture.status == 64)
    #expect(gesture.stderr.contains("'g\\xC3.json'"), "\(gesture.stderr)")
  }
}
