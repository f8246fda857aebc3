/// Just enough of the Android SDK's and androidx's API, as Kotlin declarations with the same
/// names, packages and member types, for kotlinc to type-check the generated SplashReveal.kt on
/// Linux (there is no android.jar here). Listeners the real SDK declares as Java interfaces
/// (which Kotlin lambdas convert to) are function types here. One file per package.
enum AndroidStubs {
    static let files: [String: String] = [
        "android_R.kt": """
            package android
            object R { object id { const val content = 16908290 } }
            """,
        "android_animation.kt": """
            package android.animation
            interface TimeInterpolator { fun getInterpolation(input: Float): Float }
            open class Animator { open fun start() {} }
            open class AnimatorListenerAdapter { open fun onAnimationEnd(animation: Animator) {} }
            class ValueAnimator : Animator() {
                var duration: Long = 0
                var interpolator: TimeInterpolator? = null
                val animatedFraction: Float = 0f
                fun addUpdateListener(listener: (ValueAnimator) -> Unit) {}
                fun addListener(listener: AnimatorListenerAdapter) {}
                companion object { fun ofFloat(vararg values: Float): ValueAnimator = ValueAnimator() }
            }
            """,
        "android_util.kt": """
            package android.util
            class DisplayMetrics { var density: Float = 1f }
            """,
        "android_content_res.kt": """
            package android.content.res
            class Resources { val displayMetrics = android.util.DisplayMetrics() }
            """,
        "android_content.kt": """
            package android.content
            open class Context { val resources = android.content.res.Resources() }
            """,
        "android_app.kt": """
            package android.app
            open class Activity : android.content.Context() { val window = android.view.Window() }
            """,
        "android_graphics.kt": """
            package android.graphics
            class Canvas {
                fun save(): Int = 0
                fun restore() {}
                fun scale(sx: Float, sy: Float) {}
                fun translate(dx: Float, dy: Float) {}
                fun rotate(degrees: Float) {}
                fun drawColor(color: Int) {}
                fun drawPath(path: Path, paint: Paint) {}
            }
            object Color { fun argb(alpha: Int, red: Int, green: Int, blue: Int): Int = 0 }
            open class Xfermode
            class PorterDuff { enum class Mode { CLEAR, SRC_OVER } }
            class PorterDuffXfermode(mode: PorterDuff.Mode) : Xfermode()
            class Path {
                enum class FillType { WINDING, EVEN_ODD }
                var fillType: FillType = FillType.WINDING
            }
            class Paint(flags: Int) {
                enum class Style { FILL, STROKE, FILL_AND_STROKE }
                var xfermode: Xfermode? = null
                var color: Int = 0
                var style: Style = Style.FILL
                var strokeWidth: Float = 0f
                companion object { const val ANTI_ALIAS_FLAG = 1 }
            }
            """,
        "android_view.kt": """
            package android.view
            class Window { val decorView: View = ViewGroup(android.content.Context()) }
            open class View(val context: android.content.Context) {
                val width: Int = 0
                val height: Int = 0
                var scaleX: Float = 1f
                var scaleY: Float = 1f
                open fun onDraw(canvas: android.graphics.Canvas) {}
                fun setLayerType(layerType: Int, paint: android.graphics.Paint?) {}
                fun invalidate() {}
                fun <T : View> findViewById(id: Int): T? = null
                companion object { const val LAYER_TYPE_HARDWARE = 2 }
            }
            open class ViewGroup(context: android.content.Context) : View(context) {
                open class LayoutParams(width: Int, height: Int) { companion object { const val MATCH_PARENT = -1 } }
                fun addView(child: View, params: LayoutParams) {}
                fun removeView(view: View) {}
            }
            """,
        "android_view_animation.kt": """
            package android.view.animation
            class LinearInterpolator : android.animation.TimeInterpolator { override fun getInterpolation(input: Float): Float = input }
            class PathInterpolator(x1: Float, y1: Float, x2: Float, y2: Float) : android.animation.TimeInterpolator {
                override fun getInterpolation(input: Float): Float = input
            }
            """,
        "androidx_core_graphics.kt": """
            package androidx.core.graphics
            object PathParser { fun createPathFromPathData(pathData: String): android.graphics.Path = android.graphics.Path() }
            """,
        "androidx_core_splashscreen.kt": """
            package androidx.core.splashscreen
            class SplashScreenViewProvider { fun remove() {} }
            class SplashScreen { fun setOnExitAnimationListener(listener: (SplashScreenViewProvider) -> Unit) {} }
            """,
    ]
}
