// One track of a keyframes answer and its exact evaluation (docs/model.md#keyframes): the segment
// holding x (the last knot at or before it, so at a jump the second knot wins), cubic-bezier
// segments solved to |x(t) − x| ≤ 1e-12, and past the domain the end value held or the end
// segment continued where the answer says "before"/"after": "linear". The same rules as
// ParallaxLayout's Track and Players/typescript/evaluate.ts.
package parallax.player

/** A segment's shape: linear, or CSS cubic-bezier(x1, y1, x2, y2). */
sealed class Easing {
    object Linear : Easing()
    data class CubicBezier(val x1: Double, val y1: Double, val x2: Double, val y2: Double) : Easing() {
        private val cx = 3 * x1
        private val bx = 3 * (x2 - x1) - cx
        private val ax = 1 - cx - bx
        private val cy = 3 * y1
        private val by = 3 * (y2 - y1) - cy
        private val ay = 1 - cy - by

        private fun sx(t: Double) = ((ax * t + bx) * t + cx) * t
        private fun sy(t: Double) = ((ay * t + by) * t + cy) * t

        /** y at x in [0, 1]: Newton from t = x, then bisection where the slope vanishes. */
        fun at(x: Double): Double {
            if (x <= 0) return 0.0
            if (x >= 1) return 1.0
            var t = x
            for (i in 0 until 8) {
                val e = sx(t) - x
                if (Math.abs(e) <= 1e-12) return sy(t)
                val d = (3 * ax * t + 2 * bx) * t + cx
                if (Math.abs(d) < 1e-9) break
                t -= e / d
            }
            var lo = 0.0
            var hi = 1.0
            t = x
            for (i in 0 until 100) {
                val v = sx(t)
                if (Math.abs(v - x) <= 1e-12) break
                if (v < x) lo = t else hi = t
                t = (lo + hi) / 2
            }
            return sy(t)
        }
    }
}

/** What a track animates: slot/layer/element/header (offset input) or, with input
 *  "pageProgress", page = true or a layer name alone (every page, as a function of p). */
data class Target(val slot: Int? = null, val layer: String? = null, val element: String? = null, val page: Boolean = false)

/** Length (points), ratio or angle (degrees): picks the fixtures' tolerance. */
enum class Kind {
    LENGTH, RATIO, ANGLE;

    companion object {
        private val ratios = setOf("progress", "progressClamped", "visibleFraction", "opacity", "scale", "scale.x", "scale.y", "scaleX", "scaleY")
        fun of(property: String) = when (property) {
            in ratios -> RATIO
            "rotate", "degrees" -> ANGLE
            else -> LENGTH
        }
    }
}

class Track(
    val target: Target,
    val property: String,
    /** Offsets (or p), non-decreasing; two equal ones are a jump. */
    val at: DoubleArray,
    val values: DoubleArray,
    /** easings[j] shapes at[j] → at[j + 1]. */
    val easings: List<Easing>,
    val before: Boolean = false,
    val after: Boolean = false,
    /** Linearized answers: the bound on |track − exact| the service proved. */
    val maxError: Double? = null
) {
    init {
        require(at.isNotEmpty() && at.size == values.size && easings.size == at.size - 1) { "$property: ${at.size} knots, ${easings.size} easings" }
    }

    val kind: Kind get() = Kind.of(property)

    private fun slope(a: Int, b: Int) = (values[b] - values[a]) / (at[b] - at[a])

    /** The value at x (an offset in points, or p for a page-progress answer). */
    fun value(x: Double): Double {
        val n = at.size
        if (x < at[0]) return if (before && n > 1) values[0] + slope(0, 1) * (x - at[0]) else values[0]
        if (x > at[n - 1]) return if (after && n > 1) values[n - 1] + slope(n - 2, n - 1) * (x - at[n - 1]) else values[n - 1]
        var lo = 0
        var hi = n - 1
        while (hi - lo > 1) {
            val mid = (lo + hi) ushr 1
            if (at[mid] <= x) lo = mid else hi = mid
        }
        if (at[hi] <= x) lo = hi
        if (lo == n - 1) return values[lo]
        val oa = at[lo]
        val ob = at[lo + 1]
        val va = values[lo]
        val vb = values[lo + 1]
        if (x == oa || va == vb) return va
        val w = ob - oa
        val u = if (x - oa <= ob - x) (x - oa) / w else 1 - (ob - x) / w
        val e = easings[lo]
        return va + (vb - va) * if (e is Easing.CubicBezier) e.at(u) else Math.min(1.0, Math.max(0.0, u))
    }
}

/** p of page `index` at the pager's offset: +1 when it has moved one page back (the answer's
 *  "sign": "movedBack"). ViewPager2's position and Compose's getOffsetDistanceInPages are −p. */
fun pageProgress(offset: Double, stride: Double, index: Int): Double = offset / stride - index
