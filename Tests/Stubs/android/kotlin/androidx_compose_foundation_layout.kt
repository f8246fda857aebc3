// androidx.compose.foundation:foundation-layout.
package androidx.compose.foundation.layout

import androidx.compose.ui.Modifier

fun Modifier.fillMaxSize(fraction: Float = 1f): Modifier = throw RuntimeException("Stub!")
