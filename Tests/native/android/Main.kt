// Runs docs/native.md's Kotlin snippet (compiled beside it with the Android model in this folder)
// over real keytimes answers. Input (stdin, whitespace-separated, written by native_check.py):
// density, from, to, the number of views, per view its frame (x y width height, points) and its
// tracks (property, n, n values, n key times, n − 1 timing functions of 4), then the number of
// offsets and the offsets. Output: the snippet's table, a line "TABLE property|PROPS|RULE" per
// property, then per offset per view a line "x y width height alpha scaleX scaleY rotation", the
// view's untransformed frame (left + translation) in points.
import android.view.View
import java.io.InputStreamReader

fun main() {
    val words = InputStreamReader(System.`in`).readText().split(Regex("\\s+")).filter { it.isNotEmpty() }.iterator()
    fun d() = words.next().toDouble()
    fun i() = words.next().toInt()
    val density = d().toFloat()
    val from = d()
    val to = d()
    val views = ArrayList<View>()
    val animators = ArrayList<android.animation.ObjectAnimator>()
    repeat(i()) {
        val frame = DoubleArray(4) { d() }
        val tracks = ArrayList<KeyTimesTrack>()
        repeat(i()) {
            val property = words.next()
            val n = i()
            val values = DoubleArray(n) { d() }
            val keyTimes = DoubleArray(n) { d() }
            val tfs = List(n - 1) { DoubleArray(4) { d() } }
            tracks.add(KeyTimesTrack(property, values, keyTimes, tfs))
        }
        val view = View()
        views.add(view)
        animators.add(animate(view, frame, tracks, density))
    }
    val names = listOf("TRANSLATION_X" to View.TRANSLATION_X, "TRANSLATION_Y" to View.TRANSLATION_Y, "SCALE_X" to View.SCALE_X,
        "SCALE_Y" to View.SCALE_Y, "ROTATION" to View.ROTATION, "ALPHA" to View.ALPHA, "WIDTH" to WIDTH, "HEIGHT" to HEIGHT)
    val out = StringBuilder()
    for (p in listOf("frame", "viewportFrame", "header", "image", "contentFrame").flatMap { f -> listOf("x", "y", "width", "height").map { "$f.$it" } } +
            listOf("contentTop", "translate.x", "translate.y", "opacity", "scale", "scaleX", "scaleY", "rotate", "progress", "visibleFraction", "progressClamped")) {
        val a = androidProperties(p)
        val props = a?.first?.joinToString(",") { q -> names.firstOrNull { it.second === q }?.first ?: "?" } ?: ""
        out.append("TABLE $p|$props|${a?.second ?: ""}\n")
    }
    repeat(i()) {
        val offset = d()
        for ((k, view) in views.withIndex()) {
            scroll(animators[k], offset, from, to)
            val x = (view.left + view.translationX) / density
            val y = (view.top + view.translationY) / density
            out.append("$x $y ${view.width / density} ${view.height / density} ${view.alpha} ${view.scaleX} ${view.scaleY} ${view.rotation}\n")
        }
    }
    print(out)
}
