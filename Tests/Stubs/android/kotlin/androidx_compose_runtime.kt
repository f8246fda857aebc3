// androidx.compose.runtime.
package androidx.compose.runtime

import kotlinx.coroutines.CoroutineScope

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.TYPE_PARAMETER, AnnotationTarget.PROPERTY_GETTER)
annotation class Composable

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.PROPERTY_GETTER, AnnotationTarget.TYPE)
annotation class DisallowComposableCalls

interface State<out T> {
    val value: T
}

interface MutableState<T> : State<T> {
    override var value: T
    operator fun component1(): T
    operator fun component2(): (T) -> Unit
}

interface SnapshotMutationPolicy<T> {
    fun equivalent(a: T, b: T): Boolean
}

fun <T> structuralEqualityPolicy(): SnapshotMutationPolicy<T> = throw RuntimeException("Stub!")

fun <T> mutableStateOf(value: T, policy: SnapshotMutationPolicy<T> = structuralEqualityPolicy()): MutableState<T> =
    throw RuntimeException("Stub!")

// The documentation's `@DisallowComposableCalls () -> T`, with the annotation's empty argument list
// spelled out: kotlinc 1.3 reads `@A ()` as the annotation's arguments.
@Composable
inline fun <T> remember(crossinline calculation: @DisallowComposableCalls() () -> T): T = throw RuntimeException("Stub!")

@Composable
fun SideEffect(effect: () -> Unit): Unit = throw RuntimeException("Stub!")

@Composable
fun LaunchedEffect(key1: Any?, block: suspend CoroutineScope.() -> Unit): Unit = throw RuntimeException("Stub!")
