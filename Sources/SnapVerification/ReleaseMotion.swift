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
/// paper only. Checked on one drag: an item placed in the middle of an iPhone 15 (or wherever
/// its code moves it when it loads) dragged 100 pt towards the middle and released.
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
  let placed = CGPoint(x: region.midX + 40, y: region.midY)
  var session = DragSimulation(
    algorithm: algorithm, environment: environment, center: placed,
    itemSize: Simulator.defaultItemSize)
  // The drag starts where the item is once loaded (an algorithm may move it to an edge then),
  // and goes towards the middle of the screen.
  let from = session.view.presentationCenter(at: 0)
  let towards = CGPoint(x: from.x < region.midX ? 100 : -100, y: from.y < region.midY ? 60 : -60)
  let gesture = TouchGesture.drag(
    from: from, to: CGPoint(x: from.x + towards.x, y: from.y + towards.y), duration: 0.25,
    touchRate: 60)
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
