// A model of android.view.animation's interpolators. PathInterpolator is solved exactly here (the
// platform flattens the curve into segments of about 0.002; see docs/native.md#tests).
package android.view.animation

import android.animation.TimeInterpolator

interface Interpolator : TimeInterpolator

class LinearInterpolator : Interpolator {
    override fun getInterpolation(input: Float): Float = input
}

class AccelerateDecelerateInterpolator : Interpolator {
    override fun getInterpolation(input: Float): Float = (Math.cos((input + 1) * Math.PI) / 2.0).toFloat() + 0.5f
}

class PathInterpolator(private val x1: Float, private val y1: Float, private val x2: Float, private val y2: Float) : Interpolator {
    override fun getInterpolation(input: Float): Float {
        if (input <= 0f) return 0f
        if (input >= 1f) return 1f
        fun coord(a: Double, b: Double, t: Double) = 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t
        var lo = 0.0
        var hi = 1.0
        for (i in 0 until 200) {
            val mid = (lo + hi) / 2
            if (mid == lo || mid == hi) break
            if (coord(x1.toDouble(), x2.toDouble(), mid) < input) lo = mid else hi = mid
        }
        return coord(y1.toDouble(), y2.toDouble(), (lo + hi) / 2).toFloat()
    }
}
