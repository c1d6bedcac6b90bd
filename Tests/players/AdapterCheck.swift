// The SwiftUI and UIKit adapters against the single-offset answers (docs/testing.md#adapters), run
// by Tests/players/run.sh after swiftc compiled them against the models of swift-models/:
// `adapters-swift DIR` reads every DIR/NAME.adapter.json (adapters.py) and, at each check's offset,
// UIKit: scrolls a modelled UIScrollView (its delegate the adapter) to it and reads the layer view's
// untransformed frame, alpha and scale; SwiftUI (left-to-right pagers; the model has no
// right-to-left layout): draws the layer's visualEffect with the geometry a paging ScrollView
// gives page i (minX = c + i·L − o) and reads offset, opacity and scale. Page properties through
// the pager's progress. Within 0.5 pt / 0.002; and UnitCurve(easing) against the CSS curve it
// names. Prints `swiftui and uikit: N passed, M failed`.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import ParallaxLayout
import ParallaxPlayer
import SwiftUI
import UIKit

struct Check: Decodable {
    var offset: Double, index: Int, layer: String?, property: String, value: Double
}

struct Case: Decodable {
    var name: String, rtl: Bool, stride: Double, lead: Double, pageExtent: Double, viewport: Double, pageCount: Int
    var layers: [String]
    var progressAnswer: KeyframesAnswer
    var checks: [Check]
}

@main
struct AdapterCheck {
    @MainActor static func main() throws {
        let dir = CommandLine.arguments[1]
        var counts = ["swiftui": 0, "uikit": 0], failures: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where file.hasSuffix(".adapter.json") {
            let c = try JSONDecoder().decode(Case.self, from: Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(file)")))
            let answer = c.progressAnswer
            let vertical = answer.axis == .vertical
            // UIKit: a scroll view of N pages, each page's layer views page-sized at its origin.
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: c.viewport, height: c.viewport))
            let range = Double(c.pageCount - 1) * c.stride
            scroll.contentSize = CGSize(width: range + c.viewport, height: range + c.viewport)
            let uikit = try PagerParallax(answer, rightToLeft: c.rtl)
            uikit.pages = (0..<c.pageCount).map { _ in
                Dictionary(uniqueKeysWithValues: c.layers.map { ($0, UIView(frame: CGRect(x: 0, y: 0, width: c.pageExtent, height: c.pageExtent))) })
            }
            scroll.delegate = uikit
            let geometry = try PageGeometry(answer, lead: c.lead)
            let effects = try Dictionary(uniqueKeysWithValues: c.layers.map { ($0, try LayerEffect(answer, layer: $0, lead: c.lead)) })
            for k in c.checks {
                let o = k.offset
                scroll.contentOffset = vertical ? CGPoint(x: 0, y: o) : CGPoint(x: c.rtl ? range - o : o, y: 0)
                let start = c.lead + Double(k.index) * c.stride - o
                let frame = vertical ? CGRect(x: 0, y: start, width: c.pageExtent, height: c.pageExtent)
                                     : CGRect(x: start, y: 0, width: c.pageExtent, height: c.pageExtent)
                let proxy = GeometryProxy(frames: [.scrollView(axis: vertical ? .vertical : .horizontal): frame],
                                          size: CGSize(width: c.pageExtent, height: c.pageExtent))
                var got: [String: Double?] = [:]
                if let layer = k.layer, let view = uikit.pages[k.index][layer], let effect = effects[layer] {
                    let drawn = Color().parallax(effect).draw(proxy)
                    switch k.property {
                    case "frame.x": (got["uikit"], got["swiftui"]) = (view.center.x - view.bounds.width / 2, drawn.offset.width)
                    case "frame.y": (got["uikit"], got["swiftui"]) = (view.center.y - view.bounds.height / 2, drawn.offset.height)
                    case "opacity": (got["uikit"], got["swiftui"]) = (view.alpha, drawn.opacity)
                    case "scale": (got["uikit"], got["swiftui"]) = (view.transform.a, drawn.scale)
                    default: break
                    }
                } else if k.layer == nil {
                    got["uikit"] = uikit.pageValue(k.property, page: k.index, offset: o)
                    got["swiftui"] = answer.track(.anyPage, k.property)?.value(at: geometry.progress(proxy))
                }
                let tolerance = k.property.hasPrefix("frame.") ? 0.5 : 0.002
                for way in ["uikit", "swiftui"] where !(c.rtl && way == "swiftui") {
                    if let v = got[way] ?? nil, abs(v - k.value) <= tolerance {
                        counts[way, default: 0] += 1
                    } else {
                        failures.append("\(c.name) page \(k.index) \(k.layer ?? "page") \(k.property) at \(o): \(way) \(String(describing: got[way] ?? nil)), single-offset \(k.value)")
                    }
                }
            }
        }
        // UnitCurve(easing) keeps CSS's control points in order: the same curve at every tenth of x.
        for easing in [SegmentEasing.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1), .cubicBezier(x1: 0.1, y1: 0.9, x2: 0.2, y2: 1),
                       .cubicBezier(x1: 0.7, y1: -0.5, x2: 0.3, y2: 1.6), .linear] {
            for u in stride(from: 0.0, through: 1.0, by: 0.1) where abs(UnitCurve(easing).value(at: u) - easing(u)) > 1e-9 {
                failures.append("UnitCurve(\(easing)) at \(u): \(UnitCurve(easing).value(at: u)), CSS \(easing(u))")
            }
        }
        for f in failures.prefix(20) { print("  FAIL \(f)") }
        let passed = counts.values.reduce(0, +)
        print("swiftui and uikit: \(passed) passed, \(failures.count) failed (swiftui \(counts["swiftui"] ?? 0), uikit \(counts["uikit"] ?? 0))")
        if !failures.isEmpty || passed == 0 { exit(1) }
    }
}
