#if canImport(UIKit)
  import UIKit

  /// The Objective-C target a display link and a recogniser need; it forwards to closures, so it
  /// keeps nothing alive. The one part of the adapter that needs the Objective-C runtime
  /// (`@objc`, `#selector`), apart so that the rest is type-checked on Linux.
  @MainActor
  final class FloatingItemTarget: NSObject {
    var tick: () -> Void = {}
    var panned: (UIPanGestureRecognizer) -> Void = { _ in }
    @objc func frame() { tick() }
    @objc func pan(_ recognizer: UIPanGestureRecognizer) { panned(recognizer) }

    /// A pan recogniser whose action is `panned`.
    func panRecognizer() -> UIPanGestureRecognizer {
      UIPanGestureRecognizer(target: self, action: #selector(pan(_:)))
    }

    /// A display link that calls `tick` every frame (not yet added to a run loop).
    func displayLink() -> CADisplayLink {
      CADisplayLink(target: self, selector: #selector(frame))
    }
  }
#endif
