// androidx.compose.ui:ui, androidx.compose.ui.viewinterop.
package androidx.compose.ui.viewinterop

import android.content.Context
import android.view.View
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier

val NoOpUpdate: View.() -> Unit = {}

@Composable
fun <T : View> AndroidView(factory: (Context) -> T, modifier: Modifier = Modifier, update: (T) -> Unit = NoOpUpdate): Unit =
    throw RuntimeException("Stub!")
