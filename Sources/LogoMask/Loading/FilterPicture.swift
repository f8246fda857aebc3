import FoundationEssentials
import MaskGeometry

/// A picture of a logo with filter effects, drawn once by librsvg at a bounded scale and painted
/// (bilinear) at any other scale near or above it: one drawing's Cairo surface over pixels
/// shared by every drawing of the logo (``FilterPictureCache``).
///
/// librsvg computes a filter over the whole region it draws at the draw's own resolution, so a
/// blur drawn dozens of times at 60x (the cover search, reveal frames) cost a minute. Past a
/// drawing's first draw (or, in searches, past a quarter of the picture scale) the logo is
/// painted from a picture instead: the filters are computed once per picture. The cost is in the
/// look: magnified, the logo's sharp edges are interpolated from the picture (soft over about
/// one picture pixel, magnified), not drawn.
///
/// Pictures are drawn on a ladder fixed by the logo alone: the *picture scale* (the ink box within
/// the document box, grown by the filter's reach, ``longerSide`` pixels on its longer side, fewer
/// for a logo with many filtered elements: ``longerSide(filteredElements:)``) and
/// its halves, so every drawing, device and thread asks for the same few. Ink outside the
/// document box, which no render of the document shows, is left out of the pictures.
struct FilterPicture {
    /// The picture (premultiplied ARGB32, a one-pixel transparent border), this drawing's surface.
    let image: CairoSurface
    /// The shared pixels `image` wraps (kept alive while the surface is).
    let pixels: FilterPictureCache.Pixels

    /// The longer side, in pixels, of the region a picture covers (the ink box and what a filter
    /// may reach around it). 16 MiB of ARGB32.
    static let longerSide = 2048.0

    /// A logo drawing at most this many elements through filters has its pictures ``longerSide``
    /// pixels long; with more, the picture's pixels shrink in proportion to the count, down to
    /// ``crowdedLongerSide`` on the longer side.
    ///
    /// Why: librsvg 2.54 gives each filtered element about nine surfaces the size of the whole
    /// picture and computes its filter over them, so a picture costs its pixels times the
    /// filtered elements. Every command that searches a cover scale draws the largest picture
    /// once. At 2048 px that was 1.4-3.3 s of every command on the real-world set's four Breeze
    /// icons with 25 to 111 blurred elements (zanshin, kteatime, rocs, kiten), their whole time
    /// past the 2 s target. The price is in the look: magnified past about 3x the launch size,
    /// their edges soften sooner (they are blurs, mostly).
    static let fullSideElements = 8
    /// The shortest longer side a count of filtered elements brings a picture down to: a quarter
    /// of ``longerSide``'s pixels, still about three times a phone's launch-screen logo.
    static let crowdedLongerSide = 1024.0

    /// The longer side, in pixels, of the pictures of a logo drawing `filteredElements`
    /// elements through filters (see ``fullSideElements``).
    static func longerSide(filteredElements: Int) -> Double {
        guard filteredElements > fullSideElements else { return longerSide }
        return max(crowdedLongerSide, longerSide * (Double(fullSideElements) / Double(filteredElements)).squareRoot())
    }

    /// The region of the document a picture covers: the ink box grown by `reach` on every side.
    static func region(inkBox: Rect, reach: Double) -> Rect {
        Rect(x: inkBox.minX - reach, y: inkBox.minY - reach,
             width: inkBox.width + 2 * reach, height: inkBox.height + 2 * reach)
    }

    /// The region a filtered logo's pictures cover (its ink within the document box, grown by
    /// the filter's reach), nil when the logo has no filter effects.
    static func region(of logo: VectorLogo) -> Rect? {
        let box = logo.documentBox
        let inkBox = logo.inkBounds.isEmpty ? box : logo.inkBounds
        guard logo.usesFilterEffects, !inkBox.isEmpty else { return nil }
        // What a render of the document shows: zanshin's ink box (a blur region) is nine times
        // the document's side, which left its 2048-px picture at 0.9 px a unit.
        let shown = inkBox.intersection(box)
        return region(inkBox: shown.isEmpty ? inkBox : shown, reach: LogoDrawing.filterReachFraction * max(box.width, box.height))
    }

    /// The most pixels a morphology's radius may span in a picture. librsvg's `feMorphology`
    /// costs the square of its radius for every pixel of its region, so its time grows as the
    /// fourth power of the scale: Deepin's album icon (three dilates of 4 units) took
    /// rsvg-convert 0.9 s at 512 px, 11.7 s at 1024 and 62 s at 2048, which put every command
    /// past its 60 s deadline. A dilated shadow is soft; the picture is drawn smaller instead.
    static let morphologyPixels = 4.0
    /// The smallest longer side, in pixels, a morphology brings a picture down to.
    static let morphologyLongerSide = 512.0

