import Foundation
import Testing
@testable import LogoAnimation
import MaskGeometry

@Suite("ProfileHeader formulas")
struct ProfileHeaderFormulaTests {
    let layout = ProfileHeaderLayout()

    @Test("The article's constants are the defaults")
    func defaults() {
        #expect(layout.headerStop == 40)
        #expect(layout.labelOffset == 95)
        #expect(layout.labelDistance == 35)
        #expect(layout.avatarSlowdown == 1.4)
        #expect(layout.blurRadius == 10 && layout.blurIterations == 20)
        #expect(layout.nameLabelTop == layout.headerHeight - layout.headerStop + layout.labelOffset)
    }

    @Test("Header scale is 2.0 at offset -headerHeight, top edge fixed, bottom at 2x height")
    func pullDownDoubles() {
        for height in [104.0, 200, 57.5] {
            var l = layout
            l.headerHeight = height
            let state = l.state(at: -height)
            #expect(state.headerScale == 2.0)
            #expect(state.phase == .pullDown)
            #expect(abs(state.headerFrame.minY) < 1e-9)
            #expect(abs(state.headerFrame.height - 2 * height) < 1e-9)
            #expect(abs(state.headerTranslationY - height / 2) < 1e-9)  // the article's headerSizevariation
        }
        #expect(layout.state(at: -52).headerScale == 1.5)
        #expect(abs(layout.state(at: -52).headerFrame.minY) < 1e-9)
    }

    @Test("Header moves up by the offset until the stop, then sticks")
    func headerTranslation() {
        #expect(layout.state(at: 0).headerTranslationY == 0)
        #expect(layout.state(at: 25).headerTranslationY == -25)
        #expect(layout.state(at: 40).headerTranslationY == -40)
        for offset in [40.0, 41, 95, 500] {
            let state = layout.state(at: offset)
            #expect(state.headerTranslationY == -40)
            #expect(state.headerScale == 1)
            #expect(abs(state.headerFrame.maxY - layout.stuckHeaderHeight) < 1e-9)
        }
    }

    @Test("Avatar factor past the stop equals stop/avatarHeight/1.4; bottom edge fixed")
    func avatarFactor() {
        let expected = layout.headerStop / layout.avatarFrame.height / 1.4
        for offset in [40.0, 40.0001, 41, 60, 95, 130, 1000] {
            #expect(layout.state(at: offset).avatarScaleFactor == expected)
        }
        #expect(layout.state(at: 0).avatarScaleFactor == 0)
        #expect(layout.state(at: -50).avatarScaleFactor == 0)
        #expect(abs(layout.state(at: 20).avatarScaleFactor - 20 / 70 / 1.4) < 1e-12)
        for offset in [0.0, 10, 39, 40, 80] {
            let state = layout.state(at: offset)
            // The bottom edge moves only with the content.
            #expect(abs(state.avatarFrame.maxY - (layout.avatarFrame.maxY - offset)) < 1e-9)
            #expect(abs(state.avatarFrame.height - layout.avatarFrame.height * (1 - state.avatarScaleFactor)) < 1e-9)
            #expect(abs(state.avatarFrame.midXValue - layout.avatarFrame.midXValue) < 1e-9)
        }
    }

    @Test("Blur alpha: 0 before the label offset, 1 at label offset + distance, linear between")
    func blurAlpha() {
        for offset in [-100.0, 0, 40, 94, 94.999, 95] {
            #expect(layout.state(at: offset).blurAlpha == 0)
        }
        #expect(layout.state(at: 95 + 35).blurAlpha == 1)
        #expect(layout.state(at: 500).blurAlpha == 1)
        #expect(abs(layout.state(at: 95 + 17.5).blurAlpha - 0.5) < 1e-12)
    }

    @Test("White label: max(-labelDistance, labelOffset - offset)")
    func whiteLabel() {
        #expect(layout.state(at: 0).whiteLabelTranslationY == 95)
        #expect(layout.state(at: 95).whiteLabelTranslationY == 0)
        #expect(layout.state(at: 110).whiteLabelTranslationY == -15)
        #expect(layout.state(at: 130).whiteLabelTranslationY == -35)
        #expect(layout.state(at: 400).whiteLabelTranslationY == -35)
    }

    @Test("Z-order swaps exactly past the stop")
    func zOrder() {
        #expect(!layout.state(at: 40).headerInFront)
        #expect(!layout.state(at: 39.999).headerInFront)
        #expect(layout.state(at: 40.000001).headerInFront)
        #expect(layout.state(at: 41).headerInFront)
        #expect(layout.state(at: 40).phase == .scrolling)
        #expect(layout.state(at: 40.5).phase == .stuck)
    }

