import Foundation
import SnapAlgorithms
import SnapVerification

/// The drawings of `snap-bench report` and `trace --format svg`.
enum Figures {
  // MARK: The device with trajectories

  /// One path to draw on a device: a simulated gesture, its colour and its name.
  struct Path {
    var label: String
    var colour: String
    var trajectory: Trajectory
    /// Draw only the frames from this time on (the part shown in this environment).
    var from: Double = -.infinity
  }

  /// Maps container points to the picture's pixels.
  struct Canvas {
    var originX: Double
    var originY: Double
    var scale: Double
    var left: Double
    var top: Double
    func x(_ value: CGFloat) -> Double { left + (Double(value) - originX) * scale }
    func y(_ value: CGFloat) -> Double { top + (Double(value) - originY) * scale }
    func point(_ point: CGPoint) -> (Double, Double) { (x(point.x), y(point.y)) }
  }

  /// The device drawn to scale — window, status and navigation bars, tab bar, keyboard, and the
  /// safe region dashed, with a 100 pt scale bar — with each path's frames as dots one display
  /// frame apart, joined, its first frame as a ring and its rest frame outlined, and a key of
  /// the paths below. The picture grows to show whatever lies off the window (within half a
  /// window on each side). `overlay` draws more, through the same mapping.
  static func device(
    _ environment: Environment, paths: [Path], title: String, subtitle: String? = nil,
    width requested: Double? = nil, key: Bool = true,
    overlay: ((inout SVG, Canvas) -> Void)? = nil
  ) -> SVG {
    let bounds = environment.bounds
    // Portrait phones at 170 px; a landscape window wider, so it stays legible.
    let width = requested ?? (bounds.width > bounds.height ? 330 : 170)
    let scale = bounds.width > 0 ? width / Double(bounds.width) : 1
    // Everything drawn: the window, and every finite frame and rest, within half a window.
    var extent = bounds
    for path in paths {
      for frame in path.trajectory.frames where frame.time >= path.from && frame.rect.isFinite {
        extent = extent.union(frame.rect)
      }
      if path.trajectory.rest.isFinite { extent = extent.union(path.trajectory.rest) }
    }
    extent = extent.intersection(bounds.insetBy(dx: -bounds.width / 2, dy: -bounds.height / 2))
    let subtitleLines = subtitle.map { $0.split(separator: "\n").map(String.init) } ?? []
    let top = 22.0 + 13 * Double(subtitleLines.count) + (subtitleLines.isEmpty ? 0 : 1)
    let keyLines = key ? paths.count : 0
    let drawingHeight = Double(extent.height) * scale
    let height = top + drawingHeight + 24 + 13 * Double(keyLines) + 4
    // Wide enough for the title, the subtitle and the key.
    let longestText = max(
      Double(title.count) * 6.6, Double(subtitleLines.map(\.count).max() ?? 0) * 5.7,
      Double(paths.map(\.label.count).max() ?? 0) * 5.7 + 24)
    let svgWidth = max(Double(extent.width) * scale + 16, longestText + 16)
    var svg = SVG(
      width: svgWidth, height: height,
      title: title + (subtitleLines.isEmpty ? "" : ": " + subtitleLines.joined(separator: ", ")))
    let canvas = Canvas(
      originX: Double(extent.minX), originY: Double(extent.minY), scale: scale, left: 8, top: top)
    func x(_ value: CGFloat) -> Double { canvas.x(value) }
    func y(_ value: CGFloat) -> Double { canvas.y(value) }
    func box(_ rect: CGRect) -> (Double, Double, Double, Double) {
      (x(rect.minX), y(rect.minY), Double(rect.width) * scale, Double(rect.height) * scale)
    }
    svg.text(title, x: 8, y: 14, size: 11, weight: "bold")
    for (index, line) in subtitleLines.enumerated() {
      svg.text(line, x: 8, y: 28 + 13 * Double(index), size: 10, fill: SVG.Palette.muted)
    }
    // The window, then what covers it.
    let window = box(bounds)
    svg.rect(
      x: window.0, y: window.1, width: window.2, height: window.3, fill: SVG.Palette.screen,
      stroke: SVG.Palette.ink, strokeWidth: 1)
    let statusBottom = bounds.minY + max(environment.statusBarHeight, environment.safeAreaInsets.top)
    var covers: [(CGRect, String, String)] = []
    if statusBottom > bounds.minY {
      covers.append((CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: statusBottom - bounds.minY), SVG.Palette.bar, "status bar"))
    }
    if environment.navigationBarHeight > 0 {
      covers.append((CGRect(x: bounds.minX, y: statusBottom, width: bounds.width, height: environment.navigationBarHeight), SVG.Palette.bar, "navigation bar"))
    }
    let bottomInset = max(environment.tabBarHeight, environment.safeAreaInsets.bottom)
    if bottomInset > 0 {
      covers.append((CGRect(x: bounds.minX, y: bounds.maxY - bottomInset, width: bounds.width, height: bottomInset), SVG.Palette.bar, environment.tabBarHeight > 0 ? "tab bar" : "home indicator"))
    }
    if let keyboard = environment.keyboardFrame?.intersection(bounds), !keyboard.isNull, keyboard.height > 0 {
      covers.append((keyboard, SVG.Palette.keyboard, "keyboard"))
    }
    for (rect, fill, name) in covers {
      let b = box(rect)
      svg.rect(x: b.0, y: b.1, width: b.2, height: b.3, fill: fill, tooltip: name)
      if b.3 >= 9 { svg.text(name, x: b.0 + b.2 / 2, y: b.1 + b.3 / 2 + 3, size: 7, anchor: .middle, fill: SVG.Palette.muted) }
    }
    let safe = box(environment.safeRegion)
    svg.rect(
      x: safe.0, y: safe.1, width: safe.2, height: safe.3, stroke: SVG.Palette.safe,
      strokeWidth: 1, dash: "3 2", tooltip: "safe region")
    for path in paths {
      // A picture of more frames than it has room for shows an even sample of them, the first
      // and the last included.
      let frames = Self.sampled(
        path.trajectory.frames.filter { $0.time >= path.from && $0.rect.isFinite },
        limit: Self.mostFramesDrawn)
      let centres = frames.map { (x($0.rect.midX), y($0.rect.midY)) }
      svg.polyline(centres, stroke: path.colour, strokeWidth: 0.8)
      for (index, point) in centres.enumerated() {
        let frame = frames[index]
        svg.circle(
          x: point.0, y: point.1, r: frame.phase == .drag ? 1.1 : 1.5, fill: path.colour,
          tooltip: "\(path.label): t = \(formatNumber((frame.time * 1000).rounded() / 1000)) s, \(frame.phase.rawValue)")
      }
      if let first = centres.first {
        svg.circle(x: first.0, y: first.1, r: 3, fill: SVG.Palette.screen, stroke: path.colour)
      }
      let rest = path.trajectory.rest
      if rest.isFinite {
        let b = box(rest)
        svg.rect(
          x: b.0, y: b.1, width: b.2, height: b.3, stroke: path.colour, strokeWidth: 1.5,
          tooltip: "\(path.label): rests at (\(formatNumber(rest.minX)), \(formatNumber(rest.minY)))")
      }
    }
    // The scale bar and the key, under the drawing.
    let barY = top + drawingHeight + 12
    svg.line(x1: 8, y1: barY, x2: 8 + 100 * scale, y2: barY, stroke: SVG.Palette.ink, strokeWidth: 1.5)
    svg.text("100 pt", x: 12 + 100 * scale, y: barY + 4, size: 9, fill: SVG.Palette.muted)
    if key {
      for (index, path) in paths.enumerated() {
        let lineY = barY + 14 + 13 * Double(index)
        svg.line(x1: 8, y1: lineY, x2: 26, y2: lineY, stroke: path.colour, strokeWidth: 2.5)
        svg.text(path.label, x: 30, y: lineY + 3.5, size: 9.5)
      }
    }
    overlay?(&svg, canvas)
    return svg
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
  static func canonicalGestures(in environment: Environment) -> [(String, Gesture)] {
    let region = environment.safeRegion
    let middle = CGPoint(x: region.midX, y: region.midY)
    let bottom = environment.bounds.maxY - max(environment.tabBarHeight, environment.safeAreaInsets.bottom) / 2
    return [
      ("flick left", .flick(from: middle, velocity: CGVector(dx: -1200, dy: -300))),
      ("flick right", .flick(from: middle, velocity: CGVector(dx: 1200, dy: 300))),
      ("flick up", .flick(from: middle, velocity: CGVector(dx: 250, dy: -1500))),
      ("flick down", .flick(from: middle, velocity: CGVector(dx: -250, dy: 1500))),
      ("slow drag into the bottom bar", Gesture.drag(
        from: middle, to: CGPoint(x: middle.x - 40, y: bottom), duration: 1.2, touchRate: 60
      ).heldStill()),
      ("drag past the top", Gesture.drag(
        from: middle, to: CGPoint(x: middle.x + 60, y: environment.bounds.minY - 200),
        duration: 0.6, touchRate: 60
      ).heldStill()),
      ("cancelled drag", .drag(
        from: middle, to: CGPoint(x: middle.x + 90, y: middle.y + 60), duration: 0.3,
        touchRate: 60, cancelled: true)),
    ]
  }

