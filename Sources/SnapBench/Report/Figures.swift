import Foundation
import SnapAlgorithms
import SnapVerification

/// The drawings of `snap-bench report` and `trace --format svg`.
enum Figures {
  // MARK: The device with trajectories

  /// One path to draw on a device: a simulated gesture, its colour, dash and name.
  struct Path {
    var label: String
    var colour: String
    var trajectory: Trajectory
    /// Draw only the frames from this time on (the part shown in this environment).
    var from: Double = -.infinity
    /// The line's dash pattern (`nil`: solid), so grey-scale print tells paths apart.
    var dash: String? = nil
    /// What breaks an invariant on this path: drawn in the warning colour with a cross.
    var marks: [Mark] = []
  }

  /// An invariant a path breaks: at the frame at `time`, or at rest when `time` is `nil`.
  struct Mark {
    var time: Double?
    /// The invariant it breaks, when the mark is one's.
    var invariant: Invariant?
    /// What goes wrong, for a reader.
    var detail: String

    /// `on-screen: rest frame at t = 0.067 is …`.
    var text: String { (invariant.map { $0.rawValue + ": " } ?? "") + detail }
  }

  /// Maps container points to the picture's pixels.
  struct Canvas {
    var originX: Double
    var originY: Double
    var scale: Double
    var left: Double
    var top: Double
    /// What the picture shows, in points: anything beyond it (an item flung thousands of points
    /// off the screen) is drawn pinned to its edge, never outside the picture.
    var limit: CGRect? = nil
    func x(_ value: CGFloat) -> Double { left + (Double(pinned(value, \.minX, \.maxX)) - originX) * scale }
    func y(_ value: CGFloat) -> Double { top + (Double(pinned(value, \.minY, \.maxY)) - originY) * scale }
    func point(_ point: CGPoint) -> (Double, Double) { (x(point.x), y(point.y)) }
    func box(_ rect: CGRect) -> (x: Double, y: Double, width: Double, height: Double) {
      guard let limit, !limit.isNull, rect.isFinite, !limit.contains(rect) else {
        return (x(rect.minX), y(rect.minY), Double(rect.width) * scale, Double(rect.height) * scale)
      }
      let minX = x(rect.minX), minY = y(rect.minY)
      return (minX, minY, x(rect.maxX) - minX, y(rect.maxY) - minY)
    }
    private func pinned(_ value: CGFloat, _ low: KeyPath<CGRect, CGFloat>, _ high: KeyPath<CGRect, CGFloat>)
      -> CGFloat
    {
      guard let limit, !limit.isNull, value.isFinite else { return value }
      return min(max(value, limit[keyPath: low]), limit[keyPath: high])
    }
  }

  /// How wide a line of text is drawn, near enough to lay a picture out (DejaVu Sans).
  static func textWidth(_ text: String, size: Double = SVG.smallestText, bold: Bool = false) -> Double {
    Double(text.count) * size * (bold ? 0.7 : 0.6)
  }

  /// A number for a reader: at most `places` decimals, no trailing zeros.
  static func rounded(_ value: Double, places: Int = 1) -> String {
    guard value.isFinite else { return describeNumber(value) }
    let factor = pow(10, Double(places))
    return formatNumber((value * factor).rounded() / factor)
  }

  /// What a picture of the paths shows, from one pass over their frames.
  struct Reach {
    /// Where everything the paths draw lies: the window, and every finite frame and rest,
    /// within half a window on each side (`farthest`).
    var extent: CGRect
    /// Whether anything lies beyond `extent`: then the picture pins everything to it
    /// (`Canvas.limit`); otherwise nothing is pinned.
    var pins: Bool
    /// Whether something lies so far off (beyond SVG's coordinate limit) that the picture must
    /// say it was clipped.
    var farOff: Bool
  }

  /// What a picture of `environment` and `paths` (and `extra` rects) shows.
  static func reach(
    of environment: ItemEnvironment, paths: [Path], including extra: [CGRect] = []
  ) -> Reach {
    let all = everything(of: environment, paths: paths, including: extra)
    let extent = all.intersection(farthest(environment))
    return Reach(
      extent: extent, pins: !extent.contains(all),
      farOff: all.isNull || !(max(all.width, all.height) < SVG.coordinateLimit))
  }

  /// The most a picture of `environment` shows: the window and half a window on each side.
  static func farthest(_ environment: ItemEnvironment) -> CGRect {
    let bounds = environment.bounds
    return bounds.insetBy(dx: -bounds.width / 2, dy: -bounds.height / 2)
  }

  /// The window, and every finite frame and rest of the paths.
  private static func everything(
    of environment: ItemEnvironment, paths: [Path], including extra: [CGRect]
  ) -> CGRect {
    var extent = extra.filter(\.isFinite).reduce(environment.bounds) { $0.union($1) }
    for path in paths {
      for frame in path.trajectory.frames where frame.time >= path.from && frame.rect.isFinite {
        extent = extent.union(frame.rect)
      }
      if path.trajectory.rest.isFinite { extent = extent.union(path.trajectory.rest) }
    }
    return extent
  }

