// The app's own snap-bench: every SnapLab command, with the button beside the built-ins.
import FloatingButton
import SnapAlgorithms
import SnapBench
SnapBench.main(adding: [
  FloatingButtonDock(), FloatingButtonDock(bug: .ignoresKeyboard),
  FloatingButtonDock(bug: .ignoresHomeIndicator),
  SwiftUIHosting(FloatingBubbleDock()), SwiftUIHosting(FloatingBubbleDock(bug: .ignoresCancel)),
])
