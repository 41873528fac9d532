// Compiled where UIKit is; on Linux, CI type-checks it against the declarations in
// UIKitInterfaceStub.swift (`-D SNAPLAB_UIKIT_STUB`, see .ci/run), so it cannot rot unseen.
#if canImport(UIKit) || SNAPLAB_UIKIT_STUB
  #if canImport(UIKit)
    import UIKit
  #else
    import Foundation
  #endif

  /// Wires any `SnapAlgorithm` to a real view: touches and a pan recogniser in, a display link
  /// out. It holds no logic of its own — every decision is the algorithm's, every position the
  /// tested `ItemView` model's — so what `swift test` checks is what ships. (It is only
  /// type-checked on Linux, where SnapLab is tested; keep it this thin.)
  ///
  /// ```swift
  /// let bubble = FloatingItemView(frame: CGRect(x: 16, y: 200, width: 60, height: 60))
  /// view.addSubview(bubble)
  /// controller = FloatingItemController(FluidDock(mode: .corners), item: bubble)
  /// ```
  ///
  /// The container is the item's superview. Its `safeAreaInsets` already include the bars of
  /// the view controller it belongs to, so the environment the algorithm sees is its bounds,
  /// those insets and the keyboard. Every display frame the item is shown where the model says
  /// (which is what lets `fluid-dock` be caught in flight and keep a spring on screen), and a
  /// change of the container (rotation, Split View, insets, keyboard) is passed on.
  @MainActor
  public final class FloatingItemController<Algorithm: SnapAlgorithm> {
    public private(set) var algorithm: Algorithm
    private var model: ItemView
    private weak var item: FloatingItemView?
    private let target = FloatingItemTarget()
    private var pan: PanGestureRecognizer?
    private var tracker = VelocityTracker()
    private var keyboard: CGRect?
    private var environment: ItemEnvironment?
    nonisolated(unsafe) private var link: CADisplayLink?
    nonisolated(unsafe) private var observer: NSObjectProtocol?

    public init(_ algorithm: Algorithm, item: FloatingItemView) {
      self.algorithm = algorithm
      self.item = item
      model = ItemView(center: item.center, size: item.bounds.size)
      target.tick = { [weak self] in self?.frame() }
      target.panned = { [weak self] in self?.panned($0) }
      item.touchHandler = { [weak self] in self?.touch($0, at: $1) }
      if case .panGestureRecognizer = algorithm.inputAPI {
        item.addGestureRecognizer(target.panRecognizer())
      }
      observer = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
      ) { [weak self] note in
        let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect) ?? .null
        MainActor.assumeIsolated { self?.keyboardMoved(to: frame) }
      }
      let link = target.displayLink()
      link.add(to: .main, forMode: .common)
      self.link = link
    }

    deinit {
      link?.invalidate()
      if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    private func context(_ environment: ItemEnvironment, velocity: CGVector = .zero) -> UIKitContext {
      let now = CACurrentMediaTime()
      // Animations the algorithm starts with UIKit's spellings begin now.
      model.currentTime = now
      return UIKitContext(time: now, environment: environment, fingerVelocity: velocity)
    }

    /// One display frame: pass on a container change, then show the item where the model says.
    private func frame() {
      if let new = currentEnvironment(), new != environment {
        if let old = environment {
          algorithm.environmentDidChange(from: old, view: &model, context: context(new))
        } else {
          algorithm.didLoad(in: new)
        }
        environment = new
      }
      let now = CACurrentMediaTime()
      model.removeFinishedAnimations(at: now)
      item?.center = model.presentationCenter(at: now)
      // A UIView animation without .allowUserInteraction ignores touches; the model says when.
      item?.isUserInteractionEnabled = model.acceptsTouches(at: now)
      item?.isHidden = model.isHidden
      item?.alpha = model.alpha
    }

    private func touch(_ phase: TouchPhase, at location: CGPoint) {
      guard let environment else { return }
      let now = CACurrentMediaTime()
      if phase == .began { tracker.begin(at: location, time: now) }
      if phase == .moved { tracker.move(to: location, time: now) }
      let context = context(environment, velocity: tracker.velocity)
      let touch = Touch(locationInWindow: location)
      switch phase {
      case .began: algorithm.touchesBegan(touch, view: &model, context: context)
      case .moved: algorithm.touchesMoved(touch, view: &model, context: context)
      case .ended: algorithm.touchesEnded(touch, view: &model, context: context)
      case .cancelled: algorithm.touchesCancelled(touch, view: &model, context: context)
      }
      frame()
    }

    private func panned(_ recognizer: UIPanGestureRecognizer) {
      guard let environment, let container = item?.superview else { return }
      var state = pan ?? PanGestureRecognizer(touchDownAt: recognizer.location(in: container))
      state.location = recognizer.location(in: container)
      state.setTranslation(recognizer.translation(in: container), in: .window)
      let velocity = recognizer.velocity(in: container)
      state.velocity = CGVector(dx: velocity.x, dy: velocity.y)
      switch recognizer.state {
      case .began: state.recognizedState = .began
      case .changed: state.recognizedState = .changed
      case .ended: state.recognizedState = .ended
      case .cancelled, .failed: state.recognizedState = .cancelled
      default: return
      }
      let context = context(environment, velocity: state.velocity)
      algorithm.handlePan(&state, view: &model, context: context)
      if let requested = state.requestedState, requested == .ended || requested == .cancelled,
        state.recognizedState != .ended, state.recognizedState != .cancelled
      {
        // The algorithm ended the gesture itself (`state = .ended`, `setState:`): it hears so,
        // and UIKit's stops.
        state.recognizedState = requested
        state.requestedState = nil
        algorithm.handlePan(&state, view: &model, context: context)
        recognizer.isEnabled = false
        recognizer.isEnabled = true
      }
      // A request is acted on when the action returns, or not at all: none carries over.
      state.requestedState = nil
      pan = state.recognizedState == .began || state.recognizedState == .changed ? state : nil
      frame()
    }

    private func keyboardMoved(to frame: CGRect) {
      guard let container = item?.superview, !frame.isNull else { return }
      let local = container.convert(frame, from: nil)
      keyboard = local.intersects(container.bounds) ? local : nil
    }

    private func currentEnvironment() -> ItemEnvironment? {
      guard let container = item?.superview, let window = container.window else { return nil }
      let insets = container.safeAreaInsets
      return ItemEnvironment(
        name: "this window", bounds: container.bounds,
        screenBounds: container.convert(window.screen.bounds, from: nil),
        safeAreaInsets: Insets(
          top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right),
        keyboardFrame: keyboard, refreshRate: window.screen.maximumFramesPerSecond)
    }
  }

  /// The floating item: its touches go to its controller, as the touches API expects (a pan
  /// recogniser's view gets them too, until the pan begins).
  @MainActor
  open class FloatingItemView: UIView {
    var touchHandler: ((TouchPhase, CGPoint) -> Void)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
      forward(.began, touches)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
      forward(.moved, touches)
    }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
      forward(.ended, touches)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
      forward(.cancelled, touches)
    }

    private func forward(_ phase: TouchPhase, _ touches: Set<UITouch>) {
      guard let touch = touches.first, let container = superview else { return }
      touchHandler?(phase, touch.location(in: container))
    }
  }

#endif
