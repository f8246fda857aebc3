import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Translucent groups and clip paths go into the Lottie as vectors: a group as a
/// precomposition layer at its opacity (composited as one picture), a clip as a layer mask.
/// The six real-world logos that embedded a whole-logo picture ladder for them (four Tango
/// logos with overlapping shapes in translucent groups, monero's clip paths) now embed none,
/// and rlottie, ThorVG and lottie-web play them as the frames show them at five moments. About
/// 20-35 s in debug (the players; the rest under 2 s).
@Suite("Lottie groups and clips")
struct LottieGroupsTests {
    static let groupLogos = ["tango/office-calendar.svg", "tango/utilities-system-monitor.svg",
                             "tango/utilities-terminal.svg", "tango/internet-group-chat.svg"]
    static let clipLogos = ["papirus/monero.svg", "papirus/monero-gui.svg"]

    static func path(_ name: String) -> String { TestPaths.realWorldFolder.appendingPathComponent(name).path }

    /// The assets of a Lottie and the layers of each precomposition.
    static func precompositions(_ text: String) throws -> [String: [[String: Any]]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var result: [String: [[String: Any]]] = [:]
        for asset in root["assets"] as? [[String: Any]] ?? [] {
            if let id = asset["id"] as? String, let layers = asset["layers"] as? [[String: Any]] { result[id] = layers }
        }
        return result
    }

    static func logo(_ svg: String) throws -> VectorLogo { try VectorLogo(data: Data(svg.utf8)) }

    static let box = (origin: Point.zero, width: 100, height: 100)

