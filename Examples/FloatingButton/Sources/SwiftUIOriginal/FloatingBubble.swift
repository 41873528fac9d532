import DockingGeometry
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#else
  import SwiftUIShim
#endif

/// The app's floating bubble in SwiftUI, as it ships: it follows the finger from where it was
/// grabbed, kept inside the safe area (the `GeometryReader` fills the screen and reports the
/// bars, the home indicator and the keyboard as its safe-area insets); when the finger lifts, or
/// the system cancels the drag, it docks 16 pt inside the nearer side with a 0.25 s ease-out;
/// when the safe area changes (a rotation, the keyboard) it docks again on the same side, at the
/// height it docked at as far as the new safe area allows. A bubble wider or taller than the
/// safe area stays on the screen. `FloatingBubbleDock` is the same code on SnapLab's SwiftUI
/// model, body for body.
struct FloatingBubble: View {
  let size = CGSize(width: 60, height: 60)
  let margin: CGFloat = 16
  /// Where the bubble is, in the reader's space (the screen's); `nil` until it is first placed.
  @State private var position: CGPoint?
  /// Where it was when the drag began; `nil` when no drag holds it.
  @State private var grabbed: CGPoint?
  /// The side it last docked on, and its height there.
  @State private var berth: Berth?
  @GestureState private var isDragging = false

  struct Berth: Equatable {
    var right: Bool
    var y: CGFloat
  }

  var body: some View {
    GeometryReader { proxy in
      Circle()
        .frame(width: size.width, height: size.height)
        .position(position ?? home(proxy))
        .gesture(
          DragGesture()
            .updating($isDragging) { _, dragging, _ in dragging = true }
            .onChanged { value in
              let start = grabbed ?? position ?? home(proxy)
              grabbed = start
              position = DockingGeometry.clamped(
                CGPoint(x: start.x + value.translation.width, y: start.y + value.translation.height),
                size: size, into: safeArea(proxy), within: screen(proxy))
            }
            .onEnded { _ in dock(proxy) }
        )
        // A cancelled drag calls no onEnded: SwiftUI only resets the gesture state.
        .onChange(of: isDragging) { _, dragging in
          if !dragging, grabbed != nil { dock(proxy) }
        }
        .onChange(of: safeArea(proxy)) { oldArea, newArea in
          guard grabbed == nil, let at = position else { return }
          let from = berth ?? Berth(right: at.x > oldArea.midX, y: at.y)
          berth = from
          position = DockingGeometry.dockedCenter(
            from: CGPoint(x: 0, y: from.y), size: size, margin: margin, right: from.right,
            in: newArea, within: screen(proxy))
        }
    }
    .ignoresSafeArea()
  }

  /// The whole screen, in the reader's space.
  func screen(_ proxy: GeometryProxy) -> CGRect { CGRect(origin: .zero, size: proxy.size) }

  /// The safe area in the reader's space: inside the bars, the home indicator and the keyboard.
  func safeArea(_ proxy: GeometryProxy) -> CGRect {
    let insets = proxy.safeAreaInsets
    return CGRect(
      x: insets.leading, y: insets.top,
      width: proxy.size.width - insets.leading - insets.trailing,
      height: proxy.size.height - insets.top - insets.bottom)
  }

  /// Where the bubble starts: docked right, halfway down.
  func home(_ proxy: GeometryProxy) -> CGPoint {
    let area = safeArea(proxy)
    return DockingGeometry.dockedCenter(
      from: CGPoint(x: area.maxX, y: area.midY), size: size, margin: margin, in: area,
      within: screen(proxy))
  }

  func dock(_ proxy: GeometryProxy) {
    grabbed = nil
    guard let from = position else { return }
    let area = safeArea(proxy)
    let target = DockingGeometry.dockedCenter(
      from: from, size: size, margin: margin, in: area, within: screen(proxy))
    berth = Berth(right: target.x > area.midX, y: target.y)
    withAnimation(.easeOut(duration: 0.25)) { position = target }
  }
}
