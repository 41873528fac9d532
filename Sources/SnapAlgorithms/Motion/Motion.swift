import Foundation

/// How an item travels from where it is to where it comes to rest.
///
/// Every motion maps elapsed time to the fraction of the distance covered, starting at 0 and
/// ending exactly on 1 at its `settleTime`, and evaluates in constant time at any t.
public enum Motion: Hashable, Sendable {
  /// The item jumps: the new position shows on the next frame.
  case none
  /// A cubic Bézier timing curve played over `duration` seconds, as UIView animations are.
  case curve(TimingCurve, duration: Double)
  /// A spring; see `DampedSpring` for its parameterisations.
  case spring(DampedSpring)

  /// UIKit's default duration for `animate(withDuration:)` callers that pass none, and the
  /// duration used when a curve is named without one.
  public static let defaultDuration = 0.25

  /// How long the motion takes to reach its target and stop on it, in seconds.
  public var settleTime: Double {
    switch self {
    case .none: return 0
    case .curve(_, let duration): return duration
    case .spring(let spring): return spring.settleTime
    }
  }

  /// The fraction of the distance covered `elapsed` seconds after the motion started.
  ///
  /// 0 before the start, exactly 1 from `settleTime` on; springs may pass 1 in between. Pass a
  /// precomputed `settleTime` to skip recomputing it for springs.
  ///
  /// - Complexity: O(1)
  @inlinable
  public func fraction(at elapsed: Double, settleTime: Double) -> Double {
    guard elapsed > 0 else { return elapsed.isNaN ? 1 : 0 }
    guard elapsed < settleTime else { return 1 }
    switch self {
    case .none: return 1
    case .curve(let curve, let duration): return curve.value(atProgress: elapsed / duration)
    case .spring(let spring): return spring.fraction(at: elapsed)
    }
  }

  /// The fraction of the distance covered `elapsed` seconds after the motion started.
  @inlinable
  public func fraction(at elapsed: Double) -> Double {
    fraction(at: elapsed, settleTime: settleTime)
  }
}

extension Motion {
  /// A spring with a damping ratio and a response in seconds (mass 1, stiffness
  /// (2π / response)²), as SwiftUI's and Core Animation's `perceptual` springs are written; `nil`
  /// unless both are positive and finite.
  ///
  ///     var releaseMotion: Motion? = .spring(dampingRatio: 0.8, response: 0.4)
  @inlinable
  public static func spring(dampingRatio: Double, response: Double, initialVelocity: Double = 0)
    -> Motion?
  {
    DampedSpring(dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
      .map(Motion.spring)
  }

  /// The spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:
  /// initialSpringVelocity:…)`: that damping ratio, settling in `duration`, started at
  /// `initialVelocity` (normalised by the distance); `nil` unless the ratio and duration are
  /// positive and every value finite.
  ///
  ///     var releaseMotion: Motion? = .uikitSpring(dampingRatio: 0.7, duration: 0.5)
  @inlinable
  public static func uikitSpring(
    dampingRatio: Double, duration: Double, initialVelocity: Double = 0
  ) -> Motion? {
    DampedSpring.uikit(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialVelocity)
      .map(Motion.spring)
  }
}

extension Motion: CustomStringConvertible {
  /// The motion written the way `Motion(parsing:)` reads it.
  public var description: String {
    switch self {
    case .none: return "none"
    case .curve(let curve, let duration): return "\(curve)(duration:\(describeNumber(duration)))"
    case .spring(let spring): return spring.description
    }
  }
}

/// Why a motion description could not be read.
public struct MotionParseError: Error, CustomStringConvertible, Sendable {
  public let description: String
}

extension Motion {
  /// The motion forms users can type, for help texts and `snap-bench list motions`.
  public static let syntax: [String] = [
    "none",
    "linear | ease-in | ease-out | ease-in-out | default  [(duration:<seconds>)]",
    "cubic-bezier(<x1>,<y1>,<x2>,<y2>)  [(duration:<seconds>) appended, or ,duration:<s> inside]",
    "spring(damping:<ratio>,response:<seconds>[,velocity:<v>])",
    "spring(mass:<m>,stiffness:<k>,damping:<c>[,velocity:<v>])",
    "uikit-spring(damping:<ratio>,duration:<seconds>,velocity:<v>)",
  ]