    @Test("A translucent group of overlapping shapes: one group in the outline, a precomposition at 50 %, a <g opacity> in the page")
    func sampleGroup() throws {
        let outline = try Self.logo("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <rect x="0" y="0" width="5" height="5" fill="#00ff00"/>
            <g opacity="0.5"><rect x="10" y="10" width="50" height="50"/><rect x="30" y="30" width="50" height="50" fill="#ffffff"/></g>
            </svg>
            """).outline
        #expect(outline.inexactReasons == [.groupOpacity] && outline.carriesGroupOpacity && outline.isExactWithGroups)
        #expect(outline.shapes.count == 3 && outline.shapes[0].groups.isEmpty)
        let groups = outline.shapes.dropFirst().map(\.groups)
        #expect(groups.allSatisfy { $0.count == 1 && abs($0[0].opacity - 0.5) < 1e-6 } && groups[0] == groups[1])
        #expect(outline.shapes.dropFirst().allSatisfy { abs($0.paint.opacity - 0.5) < 1e-6 && abs($0.paintInsideGroups.opacity - 1) < 1e-6 })

        let art = try LottieArtLayers(outline: outline, tint: nil, id: "logo", name: "logo", box: Self.box, endFrame: 10)
        let text = LottieJSON.array(art.assets).text
        let assets = try Self.precompositions("{\"assets\":" + text + "}")
        #expect(assets.keys.sorted() == ["logo", "logo group 1"])
        // Topmost first: the group's precomposition at 50 %, then the green square.
        let top = try #require(assets["logo"])
        #expect(top.map { $0["ty"] as? Int } == [0, 4])
        #expect(((top[0]["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double == 50)
        #expect(top[0]["refId"] as? String == "logo group 1")
        // Inside, the two squares on two layers, each opaque.
        #expect(assets["logo group 1"]?.count == 2)
        let fills = (assets["logo group 1"] ?? []).flatMap { layer in
            (layer["shapes"] as? [[String: Any]] ?? []).flatMap { $0["it"] as? [[String: Any]] ?? [] }.filter { $0["ty"] as? String == "fl" }
        }
        #expect(fills.count == 2 && fills.allSatisfy { ($0["o"] as? [String: Any])?["k"] as? Double == 100 })

        let markup = SVGLogoMarkup(outline: outline, prefix: "c").shapes(paint: .own)
        let lines = markup.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("<g opacity=\"0.5\"><path") && !lines[1].contains("fill-opacity"))
        #expect(lines[2].hasSuffix("/></g>") && !lines[2].contains("fill-opacity"))
    }

    @Test("A clip of one subpath by the non-zero rule is a layer mask; an even-odd or a two-subpath clip is refused")
    func clipsAsMasks() throws {
        func outline(_ clip: String, rule: String = "nonzero") throws -> LogoOutline {
            try Self.logo("""
                <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
                <defs><clipPath id="c"><path clip-rule="\(rule)" d="\(clip)"/></clipPath></defs>
                <rect x="10" y="10" width="80" height="80" fill="#ff0000" clip-path="url(#c)"/>
                </svg>
                """).outline
        }
        let circle = try outline("M50 10a40 40 0 1 0 0.001 0z")
        #expect(circle.isExact && circle.shapes.count == 1 && !circle.shapes[0].clips.isEmpty)
        let art = try LottieArtLayers(outline: circle, tint: nil, id: "logo", name: "logo", box: Self.box, endFrame: 10)
        let layers = try #require(try Self.precompositions("{\"assets\":" + LottieJSON.array(art.assets).text + "}")["logo"])
        let masks = layers.compactMap { $0["masksProperties"] as? [[String: Any]] }.flatMap { $0 }
        // The circle is a mask; a clip holding the rect whole (the page's) is none
        // (LogoOutline.withoutContainingClips: players would square the shared edge's coverage).
        #expect(circle.shapes[0].clips.count == 2 && masks.count == 1)
        let kept = circle.withoutContainingClips().shapes[0].clips
        #expect(kept.count == 1 && abs(kept[0].path.bounds.width - 80) < 0.01, "\(kept.map(\.path.bounds))")
        #expect(masks.first?["mode"] as? String == "a" && masks.dropFirst().allSatisfy { $0["mode"] as? String == "i" })
        #expect(masks.allSatisfy { $0["inv"] as? Bool == false })

        for refused in [try outline("M0 0h100v100h-100zM20 20h60v60h-60z", rule: "evenodd"), try outline("M0 0h40v40h-40zM60 60h40v40h-40z")] {
            #expect(throws: LottieShapes.Refusal.clip) {
                try LottieArtLayers(outline: refused, tint: nil, id: "logo", name: "logo", box: Self.box, endFrame: 10)
            }
        }
    }

    @Test("The outline names the translucent groups around overlapping shapes and their own paints")
    func outlineCarriesGroups() throws {
        for name in Self.groupLogos {
            let outline = try VectorLogo(contentsOf: Self.path(name)).outline
            #expect(outline.inexactReasons == [.groupOpacity], "\(name)")
            #expect(outline.carriesGroupOpacity && outline.isExactWithGroups && !outline.isExact, "\(name)")
            let grouped = outline.shapes.filter { !$0.groups.isEmpty }
            #expect(grouped.count >= 2, "\(name): \(grouped.count) shapes in groups")
            for shape in grouped {
                let factor = shape.groups.reduce(1.0) { $0 * $1.opacity }
                #expect(abs(shape.paintInsideGroups.opacity * factor - shape.paint.opacity) < 1e-9, "\(name)")
            }
        }
        // office-calendar's translucent element painted with a fill and a stroke (opacity 0.10857142).
        let calendar = try VectorLogo(contentsOf: Self.path("tango/office-calendar.svg")).outline
        let groups = Set(calendar.shapes.flatMap(\.groups))
        #expect(groups.contains { abs($0.opacity - 0.10857142) < 1e-6 }, "\(groups)")
    }

    @Test("Their Lottie embeds no picture: groups are precompositions at their opacity, clips layer masks")
    func noPictures() throws {
        for name in Self.groupLogos + Self.clipLogos {
            let scene = try LottieExportTests.scene(Self.path(name), RevealPreset.twitter.spec)
            let file = try RevealExport.lottie(scene, options: RevealExportOptions())
            #expect(!file.embeddedPicture && !file.text.contains("data:image"), "\(name)")
            #expect(file.notes.allSatisfy { !$0.contains("picture") && !$0.contains("PNG") && !$0.contains("approximation") },
                    "\(name): \(file.notes)")
            let assets = try Self.precompositions(file.text)
            let logo = try #require(assets["logo"], "\(name)")
            if Self.groupLogos.contains(name) {
                let groups = assets.keys.filter { $0.hasPrefix("logo group") }
                #expect(!groups.isEmpty, "\(name): \(assets.keys.sorted())")
                // A group's precomposition holds two or more layers (rlottie composites it then).
                for id in groups { #expect((assets[id]?.count ?? 0) >= 2, "\(name) \(id)") }
                let layers = logo.filter { ($0["ty"] as? Int) == 0 }
                #expect(layers.allSatisfy { (($0["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double ?? 100 < 100 }, "\(name)")
            } else {
                let masked = logo.filter { ($0["masksProperties"] as? [[String: Any]])?.isEmpty == false }
                #expect(masked.count == 4, "\(name): \(masked.count) masked layers")
            }
        }
    }

    @Test("No groups, a translucent band over an opaque disc: the hole's matte draws the band first, so ThorVG keeps the disc's coverage beneath it; every player holds 1 % at five moments")
    func translucentOverOpaqueMatte() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("band.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <circle cx="50" cy="50" r="45" fill="#1d9bf0"/>
            <rect x="0" y="40" width="100" height="20" fill="#ffffff" fill-opacity="0.3"/>
            </svg>
            """.utf8).write(to: file)
        let scene = try LottieExportTests.scene(file.path, RevealPreset.twitter.spec)
        let item = try LottieExportTests.export(scene, label: "band twitter", into: folder)
        #expect(!item.picture)
        // The hole has its own art, drawn in coverage order: the band's layer beneath the disc's.
        let hole = try Self.precompositions(String(contentsOfFile: item.file, encoding: .utf8))["hole"]
        #expect(hole != nil, "the hole has its own art, in coverage order")
        let outcome = try LottiePlayback.compare([item], in: folder) { _, _ in LottieExportTests.allowedFraction }
        let worst = outcome.worst["band twitter"] ?? [:]
        print("band over disc: " + worst.keys.sorted().map { "\($0) \(String(format: "%.3f", worst[$0]! * 100)) %" }.joined(separator: ", "))
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        // Drawn in paint order, ThorVG showed the veil through the band on 0.405 % of a frame.
        #expect((worst["ThorVG"] ?? 1) < 0.001, "ThorVG \(worst["ThorVG"] ?? -1)")
    }

