import Foundation
import LogoAnimation
import LogoMask
import MaskGeometry
import Testing

/// Pictures made in code for the profile-header tests (no binary fixtures).
enum ProfileHeaderPictures {
    /// An opaque vertical gradient from red-ish to blue-ish (green stays 30: never white or grey).
    static func gradient(width: Int, height: Int) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let t = Double(y) / Double(max(1, height - 1))
            let r = UInt8(200 - 170 * t), b = UInt8(30 + 170 * t)
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = b; bytes[i + 1] = 30; bytes[i + 2] = r; bytes[i + 3] = 255
            }
        }
        return RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
    }

    /// An opaque checkerboard of green (0, 200, 0) and black squares of `cell` pixels.
    static func checkerboard(size: Int, cell: Int) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size where (x / cell + y / cell) % 2 == 0 {
                bytes[(y * size + x) * 4 + 1] = 200
            }
        }
        for i in Swift.stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        return RasterImage(width: size, height: size, format: .premultipliedARGB, stride: size * 4, bytes: bytes)
    }

    /// A small picture with edges, gradients, a soft disc and transparent parts (premultiplied).
    static func busy(width: Int, height: Int) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var a = 255.0, r = Double(x * 4 % 256), g = Double((x * y) % 256), b = x < width / 2 ? 255.0 : 0
                if (x / 7 + y / 5) % 3 == 0 { r = 255; g = 255; b = 255 }
                let dx = Double(x - 40), dy = Double(y - 20)
                if dx * dx + dy * dy < 100 { a = 0 }  // a transparent hole
                if y > 38 { a = Double((x * 9) % 256) }  // varying alpha
                bytes[i] = UInt8(b * a / 255); bytes[i + 1] = UInt8(g * a / 255)
                bytes[i + 2] = UInt8(r * a / 255); bytes[i + 3] = UInt8(a)
            }
        }
        return RasterImage(width: width, height: height, format: .premultipliedARGB, stride: width * 4, bytes: bytes)
    }
}

/// The 8-bit channel `c` (0 B, 1 G, 2 R, 3 A) of a pixel.
private func channel(_ image: RasterImage, _ x: Int, _ y: Int, _ c: Int) -> Int {
    Int(image.bytes[y * image.stride + 4 * x + c])
}

/// A direct 2-D convolution with the sampled Gaussian, edges extended, reaching 5 sigma.
private func referenceGaussian(_ image: RasterImage, sigma: Double) -> [Double] {
    let w = image.width, h = image.height, reach = Int((5 * sigma).rounded(.up))
    var weights: [Double] = []
    var total = 0.0
    for dy in -reach...reach {
        for dx in -reach...reach {
            let v = exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma))
            weights.append(v)
            total += v
        }
    }
    var out = [Double](repeating: 0, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            var sum = (0.0, 0.0, 0.0, 0.0)
            var k = 0
            for dy in -reach...reach {
                let sy = min(h - 1, max(0, y + dy))
                for dx in -reach...reach {
                    let sx = min(w - 1, max(0, x + dx))
                    let i = sy * image.stride + 4 * sx
                    let wt = weights[k]
                    k += 1
                    sum.0 += wt * Double(image.bytes[i]); sum.1 += wt * Double(image.bytes[i + 1])
                    sum.2 += wt * Double(image.bytes[i + 2]); sum.3 += wt * Double(image.bytes[i + 3])
                }
            }
            let o = (y * w + x) * 4
            out[o] = sum.0 / total; out[o + 1] = sum.1 / total; out[o + 2] = sum.2 / total; out[o + 3] = sum.3 / total
        }
    }
    return out
}

/// `passes` box blurs of half-width `r` (box 2r + 1), edges extended, horizontal then vertical, in Double.
private func iteratedBox(_ image: RasterImage, r: Int, passes: Int) -> [Double] {
    let w = image.width, h = image.height
    var plane = [Double](repeating: 0, count: w * h * 4)
    for y in 0..<h { for x in 0..<w { for c in 0..<4 { plane[(y * w + x) * 4 + c] = Double(image.bytes[y * image.stride + 4 * x + c]) } } }
    let norm = 1 / Double(2 * r + 1)
    for _ in 0..<passes {
        var next = plane
        for y in 0..<h { for x in 0..<w { for c in 0..<4 {
            var s = 0.0
            for d in -r...r { s += plane[(y * w + min(w - 1, max(0, x + d))) * 4 + c] }
            next[(y * w + x) * 4 + c] = s * norm
        } } }
        plane = next
        for y in 0..<h { for x in 0..<w { for c in 0..<4 {
            var s = 0.0
            for d in -r...r { s += plane[(min(h - 1, max(0, y + d)) * w + x) * 4 + c] }
            next[(y * w + x) * 4 + c] = s * norm
        } } }
        plane = next
    }
    return plane
}

private func meanAbsoluteError(_ image: RasterImage, _ reference: [Double]) -> (mean: Double, max: Double) {
    var sum = 0.0, worst = 0.0
    for y in 0..<image.height {
        for x in 0..<image.width {
            for c in 0..<4 {
                let e = abs(Double(channel(image, x, y, c)) - reference[(y * image.width + x) * 4 + c])
                sum += e
                worst = max(worst, e)
            }
        }
    }
    return (sum / Double(image.width * image.height * 4), worst)
}

