import Foundation
import SnapAlgorithms
import SnapVerification
import Testing

/// An invariant is one file of its own and one line of `Invariant.checked`. These tests fail
/// when it is half registered: declared but not listed (it would never be checked, written or
/// accepted by `--invariant`), listed twice, a defect its check reports that no invariant lists
/// (the verify file could not be read back), or a rank or column head shared with another.
@Suite("The invariant registry")
struct InvariantRegistryTests {
  /// `Sources/SnapVerification/Invariants/`, where every invariant and defect is declared.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/SnapVerification/Invariants")

  /// The ids of the `public static let <name>: <type> = <type>(` declarations in the
  /// directory's files: the first string literal after the opening parenthesis.
  static func declaredIDs(of type: String) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    var ids: [String] = []
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      var rest = Substring(text)
      let marker = ": \(type) = \(type)("
      while let declaration = rest.range(of: marker) {
        let line = rest[..<declaration.lowerBound].split(separator: "\n").last ?? ""
        rest = rest[declaration.upperBound...]
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("public static let ") else { continue }
        guard let open = rest.firstIndex(of: "\""),
          let close = rest[rest.index(after: open)...].firstIndex(of: "\"")
        else { continue }
        ids.append(String(rest[rest.index(after: open)..<close]))
      }
    }
    return ids
  }

  @Test("every invariant declared in Invariants/ is registered in Invariant.checked, once")
  func everyDeclaredInvariantIsRegistered() throws {
    let declared = try Self.declaredIDs(of: "Invariant")
    let registered = Invariant.checked.map(\.rawValue)
    #expect(declared.count == 14, "the scan found \(declared)")
    #expect(Set(declared).subtracting(registered).isEmpty, "declared, not in Invariant.checked")
    #expect(registered.count == Set(registered).count, "listed twice in Invariant.checked")
    #expect(declared.count == Set(declared).count, "two declarations with one id")
    #expect(Set(registered) == Set(declared))
  }

  @Test("every defect declared is listed by a registered invariant, and read back by its id")
  func everyDeclaredDefectIsListed() throws {
    let declared = try Self.declaredIDs(of: "Defect")
    #expect(declared.count >= 30, "the scan found \(declared)")
    #expect(declared.count == Set(declared).count, "two declarations with one id")
    #expect(Set(declared) == Set(Defect.allCases.map(\.rawValue)))
    for defect in Defect.allCases {
      #expect(Defect(rawValue: defect.rawValue) == defect)
      #expect(!defect.summary.isEmpty, "\(defect)")
      let data = try JSONEncoder().encode([defect])
      #expect(try JSONDecoder().decode([Defect].self, from: data) == [defect])
    }
  }

  @Test("ids, harm ranks and column heads are distinct; every invariant says what breaking it means")
  func definitionsAreComplete() throws {
    let all = Invariant.checked
    #expect(Set(all.map(\.abbreviation)).count == all.count)
    #expect(Set(Invariant.worstFirst).count == all.count)
    #expect(Invariant.worstFirst.first == .finite && Invariant.worstFirst.last == .boundedFrameCost)
    for invariant in all {
      #expect(Invariant(rawValue: invariant.rawValue) == invariant)
      #expect(!invariant.defects.isEmpty, "\(invariant)")
      let sentence = invariant.consequence(worst: .points(310))
      #expect(sentence.hasSuffix("."), "\(invariant): \(sentence)")
      #expect(invariant.consequence(worst: nil).count <= sentence.count)
      let data = try JSONEncoder().encode([invariant])
      #expect(String(decoding: data, as: UTF8.self) == "[\"\(invariant.rawValue)\"]")
      #expect(try JSONDecoder().decode([Invariant].self, from: data) == [invariant])
    }
    #expect(Invariant.onScreen.consequence(worst: .points(310))
      == "The button can leave the screen (worst found: 310 pt).")
  }

  @Test("an unknown id is refused, naming the ones there are")
  func unknownIDIsRefused() {
    #expect(Invariant(rawValue: "on-screens") == nil)
    #expect(Defect(rawValue: "off-screen") == nil)
    do {
      _ = try JSONDecoder().decode([Invariant].self, from: Data(#"["on-screens"]"#.utf8))
      Issue.record("decoded an unknown invariant")
    } catch {
      #expect("\(error)".contains("'on-screens' is not an invariant (expected one of on-screen, "))
    }
  }
}
