// librsvg, Cairo, gdk-pixbuf and GLib/GObject/GIO are loaded on first use (CDrawingLibraries),
// not when the program starts. The entry points into them (a document read, a surface made)
// check first that they load, so that a missing library is an ordinary error, with the
// temporaries removed and status 69, rather than the forwarders' last-resort exit.
internal import CDrawingLibraries

/// The drawing libraries, loaded on first use.
enum DrawingLibraries {
    /// Loads them if not yet loaded (once; later calls cost a few atomic loads). Throws
    /// ``LogoMaskError/toolUnavailable(tool:reason:)`` naming the library that cannot be
    /// loaded and the Debian package to install.
    static func require() throws(LogoMaskError) {
        var reason: UnsafePointer<CChar>?
        guard let missing = lm_drawing_libraries_missing(&reason) else { return }
        throw LogoMaskError.toolUnavailable(
            tool: String(cString: missing), reason: reason.map { String(cString: $0) } ?? "cannot be loaded")
    }
}
