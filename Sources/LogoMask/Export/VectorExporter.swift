import FoundationEssentials
import MaskGeometry

/// Vector file formats Cairo writes.
public enum VectorFormat: String, Sendable, CaseIterable {
    /// PDF 1.5 (Cairo's PDF surface).
    case pdf
    /// SVG 1.1 (Cairo's SVG surface).
    case svg

    /// The format a path's extension names (`.pdf`, `.svg`), or nil.
    public init?(pathExtension path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

/// Writes a logo as a vector file (one page the size of the document box, 1 document unit =
/// 1 point), drawn from its recording: paths stay paths, so the file is crisp at any zoom.
/// Filter effects are the exception: librsvg rasterizes them, so they arrive as images.
public enum VectorExporter {
    /// Writes `logo` to `path` as PDF or SVG (from the extension unless `format` is given),
    /// scaled by `scale`, over an optional background. Atomic; no dates inside, so the same
    /// logo gives the same bytes.
    public static func write(
        _ logo: VectorLogo, to path: String, format: VectorFormat? = nil, scale: Double = 1,
        background: RGBAColor? = nil
    ) throws(LogoMaskError) {
        guard let format = format ?? VectorFormat(pathExtension: path) else {
            throw LogoMaskError.invalidRequest("\(path): name the output .pdf or .svg.")
        }
        guard scale.isFinite, scale > 0 else {
            throw LogoMaskError.invalidRequest("\(path): the scale must be a positive number, not \(scale).")
        }
        let size = Size(width: logo.documentSize.width * scale, height: logo.documentSize.height * scale)
        // Paths and groups as the document has them, not folded for pixels.
        let drawing = try LogoDrawing(logo: logo, folding: .none)
        try AtomicFile.produce(at: path) { (temporary) throws(LogoMaskError) in
            let surface = format == .pdf
                ? try CairoSurface.pdf(path: temporary, size: size)
                : try CairoSurface.svg(path: temporary, size: size)
            do {
                let context = try CairoContext(surface)
                if let background { context.paint(color: background, operator: .source) }
                try drawing.draw(on: context, transform: .scale(scale))
            }
            try surface.finish(what: path)
        }
    }
}
