import Foundation

/// A real device's screen — its size in points, safe-area insets in both orientations and
/// refresh rate, as `catalogue` lists them — able to produce environments in either
/// orientation with the usual bars.
public struct DeviceProfile: Hashable, Sendable {
  /// Whether the device is a phone or a tablet; the bar heights differ.
  public enum Idiom: String, Hashable, Sendable { case phone, pad }

  /// How sure docs/Devices.md's sources are of the numbers: measured or several agreeing
  /// sources (H), one good source (M), or inferred (L).
  public enum Confidence: String, Hashable, Sendable { case high = "H", medium = "M", low = "L" }

  /// The name users type, e.g. `"iPhone 15"`.
  public let name: String
  /// Other names accepted for the same device (the row title without its suffix).
  public let aliases: [String]
  public let idiom: Idiom
  /// Screen size in points, portrait.
  public let portraitSize: CGSize
  /// The window's safe-area insets in portrait.
  public let portraitInsets: Insets
  /// The window's safe-area insets in landscape (home button on the right).
  public let landscapeInsets: Insets
  /// Display refresh rate in Hz.
  public let refreshRate: Int
  public let confidence: Confidence
  /// The display's corner radius in points (`UIScreen`'s private `_displayCornerRadius`): what
  /// of a rect in a corner of the screen no one sees. 0 for a square display.
  public var displayCornerRadius: CGFloat = 0
  /// How long the sensor housing (the notch, or the Dynamic Island) is along the edge it sits
  /// on, in points, centred on it: across the top in portrait, down one side in landscape.
  /// 0 for none.
  public var sensorHousingLength: CGFloat = 0

  /// Whether the device has a home indicator rather than a home button (a bottom inset).
  @inlinable
  public var hasHomeIndicator: Bool { portraitInsets.bottom > 0 }

  /// Which way the device is held.
  public enum Orientation: String, Hashable, Sendable, CaseIterable { case portrait, landscape }

  /// The bars on screen, besides the status bar.
  public struct Bars: Hashable, Sendable {
    public var navigationBar: Bool
    public var tabBar: Bool
    public var keyboard: Bool
    /// Whether the navigation bar is opaque (`isTranslucent = false`) with the view
    /// controller's `extendedLayoutIncludesOpaqueBars` off, as in many apps of the articles'
    /// era: the item's superview then starts below the bar instead of filling the window.
    public var opaqueNavigationBar: Bool
    public init(
      navigationBar: Bool = true, tabBar: Bool = true, keyboard: Bool = false,
      opaqueNavigationBar: Bool = false
    ) {
      self.navigationBar = navigationBar
      self.tabBar = tabBar
      self.keyboard = keyboard
      self.opaqueNavigationBar = opaqueNavigationBar
    }
    /// A home screen with a navigation bar and a tab bar: the default.
    public static let standard = Bars()
    public static let none = Bars(navigationBar: false, tabBar: false)
  }

  /// The environment of a full-screen window on this device.
  ///
  /// Bar heights follow docs/Devices.md: status bar 20 on home-button phones, the top inset on
  /// notched ones, hidden in phone landscape, 24 on iPads; navigation bar 44 (32 in phone
  /// landscape, 50 on iPad); tab bar 49 plus the bottom inset (32 plus the inset in phone
  /// landscape; 50 on iPad, 65 with a home indicator). Keyboard heights are approximations of
  /// the system keyboard with its predictive bar (low confidence: sweep them in tests). With
  /// `bars.opaqueNavigationBar` the item's superview starts below the navigation bar.
  public func environment(
    _ orientation: Orientation = .portrait, bars: Bars = .standard
  ) -> ItemEnvironment {
    let landscape = orientation == .landscape
    let size =
      landscape
      ? CGSize(width: portraitSize.height, height: portraitSize.width) : portraitSize
    let insets = landscape ? landscapeInsets : portraitInsets
    let bounds = CGRect(origin: .zero, size: size)
    let statusBar: CGFloat
    let navigationBar: CGFloat
    let tabBar: CGFloat
    let keyboardHeight: CGFloat
    switch (idiom, landscape) {
    case (.phone, false):
      statusBar = hasHomeIndicator ? insets.top : 20
      navigationBar = 44
      tabBar = 49 + insets.bottom
      keyboardHeight = hasHomeIndicator ? 336 : 260
    case (.phone, true):
      statusBar = 0
      navigationBar = 32
      tabBar = 32 + insets.bottom
      keyboardHeight = 194 + insets.bottom
    case (.pad, _):
      statusBar = 24
      navigationBar = 50
      tabBar = hasHomeIndicator ? 65 : 50
      keyboardHeight = (landscape ? 398 : 313) + insets.bottom
    }
    var result = ItemEnvironment(
      name: landscape ? "\(name) (landscape)" : name,
      bounds: bounds,
      safeAreaInsets: insets,
      statusBarHeight: statusBar,
      navigationBarHeight: bars.navigationBar ? navigationBar : 0,
      tabBarHeight: bars.tabBar ? tabBar : 0,
      keyboardFrame: bars.keyboard
        ? CGRect(x: 0, y: size.height - keyboardHeight, width: size.width, height: keyboardHeight)
        : nil,
      refreshRate: refreshRate, idiom: idiom)
    if bars.opaqueNavigationBar { result.placeSuperviewBelowNavigationBar() }
    return result
  }

  /// Every name this profile answers to.
  public var acceptedNames: [String] { [name] + aliases }

