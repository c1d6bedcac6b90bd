// A small JSON reader (RFC 8259) so the player needs no dependency: objects become
// Map<String, Any?>, arrays List<Any?>, numbers Double (parsed by the JVM, correctly rounded),
// strings String, true/false Boolean, null null.
package parallax.player

class JsonException(message: String) : Exception(message)

object Json {
    fun parse(text: String): Any? {
        val r = Reader(text)
        val v = r.value()
        r.space()
        if (r.i != text.length) throw JsonException("trailing characters at ${r.i}")
        return v
    }

    private class Reader(val s: String) {
        var i = 0

        fun space() {
            while (i < s.length && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++
        }

        fun fail(what: String): Nothing = throw JsonException("$what at $i")

        fun value(): Any? {
            space()
            if (i >= s.length) fail("unexpected end")
            return when (s[i]) {
                '{' -> obj()
                '[' -> arr()
                '"' -> str()
                't' -> word("true", true)
                'f' -> word("false", false)
                'n' -> word("null", null)
                else -> num()
            }
        }

        fun word(w: String, v: Any?): Any? {
            if (!s.startsWith(w, i)) fail("bad literal")
            i += w.length
            return v
        }

        fun obj(): Map<String, Any?> {
            val m = LinkedHashMap<String, Any?>()
            i++
            space()
            if (i < s.length && s[i] == '}') { i++; return m }
            while (true) {
                space()
                if (i >= s.length || s[i] != '"') fail("expected a key")
                val k = str()
                space()
                if (i >= s.length || s[i] != ':') fail("expected ':'")
                i++
                m[k] = value()
                space()
                if (i < s.length && s[i] == ',') { i++; continue }
                if (i < s.length && s[i] == '}') { i++; return m }
                fail("expected ',' or '}'")
            }
        }

        fun arr(): List<Any?> {
            val a = ArrayList<Any?>()
            i++
            space()
            if (i < s.length && s[i] == ']') { i++; return a }
            while (true) {
                a.add(value())
                space()
                if (i < s.length && s[i] == ',') { i++; continue }
                if (i < s.length && s[i] == ']') { i++; return a }
                fail("expected ',' or ']'")
            }
        }

        fun str(): String {
            val b = StringBuilder()
            i++
            while (true) {
                if (i >= s.length) fail("unterminated string")
                val c = s[i++]
                when {
                    c == '"' -> return b.toString()
                    c == '\\' -> {
                        if (i >= s.length) fail("unterminated escape")
                        when (val e = s[i++]) {
                            '"', '\\', '/' -> b.append(e)
                            'b' -> b.append('\b')
                            'f' -> b.append('\u000C')
                            'n' -> b.append('\n')
                            'r' -> b.append('\r')
                            't' -> b.append('\t')
                            'u' -> {
                                if (i + 4 > s.length) fail("short \\u escape")
                                b.append(s.substring(i, i + 4).toInt(16).toChar())
                                i += 4
                            }
                            else -> fail("bad escape")
                        }
                    }
                    c < ' ' -> fail("control character in string")
                    else -> b.append(c)
                }
            }
        }

        fun num(): Double {
            val start = i
            while (i < s.length && (s[i].isDigit() || s[i] in "+-.eE")) i++
            val t = s.substring(start, i)
            if (!Regex("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?").matches(t)) fail("bad number '$t'")
            return t.toDouble()
        }
    }
}
