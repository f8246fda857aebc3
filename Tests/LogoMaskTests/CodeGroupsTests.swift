import Foundation
import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Translucent groups in the generated Swift and Kotlin: each shape names the groups around it
/// (id and opacity, outermost first) and carries its own opacity inside them, and the code
/// composites a group's shapes as one layer (a CALayer at the group's opacity, a saveLayerAlpha).
/// The numbers read back against the outline. About 2-4 s in debug (the profiles).
@Suite("Code groups: translucent groups in the generated Swift and Kotlin")
struct CodeGroupsTests {
    /// Two overlapping squares in a group at 50 %, a green square outside it.
    static let sample = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <rect x="0" y="0" width="5" height="5" fill="#00ff00"/>
        <g opacity="0.5"><rect x="10" y="10" width="50" height="50"/><rect x="30" y="30" width="50" height="50" fill="#ffffff"/></g>
        </svg>
        """

    /// One shape as the generated code writes it: its opacity and its groups (id, opacity).
    struct Written: Equatable {
        var opacity: Double
        var groups: [(id: Int, opacity: Double)]
        static func == (a: Written, b: Written) -> Bool {
            a.opacity == b.opacity && a.groups.map(\.id) == b.groups.map(\.id) && a.groups.map(\.opacity) == b.groups.map(\.opacity)
        }
    }

    private static func scene(_ logo: VectorLogo) throws -> RevealScene {
        var settings = RevealSettings(viewport: Viewport(width: 393, height: 852, density: 3))
        settings.finalScale = 1
        return try RevealScene(logo: logo, spec: RevealPreset.fade.spec, settings: settings)
    }

    private static func text(_ bundle: RevealCodeBundle, _ name: String) throws -> String {
        try #require(bundle.files.first { $0.name == name }, "\(name) missing").text
    }

    /// The groups in a piece of a shape's literal: `Group(id: 1, opacity: 0.5)` (Swift) or `Group(1, 0.5)` (Kotlin).
    private static func groups(_ text: Substring) -> [(id: Int, opacity: Double)] {
        let pattern = try! NSRegularExpression(pattern: "Group\\((?:id: )?([0-9]+), (?:opacity: )?([0-9.e-]+)\\)")
        let string = String(text)
        return pattern.matches(in: string, range: NSRange(string.startIndex..., in: string)).compactMap { match in
            guard let id = Range(match.range(at: 1), in: string).flatMap({ Int(string[$0]) }),
                  let opacity = Range(match.range(at: 2), in: string).flatMap({ Double(string[$0]) }) else { return nil }
            return (id, opacity)
        }
    }

    /// The light shapes of RevealGeometry.swift.
    private static func swiftShapes(_ text: String) -> [Written] {
        text.split(separator: "\n").filter { $0.hasPrefix("        Shape(pathData: ") }.map { line in
            let opacity = SwiftCodeTests.numbers(String(line[line.range(of: "opacity: ")!.upperBound...])).first ?? -1
            return Written(opacity: opacity, groups: groups(line))
        }
    }

    /// The light shapes of RevealGeometry.kt: each literal's paint opacity (what drawLogo draws) and groups.
    private static func kotlinShapes(_ text: String) throws -> [Written] {
        let start = try #require(text.range(of: "val shapes: List<Shape> = listOf(\n"))
        let end = try #require(text[start.upperBound...].range(of: "\n    )\n"))
        let literals = text[start.upperBound..<end.lowerBound].components(separatedBy: "\n        Shape(").filter { !$0.isEmpty }
        let paints = try KotlinGeometryText(text).paints("shapes")
        try #require(paints.count == literals.count, "\(paints.count) paints, \(literals.count) shapes")
        return zip(literals, paints).map { Written(opacity: $1.opacity, groups: groups(Substring($0))) }
    }

    @Test("office-calendar, the three other Tango group logos and a sample: each shape's groups and its opacity inside them read back from the Swift and Kotlin equal the outline's (group x inside = the flat opacity within 1e-6); the code composites groups; the group-opacity note is gone; a logo without groups has none of it")
    func groupsReadBack() throws {
        var logos = try LottieGroupsTests.groupLogos.map { try VectorLogo(contentsOf: LottieGroupsTests.path($0)) }
        logos.append(try VectorLogo(data: Data(Self.sample.utf8)))
        var grouped = 0
        for logo in logos {
            let name = logo.name
            let outline = try logo.outline
            #expect(outline.carriesGroupOpacity && outline.isExactWithGroups, "\(name): the outline carries its groups")
            let scene = try Self.scene(logo)
            let swift = try RevealCode.swift(scene)
            let kotlin = try RevealCode.kotlin(scene)
            let expected = outline.shapes.filter { !$0.path.isEmpty }
            for (platform, bundle, written) in [
                ("Swift", swift, Self.swiftShapes(try Self.text(swift, "RevealGeometry.swift"))),
                ("Kotlin", kotlin, try Self.kotlinShapes(try Self.text(kotlin, "RevealGeometry.kt"))),
            ] {
                #expect(!bundle.notes.contains { $0.contains("does not reproduce") }, "\(name) \(platform): \(bundle.notes)")
                try #require(written.count == expected.count, "\(name) \(platform): \(written.count) shapes, the outline has \(expected.count)")
                for (index, (got, shape)) in zip(written, expected).enumerated() {
                    let what = "\(name) \(platform) shape \(index)"
                    #expect(got.groups.map(\.id) == shape.groups.map(\.id), "\(what): groups \(got.groups) against \(shape.groups)")
                    for (a, b) in zip(got.groups, shape.groups) { #expect(abs(a.opacity - b.opacity) <= 1e-6, "\(what): group opacity") }
                    #expect(abs(got.opacity - shape.paintInsideGroups.opacity) <= 1e-6, "\(what): opacity inside its groups")
                    let composited = got.groups.reduce(got.opacity) { $0 * $1.opacity }
                    #expect(abs(composited - shape.paint.opacity) <= 1e-6, "\(what): \(composited) composited, \(shape.paint.opacity) flat")
                    if !got.groups.isEmpty { grouped += 1 }
                }
            }
            #expect(try Self.text(swift, "SplashReveal.swift").contains("container.allowsGroupOpacity = true"), "\(name): Swift composites groups")
            #expect(try Self.text(kotlin, "SplashReveal.kt").contains("canvas.saveLayerAlpha(null, channel(group.opacity))"), "\(name): Kotlin composites groups")
        }
        // The sample: its two squares in one group at 50 %, each opaque inside it.
        let sample = Self.swiftShapes(try Self.text(try RevealCode.swift(try Self.scene(try VectorLogo(data: Data(Self.sample.utf8)))), "RevealGeometry.swift"))
        #expect(sample.map(\.opacity) == [1, 1, 1] && sample.map(\.groups.count) == [0, 1, 1] && sample[1] == sample[2], "\(sample)")
        #expect(sample.last?.groups.first?.opacity == 0.5)
        #expect(grouped >= 20, "shapes in groups read back: \(grouped)")

        // Without groups, the code has no group type or compositing (it stays as it was).
        let bird = try Self.scene(try VectorLogo(contentsOf: TestPaths.sample("bird.svg")))
        for (file, bundle) in [("swift", try RevealCode.swift(bird)), ("kotlin", try RevealCode.kotlin(bird))] {
            let markers = ["struct Group", "groups: [Group]", "allowsGroupOpacity", "class Group(", "List<Group>", "enterGroups"]
            #expect(bundle.files.allSatisfy { file in !markers.contains { file.text.contains($0) } }, "bird \(file)")
        }
    }
}
