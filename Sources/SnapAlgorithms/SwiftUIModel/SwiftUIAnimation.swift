import Foundation

/// An animation as SwiftUI code names it (`Animation`), and the `Motion` SnapLab renders it
/// with. Named `SwiftUIAnimation` so that a file importing SwiftUI and SnapLab can name both.
///
/// Springs follow SwiftUI's parameterisations (Apple's `Animation` and `Spring` documentation):
/// response and damping fraction give k = (2π / response)² m
/// and c = 4π ζ m / response; the duration/bounce form is a response of `duration` with
/// ζ = 1 − bounce for bounce ≥ 0 and ζ = 1 / (1 + bounce) below 0 (over-damped). `snappy`,
/// `smooth` and `bouncy` are that form with bounces of 0.15, 0 and 0.3 plus the extra bounce.
/// Parameters no spring has (an undamped or negative spring) give no animation: the change
/// is shown at once.
///
/// How animations combine follows SwiftUI's: a change made while another animation of the
/// same view is running is added to it, so the view moves on from where it is shown, at the
/// velocity it has (SwiftUI merges springs and carries their velocity; the model adds each
/// animation's remaining offset, which for springs is the same motion). A spring started from a
/// gesture's `onEnded` starts at rest unless it is handed a velocity: `interpolatingSpring(…,
/// initialVelocity:)`, relative to the change, or `startingAt(_:)` for a spring that code solves
/// every frame.
public struct SwiftUIAnimation: Hashable, Sendable {
  /// The motion the change is shown with.
  public var motion: Motion
  /// `interpolatingSpring`'s `initialVelocity`: the velocity as a fraction of the change per
  /// second, the same on every axis.
  public var relativeVelocity: Double
  /// A velocity in points per second per axis, for a spring solved every frame
  /// (`Spring.value(target:initialVelocity:time:)`); `nil` for none.
  public var velocity: CGSize?

  /// An animation with `motion`, started at rest.
  @inlinable
  public init(motion: Motion) {
    self.motion = motion
    relativeVelocity = 0
    velocity = nil
  }

  /// `.spring(response:dampingFraction:blendDuration:)`; SwiftUI's defaults.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> SwiftUIAnimation {
    SwiftUIAnimation(
      motion: DampedSpring(dampingRatio: dampingFraction, response: response).map(Motion.spring) ?? .none)
  }

  /// `.spring(duration:bounce:blendDuration:)`.
  public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0)
    -> SwiftUIAnimation
  {
    .spring(response: duration, dampingFraction: dampingRatio(bounce: bounce))
  }

  /// `.spring`: `.spring(duration: 0.5, bounce: 0)`.
  public static var spring: SwiftUIAnimation { .spring(duration: 0.5, bounce: 0) }

  /// `.interactiveSpring(response:dampingFraction:blendDuration:)`; SwiftUI's defaults.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> SwiftUIAnimation {
    .spring(response: response, dampingFraction: dampingFraction)
  }

  /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> SwiftUIAnimation {
    var animation = SwiftUIAnimation(
      motion: DampedSpring(mass: mass, stiffness: stiffness, damping: damping).map(Motion.spring) ?? .none)
    animation.relativeVelocity = initialVelocity.isFinite ? initialVelocity : 0
    return animation
  }

  /// `.interpolatingSpring(duration:bounce:initialVelocity:)`.
  public static func interpolatingSpring(
    duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
  ) -> SwiftUIAnimation {
    var animation = SwiftUIAnimation.spring(duration: duration, bounce: bounce)
    animation.relativeVelocity = initialVelocity.isFinite ? initialVelocity : 0
    return animation
  }

  /// `.snappy(duration:extraBounce:)`: a spring with a bounce of 0.15 plus `extraBounce`.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> SwiftUIAnimation {
    .spring(duration: duration, bounce: 0.15 + extraBounce)
  }

  /// `.smooth(duration:extraBounce:)`: a spring with no bounce plus `extraBounce`.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> SwiftUIAnimation {
    .spring(duration: duration, bounce: extraBounce)
  }

  /// `.bouncy(duration:extraBounce:)`: a spring with a bounce of 0.3 plus `extraBounce`.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> SwiftUIAnimation {
    .spring(duration: duration, bounce: 0.3 + extraBounce)
  }

  /// `.snappy`, `.smooth`, `.bouncy` with their defaults.
  public static var snappy: SwiftUIAnimation { .snappy() }
  public static var smooth: SwiftUIAnimation { .smooth() }
  public static var bouncy: SwiftUIAnimation { .bouncy() }

  /// `.easeOut(duration:)`, `.easeIn(duration:)`, `.easeInOut(duration:)`, `.linear(duration:)`;
  /// SwiftUI's default duration is 0.35 s.
  public static func easeOut(duration: Double = 0.35) -> SwiftUIAnimation { curve(.easeOut, duration) }
  public static func easeIn(duration: Double = 0.35) -> SwiftUIAnimation { curve(.easeIn, duration) }
  public static func easeInOut(duration: Double = 0.35) -> SwiftUIAnimation {
    curve(.easeInOut, duration)
  }
  public static func linear(duration: Double = 0.35) -> SwiftUIAnimation { curve(.linear, duration) }
  public static var easeOut: SwiftUIAnimation { .easeOut() }
  public static var easeInOut: SwiftUIAnimation { .easeInOut() }

  /// The same spring started at `velocity` points per second per axis, as a spring that code
  /// solves every frame starts (`Spring.value(target:initialVelocity:time:)` in a
  /// `TimelineView`); a timing curve ignores it.
  public func startingAt(_ velocity: CGSize) -> SwiftUIAnimation {
    var animation = self
    animation.velocity = velocity
    return animation
  }

  /// The damping ratio of SwiftUI's duration/bounce form.
  @inlinable
  public static func dampingRatio(bounce: Double) -> Double {
    bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
  }

  static func curve(_ curve: TimingCurve, _ duration: Double) -> SwiftUIAnimation {
    SwiftUIAnimation(motion: duration.isFinite && duration > 0 ? .curve(curve, duration: duration) : .none)
  }
}
