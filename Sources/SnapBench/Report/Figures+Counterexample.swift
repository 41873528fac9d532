import Foundation
import SnapAlgorithms
import SnapVerification

/// The drawing of one counterexample: the device before and after its container changes, the
/// finger's path, and a magnified inset around the violation with its size.
extension Figures {
  /// What the inset measures: the part of the violation a reader should see, in points (or in
  /// the unit of a quantity the drawing compares).
  struct Measure {
    var amount: Double
    var unit: String
    /// In words, for the caption and the verdict: `2.5 pt past the safe region's bottom`.
    var text: String
  }

  /// What one counterexample drawing shows.
  struct CounterexampleDrawing {
    var svg: SVG
    /// The violation's size, when the drawing measures one.
    var measure: Measure?
  }

  /// Where a violation is and how large, worked out from its evidence.
  enum Focus {
    /// The item reaches `amount` pt past `region`'s `side`.
    case outside(side: Side, amount: Double, rect: CGRect, region: CGRect)
    /// The item is `amount` pt from where it should be (`expected`, the same size).
    case offset(amount: Double, rect: CGRect, expected: CGRect)
    /// The item stops `amount` pt short of `region`'s `side`, which it should touch.
    case gap(side: Side, amount: Double, rect: CGRect, region: CGRect)
    /// Released (or projected) `amount` pt to one side of `region`'s middle, it rests on the other.
    case midline(amount: Double, point: CGPoint, release: CGPoint, rect: CGRect, region: CGRect)
    /// A touch `amount` pt inside the item, shown at `rect`.
    case touch(amount: Double, finger: CGPoint, rect: CGRect)
    /// Two quantities that should agree (a speed, a time, a count), drawn as bars.
    case quantities(expected: Double, actual: Double, unit: String, expectedLabel: String, actualLabel: String)
    /// Nothing to measure: a frame that is not a number.
    case nothing(String)
  }

  enum Side: String { case left, right, top, bottom }

  /// The focus of `evidence` for `invariant` on `trajectory`.
  static func focus(
    of evidence: Violation?, invariant: Invariant, scenario: Scenario, trajectory: Trajectory,
    algorithm: any SnapAlgorithm
  ) -> Focus {
    guard let evidence else { return .nothing("no frame named") }
    if invariant == .nearestEdge, let release = trajectory.releaseCenter, let region = evidence.region,
      let rect = evidence.rect, rect.isFinite
    {
      let point = trajectory.projectedRelease(by: algorithm) ?? release
      return .midline(
        amount: abs(Double(point.x - region.midX)), point: point, release: release, rect: rect,
        region: region)
    }
    if invariant == .velocityContinuous {
      let finger = trajectory.releaseVelocity.map { Double(hypot($0.dx, $0.dy)) } ?? 0
      let handed = trajectory.handoffVelocity.map { Double(hypot($0.dx, $0.dy)) } ?? 0
      return .quantities(
        expected: finger, actual: handed, unit: "pt/s", expectedLabel: "finger at the lift",
        actualLabel: "motion starts at")
    }
    if invariant == .boundedFrameCost {
      let most = trajectory.frames.map(\.animationsInFlight).max() ?? 0
      return .quantities(
        expected: Double(Invariant.maximumAnimationsPerFrame), actual: Double(most),
        unit: "animations", expectedLabel: "the bound", actualLabel: "one frame evaluates")
    }
    if invariant == .tapIsNotDrag, evidence.defect == .dragFiresAction {
      // The drag's length against the pan's slop, past which a touch is a drag, not a tap.
      return .quantities(
        expected: Double(PanGestureRecognizer.defaultHysteresis), actual: evidence.magnitude.value,
        unit: "pt", expectedLabel: "a drag from", actualLabel: "the finger moved, and it fired")
    }
    guard let rect = evidence.rect, rect.isFinite else {
      return .nothing("the item's frame is not a finite number: it is lost")
    }
    guard let region = evidence.region, region.isFinite else {
      if invariant == .settles, let time = evidence.time, let release = trajectory.releaseTime,
        let motion = algorithm.releaseMotion
      {
        return .quantities(
          expected: motion.settleTime, actual: time - release, unit: "s",
          expectedLabel: "declared settle time", actualLabel: "still moving after")
      }
      return .nothing("the frame it names is drawn with a cross")
    }
    let excess: [(Side, Double)] = [
      (.left, Double(region.minX - rect.minX)), (.right, Double(rect.maxX - region.maxX)),
      (.top, Double(region.minY - rect.minY)), (.bottom, Double(rect.maxY - region.maxY)),
    ]
    if let worst = excess.max(by: { $0.1 < $1.1 }), worst.1 > 0.01 {
      return .outside(side: worst.0, amount: worst.1, rect: rect, region: region)
    }
    if abs(region.width - rect.width) < 0.5, abs(region.height - rect.height) < 0.5 {
      let amount = Double(hypot(rect.minX - region.minX, rect.minY - region.minY))
      if amount > 0.01 { return .offset(amount: amount, rect: rect, expected: region) }
      if let time = evidence.time,
        let finger = scenario.gesture.events.min(by: { abs($0.time - time) < abs($1.time - time) })?.location
      {
        let depth = min(
          Double(finger.x - rect.minX), Double(rect.maxX - finger.x), Double(finger.y - rect.minY),
          Double(rect.maxY - finger.y))
        return .touch(amount: depth, finger: finger, rect: rect)
      }
      return .nothing("the frame it names is drawn with a cross")
    }
    // Inside, short of the edges: the nearest side it does not touch.
    if let nearest = excess.filter({ $0.1 < -0.01 }).max(by: { $0.1 < $1.1 }) {
      return .gap(side: nearest.0, amount: -nearest.1, rect: rect, region: region)
    }
    return .nothing("it touches an edge its rule does not allow")
  }

