import FoundationEssentials
import MaskGeometry

/// The logo as a small ladder of embedded pictures, for one Lottie art (the hole's matte or the
/// drawn logo) whose outline the shapes cannot carry (filters, images, masks).
///
/// One picture is not enough: made for the largest scale the animation shows, it is shrunk
/// 10-30 times at frame 0, and players that sample without filtering (rlottie) alias it, so the
/// reveal no longer starts on the launch screen. So the ladder holds:
///
/// - frame 0's picture: drawn by the library's raster path at frame 0's exact transform in
///   device pixels, its pixel grid on the screen's (a whole-pixel offset), so a player that
///   places it 1:1 shows the frames' (and the launch screen's) pixels;
/// - pictures halving down from the largest scale the art is shown at (capped by the pixel
///   budget and a filtered logo's picture scale) while they stay above frame 0's, and halving
///   down from frame 0's while the art is shown smaller.
///
/// Each frame shows the smallest picture at or above its scale, or at or above the next frame's
/// when one is less than twice its own (for players that draw between frames), so no picture is
/// shrunk to half or less: ThorVG samples a picture shrunk below half through a box whose start
/// it truncates (0.5-1.2 px off, where it is 0.5 px off above half) and rlottie's nearest
/// texel skips texels. The pictures above frame 0's sum to about 4/3 of the largest.
struct LottiePictureLadder {
    /// One picture and the frames that show it.
    struct Rung {
        /// The picture.
        let picture: LottiePicture
        /// Document units to the picture's pixels as the layer places it: a scale per axis and a
        /// translation (frame 0's picture is drawn ``gridBias`` px from it).
        let toPicture: Transform
        /// The composition frames (consecutive runs) in which this picture is shown.
        var runs: [Range<Int>]
    }

    /// The pictures, frame 0's first.
    let rungs: [Rung]
    /// The sentence for the user.
    let note: String

    /// The ladder for the art whose transform in device pixels at each composition frame
    /// `0..<frames` is `transforms[f]` (nil when the art is not shown then). `use` names the
    /// art in the note ("The hole"), `why` says why it is a picture. `colour[f]`: the art's
    /// colours show at frame `f` (nil: at every frame); a picture shown only where they do not
    /// (a matte, whose players read its alpha alone) is drawn black, its alpha kept: zanshin's
    /// late hole window is 15 kB so, 356 kB in colour.
    static func make(
        builder: LottieRevealBuilder, transforms: [Transform?], use: String, why: String, colour: [Bool]? = nil
    ) throws(LogoMaskError) -> LottiePictureLadder {
        let scene = builder.scene
        let logo = scene.logo
        let budget = builder.options.maxEmbeddedPixels
        // Frame 0's picture covers what the launch screen shows (a filter's reach), the others
        // the ink box, where the frames draw the logo (FrameCompositor's region).
        var ink = logo.inkBounds
        if ink.isEmpty { ink = logo.documentBox }
        // A filtered logo's frames paint only what its filter pictures cover (the ink within the
        // document box and the filters' reach around it): zanshin's blur regions reach nine
        // times the document's side with nothing drawn there, which left the budget 1.8 px a
        // unit for a hole shown at 130.
        if let drawn = FilterPicture.region(of: logo), !ink.intersection(drawn).isEmpty { ink = ink.intersection(drawn) }
        let reach = region(of: logo)
        let fallback = scene.spec.hole ? scene.holeTransform(scene.state(at: 0)) : scene.drawnLogoTransform(scene.state(at: 0))
        let zero = transforms.first.flatMap { $0 } ?? transforms.compactMap { $0 }.first ?? fallback
        let s0 = scale(of: zero)
        let shown = transforms.compactMap { $0.map(scale(of:)) }.filter { $0.isFinite && $0 > 0 }
        let largest = max(shown.max() ?? s0, s0)
        let smallest = min(shown.min() ?? s0, s0)

        let (top, topText) = try topScale(of: logo, over: ink, wanted: largest, budget: budget)

        let (levels, zeroIndex) = Self.levels(zero: s0, top: top, smallest: smallest)
        let zeroLevel = levels[zeroIndex]
        let chosen = Self.choices(transforms: transforms, levels: levels, zeroIndex: zeroIndex)

        let viewport = scene.placement.viewport
        let screen = viewport.pixelBounds
        var rungs: [Rung] = []
        var sizes: [(Int, Int)] = []
        var windowed = false
        for (index, runs) in Self.runs(of: chosen) {
            let aligned = index == zeroIndex && zeroLevel == s0 ? zero : nil
            let pieces = Self.windows(
                of: aligned == nil ? ink : reach, runs: runs, transforms: transforms, screen: screen,
                limit: Self.maximumExtent * viewport.density)
            windowed = windowed || pieces.count > 1
            for piece in pieces {
                let matteOnly = colour.map { shows in piece.runs.joined().allSatisfy { $0 < shows.count && !shows[$0] } } ?? false
                let (picture, toPicture) = try draw(
                    builder: builder, ink: piece.region, pixelsPerUnit: levels[index], aligned: aligned, budget: budget,
                    matteOnly: matteOnly)
                rungs.append(Rung(picture: picture, toPicture: toPicture, runs: piece.runs))
                sizes.append((picture.width, picture.height))
            }
        }

        let first = sizes.first.map { "\($0.0)x\($0.1)" } ?? "?"
        let biggest = sizes.max { $0.0 * $0.1 < $1.0 * $1.1 }.map { "\($0.0)x\($0.1)" } ?? first
        let scaleText = topText(rungs.map(\.toPicture.a).max() ?? top)
        let ladder = rungs.count == 1
            ? "\(first) PNG of the logo (\(scaleText)), frame 0's pixels as the launch screen places them,"
            : "ladder of \(rungs.count) PNGs of the logo (frame 0's \(first) on the launch screen's pixel grid, up to \(biggest) at \(scaleText); each frame shows the one nearest above its size)"
        let window = windowed
            ? " Past \(formatNumber(Self.maximumExtent, decimals: 0)) pt a picture holds only what the screen shows of it (rlottie draws nothing of a layer about 37,000 px across)."
            : ""
        let note = "\(use) goes in as an embedded \(ladder) because \(why).\(window)"
        return LottiePictureLadder(rungs: rungs, note: note)
    }

