// The Kotlin player against fixtures (docs/testing.md#players), run by Tests/players/run.sh:
// `java -cp player.jar CheckKt DIR` reads every DIR/NAME.answer.json with DIR/NAME.fixtures.json,
// prints `kotlin: N passed, M failed` and the failures, and exits 1 on any failure.
import java.io.File
import kotlin.system.exitProcess
import parallax.player.Fixtures
import parallax.player.KeyframesAnswer

fun main(args: Array<String>) {
    val dir = File(args[0])
    val names = (dir.list() ?: emptyArray()).filter { it.endsWith(".answer.json") }.map { it.removeSuffix(".answer.json") }.sorted()
    var passed = 0
    val failures = ArrayList<String>()
    for (name in names) {
        try {
            val answer = KeyframesAnswer.parse(File(dir, "$name.answer.json").readText())
            val r = Fixtures.parse(File(dir, "$name.fixtures.json").readText()).check(answer)
            passed += r.passed
            failures.addAll(r.failures.map { "$name: $it" })
        } catch (e: Exception) {
            failures.add("$name: $e")
        }
    }
    failures.take(20).forEach { println("  FAIL $it") }
    println("kotlin: $passed passed, ${failures.size} failed (${names.size} answers)")
    exitProcess(if (failures.isEmpty() && names.isNotEmpty()) 0 else 1)
}
