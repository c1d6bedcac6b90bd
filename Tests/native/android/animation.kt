// A model of the android.animation classes docs/native.md's Kotlin snippet uses, following the
// platform's sources: ValueAnimator.setCurrentFraction clamps the fraction and runs it through the
// animator's interpolator (AccelerateDecelerateInterpolator unless set) before the keyframes;
// FloatKeyframeSet.getFloatValue picks the segment by the keyframes' fractions (at or past the
// ends, the first or last two keyframes), applies the interpolator of the segment's later
// keyframe, and interpolates in Float; ObjectAnimator sets each holder's Property on its target.
package android.animation

import android.util.Property
import android.view.animation.AccelerateDecelerateInterpolator
import android.view.animation.LinearInterpolator

interface TimeInterpolator { fun getInterpolation(input: Float): Float }

abstract class Keyframe {
    var fraction = 0f
    var interpolator: TimeInterpolator? = null
    abstract val floatValue: Float

    private class FloatKeyframe(f: Float, override val floatValue: Float) : Keyframe() { init { fraction = f } }

    companion object {
        @JvmStatic fun ofFloat(fraction: Float, value: Float): Keyframe = FloatKeyframe(fraction, value)
    }
}

class PropertyValuesHolder private constructor(val property: Property<Any, Float>, private val keyframes: List<Keyframe>) {
    var animatedValue = 0f
        private set

    fun calculateValue(fraction: Float) { animatedValue = floatValue(fraction) }

    private fun segment(prev: Keyframe, next: Keyframe, fraction: Float, interpolateFirst: Boolean): Float {
        var f = fraction
        val interpolator = next.interpolator
        if (interpolateFirst && interpolator != null) f = interpolator.getInterpolation(f)
        var interval = (f - prev.fraction) / (next.fraction - prev.fraction)
        if (!interpolateFirst && interpolator != null) interval = interpolator.getInterpolation(interval)
        return prev.floatValue + interval * (next.floatValue - prev.floatValue)
    }

    private fun floatValue(fraction: Float): Float {
        val n = keyframes.size
        if (fraction <= 0f) return segment(keyframes[0], keyframes[1], fraction, true)
        if (fraction >= 1f) return segment(keyframes[n - 2], keyframes[n - 1], fraction, true)
        var prev = keyframes[0]
        for (i in 1 until n) {
            val next = keyframes[i]
            if (fraction < next.fraction) return segment(prev, next, fraction, false)
            prev = next
        }
        return keyframes[n - 1].floatValue
    }

    companion object {
        @Suppress("UNCHECKED_CAST")
        @JvmStatic fun <T> ofKeyframe(property: Property<T, Float>, vararg values: Keyframe): PropertyValuesHolder {
            require(values.size >= 2) { "a keyframe set needs two keyframes" }
            return PropertyValuesHolder(property as Property<Any, Float>, values.toList())
        }
    }
}

open class ValueAnimator {
    var duration = 300L
    private var currentInterpolator: TimeInterpolator = AccelerateDecelerateInterpolator()
    var interpolator: TimeInterpolator?
        get() = currentInterpolator
        set(value) { currentInterpolator = value ?: LinearInterpolator() }
    protected var holders: Array<out PropertyValuesHolder> = emptyArray()

    fun setCurrentFraction(fraction: Float) {
        val f = if (fraction < 0f) 0f else if (fraction > 1f) 1f else fraction  // repeatCount 0
        animateValue(f)
    }

    protected open fun animateValue(fraction: Float) {
        val f = currentInterpolator.getInterpolation(fraction)
        for (h in holders) h.calculateValue(f)
    }
}

class ObjectAnimator private constructor(private val target: Any) : ValueAnimator() {
    override fun animateValue(fraction: Float) {
        super.animateValue(fraction)
        for (h in holders) h.property.set(target, h.animatedValue)
    }

    companion object {
        @JvmStatic fun ofPropertyValuesHolder(target: Any, vararg values: PropertyValuesHolder): ObjectAnimator =
            ObjectAnimator(target).also { it.holders = values }
    }
}
