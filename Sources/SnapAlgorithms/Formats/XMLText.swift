// Text written into XML (the report's SVG and HTML, verify's JUnit, the pictures a failing test
// attaches): one set of rules, so that a control character in an algorithm's id or a message
// cannot make any of them unreadable.

/// `text` as XML 1.0 character data: `&`, `<` and `>` as entities, and each character XML 1.0
/// does not allow at all (the C0 controls but tab, line feed and carriage return; U+FFFE and
/// U+FFFF) written as `\u{1B}`, since not even a character reference may stand for it.
package func xmlText(_ text: String) -> String {
  var result = ""
  result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
    case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// `text` as a quoted XML attribute value: as `xmlText`, with quotes as entities and tab, line
/// feed and carriage return as character references (a reader would fold them into spaces).
package func xmlAttribute(_ text: String) -> String {
  var result = "\""
  for scalar in xmlText(text).unicodeScalars {
    switch scalar {
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\t": result += "&#9;"
    case "\n": result += "&#10;"
    case "\r": result += "&#13;"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// `text` inside an XML element or a double-quoted attribute: as `xmlText`, with `"` as an
/// entity (`'` is left as it is: SnapLab quotes attributes with `"`).
package func xmlEscaped(_ text: String) -> String {
  xmlText(text).replacingOccurrences(of: "\"", with: "&quot;")
}
