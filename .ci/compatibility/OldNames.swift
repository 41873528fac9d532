// A port as it was written against SnapLab 0.29's names. `.ci/run` type-checks it against the
// built modules with SnapLabCompatibility imported: it must still compile, and each old name
// must be the new type (the deprecation warnings it gets are the point, and are not counted).
import Foundation
import SnapAlgorithms
import SnapLabCompatibility

struct OldPort: SnapAlgorithm {
  var id = "test.old-port"
  let inputAPI = InputAPI.panGestureRecognizer
  var releaseMotion: Motion? = nil
  var dockingMargin: CGFloat? { nil }

  mutating func handlePan(
    _ recognizer: inout PanGestureRecognizer, view: inout ItemView, context: UIKitContext
  ) {
    let environment: Environment = context.environment
    let insets: EdgeInsets = environment.safeAreaInsets
    view.center.x = max(view.center.x, insets.left + view.bounds.width / 2)
  }
}

// Each old name is the new type: assigning one metatype to the other compiles only if so.
let environment: ItemEnvironment.Type = Environment.self
let insets: Insets.Type = EdgeInsets.self
let gesture: TouchGesture.Type = Gesture.self
let spring: DampedSpring.Type = Spring.self
let space: UIKitCoordinateSpace.Type = CoordinateSpace.self
let session: DragSimulation<OldPort>.Type = DragSession<OldPort>.self
