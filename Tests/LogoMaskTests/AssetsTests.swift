import Foundation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

@Suite("assets")
struct AssetsTests {
    /// One generation shared by the tests that only read it (a run computes twelve cover scales).
    static let shared: Result<(folder: URL, report: AssetGenerator.Report), any Error> = Result { try writeBird() }

    /// Writes the bird's assets with dark variants into a fresh folder and returns it.
    static func writeBird(background: String = "#1DA1F2") throws -> (folder: URL, report: AssetGenerator.Report) {
        let parent = try TestPaths.temporaryFolder()
        let folder = parent.appendingPathComponent("splash")
        let options = AssetOptions(
            background: try #require(RGBAColor(parsing: background)), darkBackground: RGBAColor(parsing: "#0B1320"),
            darkLogo: try VectorLogo(contentsOf: TestPaths.sample("gradient.svg")), logoWidth: 100)
        let report = try AssetGenerator.write(
            logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: options, to: folder.path)
        return (folder, report)
    }

    @Test("Every PNG's header has the exact size of its density; the manifest agrees")
    func pngSizes() throws {
        let (folder, report) = try Self.shared.get()
        func size(_ relative: String) -> [Int]? {
            pngSize(folder.appendingPathComponent(relative).path).map { [$0.width, $0.height] }
        }
        // iOS: 100 pt wide, the bird is 120x100 units, so 100x84 (83.3 rounded up), 200x167, 300x250.
        let catalog = "ios/Assets.xcassets/LaunchLogo.imageset/"
        #expect(size(catalog + "LaunchLogo.png") == [100, 84])
        #expect(size(catalog + "LaunchLogo@2x.png") == [200, 167])
        #expect(size(catalog + "LaunchLogo@3x.png") == [300, 250])
        // Android: the 288 dp canvas at 1x, 1.5x, 2x, 3x, 4x.
        for (density, side) in [("mdpi", 288), ("hdpi", 432), ("xhdpi", 576), ("xxhdpi", 864), ("xxxhdpi", 1152)] {
            #expect(size("android/res/drawable-\(density)/splash_logo.png") == [side, side])
            #expect(size("android/res/drawable-night-\(density)/splash_logo.png") == [side, side])
        }
        // Web 1x-4x.
        #expect(size("web/logo@4x.png") == [400, 334])
        for file in report.manifest.files where file.path.hasSuffix(".png") {
            #expect(size(file.path) == [file.pixelWidth ?? -1, file.pixelHeight ?? -1], "\(file.path)")
        }
    }

    @Test("Contents.json files parse and name files that exist; the vector PDF holds paths and no image")
    func catalog() throws {
        let (folder, _) = try Self.shared.get()
        let catalog = folder.appendingPathComponent("ios/Assets.xcassets")
        let sets = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { !$0.hasSuffix(".json") }
        #expect(Set(sets) == ["LaunchLogo.imageset", "LaunchLogoVector.imageset", "SplashHole.imageset", "SplashBackground.colorset"])
        var named = 0
        for set in sets {
            let data = try #require(FileManager.default.contents(atPath: catalog.appendingPathComponent("\(set)/Contents.json").path))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((json["info"] as? [String: Any])?["author"] as? String == "xcode")
            for image in json["images"] as? [[String: Any]] ?? [] {
                let file = try #require(image["filename"] as? String)
                #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("\(set)/\(file)").path), "\(set)/\(file)")
                named += 1
            }
            if set == "LaunchLogoVector.imageset" {
                #expect((json["properties"] as? [String: Any])?["preserves-vector-representation"] as? Bool == true)
            }
        }
        #expect(named == 6 + 2 + 2)  // logo @1x-3x light+dark, two logo PDFs, two hole PDFs
        let pdf = catalog.appendingPathComponent("LaunchLogoVector.imageset/LaunchLogo.pdf").path
        let images = try runTool("pdfimages", ["-list", pdf])
        #expect(images.status == 0)
        #expect(images.stdout.split(separator: "\n").count == 2, "pdfimages lists only its two header lines: \(images.stdout)")
        let logo = try VectorLogo(contentsOf: pdf)
        #expect(abs(logo.documentSize.width - 100) < 1e-9)  // 100 pt wide
        #expect(!logo.inkBounds.isEmpty)
    }

