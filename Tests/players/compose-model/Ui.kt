// The model's Modifier and graphicsLayer (developer.android.com/reference/kotlin/androidx/compose/ui/graphics/GraphicsLayerScope):
// a layer's translationX/Y in pixels, alpha, scaleX/Y, with the density that converts dp to px.
// The model runs the block when asked (apply), as a draw pass would.
package androidx.compose.ui

import androidx.compose.ui.graphics.GraphicsLayerScope

interface Modifier {
    fun apply(scope: GraphicsLayerScope) {}

    companion object : Modifier
}

class LayerModifier(private val outer: Modifier, private val block: GraphicsLayerScope.() -> Unit) : Modifier {
    override fun apply(scope: GraphicsLayerScope) {
        outer.apply(scope)
        scope.block()
    }
}
