import Foundation

// snap-bench: the command-line face of SnapLab. The first argument names the subcommand.
exitReporting {
  try SnapBench.main(Array(CommandLine.arguments.dropFirst()))
}
