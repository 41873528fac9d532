import Foundation
import SnapCheck
import SnapCheckTesting
import Testing

@testable import SnapAlgorithms

/// The reader of every file SnapLab reads: it must agree with Foundation's JSONDecoder on every
/// document both accept, refuse what is not JSON, and say where.
@Suite("JSONByteDecoder")
struct JSONByteDecoderTests {
  /// Any JSON value, decoded the Codable way.
  indirect enum Value: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(UInt64)  // the bit pattern, so that -0 and every digit count
    case string(String)
    case array([Value])
    case object([String: Value])

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      if let keyed = try? decoder.container(keyedBy: Key.self) {
        var members: [String: Value] = [:]
        for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(Value.self, forKey: key) }
        self = .object(members)
        return
      }
      if var unkeyed = try? decoder.unkeyedContainer() {
        var elements: [Value] = []
        while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(Value.self)) }
        self = .array(elements)
        return
      }
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let value = try? single.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? single.decode(Double.self) {
        self = .number(value.bitPattern)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  /// JSON texts: nested values with escapes, unicode, every shape of number and whitespace.
  static let texts: Gen<String> = {
    let strings = Gen.element(of: [
      "", "a", "phase", "é", "😀", "tab\t", "quote\"", "back\\slash", "line\nbreak", "\u{1}", "x/y",
    ]).map { text -> String in
      var quoted = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "/": quoted += "\\/"
        case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
        case _ where scalar.value > 0xFFFF:
          let v = scalar.value - 0x10000
          quoted += String(format: "\\u%04X\\u%04X", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
        default: quoted.unicodeScalars.append(scalar)
        }
      }
      return quoted + "\""
    }
    let numbers = Gen.frequency(
      (3, Gen.double(in: -1e6...1e6).map { "\($0)" }),
      (2, Gen.int(in: -1_000_000...1_000_000).map { "\($0)" }),
      (1, Gen.element(of: [
        "0", "-0", "0.5", "1e5", "1E-5", "-2.5e+3", "123456789012345678", "0.1", "1e308",
        "2.2250738585072014e-308", "4.9e-324", "0.008333333333333333", "17976931348623157e292",
        "9007199254740993", "1.00000000000000011102230246251565404236316680908203125",
      ])))
    let space = Gen.element(of: ["", " ", "\n", "\t ", "\r\n"])
    let scalar = Gen.frequency(
      (3, numbers), (3, strings), (1, Gen.element(of: ["true", "false", "null"])))
    @Sendable func value(_ depth: Int) -> Gen<String> {
      guard depth > 0 else { return scalar }
      return Gen.frequency(
        (4, scalar),
        (1, zip(value(depth - 1).array(count: 0...4), space).map { elements, gap in
          "[" + gap + elements.joined(separator: "," + gap) + "]"
        }),
        (1, zip(zip(strings, value(depth - 1)).array(count: 0...4), space).map { members, gap in
          // Distinct names: JSON leaves duplicates undefined, and decoders differ on them.
          var seen: Set<String> = []
          let distinct = members.filter { seen.insert($0.0).inserted }
          return "{" + distinct.map { "\($0.0)\(gap):\($0.1)" }.joined(separator: ",") + gap + "}"
        }))
    }
    let value = value(3)
    return zip(space, value, space).map { $0.0 + $0.1 + $0.2 }
  }()

  @Test("agrees with JSONDecoder on every document both accept")
  func agrees() {
    check(Self.texts, examples: 400) { text in
      let data = Data(text.utf8)
      let foundation = try? JSONDecoder().decode(Value.self, from: data)
      let ours = try? JSONByteDecoder().decode(Value.self, from: data)
      // Both accept, and read the same; or Foundation refuses too (it rejects some valid
      // documents, such as 1e308 * 10, that we refuse as well).
      return foundation == nil || foundation == ours
    }
  }

  @Test("reads every double its own writer prints, exactly")
  func numbersRoundTrip() {
    check(Gen.anyDouble.filter { $0.isFinite }, examples: 2000) { value in
      let text = "[\(formatNumber(value))]"
      let read = try JSONByteDecoder().decode([Double].self, from: Data(text.utf8))
      return read.first?.bitPattern == (value == 0 ? 0 : value.bitPattern)
    }
  }

  @Test(
    "refuses what is not JSON, saying where",
    arguments: [
      "", "   ", "{", "[1,", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "[1,]", "01", "1.", "-", "+1", ".5",
      "1e", "NaN", "Infinity", "tru", "nul", "\"\\x\"", "\"\\u12\"", "\"a", "[\"\u{1}\"]", "{} {}",
      "[1] x", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
  func refuses(text: String) {
    #expect {
      _ = try JSONByteDecoder().decode(Value.self, from: Data(text.utf8))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription.contains("malformed at byte")
    }
  }

  @Test("names the path of a value of the wrong kind, and of a number that does not fit")
  func paths() throws {
    struct Point: Decodable { var x: Double; var y: Double }
    struct File: Decodable { var version: Int; var points: [Point] }
    func sentence(_ text: String) -> String {
      switch Result(catching: { try JSONByteDecoder().decode(File.self, from: Data(text.utf8)) }) {
      case .success: return "accepted"
      case .failure(let error): return (error as? DecodingError)?.sentence(file: "the file") ?? "\(error)"
      }
    }
    #expect(sentence(#"{"version": 1, "points": [{"x": 1, "y": 2}, {"x": "a", "y": 2}]}"#) == "points[1].x: expected a number")
    #expect(sentence(#"{"version": 1, "points": [{"x": 1}]}"#) == "points[0].y is missing")
    #expect(sentence(#"{"version": 1.5, "points": []}"#).hasPrefix("version: expected a whole number"))
    #expect(sentence(#"{"version": 1, "points": [{"x": 1e400, "y": 2}]}"#) == "points[0].x: the number 1e400 is too large to represent")
    #expect(sentence(#"{"version": 1, "points": null}"#) == "points: expected a value, found null")
  }

  @Test("a gesture reads the same as records as through Codable")
  func recordsAgree() {
    let events = zip(
      Gen.double(in: 0...100), Gen.element(of: TouchPhase.allCases), Gen.double(in: -1e4...1e4),
      Gen.double(in: -1e4...1e4)
    ).array(count: 0...30)
    check(events, examples: 200) { rows in
      var time = 0.0
      var down = false
      let gesture = TouchGesture(
        start: CGPoint(x: 1, y: 2),
        events: rows.map { row in
          time += row.0
          // A file holds whole touches: 'began' first, one finger at a time.
          let phase: TouchPhase = !down ? .began : row.1 == .began ? .moved : row.1
          down = phase == .began || phase == .moved
          return TouchEvent(time: time, phase: phase, location: CGPoint(x: row.2, y: row.3))
        })
      let data = Data(gesture.jsonText().utf8)
      let records = try TouchGesture(json: data)
      let codable = try JSONDecoder().decode(TouchGesture.self, from: data)
      return records == gesture && codable == gesture
    }
  }
}