  /// The segment from `a` to `b` cut to `box` (Liang–Barsky), or `nil` when none of it is inside.
  static func clip(_ a: CGPoint, _ b: CGPoint, to box: CGRect) -> (CGPoint, CGPoint)? {
    var t0 = 0.0, t1 = 1.0
    let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
    for (p, q) in [
      (-dx, Double(a.x - box.minX)), (dx, Double(box.maxX - a.x)),
      (-dy, Double(a.y - box.minY)), (dy, Double(box.maxY - a.y)),
    ] {
      if p == 0 {
        if q < 0 { return nil }
        continue
      }
      let r = q / p
      if p < 0 { if r > t1 { return nil }; t0 = max(t0, r) } else { if r < t0 { return nil }; t1 = min(t1, r) }
    }
    func at(_ t: Double) -> CGPoint { CGPoint(x: Double(a.x) + t * dx, y: Double(a.y) + t * dy) }
    return (at(t0), at(t1))
  }

  /// The four edges of `rect` as segments.
  static func edges(_ rect: CGRect) -> [(CGPoint, CGPoint)] {
    let a = CGPoint(x: rect.minX, y: rect.minY), b = CGPoint(x: rect.maxX, y: rect.minY)
    let c = CGPoint(x: rect.maxX, y: rect.maxY), d = CGPoint(x: rect.minX, y: rect.maxY)
    return [(a, b), (b, c), (c, d), (d, a)]
  }

  /// The finger's path while it is in `environment`'s window: the touch events from `from` to
  /// `until`, in order.
  static func fingerPath(_ gesture: TouchGesture, from: Double, until: Double) -> [CGPoint] {
    gesture.events.filter { $0.time >= from && $0.time < until && $0.location.x.isFinite && $0.location.y.isFinite }
      .map(\.location)
  }