    @Test("Constants per offset range: breakpoints, formulas and end states")
    func constants() throws {
        let constants = HeaderConstants(layout: layout, pixelScale: 3)
        #expect(constants.doubleHeaderOffset == -104)
        #expect(constants.stuckHeaderHeight == 64)
        #expect(constants.avatarFactorAtStop == 40 / 70 / 1.4)
        #expect(constants.ranges.map(\.from) == [nil, 0, 40, 95, 130])
        #expect(constants.ranges.map(\.to) == [0, 40, 95, 130, nil])
        #expect(constants.ranges.map(\.front) == ["avatar", "avatar", "header", "header", "header"])
        #expect(constants.ranges[0].header.contains("1 + (-offset)/104"))
        #expect(constants.ranges[3].blurAlpha == "(offset - 95)/35")
        #expect(constants.ranges[4].atStart?.blurAlpha == 1)
        #expect(constants.blur.boxSize == 31)
        #expect(constants.blur.sigmaPixels == 40)
        // Round trip through JSON.
        let decoded = try JSONDecoder().decode(HeaderConstants.self, from: constants.jsonData())
        #expect(decoded == constants)
    }

    @Test("Box blur mapping: FXBlurView's odd box and sigma = sqrt(n((2r+1)^2 - 1)/12)")
    func blurMapping() {
        let one = BoxBlurEquivalence(radius: 10, iterations: 20, pixelScale: 1)
        #expect(one.boxSize == 11 && one.boxRadius == 5)
        #expect(abs(one.sigmaPixels - 200.0.squareRoot()) < 1e-12)
        let two = BoxBlurEquivalence(radius: 10, iterations: 20, pixelScale: 2)
        #expect(two.boxSize == 21)
        #expect(BoxBlurEquivalence(radius: 10, iterations: 20, pixelScale: 3).sigmaPixels == 40)
        #expect(BoxBlurEquivalence(radius: 10, iterations: 20, pixelScale: 3).sigmaPoints == 40.0 / 3)
    }

    @Test("Layout JSON: defaults for missing keys, unknown keys and bad numbers refused")
    func layoutJSON() throws {
        let partial = try ProfileHeaderLayout.decode(Data(#"{"headerHeight": 200, "headerStop": 90}"#.utf8))
        #expect(partial.headerHeight == 200 && partial.headerStop == 90 && partial.labelOffset == 95)
        #expect(try ProfileHeaderLayout.decode(layout.jsonData()) == layout)
        #expect(throws: ProfileHeaderLayoutError.self) { try ProfileHeaderLayout.decode(Data(#"{"headerHieght": 1}"#.utf8)) }
        #expect(throws: ProfileHeaderLayoutError.self) { try ProfileHeaderLayout.decode(Data(#"{"headerStop": 500}"#.utf8)) }
        #expect(throws: ProfileHeaderLayoutError.self) { try ProfileHeaderLayout.decode(Data(#"{"labelDistance": 0}"#.utf8)) }
        #expect(throws: ProfileHeaderLayoutError.self) { try ProfileHeaderLayout.decode(Data(#"{"headerHeight": "tall"}"#.utf8)) }
        #expect(throws: ProfileHeaderLayoutError.self) { try ProfileHeaderLayout.decode(Data("[1]".utf8)) }
        #expect(throws: ProfileHeaderLayoutError.self) {
            try ProfileHeaderLayout.decode(Data(#"{"avatarSlowdown": 0.5}"#.utf8))  // 40/70/0.5 > 1
        }
    }

    @Test("Scroll script: pulls to -headerHeight, releases to 0, ends past the label's end")
    func script() throws {
        let offsets = ScrollScript.article(layout: layout, fps: 30)
        #expect(offsets.first == 0)
        #expect(offsets.contains(-104))
        #expect(offsets.min() == -104)
        #expect(offsets.contains(0))
        #expect(offsets.last == layout.labelEndOffset + 40)
        #expect(offsets.count == 18 + 6 + 12 + 48 + 9 + 1)
        #expect(ScrollScript.sweep(from: -104, to: 170, step: 2)?.count == 138)
        #expect(ScrollScript.sweep(from: 0, to: 10, step: 3) == [0, 3, 6, 9])
        #expect(ScrollScript.sweep(from: 10, to: 0, step: -5) == [10, 5, 0])
        #expect(ScrollScript.sweep(from: 0, to: 10, step: -1) == nil)
        #expect(ScrollScript.sweep(from: 0, to: 10, step: 0) == nil)
        #expect(ScrollScript.sweep(from: 0, to: 1e300, step: 1e-300) == nil)
        #expect(ScrollScript.sweep(from: 0, to: 1e9, step: 1) == nil)
        #expect(ScrollScript.article(layout: layout, fps: .infinity).count == offsets.count)
        #expect(ScrollScript.article(layout: layout, fps: 1e300).count > offsets.count)
    }
}

extension Rect {
    fileprivate var midXValue: Double { x + width / 2 }
}
