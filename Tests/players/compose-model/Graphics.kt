// GraphicsLayerScope and Modifier.graphicsLayer { } as the model has them (see Ui.kt).
package androidx.compose.ui.graphics

import androidx.compose.ui.LayerModifier
import androidx.compose.ui.Modifier

class GraphicsLayerScope(val density: Float) {
    var translationX = 0f
    var translationY = 0f
    var alpha = 1f
    var scaleX = 1f
    var scaleY = 1f
}

fun Modifier.graphicsLayer(block: GraphicsLayerScope.() -> Unit): Modifier = LayerModifier(this, block)
