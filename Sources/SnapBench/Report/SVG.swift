import Foundation
import SnapAlgorithms

/// A small SVG writer: shapes and text in user units, escaped, with numbers printed short.
///
/// Every drawing SnapLab writes is one `SVG`: a standalone file with its own title, readable on
/// its own, and inlined in the report's page (`inline(id:)`), where it scales with the page.
/// No text is smaller than `smallestText`.
struct SVG {
  let width: Double
  /// The height: a picture laid out top down may set it once it knows.
  var height: Double
  /// What the picture shows, as `<title>` (shown by browsers and screen readers).
  let title: String
  /// One element of the picture: its markup and, for a line that ends in a marker, the
  /// marker's id, referred to as its document says (a page that inlines several pictures gives
  /// each one's ids a prefix of its own).
  struct Element {
    var markup: String
    var markerEnd: String? = nil

    /// The element, its marker referred to as `idPrefix` + its id.
    func written(idPrefix: String) -> String {
      guard let markerEnd else { return markup }
      return markup + " marker-end=\"url(#\(idPrefix)\(markerEnd))\"/>"
    }
  }

  private(set) var body: [Element] = []

  init(width: Double, height: Double, title: String) {
    self.width = width
    self.height = height
    self.title = title
  }

  /// The palette of Okabe and Ito (2008), distinguishable with every common colour-vision
  /// deficiency and in print; `warning` is its vermillion, always paired with a shape.
  enum Palette {
    static let series = [
      "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442",
    ]
    static let warning = "#D55E00"
    /// For the gestures of a trajectory picture: the series less vermillion (kept for what
    /// breaks an invariant) and yellow (too pale on white), plus Tol's olive.
    static let gestures = [
      "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#000000", "#999933",
    ]
    /// Vermillion darkened for text: 6.9:1 on white and 5.1:1 on a bar's grey, where the bright
    /// one is 3.8:1 on white.
    static let warningText = "#9A3D00"
    /// A light wash of vermillion behind what breaks an invariant.
    static let warningWash = "#FBE3D6"
    static let ink = "#222222"
    /// Secondary text and axes: 7:1 on white and 5.1:1 on a bar's grey, so text in it stays
    /// above 4.5:1 wherever it is drawn.
    static let muted = "#595959"
    static let screen = "#FFFFFF"
    static let bar = "#DDDDDD"
    static let keyboard = "#C8C8C8"
    static let safe = "#009E73"
    /// Dash patterns that go with `gestures`, one each, so that grey-scale print still tells
    /// every series apart (`nil`: solid).
    static let dashes: [String?] = [nil, "6 3", "2 2", "8 3 2 3", "4 2 1 2", "1 3", "10 4"]
  }

  /// The smallest font size any text is drawn at, in pixels at the picture's own size.
  static let smallestText = 11.0

  /// How far from the origin, in user units, a coordinate may be drawn: every picture is a few
  /// hundred units across, so anything beyond is off the picture anyway and is drawn at the
  /// limit (a value that is not a number, at 0). `document` then says so in a note.
  static let coordinateLimit = 100_000.0

  /// Whether `value` would be drawn clipped (`number` moves it).
  static func isClipped(_ value: Double) -> Bool {
    !value.isFinite || value.magnitude > coordinateLimit
  }

