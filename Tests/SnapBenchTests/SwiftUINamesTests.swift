import Foundation
import Testing

/// A file that imports SwiftUI and SnapLab's modules can use every SnapLab type by its name
/// alone: no public type declared at the top level of `Sources/` has a name SwiftUI's public
/// types have. (Where they met, SnapLab's was renamed: `ItemEnvironment`, `Insets`,
/// `TouchGesture`, `DampedSpring`, `UIKitCoordinateSpace`, `DragSimulation`.)
@Suite("Names SwiftUI declares")
struct SwiftUINamesTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// SwiftUI's public top-level types (SwiftUICore's included: SwiftUI re-exports them), as
  /// Apple's documentation lists them, up to iOS 26. Nested types (`Image.Scale`) are left out:
  /// they cannot clash with a name used alone.
  static let swiftUITypes: Set<String> = [
    // App structure, scenes, windows, commands.
    "App", "Scene", "SceneBuilder", "WindowGroup", "Window", "UtilityWindow", "DocumentGroup",
    "DocumentGroupLaunchScene", "Settings", "MenuBarExtra", "ImmersiveSpace", "WindowStyle",
    "WindowResizability", "WindowLevel", "WindowLayoutRoot", "WindowPlacement",
    "WindowProxy", "ScenePhase", "ScenePadding", "SceneStorage", "Commands", "CommandMenu",
    "CommandGroup", "CommandGroupPlacement", "CommandsBuilder", "EmptyCommands",
    "DocumentConfiguration", "FileDocument", "ReferenceFileDocument", "FileDocumentConfiguration",
    "ReferenceFileDocumentConfiguration", "OpenWindowAction", "DismissWindowAction",
    "OpenURLAction", "OpenDocumentAction", "NewDocumentAction", "DismissAction",
    "OpenImmersiveSpaceAction", "DismissImmersiveSpaceAction", "PushWindowAction",
    "RefreshAction", "RenameAction", "AppStorage", "UIApplicationDelegateAdaptor",
    "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
    // Views, view building, modifiers.
    "View", "ViewBuilder", "ViewModifier", "EmptyModifier", "ModifiedContent", "AnyView",
    "EmptyView", "TupleView", "EquatableView", "Group", "ForEach", "ForEachSectionCollection",
    "ForEachSubviewCollection", "Subview", "SubviewsCollection", "SectionConfiguration",
    "SectionCollection", "ContainerValues", "ContainerValueKey", "ViewThatFits", "Preview",
    "PreviewProvider", "PreviewDevice", "PreviewPlatform", "PreviewContext", "PreviewModifier",
    "PreviewContextKey", "PreferenceKey", "ContentBuilder",
    // Text, images, labels.
    "Text", "TextField", "SecureField", "TextEditor", "TextSelection", "TextRenderer",
    "TextAlignment", "TextFieldStyle", "TextEditorStyle", "TextInputDictationBehavior",
    "Image", "AsyncImage", "AsyncImagePhase", "ImageRenderer", "Label",
    "LabeledContent", "LocalizedStringKey", "Font", "ScaledMetric",
    "SymbolRenderingMode", "SymbolVariants", "SubmitLabel", "SubmitTriggers",
    // Controls.
    "Button", "ButtonRole", "ButtonStyle", "PrimitiveButtonStyle", "EditButton", "PasteButton",
    "RenameButton", "ShareLink", "Link", "Toggle", "ToggleStyle", "Picker", "PickerStyle",
    "DatePicker", "DatePickerComponents", "MultiDatePicker", "ColorPicker", "Slider", "Stepper",
    "Gauge", "ProgressView", "Menu", "MenuStyle", "MenuButton", "ControlGroup", "ControlSize",
    "HelpLink", "ContentUnavailableView", "SearchFieldPlacement",
    "EditMode", "EditActions",
    // Containers, lists, navigation, presentation.
    "Form", "FormStyle", "List", "ListStyle", "Table", "TableColumn", "TableRow", "Section",
    "GroupBox", "DisclosureGroup", "OutlineGroup", "ScrollView", "ScrollViewReader",
    "ScrollViewProxy", "ScrollPosition", "ScrollGeometry", "ScrollPhase", "ScrollTarget",
    "ScrollTargetBehavior", "ScrollAnchorRole", "ScrollBounceBehavior", "ScrollIndicatorVisibility",
    "ScrollDismissesKeyboardMode", "NavigationStack", "NavigationSplitView", "NavigationView",
    "NavigationLink", "NavigationPath", "NavigationSplitViewVisibility",
    "NavigationSplitViewColumn", "TabView", "Tab", "TabSection", "TabViewStyle",
    "Alert", "ActionSheet", "PresentationDetent", "PresentationMode",
    "PresentationAdaptation", "ToolbarItem", "ToolbarItemGroup",
    "ToolbarItemPlacement", "ToolbarContent", "ToolbarContentBuilder", "ToolbarPlacement",
    "ToolbarRole", "ToolbarSpacer", "ToolbarTitleMenu", "CustomizableToolbarContent",
    // Layout.
    "Layout", "AnyLayout", "HStack", "VStack", "ZStack", "LazyHStack", "LazyVStack", "LazyHGrid",
    "LazyVGrid", "HStackLayout", "VStackLayout", "ZStackLayout", "Grid", "GridRow", "GridItem",
    "GridLayout", "Spacer", "Divider", "GeometryReader", "GeometryReader3D", "GeometryProxy",
    "GeometryProxy3D", "LayoutSubview", "LayoutSubviews", "LayoutProperties", "LayoutValueKey",
    "LayoutDirection", "ProposedViewSize", "ViewDimensions", "Alignment", "HorizontalAlignment",
    "VerticalAlignment", "AlignmentID", "Alignment3D", "DepthAlignment", "Edge", "Edge3D",
    "EdgeInsets", "EdgeInsets3D", "Axis", "Angle", "UnitPoint", "UnitPoint3D", "Anchor",
    "SafeAreaRegions", "ContentMode", "Visibility",
    "CoordinateSpace", "CoordinateSpaceProtocol", "NamedCoordinateSpace",
    "LocalCoordinateSpace", "GlobalCoordinateSpace", "Namespace", "ContainerRelativeShape",
    // Drawing, shapes, colours.
    "Canvas", "GraphicsContext", "TimelineView", "TimelineSchedule", "Path", "Shape",
    "InsettableShape", "AnyShape", "Circle", "Rectangle", "RoundedRectangle",
    "UnevenRoundedRectangle", "RectangleCornerRadii", "RoundedCornerStyle", "Capsule", "Ellipse",
    "OffsetShape", "RotatedShape", "ScaledShape", "TransformedShape", "StrokeStyle",
    "FillStyle", "Color", "ColorScheme", "ColorSchemeContrast", "ColorRenderingMode", "Gradient",
    "AnyGradient", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient",
    "MeshGradient", "Material", "ShapeStyle", "AnyShapeStyle", "ForegroundStyle",
    "BackgroundStyle", "HierarchicalShapeStyle", "ImagePaint", "SeparatorShapeStyle",
    "TintShapeStyle", "Shader", "ShaderLibrary", "BlendMode", "Glass", "GlassEffectContainer",
    "GlassEffectTransition", "ContentShapeKinds", "Prominence", "VisualEffect",
    // Animation and motion.
    "Animation", "Transaction", "TransactionKey", "Spring", "UnitCurve", "Animatable",
    "AnimatablePair", "EmptyAnimatableData", "AnimatableModifier", "CustomAnimation",
    "AnimationContext", "AnimationState", "AnimationStateKey", "AnimationCompletionCriteria",
    "Transition", "AnyTransition", "TransitionPhase", "TransitionProperties",
    "ContentTransition", "NavigationTransition", "MatchedGeometryProperties", "KeyframeAnimator",
    "KeyframeTrack", "KeyframeTimeline", "Keyframes", "KeyframeTrackContentBuilder",
    "KeyframesBuilder", "LinearKeyframe", "CubicKeyframe", "SpringKeyframe", "MoveKeyframe",
    "PhaseAnimator",
    // Gestures and input.
    "Gesture", "GestureState", "GestureMask", "AnyGesture", "DragGesture", "TapGesture",
    "SpatialTapGesture", "LongPressGesture", "MagnifyGesture", "MagnificationGesture",
    "RotateGesture", "RotateGesture3D", "RotationGesture", "SimultaneousGesture",
    "SequenceGesture", "ExclusiveGesture", "SpatialEventGesture", "SpatialEventCollection",
    "WindowDragGesture", "UIGestureRecognizerRepresentable", "NSGestureRecognizerRepresentable",
    "EventModifiers", "KeyPress", "KeyEquivalent", "KeyboardShortcut", "HoverPhase",
    "PointerStyle", "FocusState", "FocusedValue", "FocusedValues", "FocusedValueKey",
    "FocusedBinding", "FocusedObject", "FocusInteractions",
    // Drag and drop.
    "DragSession", "DropSession", "DragConfiguration", "DropConfiguration", "DropInfo",
    "DropDelegate", "DropProposal", "DropOperation",
    // Data flow.
    "State", "Binding", "Bindable", "Environment", "EnvironmentValues", "EnvironmentKey",
    "EnvironmentObject", "ObservedObject", "StateObject", "DynamicProperty",
    "DynamicViewContent", "DynamicTypeSize", "LegibilityWeight", "UserInterfaceSizeClass",
    // Platform integration.
    "UIViewRepresentable", "UIViewControllerRepresentable", "UIHostingController",
    "UIHostingConfiguration", "NSViewRepresentable", "NSViewControllerRepresentable",
    "NSHostingView", "NSHostingController", "WKInterfaceObjectRepresentable", "WKHostingController",
    "TouchBar", "AccessibilityActionKind", "AccessibilityTraits", "AccessibilityFocusState",
  ]

  /// The names of the public types declared at the top level (outside any braces) of every
  /// Swift file under `Sources/`, with the file each is in.
  static func publicTopLevelTypes() throws -> [(name: String, file: String)] {
    guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    else { return [] }
    let declaration = try Regex(
      #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)"#)
    var found: [(String, String)] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for line in topLevelLines(codeOnly(text)) {
        if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
          found.append((String(name), url.lastPathComponent))
        }
      }
    }
    return found
  }

  /// `text` with comments and string literals blanked (newlines kept), so that the braces
  /// left are the code's.
  static func codeOnly(_ text: String) -> String {
    let chars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    func blank(_ c: Unicode.Scalar) { out.append(c == "\n" ? "\n" : " ") }
    func starts(_ s: String, at j: Int) -> Bool {
      let scalars = Array(s.unicodeScalars)
      return j + scalars.count <= chars.count && Array(chars[j..<(j + scalars.count)]) == scalars
    }
    /// Skips a string literal starting at `i` (at its `#`s or quote), blanking its text and
    /// keeping the code of its interpolations.
    func string() {
      var hashes = 0
      while chars[i] == "#" { hashes += 1; blank(chars[i]); i += 1 }
      let triple = starts("\"\"\"", at: i)
      let quote = triple ? "\"\"\"" : "\""
      let close = quote + String(repeating: "#", count: hashes)
      let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
      for c in quote.unicodeScalars { blank(c) }
      i += quote.unicodeScalars.count
      while i < chars.count {
        if starts(close, at: i) {
          for c in close.unicodeScalars { blank(c) }
          i += close.unicodeScalars.count
          return
        }
        if starts(interpolation, at: i) {
          for c in interpolation.unicodeScalars { blank(c) }
          i += interpolation.unicodeScalars.count
          code(untilParenthesis: true)
          continue
        }
        if hashes == 0, chars[i] == "\\", i + 1 < chars.count {
          blank(chars[i]); blank(chars[i + 1]); i += 2
          continue
        }
        blank(chars[i]); i += 1
      }
    }
    /// Copies code from `i`; with `untilParenthesis`, stops after the `)` that closes an
    /// interpolation (blanked, like the rest of the string).
    func code(untilParenthesis: Bool) {
      var depth = 0
      while i < chars.count {
        let c = chars[i]
        if starts("//", at: i) {
          while i < chars.count, chars[i] != "\n" { blank(chars[i]); i += 1 }
        } else if starts("/*", at: i) {
          var nesting = 0
          repeat {
            if starts("/*", at: i) { nesting += 1; blank(chars[i]); blank(chars[i + 1]); i += 2 }
            else if starts("*/", at: i) { nesting -= 1; blank(chars[i]); blank(chars[i + 1]); i += 2 }
            else { blank(chars[i]); i += 1 }
          } while i < chars.count && nesting > 0
        } else if c == "\"" || (c == "#" && rawStringStarts(at: i)) {
          string()
        } else {
          if untilParenthesis {
            if c == "(" { depth += 1 }
            if c == ")" {
              if depth == 0 { blank(c); i += 1; return }
              depth -= 1
            }
          }
          out.append(c); i += 1
        }
      }
    }
    func rawStringStarts(at j: Int) -> Bool {
      var k = j
      while k < chars.count, chars[k] == "#" { k += 1 }
      return k < chars.count && chars[k] == "\""
    }
    code(untilParenthesis: false)
    return String(out)
  }

  /// The lines of `code` that start outside every brace.
  static func topLevelLines(_ code: String) -> [Substring] {
    var depth = 0
    var lines: [Substring] = []
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      if depth == 0 { lines.append(line) }
      for c in line {
        if c == "{" { depth += 1 } else if c == "}" { depth -= 1 }
      }
    }
    return lines
  }

  @Test("the scan finds SnapLab's public types, and only top-level ones")
  func scanFindsTheTypes() throws {
    let names = Set(try Self.publicTopLevelTypes().map(\.name))
    for expected in ["SnapAlgorithm", "ItemView", "Motion", "DeviceProfile", "Gen", "SnapBench"] {
      #expect(names.contains(expected), "the scan missed \(expected)")
    }
    // Nested, not top-level: `ItemView.Animation`, `PanGestureRecognizer.State`.
    #expect(!names.contains("Animation") && !names.contains("State"))
    #expect(names.count > 80)
  }

  @Test("no public SnapLab type has the name of a SwiftUI type")
  func noPublicTypeHasASwiftUIName() throws {
    // SnapLabCompatibility declares the six old names on purpose, as deprecated aliases for a
    // port written before they were renamed: a file imports it only to keep those names, and
    // no other module re-exports it. It holds those and nothing else.
    let all = try Self.publicTopLevelTypes()
    let compatibility = Set(all.filter { $0.file == "RenamedTypes.swift" }.map(\.name))
    #expect(
      compatibility
        == ["Environment", "EdgeInsets", "Gesture", "Spring", "CoordinateSpace", "DragSession"])
    let clashes = all.filter { Self.swiftUITypes.contains($0.name) && $0.file != "RenamedTypes.swift" }
      .sorted { $0.name < $1.name }
    #expect(
      clashes.isEmpty,
      """
      SwiftUI declares these names too, so a file importing both could not use them alone: \
      \(clashes.map { "\($0.name) (\($0.file))" }.joined(separator: ", "))
      """)
  }

  @Test("the blanking keeps code and drops comments and strings")
  func blanking() {
    let code = Self.codeOnly(
      #"""
      let a = "{ \(b["}"]) }" // {
      /* { /* } */ { */ public struct X {}
      let r = #"{"#
      """#)
    #expect(!code.contains("//") && code.contains("public struct X {}"))
    #expect(code.filter { $0 == "{" }.count == 1 && code.filter { $0 == "}" }.count == 1)
    #expect(code.contains("b[") && !code.contains("\"}\""))
  }
}
