import Foundation
import TestSupport
import Testing

@testable import SnapAlgorithms

@Suite("Environments and device profiles")
struct EnvironmentTests {
  @Test("every row of devices.md is in the catalogue, found by any name in any case")
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
}