  /// Reads a motion as users write it: `ease-out`, `ease-out(duration:0.6)`,
  /// `cubic-bezier(0.2,0,0,1)`, `spring(damping:0.7,response:0.4)`,
  /// `spring(mass:1,stiffness:100,damping:10)`, `uikit-spring(damping:0.5,duration:0.6,velocity:0)`.
  ///
  /// A timing curve named without a duration plays over `defaultDuration`.
  public init(parsing text: String, defaultDuration: Double = Motion.defaultDuration) throws(MotionParseError) {
    let trimmed = text.filter { !$0.isWhitespace }.lowercased()
    guard !trimmed.isEmpty else { throw MotionParseError(description: "the motion is empty") }
    let name: String
    var arguments: [(label: String?, value: Double)] = []
    if let open = trimmed.firstIndex(of: "(") {
      guard trimmed.hasSuffix(")") else {
        throw MotionParseError(description: "there is no closing parenthesis")
      }
      name = String(trimmed[..<open])
      var inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      // `ease-out(duration:0.3)` and `cubic-bezier(…)(duration:0.3)` both name a duration.
      inner = Substring(inner.replacingOccurrences(of: ")(", with: ","))
      for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
        let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let last = pieces.last, let value = Double(last), value.isFinite
        else {
          throw MotionParseError(description: "'\(part)' is not a number or label:number")
        }
        arguments.append((pieces.count == 2 ? String(pieces[0]) : nil, value))
      }
    } else {
      name = trimmed
    }

    var seen: Set<String> = []
    for argument in arguments {
      if let label = argument.label, !seen.insert(label).inserted {
        throw MotionParseError(description: "\(label): given twice")
      }
    }
    func labelled(_ label: String) -> Double? { arguments.first { $0.label == label }?.value }
    func requireLabels(_ allowed: Set<String>) throws(MotionParseError) {
      for argument in arguments {
        guard let label = argument.label, allowed.contains(label) else {
          let expected = allowed.sorted().joined(separator: ", ")
          throw MotionParseError(
            description: "unexpected argument \(argument.label.map { "'\($0)'" } ?? "without a label"); expected \(expected)")
        }
      }
    }
    func duration() throws(MotionParseError) -> Double {
      let value = labelled("duration") ?? defaultDuration
      guard value > 0, value <= Self.longestSettleTime else {
        throw MotionParseError(
          description: "duration: \(describeNumber(value)) s is not in (0, \(describeNumber(Self.longestSettleTime))]")
      }
      return value
    }

    switch name {
    case "none", "jump":
      guard arguments.isEmpty else {
        throw MotionParseError(description: "'none' takes no arguments")
      }
      self = .none
    case _ where TimingCurve.named.contains { $0.name == name }:
      try requireLabels(["duration"])
      let curve = TimingCurve.named.first { $0.name == name }?.curve ?? .linear
      self = .curve(curve, duration: try duration())
    case "cubic-bezier":
      let points = arguments.filter { $0.label == nil }.map(\.value)
      guard points.count == 4, arguments.count - points.count == (labelled("duration") == nil ? 0 : 1)
      else {
        throw MotionParseError(
          description: "cubic-bezier takes four numbers x1,y1,x2,y2 (and optionally duration:<s>)")
      }
      guard let curve = TimingCurve(x1: points[0], y1: points[1], x2: points[2], y2: points[3]) else {
        throw MotionParseError(description: "x1 and x2 must lie in [0, 1]")
      }
      self = .curve(curve, duration: try duration())
    case "spring":
      try requireLabels(["damping", "response", "mass", "stiffness", "velocity"])
      let velocity = labelled("velocity") ?? 0
      if let response = labelled("response") {
        guard let ratio = labelled("damping"), labelled("mass") == nil, labelled("stiffness") == nil,
          ratio > 0, response > 0
        else {
          throw MotionParseError(
            description: "spring(damping:<ratio>,response:<s>) needs a positive ratio and response")
        }
        guard let spring = DampedSpring(dampingRatio: ratio, response: response, initialVelocity: velocity)
        else {
          throw MotionParseError(
            description: "a spring with damping ratio \(describeNumber(ratio)) and response "
              + "\(describeNumber(response)) s never settles within \(describeNumber(Self.longestSettleTime)) s; "
              + "bring the ratio nearer 1")
        }
        self = .spring(spring)
      } else {
        guard let mass = labelled("mass"), let stiffness = labelled("stiffness"),
          let damping = labelled("damping"), mass > 0, stiffness > 0, damping > 0
        else {
          throw MotionParseError(
            description: "write spring(damping:<ratio>,response:<s>) or "
              + "spring(mass:<m>,stiffness:<k>,damping:<c>) with positive values")
        }
        guard
          let spring = DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        else {
          let ratio = damping / (2 * (stiffness * mass).squareRoot())
          throw MotionParseError(
            description: "a spring of mass \(describeNumber(mass)), stiffness \(describeNumber(stiffness)) "
              + "and damping \(describeNumber(damping)) (damping ratio \(describeNumber(ratio))) never "
              + "settles within \(describeNumber(Self.longestSettleTime)) s; bring the ratio nearer 1")
        }
        self = .spring(spring)
      }
    case "uikit-spring":
      try requireLabels(["damping", "duration", "velocity"])
      guard let ratio = labelled("damping"), let duration = labelled("duration"),
        let spring = DampedSpring.uikit(
          dampingRatio: ratio, duration: duration, initialVelocity: labelled("velocity") ?? 0)
      else {
        throw MotionParseError(
          description: "uikit-spring needs damping:<ratio> and duration:<s>, both positive")
      }
      self = .spring(spring)
    default:
      throw MotionParseError(
        description: "not a motion; expected none, linear, ease-in, ease-out, "
          + "ease-in-out, default, cubic-bezier(…), spring(…) or uikit-spring(…)")
    }
    if let problem { throw MotionParseError(description: problem) }
  }
}

