// androidx.compose.ui:ui (Modifier) and its viewinterop (AndroidView).
package androidx.compose.ui

interface Modifier {
    companion object : Modifier
}