  /// One counterexample drawn: the device in each container the run passes through (before,
  /// between and after its changes, up to four; once when there are none), the item's frames, the first failing frame or broken rest crossed, the
  /// finger's path dotted, and an inset magnified until the violation spans at least 10 px,
  /// with its size in points.
  static func counterexample(
    title: String, subtitle: [String], scenario: Scenario, trajectory: Trajectory,
    invariant: Invariant, evidence: Violation?, algorithm: any SnapAlgorithm
  ) -> CounterexampleDrawing {
    let baseWidth = 360.0
    let changes = scenario.gesture.containerChanges.map(\.time).filter(\.isFinite)
    let lastChange = changes.max()
    let final = trajectory.finalEnvironment
    let marks = [Mark(time: evidence?.time, invariant: invariant, detail: evidence?.prose.worded(.reader) ?? "")]
    let after = Path(
      label: lastChange == nil ? "every frame" : "after the last container change", colour: SVG.Palette.series[0],
      trajectory: trajectory, from: lastChange ?? -.infinity,
      marks: marks.filter { mark in mark.time.map { $0 >= (lastChange ?? -.infinity) } ?? true })
    var panels: [(String, ItemEnvironment, Path, [CGPoint])] = []
    // One panel for each container the run passes through — before the first change, between
    // changes, after the last — up to four: past that, the middle ones are left out.
    let times = Array(Set(changes)).sorted()
    var segments: [(from: Double, until: Double)] = []
    if let first = times.first {
      segments.append((-.infinity, first))
      for (start, end) in zip(times, times.dropFirst()) { segments.append((start, end)) }
    }
    if segments.count > 3 { segments = [segments[0], segments[1], segments[segments.count - 1]] }
    for (index, segment) in segments.enumerated() {
      var path = Path(
        label: index == 0 ? "before the first container change" : "between container changes",
        colour: SVG.Palette.series[0], trajectory: trajectory, from: segment.from)
      path.trajectory.frames = trajectory.frames.filter { $0.time < segment.until }
      path.trajectory.rest = path.trajectory.frames.last?.rect ?? .null
      path.marks = marks.filter { mark in
        mark.time.map { $0 >= segment.from && $0 < segment.until } ?? false
      }
      panels.append((
        index == 0 ? "before" : "from t = \(rounded(segment.from, places: 3)) s",
        scenario.environment(at: index == 0 ? -1 : segment.from), path,
        fingerPath(scenario.gesture, from: segment.from, until: segment.until)))
    }
    panels.append((
      lastChange.map { "from t = \(rounded($0, places: 3)) s" } ?? "the run", final, after,
      fingerPath(scenario.gesture, from: lastChange ?? -.infinity, until: .infinity)))
    // Overviews side by side, each as wide as its share of the picture allows.
    let gap = 10.0
    let shares = panels.map { panel -> Double in
      let b = panel.1.bounds
      return b.height > 0 ? Double(b.width / b.height) : 1
    }
    let totalShare = shares.reduce(0, +)
    let overviewHeight = min(250, (baseWidth - 16 - gap * Double(panels.count - 1)) / max(totalShare, 0.1))
    let top = 24.0 + 14 * Double(subtitle.count) + 18
    // The panels laid out side by side: each one's canvas, its height, and its label's place
    // (after the label before when that runs past its narrow panel).
    var layout: [(canvas: Canvas, height: Double, labelX: Double)] = []
    var labelsEnd = 0.0
    var panelX = 8.0
    let reaches = panels.map { reach(of: $0.1, paths: [$0.2]) }
    for (panel, reach) in zip(panels, reaches) {
      let bounds = panel.1.bounds
      let extent = reach.extent
      let scale = bounds.height > 0 ? overviewHeight / Double(bounds.height) : 1
      let labelX = max(panelX, labelsEnd + 8)
      layout.append((
        Canvas(
          originX: Double(extent.minX), originY: Double(extent.minY), scale: scale, left: panelX,
          top: top, limit: reach.pins ? extent : nil),
        Double(extent.height) * scale, labelX))
      labelsEnd = labelX + textWidth(panel.0)
      panelX += Double(extent.width) * scale + gap
    }
    // Wide enough for the title, the subtitles and the panels' labels, and for the overviews
    // themselves, which grow past their share when the item goes off the window.
    let width = max(
      baseWidth, 16 + textWidth(title, size: 12, bold: true), labelsEnd + 8,
      16 + (subtitle.map { textWidth($0) }.max() ?? 0), panelX - gap + 8)
    var body = SVG(width: width, height: 0, title: sentence(title, subtitle))
    if reaches.contains(where: \.farOff) { body.markClipped() }
    body.text(title, x: 8, y: 15, size: 12, weight: "bold")
    for (index, line) in subtitle.enumerated() {
      body.text(line, x: 8, y: 30 + 14 * Double(index), size: 11, fill: SVG.Palette.muted)
    }
    let focus = Self.focus(
      of: evidence, invariant: invariant, scenario: scenario, trajectory: trajectory, algorithm: algorithm)
    var lowest = top
    var finalCanvas: Canvas?
    for (index, (panel, place)) in zip(panels, layout).enumerated() {
      let canvas = place.canvas
      body.text(panel.0, x: place.labelX, y: top - 6, size: 11, fill: SVG.Palette.muted)
      drawWindow(panel.1, into: &body, canvas: canvas)
      draw(panel.2, into: &body, canvas: canvas)
      let finger = panel.3.map { canvas.point($0) }
      body.polyline(finger, stroke: SVG.Palette.ink, strokeWidth: 1, dash: "1 2")
      if let down = finger.first {
        body.circle(x: down.0, y: down.1, r: 2.5, fill: SVG.Palette.ink)
      }
      drawMarks(panel.2, into: &body, canvas: canvas)
      lowest = max(lowest, top + place.height)
      if index == panels.count - 1 { finalCanvas = canvas }
    }
    var y = lowest + 12
    var measure: Measure?
    // The inset: a square window around the violation, magnified.
    let side = 200.0
    let box = CGRect(x: 8, y: y, width: side, height: side)
    func inset(centre: CGPoint, span: Double) -> (CGRect, Double) {
      let half = max(span * 0.9, min(8, span * 6), 0.6)
      let window = CGRect(x: Double(centre.x) - half, y: Double(centre.y) - half, width: 2 * half, height: 2 * half)
      return (window, side / (2 * half))
    }
    var drawn: (window: CGRect, scale: Double)?
    switch focus {
    case .outside(let edge, let amount, let rect, let region), .gap(let edge, let amount, let rect, let region):
      let outside: Bool
      if case .outside = focus { outside = true } else { outside = false }
      let along = edge == .left || edge == .right
      let line = Double(edge == .left ? region.minX : edge == .right ? region.maxX : edge == .top ? region.minY : region.maxY)
      let itemEdge = Double(edge == .left ? rect.minX : edge == .right ? rect.maxX : edge == .top ? rect.minY : rect.maxY)
      let overlap = rect.intersection(region.insetBy(dx: -abs(CGFloat(amount)) - 1, dy: -abs(CGFloat(amount)) - 1))
      let cross = along ? Double((overlap.isNull ? rect : overlap).midY) : Double((overlap.isNull ? rect : overlap).midX)
      let mid = (line + itemEdge) / 2
      let centre = along ? CGPoint(x: mid, y: cross) : CGPoint(x: cross, y: mid)
      let (window, scale) = inset(centre: centre, span: amount)
      drawn = (window, scale)
      let where_ = regionName(region, in: final, invariant: invariant)
      measure = Measure(
        amount: amount, unit: "pt",
        text: outside
          ? "\(rounded(amount)) pt past the \(edge.rawValue) edge of \(where_)"
          : "\(rounded(amount)) pt short of the \(edge.rawValue) edge of \(where_)")
      drawInset(
        final, window: window, scale: scale, box: box, into: &body, rect: rect, region: region,
        expected: nil, finger: fingerPath(scenario.gesture, from: lastChange ?? -.infinity, until: .infinity))
      let lo = min(line, itemEdge), hi = max(line, itemEdge)
      let band = along
        ? CGRect(x: lo, y: Double(max(rect.minY, window.minY)), width: hi - lo, height: Double(min(rect.maxY, window.maxY) - max(rect.minY, window.minY)))
        : CGRect(x: Double(max(rect.minX, window.minX)), y: lo, width: Double(min(rect.maxX, window.maxX) - max(rect.minX, window.minX)), height: hi - lo)
      dimension(band, along: along, window: window, scale: scale, box: box, label: "\(rounded(amount)) pt", into: &body)
    case .offset(let amount, let rect, let expected):
      let centre = CGPoint(x: (rect.minX + expected.minX) / 2, y: (rect.minY + expected.minY) / 2)
      let (window, scale) = inset(centre: centre, span: amount)
      drawn = (window, scale)
      measure = Measure(amount: amount, unit: "pt", text: "\(rounded(amount)) pt from where it should be")
      drawInset(
        final, window: window, scale: scale, box: box, into: &body, rect: rect, region: nil, expected: expected,
        finger: fingerPath(scenario.gesture, from: lastChange ?? -.infinity, until: .infinity))
      spanLine(
        from: CGPoint(x: expected.minX, y: expected.minY), to: CGPoint(x: rect.minX, y: rect.minY), axis: "xy",
        window: window, scale: scale, box: box, label: "\(rounded(amount)) pt", into: &body)
    case .midline(let amount, let point, let release, let rect, let region):
      let centre = CGPoint(x: (Double(point.x) + Double(region.midX)) / 2, y: Double(point.y))
      let (window, scale) = inset(centre: centre, span: amount)
      drawn = (window, scale)
      let projected = point != release
      measure = Measure(
        amount: amount, unit: "pt",
        text: "\(projected ? "projected" : "released") \(rounded(amount)) pt \(point.x > region.midX ? "right" : "left") of the middle, it rests on the \(rect.midX > region.midX ? "right" : "left")")
      drawInset(
        final, window: window, scale: scale, box: box, into: &body, rect: rect, region: region, expected: nil,
        finger: fingerPath(scenario.gesture, from: lastChange ?? -.infinity, until: .infinity))
      func map(_ p: CGPoint) -> (Double, Double) {
        (Double(box.minX) + (Double(p.x) - Double(window.minX)) * scale, Double(box.minY) + (Double(p.y) - Double(window.minY)) * scale)
      }
      if let (a, b) = clip(CGPoint(x: region.midX, y: region.minY), CGPoint(x: region.midX, y: region.maxY), to: window) {
        let (pa, pb) = (map(a), map(b))
        body.line(x1: pa.0, y1: pa.1, x2: pb.0, y2: pb.1, stroke: SVG.Palette.ink, strokeWidth: 1.5, dash: "6 3")
        body.text("middle", x: pa.0 + 4, y: Double(box.minY) + 14, size: 11)
      }
      spanLine(
        from: CGPoint(x: region.midX, y: point.y), to: point, axis: "x", window: window, scale: scale, box: box,
        label: "\(rounded(amount)) pt", into: &body)
      let p = map(point)
      body.circle(x: p.0, y: p.1, r: 4, fill: SVG.Palette.screen, stroke: SVG.Palette.ink, strokeWidth: 1.5)
      body.text(projected ? "projected point" : "release point", x: min(p.0 + 6, Double(box.maxX) - 100), y: p.1 + 18, size: 11)
      if let canvas = finalCanvas {
        // In the overview too: the middle, and the point the rule chose from.
        let top = canvas.point(CGPoint(x: region.midX, y: region.minY))
        let bottom = canvas.point(CGPoint(x: region.midX, y: region.maxY))
        body.line(x1: top.0, y1: top.1, x2: bottom.0, y2: bottom.1, stroke: SVG.Palette.ink, strokeWidth: 1, dash: "6 3")
        let q = canvas.point(point)
        body.circle(x: q.0, y: q.1, r: 3, fill: SVG.Palette.screen, stroke: SVG.Palette.ink, strokeWidth: 1.5)
      }
    case .touch(let amount, let finger, let rect):
      let nearest = [
        (CGPoint(x: rect.minX, y: finger.y), "x"), (CGPoint(x: rect.maxX, y: finger.y), "x"),
        (CGPoint(x: finger.x, y: rect.minY), "y"), (CGPoint(x: finger.x, y: rect.maxY), "y"),
      ].min { hypot($0.0.x - finger.x, $0.0.y - finger.y) < hypot($1.0.x - finger.x, $1.0.y - finger.y) }
        ?? (finger, "x")
      let centre = CGPoint(x: (finger.x + nearest.0.x) / 2, y: (finger.y + nearest.0.y) / 2)
      let (window, scale) = inset(centre: centre, span: max(amount, 0.5))
      drawn = (window, scale)
      measure = Measure(amount: amount, unit: "pt", text: "a touch \(rounded(amount)) pt inside the item as shown")
      drawInset(
        final, window: window, scale: scale, box: box, into: &body, rect: rect, region: nil, expected: nil,
        finger: fingerPath(scenario.gesture, from: lastChange ?? -.infinity, until: .infinity))
      spanLine(from: nearest.0, to: finger, axis: nearest.1, window: window, scale: scale, box: box,
        label: "\(rounded(amount)) pt inside", into: &body)
      let p = (Double(box.minX) + (Double(finger.x) - Double(window.minX)) * scale, Double(box.minY) + (Double(finger.y) - Double(window.minY)) * scale)
      body.circle(x: p.0, y: p.1, r: 5, fill: SVG.Palette.ink)
    case .quantities(let expected, let actual, let unit, let expectedLabel, let actualLabel):
      let difference = abs(actual - expected)
      measure = Measure(
        amount: difference, unit: unit,
        text: "\(actualLabel) \(rounded(actual)) \(unit); \(expectedLabel) \(rounded(expected)) \(unit)")
      // Bars from a base chosen so the difference spans at least a fifth of them.
      let largest = max(expected, actual)
      let base = max(0, min(expected, actual) - difference * 4)
      let length = 220.0
      func bar(_ value: Double) -> Double { (value - base) / max(largest - base, 1e-9) * length }
      for (index, (label, value)) in [(expectedLabel, expected), (actualLabel, actual)].enumerated() {
        let rowY = Double(box.minY) + Double(index) * 44
        body.text("\(label): \(rounded(value)) \(unit)", x: 8, y: rowY + 12, size: 11)
        body.rect(x: 8, y: rowY + 18, width: bar(value), height: 14, fill: index == 0 ? SVG.Palette.series[0] : SVG.Palette.muted)
      }
      let lo = bar(min(expected, actual)), hi = bar(largest)
      body.rect(
        x: 8 + lo, y: Double(box.minY) + 18, width: hi - lo, height: 58, fill: SVG.Palette.warning, opacity: 0.35, data: [("data-violation", "x")])
      body.text(
        "difference \(rounded(difference)) \(unit)" + (base > 0 ? " (bars from \(rounded(base)))" : ""),
        x: 8, y: Double(box.minY) + 100, size: 11, fill: SVG.Palette.warningText, weight: "bold")
      y = Double(box.minY) + 110
    case .nothing(let reason):
      body.text(reason, x: 8, y: y + 12, size: 11, fill: SVG.Palette.warningText)
      y += 20
    }
    if let drawn {
      // The inset's frame, what it magnifies, and where it is in the overview.
      body.rect(x: Double(box.minX), y: Double(box.minY), width: side, height: side, stroke: SVG.Palette.ink, strokeWidth: 1)
      let across = Double(drawn.window.width)
      let notes = [
        "inset: \(rounded(across, places: across < 10 ? 1 : 0)) pt across",
        "magnified ×\(rounded(drawn.scale / (finalCanvas?.scale ?? 1), places: drawn.scale / (finalCanvas?.scale ?? 1) < 10 ? 1 : 0))",
        "dashed green: where", "it should stay", "dotted: the finger",
      ]
      for (index, note) in notes.enumerated() {
        body.text(note, x: Double(box.maxX) + 8, y: Double(box.minY) + 14 + 15 * Double(index), size: 11, fill: SVG.Palette.muted)
      }
      if let canvas = finalCanvas {
        let b = canvas.box(drawn.window)
        let w = max(b.width, 4), h = max(b.height, 4)
        // Where the inset is in the overview, kept on the canvas when the violation lies off
        // the screen's edge.
        let x = min(max(b.x + b.width / 2 - w / 2, 0), max(width - w, 0))
        let top = min(max(b.y + b.height / 2 - h / 2, 0), max(Double(box.minY) - 12 - h, 0))
        body.rect(x: x, y: top, width: w, height: h, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      }
      y = Double(box.maxY) + 6
    }
    body.height = y + 4
    return CounterexampleDrawing(svg: body, measure: measure)
  }

  /// A name for the region a violation names: the window, the safe region, or `region`.
  static func regionName(_ region: CGRect, in environment: ItemEnvironment, invariant: Invariant) -> String {
    if region == environment.bounds { return "the window" }
    if region == environment.safeRegion { return "the safe region" }
    return "the region it keeps to"
  }

  /// The magnified inset: the window (what lies off it grey), its bars, the region the item
  /// should keep to (dashed green), where it should be (`expected`, dashed green), the item
  /// (vermillion), and the finger's path, each cut to `window`.
  static func drawInset(
    _ environment: ItemEnvironment, window: CGRect, scale: Double, box: CGRect, into svg: inout SVG,
    rect: CGRect, region: CGRect?, expected: CGRect?, finger: [CGPoint]
  ) {
    func map(_ p: CGPoint) -> (Double, Double) {
      (Double(box.minX) + (Double(p.x) - Double(window.minX)) * scale, Double(box.minY) + (Double(p.y) - Double(window.minY)) * scale)
    }
    func fill(_ rect: CGRect, _ colour: String, opacity: Double? = nil) {
      let part = rect.intersection(window)
      guard !part.isNull, part.width > 0, part.height > 0 else { return }
      let a = map(CGPoint(x: part.minX, y: part.minY))
      svg.rect(x: a.0, y: a.1, width: Double(part.width) * scale, height: Double(part.height) * scale,
        fill: colour, opacity: opacity)
    }
    func outline(_ rect: CGRect, _ colour: String, width: Double, dash: String?) {
      for (a, b) in edges(rect) {
        guard let (p, q) = clip(a, b, to: window) else { continue }
        let (pa, pb) = (map(p), map(q))
        svg.line(x1: pa.0, y1: pa.1, x2: pb.0, y2: pb.1, stroke: colour, strokeWidth: width, dash: dash)
      }
    }
    fill(window, "#E4E4E4")
    fill(environment.bounds, SVG.Palette.screen)
    let insets = environment.safeAreaInsets
    let bounds = environment.bounds
    let statusBottom = bounds.minY + max(environment.statusBarHeight, insets.top)
    fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: statusBottom - bounds.minY), SVG.Palette.bar)
    if environment.navigationBarHeight > 0 {
      fill(CGRect(x: bounds.minX, y: statusBottom, width: bounds.width, height: environment.navigationBarHeight), SVG.Palette.bar)
    }
    let bottomInset = max(environment.tabBarHeight, insets.bottom)
    fill(CGRect(x: bounds.minX, y: bounds.maxY - bottomInset, width: bounds.width, height: bottomInset), SVG.Palette.bar)
    if let keyboard = environment.keyboardFrame { fill(keyboard, SVG.Palette.keyboard) }
    outline(environment.bounds, SVG.Palette.ink, width: 1, dash: nil)
    if let region, region != environment.bounds {
      outline(region, SVG.Palette.safe, width: 2, dash: "6 3")
    } else if region == nil {
      outline(environment.safeRegion, SVG.Palette.safe, width: 1, dash: "3 2")
    }
    if let expected {
      outline(expected, SVG.Palette.safe, width: 2, dash: "6 3")
    }
    fill(rect, SVG.Palette.warning, opacity: 0.12)
    outline(rect, SVG.Palette.warning, width: 2, dash: nil)
    for index in finger.indices.dropFirst() {
      guard let (p, q) = clip(finger[index - 1], finger[index], to: window) else { continue }
      let (pa, pb) = (map(p), map(q))
      svg.line(x1: pa.0, y1: pa.1, x2: pb.0, y2: pb.1, stroke: SVG.Palette.ink, strokeWidth: 1.2, dash: "1 2")
    }
  }

  /// The violation as a band between two edges, shaded, with a dimension line and its size.
  static func dimension(
    _ band: CGRect, along: Bool, window: CGRect, scale: Double, box: CGRect, label: String, into svg: inout SVG
  ) {
    let part = band.intersection(window)
    guard !part.isNull else { return }
    let x = Double(box.minX) + (Double(part.minX) - Double(window.minX)) * scale
    let y = Double(box.minY) + (Double(part.minY) - Double(window.minY)) * scale
    let w = Double(part.width) * scale, h = Double(part.height) * scale
    svg.rect(
      x: x, y: y, width: w, height: h, fill: SVG.Palette.warning, opacity: 0.45, data: [("data-violation", along ? "x" : "y")])
    // The dimension line across the band, and its label beside it, inside the inset.
    if along {
      let lineY = min(max(y + h / 2, Double(box.minY) + 24), Double(box.maxY) - 24)
      svg.line(x1: x, y1: lineY, x2: x + w, y2: lineY, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      svg.line(x1: x, y1: lineY - 6, x2: x, y2: lineY + 6, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      svg.line(x1: x + w, y1: lineY - 6, x2: x + w, y2: lineY + 6, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      let labelX = min(max(x + w / 2, Double(box.minX) + 34), Double(box.maxX) - 34)
      svg.text(label, x: labelX, y: lineY - 9, size: 12, anchor: .middle, fill: SVG.Palette.warningText, weight: "bold")
    } else {
      let lineX = min(max(x + w / 2, Double(box.minX) + 40), Double(box.maxX) - 40)
      svg.line(x1: lineX, y1: y, x2: lineX, y2: y + h, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      svg.line(x1: lineX - 6, y1: y, x2: lineX + 6, y2: y, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      svg.line(x1: lineX - 6, y1: y + h, x2: lineX + 6, y2: y + h, stroke: SVG.Palette.ink, strokeWidth: 1.2)
      let labelY = min(max(y + h / 2 + 4, Double(box.minY) + 14), Double(box.maxY) - 6)
      svg.text(label, x: lineX + 9, y: labelY, size: 12, fill: SVG.Palette.warningText, weight: "bold")
    }
  }

  /// The violation as a line from `from` to `to` (an offset, a distance past a line), with its size.
  static func spanLine(
    from: CGPoint, to: CGPoint, axis: String, window: CGRect, scale: Double, box: CGRect, label: String,
    into svg: inout SVG
  ) {
    guard let (a, b) = clip(from, to, to: window) else { return }
    func map(_ p: CGPoint) -> (Double, Double) {
      (Double(box.minX) + (Double(p.x) - Double(window.minX)) * scale, Double(box.minY) + (Double(p.y) - Double(window.minY)) * scale)
    }
    let (pa, pb) = (map(a), map(b))
    svg.line(
      x1: pa.0, y1: pa.1, x2: pb.0, y2: pb.1, stroke: SVG.Palette.warning, strokeWidth: 3, data: [("data-violation", axis)])
    let labelX = min(max((pa.0 + pb.0) / 2, Double(box.minX) + 40), Double(box.maxX) - 40)
    let labelY = min(max((pa.1 + pb.1) / 2 - 8, Double(box.minY) + 14), Double(box.maxY) - 6)
    svg.text(label, x: labelX, y: labelY, size: 12, anchor: .middle, fill: SVG.Palette.warningText, weight: "bold")
  }
}
