import Foundation
import HostileAlgorithms
import SnapBench

// A user's bench with every hostile button beside SnapLab's algorithms. The busy one (10 ms an
// event: slow, but within a frame) only when HOSTILE_BUSY=1: verifying it is right and takes
// minutes at the default budget, too long for the commands that run every algorithm.
let busy = ProcessInfo.processInfo.environment["HOSTILE_BUSY"] == "1"
SnapBench.main(
  adding: [HostileDock()]
    + HostileDock.Bug.allCases.filter { busy || $0 != .busy }.map { HostileDock(bug: $0) })
