import Foundation
import SnapAlgorithms
import SnapVerification
import TestSupport
import Testing

@testable import SnapBench

/// The catalogue is one table: everything that lists, times, verifies or draws algorithms
/// derives from it, and an algorithm a user adds is taken by every command like a built-in.
@Suite("The algorithm catalogue")
struct CatalogueTests {
  /// A user's algorithm: follows the finger, docks flush by its centre, no motion.
  struct PlainDock: SnapAlgorithm {
    var id = "test.plain-dock"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = Motion.none
    var dockingMargin: CGFloat? { 0 }
    var offset = CGVector.zero

    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let finger = touch.location(in: context.superview)
      offset = CGVector(dx: finger.x - view.center.x, dy: finger.y - view.center.y)
    }

    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      let finger = touch.location(in: context.superview)
      view.center = CGPoint(x: finger.x - offset.dx, y: finger.y - offset.dy)
    }
  }

  @Test("ids are unique and every entry has a summary; the published ones cite their article")
  func entries() {
    let ids = AlgorithmCatalogue.ids
    #expect(Set(ids).count == ids.count)
    #expect(AlgorithmCatalogue.entries.allSatisfy { !$0.summary.isEmpty })
    for entry in AlgorithmCatalogue.entries {
      #expect((entry.source != nil) == entry.id.hasSuffix(".published"), "\(entry.id)")
      #expect(entry.make().id == entry.id)
    }
  }

  @Test("every entry is benchmarked, verified and drawn")
  func everyEntryEverywhere() throws {
    let tool = try Tool(name: "snap-bench", adding: [])
    #expect(tool.ids == AlgorithmCatalogue.ids)
    let names = Set(makeBenchmarks(seed: 1, algorithms: tool.algorithms).map(\.name))
    // The pictures of the report the report tests share (drawing them again here took 2 s).
    let report = try #require(ReportTests.report)
    #expect(report.status == 0, "\(report.stderr)")
    let files = Set(try FileManager.default.contentsOfDirectory(atPath: report.directory.path))
    for entry in AlgorithmCatalogue.entries {
      for operation in ["drag-step", "release", "frame", "gesture", "simulate", "verify"] {
        #expect(names.contains("\(entry.id)/\(operation)"), "\(entry.id)/\(operation) is not timed")
      }
      let name = ReportPage.fileName(entry.id)
      for file in [
        "trajectory-\(name).svg", "rotation-\(name).svg", "motion-time-\(name).svg", "dockmap-\(name).svg",
      ] {
        #expect(files.contains(file), "\(file) is not drawn")
      }
      #expect(
        files.contains("dockmap-\(name)-flick.svg") == (entry.make().dockingMargin != nil),
        "\(entry.id)'s flicked dock map")
      #expect(try tool.algorithms(matching: entry.id).map(\.id) == [entry.id])
    }
  }

  @Test("the summary names what the contract docks against, and the room it reserves")
  func summaryOfTheContract() {
    struct WindowDock: SnapAlgorithm {
      let id = "test.window-dock"
      let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
      var releaseMotion: Motion? = Motion.none
      var dockingMargin: CGFloat? { 0 }
      var contract: ItemContract
      mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {}
    }
    #expect(
      RegisteredAlgorithm.declaredSummary(of: WindowDock(contract: ItemContract(dockingReference: .window)))
        == "touches API; docks flush against the nearer side of the window; releases with none")
    #expect(
      RegisteredAlgorithm.declaredSummary(
        of: WindowDock(
          contract: ItemContract(dockingReference: .superview, reservedInsets: Insets(top: 64, bottom: 20))))
        == "touches API; docks flush against the nearer side of the superview, less the room it "
        + "reserves (top 64, bottom 20); releases with none")
  }

  @Test("main(adding:) takes an empty list, registered algorithms or plain ones")
  func mainOverloads() {
    // A check at compile time: the closures are never run (main exits). `[]` was ambiguous
    // between the two overloads, and did not compile.
    let none: () -> Never = { SnapBench.main(adding: []) }
    let registered: () -> Never = { SnapBench.main(adding: [RegisteredAlgorithm(PlainDock())]) }
    let plain: () -> Never = { SnapBench.main(adding: [PlainDock()]) }
    _ = (none, registered, plain)
  }

  @Test("an added algorithm is listed, timed, verified, traced and drawn beside the built-ins")
  func addedAlgorithm() throws {
    let added = RegisteredAlgorithm(PlainDock())
    let tool = try Tool(name: "my-bench", adding: [added])
    #expect(tool.ids == AlgorithmCatalogue.ids + ["test.plain-dock"])
    #expect(added.isSpecialized)
    #expect(
      added.entry.summary
        == "touches API; docks flush against the nearer side of the safe region; releases with none")
    #expect(ListCommand.algorithmLines(tool).contains { $0.hasPrefix("test.plain-dock ") })
    let names = makeBenchmarks(seed: 1, algorithms: tool.algorithms).map(\.name)
    #expect(
      names.filter { $0.hasPrefix("test.plain-dock/") }
        == ["drag-step", "release", "frame", "gesture", "simulate", "verify"].map { "test.plain-dock/\($0)" })
    #expect(algorithmOperations == ["drag-step", "release", "frame", "gesture", "simulate", "verify"])
    #expect(BenchmarkGroup.references.values.filter { !$0.hasPrefix("reference/") && !$0.contains("(") }
      .allSatisfy { $0.hasPrefix(referenceAlgorithm + "/") })
    #expect(try tool.algorithms(matching: "TEST.Plain-Dock").map(\.id) == ["test.plain-dock"])
    #expect(tool.suggestion(for: "test.plain-dok") == "test.plain-dock")
    var page = ReportPage(
      device: DeviceProfile.standard, orientation: .portrait, keyboard: false, tool: tool)
    page.addDockMaps(flick: CGVector(dx: 600, dy: -600), findings: [])
    #expect(page.files.contains { $0.0 == "dockmap-test.plain-dock-flick.svg" })
    // Its findings name the tool that can replay them.
    let findings = VerifyCommand.verifyOpened(
      PlainDock(), invariants: [.inSafeArea], examples: 50, seed: 1, tool: tool)
    #expect(findings.first?.replayCommand.hasPrefix("my-bench ") == true)
  }

  @Test(
    "an added id that is taken, empty or untypable is an error naming it",
    arguments: [
      ("edge-dock.corrected", "already a built-in"), ("fluid-dock", "already a built-in"),
      ("fluid-dock.left(slots:2)", "already a built-in"), ("fluid-dock.mine", "already a built-in"),
      ("", "empty id"), ("My Dock", "not one users can type"), ("mine(2)", "not one users can type"),
    ])
  func collisions(id: String, message: String) {
    var algorithm = PlainDock()
    algorithm.id = id
    #expect {
      _ = try Tool(name: "my-bench", adding: [RegisteredAlgorithm(algorithm)])
    } throws: { error in
      "\(error)".contains(message)
    }
    // As a tool, it fails before any command runs.
    #expect(SnapBench.run(["list", "algorithms"], adding: [RegisteredAlgorithm(algorithm)]) == 1)
  }

  @Test("two added algorithms may not share an id")
  func duplicates() {
    #expect {
      _ = try Tool(
        name: "my-bench", adding: [RegisteredAlgorithm(PlainDock()), RegisteredAlgorithm(PlainDock())])
    } throws: { error in
      "\(error)".contains("share the id 'test.plain-dock'")
    }
  }

  @Test("help, usage lines and replay commands name the tool")
  func toolName() throws {
    let help = SnapBench.spec.renamed(to: "my-bench").helpText()
    #expect(help.contains("USAGE: my-bench "))
    #expect(!help.contains("snap-bench"))
    // Every command's help, and the completion scripts' descriptions, name the user's tool
    // wherever they tell the reader what to type; only the report's own marker file keeps
    // SnapLab's name.
    let tool = try Tool(name: "my-bench", adding: [])
    let completions = Completions(tool: tool)
    for text in SnapBench.subcommandSpecs.map({ tool.spec($0).helpText() })
      + [completions.bash, completions.zsh, completions.fish]
    {
      #expect(!text.replacingOccurrences(of: ".snap-bench-report", with: "").contains("snap-bench"))
    }
    #expect(tool.spec(TraceCommand.spec).helpText().contains("'my-bench list devices'"))
    let loading = tool.spec(CompletionCommand.spec).discussion?.text(tool: tool.name) ?? ""
    #expect(loading.contains("`my-bench completion zsh`"))
    #expect(completions.fish.contains("-l device -x -d 'A device from \\'my-bench list devices\\'"))
    let usage = TraceCommand.spec.renamed(to: "my-bench").usage
    let lines = usage.split(separator: "\n")
    #expect(lines[0].hasPrefix("my-bench trace <algorithm>"))
    // Continuation lines stay under the first argument.
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 7 + 15)) })
    #expect(SnapBench.toolName(of: "/a/b/.build/debug/my-bench") == "my-bench")
  }

  /// Completion scripts show an option's or a command's help whole beside the completion, so
  /// each is one sentence on one line (a second sentence belongs in the command's discussion).
  @Test("every option's and argument's help and every abstract is one sentence on one line")
  func oneSentenceHelp() {
    let specs = [SnapBench.spec, RunCommand.parsingSpec] + SnapBench.subcommandSpecs
    for spec in specs {
      let texts = [spec.abstract] + spec.options.map(\.help) + spec.arguments.map(\.help)
      for text in texts.map({ $0.text(tool: "snap-bench") }) {
        #expect(!text.contains("\n"), "\(spec.name): \(text)")
        let sentences = text.dropLast().split(separator: ". ").filter {
          $0.first?.isUppercase == true
        }
        #expect(sentences.count <= 1, "\(spec.name): \(text)")
      }
    }
  }
}