    /// The most points a picture layer may span at any frame it shows: rlottie draws nothing of a
    /// layer (an image or a path) about 37,000 of its pixels across (measured with Debian's
    /// librlottie 0.1: 36,000 drawn, 40,000 empty), so a picture shown larger is cut to what the
    /// screen shows; at 8,192 pt a player rendering at 4 px a point stays under 32,768 px.
    static let maximumExtent = 8192.0

    /// The larger side, in device pixels, of `region` placed by `t` (the box of its corners).
    static func extent(_ region: Rect, _ t: Transform) -> Double {
        let box = t.apply(to: region)
        return max(box.width, box.height)
    }

    /// `region` cut for the frames of `runs`, where `transforms[f]` places it in device pixels
    /// (nil: not shown) on `screen`: whole while it spans at most `limit` device pixels at every
    /// frame it shows; else split into runs of consecutive frames, each with the part of `region`
    /// those frames show on the screen (grown by a few pixels for the picture's filtering), as
    /// long as that part spans at most `limit` at each of them. Frames are added to a piece in
    /// order while it fits, so a hole growing through the runs gets a new, smaller piece each
    /// time the last one grows past the limit.
    static func windows(
        of region: Rect, runs: [Range<Int>], transforms: [Transform?], screen: Rect, limit: Double
    ) -> [(region: Rect, runs: [Range<Int>])] {
        let frames = runs.flatMap { $0 }.filter { $0 < transforms.count }
        let fits = frames.allSatisfy { f in transforms[f].map { extent(region, $0) <= limit } ?? true }
        if fits { return [(region, runs)] }
        // What frame `f` shows of the region: the screen, four device pixels wider on each side,
        // mapped back to document units.
        func shown(_ f: Int) -> Rect? {
            guard let t = transforms[f], let back = t.inverted else { return nil }
            let grown = Rect(x: screen.minX - 4, y: screen.minY - 4, width: screen.width + 8, height: screen.height + 8)
            return back.apply(to: grown).intersection(region)
        }
        var pieces: [(region: Rect, frames: [Int])] = []
        for f in frames {
            let here = shown(f)
            if var last = pieces.last {
                let grown = here.map { last.region.isEmpty ? $0 : ($0.isEmpty ? last.region : last.region.union($0)) } ?? last.region
                let ok = (last.frames + [f]).allSatisfy { g in
                    transforms[g].map { grown.isEmpty || extent(grown, $0) <= limit } ?? true
                }
                if ok {
                    last.region = grown
                    last.frames.append(f)
                    pieces[pieces.count - 1] = last
                    continue
                }
            }
            pieces.append((here ?? .null, [f]))
        }
        return pieces.map { piece in
            var ranges: [Range<Int>] = []
            for f in piece.frames {
                if let last = ranges.last, last.upperBound == f {
                    ranges[ranges.count - 1] = last.lowerBound..<(f + 1)
                } else {
                    ranges.append(f..<(f + 1))
                }
            }
            // A piece that shows nothing of the logo: a one-unit corner of the region (drawn blank).
            let cut = piece.region.isEmpty ? Rect(x: region.minX, y: region.minY, width: min(1, region.width), height: min(1, region.height)) : piece.region
            return (cut, ranges)
        }
    }

