import FoundationEssentials
import Glibc
import MaskGeometry

/// A logo loaded from SVG or PDF: its sizes and bounds, and the means to draw it as vectors at
/// any transform (each drawing thread gets its own parsed copy, see `LogoDrawing`). Nothing
/// downstream asks which format it came from.
///
/// Coordinates are *document units*: CSS pixels (96 per inch) for SVG, points (72 per inch)
/// for PDF, with the origin at the top-left of the document box.
///
/// ```swift
/// let logo = try VectorLogo(contentsOf: "logo.svg")
/// print(logo.documentSize, logo.inkBounds)
/// try Rasterizer.writePNG(of: logo, size: .width(1024), to: "logo.png")
/// ```
public final class VectorLogo: Sendable {
    /// The file path, or the name given for bytes (used in every error message).
    public let name: String
    /// The format sniffed from the content.
    public let format: LogoFormat
    /// The options it was loaded with.
    public let options: LoadOptions
    /// Number of pages (1 for SVG).
    public let pageCount: Int
    /// The document box's size in document units: the SVG's width and height (or its viewBox
    /// when those are missing or percentages), or the PDF page's size; for an element loaded
    /// alone, its ink box.
    public let documentSize: Size
    /// The SVG's viewBox, when it has one.
    public let viewBox: Rect?
    /// Document units per inch: 96 for SVG (CSS pixels), 72 for PDF (points).
    public let unitsPerInch: Double
    /// Bounds of everything that paints, strokes included (librsvg's ink rectangle; for PDF,
    /// the recorded drawing's ink extents). `.null` when nothing paints.
    public let inkBounds: Rect
    /// Bounds of the geometry without stroke widths (librsvg's logical rectangle); for PDF the
    /// page box.
    public let logicalBounds: Rect
    /// True when the SVG uses filter effects, which librsvg rasterizes at the resolution it draws
    /// at (every output is drawn at its final transform, so they stay sharp in pixels; in PDF and
    /// SVG exports they arrive as images).
    public let usesFilterEffects: Bool
    /// The largest `feMorphology` radius in the SVG text (user units), nil without one
    /// (``FilterPicture/largestMorphologyRadius(in:)``): read once, it sets every filter picture's scale.
    let morphologyRadius: Double?
    /// The names of the elements the SVG draws through a filter (``FilteredElements``), empty
    /// without filter effects: read once, on first use, for every filter picture's size
    /// (``FilterPicture/longerSide(filteredElements:)``) and every export's notes.
    var filteredElementNames: [String] {
        guard usesFilterEffects, format == .svg else { return [] }
        return (try? filteredElementsCache.value { () throws(LogoMaskError) in FilteredElements.names(inSVG: source) }) ?? []
    }
    /// How many elements the SVG draws through a filter (``filteredElementNames``).
    var filteredElementCount: Int { filteredElementNames.count }
    /// ``filteredElementNames``, shared with the copies drawn from a rewrite of the text (they
    /// name the elements as the logo was loaded).
    private let filteredElementsCache: OnceCache<[String]>
    /// References to other files or to the network found in the SVG text (`href`, `url(...)`,
    /// `@import`), at most 20. None is ever fetched from the network; files load only with
    /// ``LoadOptions/allowLocalReferences`` and only from the logo's own folder. The command-line
    /// tool prints them as a warning. Always empty for PDF and compressed SVGZ.
    public let externalReferences: [String]
    /// What the loader did that the file did not quite ask for, one sentence each (no file name,
    /// no trailing period): today a negative SVG width or height, ignored as librsvg ignores it
    /// (the size then comes from the viewBox). The command-line tool prints each as a warning.
    public let warnings: [String]