// MARK: - What a motion may be

extension Motion {
  /// The longest a motion may take to settle, in seconds: what every command accepts, so that
  /// every run it is part of ends in bounded time.
  public static let longestSettleTime = 10.0

  /// How far a timing curve's control points may stray in y: the curve then stays within ±10 of
  /// the distance, and evaluates to finite numbers everywhere.
  public static let controlPointBound = 10.0

  /// The largest normalised initial velocity a spring may be given (distances per second).
  public static let initialVelocityBound = 1_000.0

  /// Why this motion is not one SnapLab can evaluate in bounded time and finite numbers, or
  /// `nil` when it is: its parameters finite, a curve's control points within
  /// `controlPointBound`, a spring's initial velocity within `initialVelocityBound`, and its
  /// settle time (for springs, handed no velocity) at most `longestSettleTime`.
  public var problem: String? {
    let limit = describeNumber(Self.longestSettleTime)
    switch self {
    case .none:
      return nil
    case .curve(let curve, let duration):
      guard duration.isFinite, duration > 0, duration <= Self.longestSettleTime else {
        return "duration: \(describeNumber(duration)) s is not in (0, \(limit)]"
      }
      for (name, value) in [("x1", curve.x1), ("y1", curve.y1), ("x2", curve.x2), ("y2", curve.y2)] {
        guard value.isFinite else { return "\(name): \(describeNumber(value)) is not a number" }
      }
      let bound = Self.controlPointBound
      for (name, value) in [("y1", curve.y1), ("y2", curve.y2)] where abs(value) > bound {
        return "\(name): \(describeNumber(value)) is not in [-\(describeNumber(bound)), \(describeNumber(bound))]"
      }
      return nil
    case .spring(let spring):
      let bound = Self.initialVelocityBound
      guard spring.initialVelocity.isFinite, abs(spring.initialVelocity) <= bound else {
        return "velocity: \(describeNumber(spring.initialVelocity)) is not in [-\(describeNumber(bound)), "
          + "\(describeNumber(bound))] (distances per second)"
      }
      if let duration = spring.fixedDuration, !(duration <= Self.longestSettleTime) {
        return "duration: \(describeNumber(duration)) s is not in (0, \(limit)]"
      }
      let settle = spring.settleTime
      guard settle.isFinite, settle <= Self.longestSettleTime else {
        let after = settle.isFinite ? "after \(describeNumber((settle * 10).rounded() / 10)) s" : "never"
        return "\(spring) settles \(after); a motion must settle within \(limit) s "
          + "(bring the damping ratio nearer 1, or shorten the response or duration)"
      }
      return nil
    }
  }
}
