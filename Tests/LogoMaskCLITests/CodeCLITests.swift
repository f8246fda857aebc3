import Foundation
import Testing
import LogoMaskTestSupport

/// The code command run as a user runs it: the files, the ring's refusal, and the radial
/// profile that cover --json shares with the generated code.
@Suite("CLI: code")
struct CodeCLITests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The numbers of the `radii` array literal in a generated RevealGeometry file.
    static func radii(in source: String, opening: String, closing: String) throws -> [Double] {
        let start = try #require(source.range(of: opening))
        let end = try #require(source.range(of: closing, range: start.upperBound..<source.endIndex)).lowerBound
        return source[start.upperBound..<end].split(whereSeparator: { $0 == "," || $0 == "\"" || $0.isWhitespace }).compactMap { Double($0) }
    }

    @Test("ios and android: three files each (ios: UIKit, SwiftUI, geometry; android: View system, Compose, geometry), the same radii as cover --json at the launch width, deterministic")
    func writesFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ios = folder.appendingPathComponent("ios").path, android = folder.appendingPathComponent("android").path
        let a = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "ios", "--preset", "yula", "-o", ios])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout.contains("wrote") && a.stdout.contains("5760 directions"))
        let b = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "android", "--preset", "yula", "--package", "com.example.app", "-o", android, "--json"])
        #expect(b.status == 0, "\(b.stderr)")
        let report = try Self.json(b.stdout)
        #expect((report["written"] as? [String])?.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: ios).sorted() == ["RevealGeometry.swift", "SplashReveal.swift", "SplashRevealView.swift"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: android).sorted() == ["RevealGeometry.kt", "SplashReveal.kt", "SplashRevealCompose.kt"])
        let swift = try String(contentsOfFile: ios + "/RevealGeometry.swift", encoding: .utf8)
        let kotlin = try String(contentsOfFile: android + "/RevealGeometry.kt", encoding: .utf8)
        #expect(kotlin.hasPrefix("//") && kotlin.contains("package com.example.app\n"))
        #expect(swift.contains("static func coverScale(windowWidth: Double, windowHeight: Double) -> Double"))
        #expect(kotlin.contains("fun coverScale(windowWidth: Double, windowHeight: Double): Double"))

        // cover --json carries the same profile, number for number.
        let cover = try CLI.run(["cover", CLI.sample("bird.svg"), "--viewport", "393x852@1", "--json"])
        #expect(cover.status == 0, "\(cover.stderr)")
        let profile = try #require(try Self.json(cover.stdout)["radialProfile"] as? [String: Any])
        let radii = try #require(profile["radii"] as? [Double])
        #expect(radii.count == 5760 && profile["units"] as? String == "points" && profile["directions"] as? Int == 5760)
        let swiftRadii = try Self.radii(in: swift, opening: "private static let radiiText: [String] = [", closing: "]")
        let kotlinRadii = try Self.radii(in: kotlin, opening: "val radii: DoubleArray = listOf<String>(", closing: ")")
        #expect(swiftRadii == radii)
        // Android draws the logo at the splash icon's size (the launch scene's), not --logo-width:
        // the same profile at that width.
        let launchWidth = try #require(kotlin.split(separator: "\n").first { $0.contains("const val logoWidth = ") }?.split(separator: " ").last.map(String.init))
        let androidCover = try CLI.run(["cover", CLI.sample("bird.svg"), "--viewport", "393x852@1", "--logo-width", launchWidth, "--json"])
        #expect(androidCover.status == 0, "\(androidCover.stderr)")
        let androidProfile = try #require(try Self.json(androidCover.stdout)["radialProfile"] as? [String: Any])
        // (the width is written with 9 decimals: a radius may round to the next 0.0001)
        let androidRadii = try #require(androidProfile["radii"] as? [Double])
        #expect(kotlinRadii.count == androidRadii.count)
        #expect(zip(kotlinRadii, androidRadii).allSatisfy { abs($0 - $1) <= 0.00011 })

        // The same input gives the same bytes.
        let again = folder.appendingPathComponent("again").path
        #expect(try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "ios", "--preset", "yula", "-o", again, "-q"]).status == 0)
        for name in ["RevealGeometry.swift", "SplashReveal.swift", "SplashRevealView.swift"] {
            #expect(FileManager.default.contentsEqual(atPath: ios + "/" + name, andPath: again + "/" + name))
        }
    }

    @Test("an anchor outside the ink: exit 3 like cover, suggesting --anchor auto, nothing written; auto works")
    func ring() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("ring").path
        let failed = try CLI.run(["code", CLI.sample("ring.svg"), "--platform", "ios", "--preset", "twitter", "--anchor", "center", "-o", out])
        let cover = try CLI.run(["cover", CLI.sample("ring.svg"), "--viewport", "393x852@3", "--anchor", "center"])
        #expect(failed.status == 3 && cover.status == 3)
        #expect(failed.stderr.contains("--anchor auto") && failed.stderr.contains("not inside the logo's fully opaque part"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let auto = try CLI.run(["code", CLI.sample("ring.svg"), "--platform", "android", "--preset", "twitter", "--anchor", "auto", "-o", out])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["RevealGeometry.kt", "SplashReveal.kt", "SplashRevealCompose.kt"])
    }

    @Test("usage errors: both preset and spec, an unknown platform, a bad package")
    func usage() throws {
        #expect(try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "ios", "--preset", "twitter", "--spec", "a.json", "-o", "/tmp/x"]).status == 64)
        #expect(try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "web", "--preset", "twitter", "-o", "/tmp/x"]).status == 64)
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try CLI.run(["code", CLI.sample("bird.svg"), "--platform", "android", "--preset", "fade", "--package", "1bad", "-o", folder.appendingPathComponent("o").path])
        #expect(bad.status == 64 && bad.stderr.contains("Kotlin package"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
