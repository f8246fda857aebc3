// androidx.compose.animation:animation-core.
package androidx.compose.animation.core

interface Easing {
    fun transform(fraction: Float): Float
}

val LinearEasing: Easing get() = throw RuntimeException("Stub!")
val FastOutSlowInEasing: Easing get() = throw RuntimeException("Stub!")

interface AnimationSpec<T>
interface FiniteAnimationSpec<T> : AnimationSpec<T>
interface DurationBasedAnimationSpec<T> : FiniteAnimationSpec<T>

class TweenSpec<T>(val durationMillis: Int = 300, val delay: Int = 0, val easing: Easing = FastOutSlowInEasing) : DurationBasedAnimationSpec<T>

fun <T> tween(durationMillis: Int = 300, delayMillis: Int = 0, easing: Easing = FastOutSlowInEasing): TweenSpec<T> =
    throw RuntimeException("Stub!")

abstract class AnimationVector
class AnimationVector1D(initVal: Float) : AnimationVector()

class AnimationResult<T, V : AnimationVector>

class Animatable<T, V : AnimationVector>(initialValue: T) {
    val value: T get() = throw RuntimeException("Stub!")
    val velocity: T get() = throw RuntimeException("Stub!")
    suspend fun animateTo(
        targetValue: T,
        animationSpec: AnimationSpec<T> = throw RuntimeException("Stub!"),
        initialVelocity: T = velocity,
        block: (Animatable<T, V>.() -> Unit)? = null
    ): AnimationResult<T, V> = throw RuntimeException("Stub!")
}

fun Animatable(initialValue: Float, visibilityThreshold: Float = 0.01f): Animatable<Float, AnimationVector1D> =
    throw RuntimeException("Stub!")