    let source: Data
    let baseFile: String?
    /// How often the SVG's paths cross themselves (``PathCrossingEstimate``); 0 for PDF and for
    /// trusted input, which are never refused for it.
    let pathCrossings: Int
    /// For an element drawn alone: where its ink box sits in the element's own coordinates.
    let elementOrigin: Point
    /// The pictures of a filtered logo, shared by all its drawings (empty for other logos).
    let filterPictures = FilterPictureCache()
    /// Its filter pictures as librsvg drew them for each zoom and pixel offset an export asked
    /// for (``OutlineExtractor/pictures(of:on:like:)``; empty for other logos).
    let screenPictures = LogoMemo<ExactNumbers, [LogoOutline.Picture]>(capacity: 16)
    /// Its filter pictures as a screen shows them (``FilterPictureGrid/framePictures(of:outline:on:bias:soft:outlineClips:)``).
    let framePictures = LogoMemo<FramePictureKey, [LogoOutline.Picture]?>(capacity: 16)
    /// Its pixels drawn for an exported picture of the whole logo (``LogoPicture``), by size,
    /// transform and tint: the page's drawn logo and its hole are the same drawing.
    let pictureBitmaps = LogoMemo<LogoBitmapKey, PixelPlane>(capacity: 2)
    /// Its pixels as frame 0 of a reveal paints them, the drawing's first draw (``FrameCompositor``),
    /// by size, transform within the pixels and tint: `assets` draws 12 launch stills with 4
    /// distinct logo bitmaps (kiten's filters cost 0.2 s a draw).
    let firstDrawBitmaps = LogoMemo<LogoBitmapKey, PixelPlane>(capacity: 4)
    /// Its filter pictures cut to what they paint (``FilterPictureCrop``), by the picture's PNG:
    /// the Lottie's rungs, the page, the web launch screen and each platform's code cut the same
    /// pictures (searched by comparing bytes, which differ at once or are one shared array).
    let pictureCuts = LogoMemo<[UInt8], FilterPictureCrop.Cut>(capacity: 1024)
    /// Its launch logo PNGs by size (``AssetWriter/png(_:size:to:scale:purpose:)``): the iOS
    /// image set's and the web's are the same files.
    let launchPNGs = LogoMemo<RenderSize, LaunchPNG>(capacity: 16)
    /// Its coverage pictures for ``InkProbe`` by rect and side (at most 256 px a side): the strip
    /// cut of every large render of a filtered logo, its painted region and its emptiness each
    /// probe a rect, most of them the same one.
    let inkProbes = LogoMemo<ExactNumbers, RasterImage>(capacity: 4)

    /// The logo as normalized vector shapes (``LogoOutline``): absolute move/line/cubic/close
    /// paths in document units with fill rules, strokes, paints and clips, and whether they are
    /// exact for the hole. Made on first use, once (later calls and other threads get the same
    /// value; loading and rendering never pay for it).
    ///
    /// Throws (the same error on every call) when librsvg or poppler fail to draw the logo.
    public var outline: LogoOutline {
        get throws(LogoMaskError) { try outlineCache.value { () throws(LogoMaskError) in try OutlineExtractor.outline(of: self) } }
    }
    private let outlineCache = OnceCache<LogoOutline>()
    /// The SVG text the outline is read back from: a drop shadow split from the shapes under it
    /// (``ShadowSplit``), or nil for the logo's own. Decided once (it draws the logo twice).
    let outlineSource = OnceCache<Data?>()
    /// ``paintsNothing``, probed once.
    let paintsNothingCache = OnceCache<Bool>()
    /// ``paintedRegion``'s probe of where the logo paints, once per logo.
    let paintedInkCache = OnceCache<Rect>()
    /// The copy with translucent shapes folded (nil: nothing to fold; ``translucentFolded``).
    private let foldedCache = OnceCache<VectorLogo?>()
    /// ``drawingSource``, made once.
    private let drawingSourceCache = OnceCache<Data>()

    /// The document box, `(0, 0, documentSize)`.
    public var documentBox: Rect { Rect(x: 0, y: 0, width: documentSize.width, height: documentSize.height) }

    /// Loads a logo from a file; `"-"` reads standard input.
    public convenience init(contentsOf path: String, options: LoadOptions = LoadOptions()) throws(LogoMaskError) {
        let data = try Self.readInput(path, limit: options.maxInputBytes)
        let base = path == "-" || !options.allowLocalReferences
            ? nil : URL(fileURLWithPath: path).standardizedFileURL.path
        try self.init(data: data, name: path == "-" ? "<stdin>" : path, baseFile: base, options: options)
    }

    /// Loads a logo from bytes. `name` is used in messages. External references are never
    /// loaded from bytes (there is no folder to resolve them in).
    public convenience init(data: Data, name: String = "<data>", options: LoadOptions = LoadOptions()) throws(LogoMaskError) {
        try self.init(data: data, name: name, baseFile: nil, options: options)
    }

