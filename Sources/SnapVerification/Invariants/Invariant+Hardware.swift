import Foundation
import SnapAlgorithms

// What really hides an item where the safe area's insets lie: the sensor housing and the
// display's rounded corners, not the whole inset.

extension Invariant {
  /// How far `rect` lies outside `region`, the safe region of `environment`, on the axes asked
  /// for (`CGRect.overhang`), in what hides it from a user: on a landscape phone, a rect that
  /// leaves the region only into the window's side insets is measured by what of it lies under
  /// the sensor housing (centred on the side, `DeviceProfile.sensorHousingLength` long, as deep
  /// as the inset) or past the display's rounded corners — the rest of a side inset is screen a
  /// user sees — and is not outside at all when that is less than `hiddenShare` of it. `nil`
  /// when `rect` lies inside `region` (within `tolerance`), or hides no more than that.
  static func outsideSafeRegion(
    _ rect: CGRect, region: CGRect, environment: ItemEnvironment, checkX: Bool, checkY: Bool,
    housingLeftOnly: Bool = false
  ) -> (magnitude: CGFloat, underHardware: Bool)? {
    guard !region.contains(rect, tolerance: tolerance, checkX: checkX, checkY: checkY) else {
      return nil
    }
    if let hidden = hardwareCover(
      of: rect, region: region, environment: environment, checkY: checkY,
      housingLeftOnly: housingLeftOnly)
    {
      return hidden.share < hiddenShare ? nil : (hidden.depth, true)
    }
    return (region.overhang(of: rect, checkX: checkX, checkY: checkY), false)
  }

  /// Why `rect`, resting in `environment`, is hidden in a way the item's contract does not
  /// allow, and by how much; `nil` when it is not. An item docked against the safe area (the
  /// default, or its layout margins) must rest inside the safe region, but for its designed
  /// overhang (`outsideSafeRegion`); one docked against the window's, the screen's or its
  /// superview's own edges declares the insets its own, and only what hides it counts there:
  /// the bars and the keyboard the host sees, the app's side column, the sensor housing and the
  /// display's rounded corners (`hardwareCover`).
  static func hiddenAtRest(
    _ rect: CGRect, algorithm: Declarations, environment: ItemEnvironment, checkX: Bool,
    checkY: Bool
  ) -> (magnitude: CGFloat, underHardware: Bool, region: CGRect)? {
    let overhang = algorithm.designedOverhang(for: rect.size)
    // Code that tells the two landscapes apart is judged in the one SnapLab models.
    let leftOnly = algorithm.contract.mirrorsLandscape
    switch algorithm.contract.dockingReference {
    case .safeArea, .layoutMargins:
      let region = environment.safeRegion.outset(by: overhang)
      return outsideSafeRegion(
        rect, region: region, environment: environment, checkX: checkX, checkY: checkY,
        housingLeftOnly: leftOnly
      ).map { ($0.magnitude, $0.underHardware, region) }
    case .window, .screen, .superview, .windowSides:
      // The insets it declares its own (every one, or the sides'), and the status bar, which
      // draws over it but hides nothing, are screen it may rest on.
      var bare = environment
      if algorithm.contract.dockingReference == .windowSides {
        bare.safeAreaInsets.left = 0
        bare.safeAreaInsets.right = 0
      } else {
        // A navigation bar stays where it is drawn, below the status bar: only the status bar's
        // strip and the insets become screen to rest on (with both zeroed, the bar would be
        // drawn at the window's top, and an item under it, 35 pt below, judged clear).
        if bare.navigationBarHeight > 0 {
          bare.additionalSafeAreaInsets.top += max(bare.statusBarHeight, bare.safeAreaInsets.top)
        }
        bare.safeAreaInsets = .zero
        bare.statusBarHeight = 0
      }
      let region = bare.safeRegion.outset(by: overhang)
      if !region.contains(rect, tolerance: tolerance, checkX: checkX, checkY: checkY) {
        return (region.overhang(of: rect, checkX: checkX, checkY: checkY), false, region)
      }
      guard let hidden = hardwareCover(of: rect, in: environment, housingLeftOnly: leftOnly),
        hidden.share >= hiddenShare
      else { return nil }
      return (hidden.depth, true, region)
    }
  }

  /// The share of an item's area that hardware may hide before a careful engineer calls it
  /// hidden: a fiftieth (a corner of a 60 pt button clipped by the display's rounding, which a
  /// round button does not even fill). An item 2 pt into the sensor housing hides more.
  static let hiddenShare: CGFloat = 0.02

