// A model of android.view.View's geometry (layout box in whole px, translation, scale and rotation
// about the pivot, alpha) and of its animatable properties.
package android.view

import android.util.FloatProperty
import android.util.Property

open class View {
    var left = 0
    var top = 0
    var right = 0
    var bottom = 0
    var translationX = 0f
    var translationY = 0f
    var scaleX = 1f
    var scaleY = 1f
    var rotation = 0f
    var alpha = 1f
    val width: Int get() = right - left
    val height: Int get() = bottom - top

    fun layout(l: Int, t: Int, r: Int, b: Int) { left = l; top = t; right = r; bottom = b }

    companion object {
        private fun prop(name: String, get: (View) -> Float, set: (View, Float) -> Unit): Property<View, Float> =
            object : FloatProperty<View>(name) {
                override fun setValue(obj: View, value: Float) = set(obj, value)
                override fun get(obj: View): Float = get(obj)
            }
        @JvmField val TRANSLATION_X = prop("translationX", { it.translationX }, { v, x -> v.translationX = x })
        @JvmField val TRANSLATION_Y = prop("translationY", { it.translationY }, { v, x -> v.translationY = x })
        @JvmField val SCALE_X = prop("scaleX", { it.scaleX }, { v, x -> v.scaleX = x })
        @JvmField val SCALE_Y = prop("scaleY", { it.scaleY }, { v, x -> v.scaleY = x })
        @JvmField val ROTATION = prop("rotation", { it.rotation }, { v, x -> v.rotation = x })
        @JvmField val ALPHA = prop("alpha", { it.alpha }, { v, x -> v.alpha = x })
    }
}
