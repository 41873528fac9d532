import Foundation
import Testing

@testable import SnapBench

/// How messages quote what the user gave: short, whatever its length; bytes that are not UTF-8
/// escaped so that the user can type them back.
@Suite("Quoting values in messages")
struct QuotingTests {
  @Test("a megabyte value is quoted short by every message that echoes what was given")
  func megabyte() throws {
    let value = String(repeating: "x", count: 1 << 20)
    #expect(UsageError.invalidValue(value, for: RunCommand.iterations).message.utf8.count < 200)
    do {
      _ = try parseCount(value, option: RunCommand.iterations)
      Issue.record("a megabyte of x was read as a count")
    } catch {
      #expect(error.message.utf8.count < 300, "\(error.message.prefix(200))")
    }
    // What snap-bench does not word itself (a motion's parse error quoting what it read) is
    // shortened as it is printed.
    let echoed = UsageError.invalidValue(
      value, forLabel: "<motion>", reason: "'\(value)' is not a number or label:number")
    #expect(boundingQuotations(in: echoed.message).utf8.count < 400)
    #expect(boundingQuotations(in: "it's 'short' and 'plain'") == "it's 'short' and 'plain'")
    do {
      _ = try parseArguments(["--" + value], for: ListCommand.spec)
      Issue.record("an unknown option of a megabyte was accepted")
    } catch {
      #expect(error.message.utf8.count < 200, "\(error.message.prefix(200))")
      #expect(error.message.contains("(\(value.utf8.count + 2) bytes)"))
    }
    #expect(quoted(value) == "'" + String(repeating: "x", count: 80) + "…' (1048576 bytes)")
    #expect(quoted("short") == "'short'")
  }

  @Test("escaped keeps valid UTF-8 and shows every other byte as \\xNN")
  func escaping() {
    #expect(escaped(Array("é/ok".utf8)) == "é/ok")
    #expect(escaped([0x61, 0xFF, 0x62]) == "a\\xFFb")
    #expect(escaped([0x5C, 0x0A, 0xC3]) == "\\\\\\x0A\\xC3")
  }
}
