import ArgumentParser
import FoundationEssentials

/// The check of commands that write one PNG (`render`, `mask`): an output named for another
/// format is refused as a usage error (64) before anything is drawn, instead of PNG bytes under
/// a name that says PDF or SVG.
enum PNGOutputName {
    /// Extensions of formats these commands do not write.
    static let otherFormats: Set<String> = [
        "pdf", "svg", "svgz", "eps", "jpg", "jpeg", "webp", "gif", "tif", "tiff", "bmp", "heic", "avif",
        "apng", "mp4", "json", "html",
    ]

    /// Throws when `path`'s extension names another format; `hint` says which command writes it.
    static func check(_ path: String, command: String, hint: String) throws {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard otherFormats.contains(ext) else { return }
        throw ValidationError("\(path): \(command) writes PNG, not .\(ext). Name the output .png. \(hint)")
    }
}