    /// The largest `feMorphology` radius in `source` (SVG text, user units), nil without one
    /// (or for compressed text, which is not looked into).
    static func largestMorphologyRadius(in source: Data) -> Double? {
        guard !source.starts(with: [0x1F, 0x8B]) else { return nil }
        let bytes = [UInt8](source)
        var largest: Double?
        var index = 0
        while let found = ByteSearch.firstIndex(of: "<feMorphology", in: bytes, from: index) {
            let end = ByteSearch.firstIndex(of: ">", in: bytes, from: found) ?? bytes.count
            if let at = ByteSearch.firstIndex(of: "radius=", in: bytes, from: found), at < end {
                // The quoted value after `radius=`: one or two numbers.
                var value = at + "radius=".utf8.count + 1
                var word: [UInt8] = []
                func finish() {
                    if let radius = Double(String(decoding: word, as: UTF8.self)), radius.isFinite, radius > 0 {
                        largest = max(largest ?? 0, radius)
                    }
                    word = []
                }
                while value < end, bytes[value] != UInt8(ascii: "\""), bytes[value] != UInt8(ascii: "'") {
                    if [UInt8(ascii: " "), UInt8(ascii: ","), 9, 10, 13].contains(bytes[value]) { finish() } else { word.append(bytes[value]) }
                    value += 1
                }
                finish()
            }
            index = end
        }
        return largest
    }

    /// The pixels per unit an exported picture of `logo` (a Lottie image, a page's picture) is
    /// drawn at when `wanted` shows it best: at most the picture scale for a filtered logo, since
    /// librsvg computes the filter over the whole picture at its resolution (kiten's Lottie
    /// picture at 16 megapixels peaked at 526 MB) and the reveal itself paints it from pictures
    /// of that scale anyway; `wanted` for others.
    static func exportPixelsPerUnit(of logo: VectorLogo, wanted: Double) -> Double {
        guard let region = region(of: logo) else { return wanted }
        return min(wanted, scale(of: logo, region: region))
    }

    /// The picture scale of `logo`, whose pictures cover `region`.
    static func scale(of logo: VectorLogo, region: Rect) -> Double {
        scale(for: region, morphologyRadius: logo.morphologyRadius, filteredElements: logo.filteredElementCount)
    }

    /// The scale at which `region`'s longer side is ``longerSide(filteredElements:)`` pixels: the
    /// picture scale; for a logo with a morphology of `morphologyRadius` units, at most the scale
    /// at which it spans ``morphologyPixels`` (not below a longer side of ``morphologyLongerSide``).
    static func scale(for region: Rect, morphologyRadius: Double? = nil, filteredElements: Int = 0) -> Double {
        let side = max(region.width, region.height, .leastNonzeroMagnitude)
        let full = longerSide(filteredElements: filteredElements) / side
        guard let radius = morphologyRadius else { return full }
        return min(full, max(morphologyLongerSide / side, morphologyPixels / radius))
    }

    /// The picture scale for a draw at `scale`: `cap` past it, else the smallest `cap / 2^k` at
    /// or above `scale` (a picture at most halved when painted).
    static func ladderScale(for scale: Double, cap: Double) -> Double {
        var rung = cap
        while rung / 2 >= scale, rung > cap / 1024 { rung /= 2 }
        return rung
    }

    /// Blank shared pixels for `region` at `scale`, and the transform from document units to them.
    static func blankPixels(region: Rect, scale: Double) -> (pixels: FilterPictureCache.Pixels, toImage: Transform)? {
        let width = Int((region.width * scale).rounded(.up)) + 2
        let height = Int((region.height * scale).rounded(.up)) + 2
        let toImage = Transform.translation(x: -region.minX, y: -region.minY)
            .concatenating(.scale(scale)).concatenating(.translation(x: 1, y: 1))
        guard let toDocument = toImage.inverted else { return nil }
        return (FilterPictureCache.Pixels(width: width, height: height, toDocument: toDocument, scale: scale), toImage)
    }

    /// This thread's surface over `pixels`.
    init(pixels: FilterPictureCache.Pixels) throws(LogoMaskError) {
        self.pixels = pixels
        image = try CairoSurface.image(
            wrapping: pixels.bytes, layout: .argb32, width: pixels.width, height: pixels.height, stride: pixels.stride)
    }

    /// Document units to picture pixels.
    var scale: Double { pixels.scale }
    /// Picture pixels to document units.
    var toDocument: Transform { pixels.toDocument }
}
