import Foundation
import LogoAnimation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

/// One logo and reveal whose generated code is compiled and run.
private struct CodeCase: Sendable {
    var name: String
    var path: String
    var preset: RevealPreset
    /// The Swift type name and Kotlin package the test gives this case's RevealGeometry.
    var index: Int
    var swift: RevealCodeBundle
    var kotlin: RevealCodeBundle
    /// The cover search's scale for each of ``RevealCodeTests/windows`` (nil: no hole).
    var covers: [Double]?
    var scene: RevealScene
}

@Suite("Reveal code: RevealGeometry compiled with swiftc and kotlinc against the cover search")
struct RevealCodeTests {
    /// 30 simple-icons logos whose document-box centre is inside the fully opaque ink (the
    /// first 30 in name order for which the cover search succeeds).
    static let icons = [
        "alist", "antdesign", "apachenifi", "appian", "aral", "atandt", "awesomelists", "bakalari", "bata",
        "betterauth", "caixabank", "cloudways", "collaboraonline", "crunchyroll", "cyberdefenders", "dash0",
        "deliveroo", "digg", "e", "electron", "elsevier", "evernote", "facebookgaming", "fastify", "fireflyiii",
        "folium", "fossa", "freelancer", "ghostery", "gojek",
    ]
    /// The samples with a cover scale at the centre (glow.svg's blur makes the search at 0.0001
    /// take a minute a window; CoverTests checks it).
    static let samples = ["bird.svg", "gradient.svg", "wordmark.svg"]

    /// The built-in devices in both orientations and the odd windows (split-screen iPads, a
    /// foldable, a desktop window, a narrow one), in points.
    static let windows: [(Double, Double)] =
        Device.builtIn.flatMap { [($0.width, $0.height), ($0.height, $0.width)] }
        + [(320, 1366), (507, 1024), (694, 1024), (884, 1104), (1512, 982), (280, 653)]

    /// The code's window for the numbers read back.
    static let probe = (393.0, 852.0)

    private static func makeCase(name: String, path: String, preset: RevealPreset, index: Int) throws -> CodeCase {
        let logo = try VectorLogo(contentsOf: path)
        var settings = RevealSettings(viewport: Viewport(width: probe.0, height: probe.1, density: 3))
        settings.finalScale = 1
        let scene = try RevealScene(logo: logo, spec: preset.spec, settings: settings)
        let swift = try RevealCode.swift(scene)
        let kotlin = try RevealCode.kotlin(scene, package: "t.l\(index)", profile: swift.profile)
        var covers: [Double]?
        if scene.spec.hole {
            covers = try windows.map { w, h in
                // The cover scale does not depend on the density (the pixels tile the window): 1 is fastest.
                let viewport = Viewport(width: w, height: h, density: 1)
                let corner = -atan((h / 2) / (w / 2))
                let end = scene.exportedTimeline.holeRotation.map { _ in corner } ?? 0
                let placement = Placement(documentSize: logo.documentSize, viewport: viewport, rotation: end)
                return try CoverScale.compute(logo: logo, placement: placement, tolerance: 0.0001).scale
            }
        }
        return CodeCase(name: name, path: path, preset: preset, index: index, swift: swift, kotlin: kotlin, covers: covers, scene: scene)
    }

    private static func makeCases() throws -> [CodeCase] {
        let inputs: [(String, String, RevealPreset)] = samples.map { ($0, TestPaths.sample($0), .twitter) }
            + icons.map { ($0, TestPaths.simpleIcon($0 + ".svg"), .twitter) }
            + [("bird.svg yula", TestPaths.sample("bird.svg"), .yula), ("bird.svg huvi", TestPaths.sample("bird.svg"), .huvi)]
        let results = CaseResults(count: inputs.count)
        // The cover searches and profiles of the cases, on every core.
        DispatchQueue.concurrentPerform(iterations: inputs.count) { i in
            do {
                results.set(i, try makeCase(name: inputs[i].0, path: inputs[i].1, preset: inputs[i].2, index: i))
            } catch {
                results.fail("\(inputs[i].0): \(error)")
            }
        }
        return try results.all()
    }

    private static func text(_ bundle: RevealCodeBundle, _ name: String) throws -> String {
        try #require(bundle.files.first { $0.name == name }).text
    }

