// How messages show what the user typed: quoted, and never longer than a line. A 500 MB
// argument once came back as 524 MB of standard error.

/// The most characters of a value a message shows; the rest is summed up by its length.
let longestQuotedValue = 80

/// `value` in single quotes, as messages show what the user gave: whole when it is at most
/// `longestQuotedValue` characters, else its first `longestQuotedValue` characters, `…`, and
/// its length in bytes (`'aaaa…' (1048576 bytes)`).
///
/// - Complexity: O(`longestQuotedValue`): a long value is never walked to its end.
func quoted(_ value: String) -> String {
  quoted(value[...])
}

/// `value` in single quotes, shortened as `quoted(_:)` shortens a `String`.
func quoted(_ value: Substring) -> String {
  let head = value.prefix(longestQuotedValue)
  guard head.endIndex < value.endIndex else { return "'\(value)'" }
  return "'\(head)…' (\(value.utf8.count) bytes)"
}

/// `message` with every quotation in it (text between two `'`) longer than
/// `longestQuotedValue` characters shortened as `quoted(_:)` shortens a value.
///
/// The last guard before a message is printed, for text snap-bench does not word itself (a
/// motion's or an algorithm id's parse error, quoting part of what it read). Messages that
/// are short are returned as they are without being looked at.
func boundingQuotations(in message: String) -> String {
  // A message this short cannot hold a quotation worth shortening plus its own words.
  guard message.utf8.count > 4 * longestQuotedValue else { return message }
  var result = ""
  var rest = message[...]
  while let open = rest.firstIndex(of: "'") {
    let afterOpen = rest.index(after: open)
    guard let close = rest[afterOpen...].firstIndex(of: "'") else { break }
    result += rest[..<open]
    let inside = rest[afterOpen..<close]
    // Only quotations long enough to matter: an apostrophe in prose pairs with the next quote
    // and must not cut the words between them.
    if inside.utf8.count > 4 * longestQuotedValue {
      result += quoted(inside)
    } else {
      result += rest[open...close]
    }
    rest = rest[rest.index(after: close)...]
  }
  result += rest
  // A value with no quotes around it (none is printed so, but a future message might): kept
  // to a bounded length all the same.
  let limit = 64 * longestQuotedValue
  guard result.utf8.count > limit else { return result }
  return String(result.prefix(limit)) + "… (\(result.utf8.count) bytes in all)"
}

/// `bytes` as text a terminal shows faithfully: valid UTF-8 as it is, a backslash doubled, and
/// every byte that is not part of a valid UTF-8 sequence, or is a control character, as `\xFF`
/// (the form of bash's `$'…'`, so that the user can type the name back).
func escaped(_ bytes: [UInt8]) -> String {
  var text = ""
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = 0
  func escape(_ byte: UInt8) {
    let hex = String(byte, radix: 16, uppercase: true)
    text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
  }
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      let scalar = Unicode.UTF8.decode(encoded)
      if scalar == "\\" {
        text += "\\\\"
      } else if scalar.value < 0x20 || scalar.value == 0x7F {
        escape(UInt8(scalar.value))
      } else {
        text.unicodeScalars.append(scalar)
      }
      offset += encoded.count
    case .error(let length):
      for byte in bytes[offset..<offset + length] { escape(byte) }
      offset += length
    case .emptyInput:
      return text
    }
  }
}
