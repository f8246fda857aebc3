import Foundation
import Testing
@testable import LogoMask

/// ``ByteSearch``, the word search every text scan uses, against Swift's own search on the same
/// bytes; and the scans built on it at the edges of the text (a word at its very start or end).
@Suite("Byte search")
struct ByteSearchTests {
    /// The first index at or after `start` where `word` begins, by Swift's collection algorithms.
    private func reference(_ word: [UInt8], _ bytes: [UInt8], from start: Int) -> Int? {
        guard start >= 0, !word.isEmpty, word.count <= bytes.count else { return nil }
        guard start <= bytes.count - word.count else { return nil }
        return (start...(bytes.count - word.count)).first { bytes[$0..<($0 + word.count)].elementsEqual(word) }
    }

    @Test("every word of a text full of near misses, from every start, where Swift's own search finds it")
    func agreesWithSwift() {
        // Repeated first bytes and partial matches: "<st" before "<style", "sty" runs, a word at both ends.
        let text = Array("<style<st<sty<stylestyle<style".utf8)
        for word in ["<style", "style", "<", "e", "<sty<", "x", "<style<st<sty<stylestyle<style", "<style<st<sty<stylestyle<stylex"] {
            let bytes = Array(word.utf8)
            for start in -1...(text.count + 1) {
                let found = text.withUnsafeBytes { ByteSearch.firstIndex(of: bytes, in: $0, from: start) }
                #expect(found == reference(bytes, text, from: start), "\(word) from \(start)")
            }
        }
    }

    @Test("matches: a word at the start, at the very end, one byte past it, and an empty text")
    func matches() {
        let text = Array("</svg>".utf8)
        #expect(ByteSearch.matches("</", in: text, at: 0))
        #expect(ByteSearch.matches(">", in: text, at: 5))
        #expect(!ByteSearch.matches("/>", in: text, at: 5))
        #expect(!ByteSearch.matches("<", in: text, at: -1))
        #expect(!ByteSearch.matches("<", in: [], at: 0))
        #expect(ByteSearch.firstIndex(of: "svg>", in: text, from: 0) == 2)
        #expect(ByteSearch.firstIndex(of: "svg>", in: text, from: 3) == nil)
    }

    @Test("a slice is searched in its own indices (TextSizeScan's tags)")
    func slices() {
        let text = Array(#"<g transform="scale(2)"><rect transform="scale(3)"/></g>"#.utf8)
        let tag = text[24...]
        #expect(ByteSearch.firstIndex(of: Array("transform".utf8), in: tag, from: tag.startIndex) == 30)
        #expect(ByteSearch.firstIndex(of: Array("transform".utf8), in: text[...], from: 0) == 3)
        #expect(ByteSearch.firstIndex(of: Array("transform".utf8), in: tag, from: 31) == nil)
        #expect(TextSizeScan.transformScale(tag) == 3)
    }

    @Test("the scans on it at the text's edges: a property set last, `filter` first, a radius in the last tag")
    func scansAtTheEdges() {
        #expect(DrawingCrop.mayUseIntermediateSurfaces(Data("mask=".utf8)))
        #expect(!DrawingCrop.mayUseIntermediateSurfaces(Data("mask".utf8)))
        #expect(!DrawingCrop.mayUseIntermediateSurfaces(Data(#"<g fill-opacity="0.5" data-mask="1">"#.utf8)))
        #expect(!DrawingCrop.mayUseIntermediateSurfaces(Data(#"<g opacity="1"/>"#.utf8)))
        #expect(DrawingCrop.mayUseIntermediateSurfaces(Data(#"<g opacity="1"/><g style="opacity: 0.4"/>"#.utf8)))
        #expect(VectorLogo.mentionsFilter(Data("filter".utf8)))
        #expect(!VectorLogo.mentionsFilter(Data("color-interpolation-filters:sRGB".utf8)))
        #expect(VectorLogo.mentionsFilter(Data("color-interpolation-filters:sRGB;filter:url(#f)".utf8)))
        let morphology = #"<feMorphology radius="2"/><feMorphology operator="dilate" radius="3 7.5">"#
        #expect(FilterPicture.largestMorphologyRadius(in: Data(morphology.utf8)) == 7.5)
        #expect(FilterPicture.largestMorphologyRadius(in: Data(#"<feMorphology/><rect radius="9"/>"#.utf8)) == nil)
    }
}