  // MARK: Dock maps

  /// For a grid of release points (finger still, or moving at `velocity`), an arrow from each to
  /// where `algorithm` comes to rest; a rest that breaks on-screen, in-safe-area, docked or
  /// nearest-edge is drawn in the warning colour with a cross. Returns the drawing and how many
  /// rests broke an invariant.
  static func dockMap<Algorithm: SnapAlgorithm>(
    _ algorithm: Algorithm, device: DeviceProfile, orientation: DeviceProfile.Orientation,
    bars: DeviceProfile.Bars = .standard, velocity: CGVector
  ) -> (SVG, Int) {
    let map = DockMap(algorithm, device: device, orientation: orientation, bars: bars, velocity: velocity)
    let environment = map.environment
    let arrows = map.rests.map {
      (release: $0.release, rest: CGPoint(x: $0.rest.midX, y: $0.rest.midY), broken: $0.broken.map(\.rawValue))
    }
    let speed = velocity == .zero
      ? "released with the finger still"
      : "flicked at (\(formatNumber(velocity.dx)), \(formatNumber(velocity.dy))) pt/s"
    let brokenCount = arrows.filter { !$0.broken.isEmpty }.count
    let verdict = brokenCount > 0
      ? "\(brokenCount) of \(arrows.count) rests break an invariant (×)"
      : "every rest keeps the invariants"
    let svg = Figures.device(
      environment, paths: [], title: "Dock map: \(algorithm.id)",
      subtitle: speed + "\n" + verdict + "\ndot: release point; arrow: to where it rests") { svg, canvas in
      for arrow in arrows {
        let from = canvas.point(arrow.release)
        let to = canvas.point(arrow.rest)
        svg.circle(x: from.0, y: from.1, r: 1.4, fill: SVG.Palette.muted)
        if arrow.broken.isEmpty {
          if hypot(to.0 - from.0, to.1 - from.1) > 2 {
            svg.line(
              x1: from.0, y1: from.1, x2: to.0, y2: to.1, stroke: SVG.Palette.series[0],
              strokeWidth: 0.8, markerEnd: "arrow")
          }
        } else {
          svg.line(
            x1: from.0, y1: from.1, x2: to.0, y2: to.1, stroke: SVG.Palette.warning,
            strokeWidth: 0.8, dash: "2 1")
          svg.cross(x: to.0, y: to.1, size: 3, stroke: SVG.Palette.warning)
          svg.circle(
            x: to.0, y: to.1, r: 4, fill: "transparent",
            tooltip: "released at (\(formatNumber(arrow.release.x)), \(formatNumber(arrow.release.y))), "
              + "the rest breaks " + arrow.broken.joined(separator: ", "))
        }
      }
    }
    return (svg, brokenCount)
  }

