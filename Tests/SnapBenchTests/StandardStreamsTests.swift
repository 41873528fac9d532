import Foundation
import Testing

@testable import SnapBench

/// `SnapBench.run`, the library entry, checks its output as the executable does: its streams
/// are redirected here through `StandardStreams`, leaving the test process's own alone.
@Suite("Standard output of the library entry")
struct StandardStreamsTests {
  @Test("SnapBench.run, the library entry, returns 1 and says why when its output fails")
  func libraryEntry() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let status = StandardStreams.$redirected.withValue(full) {
      StandardStreams.$error.withValue(ends[1]) { SnapBench.run(["list", "algorithms"]) }
    }
    close(ends[1])
    let message = String(
      decoding: FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile(), as: UTF8.self)
    #expect(status == 1)
    #expect(message == "Error: could not write standard output: No space left on device\n")
  }
}
