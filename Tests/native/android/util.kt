// A model of android.util.Property and FloatProperty, for compiling docs/native.md's Kotlin
// snippet on the JVM (see Tests/native/android/animation.kt).
package android.util

abstract class Property<T, V>(val type: Class<V>, val name: String) {
    abstract fun get(obj: T): V
    open fun set(obj: T, value: V) { throw UnsupportedOperationException("Property $name is read-only") }
}

abstract class FloatProperty<T>(name: String) : Property<T, Float>(java.lang.Float::class.java as Class<Float>, name) {
    abstract fun setValue(obj: T, value: Float)
    final override fun set(obj: T, value: Float) = setValue(obj, value)
}