  // MARK: Charts

  struct Series {
    var label: String
    var colour: String
    var dash: String?
    var points: [(Double, Double)]
  }

  /// A line chart with labelled axes, horizontal reference lines and a legend.
  static func lineChart(
    title: String, xLabel: String, yLabel: String, series: [Series], xRange: ClosedRange<Double>,
    yRange: ClosedRange<Double>, references: [(Double, String)], width: Double = 520,
    height: Double = 300
  ) -> SVG {
    let width = max(width, Double(title.count) * 7.4 + 16)
    var svg = SVG(width: width, height: height, title: title)
    let left = 56.0, right = 150.0, top = 30.0, bottom = 44.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func px(_ x: Double) -> Double { left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth }
    func py(_ y: Double) -> Double { top + (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * plotHeight }
    svg.text(title, x: 8, y: 16, size: 13, weight: "bold")
    svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, stroke: SVG.Palette.muted, strokeWidth: 0.5)
    for tick in ticks(xRange) {
      svg.line(x1: px(tick), y1: top + plotHeight, x2: px(tick), y2: top + plotHeight + 4, stroke: SVG.Palette.muted)
      svg.text(formatTick(tick), x: px(tick), y: top + plotHeight + 15, size: 10, anchor: .middle)
    }
    for tick in ticks(yRange) {
      svg.line(x1: left - 4, y1: py(tick), x2: left, y2: py(tick), stroke: SVG.Palette.muted)
      svg.line(x1: left, y1: py(tick), x2: left + plotWidth, y2: py(tick), stroke: "#EEEEEE", strokeWidth: 0.5)
      svg.text(formatTick(tick), x: left - 6, y: py(tick) + 3, size: 10, anchor: .end)
    }
    svg.text(xLabel, x: left + plotWidth / 2, y: height - 8, size: 11, anchor: .middle)
    svg.text(yLabel, x: 14, y: top + plotHeight / 2, size: 11, anchor: .middle, rotate: -90)
    for (value, label) in references {
      svg.line(x1: left, y1: py(value), x2: left + plotWidth, y2: py(value), stroke: SVG.Palette.ink, strokeWidth: 1, dash: "5 3")
      svg.text(label, x: left + plotWidth - 4, y: py(value) - 4, size: 9, anchor: .end)
    }
    for (index, item) in series.enumerated() {
      let clipped = item.points.map { (px($0.0), py(min(max($0.1, yRange.lowerBound), yRange.upperBound))) }
      svg.polyline(clipped, stroke: item.colour, strokeWidth: 1.8, dash: item.dash)
      let legendY = top + 8 + Double(index) * 16
      svg.line(x1: left + plotWidth + 12, y1: legendY, x2: left + plotWidth + 34, y2: legendY, stroke: item.colour, strokeWidth: 2, dash: item.dash)
      svg.text(item.label, x: left + plotWidth + 38, y: legendY + 4, size: 10)
    }
    return svg
  }