    @Test("RevealGeometry.swift and .kt compile and run; coverScale never 0.05 % below the search and within 0.5 % of it, on the samples and the corpus; SplashReveal parses and type-checks")
    func compiledCoverScales() throws {
        let swiftc = try Tool.path("swiftc")
        let kotlinc = try Tool.path("kotlinc")
        let java = try Tool.path("java")
        let cases = try Self.makeCases()
        #expect(cases.count == Self.samples.count + Self.icons.count + 2)
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let windows = Self.windows.map { "(\($0.0), \($0.1))" }.joined(separator: ", ")

        // Swift: one compile for every case (each RevealGeometry renamed), one run.
        var swiftFiles: [String] = []
        var swiftMain = "let windows: [(Double, Double)] = [\(windows)]\n"
        for c in cases {
            let type = "RevealGeometry\(c.index)"
            swiftFiles.append(try write("\(type).swift", try Self.text(c.swift, "RevealGeometry.swift").replacingOccurrences(of: "RevealGeometry", with: type)))
            swiftMain += "for (w, h) in windows { print(\"scale \(c.index) \\(w) \\(h) \\(\(type).coverScale(windowWidth: w, windowHeight: h))\") }\n"
            swiftMain += """
                for track in \(type).tracks {
                    let values = track.values(windowWidth: \(Self.probe.0), windowHeight: \(Self.probe.1))
                    print("track \(c.index) \\(track.name) " + [track.keyTimes, values, track.controlPoints.flatMap { $0 }].map { $0.map { "\\($0)" }.joined(separator: ",") }.joined(separator: " "))
                }
                print("final \(c.index) \\(\(type).finalScale(windowWidth: \(Self.probe.0), windowHeight: \(Self.probe.1)))")
                do {
                    var xs: [Double] = [], ys: [Double] = []
                    for shape in \(type).shapes {
                        for element in \(type).pathElements(shape.pathData) {
                            switch element {
                            case let .move(x, y), let .line(x, y): xs.append(x); ys.append(y)
                            case let .curve(x1, y1, x2, y2, x, y): xs += [x1, x2, x]; ys += [y1, y2, y]
                            case .close: break
                            }
                        }
                    }
                    print("bounds \(c.index) \\(xs.min() ?? 0) \\(ys.min() ?? 0) \\(xs.max() ?? 0) \\(ys.max() ?? 0)")
                }

                """
        }
        let swiftBinary = folder.appendingPathComponent("geometry").path
        let compiled = try runTool(swiftc, ["-Onone", "-o", swiftBinary, try write("main.swift", swiftMain)] + swiftFiles)
        try #require(compiled.status == 0, "swiftc: \(compiled.stderr.prefix(3000))")
        let swiftRun = try runTool(swiftBinary, [])
        try #require(swiftRun.status == 0, "\(swiftRun.stderr.prefix(2000))")

        // Kotlin: one compile for every case (a package each), the Android stubs and three SplashReveal.kt, one run.
        var kotlinFiles: [String] = []
        var kotlinMain = "fun main(args: Array<String>) {\n    val windows = listOf(\(Self.windows.map { "Pair(\($0.0), \($0.1))" }.joined(separator: ", ")))\n"
        for c in cases {
            kotlinFiles.append(try write("RevealGeometry\(c.index).kt", try Self.text(c.kotlin, "RevealGeometry.kt")))
            kotlinMain += "    for ((w, h) in windows) println(\"scale \(c.index) $w $h ${t.l\(c.index).RevealGeometry.coverScale(w, h)}\")\n"
            if c.preset != .twitter || c.index == 0 {
                kotlinFiles.append(try write("SplashReveal\(c.index).kt", try Self.text(c.kotlin, "SplashReveal.kt")))
            }
        }
        kotlinMain += "}\n"
        kotlinFiles += try AndroidStubs.paths()
        let jar = folder.appendingPathComponent("geometry.jar").path
        let kotlinCompiled = try runTool(kotlinc, [try write("Main.kt", kotlinMain)] + kotlinFiles + ["-include-runtime", "-d", jar])
        try #require(kotlinCompiled.status == 0, "kotlinc: \(kotlinCompiled.stderr.prefix(3000))")
        let kotlinRun = try runTool(java, ["-cp", jar, "MainKt"])
        try #require(kotlinRun.status == 0, "\(kotlinRun.stderr.prefix(2000))")

        // The cover scales, both languages, every case with a hole, every window.
        for (language, output) in [("swift", swiftRun.stdout), ("kotlin", kotlinRun.stdout)] {
            var scales: [String: Double] = [:]
            for line in output.split(separator: "\n") where line.hasPrefix("scale ") {
                let parts = line.split(separator: " ")
                scales["\(parts[1]) \(Double(parts[2]) ?? 0) \(Double(parts[3]) ?? 0)"] = Double(parts[4])
            }
            var worst = (above: 0.0, below: 0.0)
            var overHalfPercent: Set<String> = []
            for c in cases {
                for (i, window) in Self.windows.enumerated() {
                    let code = try #require(scales["\(c.index) \(window.0) \(window.1)"], "\(language) \(c.name) \(window)")
                    guard let cover = c.covers?[i] else {
                        #expect(code == 1, "\(language) \(c.name): a reveal without a hole has cover scale 1")
                        continue
                    }
                    let ratio = code / cover
                    worst = (max(worst.above, ratio - 1), max(worst.below, 1 - ratio))
                    // Never short by more than 0.05 %, at most 0.5 % above.
                    #expect(ratio <= 1.005 && ratio >= 0.9995, "\(language) \(c.name) \(window): code \(code), cover \(cover)")
                    if ratio > 1.005 { overHalfPercent.insert(c.name) }
                }
            }
            print("\(language): coverScale / cover search, worst above +\(formatNumber(worst.above * 100, decimals: 3)) %, worst below -\(formatNumber(worst.below * 100, decimals: 3)) %; above +0.5 % on \(overHalfPercent.count) logos: \(overHalfPercent.sorted().joined(separator: ", "))")
        }

        try checkNumbers(cases, swiftRun.stdout)

        // The platform files: swiftc -parse (UIKit is not on Linux); the Kotlin ones were type-checked above.
        for c in cases where c.preset != .twitter || c.index == 0 {
            let parsed = try runTool(swiftc, ["-parse", try write("SplashReveal\(c.index).swift", try Self.text(c.swift, "SplashReveal.swift"))])
            #expect(parsed.status == 0, "\(c.name): \(parsed.stderr.prefix(2000))")
        }
    }