    private init(data: Data, name: String, baseFile: String?, options: LoadOptions) throws(LogoMaskError) {
        guard data.count <= options.maxInputBytes else {
            throw LogoMaskError.notALogo(file: name, reason: "it is \(data.count) bytes, over the \(options.maxInputBytes)-byte limit for a logo")
        }
        self.name = name
        self.options = options
        self.source = data
        self.baseFile = baseFile
        filteredElementsCache = OnceCache()
        let format = try LogoFormat.sniff(data, name: name)
        self.format = format
        switch format {
        case .svg:
            let document = try SVGDocument(data: data, name: name, baseFile: baseFile, unlimited: options.trustedInput)
            let inspection = SVGInspection(data)
            if let problem = inspection.sizeProblem() {
                throw LogoMaskError.notALogo(
                    file: name, reason: problem + "; give the <svg> element positive width and height, or a viewBox alone")
            }
            externalReferences = Array(inspection.externalReferences.prefix(SVGInspection.maxReportedReferences))
            // Counted before librsvg measures the logo (its ink rectangle fills the paths too).
            let crossings = options.trustedInput ? 0 : PathCrossingEstimate.crossings(inSVG: data)
            if crossings > PathCrossingEstimate.limit {
                throw LogoMaskError.pathTooComplex(file: name, crossings: crossings, limit: PathCrossingEstimate.limit, pixelRows: nil)
            }
            pathCrossings = crossings
            let negative = inspection.negativeSizes()
            let metrics = try Self.svgMetrics(
                document, name: name, elementID: options.elementID, ignoringNegativeSize: !negative.isEmpty)
            warnings = negative.isEmpty ? [] : [
                "its \(negative.joined(separator: " and ")) \(negative.count == 1 ? "is" : "are") negative, so \(negative.count == 1 ? "it is" : "they are") ignored as librsvg does: the size comes from the viewBox (\(formatNumber(metrics.size.width))x\(formatNumber(metrics.size.height)))",
            ]
            pageCount = 1
            documentSize = metrics.size
            viewBox = metrics.viewBox
            inkBounds = metrics.ink
            logicalBounds = metrics.logical
            elementOrigin = metrics.elementOrigin
            unitsPerInch = 96
            usesFilterEffects = Self.mentionsFilter(data)
            morphologyRadius = usesFilterEffects ? FilterPicture.largestMorphologyRadius(in: data) : nil
        case .pdf:
            if options.elementID != nil {
                throw LogoMaskError.elementNotFound(file: name, id: options.elementID ?? "")
            }
            let document = try PDFDocument(data: data, name: name)
            externalReferences = []
            warnings = []
            pathCrossings = 0
            pageCount = document.pageCount
            guard options.page >= 1, options.page <= pageCount else {
                throw LogoMaskError.pageOutOfRange(file: name, page: options.page, pageCount: pageCount)
            }
            guard let size = document.pageSize(index: options.page - 1), size.isUsable else {
                throw LogoMaskError.notALogo(file: name, reason: "page \(options.page) has no usable size")
            }
            documentSize = size
            viewBox = nil
            unitsPerInch = 72
            usesFilterEffects = false
            morphologyRadius = nil
            elementOrigin = .zero
            logicalBounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            inkBounds = try Self.pdfInkBounds(document, page: options.page - 1, size: size)
        }
    }

    /// The logo with its translucent one-paint shapes' opacity folded into their paints
    /// (``TranslucentShapeFold``; itself when there is nothing to fold, or for a PDF), made once:
    /// every render gets the same copy, so what the copy keeps (``inkProbes``) serves them all
    /// (a filtered logo's launch logo at 1x-3x and the web's each probed its ink afresh).
    var translucentFolded: VectorLogo {
        guard format == .svg else { return self }
        // Never fails: the closure throws nothing.
        let folded = (try? foldedCache.value { () throws(LogoMaskError) -> VectorLogo? in
            TranslucentShapeFold.folded(source).map(replacingSource)
        }) ?? nil
        return folded ?? self
    }

    /// The SVG text pixel drawings draw (``LogoDrawing``): translucent shapes folded as in
    /// ``translucentFolded`` and also where their paints are inherited
    /// (``TranslucentShapeFold``'s `followingInheritance`), made once. `render` keeps the
    /// stricter fold: its pixels are compared to rsvg-convert's, which the wider fold's rounding
    /// moves by up to 3 levels (papirus/thunderbird at 1024 px), and its one draw of a shadow
    /// costs little; drawings repeat theirs per cover check, frame and still (`assets` on
    /// papirus/gimp: 0.81 -> 0.41 s).
    var drawingSource: Data {
        guard format == .svg else { return source }
        // Never fails: the closure throws nothing.
        return (try? drawingSourceCache.value { () throws(LogoMaskError) -> Data in
            TranslucentShapeFold.folded(source, followingInheritance: true) ?? source
        }) ?? source
    }

    /// The same logo drawn from `source`, a rewrite of its SVG text that draws the same shapes
    /// (its sizes, bounds and the rest are kept, not measured again).
    func replacingSource(_ source: Data) -> VectorLogo {
        VectorLogo(copying: self, source: source)
    }