  /// The device drawn to scale — window, status and navigation bars, tab bar, keyboard, and the
  /// safe region dashed, with a 100 pt scale bar — with each path's frames as dots one display
  /// frame apart, joined, its first frame as a ring and its rest frame outlined. The picture grows
  /// to show whatever lies off the window (within half a window on each side). With `key`, the
  /// paths are named below; with `replay`, each path's item moves as it did, in a loop (SMIL).
  /// `overlay` draws more, through the same mapping.
  static func device(
    _ environment: ItemEnvironment, paths: [Path], title: String, subtitle subtitleLines: [String] = [],
    width requested: Double? = nil, key: Bool = true, replay: Bool = false,
    including extra: [CGRect] = [], overlay: ((inout SVG, Canvas) -> Void)? = nil
  ) -> SVG {
    let bounds = environment.bounds
    // Portrait phones at 170 px; a landscape window wider, so it stays legible.
    let width = requested ?? (bounds.width > bounds.height ? 330 : 170)
    let scale = bounds.width > 0 ? width / Double(bounds.width) : 1
    let reach = reach(of: environment, paths: paths, including: extra)
    let extent = reach.extent
    let top = 24.0 + 14 * Double(subtitleLines.count) + (subtitleLines.isEmpty ? 0 : 2)
    let keyLines = key ? paths.count : 0
    let drawingHeight = Double(extent.height) * scale
    let height = top + drawingHeight + 26 + 15 * Double(keyLines) + 4
    // Wide enough for the title, the subtitle and the key.
    let longestText = max(
      textWidth(title, size: 12, bold: true), subtitleLines.map { textWidth($0) }.max() ?? 0,
      key ? (paths.map { textWidth($0.label) }.max() ?? 0) + 32 : 0)
    let svgWidth = max(Double(extent.width) * scale + 16, longestText + 16)
    var svg = SVG(width: svgWidth, height: height, title: Self.sentence(title, subtitleLines))
    if reach.farOff { svg.markClipped() }
    let canvas = Canvas(
      originX: Double(extent.minX), originY: Double(extent.minY), scale: scale, left: 8, top: top,
      limit: reach.pins ? extent : nil)
    svg.text(title, x: 8, y: 15, size: 12, weight: "bold")
    for (index, line) in subtitleLines.enumerated() {
      svg.text(line, x: 8, y: 30 + 14 * Double(index), size: 11, fill: SVG.Palette.muted)
    }
    drawWindow(environment, into: &svg, canvas: canvas)
    for path in paths { draw(path, into: &svg, canvas: canvas) }
    if replay { Self.replay(paths, into: &svg, canvas: canvas) }
    for path in paths { drawMarks(path, into: &svg, canvas: canvas) }
    // The scale bar and the key, under the drawing.
    let barY = top + drawingHeight + 12
    svg.line(x1: 8, y1: barY, x2: 8 + 100 * scale, y2: barY, stroke: SVG.Palette.ink, strokeWidth: 1.5)
    svg.text("100 pt", x: 12 + 100 * scale, y: barY + 4, size: 11, fill: SVG.Palette.muted)
    if key {
      for (index, path) in paths.enumerated() {
        let lineY = barY + 16 + 15 * Double(index)
        svg.line(
          x1: 8, y1: lineY, x2: 28, y2: lineY, stroke: path.colour, strokeWidth: 2.5, dash: path.dash)
        svg.text(path.label, x: 32, y: lineY + 4, size: 11)
      }
    }
    overlay?(&svg, canvas)
    return svg
  }

  /// A title and its subtitle lines as one sentence, for `<title>` and alt text: lines that end
  /// in punctuation are not given a second comma.
  static func sentence(_ title: String, _ lines: [String]) -> String {
    guard !lines.isEmpty else { return title }
    var text = title + ": "
    for (index, line) in lines.enumerated() {
      if index > 0 {
        let last = text.last.map { ",;:.".contains($0) } ?? false
        text += last ? " " : ", "
      }
      text += line
    }
    return text
  }

  /// Whether `environment` fills its device's screen: only then is the window drawn with the
  /// screen's rounded corners, its sensor housing and its home indicator.
  static func fillsScreen(_ environment: ItemEnvironment) -> Bool {
    environment.bounds.size == environment.screenBounds.size && environment.bounds.width > 0
  }

  /// What `drawWindow` draws, in words, for the text beside a picture: the window's size, each
  /// bar's height, the keyboard's, and the safe region's size.
  static func describe(_ environment: ItemEnvironment) -> String {
    let bounds = environment.bounds
    let insets = environment.safeAreaInsets
    var parts = ["the window \(formatNumber(bounds.width)) × \(formatNumber(bounds.height)) pt"]
    let status = max(environment.statusBarHeight, insets.top)
    if status > 0 { parts.append("status bar \(formatNumber(status)) pt") }
    if environment.navigationBarHeight > 0 {
      parts.append("navigation bar \(formatNumber(environment.navigationBarHeight)) pt")
    }
    let bottom = max(environment.tabBarHeight, insets.bottom)
    if bottom > 0 {
      parts.append("\(environment.tabBarHeight > 0 ? "tab bar" : "home indicator") \(formatNumber(bottom)) pt")
    }
    if let keyboard = environment.keyboardFrame?.intersection(bounds), !keyboard.isNull, keyboard.height > 0 {
      parts.append("keyboard \(formatNumber(keyboard.height)) pt")
    }
    let safe = environment.safeRegion
    parts.append("safe region \(formatNumber(safe.width)) × \(formatNumber(safe.height)) pt")
    return parts.joined(separator: ", ")
  }

