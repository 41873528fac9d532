import Foundation
import SnapAlgorithms

/// Why `algorithm`'s release animation does not run the motion it declares (`releaseMotion`,
/// or `motion` in its place when one is given), or `nil` when it does. A declared motion
/// outside what every command accepts (`Motion.problem`) is a problem too.
///
/// The invariants read the declared motion (velocity-continuous applies to springs, settles
/// holds the run to its settle time), and `verify(_:motion:…)` and `--motion` replace it, so an
/// algorithm that animates with constants of its own — `view.animate(withDuration: 0.3, …)`
/// beside `releaseMotion = .curve(.easeOut, duration: 0.25)` — is judged and replaced on
/// paper only. Checked on one drag: an item in the middle of an iPhone 15 dragged 100 pt to the
/// left and released.
public func releaseMotionProblem<Algorithm: SnapAlgorithm>(
  _ algorithm: Algorithm, motion: Motion? = nil
) -> String? {
  var algorithm = algorithm
  if let motion, algorithm.releaseMotion != nil { algorithm.releaseMotion = motion }
  guard let declared = algorithm.releaseMotion, declared != .none else { return nil }
  if let problem = declared.problem {
    return "\(algorithm.id) declares releaseMotion \(declared), which cannot be evaluated in "
      + "bounded time and finite numbers: \(problem)"
  }
  let environment = DeviceProfile.standard.environment()
  let region = environment.safeRegion
  let from = CGPoint(x: region.midX + 40, y: region.midY)
  let gesture = TouchGesture.drag(
    from: from, to: CGPoint(x: from.x - 100, y: from.y - 60), duration: 0.25, touchRate: 60)
  var session = DragSimulation(
    algorithm: algorithm, environment: environment, center: from,
    itemSize: Simulator.defaultItemSize)
  for event in gesture.events.dropLast() { session.receive(event) }
  guard let lift = gesture.events.last else { return nil }
  let before = session.view.animations.count
  let centre = session.view.center
  session.receive(lift)
  let started = session.view.animations.dropFirst(before).map(\.motion)
  let replaced = motion != nil ? " (given in place of its own)" : ""
  if let other = started.first(where: { $0 != declared }) {
    return "\(algorithm.id) declares releaseMotion \(declared)\(replaced) but its release "
      + "animation runs \(other): animate through releaseMotion (view.animate(with:…)), so "
      + "that what the invariants read and what --motion replaces is what runs"
  }
  if started.isEmpty, algorithm.dockingMargin != nil, session.view.center != centre {
    return "\(algorithm.id) declares releaseMotion \(declared)\(replaced) but jumps to its "
      + "rest without an animation: animate through releaseMotion (view.animate(with:…))"
  }
  return nil
}
