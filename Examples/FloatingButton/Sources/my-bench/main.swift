import FloatingButton
import SnapBench

// The app's own snap-bench: every SnapLab command, with the button beside the built-ins.
SnapBench.main(adding: [FloatingButtonDock(), FloatingButtonDock(bug: .ignoresKeyboard)])