  /// The window, what covers it (bars, keyboard), the device's outline where the window fills
  /// the screen (rounded corners, the sensor housing, the home indicator), and the safe region.
  static func drawWindow(_ environment: ItemEnvironment, into svg: inout SVG, canvas: Canvas) {
    let bounds = environment.bounds
    let screen = fillsScreen(environment)
    let shortSide = Double(min(bounds.width, bounds.height))
    let landscape = bounds.width > bounds.height
    let insets = environment.safeAreaInsets
    // A screen with a home indicator has rounded corners: about 47 pt on a phone, 18 on a pad.
    let modern = screen && (insets.bottom > 0 || (landscape && insets.left > 0))
    let phone = shortSide < 600
    let corner = modern ? (phone ? 0.12 * shortSide : 18) * canvas.scale : 0
    let window = canvas.box(bounds)
    svg.rect(
      x: window.x, y: window.y, width: window.width, height: window.height, fill: SVG.Palette.screen,
      stroke: SVG.Palette.ink, strokeWidth: 1, radius: corner > 0 ? corner : nil)
    let statusBottom = bounds.minY + max(environment.statusBarHeight, insets.top)
    var covers: [(CGRect, String, String)] = []
    if statusBottom > bounds.minY {
      covers.append((CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: statusBottom - bounds.minY), SVG.Palette.bar, "status bar"))
    }
    if environment.navigationBarHeight > 0 {
      covers.append((CGRect(x: bounds.minX, y: statusBottom, width: bounds.width, height: environment.navigationBarHeight), SVG.Palette.bar, "navigation bar"))
    }
    let bottomInset = max(environment.tabBarHeight, insets.bottom)
    if bottomInset > 0 {
      covers.append((CGRect(x: bounds.minX, y: bounds.maxY - bottomInset, width: bounds.width, height: bottomInset), SVG.Palette.bar, environment.tabBarHeight > 0 ? "tab bar" : "home indicator"))
    }
    if let keyboard = environment.keyboardFrame?.intersection(bounds), !keyboard.isNull, keyboard.height > 0 {
      covers.append((keyboard, SVG.Palette.keyboard, "keyboard"))
    }
    for (rect, fill, name) in covers {
      let b = canvas.box(rect)
      // The top cover follows the screen's top corners, the bottom one its bottom corners.
      if corner > 0, rect.minY <= bounds.minY || rect.maxY >= bounds.maxY {
        let up = rect.minY <= bounds.minY
        let r = min(corner, b.height)
        let y0 = b.y, y1 = b.y + b.height, x0 = b.x, x1 = b.x + b.width
        let d = up
          ? "M \(SVG.number(x0)) \(SVG.number(y1)) L \(SVG.number(x0)) \(SVG.number(y0 + r)) Q \(SVG.number(x0)) \(SVG.number(y0)) \(SVG.number(x0 + r)) \(SVG.number(y0)) L \(SVG.number(x1 - r)) \(SVG.number(y0)) Q \(SVG.number(x1)) \(SVG.number(y0)) \(SVG.number(x1)) \(SVG.number(y0 + r)) L \(SVG.number(x1)) \(SVG.number(y1)) Z"
          : "M \(SVG.number(x0)) \(SVG.number(y0)) L \(SVG.number(x0)) \(SVG.number(y1 - r)) Q \(SVG.number(x0)) \(SVG.number(y1)) \(SVG.number(x0 + r)) \(SVG.number(y1)) L \(SVG.number(x1 - r)) \(SVG.number(y1)) Q \(SVG.number(x1)) \(SVG.number(y1)) \(SVG.number(x1)) \(SVG.number(y1 - r)) L \(SVG.number(x1)) \(SVG.number(y0)) Z"
        svg.raw("<path d=\"\(d)\" fill=\"\(fill)\"/>")
      } else {
        svg.rect(x: b.x, y: b.y, width: b.width, height: b.height, fill: fill)
      }
      // The sensor housing sits in an upright modern phone's status bar: no label under it.
      let housed = name == "status bar" && modern && phone && !landscape
      if b.height >= 14, b.width >= textWidth(name) + 4, !housed {
        svg.text(name, x: b.x + b.width / 2, y: b.y + b.height / 2 + 4, size: 11, anchor: .middle, fill: SVG.Palette.muted)
      }
    }
    if modern && phone {
      // The sensor housing: a Dynamic Island below a tall status bar, a notch otherwise; on the
      // left in landscape. Drawn in points, so it scales with the window.
      let island = max(insets.top, insets.left) >= 59
      let long: CGFloat = island ? 125 : 160, short: CGFloat = island ? 37 : 31
      let housing = landscape
        ? CGRect(x: bounds.minX + (island ? 11 : 0), y: bounds.midY - long / 2, width: short, height: long)
        : CGRect(x: bounds.midX - long / 2, y: bounds.minY + (island ? 11 : 0), width: long, height: short)
      let b = canvas.box(housing)
      svg.rect(
        x: b.x, y: b.y, width: b.width, height: b.height, fill: SVG.Palette.ink,
        radius: min(b.width, b.height) / 2)
    }
    if modern {
      let long: CGFloat = landscape ? 210 : 134
      let indicator = CGRect(x: bounds.midX - long / 2, y: bounds.maxY - 13, width: long, height: 5)
      let b = canvas.box(indicator)
      svg.rect(
        x: b.x, y: b.y, width: b.width, height: max(b.height, 1.5), fill: SVG.Palette.ink,
        radius: max(b.height, 1.5) / 2)
    }
    let safe = canvas.box(environment.safeRegion)
    svg.rect(
      x: safe.x, y: safe.y, width: safe.width, height: safe.height, stroke: SVG.Palette.safe,
      strokeWidth: 1.2, dash: "3 2")
  }

  /// One path's frames (as dots, joined), its first frame as a ring and its rest outlined.
  static func draw(_ path: Path, into svg: inout SVG, canvas: Canvas) {
    // A picture of more frames than it has room for shows an even sample of them, the first
    // and the last included.
    let frames = Self.sampled(
      path.trajectory.frames.filter { $0.time >= path.from && $0.rect.isFinite },
      limit: Self.mostFramesDrawn)
    let centres = frames.map { canvas.point(CGPoint(x: $0.rect.midX, y: $0.rect.midY)) }
    svg.polyline(centres, stroke: path.colour, strokeWidth: 1, dash: path.dash)
    for (index, point) in centres.enumerated() {
      let frame = frames[index]
      svg.circle(
        x: point.0, y: point.1, r: frame.phase == .drag ? 1.1 : 1.5, fill: path.colour)
    }
    if let first = centres.first {
      svg.circle(x: first.0, y: first.1, r: 3, fill: SVG.Palette.screen, stroke: path.colour)
    }
    let rest = path.trajectory.rest
    if rest.isFinite {
      let b = canvas.box(rest)
      svg.rect(
        x: b.x, y: b.y, width: b.width, height: b.height, stroke: path.colour, strokeWidth: 1.5,
        dash: path.dash)
    }
  }

  /// What a path breaks, over everything else: the first failing frame as a cross in the warning
  /// colour, and a broken rest outlined in it with a cross (what each breaks, the figure's
  /// caption says: `Path.marks`).
  static func drawMarks(_ path: Path, into svg: inout SVG, canvas: Canvas) {
    let frames = path.trajectory.frames.filter { $0.time >= path.from && $0.rect.isFinite }
    let timed = path.marks.filter { $0.time != nil }.sorted { ($0.time ?? 0) < ($1.time ?? 0) }
    if let first = timed.first, let time = first.time,
      let frame = frames.min(by: { abs($0.time - time) < abs($1.time - time) })
    {
      let at = canvas.point(CGPoint(x: frame.rect.midX, y: frame.rect.midY))
      svg.circle(x: at.0, y: at.1, r: 6, fill: SVG.Palette.screen, stroke: SVG.Palette.warning, strokeWidth: 1.5)
      svg.cross(
        x: at.0, y: at.1, size: 3.5, stroke: SVG.Palette.warning, strokeWidth: 2)
    }
    let resting = path.marks.filter { $0.time == nil }
    let rest = path.trajectory.rest
    if !resting.isEmpty, rest.isFinite {
      let b = canvas.box(rest)
      svg.rect(
        x: b.x, y: b.y, width: b.width, height: b.height, fill: SVG.Palette.warning,
        stroke: SVG.Palette.warning, strokeWidth: 2, opacity: 0.18)
      svg.cross(
        x: b.x + b.width / 2, y: b.y + b.height / 2, size: max(3, min(b.width, b.height) / 3),
        stroke: SVG.Palette.warning, strokeWidth: 2)
    }
  }

  /// The paths replayed: each path's item, outlined, moves through its frames at their real
  /// times, all in one loop (SMIL, no script), holding its rest for a moment before it repeats.
  static func replay(_ paths: [Path], into svg: inout SVG, canvas: Canvas) {
    let runs = paths.map { path in path.trajectory.frames.filter { $0.time >= path.from && $0.rect.isFinite } }
    let starts = runs.compactMap { $0.first?.time }
    guard let start = starts.min() else { return }
    let end = runs.compactMap { $0.last?.time }.max() ?? start
    let duration = max(end - start, 0.1) + 1
    for (path, frames) in zip(paths, runs) where !frames.isEmpty {
      let sample = sampled(frames, limit: 90)
      var times = sample.map { ($0.time - start) / duration }
      var xs = sample.map { canvas.x($0.rect.minX) }
      var ys = sample.map { canvas.y($0.rect.minY) }
      if (times.first ?? 0) > 0 {
        times.insert(0, at: 0)
        xs.insert(xs[0], at: 0)
        ys.insert(ys[0], at: 0)
      }
      times.append(1)
      xs.append(xs[xs.count - 1])
      ys.append(ys[ys.count - 1])
      // keyTimes must rise; frames closer than the printed precision share one.
      var keep: [Int] = []
      for index in times.indices where keep.last.map({ times[index] - times[$0] > 1e-4 }) ?? true {
        keep.append(index)
      }
      if let last = keep.last, last != times.count - 1 { keep[keep.count - 1] = times.count - 1 }
      let keyTimes = keep.map { String(format: "%.4f", times[$0]) }.joined(separator: ";")
      let xValues = keep.map { SVG.number(xs[$0]) }.joined(separator: ";")
      let yValues = keep.map { SVG.number(ys[$0]) }.joined(separator: ";")
      let size = sample[0].rect.size
      let dur = String(format: "%.2fs", duration)
      svg.raw(
        "<rect class=\"replay\" x=\"\(SVG.number(xs[0]))\" y=\"\(SVG.number(ys[0]))\" "
          + "width=\"\(SVG.number(Double(size.width) * canvas.scale))\" "
          + "height=\"\(SVG.number(Double(size.height) * canvas.scale))\" fill=\"\(path.colour)\" "
          + "fill-opacity=\"0.2\" stroke=\"\(path.colour)\" stroke-width=\"1\">"
          + "<animate attributeName=\"x\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(keyTimes)\" values=\"\(xValues)\"/>"
          + "<animate attributeName=\"y\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(keyTimes)\" values=\"\(yValues)\"/>"
          + "</rect>")
    }
  }

  /// The most frames one path draws as dots.
  static let mostFramesDrawn = 2_000

  /// `frames`, or an even sample of `limit` of them, the first and the last included.
  static func sampled(_ frames: [Frame], limit: Int) -> [Frame] {
    guard frames.count > limit, limit >= 2 else { return frames }
    return (0..<limit).map { frames[$0 * (frames.count - 1) / (limit - 1)] }
  }

  // MARK: Gestures every variant is shown with

  /// The canonical gestures of the report, on an item resting in the middle of the safe region
  /// (60×60): flicks towards each side (left, right, up, down), a slow drag into the bottom bar, a
  /// drag past the top and a cancelled drag.
  static func canonicalGestures(in environment: ItemEnvironment) -> [(String, TouchGesture)] {
    let region = environment.safeRegion
    let middle = CGPoint(x: region.midX, y: region.midY)
    let bottom = environment.bounds.maxY - max(environment.tabBarHeight, environment.safeAreaInsets.bottom) / 2
    return [
      ("flick left", .flick(from: middle, velocity: CGVector(dx: -1200, dy: -300))),
      ("flick right", .flick(from: middle, velocity: CGVector(dx: 1200, dy: 300))),
      ("flick up", .flick(from: middle, velocity: CGVector(dx: 250, dy: -1500))),
      ("flick down", .flick(from: middle, velocity: CGVector(dx: -250, dy: 1500))),
      ("slow drag into the bottom bar", TouchGesture.drag(
        from: middle, to: CGPoint(x: middle.x - 40, y: bottom), duration: 1.2, touchRate: 60
      ).heldStill()),
      ("drag past the top", TouchGesture.drag(
        from: middle, to: CGPoint(x: middle.x + 60, y: environment.bounds.minY - 200),
        duration: 0.6, touchRate: 60
      ).heldStill()),
      ("cancelled drag", .drag(
        from: middle, to: CGPoint(x: middle.x + 90, y: middle.y + 60), duration: 0.3,
        touchRate: 60, cancelled: true)),
    ]
  }

  // MARK: Dock maps

  /// The regions of release points (or projected points) that `rule` sends to each of its
  /// targets in `region`, each a polygon with the target's name: the left and right halves, the
  /// four edges' regions, the quadrants, or all of it.
  /// The shades of the target regions, with the names the caption gives them.
  static let targetTints = [
    (colour: "#E3EEF7", name: "blue"), (colour: "#FCEFD9", name: "orange"),
    (colour: "#E0F2EC", name: "green"), (colour: "#F5E6EF", name: "pink"),
  ]

  /// Which shade of a dock map is the target region of which side or corner, in words for its
  /// caption: `blue: the left side; orange: the right side`.
  static func targetKey(_ rule: DockingRule, in region: CGRect) -> String {
    targetRegions(rule, in: region).enumerated().map { index, target in
      "\(targetTints[index % targetTints.count].name): the \(target.0)"
    }.joined(separator: "; ")
  }

  static func targetRegions(_ rule: DockingRule, in region: CGRect) -> [(String, [CGPoint])] {
    let (a, b, c, d) = (
      CGPoint(x: region.minX, y: region.minY), CGPoint(x: region.maxX, y: region.minY),
      CGPoint(x: region.maxX, y: region.maxY), CGPoint(x: region.minX, y: region.maxY))
    let middle = CGPoint(x: region.midX, y: region.midY)
    let top = CGPoint(x: region.midX, y: region.minY), bottom = CGPoint(x: region.midX, y: region.maxY)
    let left = CGPoint(x: region.minX, y: region.midY), right = CGPoint(x: region.maxX, y: region.midY)
    switch rule.placement {
    case .nearerSide, .thrown:
      return [("left side", [a, top, bottom, d]), ("right side", [top, b, c, bottom])]
    case .left: return [("left side", [a, b, c, d])]
    case .right: return [("right side", [a, b, c, d])]
    case .nearestCorner:
      return [
        ("top-left corner", [a, top, middle, left]), ("top-right corner", [top, b, right, middle]),
        ("bottom-right corner", [middle, right, c, bottom]), ("bottom-left corner", [left, middle, bottom, d]),
      ]
    case .nearestEdge:
      // Nearest of four edges: split by the corners' bisectors, which meet on a middle segment.
      let half = min(region.width, region.height) / 2
      let p = region.width <= region.height
        ? (CGPoint(x: region.midX, y: region.minY + half), CGPoint(x: region.midX, y: region.maxY - half))
        : (CGPoint(x: region.minX + half, y: region.midY), CGPoint(x: region.maxX - half, y: region.midY))
      if region.width <= region.height {
        return [
          ("top edge", [a, b, p.0]), ("right edge", [b, c, p.1, p.0]),
          ("bottom edge", [c, d, p.1]), ("left edge", [d, a, p.0, p.1]),
        ]
      }
      return [
        ("top edge", [a, b, p.1, p.0]), ("right edge", [b, c, p.1]),
        ("bottom edge", [c, d, p.0, p.1]), ("left edge", [d, a, p.0]),
      ]
    }
  }

  /// What one dock map drew: the picture, and how many of its rests break an invariant.
  struct DockMapDrawing {
    var svg: SVG
    var broken: Int
    var total: Int
    /// The invariants some rest of the map breaks.
    var brokenInvariants: Set<Invariant>
  }

  /// For a grid of release points (finger still, or moving at each of `velocities`), an arrow
  /// from each to where `algorithm` comes to rest and the item's outline there; a projecting
  /// variant's projected point as a diamond; the rule's target regions shaded; a rest that breaks
  /// on-screen, in-safe-area, docked or nearest-edge in the warning colour with a cross.
  static func dockMap<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, device: DeviceProfile, orientation: DeviceProfile.Orientation,
    bars: DeviceProfile.Bars = .standard, velocities: [CGVector]
  ) -> DockMapDrawing {
    let still = velocities.allSatisfy { $0 == .zero }
    let maps = velocities.map {
      DockMap(
        algorithm, device: device, orientation: orientation, bars: bars, velocity: $0,
        columns: still ? 5 : 3, rows: still ? 9 : 5)
    }
    let environment = maps.first?.environment ?? device.environment(orientation, bars: bars)
    let total = maps.map(\.rests.count).reduce(0, +)
    let brokenCount = maps.map(\.brokenCount).reduce(0, +)
    let brokenInvariants = Set(maps.flatMap { $0.rests.flatMap(\.broken) })
    let speeds = velocities.map { rounded(Double(hypot($0.dx, $0.dy)), places: 0) }
    let motion = still
      ? "released with the finger still"
      : "flicked at " + speeds.joined(separator: ", ") + " pt/s"
    // Which invariants the map judges, named: the matrix has more.
    let verdict = brokenCount > 0
      ? ["\(brokenCount) of \(total) rests broken (×)"]
      : ["no rest here breaks on-screen,", "in-safe-area, docked or nearest-edge"]
    let dashes: [String?] = [nil, "5 2", "1.5 2"]
    let projects = algorithm.projectsVelocity && !still
    // Projected points for the middle speed only: three speeds of them bury the map.
    let projectedMap = maps.count / 2
    var subtitle = [motion] + verdict
    if projects { subtitle.append("◇ projected point (middle speed)") }
    if !still {
      subtitle.append(zip(speeds, dashes).map { "\($0.1 == nil ? "—" : $0.1 == "5 2" ? "- -" : "···") \($0.0)" }.joined(separator: "  "))
    }
    // Everything the map draws lies on the picture; a projected point beyond half a window off
    // it is drawn at that limit.
    let limit = environment.bounds.insetBy(dx: -environment.bounds.width / 2 + 6, dy: -environment.bounds.height / 2 + 6)
    func onPicture(_ point: CGPoint) -> CGPoint {
      CGPoint(x: min(max(point.x, limit.minX), limit.maxX), y: min(max(point.y, limit.minY), limit.maxY))
    }
    var drawn: [CGRect] = []
    for map in maps {
      for rest in map.rests {
        drawn.append(rest.rest)
        drawn.append(CGRect(origin: rest.release, size: .zero).insetBy(dx: -4, dy: -4))
        if projects, map.velocity == maps[projectedMap].velocity, let projected = rest.projected {
          drawn.append(CGRect(origin: onPicture(projected), size: .zero).insetBy(dx: -4, dy: -4))
        }
      }
    }
    let svg = Figures.device(
      environment, paths: [], title: "Dock map: \(algorithm.id)",
      subtitle: subtitle, including: drawn
    ) { svg, canvas in
      if algorithm.dockingMargin != nil {
        for (index, (_, polygon)) in targetRegions(algorithm.dockingRule, in: environment.safeRegion).enumerated() {
          let points = polygon.map { canvas.point($0) }.map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }
          let tint = targetTints[index % targetTints.count].colour
          svg.raw("<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(tint)\"/>")
        }
        // The safe region again, over the shading.
        let safe = canvas.box(environment.safeRegion)
        svg.rect(
          x: safe.x, y: safe.y, width: safe.width, height: safe.height, stroke: SVG.Palette.safe,
          strokeWidth: 1.2, dash: "3 2")
      }
      for (mapIndex, map) in maps.enumerated() {
        let dash = dashes[mapIndex % dashes.count]
        for rest in map.rests {
          let from = canvas.point(rest.release)
          let centre = CGPoint(x: rest.rest.midX, y: rest.rest.midY)
          let to = canvas.point(centre)
          let broken = !rest.broken.isEmpty
          let colour = broken ? SVG.Palette.warning : SVG.Palette.series[0]
          svg.circle(x: from.0, y: from.1, r: 1.6, fill: SVG.Palette.muted)
          if rest.rest.isFinite {
            let b = canvas.box(rest.rest)
            svg.rect(
              x: b.x, y: b.y, width: b.width, height: b.height, stroke: colour,
              strokeWidth: broken ? 1.2 : 0.6, opacity: nil)
          }
          if projects, mapIndex == projectedMap, let projected = rest.projected {
            let p = canvas.point(onPicture(projected))
            svg.line(x1: from.0, y1: from.1, x2: p.0, y2: p.1, stroke: SVG.Palette.muted, strokeWidth: 0.6, dash: "1 2")
            let r = 2.6
            svg.raw(
              "<path d=\"M \(SVG.number(p.0)) \(SVG.number(p.1 - r)) L \(SVG.number(p.0 + r)) \(SVG.number(p.1)) "
                + "L \(SVG.number(p.0)) \(SVG.number(p.1 + r)) L \(SVG.number(p.0 - r)) \(SVG.number(p.1)) Z\" "
                + "fill=\"\(SVG.Palette.screen)\" stroke=\"\(SVG.Palette.ink)\" stroke-width=\"0.8\"/>")
          }
          if !broken {
            if hypot(to.0 - from.0, to.1 - from.1) > 2 {
              svg.line(
                x1: from.0, y1: from.1, x2: to.0, y2: to.1, stroke: colour, strokeWidth: 0.9,
                dash: dash, markerEnd: "arrow")
            }
          } else {
            svg.line(
              x1: from.0, y1: from.1, x2: to.0, y2: to.1, stroke: colour, strokeWidth: 0.9,
              dash: dash ?? "2 1")
            svg.cross(
              x: to.0, y: to.1, size: 3.5, stroke: colour, strokeWidth: 2)
          }
        }
      }
    }
    return DockMapDrawing(svg: svg, broken: brokenCount, total: total, brokenInvariants: brokenInvariants)
  }

  // MARK: Charts

  struct Series {
    var label: String
    var colour: String
    var dash: String?
    var points: [(Double, Double)]
  }

  /// A line chart with labelled axes, horizontal reference lines and a legend below it, narrow
  /// enough for a phone's screen.
  static func lineChart(
    title: String, xLabel: String, yLabel: String, series: [Series], xRange: ClosedRange<Double>,
    yRange: ClosedRange<Double>, references: [(Double, String)], width: Double = 360,
    plotHeight: Double = 210
  ) -> SVG {
    let width = max(width, textWidth(title, size: 12, bold: true) + 16)
    let left = 52.0, right = 12.0, top = 30.0
    let plotWidth = width - left - right
    let twoColumns = series.allSatisfy { textWidth($0.label) + 34 < (width - 16) / 2 }
    let legendRows = twoColumns ? (series.count + 1) / 2 : series.count
    let height = top + plotHeight + 40 + 16 * Double(legendRows) + 6
    var svg = SVG(width: width, height: height, title: title)
    func px(_ x: Double) -> Double { left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth }
    func py(_ y: Double) -> Double { top + (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * plotHeight }
    svg.text(title, x: 8, y: 17, size: 12, weight: "bold")
    svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, stroke: SVG.Palette.muted, strokeWidth: 0.5)
    for tick in ticks(xRange) {
      svg.line(x1: px(tick), y1: top + plotHeight, x2: px(tick), y2: top + plotHeight + 4, stroke: SVG.Palette.muted)
      svg.text(formatTick(tick), x: px(tick), y: top + plotHeight + 16, size: 11, anchor: .middle)
    }
    for tick in ticks(yRange) {
      svg.line(x1: left - 4, y1: py(tick), x2: left, y2: py(tick), stroke: SVG.Palette.muted)
      svg.line(x1: left, y1: py(tick), x2: left + plotWidth, y2: py(tick), stroke: "#EEEEEE", strokeWidth: 0.5)
      svg.text(formatTick(tick), x: left - 6, y: py(tick) + 4, size: 11, anchor: .end)
    }
    svg.text(xLabel, x: left + plotWidth / 2, y: top + plotHeight + 32, size: 11, anchor: .middle)
    svg.text(yLabel, x: 14, y: top + plotHeight / 2, size: 11, anchor: .middle, rotate: -90)
    // Each reference line's label above it, or below it when the next line up is too close for
    // the label to sit between them.
    let heights = references.map { py($0.0) }
    for (value, label) in references {
      let y = py(value)
      let crowded = heights.contains { $0 < y && y - $0 < 16 }
      svg.line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: SVG.Palette.ink, strokeWidth: 1, dash: "5 3")
      svg.text(label, x: left + plotWidth - 4, y: crowded ? y + 13 : y - 4, size: 11, anchor: .end)
    }
    for (index, item) in series.enumerated() {
      let clipped = item.points.map { (px($0.0), py(min(max($0.1, yRange.lowerBound), yRange.upperBound))) }
      svg.polyline(clipped, stroke: item.colour, strokeWidth: 1.8, dash: item.dash)
      let column = twoColumns ? index % 2 : 0
      let row = twoColumns ? index / 2 : index
      let legendX = 8 + Double(column) * (width - 16) / 2
      let legendY = top + plotHeight + 48 + Double(row) * 16
      svg.line(x1: legendX, y1: legendY, x2: legendX + 26, y2: legendY, stroke: item.colour, strokeWidth: 2, dash: item.dash)
      svg.text(item.label, x: legendX + 32, y: legendY + 4, size: 11)
    }
    return svg
  }

  /// Evenly spaced round ticks across `range`.
  static func ticks(_ range: ClosedRange<Double>, count: Double = 5) -> [Double] {
    let span = range.upperBound - range.lowerBound
    guard span > 0, span.isFinite else { return [range.lowerBound] }
    let raw = span / count
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    var tick = ceil(range.lowerBound / step) * step
    var result: [Double] = []
    while tick <= range.upperBound + step * 1e-9 {
      result.append(abs(tick) < step * 1e-9 ? 0 : tick)
      tick += step
    }
    return result
  }

  static func formatTick(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() {
      return abs(rounded) >= 10_000 ? String(format: "%.0fk", rounded / 1000) : String(Int(rounded))
    }
    return String(rounded)
  }

  /// The series style of motion `index`: Okabe–Ito colours, each with its own dash.
  static func style(_ index: Int) -> (colour: String, dash: String?) {
    (SVG.Palette.gestures[index % SVG.Palette.gestures.count],
     SVG.Palette.dashes[index % SVG.Palette.dashes.count])
  }

  /// Position against time for motions covering 150 pt towards a target docked flush against
  /// the screen's edge: overshoot past the dashed line leaves the screen.
  static func motionChart(title: String, motions: [(String, Motion, Double)]) -> SVG {
    let distance = 150.0
    var series: [Series] = []
    var longest = 0.1
    for (index, (label, motion, velocity)) in motions.enumerated() {
      var motion = motion
      if velocity != 0, case .spring(let spring) = motion {
        motion = .spring(spring.withInitialVelocity(velocity / distance))
      }
      let settle = min(motion.settleTime, 3)
      longest = max(longest, settle)
      let samples = 240
      let points = (0...samples).map { step -> (Double, Double) in
        let t = settle * Double(step) / Double(samples)
        return (t, distance * motion.fraction(at: t))
      }
      let style = style(index)
      series.append(Series(
        label: label, colour: style.colour, dash: style.dash, points: points + [(3, distance)]))
    }
    let top = max(distance * 1.35, (series.flatMap { $0.points.map(\.1) }.max() ?? distance) + 10)
    return lineChart(
      title: title, xLabel: "time since release (s)", yLabel: "distance covered (pt)",
      series: series.map { item in
        var item = item
        item.points = item.points.filter { $0.0 <= longest }
        return item
      }, xRange: 0...longest, yRange: 0...top,
      references: [
        (distance, "target = screen edge, flush dock"),
        (distance + 16, "screen edge, dock 16 pt in"),
      ])
  }

  /// For each path, how far the item's centre is from where it started and how fast it moves,
  /// against time, in two panels; each path's release is a ring on both, so a motion that does
  /// not start at the finger's speed shows as a drop at the ring.
  static func timeChart(title: String, paths: [Path], width: Double = 360) -> SVG {
    let width = max(width, textWidth(title, size: 12, bold: true) + 16)
    let left = 52.0, right = 12.0, top = 30.0, panel = 120.0, gap = 44.0
    let plotWidth = width - left - right
    struct Run { var times: [Double]; var distance: [Double]; var speed: [Double]; var release: Double? }
    let runs = paths.map { path -> Run in
      let frames = path.trajectory.frames.filter { $0.time >= path.from && $0.rect.isFinite }
      guard let first = frames.first else { return Run(times: [], distance: [], speed: [], release: nil) }
      let start = CGPoint(x: first.rect.midX, y: first.rect.midY)
      var speed: [Double] = [0]
      for index in frames.indices.dropFirst() {
        let a = frames[index - 1], b = frames[index]
        let dt = b.time - a.time
        let moved = hypot(Double(b.rect.midX - a.rect.midX), Double(b.rect.midY - a.rect.midY))
        speed.append(dt > 0 ? moved / dt : speed.last ?? 0)
      }
      return Run(
        times: frames.map(\.time),
        distance: frames.map { hypot(Double($0.rect.midX - start.x), Double($0.rect.midY - start.y)) },
        speed: speed, release: path.trajectory.releaseTime)
    }
    let longest = min(max(runs.compactMap(\.times.last).max() ?? 1, 0.2), 3)
    let farthest = max(runs.flatMap(\.distance).max() ?? 1, 1) * 1.08
    let fastest = min(max(runs.flatMap(\.speed).max() ?? 1, 1), 8_000) * 1.08
    let height = top + panel * 2 + gap + 40
    var svg = SVG(width: width, height: height, title: title)
    svg.text(title, x: 8, y: 17, size: 12, weight: "bold")
    func px(_ t: Double) -> Double { left + min(t, longest) / longest * plotWidth }
    for (index, (label, values, range)) in [
      ("distance (pt)", \Run.distance, farthest), ("speed (pt/s)", \Run.speed, fastest),
    ].enumerated() {
      let y0 = top + Double(index) * (panel + gap)
      func py(_ v: Double) -> Double { y0 + panel - min(max(v, 0), range) / range * panel }
      svg.rect(x: left, y: y0, width: plotWidth, height: panel, stroke: SVG.Palette.muted, strokeWidth: 0.5)
      for tick in ticks(0...range, count: 3) {
        svg.line(x1: left, y1: py(tick), x2: left + plotWidth, y2: py(tick), stroke: "#EEEEEE", strokeWidth: 0.5)
        svg.text(formatTick(tick), x: left - 6, y: py(tick) + 4, size: 11, anchor: .end)
      }
      for tick in ticks(0...longest) {
        svg.line(x1: px(tick), y1: y0 + panel, x2: px(tick), y2: y0 + panel + 4, stroke: SVG.Palette.muted)
        svg.text(formatTick(tick), x: px(tick), y: y0 + panel + 16, size: 11, anchor: .middle)
      }
      svg.text(label, x: 14, y: y0 + panel / 2, size: 11, anchor: .middle, rotate: -90)
      for (pathIndex, run) in runs.enumerated() where !run.times.isEmpty {
        let path = paths[pathIndex]
        let series = run[keyPath: values]
        let points = zip(run.times, series).filter { $0.0 <= longest }.map { (px($0.0), py($0.1)) }
        svg.polyline(points, stroke: path.colour, strokeWidth: 1.4, dash: path.dash)
        if let release = run.release,
          let at = run.times.indices.min(by: { abs(run.times[$0] - release) < abs(run.times[$1] - release) }),
          run.times[at] <= longest
        {
          svg.circle(
            x: px(run.times[at]), y: py(series[at]), r: 3.5, fill: SVG.Palette.screen, stroke: path.colour,
            strokeWidth: 1.5)
        }
      }
    }
    svg.text("time since the touch began (s)", x: left + plotWidth / 2, y: height - 8, size: 11, anchor: .middle)
    return svg
  }

  /// One benchmark's row of a cost chart: its figures, under the name the chart shows.
  typealias CostRow = ReportCommand.Cost
  /// Median ns per operation as bars, with a whisker from the fastest epoch to the 90th
  /// percentile; each row's name on a line of its own, then its figures (median, fastest, p90,
  /// the ratio to the group's reference, the allocations), then its bar, so that no name runs
  /// into a value. The axis ends a little past the largest median, so one slow epoch cannot
  /// flatten the chart: a whisker beyond it is cut with an arrow (its p90 is in the figures). A
  /// dashed line marks the reference (1.00×); `budget` says what share of a frame the slowest
  /// operation takes. The picture is as wide as its longest line of text.
  static func costChart(
    title: String, rows: [CostRow], reference: String?, budget: (hertz: Double, perFrame: Bool)?
  ) -> SVG {
    let left = 8.0, barWidth = 250.0, rowHeight = 46.0, top = 56.0
    let figures = rows.map { row -> String in
      var text = "median \(formatNanoseconds(row.median)) ns (fastest \(formatNanoseconds(row.low)), "
        + "p90 \(formatNanoseconds(row.high)))"
      if let ratio = row.ratio { text += " · " + String(format: "%.2f×", ratio) }
      if let allocations = row.allocations { text += " · \(rounded(allocations)) alloc" }
      return text
    }
    let subtitle = "bar: median; whisker: fastest epoch to p90"
    var budgetText: String?
    if let budget {
      let frame = 1e9 / budget.hertz
      let slowest = rows.map(\.median).max() ?? 0
      let share = slowest / frame * 100
      let shareText = share >= 0.1 ? String(format: "%.1f%%", share) : String(format: "%.3f%%", share)
      budgetText = "frame budget at \(Int(budget.hertz)) Hz: \(rounded(frame / 1e6, places: 2)) ms; "
        + "slowest \(budget.perFrame ? "" : "whole ")= \(shareText)"
    }
    let longest = ([textWidth(title, size: 12, bold: true), textWidth(subtitle)]
      + rows.map { textWidth($0.name) } + figures.map { textWidth($0) }
      + [budgetText.map { textWidth($0) } ?? 0]).max() ?? 0
    let width = max(360, left + barWidth + 8, longest + 2 * left)
    let notes = budgetText == nil ? 0.0 : 1.0
    let height = top + Double(rows.count) * rowHeight + 40 + 16 * notes + 12
    var svg = SVG(width: width, height: height, title: title)
    svg.text(title, x: 8, y: 17, size: 12, weight: "bold")
    svg.text(subtitle, x: 8, y: 34, size: 11, fill: SVG.Palette.muted)
    let largestMedian = max(rows.map(\.median).max() ?? 1, 1e-9)
    let largest = min(max(rows.map(\.high).max() ?? 1, largestMedian), largestMedian * 1.5)
    func px(_ value: Double) -> Double { left + min(value, largest) / largest * barWidth }
    let referenceRow = rows.first { $0.name == reference }
    for (index, row) in rows.enumerated() {
      let y = top + Double(index) * rowHeight
      svg.text(row.name, x: left, y: y + 11, size: 11)
      svg.text(figures[index], x: left, y: y + 26, size: 11, fill: SVG.Palette.muted)
      let barTop = y + 31
      svg.rect(
        x: left, y: barTop, width: px(row.median) - left, height: 10,
        fill: row.name == reference ? SVG.Palette.muted : SVG.Palette.series[0])
      let mid = barTop + 5
      svg.line(x1: px(row.low), y1: mid, x2: px(row.high), y2: mid, stroke: SVG.Palette.ink, strokeWidth: 1)
      if row.high > largest {
        // Cut: an arrowhead at the axis' end.
        svg.line(x1: px(row.high) - 6, y1: mid, x2: px(row.high), y2: mid, stroke: SVG.Palette.ink, strokeWidth: 1, markerEnd: "arrow")
      } else {
        svg.line(x1: px(row.high), y1: barTop + 1, x2: px(row.high), y2: barTop + 9, stroke: SVG.Palette.ink, strokeWidth: 1)
      }
    }
    let axisY = top + Double(rows.count) * rowHeight + 2
    if let referenceRow {
      let x = px(referenceRow.median)
      svg.line(x1: x, y1: top - 4, x2: x, y2: axisY, stroke: SVG.Palette.ink, strokeWidth: 1, dash: "4 3")
      svg.text("1.00×", x: x + 3, y: top - 4, size: 11, fill: SVG.Palette.ink)
    }
    svg.line(x1: left, y1: axisY, x2: left + barWidth, y2: axisY, stroke: SVG.Palette.muted)
    for tick in ticks(0...largest, count: 4) {
      svg.line(x1: px(tick), y1: axisY, x2: px(tick), y2: axisY + 4, stroke: SVG.Palette.muted)
      svg.text(formatTick(tick), x: px(tick), y: axisY + 16, size: 11, anchor: .middle)
    }
    svg.text("ns per operation", x: left, y: axisY + 32, size: 11)
    if let budgetText {
      svg.text(budgetText, x: 8, y: axisY + 48, size: 11, fill: SVG.Palette.muted)
    }
    return svg
  }
}