  /// What of `rect` lies under a landscape phone's sensor housing or past its display's rounded
  /// corners — how deep, in points, and what share of its area — when it leaves `region` only
  /// into the side insets of the window (not a side column's, not past the screen's edge, not at
  /// the top or bottom); `nil` otherwise.
  static func hardwareCover(
    of rect: CGRect, region: CGRect, environment: ItemEnvironment, checkY: Bool,
    housingLeftOnly: Bool = false
  ) -> (depth: CGFloat, share: CGFloat)? {
    let bounds = environment.bounds
    let insets = environment.safeAreaInsets
    guard environment.idiom == .phone, bounds.width > bounds.height,
      insets.left > 0 || insets.right > 0, rect.isFinite, rect.width > 0, rect.height > 0
    else { return nil }
    // Only into the window's own side insets, and no further than the screen's edges.
    let left = bounds.minX + insets.left
    let right = bounds.maxX - insets.right
    guard abs(region.minX - left) <= tolerance || rect.minX >= region.minX - tolerance,
      abs(region.maxX - right) <= tolerance || rect.maxX <= region.maxX + tolerance,
      rect.minX >= bounds.minX - tolerance, rect.maxX <= bounds.maxX + tolerance,
      !checkY || (rect.minY >= region.minY - tolerance && rect.maxY <= region.maxY + tolerance)
    else { return nil }
    return hardwareCover(of: rect, in: environment, housingLeftOnly: housingLeftOnly)
  }

  /// What of `rect` the device's hardware hides: the sensor housing (centred on the top edge in
  /// portrait, on either side in landscape — the phone may be turned either way —, or on the
  /// left only with `housingLeftOnly`, for code that tells the landscapes apart
  /// (`ItemContract.mirrorsLandscape`): SnapLab's landscape has the home indicator on the right;
  /// as long as `DeviceProfile.sensorHousingLength` and as deep as the safe-area inset there)
  /// and its display's rounded corners: how deep, in points, and what share of its area. `nil`
  /// for a device with neither, or a rect that is not a finite, non-empty one.
  static func hardwareCover(
    of rect: CGRect, in environment: ItemEnvironment, housingLeftOnly: Bool = false
  ) -> (depth: CGFloat, share: CGFloat)? {
    let bounds = environment.bounds
    let insets = environment.safeAreaInsets
    // Only what lies on the screen: a part past its edge by design is the overhang's, which
    // on-screen judges.
    let whole = rect
    let rect = rect.intersection(environment.bounds)
    guard whole.isFinite, whole.width > 0, whole.height > 0, !rect.isNull, rect.width > 0,
      rect.height > 0, let device = DeviceProfile.of(environment),
      device.sensorHousingLength > 0 || device.displayCornerRadius > 0
    else { return nil }
    let landscape = bounds.width > bounds.height
    let length = device.sensorHousingLength
    let radius = device.displayCornerRadius
    /// How far `point` lies under the housing or past a corner's rounding (0 or less: seen).
    func hidden(_ point: CGPoint) -> CGFloat {
      var depth: CGFloat = 0
      if length > 0 {
        if landscape {
          if point.y > bounds.midY - length / 2, point.y < bounds.midY + length / 2 {
            depth = max(
              depth, bounds.minX + insets.left - point.x,
              housingLeftOnly ? 0 : point.x - (bounds.maxX - insets.right))
          }
        } else if point.x > bounds.midX - length / 2, point.x < bounds.midX + length / 2 {
          depth = max(depth, bounds.minY + insets.top - point.y)
        }
      }
      if radius > 0 {
        let centre = CGPoint(
          x: min(max(point.x, bounds.minX + radius), bounds.maxX - radius),
          y: min(max(point.y, bounds.minY + radius), bounds.maxY - radius))
        depth = max(depth, hypot(point.x - centre.x, point.y - centre.y) - radius)
      }
      return depth
    }
    // The deepest point is on the rect's edge: under the housing an edge facing it, past a
    // corner's rounding a corner of the rect.
    var deepest: CGFloat = 0
    if length > 0 {
      if landscape, rect.maxY > bounds.midY - length / 2, rect.minY < bounds.midY + length / 2 {
        deepest = max(
          deepest, bounds.minX + insets.left - rect.minX,
          housingLeftOnly ? 0 : rect.maxX - (bounds.maxX - insets.right))
      } else if !landscape, rect.maxX > bounds.midX - length / 2, rect.minX < bounds.midX + length / 2 {
        deepest = max(deepest, bounds.minY + insets.top - rect.minY)
      }
    }
    for corner in [
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
    ] {
      deepest = max(deepest, hidden(corner))
    }
    // The share of its whole area hidden, sampled over the part on the screen.
    let steps = Self.coverSamples
    var covered = 0
    for row in 0..<steps {
      for column in 0..<steps {
        let point = CGPoint(
          x: rect.minX + (CGFloat(column) + 0.5) * rect.width / CGFloat(steps),
          y: rect.minY + (CGFloat(row) + 0.5) * rect.height / CGFloat(steps))
        if hidden(point) > 0 { covered += 1 }
      }
    }
    let onScreen = (rect.width * rect.height) / (whole.width * whole.height)
    return (deepest, CGFloat(covered) / CGFloat(steps * steps) * onScreen)
  }

  /// How many points along each side of an item `hardwareCover` samples: 24, a cell of 2.5 pt
  /// on a 60 pt button.
  static let coverSamples = 24
}

extension DeviceProfile {
  /// The catalogue device `environment` was made from (its name, less " (landscape)" or what
  /// else follows it), if any.
  static func of(_ environment: ItemEnvironment) -> DeviceProfile? {
    let name = environment.name
    return catalogue.filter { device in device.acceptedNames.contains { name.hasPrefix($0) } }
      .max { $0.name.count < $1.name.count }
  }
}
