// Declarations with SwiftUI's names and signatures, just enough for the example's SwiftUI
// bubble to compile where SwiftUI does not exist (Linux). They do nothing: the bubble only ever
// runs on iOS, against the real SwiftUI; SnapLab runs its twin, `FloatingBubbleDock`.
//
// They also stand in for SwiftUI where the twin imports both SwiftUI and SnapLab: SwiftUI's
// names that a floating-button library might also pick (`Environment`, `EdgeInsets`,
// `Gesture`, `Spring`, `CoordinateSpace`, `Animation`, `Transaction`) are declared here, so
// that a SnapLab type of the same name would make the twin ambiguous and fail to build.
#if !canImport(SwiftUI)
  import Foundation

  public protocol View {
    associatedtype Body: View
    @MainActor var body: Body { get }
  }

  extension Never: View {
    public var body: Never { fatalError() }
  }

  @propertyWrapper
  public struct State<Value> {
    final class Box {
      var value: Value
      init(_ value: Value) { self.value = value }
    }
    let box: Box
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init() where Value: ExpressibleByNilLiteral { box = Box(nil) }
    // As SwiftUI's: a view's struct is immutable, its state is not.
    public var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding() }
  }

  public struct Binding<Value> {}

  @propertyWrapper
  public struct GestureState<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: GestureState<Value> { self }
  }

  @propertyWrapper
  public struct Environment<Value> {
    public init(_ keyPath: KeyPath<Never, Value>) {}
    public var wrappedValue: Value { fatalError() }
  }

  public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0
    public init() {}
  }

  public struct Transaction {}

  public enum CoordinateSpace { case local, global }

  public struct Spring { public init(response: Double, dampingRatio: Double) {} }

  public struct Animation: Sendable {
    public static func easeOut(duration: Double) -> Animation { Animation() }
    public static func spring(response: Double, dampingFraction: Double) -> Animation { Animation() }
  }

  @discardableResult
  public func withAnimation<Result>(_ animation: Animation? = nil, _ body: () throws -> Result)
    rethrows -> Result
  {
    try body()
  }

  public protocol Gesture {
    associatedtype Value
  }

  public struct DragGesture: Gesture {
    public struct Value: Equatable {
      public var time: Date
      public var location: CGPoint
      public var startLocation: CGPoint
      public var translation: CGSize
      public var velocity: CGSize
      public var predictedEndLocation: CGPoint
      public var predictedEndTranslation: CGSize
    }
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {}
    public func onChanged(_ action: @escaping (Value) -> Void) -> Self { self }
    public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
    public func updating<State>(
      _ state: GestureState<State>,
      body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> Self { self }
  }

  public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
  }

  public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
  }

  public struct Circle: View {
    public init() {}
    public var body: Never { fatalError() }
  }

  public struct ModifiedView: View {
    public var body: Never { fatalError() }
  }

  extension View {
    public func frame(width: CGFloat, height: CGFloat) -> ModifiedView { ModifiedView() }
    public func position(_ position: CGPoint) -> ModifiedView { ModifiedView() }
    public func gesture<G: Gesture>(_ gesture: G) -> ModifiedView { ModifiedView() }
    public func ignoresSafeArea() -> ModifiedView { ModifiedView() }
    public func onChange<V: Equatable>(
      of value: V, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> ModifiedView { ModifiedView() }
  }

  @resultBuilder
  public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  }
#endif
