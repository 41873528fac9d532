import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

@Suite("Environments and device profiles")
struct EnvironmentTests {
  @Test("every device of docs/Devices.md is in the catalogue, found by any name in any case")
  func catalogue() throws {
    let names = [
      "iPhone SE (1st gen)", "iPhone 8", "iPhone SE (2nd gen)", "iPhone SE (3rd gen)",
      "iPhone 8 Plus", "iPhone X", "iPhone XS", "iPhone 11 Pro", "iPhone 12 mini",
      "iPhone 13 mini", "iPhone XR", "iPhone 11", "iPhone 12", "iPhone 13", "iPhone 14",
      "iPhone 14 Pro", "iPhone 15", "iPhone 16", "iPhone 15 Pro Max", "iPhone 16 Plus",
      "iPhone 16 Pro", "iPhone 16 Pro Max", "iPad mini (6th gen+)", "iPad Air 11\"",
      "iPad Pro 12.9\" (3rd gen+)", "iPad Pro 12.9\"", "iPad Pro 13\" (M4)",
    ]
    for name in names {
      #expect(DeviceProfile.named(name) != nil, "\(name)")
      #expect(DeviceProfile.named(name.uppercased()) != nil, "\(name)")
    }
    #expect(DeviceProfile.named("iPhone 99") == nil)
    let iPhone15 = try #require(DeviceProfile.named("iphone 15"))
    #expect(iPhone15.portraitSize == CGSize(width: 393, height: 852))
    #expect(iPhone15.refreshRate == 60)
    #expect(DeviceProfile.named("iPhone 14 Pro")?.refreshRate == 120)
  }

  @Test("the default environment: home screen with a navigation bar and a tab bar")
  func iPhoneXPortrait() {
    // iPhone X portrait: status bar = top inset 44, navigation bar 44 below it (88 in all),
    // tab bar 49 + 34 = 83 from the bottom: safe region y 88…729, x 0…375.
    let environment = Fixtures.iPhoneX
    #expect(environment.statusBarHeight == 44)
    #expect(environment.navigationBarHeight == 44)
    #expect(environment.tabBarHeight == 83)
    #expect(environment.safeRegion == CGRect(x: 0, y: 88, width: 375, height: 812 - 83 - 88))
    // iPhone 8: status bar 20 + navigation bar 44 = 64; tab bar 49.
    #expect(Fixtures.iPhone8.safeRegion == CGRect(x: 0, y: 64, width: 375, height: 667 - 49 - 64))
  }

  @Test("landscape swaps the size, hides the phone status bar and uses compact bars")
  func landscape() throws {
    let environment = try #require(DeviceProfile.named("iPhone 12")).environment(.landscape)
    #expect(environment.bounds.size == CGSize(width: 844, height: 390))
    #expect(environment.statusBarHeight == 0)
    #expect(environment.navigationBarHeight == 32)
    #expect(environment.tabBarHeight == CGFloat(32 + 21))
    #expect(environment.safeRegion == CGRect(x: 47, y: 32, width: 844 - 94, height: 390 - 32 - 53))
  }

  @Test("without bars the safe region is the safe area; the keyboard lifts its bottom")
  func barsAndKeyboard() throws {
    let profile = try #require(DeviceProfile.named("iPhone 15"))
    let bare = profile.environment(bars: .none)
    #expect(bare.safeRegion == CGRect(x: 0, y: 59, width: 393, height: 852 - 59 - 34))
    let typing = profile.environment(bars: .init(navigationBar: true, tabBar: true, keyboard: true))
    let keyboard = try #require(typing.keyboardFrame)
    #expect(typing.safeRegion.maxY == keyboard.minY)
    #expect(keyboard.maxY == 852)
  }

