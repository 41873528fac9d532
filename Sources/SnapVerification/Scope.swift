import Foundation
import SnapAlgorithms

/// What an app's button can meet: the item sizes it comes in, the orientations the app
/// supports, the device families it runs on, the situations worth searching. `verify` draws
/// scenarios only inside it, so no finding is about a button the app does not have.
///
///     // A 60×60 chat head in a portrait-only iPhone app.
///     let scope = Scope(itemSizes: .exactly(CGSize(width: 60, height: 60)),
///                       orientations: [.portrait], idioms: [.phone])
///     expectInvariants(MyDock(), scope: scope)
///
/// A bench declares an algorithm's with it (`RegisteredAlgorithm(_:scope:)`), a test passes it
/// to `expectInvariants(_:scope:)` or `verify(…, scope:)`, and
/// `snap-bench verify --item 60x60 --orientation portrait --idiom phone` narrows it further.
/// Where the item lives is the algorithm's own declaration (`SnapAlgorithm.host`,
/// `DragGestureAlgorithm.host`).
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  /// The item sizes to try.
  public enum ItemSizes: Hashable, Sendable {
    /// Every size, from none (and negative: hostile input) to larger than any screen.
    case any
    /// One size.
    case exactly(CGSize)
    /// Widths and heights in these ranges, in points.
    case within(width: ClosedRange<Int>, height: ClosedRange<Int>)
    /// One size on phones and one on iPads; `nil` for any size on that idiom. What an algorithm
    /// that declares its item's size (`SnapAlgorithm.itemSize(on:)`) is verified with.
    case byIdiom(phone: CGSize?, pad: CGSize?)

    /// The one size on `idiom`, when there is one.
    func size(on idiom: DeviceProfile.Idiom) -> CGSize? {
      switch self {
      case .any, .within: return nil
      case .exactly(let size): return size
      case .byIdiom(let phone, let pad): return idiom == .phone ? phone : pad
      }
    }
  }

  public var itemSizes: ItemSizes
  /// The orientations the app supports: a rotation is searched only when both are here.
  public var orientations: Set<DeviceProfile.Orientation>
  /// The device families the app runs on.
  public var idioms: Set<DeviceProfile.Idiom>
  /// The situations to search (all by default); the others draw no examples.
  public var causes: Set<CauseClass>

  public init(
    itemSizes: ItemSizes = .any,
    orientations: Set<DeviceProfile.Orientation> = [.portrait, .landscape],
    idioms: Set<DeviceProfile.Idiom> = [.phone, .pad],
    causes: Set<CauseClass> = Set(CauseClass.allCases)
  ) {
    self.itemSizes = itemSizes
    self.orientations = orientations
    self.idioms = idioms
    self.causes = causes
  }

  /// Everything: every size, both orientations, phones and iPads, every cause.
  public static let everything = Scope()

  /// This scope with the item sizes `algorithm` declares (`SnapAlgorithm.itemSize(on:)`) where
  /// it leaves the size open: no finding is about an item the app never creates.
  public func keeping(sizesOf algorithm: some SnapAlgorithm) -> Scope {
    guard itemSizes == .any else { return self }
    let phone = algorithm.itemSize(on: .phone)
    let pad = algorithm.itemSize(on: .pad)
    guard phone != nil || pad != nil else { return self }
    var result = self
    if let phone, phone == pad {
      result.itemSizes = .exactly(phone)
    } else {
      result.itemSizes = .byIdiom(phone: phone, pad: pad)
    }
    return result
  }

  /// The part of this scope that `other` leaves too: sizes, orientations, families and causes
  /// both allow (`other`'s sizes where this one allows any).
  public func narrowed(by other: Scope) -> Scope {
    var result = self
    if other.itemSizes != .any { result.itemSizes = other.itemSizes }
    result.orientations.formIntersection(other.orientations)
    result.idioms.formIntersection(other.idioms)
    result.causes.formIntersection(other.causes)
    return result
  }

  /// Whether `scenario` lies inside the scope: its device, its orientations (before and after
  /// every change), its item size, and no keyboard where the scope does not search it.
  public func contains(_ scenario: Scenario) -> Bool {
    guard idioms.contains(scenario.device.idiom) else { return false }
    if !causes.contains(.keyboard),
      scenario.bars.keyboard
        || scenario.gesture.containerChanges.contains(where: { $0.environment.keyboardFrame != nil })
    {
      return false
    }
    let screens = [scenario.environment] + scenario.gesture.containerChanges.map(\.environment)
    for environment in screens {
      let screen = environment.screenBounds
      let orientation: DeviceProfile.Orientation =
        screen.width > screen.height ? .landscape : .portrait
      if !orientations.contains(orientation) { return false }
    }
    return allows(scenario.itemSize, on: scenario.device.idiom)
  }

  /// `scenario` with what the scope leaves out taken away where a generator of another class
  /// drew it: no keyboard, shown or coming, when the scope does not search the keyboard (an app
  /// with no text field never shows one).
  func confined(_ scenario: Scenario) -> Scenario {
    var result = scenario
    // The size the app gives the item on this device's kind.
    if case .byIdiom = itemSizes, let size = itemSizes.size(on: scenario.device.idiom) {
      result.itemSize = size
    }
    guard !causes.contains(.keyboard) else { return result }
    result.bars.keyboard = false
    for index in result.gesture.containerChanges.indices {
      result.gesture.containerChanges[index].environment.keyboardFrame = nil
    }
    return result
  }

  /// Whether an item of `size` is one the scope tries (on some idiom).
  public func allows(_ size: CGSize) -> Bool {
    allows(size, on: .phone) || allows(size, on: .pad)
  }

  /// Whether an item of `size` on `idiom`'s devices is one the scope tries.
  public func allows(_ size: CGSize, on idiom: DeviceProfile.Idiom) -> Bool {
    switch itemSizes {
    case .any: return true
    case .byIdiom:
      guard let wanted = itemSizes.size(on: idiom) else { return true }
      return size == wanted
    case .exactly(let wanted): return size == wanted
    case .within(let widths, let heights):
      return size.width >= CGFloat(widths.lowerBound) && size.width <= CGFloat(widths.upperBound)
        && size.height >= CGFloat(heights.lowerBound) && size.height <= CGFloat(heights.upperBound)
    }
  }

  /// The devices of the catalogue the scope tries, as indices into `ScenarioGenerators.devices`.
  var deviceIndices: [Int] {
    ScenarioGenerators.devices.indices.filter { idioms.contains(ScenarioGenerators.devices[$0].idiom) }
  }

  /// The causes that can happen inside the scope: no rotation with one orientation, no iPad
  /// window without iPads, no hostile item sizes when the size is fixed (hostile touches stay).
  var searchedCauses: [CauseClass] {
    CauseClass.allCases.filter { cause in
      guard causes.contains(cause) else { return false }
      switch cause {
      case .rotation: return orientations.count == 2
      case .iPadWindow: return idioms.contains(.pad)
      default: return !orientations.isEmpty && !idioms.isEmpty
      }
    }
  }

  /// `item 60x60, portrait, phone`; `everything` for the whole.
  public var description: String {
    if self == .everything { return "everything" }
    var words: [String] = []
    switch itemSizes {
    case .any: break
    case .exactly(let size):
      words.append("item \(describeNumber(size.width))x\(describeNumber(size.height))")
    case .within(let widths, let heights):
      words.append(
        "items \(widths.lowerBound)…\(widths.upperBound) x \(heights.lowerBound)…\(heights.upperBound)")
    case .byIdiom(let phone, let pad):
      func said(_ size: CGSize?) -> String {
        size.map { "\(describeNumber($0.width))x\(describeNumber($0.height))" } ?? "any size"
      }
      words.append("item \(said(phone)) on a phone, \(said(pad)) on an iPad")
    }
    if orientations.count == 1 { words.append(orientations.first!.rawValue) }
    if idioms.count == 1 { words.append(idioms.first!.rawValue) }
    if causes != Set(CauseClass.allCases) {
      words.append("causes " + CauseClass.allCases.filter(causes.contains).map(\.rawValue).joined(separator: ","))
    }
    return words.joined(separator: ", ")
  }
}
