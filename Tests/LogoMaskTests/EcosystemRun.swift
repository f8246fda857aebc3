import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry

/// One `assets` run writing every ecosystem (the platforms beyond ios, android and web) for the
/// bird with a dark background and a dark logo, shared by the ecosystem suites that only read it.
enum EcosystemRun {
    static let background = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let darkBackground = RGBAColor(red: 0x0B, green: 0x13, blue: 0x20)
    static let logoWidth = 100.0

    static let shared: Result<(folder: URL, report: AssetGenerator.Report), any Error> = Result {
        let folder = try TestPaths.temporaryFolder().appendingPathComponent("splash")
        let options = AssetOptions(
            platforms: Set(AssetPlatform.allCases).subtracting(AssetPlatform.native), background: background,
            darkBackground: darkBackground, darkLogo: try VectorLogo(contentsOf: TestPaths.sample("y-mark.svg")),
            logoWidth: logoWidth, stillPreset: nil)
        let report = try AssetGenerator.write(logo: try VectorLogo(contentsOf: TestPaths.sample("bird.svg")), options: options, to: folder.path)
        return (folder, report)
    }

    /// The run's folder.
    static func folder() throws -> URL { try shared.get().folder }

    /// A written file's text.
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: folder().appendingPathComponent(relative), encoding: .utf8)
    }

    /// A written PNG.
    static func picture(_ relative: String) throws -> RasterImage {
        try RasterImage(contentsOfPNG: folder().appendingPathComponent(relative).path)
    }

    /// The pixels whose centres lie farther than `radius` from the picture's centre and differ
    /// from `outside` (nil: are not fully transparent).
    static func inkOutsideCircle(_ image: RasterImage, radius: Double, outside: RGBAColor?) -> Int {
        let cx = Double(image.width) / 2, cy = Double(image.height) / 2
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                guard dx * dx + dy * dy > radius * radius else { continue }
                if let outside { if image.color(x: x, y: y) != outside { count += 1 } } else if image.alpha(x: x, y: y) != 0 { count += 1 }
            }
        }
        return count
    }

    /// The farthest distance from the centre of a pixel that differs from `background` (nil: is
    /// not transparent): how far the ink reaches.
    static func inkReach(_ image: RasterImage, background: RGBAColor?) -> Double {
        let cx = Double(image.width) / 2, cy = Double(image.height) / 2
        var reach = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let ink = background.map { image.color(x: x, y: y) != $0 } ?? (image.alpha(x: x, y: y) != 0)
                if ink { reach = max(reach, ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()) }
            }
        }
        return reach
    }
}