    @Test("Launch stills: one per device and orientation, each identical to frame 0 of the reveal")
    func stills() throws {
        let (folder, report) = try Self.shared.get()
        // Stills by platform: iPhones and iPads under ios/, Pixel and Galaxy under android/.
        // With a dark background, each has a -dark twin.
        let stills = report.manifest.files.filter { $0.path.hasPrefix("ios/LaunchStills/") }
        #expect(stills.count == 4 * 2 * 2)
        #expect(stills.allSatisfy { $0.path.contains("/iP") })
        let androidStills = report.manifest.files.filter { $0.path.hasPrefix("android/LaunchStills/") }
        #expect(androidStills.map(\.path) == [
            "android/LaunchStills/Galaxy-S24-landscape-dark.png", "android/LaunchStills/Galaxy-S24-landscape.png",
            "android/LaunchStills/Galaxy-S24-portrait-dark.png", "android/LaunchStills/Galaxy-S24-portrait.png",
            "android/LaunchStills/Pixel-8-landscape-dark.png", "android/LaunchStills/Pixel-8-landscape.png",
            "android/LaunchStills/Pixel-8-portrait-dark.png", "android/LaunchStills/Pixel-8-portrait.png",
        ])
        let device = try #require(Device.named("iPhone SE"))
        let file = try RasterImage(contentsOfPNG: folder.appendingPathComponent("ios/LaunchStills/iPhone-SE-landscape.png").path)
        #expect(file.width == 1334 && file.height == 750)
        let options = AssetOptions(background: try #require(RGBAColor(parsing: "#1DA1F2")), logoWidth: 100)
        let scene = try AssetGenerator.launchScene(
            logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: options, preset: .twitter,
            device: device, landscape: true)
        let frame0 = try revealFrame(scene, at: 0)
        #expect(maxPremultipliedDifference(file, frame0) == 0)
        // The dark still: frame 0 of the dark scene (the dark logo over the dark background).
        var dark = options
        dark.darkBackground = RGBAColor(parsing: "#0B1320")
        dark.darkLogo = try VectorLogo(contentsOf: TestPaths.sample("gradient.svg"))
        let darkScene = try AssetGenerator.launchScene(
            logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: dark, preset: .twitter,
            device: device, landscape: true, appearance: .dark)
        let darkFile = try RasterImage(contentsOfPNG: folder.appendingPathComponent("ios/LaunchStills/iPhone-SE-landscape-dark.png").path)
        #expect(maxPremultipliedDifference(darkFile, try revealFrame(darkScene, at: 0)) == 0)
        #expect((maxPremultipliedDifference(darkFile, file) ?? 0) > 0)
    }

    @Test("Dark variants differ from light ones where they should; colours.xml follows")
    func darkVariants() throws {
        let (folder, _) = try Self.shared.get()
        func image(_ relative: String) throws -> RasterImage {
            try RasterImage(contentsOfPNG: folder.appendingPathComponent(relative).path)
        }
        // The hole PDFs: the logo's size (100 pt wide), the background in the corner, clear in the middle of the hole.
        let holes = folder.appendingPathComponent("ios/Assets.xcassets/SplashHole.imageset/")
        let lightPDF = try VectorLogo(contentsOf: holes.appendingPathComponent("SplashHole.pdf").path)
        let darkPDF = try VectorLogo(contentsOf: holes.appendingPathComponent("SplashHole-dark.pdf").path)
        #expect(abs(lightPDF.documentSize.width - 100) < 1e-6 && abs(darkPDF.documentSize.width - 100) < 1e-6)
        let light = try Rasterizer.image(of: lightPDF, size: .width(200)), dark = try Rasterizer.image(of: darkPDF, size: .width(200))
        #expect(light.color(x: 2, y: 2) == RGBAColor(red: 0x1D, green: 0xA1, blue: 0xF2))
        #expect(dark.color(x: 2, y: 2) == RGBAColor(red: 0x0B, green: 0x13, blue: 0x20))
        // The bird's body (document 60,70 of 120x100) is a hole: clear.
        #expect(light.alpha(x: 100, y: 116) == 0)
        let lightLogo = try image("android/res/drawable-mdpi/splash_logo.png")
        let darkLogo = try image("android/res/drawable-night-mdpi/splash_logo.png")
        #expect(maxPremultipliedDifference(lightLogo, darkLogo) ?? 0 > 100)
        let colors = try String(contentsOf: folder.appendingPathComponent("android/res/values/colors.xml"), encoding: .utf8)
        let night = try String(contentsOf: folder.appendingPathComponent("android/res/values-night/colors.xml"), encoding: .utf8)
        #expect(colors.contains("<color name=\"splash_background\">#FF1DA1F2</color>"))
        #expect(night.contains("#FF0B1320"))
    }

    @Test("Manifest hashes match the files; a second run gives identical bytes")
    func manifestAndDeterminism() throws {
        let (first, report) = try Self.shared.get()
        let (second, _) = try Self.writeBird()
        defer { try? FileManager.default.removeItem(at: second.deletingLastPathComponent()) }
        #expect(report.manifest.files.count >= 30)
        for file in report.manifest.files {
            let data = try #require(FileManager.default.contents(atPath: first.appendingPathComponent(file.path).path))
            let digest = try runTool("sha256sum", [first.appendingPathComponent(file.path).path]).stdout.prefix(64)
            #expect(String(digest) == file.sha256, "\(file.path)")
            #expect(data.count == file.bytes)
            #expect(FileManager.default.contents(atPath: second.appendingPathComponent(file.path).path) == data, "\(file.path)")
        }
        #expect(FileManager.default.contents(atPath: first.appendingPathComponent("manifest.json").path)
            == FileManager.default.contents(atPath: second.appendingPathComponent("manifest.json").path))
        // Cover scales for every device and orientation, and the seed's iPhone SE near its 36x claim's order.
        #expect(report.manifest.coverScales.count == Device.builtIn.count * 2)
        #expect(report.manifest.coverScales.allSatisfy { ($0.scale ?? 0) > 1 })
    }

    @Test("A failure leaves nothing: no folder, no temporary")
    func atomic() throws {
        let parent = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let empty = parent.appendingPathComponent("empty.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8).write(to: empty)
        #expect(throws: LogoMaskError.noVisibleInk(file: empty.path)) {
            try AssetGenerator.write(logo: try VectorLogo(contentsOf: empty.path), options: AssetOptions(),
                                     to: parent.appendingPathComponent("out").path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["empty.svg"])
        // An existing folder is left as it was.
        let out = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("keep.txt"))
        #expect(throws: LogoMaskError.noVisibleInk(file: empty.path)) {
            try AssetGenerator.write(logo: try VectorLogo(contentsOf: empty.path), options: AssetOptions(platforms: [.android]), to: out.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["empty.svg", "out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["keep.txt"])
    }

    @Test("Fitting on the canvas (not the circle): the warning with the exact ratio; the default circle fit: none")
    func androidWarning() throws {
        let parent = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        // A full square: its ink's farthest point is a corner, 50·√2 from the centre, against a
        // circle of radius 100/3: ratio 2.1213.
        let square = parent.appendingPathComponent("square.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><rect width='100' height='100'/></svg>".utf8).write(to: square)
        let report = try AssetGenerator.write(
            logo: try VectorLogo(contentsOf: square.path), options: AssetOptions(platforms: [.android], androidFit: .canvas),
            to: parent.appendingPathComponent("out").path)
        let expected = 50 * 2.0.squareRoot() / (100.0 / 3)
        let check = try #require(report.manifest.android12)
        #expect(!check.fits)
        #expect(abs(check.ratio - expected) / expected < 0.005)
        let fit = try #require(report.manifest.androidIcon)
        #expect(fit.mode == .canvas)
        #expect(abs(fit.ratio - expected) < 1e-6)  // exact from the outline
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains(formatNumber(fit.ratio, decimals: 3)) == true)
        #expect(report.warnings.first?.contains("2.121") == true)
        // The default fit puts the square's corners on the circle less the margin: no warning.
        let fitted = try AssetGenerator.write(
            logo: try VectorLogo(contentsOf: square.path), options: AssetOptions(platforms: [.android]),
            to: parent.appendingPathComponent("fitted").path)
        #expect(fitted.warnings.isEmpty)
        #expect(abs((fitted.manifest.androidIcon?.ratio ?? 0) - 95.75 / 96) < 1e-6)
        // The bird with padding fits: no warning.
        let padded = parent.appendingPathComponent("padded.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='300' height='300'><circle cx='150' cy='150' r='90'/></svg>".utf8).write(to: padded)
        let fine = try AssetGenerator.write(
            logo: try VectorLogo(contentsOf: padded.path), options: AssetOptions(platforms: [.android]),
            to: parent.appendingPathComponent("out2").path)
        #expect(fine.warnings.isEmpty)
        #expect(fine.manifest.android12?.fits == true)
    }
}
