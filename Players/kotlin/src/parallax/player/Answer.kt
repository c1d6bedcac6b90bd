// A keyframes answer, format "json" or "keytimes", input "offset" or "pageProgress", linearized or
// not (docs/native.md#the-players), and the fixtures answer with its check
// (docs/native.md#fixtures), read with Json.kt.
package parallax.player

class Domain(val from: Double, val to: Double)

class Linearized(val length: Double, val ratio: Double, val angle: Double)

class KeyframesAnswer(
    val model: String,
    /** "offset" or "pageProgress". */
    val input: String,
    val axis: String,
    /** Page-progress answers: L in points and the sign ("movedBack": p = offset/L − index). */
    val stride: Double?,
    val sign: String?,
    val domain: Domain,
    val linearized: Linearized?,
    val tracks: List<Track>
) {
    fun track(target: Target, property: String): Track? = tracks.firstOrNull { it.target == target && it.property == property }

    companion object {
        fun parse(text: String): KeyframesAnswer = decode(obj(Json.parse(text), "answer"))

        fun decode(a: Map<String, Any?>): KeyframesAnswer {
            val d = obj(a["domain"], "domain")
            val domain = Domain(num(d["from"], "domain.from"), num(d["to"], "domain.to"))
            val lin = a["linearized"]?.let { obj(it, "linearized") }
            return KeyframesAnswer(
                str(a["model"], "model"), (a["input"] as? String) ?: "offset", str(a["axis"], "axis"),
                a["stride"] as? Double, a["sign"] as? String, domain,
                lin?.let { Linearized(num(it["length"], "length"), num(it["ratio"], "ratio"), num(it["angle"], "angle")) },
                list(a["tracks"], "tracks").map { track(obj(it, "track"), domain) })
        }

        private fun track(t: Map<String, Any?>, domain: Domain): Track {
            val property = str(t["property"], "property")
            val at: DoubleArray
            val values: DoubleArray
            val easings: List<Easing>
            val knots = t["knots"]
            if (knots != null) {
                val ks = list(knots, "knots").map { list(it, "knot") }
                if (ks.any { it.size != 2 }) throw JsonException("$property: a knot is not [offset, value]")
                at = DoubleArray(ks.size) { num(ks[it][0], "knot") }
                values = DoubleArray(ks.size) { num(ks[it][1], "knot") }
                easings = list(t["easings"] ?: emptyList<Any?>(), "easings").map { easing(it) }
            } else {
                val keyTimes = list(t["keyTimes"], "keyTimes").map { num(it, "keyTimes") }
                values = list(t["values"], "values").map { num(it, "values") }.toDoubleArray()
                // The last key time is the domain's end exactly (1 · width may round off it).
                at = keyTimes.map { if (it == 1.0) domain.to else domain.from + it * (domain.to - domain.from) }.toDoubleArray()
                easings = list(t["timingFunctions"], "timingFunctions").map { f ->
                    val p = list(f, "timingFunction").map { num(it, "timingFunction") }
                    if (p.size != 4) throw JsonException("$property: a timing function is not 4 numbers")
                    if (p == listOf(0.0, 0.0, 1.0, 1.0)) Easing.Linear else Easing.CubicBezier(p[0], p[1], p[2], p[3])
                }
            }
            if (at.isEmpty() || at.size != values.size || easings.size != at.size - 1) {
                throw JsonException("$property: ${at.size} knots, ${values.size} values, ${easings.size} easings")
            }
            return Track(target(obj(t["target"], "target")), property, at, values, easings,
                t["before"] == "linear", t["after"] == "linear", t["maxError"] as? Double)
        }

        private fun easing(e: Any?): Easing = when (e) {
            "linear" -> Easing.Linear
            is Map<*, *> -> {
                val p = list(e["cubicBezier"], "cubicBezier").map { num(it, "cubicBezier") }
                if (p.size != 4) throw JsonException("cubicBezier needs 4 numbers")
                Easing.CubicBezier(p[0], p[1], p[2], p[3])
            }
            else -> throw JsonException("unknown easing $e")
        }

        internal fun target(t: Map<String, Any?>) =
            Target((t["slot"] as? Double)?.toInt(), t["layer"] as? String, t["element"] as? String, t["page"] == true)
    }
}

class FixtureCase(val at: Double, val accepted: List<Double>)

class FixtureTrack(val target: Target, val property: String, val kind: Kind, val cases: List<FixtureCase>)

class Fixtures(val model: String, val input: String, val tolerance: Map<Kind, Double>, val tracks: List<FixtureTrack>) {
    class Report(val passed: Int, val failures: List<String>)

    /** Every case against the same target's and property's track of `answer`: within
     *  tolerance[kind] of the value (for "either", of one of the two). A missing track fails. */
    fun check(answer: KeyframesAnswer): Report {
        var passed = 0
        val failures = ArrayList<String>()
        if (answer.input != input) failures.add("input: answer ${answer.input}, fixtures $input")
        for (f in tracks) {
            val track = answer.track(f.target, f.property)
            if (track == null) {
                failures.add("${f.target} ${f.property}: no such track in the answer")
                continue
            }
            val tol = tolerance.getValue(f.kind)
            for (c in f.cases) {
                val got = track.value(c.at)
                if (c.accepted.any { Math.abs(got - it) <= tol }) passed++
                else failures.add("${f.target} ${f.property} at ${c.at}: got $got, want ${c.accepted} ± $tol")
            }
        }
        return Report(passed, failures)
    }

    companion object {
        fun parse(text: String): Fixtures {
            val a = obj(Json.parse(text), "fixtures")
            val t = obj(a["tolerance"], "tolerance")
            val tolerance = mapOf(Kind.LENGTH to num(t["length"], "length"), Kind.RATIO to num(t["ratio"], "ratio"), Kind.ANGLE to num(t["angle"], "angle"))
            val tracks = list(a["tracks"], "tracks").map { x ->
                val tr = obj(x, "track")
                val kind = Kind.valueOf(str(tr["kind"], "kind").toUpperCase())
                val cases = list(tr["cases"], "cases").map { y ->
                    val c = obj(y, "case")
                    val either = c["either"]
                    FixtureCase(num(c["at"], "at"),
                        if (either != null) list(either, "either").map { num(it, "either") } else listOf(num(c["value"], "value")))
                }
                FixtureTrack(KeyframesAnswer.target(obj(tr["target"], "target")), str(tr["property"], "property"), kind, cases)
            }
            return Fixtures(str(a["model"], "model"), (a["input"] as? String) ?: "offset", tolerance, tracks)
        }
    }
}

@Suppress("UNCHECKED_CAST")
private fun obj(v: Any?, what: String) = v as? Map<String, Any?> ?: throw JsonException("$what: not an object")
private fun list(v: Any?, what: String) = v as? List<Any?> ?: throw JsonException("$what: not an array")
private fun num(v: Any?, what: String) = v as? Double ?: throw JsonException("$what: not a number")
private fun str(v: Any?, what: String) = v as? String ?: throw JsonException("$what: not a string")
