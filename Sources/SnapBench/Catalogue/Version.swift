/// SnapLab itself.
public enum SnapLab {
  /// SnapLab's version, as `snap-bench --version` prints it: the one place it is written.
  public static let version = "0.31.0"

  /// What `--version` prints for a tool called `toolName`: `snap-bench 0.31.0`, or for a bench
  /// of your own, `my-bench (SnapLab 0.31.0)`.
  static func versionLine(toolName: String) -> String {
    toolName == "snap-bench" ? "snap-bench \(version)" : "\(toolName) (SnapLab \(version))"
  }
}