  /// The device table of docs/Devices.md, row by row as the catalogue renders it.
  static func documentedRows() throws -> [String: [String]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/Devices.md"), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("| device |") })
    var rows: [String: [String]] = [:]
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(rows[cells[0]] == nil, "docs/Devices.md lists \(cells[0]) twice")
      rows[cells[0]] = cells
    }
    return rows
  }

  /// A catalogue device as a row of docs/Devices.md: name, other names, idiom, portrait size,
  /// portrait insets (top / bottom), landscape insets (top / left / bottom / right), refresh
  /// rate, confidence.
  static func row(_ device: DeviceProfile) -> [String] {
    func n(_ value: CGFloat) -> String { String(Int(value)) }
    let p = device.portraitInsets
    let l = device.landscapeInsets
    return [
      device.name, device.aliases.isEmpty ? "—" : device.aliases.joined(separator: ", "),
      device.idiom.rawValue, "\(n(device.portraitSize.width))×\(n(device.portraitSize.height))",
      "\(n(p.top)) / \(n(p.bottom))",
      "\(n(l.top)) / \(n(l.left)) / \(n(l.bottom)) / \(n(l.right))",
      String(device.refreshRate), device.confidence.rawValue,
    ]
  }

  @Test("docs/Devices.md lists every catalogue device, each row as the catalogue has it")
  func documentedDevices() throws {
    let rows = try Self.documentedRows()
    for device in DeviceProfile.catalogue {
      guard let row = rows[device.name] else {
        Issue.record("docs/Devices.md has no row for \(device.name)")
        continue
      }
      #expect(
        row == Self.row(device),
        "docs/Devices.md's row for \(device.name) should read | \(Self.row(device).joined(separator: " | ")) |")
    }
    let names = Set(DeviceProfile.catalogue.map(\.name))
    #expect(Set(rows.keys).subtracting(names).isEmpty, "rows for devices the catalogue lacks")
    #expect(rows.count == DeviceProfile.catalogue.count)
  }

  @Test("under an opaque navigation bar the superview starts below it, insets and all")
  func opaqueNavigationBar() throws {
    // iPhone X: status bar 44 + navigation bar 44 = 88; tab bar 49 + 34 = 83.
    let profile = try #require(DeviceProfile.named("iPhone X"))
    var bars = DeviceProfile.Bars.standard
    bars.opaqueNavigationBar = true
    let window = profile.environment(bars: bars)
    // The view: y 88 to the window's bottom, 812 − 88 = 724 tall.
    #expect(window.superviewFrame == CGRect(x: 0, y: 88, width: 375, height: 724))
    #expect(window.superviewOffset == CGVector(dx: 0, dy: 88))
    // Nothing covers its top; the tab bar covers its bottom 83 pt.
    let view = Superview(window)
    #expect(view.safeAreaInsets == Insets(top: 0, left: 0, bottom: 83, right: 0))
    // In the view's coordinates the window starts 88 pt above it, and the safe region is the
    // window's moved up by 88: y 0…(729 − 88).
    let local = window.inSuperviewCoordinates
    #expect(local.bounds == CGRect(x: 0, y: -88, width: 375, height: 812))
    #expect(local.safeRegion == window.safeRegion.offsetBy(dx: 0, dy: -88))
    #expect(local.safeRegion == CGRect(x: 0, y: 0, width: 375, height: 641))
    #expect(Superview(local).bounds == view.bounds)
    #expect(Superview(local).safeAreaInsets == view.safeAreaInsets)
    // Its safe area is the safe region: bounds (0, 0, 375×724) less 83 at the bottom.
    #expect(view.bounds.inset(by: view.safeAreaInsets) == local.safeRegion)
    // A translucent bar (the default) leaves the view filling the window, unchanged.
    let translucent = profile.environment()
    #expect(translucent.superviewFrame == nil)
    #expect(translucent.inSuperviewCoordinates == translucent)
    // Without a navigation bar there is nothing opaque to start below.
    bars.navigationBar = false
    #expect(profile.environment(bars: bars).superviewFrame == nil)
  }
}

