import SnapAlgorithms
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

