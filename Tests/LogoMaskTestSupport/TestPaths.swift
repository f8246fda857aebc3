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

    /// A fresh temporary folder for one test.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