  /// The profile with this name or alias, compared case-insensitively, ignoring surrounding
  /// spaces.
  public static func named(_ text: String) -> DeviceProfile? {
    let key = text.trimmingCharacters(in: .whitespaces).lowercased()
    return catalogue.first { $0.acceptedNames.contains { $0.lowercased() == key } }
  }

  /// The default device: a current mainstream phone.
  public static var standard: DeviceProfile { named("iPhone 15") ?? catalogue[0] }
}

extension DeviceProfile {
  /// The device table SnapLab checks against (iPhone SE to iPad Pro 13"), one entry per device
  /// name; `snap-bench list devices` prints it, and docs/Devices.md lists it with its sources
  /// (a test keeps the two the same).
  ///
  /// Rows that list several devices are split, since refresh rates differ within a row (the
  /// iPhone 14 Pro has ProMotion, the iPhone 15 does not). Landscape insets put the top at 0 on
  /// phones and 24 on iPads; no source gives the iPad Pro 13" (M4) landscape insets, so it takes the other iPads' values.
  public static let catalogue: [DeviceProfile] = {
    func phone(
      _ names: [String], _ width: CGFloat, _ height: CGFloat, top: CGFloat, bottom: CGFloat,
      side: CGFloat, landscapeBottom: CGFloat, hz: [Int], _ confidence: Confidence,
      corner: CGFloat = 0, housing: CGFloat = 0
    ) -> [DeviceProfile] {
      zip(names, hz).map { name, rate in
        DeviceProfile(
          name: name, aliases: [], idiom: .phone,
          portraitSize: CGSize(width: width, height: height),
          portraitInsets: Insets(top: top, bottom: bottom),
          landscapeInsets: Insets(left: side, bottom: landscapeBottom, right: side),
          refreshRate: rate, confidence: confidence, displayCornerRadius: corner,
          sensorHousingLength: housing)
      }
    }
    func pad(
      _ name: String, alias: String, _ width: CGFloat, _ height: CGFloat, hz: Int,
      _ confidence: Confidence, corner: CGFloat = 18
    ) -> DeviceProfile {
      DeviceProfile(
        name: name, aliases: [alias], idiom: .pad,
        portraitSize: CGSize(width: width, height: height),
        portraitInsets: Insets(top: 24, bottom: 20),
        landscapeInsets: Insets(top: 24, bottom: 20),
        refreshRate: hz, confidence: confidence, displayCornerRadius: corner)
    }
    var devices: [DeviceProfile] = []
    devices += phone(
      ["iPhone SE (1st gen)"], 320, 568, top: 20, bottom: 0, side: 0, landscapeBottom: 0,
      hz: [60], .medium)
    devices += phone(
      ["iPhone 8", "iPhone SE (2nd gen)", "iPhone SE (3rd gen)"], 375, 667, top: 20, bottom: 0,
      side: 0, landscapeBottom: 0, hz: [60, 60, 60], .high)
    devices += phone(
      ["iPhone 8 Plus"], 414, 736, top: 20, bottom: 0, side: 0, landscapeBottom: 0, hz: [60],
      .medium)
    devices += phone(
      ["iPhone X", "iPhone XS", "iPhone 11 Pro"], 375, 812, top: 44, bottom: 34, side: 44,
      landscapeBottom: 21, hz: [60, 60, 60], .high, corner: 39, housing: 210)
    devices += phone(
      ["iPhone 12 mini", "iPhone 13 mini"], 375, 812, top: 50, bottom: 34, side: 50,
      landscapeBottom: 21, hz: [60, 60], .medium, corner: 44, housing: 230)
    devices += phone(
      ["iPhone XR", "iPhone 11"], 414, 896, top: 48, bottom: 34, side: 48, landscapeBottom: 21,
      hz: [60, 60], .medium, corner: 41.5, housing: 230)
    devices += phone(
      ["iPhone 12", "iPhone 13", "iPhone 14"], 390, 844, top: 47, bottom: 34, side: 47,
      landscapeBottom: 21, hz: [60, 60, 60], .high, corner: 47.33, housing: 210)
    devices += phone(
      ["iPhone 14 Pro", "iPhone 15", "iPhone 16"], 393, 852, top: 59, bottom: 34, side: 59,
      landscapeBottom: 21, hz: [120, 60, 60], .high, corner: 55, housing: 126)
    devices += phone(
      ["iPhone 15 Pro Max", "iPhone 16 Plus"], 430, 932, top: 59, bottom: 34, side: 59,
      landscapeBottom: 21, hz: [120, 60], .high, corner: 55, housing: 126)
    devices += phone(
      ["iPhone 16 Pro"], 402, 874, top: 62, bottom: 34, side: 62, landscapeBottom: 21,
      hz: [120], .medium, corner: 62, housing: 126)
    devices += phone(
      ["iPhone 16 Pro Max"], 440, 956, top: 62, bottom: 34, side: 62, landscapeBottom: 21,
      hz: [120], .medium, corner: 62, housing: 126)
    devices.append(pad("iPad mini (6th gen+)", alias: "iPad mini", 744, 1133, hz: 60, .low))
    devices.append(pad("iPad Air 11\"", alias: "iPad Air", 820, 1180, hz: 60, .low))
    devices.append(pad("iPad Pro 12.9\" (3rd gen+)", alias: "iPad Pro 12.9\"", 1024, 1366, hz: 120, .high))
    devices.append(pad("iPad Pro 13\" (M4)", alias: "iPad Pro 13\"", 1032, 1376, hz: 120, .low))
    return devices
  }()
}