    private init(copying logo: VectorLogo, source: Data) {
        name = logo.name; format = logo.format; options = logo.options; pageCount = logo.pageCount
        documentSize = logo.documentSize; viewBox = logo.viewBox; unitsPerInch = logo.unitsPerInch
        inkBounds = logo.inkBounds; logicalBounds = logo.logicalBounds; usesFilterEffects = logo.usesFilterEffects
        morphologyRadius = logo.morphologyRadius; filteredElementsCache = logo.filteredElementsCache
        externalReferences = logo.externalReferences; warnings = logo.warnings
        self.source = source; baseFile = logo.baseFile; pathCrossings = logo.pathCrossings; elementOrigin = logo.elementOrigin
    }

    /// Bounds of one element in document coordinates (SVG only), as placed in the document.
    public func bounds(ofElement id: String) throws(LogoMaskError) -> (ink: Rect, logical: Rect) {
        guard format == .svg, options.elementID == nil else {
            throw LogoMaskError.elementNotFound(file: name, id: id)
        }
        let document = try SVGDocument(data: source, name: name, baseFile: baseFile, unlimited: options.trustedInput)
        guard document.hasElement(id: id) else { throw LogoMaskError.elementNotFound(file: name, id: id) }
        return try document.geometry(layer: id, viewport: documentBox)
    }

    /// A new, independent drawing of this logo for one thread (librsvg and poppler handles are
    /// not shared between threads), folding its translucent shapes as `folding` says.
    func makeDrawing(folding: LogoDrawing.Folding = .inheritedPaints) throws(LogoMaskError) -> LogoDrawing {
        try LogoDrawing(logo: self, folding: folding)
    }

    // MARK: - Loading helpers