    /// A ladder's levels (pixels a unit), largest first: halving from `top` while above frame 0's
    /// scale `zero`, frame 0's (at most `top`), then halving from it while the art is shown at
    /// `smallest` or less; and frame 0's index.
    static func levels(zero: Double, top: Double, smallest: Double) -> (levels: [Double], zeroIndex: Int) {
        var levels: [Double] = []
        var level = top
        while level > zero * (1 + 1e-9), levels.count < 12 {
            levels.append(level)
            level /= 2
        }
        let zeroLevel = min(zero, top)
        levels.append(zeroLevel)
        let zeroIndex = levels.count - 1
        level = zeroLevel
        while level / 2 >= smallest, levels.count < 16 {
            level /= 2
            levels.append(level)
        }
        return (levels, zeroIndex)
    }

    /// Each frame's level (an index into `levels`, largest first) for an art placed by
    /// `transforms[f]` (nil: not shown): frame 0's at frame 0, else the smallest at or above what
    /// this frame shows (the largest level past the top), or at or above the next frame's too
    /// while that is less than twice this frame's; a hidden frame keeps its neighbour's.
    static func choices(transforms: [Transform?], levels: [Double], zeroIndex: Int) -> [Int] {
        var chosen: [Int] = []
        func smallest(atLeast need: Double) -> Int? { levels.lastIndex { $0 >= need * (1 - 1e-9) } }
        for f in transforms.indices {
            if f == 0 {
                chosen.append(zeroIndex)
                continue
            }
            guard let here = transforms[f].map(scale(of:)) else {
                chosen.append(chosen[f - 1])
                continue
            }
            let next = f + 1 < transforms.count ? transforms[f + 1].map(scale(of:)) : nil
            if let next, next > here, let covering = smallest(atLeast: next), levels[covering] < 2 * here {
                chosen.append(covering)
            } else {
                chosen.append(smallest(atLeast: here) ?? 0)
            }
        }
        return chosen
    }

    /// The runs of consecutive frames that show each level of `chosen` (one level a frame), in
    /// the order the levels first show.
    static func runs(of chosen: [Int]) -> [(level: Int, runs: [Range<Int>])] {
        var result: [(level: Int, runs: [Range<Int>])] = []
        var at: [Int: Int] = [:]
        for (frame, level) in chosen.enumerated() {
            guard let index = at[level] else {
                at[level] = result.count
                result.append((level, [frame..<(frame + 1)]))
                continue
            }
            if let last = result[index].runs.last, last.upperBound == frame {
                result[index].runs[result[index].runs.count - 1] = last.lowerBound..<(frame + 1)
            } else {
                result[index].runs.append(frame..<(frame + 1))
            }
        }
        return result
    }

    /// What a picture of `logo` covers, in document units: its ink box, or for a filtered logo
    /// the region its filters reach (a drop shadow's faint blur lies outside the ink box).
    static func region(of logo: VectorLogo) -> Rect {
        let region = logo.paintedRegion
        return region.isEmpty ? logo.documentBox : region
    }

    /// How far frame 0's picture is placed down and right of its pixel grid, in device pixels.
    static let gridBias = 1.0 / 64

    /// The whole device pixels that hold `region` under `t` (scales only, both positive), with
    /// one pixel of margin for the antialiased edge: the first pixel's corner and the size; nil
    /// for a turned or flipped transform.
    static func pixelGrid(of region: Rect, under t: Transform) -> (x0: Double, y0: Double, width: Int, height: Int)? {
        guard abs(t.b) <= 1e-12 * abs(t.a), abs(t.c) <= 1e-12 * abs(t.d), t.a > 0, t.d > 0 else { return nil }
        let box = t.apply(to: region)
        let x0 = box.minX.rounded(.down) - 1, y0 = box.minY.rounded(.down) - 1
        return (x0, y0, Int(box.maxX.rounded(.up) + 1 - x0), Int(box.maxY.rounded(.up) + 1 - y0))
    }

    /// The larger of a transform's two axis scales.
    static func scale(of t: Transform) -> Double {
        max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }

