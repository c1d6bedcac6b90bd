// A model of the part of Core Animation (QuartzCore) that docs/native.md's Swift snippet uses, for
// compiling and running that snippet on Linux, where QuartzCore does not exist. It follows Apple's
// documented rules: CAMediaTiming's time spaces (t_local = (t_parent − beginTime) · speed +
// timeOffset, a beginTime of 0 read as "now" when the animation is added), fill modes, and
// CAKeyframeAnimation's linear calculation mode (keyTimes, one timing function per segment, a
// CSS-style cubic bezier, additive animations added to the model value). Not a renderer: a
// layer's presentation() is its model values with the animations applied at the current time.
import Foundation

/// The media clock (CACurrentMediaTime), advanced by the harness; single-threaded.
public enum MediaClock { nonisolated(unsafe) public static var now = 1_000.0 }
public func CACurrentMediaTime() -> Double { MediaClock.now }

public struct CAMediaTimingFillMode: Equatable, Sendable {
    let raw: String
    public static let removed = CAMediaTimingFillMode(raw: "removed"), forwards = CAMediaTimingFillMode(raw: "forwards")
    public static let backwards = CAMediaTimingFillMode(raw: "backwards"), both = CAMediaTimingFillMode(raw: "both")
}

public struct CAAnimationCalculationMode: Equatable, Sendable {
    let raw: String
    public static let linear = CAAnimationCalculationMode(raw: "linear"), discrete = CAAnimationCalculationMode(raw: "discrete")
    public static let paced = CAAnimationCalculationMode(raw: "paced"), cubic = CAAnimationCalculationMode(raw: "cubic")
}

public final class CAMediaTimingFunction {
    let p: (Double, Double, Double, Double)
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        p = (Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    }
    /// y at x of the bezier (0,0) (x1,y1) (x2,y2) (1,1), t found by bisection (x(t) is monotonic).
    func value(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func coord(_ a: Double, _ b: Double, _ t: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid == lo || mid == hi { break }
            if coord(p.0, p.2, mid) < x { lo = mid } else { hi = mid }
        }
        return coord(p.1, p.3, (lo + hi) / 2)
    }
}

open class CAAnimation {
    public var beginTime = 0.0, duration = 0.0, speed: Float = 1, timeOffset = 0.0
    public var fillMode = CAMediaTimingFillMode.removed
    public var isRemovedOnCompletion = true
    public init() {}
}

open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
    public var isAdditive = false
    public init(keyPath: String?) { self.keyPath = keyPath }
}

public final class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var keyTimes: [NSNumber]?
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode = CAAnimationCalculationMode.linear

    /// The value at animation fraction f (0…1), linear mode.
    func value(at f: Double) -> Double? {
        guard let vs = values?.compactMap(Self.number), !vs.isEmpty, calculationMode == .linear else { return nil }
        let kt = keyTimes?.map(\.doubleValue) ?? vs.indices.map { Double($0) / Double(max(1, vs.count - 1)) }
        guard kt.count == vs.count else { return nil }  // Core Animation ignores mismatched keyTimes
        if f <= kt[0] { return vs[0] }
        if f >= kt[kt.count - 1] { return vs[vs.count - 1] }
        var i = 0
        for j in 0..<(kt.count - 1) where kt[j] <= f { i = j }
        let span = kt[i + 1] - kt[i]
        var local = span > 0 ? (f - kt[i]) / span : 1
        if let tf = timingFunctions, i < tf.count { local = tf[i].value(local) }
        return vs[i] + (vs[i + 1] - vs[i]) * local
    }

    static func number(_ v: Any) -> Double? {
        if let n = v as? NSNumber { return n.doubleValue }
        if let d = v as? Double { return d }
        if let d = v as? CGFloat { return Double(d) }
        if let f = v as? Float { return Double(f) }
        return nil
    }
}

open class CALayer {
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var bounds = CGRect.zero
    public var position = CGPoint.zero
    public var opacity: Float = 1
    /// The model transform as transform.scale, transform.scale.x/.y and transform.rotation.z (all
    /// this shim needs; the per-axis scales multiply the uniform one, as in the transform).
    public var transformScale = 1.0, transformScaleX = 1.0, transformScaleY = 1.0, transformRotationZ = 0.0
    public var speed: Float = 1, timeOffset = 0.0, beginTime = 0.0
    public private(set) weak var superlayer: CALayer?
    public private(set) var sublayers: [CALayer] = []
    private var animations: [(String, CAPropertyAnimation)] = []

    public init() {}

    public func addSublayer(_ l: CALayer) { sublayers.append(l); l.superlayer = self }

    /// The layer's local time: its parent's (the media clock at the root) through its timing.
    public func localTime() -> Double {
        let parent = superlayer?.localTime() ?? CACurrentMediaTime()
        return (parent - beginTime) * Double(speed) + timeOffset
    }

    public func add(_ anim: CAPropertyAnimation, forKey key: String?) {
        // Core Animation copies the animation; a beginTime of 0 becomes the layer's current time.
        if anim.beginTime == 0 { anim.beginTime = localTime() }
        let k = key ?? "anim\(animations.count)"
        animations.removeAll { $0.0 == k }
        animations.append((k, anim))
    }

    public func animation(forKey key: String) -> CAPropertyAnimation? { animations.first { $0.0 == key }?.1 }

    func model(_ keyPath: String) -> Double? {
        switch keyPath {
        case "position.x": return position.x
        case "position.y": return position.y
        case "bounds.size.width": return bounds.width
        case "bounds.size.height": return bounds.height
        case "opacity": return Double(opacity)
        case "transform.scale": return transformScale
        case "transform.scale.x": return transformScaleX
        case "transform.scale.y": return transformScaleY
        case "transform.rotation.z": return transformRotationZ
        default: return nil
        }
    }

    func set(_ keyPath: String, _ v: Double) {
        switch keyPath {
        case "position.x": position.x = v
        case "position.y": position.y = v
        case "bounds.size.width": bounds.size.width = v
        case "bounds.size.height": bounds.size.height = v
        case "opacity": opacity = Float(v)
        case "transform.scale": transformScale = v
        case "transform.scale.x": transformScaleX = v
        case "transform.scale.y": transformScaleY = v
        case "transform.rotation.z": transformRotationZ = v
        default: break
        }
    }

    /// A copy with every animation applied at the current time, in the order they were added.
    public func presentation() -> CALayer? {
        let p = CALayer()
        p.anchorPoint = anchorPoint; p.bounds = bounds; p.position = position; p.opacity = opacity
        p.transformScale = transformScale; p.transformRotationZ = transformRotationZ
        p.transformScaleX = transformScaleX; p.transformScaleY = transformScaleY
        let t = localTime()
        for (_, a) in animations {
            guard let kf = a as? CAKeyframeAnimation, let keyPath = kf.keyPath, let base = p.model(keyPath) else { continue }
            var at = (t - kf.beginTime) * Double(kf.speed) + kf.timeOffset
            let d = kf.duration > 0 ? kf.duration : 0.25  // CA's default duration
            if at < 0 {
                guard kf.fillMode == .backwards || kf.fillMode == .both else { continue }
                at = 0
            } else if at > d {
                guard !kf.isRemovedOnCompletion, kf.fillMode == .forwards || kf.fillMode == .both else { continue }
                at = d
            }
            guard let v = kf.value(at: at / d) else { continue }
            p.set(keyPath, kf.isAdditive ? base + v : v)
        }
        return p
    }
}
