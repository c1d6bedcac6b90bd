// Runs docs/native.md's Swift snippet (compiled beside it with the Core Animation model in
// CoreAnimationShim.swift) over real keytimes answers. Input (stdin): {"answer": <keytimes answer>,
// "objects": [{"target": {...}, "properties": [...], "frame": [x, y, w, h]}], "offsets": [...]}.
// Output (stdout): {"table": {property: [keyPath, anchorX, anchorY, rule]}, "frames": [[per object
// [x, y, width, height, opacity, scale, rotationDegrees, scaleX, scaleY]] per offset]}: the
// presentation layer's untransformed frame (position − anchorPoint × bounds.size), opacity, scale,
// rotation and the scale along each axis (the uniform one times the per-axis one).
import Foundation
import QuartzCore

struct Object: Decodable { let target: KeyTimesAnswer.Target; let properties: [String]; let frame: [Double] }
struct Input: Decodable { let answer: KeyTimesAnswer; let objects: [Object]; let offsets: [Double] }

let input = try JSONDecoder().decode(Input.self, from: FileHandle.standardInput.readDataToEndOfFile())
let root = CALayer()
var layers: [CALayer] = []
for o in input.objects {
    let layer = CALayer()
    root.addSublayer(layer)
    let tracks = input.answer.tracks.filter { $0.target == o.target && o.properties.contains($0.property) }
    animate(layer, frame: CGRect(x: o.frame[0], y: o.frame[1], width: o.frame[2], height: o.frame[3]), tracks: tracks)
    layers.append(layer)
}
var frames: [[[Double]]] = []
for offset in input.offsets {
    MediaClock.now += 0.016  // the clock runs on; paused layers must not care
    var row: [[Double]] = []
    for layer in layers {
        scroll(layer, to: offset, domain: input.answer.domain)
        guard let p = layer.presentation() else { continue }
        let x = p.position.x - p.anchorPoint.x * p.bounds.width, y = p.position.y - p.anchorPoint.y * p.bounds.height
        row.append([x, y, p.bounds.width, p.bounds.height, Double(p.opacity), p.transformScale, p.transformRotationZ * 180 / .pi,
                    p.transformScale * p.transformScaleX, p.transformScale * p.transformScaleY])
    }
    frames.append(row)
}
let names = ["frame", "viewportFrame", "header", "image", "contentFrame"].flatMap { f in ["x", "y", "width", "height"].map { "\(f).\($0)" } }
    + ["contentTop", "translate.x", "translate.y", "opacity", "scale", "scaleX", "scaleY", "rotate", "progress", "visibleFraction", "progressClamped"]
var table: [String: [String]] = [:]
for n in names {
    if let ca = coreAnimation(n) { table[n] = [ca.keyPath, "\(ca.anchor.x)", "\(ca.anchor.y)", "\(ca.rule)"] } else { table[n] = [] }
}
let out: [String: Any] = ["table": table, "frames": frames]
FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: out))