extension CatalogueTests {
  /// A button the app sets in the top left corner at load, following the finger.
  struct PlacedInCorner: SnapAlgorithm {
    let id = "test.placed-in-corner"
    let inputAPI = InputAPI.touches(tapRecognizerAttached: false)
    var releaseMotion: Motion? = nil
    var dockingMargin: CGFloat? { nil }
    var grab = FingerGrab()
    mutating func didLoad(_ view: inout ItemView, context: UIKitContext) {
      view.center = CGPoint(x: 40, y: 120)
    }
    mutating func touchesBegan(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      grab.take(touch, view)
    }
    mutating func touchesMoved(_ touch: Touch, view: inout ItemView, context: UIKitContext) {
      view.center = grab.center(touch)
    }
  }

  @Test("trace's sample drag starts where the app places the item at load, and drags it the same way")
  func sampleDragFindsThePlacedItem() throws {
    let environment = try #require(DeviceProfile.named("iPhone 15")).environment()
    let size = CGSize(width: 60, height: 60)
    let gesture = TraceCommand.sampleGesture(for: PlacedInCorner(), in: environment, itemSize: size)
    #expect(gesture.events.first?.location == CGPoint(x: 40, y: 120))
    let sample = TouchGesture.sample(in: environment)
    let moved = try #require(gesture.events.last).location
    let sampled = try #require(sample.events.last).location
    let start = try #require(sample.events.first).location
    #expect(abs(moved.x - (40 + sampled.x - start.x)) < 1e-9)
    let trajectory = Simulator(environment: environment, itemSize: size).run(PlacedInCorner(), gesture: gesture)
    #expect(trajectory.touches.first?.reachedItem == true)
    #expect(trajectory.rest.midX != 40)
    // An item the app does not place is traced with the sample as it is.
    #expect(TraceCommand.sampleGesture(for: EdgeDockCorrected(), in: environment, itemSize: size) == sample)
  }
}
