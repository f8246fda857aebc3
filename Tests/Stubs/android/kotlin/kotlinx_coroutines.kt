// kotlinx-coroutines-core: the receiver of LaunchedEffect's block.
package kotlinx.coroutines

interface CoroutineScope {
    val coroutineContext: kotlin.coroutines.CoroutineContext
}
