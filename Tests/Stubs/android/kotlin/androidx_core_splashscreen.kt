// androidx.core:core-splashscreen (Kotlin in androidx).
package androidx.core.splashscreen

class SplashScreenViewProvider {
    val view: android.view.View get() = throw RuntimeException("Stub!")
    val iconView: android.view.View get() = throw RuntimeException("Stub!")
    val iconAnimationStartMillis: Long get() = throw RuntimeException("Stub!")
    val iconAnimationDurationMillis: Long get() = throw RuntimeException("Stub!")
    fun remove(): Unit = throw RuntimeException("Stub!")
}