    /// The numbers the compiled Swift prints equal the scene's exported timeline (built with the
    /// final scale the code computes), and the parsed path's bounds equal the outline's.
    private func checkNumbers(_ cases: [CodeCase], _ output: String) throws {
        let lines = output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
        for c in cases where c.index == 0 || c.preset != .twitter {
            let final = try #require(lines.first { $0[0] == "final" && $0[1] == "\(c.index)" }.flatMap { Double($0[2]) })
            var settings = c.scene.settings
            settings.finalScale = final
            let scene = try RevealScene(logo: c.scene.logo, spec: c.scene.spec, settings: settings)
            let exported = scene.exportedTimeline
            let expected: [(String, ExportedTrack<Double>?)] = [
                ("holeScale", exported.holeScale), ("holeRotation", exported.holeRotation), ("veilOpacity", exported.veilOpacity),
                ("contentScale", exported.contentScale), ("backgroundOpacity", exported.backgroundOpacity),
                ("logoOpacity", exported.logoOpacity), ("captionOpacity", exported.captionOpacity),
                ("logoFrameX", exported.logoFrame.flatMap { t in ExportedTrack(keyframes: t.keyframes.map { .init(time: $0.time, value: $0.value.x) }, curves: t.curves) }),
                ("logoFrameWidth", exported.logoFrame.flatMap { t in ExportedTrack(keyframes: t.keyframes.map { .init(time: $0.time, value: $0.value.width) }, curves: t.curves) }),
            ]
            var seen = 0
            for (name, track) in expected {
                let line = lines.first { $0[0] == "track" && $0[1] == "\(c.index)" && $0[2] == name }
                guard let track else {
                    #expect(line == nil, "\(c.name): \(name) is not in the timeline")
                    continue
                }
                let fields = try #require(line, "\(c.name): \(name) missing from the code")
                seen += 1
                func numbers(_ i: Int) -> [Double] { fields.count > i ? fields[i].split(separator: ",").compactMap { Double($0) } : [] }
                let keyTimes = track.times.map { $0 / exported.duration }
                let controlPoints = track.curves.flatMap { [$0.x1, $0.y1, $0.x2, $0.y2] }
                for (got, want, what) in [(numbers(3), keyTimes, "keyTimes"), (numbers(4), track.values, "values"), (numbers(5), controlPoints, "control points")] {
                    #expect(got.count == want.count, "\(c.name) \(name) \(what): \(got.count) numbers, want \(want.count)")
                    for (a, b) in zip(got, want) {
                        #expect(abs(a - b) <= 1e-8 * max(1, abs(b)), "\(c.name) \(name) \(what): \(a) against \(b)")
                    }
                }
            }
            #expect(seen >= 2, "\(c.name): at least two tracks read back")
            // The path's bounds: the outline's, in points about the anchor (3 decimals).
            let bounds = try #require(lines.first { $0[0] == "bounds" && $0[1] == "\(c.index)" }).dropFirst(2).compactMap(Double.init)
            let anchor = c.scene.placement.resolvedAnchor
            let k = c.scene.placement.pointsPerUnit
            let outline = try c.scene.logo.outline.mapped(by: Transform.translation(x: -anchor.x, y: -anchor.y).concatenating(.scale(k))).bounds
            for (got, want) in zip(bounds, [outline.minX, outline.minY, outline.maxX, outline.maxY]) {
                #expect(abs(got - want) <= 0.0006, "\(c.name) path bounds: \(bounds) against \(outline)")
            }
        }
    }
}

/// The cases made on several threads, behind a lock.
private final class CaseResults: @unchecked Sendable {
    private let lock = NSLock()
    private var cases: [CodeCase?]
    private var failures: [String] = []

    init(count: Int) { cases = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ made: CodeCase) { lock.withLock { cases[i] = made } }
    func fail(_ message: String) { lock.withLock { failures.append(message) } }
    func all() throws -> [CodeCase] {
        try lock.withLock {
            guard failures.isEmpty else { throw CodeTestFailure(failures.sorted().joined(separator: "\n")) }
            return cases.compactMap { $0 }
        }
    }
}

/// Why building the cases failed, for every case that did.
struct CodeTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
