import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import LogoAnimation
import LogoMask
import MaskGeometry

struct HeaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "header",
        abstract: "Preview the scroll-driven Twitter profile header (source article 003): stretch, stick, avatar behind, label and blur.",
        discussion: HelpText.reflow("""
            Pulled down, the header stretches with its top edge fixed:
            scale 1 + (-offset) / headerHeight. Scrolled, it moves up with the
            content until headerStop and sticks there. The avatar shrinks by
            min(headerStop, offset) / avatarHeight / 1.4 with its bottom edge
            fixed, and goes behind the header past the stop. A white label
            rises into the stuck header, max(-labelDistance, labelOffset -
            offset), while a blurred copy of the header (made once) fades in
            with alpha min(1, (offset - labelOffset) / labelDistance).

            The default scroll is scripted: pull down to -headerHeight,
            release, scroll past the stop until the label has settled (about
            3 s). --offsets FROM:TO:STEP sweeps instead (e.g. -104:200:4).

            -o takes a folder (PNG sequence frame-0000.png, ...) or a .mp4,
            .gif, .webp or .apng file (through ffmpeg; Debian package ffmpeg).
            Beside OUT (a video extension dropped) go STEM.constants.json (the
            derived constants per offset range) and STEM.blurred-header.png
            (the blurred asset); --constants and --blurred-header move them.

            --layout FILE.json overrides any layout key; --print-layout shows
            them all with the article's values (headerStop 40, labelOffset 95,
            labelDistance 35, avatarSlowdown 1.4, blurRadius 10,
            blurIterations 20).

            Examples:
              logo-mask header --image header.png --avatar SampleLogos/bird.svg \\
                -o header.mp4 --contact-sheet sheet.png
              logo-mask header --image header.png --avatar me.png \\
                --name-label "Jane Doe" -o frames/ --offsets -104:200:4 --scale 3
              logo-mask header --print-layout > layout.json
            """))

    @Option(help: ArgumentHelp("The header picture (PNG, JPEG, WebP, GIF, TIFF or BMP), shown aspect-filled.", valueName: "picture"))
    var image: String?

    @Option(help: ArgumentHelp("The avatar: a picture (PNG, JPEG, WebP, GIF, TIFF or BMP), or an SVG/PDF drawn from its vectors.", valueName: "avatar"))
    var avatar: String?

    @Option(help: ArgumentHelp("The name: text, or a PNG file whose picture is used.", valueName: "text|name.png"))
    var nameLabel: String = "logo-mask"

    @Option(help: ArgumentHelp("A JSON file of layout keys (missing keys keep the article's values).", valueName: "layout.json"))
    var layout: String?

    @Flag(help: "Print the layout (defaults, or --layout's) as JSON on standard output and stop.")
    var printLayout = false

    @Option(name: .shortAndLong, help: ArgumentHelp("A folder for a PNG sequence, or a .mp4, .gif, .webp or .apng file.", valueName: "out"))
    var output: String?

    @Option(help: ArgumentHelp("One picture of sampled frames, labelled with their offsets.", valueName: "sheet.png"))
    var contactSheet: String?

    @Option(help: ArgumentHelp("Where to write the derived constants JSON (default: beside OUT).", valueName: "file.json"))
    var constants: String?

    @Option(help: ArgumentHelp("Where to write the blurred header PNG (default: beside OUT).", valueName: "file.png"))
    var blurredHeader: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Sweep the scroll offset from FROM to TO by STEP points instead of the scripted scroll.", valueName: "from:to:step"))
    var offsets: String?

    @Option(help: "Pixels per point (the blur's box follows it, as UIImage.scale does in FXBlurView).")
    var scale: Double = 2

    @Option(help: "Frames per second of the scripted scroll and of a video.")
    var fps: Double = 30

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be a number in (0, 8].") }
        guard fps.isFinite, fps > 0, fps <= 240 else { throw ValidationError("--fps must be a number in (0, 240].") }
        if !printLayout {
            guard image != nil else { throw ValidationError("Give the header picture with --image HEADER.png.") }
            guard avatar != nil else { throw ValidationError("Give the avatar with --avatar AVATAR.png|.svg.") }
            guard output != nil else { throw ValidationError("Give -o OUT: a folder or a .mp4/.gif/.webp/.apng file.") }
        }
        if let offsets, Self.sweep(offsets) == nil {
            throw ValidationError("--offsets wants FROM:TO:STEP in points with STEP pointing from FROM to TO (e.g. -104:200:4), at most 100000 frames; \"\(offsets)\" is not.")
        }
    }

    static func sweep(_ text: String) -> [Double]? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2] else { return nil }
        return ScrollScript.sweep(from: from, to: to, step: step)
    }

    func run() throws {
        try runReportingErrors { () throws(LogoMaskError) in
            let layout = try loadLayout()
            if printLayout {
                FileDescriptorWriter.writeAll(STDOUT_FILENO, layout.jsonData() + Data("\n".utf8))
                return
            }
            guard let image, let avatar, let output else { return }
            let header = try RasterImage(contentsOfPicture: image)
            let avatarSource = try loadAvatar(avatar)
            let label = try nameLabelSource()
            let renderer = try ProfileHeaderRenderer(
                layout: layout, header: header, avatar: avatarSource, nameLabel: label, pixelScale: scale)
            var job = ProfileHeaderJob(
                offsets: offsets.flatMap(Self.sweep) ?? ScrollScript.article(layout: layout, fps: fps), output: output)
            job.fps = fps
            job.contactSheet = contactSheet
            if let constants { job.constants = constants }
            if let blurredHeader { job.blurredHeader = blurredHeader }
            let progress = ProgressBar(label: "header", enabled: !quiet)
            let report = try renderer.export(job, progress: progress.update)
            progress.finish()
            if !quiet {
                let blur = renderer.blur
                printError("blur: box \(blur.boxSize) x \(blur.iterations) passes -> Gaussian sigma "
                    + "\(formatFixed(blur.sigmaPixels, decimals: 2)) px (\(formatFixed(blur.sigmaPoints, decimals: 2)) pt) "
                    + "on \(renderer.fittedHeader.width)x\(renderer.fittedHeader.height) px in \(formatFixed(report.blurSeconds, decimals: 3)) s")
                printError("wrote \(report.frames) frames (\(report.frameWidth)x\(report.frameHeight)): \(report.written.joined(separator: ", "))")
            }
        }
    }

    private func loadLayout() throws(LogoMaskError) -> ProfileHeaderLayout {
        guard let path = layout else { return ProfileHeaderLayout() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableInput(file: path, reason: "cannot read the layout file")
        }
        do {
            return try ProfileHeaderLayout.decode(data)
        } catch {
            throw .invalidRequest("\(path): \(error.description)")
        }
    }

    private func loadAvatar(_ path: String) throws(LogoMaskError) -> ProfileAvatar {
        if RasterImage.isPictureFile(atPath: path) { return .image(try RasterImage(contentsOfPicture: path)) }
        return .vector(try VectorLogo(contentsOf: path))
    }

    private func nameLabelSource() throws(LogoMaskError) -> ProfileNameLabel {
        if nameLabel.lowercased().hasSuffix(".png"), FileManager.default.fileExists(atPath: nameLabel) {
            return .image(try RasterImage(contentsOfPNG: nameLabel))
        }
        guard !nameLabel.isEmpty, !nameLabel.contains("\n") else {
            throw .invalidRequest("--name-label wants one line of text or a PNG file.")
        }
        return .text(nameLabel)
    }
}