    @Test("rlottie, ThorVG and lottie-web play them as the frames show them, at five moments")
    func playersAgree() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [LottieExportTests.Case] = []
        for name in Self.groupLogos + Self.clipLogos where name != "papirus/monero-gui.svg" {
            for preset in [RevealPreset.twitter, .fade] {
                let scene = try LottieExportTests.scene(Self.path(name), preset.spec)
                let label = "\(URL(fileURLWithPath: name).lastPathComponent) \(preset.rawValue)"
                cases.append(try LottieExportTests.export(scene, label: label, into: folder))
            }
        }
        #expect(cases.allSatisfy { !$0.picture })
        let outcome = try LottiePlayback.compare(cases, in: folder) { _, _ in LottieExportTests.allowedFraction }
        #expect(outcome.missing.isEmpty, "lottie-web drew nothing for \(outcome.missing)")
        let worst = outcome.worst.values.flatMap(\.values).max() ?? 0
        let perCase = cases.map { item in
            let players = outcome.worst[item.label] ?? [:]
            return item.label + ": " + players.keys.sorted().map { "\($0) \(String(format: "%.3f", players[$0]! * 100)) %" }.joined(separator: ", ")
        }
        print("groups and clips: \(cases.count) cases, worst share differing \(String(format: "%.3f", worst * 100)) %\n" + perCase.joined(separator: "\n"))
        let failures = outcome.failures
        #expect(failures.isEmpty, "\(failures.count) frames differ:\n\(failures.joined(separator: "\n"))")
    }
}