@Suite("ProfileHeader blur")
struct ProfileHeaderBlurTests {
    @Test("Separable blur equals a direct 2-D Gaussian convolution (MAE < 1 level)", arguments: [1.5, 3.0])
    func matchesDirectGaussian(sigma: Double) throws {
        let image = ProfileHeaderPictures.busy(width: 64, height: 48)
        let blurred = try GaussianBlur.blur(image, sigma: sigma)
        let error = meanAbsoluteError(blurred, referenceGaussian(image, sigma: sigma))
        #expect(error.mean < 1, "mean \(error.mean), max \(error.max)")
        #expect(error.max <= 3, "max \(error.max)")
        // Premultiplied stays valid.
        for i in Swift.stride(from: 0, to: blurred.bytes.count, by: 4) {
            #expect(blurred.bytes[i] <= blurred.bytes[i + 3] && blurred.bytes[i + 2] <= blurred.bytes[i + 3])
        }
    }

    @Test("20 box passes converge to the Gaussian of sigma sqrt(n((2r+1)^2-1)/12)")
    func boxPassesMatchMapping() throws {
        let image = ProfileHeaderPictures.busy(width: 64, height: 48)
        // Radius 5 at 0.5 px a point: FXBlurView's box 3 (r = 1); 20 passes: sigma = sqrt(20 * 8 / 12).
        let mapping = BoxBlurEquivalence(radius: 5, iterations: 20, pixelScale: 0.5)
        #expect(mapping.boxSize == 3)
        let blurred = try GaussianBlur.blur(image, sigma: mapping.sigmaPixels)
        let boxes = iteratedBox(image, r: mapping.boxRadius, passes: mapping.iterations)
        // Away from the edges (3 sigma) the two agree to well under a level; at the edges they
        // differ by construction (the passes extend the edge 20 times, the Gaussian once).
        let margin = Int((3 * mapping.sigmaPixels).rounded(.up))
        var sum = 0.0, n = 0
        for y in margin..<(image.height - margin) {
            for x in margin..<(image.width - margin) {
                for c in 0..<4 {
                    sum += abs(Double(channel(blurred, x, y, c)) - boxes[(y * image.width + x) * 4 + c])
                    n += 1
                }
            }
        }
        #expect(n > 1000 && sum / Double(n) < 1, "interior mean \(sum / Double(n))")
        let error = meanAbsoluteError(blurred, boxes)
        #expect(error.mean < 2, "mean \(error.mean), max \(error.max)")
    }

    @Test("Sigma 0 changes nothing; bad requests are refused")
    func edges() throws {
        let image = ProfileHeaderPictures.busy(width: 16, height: 9)
        #expect(try GaussianBlur.blur(image, sigma: 0).bytes == image.bytes)
        #expect(GaussianBlur.kernel(sigma: 2).count == 13)
        #expect(abs(GaussianBlur.kernel(sigma: 2).reduce(0, +) - 1) < 1e-5)
        #expect(throws: LogoMaskError.self) { try GaussianBlur.blur(image, sigma: -1) }
        #expect(throws: LogoMaskError.self) { try GaussianBlur.blur(image, sigma: .nan) }
        #expect(throws: LogoMaskError.self) { try GaussianBlur.blur(image, sigma: 1e300) }
    }
}

@Suite("ProfileHeader frames")
struct ProfileHeaderFrameTests {
    let layout = ProfileHeaderLayout()

    /// A renderer over pictures made in code. The article's blur (sigma 14 px at 1x) is slow in a
    /// debug build, so the frame tests use a small radius unless they look at the blur.
    func renderer(scale: Double = 1, avatar: ProfileAvatar? = nil, blurRadius: Double = 1) throws -> ProfileHeaderRenderer {
        var layout = self.layout
        layout.blurRadius = blurRadius
        return try ProfileHeaderRenderer(
            layout: layout,
            header: ProfileHeaderPictures.gradient(width: 375, height: 104),
            avatar: avatar ?? .image(ProfileHeaderPictures.checkerboard(size: 64, cell: 8)),
            nameLabel: .text("Logo Mask"), pixelScale: scale)
    }

    /// Rows of column `x` (pixels) showing the header (green channel 30, which nothing else has).
    func headerRows(_ frame: RasterImage, x: Int) -> Int {
        (0..<frame.height).filter { abs(channel(frame, x, $0, 1) - 30) <= 2 && channel(frame, x, $0, 2) > 20 }.count
    }

    @Test("At offset -headerHeight the header is drawn twice as high (within 1 px)", arguments: [1.0, 2.0])
    func pullDownDoubles(scale: Double) throws {
        let r = try renderer(scale: scale)
        let rest = try r.render(offset: 0)
        let pulled = try r.render(offset: -layout.headerHeight)
        let x = Int(300 * scale)
        #expect(abs(headerRows(rest, x: x) - Int(layout.headerHeight * scale)) <= 1)
        #expect(abs(headerRows(pulled, x: x) - Int(2 * layout.headerHeight * scale)) <= 1)
        // The top edge stays at the top: the first row is the gradient's first colour.
        #expect(channel(pulled, x, 0, 2) >= 195)
    }