  /// Evenly spaced round ticks across `range`.
  static func ticks(_ range: ClosedRange<Double>) -> [Double] {
    let span = range.upperBound - range.lowerBound
    guard span > 0, span.isFinite else { return [range.lowerBound] }
    let raw = span / 5
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
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
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
      series.append(Series(
        label: label, colour: SVG.Palette.series[index % SVG.Palette.series.count],
        dash: index >= SVG.Palette.series.count ? "4 2" : nil, points: points + [(3, distance)]))
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
        (distance + 16, "screen edge, dock 16 pt in (fluid-dock)"),
      ])
  }

  /// Median ns per operation as bars, with a whisker from the fastest epoch to the 90th
  /// percentile, and the ratio to the group's reference beside each.
  static func costChart(
    title: String, rows: [(name: String, median: Double, low: Double, high: Double, ratio: Double?)]
  ) -> SVG {
    let labelWidth = 270.0, barWidth = 300.0, rowHeight = 16.0, top = 44.0
    let width = labelWidth + barWidth + 110
    let height = top + Double(rows.count) * rowHeight + 40
    var svg = SVG(width: width, height: height, title: title)
    svg.text(title, x: 8, y: 16, size: 13, weight: "bold")
    svg.text(
      "bar: median ns per operation; whisker: fastest epoch to 90th percentile; ratio to the group's reference",
      x: 8, y: 32, size: 10, fill: SVG.Palette.muted)
    let largest = max(rows.map(\.high).max() ?? 1, 1e-9)
    func px(_ value: Double) -> Double { labelWidth + value / largest * barWidth }
    for (index, row) in rows.enumerated() {
      let y = top + Double(index) * rowHeight
      svg.text(row.name, x: labelWidth - 6, y: y + 11, size: 10, anchor: .end)
      svg.rect(x: labelWidth, y: y + 3, width: px(row.median) - labelWidth, height: rowHeight - 6, fill: SVG.Palette.series[0], tooltip: "\(row.name): \(formatNanoseconds(row.median)) ns")
      svg.line(x1: px(row.low), y1: y + rowHeight / 2, x2: px(row.high), y2: y + rowHeight / 2, stroke: SVG.Palette.ink, strokeWidth: 1)
      svg.line(x1: px(row.high), y1: y + 4, x2: px(row.high), y2: y + rowHeight - 4, stroke: SVG.Palette.ink, strokeWidth: 1)
      let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? ""
      svg.text("\(formatNanoseconds(row.median)) ns \(ratio)", x: px(row.high) + 6, y: y + 11, size: 10)
    }
    let axisY = top + Double(rows.count) * rowHeight + 4
    svg.line(x1: labelWidth, y1: axisY, x2: labelWidth + barWidth, y2: axisY, stroke: SVG.Palette.muted)
    for tick in ticks(0...largest) {
      svg.line(x1: px(tick), y1: axisY, x2: px(tick), y2: axisY + 4, stroke: SVG.Palette.muted)
      svg.text(formatTick(tick), x: px(tick), y: axisY + 15, size: 9, anchor: .middle)
    }
    svg.text("ns per operation", x: labelWidth + barWidth / 2, y: axisY + 30, size: 10, anchor: .middle)
    return svg
  }
}