    private static func readInput(_ path: String, limit: Int) throws(LogoMaskError) -> Data {
        if path == "-" {
            return try readBounded(STDIN_FILENO, name: "<stdin>", limit: limit)
        }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw LogoMaskError.unreadableInput(file: path, reason: "no such file")
        }
        if isFolder { throw LogoMaskError.unreadableInput(file: path, reason: "it is a folder") }
        // stat(2), not FileManager.attributesOfItem: that also looks up the owner's user and group
        // names (nsswitch, /etc/passwd, /etc/group) on every logo.
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) > limit {
            throw LogoMaskError.notALogo(file: path, reason: "it is \(status.st_size) bytes, over the \(limit)-byte limit for a logo")
        }
        guard let fd = FileDescriptorReader.open(path) else {
            throw LogoMaskError.unreadableInput(file: path, reason: "permission denied or not a regular file")
        }
        defer { close(fd) }
        // Bounded again while reading: the file may grow after the size check (or be a FIFO).
        return try readBounded(fd, name: path, limit: limit)
    }

    /// Reads at most `limit` + 1 bytes in 1 MiB chunks: an endless or huge stream is refused,
    /// never buffered whole. (Also avoids `FileManager.contents(atPath:)`, which leaks its
    /// 4 KiB buffer for an empty file in swift-foundation 6.3, as LeakSanitizer shows.)
    private static func readBounded(_ fd: Int32, name: String, limit: Int) throws(LogoMaskError) -> Data {
        var data = Data()
        while data.count <= limit {
            let chunk: [UInt8]
            switch FileDescriptorReader.read(fd, upTo: min(1 << 20, limit + 1 - data.count)) {
            case let .success(bytes): chunk = bytes
            case let .failure(failure): throw LogoMaskError.unreadableInput(file: name, reason: failure.reason)
            }
            guard !chunk.isEmpty else { break }
            data.append(contentsOf: chunk)
        }
        if data.count > limit {
            throw LogoMaskError.notALogo(file: name, reason: "it is over the \(limit)-byte limit for a logo")
        }
        return data
    }

    /// The PDF page's ink rectangle, to 1/34 of a point or finer. Cairo's recording surface
    /// rounds its ink extents out to whole device units, so the page is recorded magnified and
    /// the box scaled back: bird.pdf's drawing is 66.69 points high, not the 68 that whole units
    /// round it out to. The magnified page stays within 4096 units on its longer side (at most
    /// 1024 times): poppler makes its transparency groups and masks at the size it draws at, and
    /// a cut-out hole drawn 1024 times too large made it crash.
    private static func pdfInkBounds(_ document: PDFDocument, page: Int, size: Size) throws(LogoMaskError) -> Rect {
        let zoom = min(1024, max(1, (4096 / max(size.width, size.height)).rounded(.down)))
        let recording = try CairoSurface.recording()
        let context = try CairoContext(recording)
        context.setTransform(.scale(zoom))
        try document.render(page: page, on: context)
        let box = recording.recordingInkExtents
        guard !box.isEmpty else { return .null }
        return Rect(x: box.x / zoom, y: box.y / zoom, width: box.width / zoom, height: box.height / zoom)
    }

    private struct SVGMetrics {
        var size: Size
        var viewBox: Rect?
        var ink: Rect
        var logical: Rect
        var elementOrigin: Point
    }

    private static func svgMetrics(
        _ document: SVGDocument, name: String, elementID: String?, ignoringNegativeSize: Bool
    ) throws(LogoMaskError) -> SVGMetrics {
        let intrinsic = document.intrinsicSize
        if let id = elementID {
            guard document.hasElement(id: id) else { throw LogoMaskError.elementNotFound(file: name, id: id) }
            let geometry = try document.geometry(element: id)
            guard !geometry.ink.isEmpty else { throw LogoMaskError.noVisibleInk(file: name) }
            let size = geometry.ink.size
            let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
            let logical = geometry.logical.isEmpty ? Rect.null
                : Rect(x: geometry.logical.x - geometry.ink.x, y: geometry.logical.y - geometry.ink.y,
                       width: geometry.logical.width, height: geometry.logical.height)
            return SVGMetrics(size: size, viewBox: nil, ink: box, logical: logical,
                              elementOrigin: Point(x: geometry.ink.x, y: geometry.ink.y))
        }
        // The document size: absolute width/height, else the viewBox (viewBox-only and
        // percentage sizes), else the extent of what it draws under an identity transform.
        var size: Size
        if ignoringNegativeSize, let viewBox = intrinsic.viewBox, viewBox.size.isUsable {
            // librsvg reads a negative width or height as `auto`: the viewBox gives the size, or
            // its aspect ratio when the other dimension is an absolute length (rsvg-convert's size).
            let width = intrinsic.absoluteWidth.flatMap { $0 > 0 ? $0 : nil }
            let height = intrinsic.absoluteHeight.flatMap { $0 > 0 ? $0 : nil }
            let aspect = viewBox.width / viewBox.height
            if let width { size = Size(width: width, height: width / aspect) }
            else if let height { size = Size(width: height * aspect, height: height) }
            else { size = viewBox.size }
        } else if let pixels = intrinsic.pixels, pixels.isUsable, !intrinsic.hasPercentageSize {
            size = pixels
        } else if let viewBox = intrinsic.viewBox, viewBox.size.isUsable {
            size = viewBox.size
        } else {
            let geometry = try document.geometry(layer: nil, viewport: Rect(x: 0, y: 0, width: 100, height: 100))
            let extent = geometry.logical.union(geometry.ink)
            size = Size(width: max(0, extent.maxX), height: max(0, extent.maxY))
        }
        guard size.isUsable, size.width < 1e9, size.height < 1e9 else {
            throw LogoMaskError.notALogo(
                file: name,
                reason: "its size is \(size), which cannot be drawn; give the <svg> element a viewBox or a positive width and height")
        }
        let geometry = try document.geometry(layer: nil, viewport: Rect(x: 0, y: 0, width: size.width, height: size.height))
        return SVGMetrics(size: size, viewBox: intrinsic.viewBox, ink: geometry.ink.isEmpty ? .null : geometry.ink,
                          logical: geometry.logical.isEmpty ? .null : geometry.logical, elementOrigin: .zero)
    }

    /// True when the SVG text mentions a filter (attribute or CSS property). A false positive only
    /// costs speed (one worker, one strip: breeze's gimp and kdenlive, which name only
    /// `color-interpolation-filters`, rendered at 4096 px in about resvg's time instead of half
    /// of it); it never costs fidelity. So "filter" right after a hyphen does not count: that is
    /// `color-interpolation-filters` (Inkscape writes it in every style), which does nothing
    /// without a filter, or a vendor property librsvg ignores.
    static func mentionsFilter(_ data: Data) -> Bool {
        if data.starts(with: [0x1F, 0x8B]) { return true }  // compressed: cannot look inside cheaply
        let word = Array("filter".utf8)
        return data.withUnsafeBytes { (text: UnsafeRawBufferPointer) -> Bool in
            var next = ByteSearch.firstIndex(of: word, in: text, from: 0)
            while let start = next {
                if start == 0 || text[start - 1] != UInt8(ascii: "-") { return true }
                next = ByteSearch.firstIndex(of: word, in: text, from: start + 1)
            }
            return false
        }
    }
}