    @Test("Before the stop the avatar is in front of the header; past it, behind")
    func zOrder() throws {
        let r = try renderer()
        func isHeader(_ f: RasterImage, _ x: Int, _ y: Int) -> Bool { abs(channel(f, x, y, 1) - 30) <= 2 }
        func isAvatar(_ f: RasterImage, _ x: Int, _ y: Int) -> Bool {
            let g = channel(f, x, y, 1)
            return channel(f, x, y, 2) < 10 && (g < 10 || g > 190)
        }
        // Offset 30: header bottom at 74, avatar from 60.4 to 109: (45, 67) is in both.
        let before = try r.render(offset: 30)
        #expect(isAvatar(before, 45, 67))
        // Offset 50: header bottom at 64, avatar from 47.6 to 89: (45, 55) is in both.
        let after = try r.render(offset: 50)
        #expect(isHeader(after, 45, 55))
        let state = r.state(at: 50)
        #expect(state.avatarFrame.contains(Point(x: 45.5, y: 55.5)) && state.headerFrame.contains(Point(x: 45.5, y: 55.5)))
        // The header pixel is the fitted header's pixel 40 pt further down (it moved up by the stop).
        for c in 0..<3 { #expect(abs(channel(after, 45, 55, c) - channel(r.fittedHeader, 45, 95, c)) <= 1) }
        // Below the header the avatar still shows.
        #expect(isAvatar(after, 45, 75))
    }

    @Test("Blur cross-fade: sharp header before the label offset, blurred header once settled")
    func crossFade() throws {
        let r = try renderer(blurRadius: 3)
        let sharp = try r.render(offset: 60)
        let settled = try r.render(offset: layout.labelEndOffset + 20)
        // (300, 10) on screen is header pixel (300, 50) with the header stuck 40 pt up.
        for c in 0..<3 {
            #expect(abs(channel(sharp, 300, 10, c) - channel(r.fittedHeader, 300, 50, c)) <= 1)
            #expect(abs(channel(settled, 300, 10, c) - channel(r.blurredHeader, 300, 50, c)) <= 1)
        }
        #expect(r.fittedHeader != r.blurredHeader)
        // The white label has risen into the stuck header: white pixels near its centre line.
        let whites = (0..<r.frameWidth).filter { x in (20..<64).contains { y in channel(settled, x, y, 1) > 240 } }
        #expect(!whites.isEmpty)
        #expect(!(0..<r.frameWidth).contains { x in (0..<64).contains { y in channel(sharp, x, y, 1) > 240 } })
    }

    @Test("An SVG avatar is drawn from its vectors")
    func vectorAvatar() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff8000"/></svg>"##
        let logo = try VectorLogo(data: Data(svg.utf8), name: "square.svg")
        let r = try renderer(scale: 2, avatar: .vector(logo))
        let frame = try r.render(offset: 0)
        // Avatar centre (45, 104) pt at 2x.
        #expect(channel(frame, 90, 208, 2) == 255 && abs(channel(frame, 90, 208, 1) - 128) <= 1)
    }

    @Test("Unusable layouts and scales are refused, not trapped on")
    func refusals() throws {
        var huge = layout
        huge.screenWidth = 1e300
        let header = ProfileHeaderPictures.gradient(width: 8, height: 8)
        let avatar = ProfileAvatar.image(ProfileHeaderPictures.checkerboard(size: 8, cell: 2))
        #expect(throws: LogoMaskError.self) {
            try ProfileHeaderRenderer(layout: huge, header: header, avatar: avatar, nameLabel: .text("a"), pixelScale: 1)
        }
        #expect(throws: LogoMaskError.self) {
            try ProfileHeaderRenderer(layout: layout, header: header, avatar: avatar, nameLabel: .text("a"), pixelScale: .infinity)
        }
        #expect(throws: LogoMaskError.self) {
            try ProfileHeaderRenderer(layout: layout, header: header, avatar: avatar, nameLabel: .text("a"), pixelScale: -1)
        }
        var bad = layout
        bad.labelDistance = -1
        #expect(throws: LogoMaskError.self) {
            try ProfileHeaderRenderer(layout: bad, header: header, avatar: avatar, nameLabel: .text("a"), pixelScale: 1)
        }
        let r = try renderer()
        #expect(throws: LogoMaskError.self) { try r.render(offset: .infinity) }
    }

    @Test("Frames are deterministic and arrive in order")
    func framesInOrder() throws {
        let r = try renderer()
        var seen: [Int] = []
        var images: [RasterImage] = []
        try r.renderFrames(offsets: [-20, 0, 45, 120], workers: 2) { (index: Int, frame: RasterImage) throws(LogoMaskError) in
            seen.append(index)
            images.append(frame)
        }
        #expect(seen == [0, 1, 2, 3])
        #expect(images[2] == (try r.render(offset: 45)))
    }
}