    /// The logo's picture at `pixelsPerUnit`: on `aligned`'s pixel grid (a whole-pixel offset
    /// from frame 0's device transform) when given and axis-aligned, else of its ink box; at
    /// most `budget` pixels; black (its alpha kept) when `matteOnly`.
    private static func draw(
        builder: LottieRevealBuilder, ink: Rect, pixelsPerUnit: Double, aligned: Transform?, budget: Int, matteOnly: Bool
    ) throws(LogoMaskError) -> (LottiePicture, Transform) {
        func picture(builder: LottieRevealBuilder, width: Int, height: Int, transform: Transform) throws(LogoMaskError) -> LottiePicture {
            let image = try Self.image(of: builder.scene, width: width, height: height, transform: transform)
            return try LottiePicture(image: matteOnly ? tinted(image, .black) : image)
        }
        var toPicture: Transform
        var w = 1, h = 1
        if let t = aligned, let grid = pixelGrid(of: ink, under: t) {
            (w, h) = (grid.width, grid.height)
            toPicture = t.concatenating(.translation(x: -grid.x0, y: -grid.y0))
            if w * h <= budget {
                let drawn = try picture(builder: builder, width: w, height: h, transform: toPicture)
                // Placed 1/64 px down and right: a player that rounds to the nearest pixel from a
                // pixel centre in floats (rlottie) then never lands on the next one when the
                // centre falls a rounding error past the half; one that filters moves an edge
                // by 1/64 of its step (4 levels at most).
                return (drawn, toPicture.concatenating(.translation(x: -Self.gridBias, y: -Self.gridBias)))
            }
        }
        var k = pixelsPerUnit
        func fit() -> Transform {
            w = max(1, Int((ink.width * k).rounded(.up)) + 2)
            h = max(1, Int((ink.height * k).rounded(.up)) + 2)
            return Transform.translation(x: -ink.minX, y: -ink.minY).concatenating(.scale(k)).concatenating(.translation(x: 1, y: 1))
        }
        toPicture = fit()
        while w * h > budget, w > 1 || h > 1, k > 1e-9 {
            k *= min(0.99, (Double(budget) / Double(w * h)).squareRoot())
            toPicture = fit()
        }
        return (try picture(builder: builder, width: w, height: h, transform: toPicture), toPicture)
    }

    /// The largest scale, in pixels a unit, of a picture of `region` the animation shows at
    /// `wanted`: at most the filters' picture scale (``FilterPicture``) and `budget` pixels over
    /// `region`; and, given the scale finally drawn, how it was chosen (for the notes).
    static func topScale(
        of logo: VectorLogo, over region: Rect, wanted: Double, budget: Int
    ) throws(LogoMaskError) -> (pixelsPerUnit: Double, text: (Double) -> String) {
        guard budget > 0 else {
            throw LogoMaskError.invalidParameter(.maxPixels, "must be at least 1 pixel for the logo's embedded picture, not \(budget).")
        }
        let filtered = FilterPicture.exportPixelsPerUnit(of: logo, wanted: wanted)
        let budgetScale = (Double(budget) / max(region.width * region.height, .leastNonzeroMagnitude)).squareRoot()
        let why = filtered > budgetScale
            ? ", capped by the picture budget of \(budget) pixels (the animation reaches \(formatNumber(wanted, decimals: 3)))"
            : filtered < wanted ? ", the filters' picture scale (the animation reaches \(formatNumber(wanted, decimals: 3)))"
            : ", the largest scale the animation reaches"
        return (min(filtered, budgetScale), { "\(formatNumber($0, decimals: 3)) px a unit" + why })
    }

    /// The logo drawn by the library's raster path (the frames' own), tinted as the spec asks.
    static func image(of scene: RevealScene, width: Int, height: Int, transform: Transform) throws(LogoMaskError) -> RasterImage {
        let image = try Rasterizer.image(of: scene.logo, width: width, height: height, transform: transform)
        return scene.spec.logoColor.map { tinted(image, $0) } ?? image
    }

    /// `image` painted in `tint` (its coverage kept), premultiplied.
    static func tinted(_ image: RasterImage, _ tint: RGBAColor) -> RasterImage {
        var copy = image
        let (r, g, b, a) = (UInt32(tint.red), UInt32(tint.green), UInt32(tint.blue), UInt32(tint.alpha))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.stride + x * 4
                // Native-endian ARGB32: alpha in the top byte of the little-endian word.
                let coverage = UInt32(image.bytes[i + 3]) * a / 255
                copy.bytes[i + 3] = UInt8(coverage)
                copy.bytes[i + 2] = UInt8((r * coverage + 127) / 255)
                copy.bytes[i + 1] = UInt8((g * coverage + 127) / 255)
                copy.bytes[i] = UInt8((b * coverage + 127) / 255)
            }
        }
        return copy
    }
}
