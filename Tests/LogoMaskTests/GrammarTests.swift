import Foundation
import LogoMask
import MaskGeometry
import Testing

/// The text grammars the library reads (anchors, points, rects, gradients), the pixel budget,
/// PNG sniffing, the report models and how errors name parameters.
@Suite("Grammars and reports")
struct GrammarTests {
    @Test("Anchor reads center, auto and X,Y and writes them back", arguments: [
        ("center", Anchor.center), ("auto", Anchor.automatic), ("12.5,-3", Anchor.point(Point(x: 12.5, y: -3))),
        (" 1 , 2 ", Anchor.point(Point(x: 1, y: 2))),
    ])
    func anchorParses(text: String, expected: Anchor) {
        #expect(Anchor(parsing: text) == expected)
        #expect(Anchor(parsing: expected.description) == expected)
    }

    @Test("Anchor refuses anything else", arguments: ["", "Center", "automatic", "1", "1,2,3", "1,,", "nan,0", "inf,1", "x,y"])
    func anchorRefuses(text: String) {
        #expect(Anchor(parsing: text) == nil)
    }

    @Test("Point and Rect read finite numbers; a rect's size is positive")
    func pointsAndRects() {
        #expect(Point(parsing: "187.5,333.5") == Point(x: 187.5, y: 333.5))
        #expect(Point(parsing: "1e3, -2") == Point(x: 1000, y: -2))
        for bad in ["1", "1,2,3", "", ",", "1,nan", "1;2"] { #expect(Point(parsing: bad) == nil, "\(bad)") }
        #expect(Rect(parsing: "16,56,44,37") == Rect(x: 16, y: 56, width: 44, height: 37))
        for bad in ["16,56,0,37", "16,56,44,-1", "1,2,3", "1,2,3,4,5", "a,b,c,d", "1,2,inf,4"] {
            #expect(Rect(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("LinearGradient reads FROM,TO[,DEG] and puts its line as CSS does")
    func gradients() throws {
        let g = try #require(LinearGradient(parsing: "#7B2FF7, #F107A3, 135deg"))
        #expect(g.colors == [RGBAColor(parsing: "#7B2FF7"), RGBAColor(parsing: "#F107A3")].compactMap { $0 })
        #expect(g.direction == .angle(degrees: 135))
        #expect(LinearGradient(parsing: "white,black")?.direction == .angle(degrees: 180))
        for bad in ["white", "white,nocolour", "white,black,east", "white,black,90,1"] {
            #expect(LinearGradient(parsing: bad) == nil, "\(bad)")
        }
        // 180 degrees: top centre to bottom centre; 90: left to right.
        let down = LinearGradient(from: .white, to: .black).line(in: Size(width: 100, height: 50))
        #expect(abs(down.start.x - 50) < 1e-9 && abs(down.start.y) < 1e-9 && abs(down.end.y - 50) < 1e-9)
        let right = LinearGradient(from: .white, to: .black, degrees: 90).line(in: Size(width: 100, height: 50))
        #expect(abs(right.start.x) < 1e-9 && abs(right.end.x - 100) < 1e-9 && abs(right.end.y - 25) < 1e-9)
        let line = LinearGradient(colors: [.white], direction: .line(start: Point(x: 0, y: 0), end: Point(x: 1, y: 1)))
        #expect(line.line(in: Size(width: 30, height: 20)).end == Point(x: 30, y: 20))
    }

    @Test("PixelBudget refuses more pixels than its cap, and overflow")
    func pixelBudget() throws {
        try PixelBudget(maxPixels: 100).check(width: 10, height: 10, file: "a.png")
        #expect(throws: LogoMaskError.pixelBudgetExceeded(file: "a.png", width: 11, height: 10, budget: 100)) {
            try PixelBudget(maxPixels: 100).check(width: 11, height: 10, file: "a.png")
        }
        #expect(throws: LogoMaskError.self) { try PixelBudget().check(width: Int.max, height: 2, file: "b.png") }
    }

    @Test("PNGSignature tells a PNG from an SVG by its first bytes")
    func pngSniffing() throws {
        #expect(PNGSignature.starts(PNGSignature.bytes + [0, 0]))
        #expect(!PNGSignature.starts(Array("<svg".utf8)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grammar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("named.svg").path
        try Data(PNGSignature.bytes).write(to: URL(fileURLWithPath: png))
        let svg = folder.appendingPathComponent("named.png").path
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: svg))
        #expect(PNGSignature.isPNGFile(atPath: png))
        #expect(!PNGSignature.isPNGFile(atPath: svg))
        #expect(PNGSignature.isPNGFile(atPath: folder.appendingPathComponent("missing.png").path))
    }

    @Test("errors name parameters by the API's names, or by the names a front end passes")
    func parameterNames() {
        let error = LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not -1.0.")
        #expect(error.description == "logoWidth must be a positive number of points, not -1.0.")
        #expect(error.message(naming: { $0 == .logoWidth ? "--logo-width" : "?" }) == "--logo-width must be a positive number of points, not -1.0.")
        #expect(error.exitStatus == 64)
        let budget = LogoMaskError.pixelBudgetExceeded(file: "x.png", width: 2, height: 2, budget: 3)
        #expect(budget.description.hasSuffix("raise maxPixels."))
        #expect(budget.message(naming: { "<\($0)>" }).hasSuffix("raise <maxPixels>."))
        let pdf = LogoMaskError.invalidParameter(.backgroundImage, "works with PNG and SVG holes; for PDF use `background` COLOR.")
        #expect(pdf.description == "backgroundImage works with PNG and SVG holes; for PDF use background COLOR.")
        #expect(pdf.message(naming: { "--\($0)" }) == "--backgroundImage works with PNG and SVG holes; for PDF use --background COLOR.")
        for parameter in LogoMaskParameter.allCases { #expect(!parameter.description.contains("-")) }
    }

    @Test("a render size names the parameter it refuses")
    func renderSizeErrors() {
        #expect(throws: LogoMaskError.invalidParameter(.width, "must be a positive number of pixels, not 0.")) {
            _ = try RenderSize.width(0).resolve(documentSize: Size(width: 10, height: 10), unitsPerInch: 96)
        }
    }

    @Test("CoverReport encodes the keys the cover command has always printed")
    func coverReportKeys() throws {
        let logo = try VectorLogo(contentsOf: GeometryFixtures.sample("bird.svg"))
        let placement = Placement(documentSize: logo.documentSize, viewport: Viewport(width: 40, height: 30, density: 1))
        let result = try CoverScale.compute(logo: logo, placement: placement)
        let report = CoverReport(
            file: logo.name, logoWidth: placement.logoWidth, rotationDegrees: 0, anchor: .point(Point(x: 1, y: 2)),
            tolerance: result.tolerance, results: [CoverReport.Row(device: nil, orientation: nil, result: result)])
        #expect(report.anchorMode == "point")
        let text = try #require(report.jsonText())
        for key in ["anchorMode", "logoWidth", "results", "rotationDegrees", "tolerance", "anchorInPoints", "logoWidthAtScale", "lowerBound", "pixels", "statistics"] {
            #expect(text.contains("\"\(key)\""), "\(key)")
        }
        #expect(!text.contains("\"device\""))  // nil rows leave the key out
        let decoded = try JSONDecoder().decode(CoverReport.self, from: Data(text.utf8))
        #expect(decoded.results.count == 1 && decoded.results[0].pixels == [40, 30])
    }
}