  /// A number as SVG wants it: at most two decimals, no trailing zeros, never NaN or infinite;
  /// beyond `coordinateLimit` it is the limit.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "0" : number(value < 0 ? -coordinateLimit : coordinateLimit) }
    let value = min(max(value, -coordinateLimit), coordinateLimit)
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e12 { return String(Int(rounded)) }
    // Hundredths, written without trailing zeros: `1.5`, `-0.25`.
    let cents = Int((abs(rounded) * 100).rounded())
    let fraction = cents % 100
    let decimals = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
    return (rounded < 0 ? "-" : "") + String(cents / 100) + "." + decimals
  }

  static func escape(_ text: String) -> String { xmlEscaped(text) }

  private static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
  }

  mutating func raw(_ element: String) { body.append(Element(markup: element)) }

  /// Whether something in this picture could not be drawn where it is (not a number, or beyond
  /// `coordinateLimit`) and was drawn clipped; the document then carries a note saying so.
  private(set) var clipped = false

  /// Notes that something was drawn pinned to the picture's edge, far from where it lies.
  mutating func markClipped() { clipped = true }

  private mutating func note(_ a: Double, _ b: Double = 0, _ c: Double = 0, _ d: Double = 0) {
    if !clipped, Self.isClipped(a) || Self.isClipped(b) || Self.isClipped(c) || Self.isClipped(d) {
      clipped = true
    }
  }

  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String = "none",
    stroke: String? = nil, strokeWidth: Double = 1, dash: String? = nil, opacity: Double? = nil,
    radius: Double? = nil, data: [(String, String)] = []
  ) {
    note(x, y, width, height)
    var pairs = [
      ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(max(width, 0))),
      ("height", Self.number(max(height, 0))), ("fill", fill),
    ]
    if let stroke {
      pairs += [("stroke", stroke), ("stroke-width", Self.number(strokeWidth))]
    }
    if let dash { pairs.append(("stroke-dasharray", dash)) }
    if let opacity { pairs.append(("fill-opacity", Self.number(opacity))) }
    if let radius { pairs += [("rx", Self.number(radius)), ("ry", Self.number(radius))] }
    element("rect", pairs + data)
  }

  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, strokeWidth: Double = 1,
    dash: String? = nil, markerEnd: String? = nil, data: [(String, String)] = []
  ) {
    note(x1, y1, x2, y2)
    var pairs = [
      ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
      ("y2", Self.number(y2)), ("stroke", stroke), ("stroke-width", Self.number(strokeWidth)),
    ]
    if let dash { pairs.append(("stroke-dasharray", dash)) }
    guard let markerEnd else { return element("line", pairs + data) }
    // Its marker is referred to last, when the document is written (`Element`).
    body.append(Element(markup: "<line\(Self.attributes(pairs + data))", markerEnd: markerEnd))
  }

  mutating func polyline(
    _ points: [(Double, Double)], stroke: String, strokeWidth: Double = 1, dash: String? = nil
  ) {
    guard points.count > 1 else { return }
    for point in points { note(point.0, point.1) }
    let text = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
    var pairs = [
      ("points", text), ("fill", "none"), ("stroke", stroke),
      ("stroke-width", Self.number(strokeWidth)), ("stroke-linejoin", "round"),
    ]
    if let dash { pairs.append(("stroke-dasharray", dash)) }
    element("polyline", pairs)
  }

  mutating func circle(
    x: Double, y: Double, r: Double, fill: String, stroke: String? = nil, strokeWidth: Double? = nil
  ) {
    note(x, y, r)
    var pairs = [("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(r)), ("fill", fill)]
    if let stroke { pairs.append(("stroke", stroke)) }
    if let strokeWidth { pairs.append(("stroke-width", Self.number(strokeWidth))) }
    element("circle", pairs)
  }

  /// A cross, for what breaks an invariant: a shape, not only a colour.
  mutating func cross(
    x: Double, y: Double, size: Double, stroke: String, strokeWidth: Double = 1.5
  ) {
    line(
      x1: x - size, y1: y - size, x2: x + size, y2: y + size, stroke: stroke,
      strokeWidth: strokeWidth)
    line(
      x1: x - size, y1: y + size, x2: x + size, y2: y - size, stroke: stroke,
      strokeWidth: strokeWidth)
  }

  enum Anchor: String { case start, middle, end }

  mutating func text(
    _ content: String, x: Double, y: Double, size: Double = 11, anchor: Anchor = .start,
    fill: String = Palette.ink, weight: String? = nil, rotate: Double? = nil
  ) {
    note(x, y)
    var pairs = [
      ("x", Self.number(x)), ("y", Self.number(y)),
      ("font-size", Self.number(max(size, Self.smallestText))),
      ("text-anchor", anchor.rawValue), ("fill", fill),
    ]
    if let weight { pairs.append(("font-weight", weight)) }
    if let rotate {
      pairs.append(("transform", "rotate(\(Self.number(rotate)) \(Self.number(x)) \(Self.number(y)))"))
    }
    body.append(Element(markup: "<text\(Self.attributes(pairs))>\(Self.escape(content))</text>"))
  }

  // No shape carries a tooltip (`<title>`): what a picture says, its text says, so that a
  // reader on a phone, in print or with a screen reader's browse mode misses nothing. The one
  // `<title>` is the picture's own, which repeats its drawn title.
  private mutating func element(_ name: String, _ pairs: [(String, String)]) {
    body.append(Element(markup: "<\(name)\(Self.attributes(pairs))/>"))
  }

  /// The whole document, a standalone SVG file.
  var document: String {
    (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"] + elements(idPrefix: ""))
      .joined(separator: "\n") + "\n"
  }

  /// The picture as an `<svg>` element inside an HTML page: no XML declaration, and every id it
  /// defines (and every reference to one) prefixed with `id`, so that many pictures share a page.
  func inline(id: String) -> String {
    elements(idPrefix: id + "-").joined(separator: "\n")
  }

  private func elements(idPrefix: String) -> [String] {
    // Inside an HTML page the parser knows the namespace; a file needs it said.
    let namespace = idPrefix.isEmpty ? "xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" " : ""
    let head =
      "<svg \(namespace)width=\"\(Self.number(width))\" "
      + "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
      + "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" role=\"img\">"
    let defs =
      "<defs><marker id=\"\(idPrefix)arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
      + "markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" "
      + "fill=\"#222222\"/></marker></defs>"
    var body = body.map { $0.written(idPrefix: idPrefix) }
    if clipped {
      body.append(
        "<text x=\"4\" y=\"\(Self.number(height - 4))\" font-size=\"11\" fill=\"\(Palette.warningText)\">"
          + "Clipped: part of this picture is not a number or lies far outside it, and is drawn at "
          + "its edge.</text>")
    }
    return [head, "<title>\(Self.escape(title))</title>", defs] + body + ["</svg>"]
  }
}
