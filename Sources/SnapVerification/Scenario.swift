import Foundation
import SnapAlgorithms

/// One situation to put an algorithm in: a device held one way with some bars, an item of some
/// size resting somewhere, and a gesture.
public struct Scenario: Sendable, CustomStringConvertible {
  public var device: DeviceProfile
  public var orientation: DeviceProfile.Orientation
  public var bars: DeviceProfile.Bars
  public var itemSize: CGSize
  public var gesture: Gesture

  public init(
    device: DeviceProfile, orientation: DeviceProfile.Orientation = .portrait,
    bars: DeviceProfile.Bars = .standard, itemSize: CGSize = Simulator.defaultItemSize,
    gesture: Gesture
  ) {
    self.device = device
    self.orientation = orientation
    self.bars = bars
    self.itemSize = itemSize
    self.gesture = gesture
  }

  /// The screen, window and bars of the scenario, before any container change.
  public var environment: Environment { device.environment(orientation, bars: bars) }

  /// Container changes after the gesture has started: rotations, bars and keyboards that come
  /// and go. A change no later than the first touch only sets the scene (a Split View window).
  public var resizes: [ContainerChange] {
    let start = gesture.events.map(\.time).filter(\.isFinite).min() ?? 0
    return gesture.containerChanges.filter { $0.time > start }
  }

  /// The environment in force at `time`: the last container change at or before it, within the
  /// simulator's tolerance (a change it delivered with the frame at `time` counts).
  public func environment(at time: Double) -> Environment {
    let tolerance = Simulator.tolerance(for: environment)
    return gesture.containerChanges.last { $0.time <= time + tolerance }?.environment ?? environment
  }

  /// The simulated run of `algorithm` through the gesture.
  public func simulate<Algorithm: SnapAlgorithm>(_ algorithm: Algorithm) -> Trajectory {
    Simulator(environment: environment, itemSize: itemSize).run(algorithm, gesture: gesture)
  }

  public var description: String {
    var bits = ["\(device.name)"]
    if orientation == .landscape { bits.append("landscape") }
    if !bars.navigationBar { bits.append("no navigation bar") }
    if !bars.tabBar { bits.append("no tab bar") }
    if bars.keyboard { bits.append("keyboard shown") }
    bits.append("item \(formatNumber(itemSize.width))x\(formatNumber(itemSize.height))")
    let events = gesture.events.map {
      "\($0.phase.rawValue) t=\(formatTime($0.time)) (\(formatNumber($0.location.x)), \(formatNumber($0.location.y)))"
    }
    let changes = gesture.containerChanges.map { change in
      "then at t=\(formatTime(change.time)) the container becomes \(describe(change.environment))"
    }
    return bits.joined(separator: ", ") + "; start (\(formatNumber(gesture.start.x)), "
      + "\(formatNumber(gesture.start.y))); " + (events + changes).joined(separator: ", ")
  }
}

/// A number as people write it: `60`, `0.25`, never `60.0`.
func formatNumber(_ value: CGFloat) -> String {
  let double = Double(value)
  if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) }
  return "\(double)"
}

func formatNumber(_ value: Double) -> String { formatNumber(CGFloat(value)) }

/// A time to the millisecond, for reading: `0.017`.
func formatTime(_ value: Double) -> String {
  formatNumber((value * 1000).rounded() / 1000)
}

/// An environment in words: `iPhone 15 (landscape), no tab bar, keyboard shown`.
func describe(_ environment: Environment) -> String {
  var bits = [environment.name]
  if environment.navigationBarHeight == 0 { bits.append("no navigation bar") }
  if environment.tabBarHeight == 0 { bits.append("no tab bar") }
  if environment.keyboardFrame != nil { bits.append("keyboard shown") }
  return bits.joined(separator: ", ")
}
