// The hostile and broken logos of issue 7, made in code (no fixture files). Shared by the
// library tests and the command-line tests.
import Foundation

/// One hostile or broken logo and what every command must make of it.
public struct HostileCase: Sendable, CustomStringConvertible {
    /// A short name (the test's argument label).
    public let name: String
    /// The file name it is written under (its extension is deliberately misleading sometimes).
    public let fileName: String
    /// The bytes.
    public let bytes: Data
    /// Exit statuses allowed per command ("*" for any command not listed).
    public let statuses: [String: Set<Int32>]
    /// Lower-cased words the error message (or warning) must contain besides the file name.
    public let mentions: [String]
    /// Extra arguments for every command (e.g. a shorter --timeout for the slow ones).
    public var extraArguments: [String] = []
    /// True when loading through the library must fail (with status `statuses["*"]`).
    public var refusedOnLoad: Bool { statuses.count == 1 && statuses["*"].map { !$0.contains(0) } == true }

    public var description: String { name }

    /// The statuses allowed for `command`.
    public func allowed(for command: String) -> Set<Int32> { statuses[command] ?? statuses["*"] ?? [0] }
}

private let svgNS = #"xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#

private func svg(_ body: String, attributes: String = #"width="10" height="10""#) -> Data {
    Data("<svg \(svgNS) \(attributes)>\(body)</svg>".utf8)
}

