import HostileAlgorithms
import SnapBench

// A user's bench with every hostile button beside SnapLab's algorithms.
SnapBench.main(adding: [HostileDock()] + HostileDock.Bug.allCases.map { HostileDock(bug: $0) })
