import Foundation

/// Where things are in the package, found once from this file's own path (the one package-root
/// finder of the test targets), and fresh temporary folders.
public enum TestPaths {
    /// The package root (this file is Tests/LogoMaskTestSupport/TestPaths.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path relative to the package root.
    public static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// SampleLogos/NAME.
    public static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("SampleLogos").appendingPathComponent(name).path
    }

    /// The fixed selection of simple-icons logos copied into the fixtures (CC0).
    public static let simpleIconsFolder = packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/simple-icons")

    /// One logo of the simple-icons fixtures, by file name.
    public static func simpleIcon(_ name: String) -> String {
        simpleIconsFolder.appendingPathComponent(name).path
    }

    /// Every SVG in the simple-icons fixtures, sorted.
    public static var simpleIcons: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: simpleIconsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted()
    }

    /// The real-world set: app icons of Debian's icon themes as designers export them (several
    /// shapes, gradients, group opacity, masks, clip paths, `<use>`, filters), one folder per
    /// theme with its LICENSE; assembled by scripts/assemble-real-world-set.sh.
    public static let realWorldFolder = packageRoot.appendingPathComponent("Tests/LogoMaskTests/Fixtures/real-world")

    /// Every SVG of the real-world set as a path, sorted (theme/NAME.svg).
    public static var realWorldLogos: [String] {
        let themes = ((try? FileManager.default.contentsOfDirectory(atPath: realWorldFolder.path)) ?? []).sorted()
        return themes.flatMap { theme -> [String] in
            let folder = realWorldFolder.appendingPathComponent(theme)
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".svg") }.sorted().map { folder.appendingPathComponent($0).path }
        }
    }

    /// A copy of sample `name` in `folder` as `copyName`: a logo of its own name, for the test
    /// hooks that count by a logo's name while other suites draw the same sample.
    public static func sampleCopy(_ name: String, as copyName: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(copyName).path
        try FileManager.default.copyItem(atPath: sample(name), toPath: path)
        return path
    }

    /// A fresh temporary folder for one test.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
