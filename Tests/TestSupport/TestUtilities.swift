import Foundation
import SnapAlgorithms

/// Shared fixtures for the tests of every module.
public enum Fixtures {
  /// iPhone 8 portrait with a navigation bar and a tab bar: 375×667, status bar 20.
  public static var iPhone8: ItemEnvironment { DeviceProfile.named("iPhone 8")!.environment() }
  /// iPhone X portrait with both bars: 375×812, insets 44/34.
  public static var iPhoneX: ItemEnvironment { DeviceProfile.named("iPhone X")!.environment() }

  public static func events(_ list: [(Double, TouchPhase, CGFloat, CGFloat)]) -> [TouchEvent] {
    list.map { TouchEvent($0.1, at: $0.0, x: $0.2, y: $0.3) }
  }

  /// Runs `algorithm` on `environment` with a 60×60 item (or `size`) from `start`.
  public static func run<A: SnapAlgorithm>(
    _ algorithm: A, on environment: ItemEnvironment, size: CGSize = Simulator.defaultItemSize,
    start: CGPoint, _ events: [(Double, TouchPhase, CGFloat, CGFloat)]
  ) -> Trajectory {
    Simulator(environment: environment, itemSize: size)
      .run(algorithm, gesture: TouchGesture(start: start, events: Self.events(events)))
  }
}

/// Where a finger took an item, so that the item's centre follows it at that offset: how the
/// touches-API handlers of the tests' buttons grab (`take` in `touchesBegan`, `center` in
/// `touchesMoved`).
public struct FingerGrab: Sendable {
  public var offset = CGPoint.zero
  public init() {}
  /// Takes the item where the finger of `touch` lands on it.
  public mutating func take(_ touch: Touch, _ view: ItemView) {
    let at = touch.locationInContainer
    offset = CGPoint(x: at.x - view.center.x, y: at.y - view.center.y)
  }
  /// Where the finger of `touch` puts the centre.
  public func center(_ touch: Touch) -> CGPoint {
    let at = touch.locationInContainer
    return CGPoint(x: at.x - offset.x, y: at.y - offset.y)
  }
}

extension CGRect {
  /// The centre, for readable expectations.
  public var mid: CGPoint { CGPoint(x: midX, y: midY) }
}

/// A tiny deterministic generator (SplitMix64) for sampling inputs in tests.
public struct SeededGenerator {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// A double in [0, 1), from the top 53 bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }
}

/// Values computed once per key and shared by every test that asks, from any thread: several
/// parameterised cases that read one expensive result (a verify run of every invariant) wait
/// for the first to compute it instead of each computing its own.
public final class SharedResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Value] = [:]
  private var keyLocks: [String: NSLock] = [:]

  public init() {}

  /// The value for `key`, made by `make` the first time it is asked for.
  public func value(_ key: String, _ make: () throws -> Value) rethrows -> Value {
    lock.lock()
    let keyLock = keyLocks[key] ?? NSLock()
    keyLocks[key] = keyLock
    lock.unlock()
    keyLock.lock()
    defer { keyLock.unlock() }
    lock.lock()
    if let value = values[key] {
      lock.unlock()
      return value
    }
    lock.unlock()
    let value = try make()
    lock.lock()
    values[key] = value
    lock.unlock()
    return value
  }
}