/// A small PDF with a correct cross-reference table: `pages` pages of 20x20 pt, each with a
/// filled square; with `encrypted`, a Standard security handler whose user password is not
/// empty (the /U entry matches no password), which poppler refuses as encrypted.
public func makePDF(pages: Int = 1, encrypted: Bool = false) -> Data {
    var objects: [String] = []
    let kids = (0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
    objects.append("<< /Type /Catalog /Pages 2 0 R >>")
    objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
    for index in 0..<pages {
        let content = "0 0 0 rg 2 2 16 16 re f"
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Contents \(4 + 2 * index) 0 R >>")
        objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    if encrypted {
        let o = String(repeating: "AB", count: 32), u = String(repeating: "CD", count: 32)
        objects.append("<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -4 >>")
    }
    var text = "%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
        offsets.append(text.utf8.count)
        text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
    let id = "<0123456789ABCDEF0123456789ABCDEF>"
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R"
        + (encrypted ? " /Encrypt \(objects.count) 0 R /ID [\(id) \(id)]" : "") + " >>\nstartxref\n\(xref)\n%%EOF\n"
    return Data(text.utf8)
}

/// A deterministic pseudo-random generator (SplitMix64), so generated paths are the same on
/// every run.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    /// A generator whose sequence `state` fixes.
    public init(state: UInt64) { self.state = state }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Every hostile case. Statuses: 65 not a logo, 64 budget, 75 deadline, 70 drawing failed,
/// 3 no cover scale (cover only), 0 success.
public let hostileCases: [HostileCase] = {
    var cases: [HostileCase] = []
    func refused(_ name: String, _ file: String, _ bytes: Data, _ mentions: [String], status: Int32 = 65) {
        cases.append(HostileCase(name: name, fileName: file, bytes: bytes, statuses: ["*": [status]], mentions: mentions))
    }
    // Not a logo at all.
    refused("empty file", "empty.svg", Data(), ["empty"])
    refused("not XML", "notes.svg", Data("Hello, this is a text file, not a logo.\n".utf8), ["neither svg nor pdf"])
    refused("truncated XML", "truncated.svg", Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L"#.utf8), ["xml"])
    refused("PNG renamed .svg", "image.svg",
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + [UInt8](repeating: 0, count: 32)),
            ["png"])
    refused("HTML root", "page.svg", Data("<!DOCTYPE html><html><body><p>logo</p></body></html>".utf8), ["no <svg>"])
    refused("non-SVG root wrapping svg", "wrapped.svg", Data(#"<doc><svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/></doc>"#.utf8), ["root"])
    refused("garbage SVGZ", "broken.svgz", Data([0x1F, 0x8B, 0x08, 0x00] + [UInt8](repeating: 0x5A, count: 64)), ["not a usable"])

    // Sizes.
    refused("zero size", "zero.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"width="0" height="0""#), ["width", "zero"])
    refused("negative size", "negative.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"width="-10" height="10""#), ["width", "negative"])
    refused("NaN size", "nan.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"width="NaN" height="NaN""#), ["width", "not a length"])
    refused("zero viewBox", "zero-viewbox.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"viewBox="0 0 0 0""#), ["viewbox"])
    refused("NaN viewBox", "nan-viewbox.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"viewBox="0 0 NaN 10""#), ["viewbox"])
    refused("absurd size", "absurd.svg", svg(#"<rect width="5" height="5"/>"#, attributes: #"width="1e30" height="1e30""#), ["size"])
    // Large but legal: the pixel budget refuses the render before allocating anything.
    cases.append(HostileCase(
        name: "huge document vs pixel budget", fileName: "huge.svg",
        bytes: svg(#"<rect width="5e7" height="5e7"/>"#, attributes: #"width="1e8" height="1e8""#),
        statuses: ["export": [0, 70], "cover": [0, 3], "*": [0]],
        mentions: [], extraArguments: ["--max-pixels", "4000000"]))

    // XML bombs and depth.
    let laughs = (1...9).map { i in "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }.joined()
    refused("entity expansion bomb", "laughs.svg",
            Data("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY l0 \"lol\">\(laughs)]><svg \(svgNS) width=\"10\" height=\"10\"><text y=\"5\">&l9;</text></svg>".utf8),
            ["entity"])
    refused("very deep nesting", "deep.svg",
            svg(String(repeating: "<g>", count: 100_000) + #"<rect width="5" height="5"/>"# + String(repeating: "</g>", count: 100_000)),
            ["depth", "--trusted-input"])

    // References.
    cases.append(HostileCase(
        name: "use reference cycle", fileName: "cycle.svg",
        bytes: svg(##"<use id="a" xlink:href="#b"/><use id="b" xlink:href="#a"/><g id="g"><rect width="8" height="8"/><use xlink:href="#g"/></g>"##),
        statuses: ["cover": [0, 3], "*": [0, 70]], mentions: []))
    let fan = (1...9).map { i in "<g id=\"u\(i)\">" + String(repeating: "<use xlink:href=\"#u\(i - 1)\"/>", count: 10) + "</g>" }.joined()
    cases.append(HostileCase(
        name: "use fan-out bomb", fileName: "fanout.svg",
        bytes: svg("<defs><rect id=\"u0\" width=\"5\" height=\"5\"/>\(fan)</defs><use xlink:href=\"#u9\"/>"),
        statuses: ["*": [65, 75]], mentions: [], extraArguments: ["--timeout", "3"]))
    cases.append(HostileCase(
        name: "external file references", fileName: "external.svg",
        bytes: svg(#"<image width="10" height="10" xlink:href="/etc/passwd"/><image width="10" height="10" xlink:href="../secret.png"/><rect width="8" height="8"/>"#),
        statuses: ["cover": [0, 3], "*": [0]], mentions: ["warning", "external reference", "/etc/passwd", "--allow-local-refs"]))
    cases.append(HostileCase(
        name: "http references", fileName: "http.svg",
        bytes: svg(#"<style>@import url("http://127.0.0.1:9/evil.css");</style><image width="10" height="10" xlink:href="http://127.0.0.1:9/x.png"/><rect width="8" height="8" fill="url(https://127.0.0.1:9/p.svg#g) black"/>"#),
        statuses: ["cover": [0, 3], "*": [0]], mentions: ["warning", "http://127.0.0.1:9/", "network"]))

    // Heavy drawing.
    cases.append(HostileCase(
        name: "huge filter radius", fileName: "blur.svg",
        bytes: svg(#"<filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter><filter id="m" x="-1000%" y="-1000%" width="2000%" height="2000%"><feMorphology radius="1e6"/></filter><rect width="8" height="8" filter="url(#f)"/><circle cx="5" cy="5" r="2" filter="url(#m)"/>"#),
        statuses: ["cover": [0, 3, 70, 75], "bounds": [0, 70, 75], "assets": [0, 70, 75], "*": [0, 70]], mentions: [], extraArguments: ["--timeout", "8"]))
    var random = SplitMix64(state: 7)
    var polygon = "M100 50"
    for i in 1...100_001 {  // a circle of 100,001 segments with a wobble: legal, heavy, never crossing
        let angle = Double(i) * 2 * Double.pi / 100_001
        let radius = 50 - Double(random.next() % 100) / 1000
        polygon += " L\(50 + radius * cos(angle)) \(50 + radius * sin(angle))"
    }
    cases.append(HostileCase(
        name: "path of 100,001 segments", fileName: "long-path.svg",
        bytes: svg("<path d=\"\(polygon) Z\"/>", attributes: #"viewBox="0 0 100 100""#),
        // bounds draws it a dozen times (2.2 s in the test build), the cover search as many (3.5 s),
        // assets more (11 s): on a loaded machine the deadline may win, which is the other correct
        // answer for those. The others draw it once or twice (render 0.5 s) and must succeed.
        statuses: ["bounds": [0, 75], "cover": [0, 75], "assets": [0, 75], "reveal": [0, 75], "*": [0]], mentions: [], extraArguments: ["--timeout", "25"]))
    var crossing = "M0 0"
    for _ in 0..<100_000 {  // segments that all cross: Cairo's tessellation turns quadratic
        crossing += " L\(random.next() % 1000) \(random.next() % 1000)"
    }
    cases.append(HostileCase(
        name: "self-crossing path of 100,000 segments", fileName: "crossing.svg",
        bytes: svg("<path d=\"\(crossing) Z\"/>", attributes: #"viewBox="0 0 1000 1000""#),
        // Refused before drawing (issue 17, point 5): far over the limit of crossings. Counting
        // takes about a second in a debug build; on a loaded machine the 2 s deadline may win.
        statuses: ["*": [65, 75]], mentions: ["crosses itself", "--trusted-input"], extraArguments: ["--timeout", "2"]))
    cases.append(HostileCase(
        name: "no visible ink", fileName: "blank.svg",
        bytes: svg(#"<rect width="8" height="8" fill="none"/><path d="M1 1L9 9" stroke="red" stroke-width="2" visibility="hidden"/>"#,
                   attributes: #"viewBox="0 0 10 10""#),
        statuses: ["bounds": [65], "cover": [65], "assets": [65], "reveal": [65], "hole": [0, 65], "*": [0]], mentions: ["no ink"]))

    // PDFs.
    refused("empty PDF", "empty.pdf", Data("%PDF-1.4\n%%EOF\n".utf8), ["pdf"])
    var garbage = Data("%PDF-1.7\n".utf8)
    for _ in 0..<512 { garbage.append(UInt8(truncatingIfNeeded: random.next())) }
    refused("garbage PDF", "garbage.pdf", garbage, ["not a usable"])
    refused("encrypted PDF", "locked.pdf", makePDF(encrypted: true), ["encrypted", "without a password"])
    cases.append(HostileCase(
        name: "PDF page that does not exist", fileName: "two-pages.pdf", bytes: makePDF(pages: 2),
        statuses: ["*": [65]], mentions: ["page 3", "2 pages", "--page"], extraArguments: ["--page", "3"]))
    return cases
}()
