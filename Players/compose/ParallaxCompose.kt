// The Jetpack Compose adapter (docs/native.md#jetpack-compose): a page-progress answer's layer
// tracks on a HorizontalPager's (or VerticalPager's) pages through graphicsLayer. p comes from
// the PagerState: p = −getOffsetDistanceInPages(page). Values are points (dp); graphicsLayer
// translations are pixels, so they are multiplied by the layer's density.
package parallax.compose

import androidx.compose.foundation.pager.PagerState
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.graphicsLayer
import parallax.player.KeyframesAnswer
import parallax.player.Target
import parallax.player.Track

/** The tracks of one layer of every page (`{"layer": name}` in a page-progress answer). */
class LayerTracks(answer: KeyframesAnswer, layer: String) {
    init {
        require(answer.input == "pageProgress") { "ask for the answer with input=pageProgress" }
    }

    private val target = Target(layer = layer)
    val x: Track? = answer.track(target, "frame.x")
    val y: Track? = answer.track(target, "frame.y")
    val opacity: Track? = answer.track(target, "opacity")
    val scale: Track? = answer.track(target, "scale")
}

/** p of `page`: +1 when it has moved one page back (the answer's "sign": "movedBack"). */
fun PagerState.progress(page: Int): Double = -getOffsetDistanceInPages(page).toDouble()

/** A page property (`{"page": true}`), e.g. visibleFraction, of `page` now. */
fun PagerState.pageValue(page: Int, track: Track): Float = track.value(progress(page)).toFloat()

/** Places a layer laid out at its page's top-leading corner where the answer says: translated by
 *  frame.x and frame.y, faded by opacity, scaled about its centre by scale. Read inside the
 *  graphicsLayer block, so a scroll redraws without recomposing. */
fun Modifier.parallaxLayer(state: PagerState, page: Int, tracks: LayerTracks): Modifier = graphicsLayer {
    val p = state.progress(page)
    tracks.x?.let { translationX = it.value(p).toFloat() * density }
    tracks.y?.let { translationY = it.value(p).toFloat() * density }
    tracks.opacity?.let { alpha = it.value(p).toFloat() }
    tracks.scale?.let {
        scaleX = it.value(p).toFloat()
        scaleY = scaleX
    }
}
