import Foundation

/// Every algorithm SnapLab ships, by the id users type.
public enum AlgorithmCatalogue {
  /// The ids, in the order `snap-bench list algorithms` prints them.
  public static let ids: [String] = all.map(\.id)

  /// A fresh instance of every algorithm.
  public static var all: [any SnapAlgorithm] {
    [
      PerAxisClampPublished(), EdgeDockPublished(), ForcedBoundaryEndPublished(),
      InsetCorrectionPublished(), PerAxisClampCorrected(), EdgeDockCorrected(),
      ForcedBoundaryEndCorrected(), InsetCorrectionCorrected(),
    ]
  }

  /// A fresh instance of the algorithm with this id (case-insensitive), or `nil`.
  public static func algorithm(id: String) -> (any SnapAlgorithm)? {
    let key = id.lowercased()
    return all.first { $0.id == key }
  }

  /// The article each published algorithm models, by id.
  public static let sources: [String: String] = [
    "per-axis-clamp.published": "003_70c38645883b83f7.txt",
    "edge-dock.published": "001_d8f14d75e4b70915.txt",
    "forced-boundary-end.published": "002_78ae52edd84c5145.txt",
    "inset-correction.published": "000_279aea33081fbdb0.txt",
  ]

  /// One line per algorithm for listings.
  public static let summaries: [String: String] = [
    "per-axis-clamp.published":
      "touches API; clamps each axis to the superview while dragging; no docking",
    "edge-dock.published":
      "touches API; clamps y to the screen while dragging; docks flush left/right, 0.5 s ease-in-out",
    "forced-boundary-end.published":
      "pan recogniser; ends the drag on entering a margin band; jumps to fixed margins",
    "inset-correction.published":
      "pan recogniser; docks left/right at centre 20 pt, corrects y for nav and tab bars, 0.6 s ease-out",
    "per-axis-clamp.corrected":
      "touches API; clamps each axis to the safe region while dragging and after a rotation",
    "edge-dock.corrected":
      "touches API; clamps to the safe region; docks flush on release or cancel; springs take the velocity",
    "forced-boundary-end.corrected":
      "pan recogniser; ends the drag at a 10 pt band of the safe region; docks at 10 pt margins",
    "inset-correction.corrected":
      "pan recogniser; docks flush by its centre, clear of the real bars and keyboard; 0.6 s ease-out",
  ]
}
