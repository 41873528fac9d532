/// One CSV record, with fields quoted per RFC 4180 where they need it.
///
/// A field is quoted when it holds a comma, a double quote, a carriage return or a line feed;
/// quotes inside are doubled. The line has no terminator: join records with `"\n"`.
func csvLine(_ fields: [String]) -> String {
  fields.map(csvField).joined(separator: ",")
}

/// One CSV field, quoted only when RFC 4180 requires it.
func csvField(_ field: String) -> String {
  // Compare scalars: `"\r\n"` is a single Character and would slip past a Character test.
  let needsQuotes = field.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
  guard needsQuotes else { return field }
  var quoted = "\""
  for scalar in field.unicodeScalars {
    quoted.unicodeScalars.append(scalar)
    if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
  }
  return quoted + "\""
}

/// A number as snap-bench writes it in every output format.
///
/// Whole numbers print without a fraction (`300`, not `300.0`), `-0` prints as `0`, and
/// everything else prints the shortest text that reads back as the same `Double` (`0.1`,
/// `1e-05`, `1e+16`, `1.2345678901234568e+17`). A non-finite value prints as the empty string,
/// never `nan` or `inf`; JSON output writes `null` instead.
func formatNumber(_ x: Double) -> String {
  guard x.isFinite else { return "" }
  if x == 0 { return "0" }  // Also catches -0.0.
  if x.rounded() == x, x.magnitude < 1e15 {
    // Exact: every integer below 2^53 is a Double, and 1e15 < 2^53.
    return String(Int64(x))
  }
  // Swift writes whole numbers up to 2^53 as `1000000000000000.0`, larger ones as `1e+16`.
  let text = x.description
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
