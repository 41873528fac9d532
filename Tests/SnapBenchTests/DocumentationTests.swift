import Foundation
import SnapAlgorithms
import SnapCheck
import TestSupport
import Testing

/// The Swift on the pages users read compiles: every block is a verbatim excerpt of the example
/// package (which CI builds and tests) or of a test of this package.
@Suite("Documentation")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every file a block may be taken from, as lines without indentation, blank lines left out.
  static let sources: [(path: String, lines: [String])] = {
    var found: [(String, [String])] = []
    for folder in ["Examples/FloatingButton", "Tests", "Sources"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      else { continue }
      for case let url as URL in walker {
        if url.pathComponents.contains(".build") { walker.skipDescendants(); continue }
        guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8)
        else { continue }
        found.append((url.path, normalised(text)))
      }
    }
    return found
  }()

  static func normalised(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The ```swift blocks of a Markdown file.
  static func swiftBlocks(_ path: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.hasPrefix("```swift") {
        current = []
      } else if current != nil, line.hasPrefix("```") {
        blocks.append(current?.joined(separator: "\n") ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The file that holds `block`'s lines in a row, if any.
  static func home(of block: String) -> String? {
    let wanted = normalised(block)
    guard !wanted.isEmpty else { return nil }
    return sources.first { _, lines in
      lines.count >= wanted.count
        && (0...(lines.count - wanted.count)).contains { Array(lines[$0..<($0 + wanted.count)]) == wanted }
    }?.path
  }

  @Test("every Swift block of the guide, the tour and the README is part of the example or of a test", arguments: [
    "docs/TestingYourAlgorithm.md", "docs/HowItWorks.md", "README.md",
  ])
  func blocksCompile(page: String) throws {
    let blocks = try Self.swiftBlocks(page)
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(Self.home(of: block) != nil, "\(page): this block is in no compiled file:\n\(block)")
    }
  }

  @Test("the guide shows the UIKit button and its SnapLab twin whole")
  func sideBySide() throws {
    let blocks = try Self.swiftBlocks("docs/TestingYourAlgorithm.md")
    let homes = blocks.compactMap(Self.home(of:)).map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(homes.contains("FloatingButton.swift"))
    #expect(homes.contains("FloatingButtonDock.swift"))
  }

  @Test("the SnapCheck example of docs/HowItWorks.md")
  func readmeSnapCheck() {
    let lists = Gen.int(in: -1000...1000).array(count: 0...20)
    let result = forAll(lists, seed: 42, examples: 1000) { xs in xs.reversed() == xs }
    #expect(result.counterexample == [0, 1])
  }

  @Test("docs/HowItWorks.md cites every published variant's article as AlgorithmCatalogue.Articles does")
  func articlesCited() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/HowItWorks.md"), encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    let articles = AlgorithmCatalogue.entries.compactMap(\.source)
    // The four seed articles, and the shape the SwiftUI tutorials share.
    #expect(articles.count == 5)
    for article in articles {
      #expect(readme.contains(article.title), "docs/HowItWorks.md does not cite \(article)")
      if let author = article.author { #expect(readme.contains(author), "\(article)") }
    }
  }

  @Test("every relative link of the README and docs/ names a file of the package")
  func linksResolve() throws {
    let pages = ["README.md", "Benchmarks/README.md"] + (try FileManager.default
      .contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 })
    #expect(pages.count >= 8)
    let link = /\]\(([^)\s]+)\)/
    for page in pages {
      let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
      let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
      for match in text.matches(of: link) {
        let target = String(match.1)
        if target.hasPrefix("http") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        let file = String(target.split(separator: "#", maxSplits: 1)[0])
        let path = folder.appendingPathComponent(file).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(target), which is not there")
      }
    }
  }

  /// Paths a clone does not have: the workspace the package was written in.
  static let outsidePaths = [
    "../" + "shared", "shared" + "/", "seeds" + "/", "DESIGN" + ".md", "reference/" + "devices",
    "devices" + ".md", "motion" + ".md",
  ]

  @Test("no file of the package refers to a path outside it")
  func standsAlone() throws {
    let skipped: Set<String> = [".git", ".build", ".snapcheck", ".swiftpm"]
    let walker = try #require(
      FileManager.default.enumerator(at: Self.root, includingPropertiesForKeys: [.isDirectoryKey]))
    var checked = 0
    for case let url as URL in walker {
      if skipped.contains(url.lastPathComponent) { walker.skipDescendants(); continue }
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      checked += 1
      for path in Self.outsidePaths where text.contains(path) {
        Issue.record("\(url.path) refers to '\(path)', which a clone of the package lacks")
      }
    }
    #expect(checked > 100)
  }
}

