// The Compose adapter against the single-offset answers (docs/testing.md#adapters), run by
// Tests/players/run.sh: `java -cp compose.jar ComposeCheckKt DIR` reads every DIR/NAME.adapter.json
// (adapters.py), scrolls the model's PagerState to each check's offset (in pixels at density
// 2.75), runs parallaxLayer's graphicsLayer block for the page's layer (or pageValue for a page
// property) and compares translation / density, alpha and scale with the single-offset values:
// 0.5 pt, 0.002. Prints `compose: N passed, M failed`.
import androidx.compose.foundation.pager.PagerState
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.GraphicsLayerScope
import java.io.File
import kotlin.system.exitProcess
import parallax.compose.LayerTracks
import parallax.compose.pageValue
import parallax.compose.parallaxLayer
import parallax.player.Json
import parallax.player.KeyframesAnswer
import parallax.player.Target

const val DENSITY = 2.75f

@Suppress("UNCHECKED_CAST")
fun main(args: Array<String>) {
    var passed = 0
    val failures = ArrayList<String>()
    val files = (File(args[0]).list() ?: emptyArray()).filter { it.endsWith(".adapter.json") }.sorted()
    for (file in files) {
        val case = Json.parse(File(args[0], file).readText()) as Map<String, Any?>
        val answer = KeyframesAnswer.decode(case["progressAnswer"] as Map<String, Any?>)
        val stride = case["stride"] as Double
        val state = PagerState((case["pageCount"] as Double).toInt())
        val layers = (case["layers"] as List<String>).associateWith { LayerTracks(answer, it) }
        for (c in case["checks"] as List<Map<String, Any?>>) {
            val offset = c["offset"] as Double
            val page = (c["index"] as Double).toInt()
            val property = c["property"] as String
            val want = c["value"] as Double
            val layer = c["layer"] as String?
            state.scrollToPixels((offset * DENSITY).toFloat(), (stride * DENSITY).toFloat())
            val got: Double? = if (layer == null) {
                answer.track(Target(page = true), property)?.let { state.pageValue(page, it).toDouble() }
            } else {
                val scope = GraphicsLayerScope(DENSITY)
                Modifier.parallaxLayer(state, page, layers.getValue(layer)).apply(scope)
                when (property) {
                    "frame.x" -> (scope.translationX / DENSITY).toDouble()
                    "frame.y" -> (scope.translationY / DENSITY).toDouble()
                    "opacity" -> scope.alpha.toDouble()
                    "scale" -> scope.scaleX.toDouble()
                    else -> null
                }
            }
            val tol = if (property.startsWith("frame.")) 0.5 else 0.002
            if (got != null && Math.abs(got - want) <= tol) passed++
            else failures.add("${case["name"]} page $page ${layer ?: "page"} $property at $offset: compose $got, single-offset $want")
        }
    }
    failures.take(20).forEach { println("  FAIL $it") }
    println("compose: $passed passed, ${failures.size} failed")
    exitProcess(if (failures.isEmpty() && passed > 0) 0 else 1)
}
