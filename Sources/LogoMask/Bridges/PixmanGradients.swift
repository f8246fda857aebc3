internal import CPixmanGradients

/// pixman's linear and radial gradient composites computed in one pass, with pixman 0.42's own
/// arithmetic (Sources/CPixmanGradients): Cairo's calls bind to them in the binaries that export
/// them (logo-mask and the library's tests), and every other caller keeps pixman's. The same bytes
/// either way; the switch exists so that tests can compare the two.
enum PixmanGradients {
    /// Whether Cairo's gradient fills are composited here: on unless switched off, and only when
    /// the pixman loaded is one whose arithmetic is followed (0.42).
    static var isEnabled: Bool {
        get { lm_pixman_gradients_enabled() != 0 }
        set { lm_pixman_gradients_set_enabled(newValue ? 1 : 0) }
    }

    /// How many of pixman's composite calls were taken here since the process started.
    static var takenCount: Int { Int(lm_pixman_gradients_taken()) }
}
