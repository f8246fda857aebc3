import FoundationEssentials
import MaskGeometry

/// Which of the article's two actions an offset belongs to, and whether the header has stuck.
public enum HeaderPhase: String, Hashable, Sendable, Codable {
    /// `offset < 0`: the user pulls the content down into the bounce area; the header stretches.
    case pullDown
    /// `0 <= offset <= headerStop`: the header moves up with the content, the avatar shrinks.
    case scrolling
    /// `offset > headerStop`: the header has stuck and is drawn in front of the avatar.
    case stuck
}

/// Everything the profile header looks like at one scroll offset: plain numbers and transforms
/// (points), computed by ``ProfileHeaderLayout/state(at:)`` from the article's formulas.
public struct HeaderState: Hashable, Sendable, Codable {
    /// The scroll view's `contentOffset.y`, points (negative: pulled down).
    public var offset: Double
    /// The phase the offset falls in.
    public var phase: HeaderPhase
    /// The header's scale: `1 + (-offset) / headerHeight` when pulled down, else 1.
    public var headerScale: Double
    /// The header's vertical move, points: when pulled down, the article's `headerSizevariation`
    /// (`headerHeight * (scale - 1) / 2`, which with the scale about the centre keeps the top
    /// edge at 0); when scrolling, `max(-headerStop, -offset)`.
    public var headerTranslationY: Double
    /// The header's transform: header coordinates (0...screenWidth, 0...headerHeight) to screen points.
    public var headerTransform: Transform
    /// The header's rectangle on screen.
    public var headerFrame: Rect
    /// The avatar's scale factor: `min(headerStop, offset) / avatarHeight / avatarSlowdown` for
    /// `offset >= 0`, 0 when pulled down (the article sets the avatar only in the scroll branch).
    public var avatarScaleFactor: Double
    /// The avatar's scale, `1 - avatarScaleFactor` (its bottom edge stays put).
    public var avatarScale: Double
    /// The avatar's transform: avatar coordinates (0...width, 0...height) to screen points,
    /// including the content's scroll.
    public var avatarTransform: Transform
    /// The avatar's rectangle on screen.
    public var avatarFrame: Rect
    /// True past the stop (`offset > headerStop`): the header is drawn over the avatar and the content.
    public var headerInFront: Bool
    /// The white label's move inside the header, `max(-labelDistance, labelOffset - offset)`.
    public var whiteLabelTranslationY: Double
    /// The blurred header's opacity, `min(1, (offset - labelOffset) / labelDistance)`, clamped at 0.
    public var blurAlpha: Double
    /// The scroll content's vertical move on screen, `-offset`.
    public var contentTranslationY: Double
}

extension ProfileHeaderLayout {
    /// The header's scale for an offset: `1 + (-offset) / headerHeight` when pulled down, else 1.
    public func headerScale(at offset: Double) -> Double {
        offset < 0 ? 1 + (-offset) / headerHeight : 1
    }

    /// The avatar's scale factor for an offset (see ``HeaderState/avatarScaleFactor``).
    public func avatarScaleFactor(at offset: Double) -> Double {
        offset < 0 ? 0 : min(headerStop, offset) / avatarFrame.height / avatarSlowdown
    }

    /// The white label's translation for an offset, `max(-labelDistance, labelOffset - offset)`.
    public func whiteLabelTranslation(at offset: Double) -> Double {
        max(-labelDistance, labelOffset - offset)
    }

    /// The blur's cross-fade opacity for an offset, `min(1, (offset - labelOffset) / labelDistance)`
    /// clamped at 0 (UIKit clamps a view's alpha to 0...1).
    public func blurAlpha(at offset: Double) -> Double {
        max(0, min(1, (offset - labelOffset) / labelDistance))
    }

    /// True when the header is drawn in front of the avatar: strictly past the stop (the article
    /// keeps the avatar in front while `offset <= offset_HeaderStop`).
    public func headerInFront(at offset: Double) -> Bool { offset > headerStop }

    /// The phase of an offset.
    public func phase(at offset: Double) -> HeaderPhase {
        offset < 0 ? .pullDown : offset <= headerStop ? .scrolling : .stuck
    }

    /// The whole state at a scroll offset (points; negative pulls down).
    public func state(at offset: Double) -> HeaderState {
        let scale = headerScale(at: offset)
        // `+ 0` turns a negative zero (from -offset at offset 0) into 0, so JSON shows 0, not -0.
        let headerTy = (offset < 0 ? headerHeight * (scale - 1) / 2 : max(-headerStop, -offset)) + 0
        let header = headerRect
        let headerTransform = Transform.scaleRotate(scale: scale, about: header.center)
            .concatenating(.translation(x: 0, y: headerTy))

        let factor = avatarScaleFactor(at: offset)
        let avatarHeight = avatarFrame.height
        // The article: translate by the size variation, then scale by 1 - factor, both about the
        // layer's centre; the bottom edge stays where it was.
        let local = Rect(x: 0, y: 0, width: avatarFrame.width, height: avatarHeight)
        let avatarTransform = Transform.scaleRotate(scale: 1 - factor, about: local.center)
            .concatenating(.translation(x: avatarFrame.x, y: avatarFrame.y + avatarHeight * factor / 2 - offset))

        return HeaderState(
            offset: offset,
            phase: phase(at: offset),
            headerScale: scale,
            headerTranslationY: headerTy,
            headerTransform: headerTransform,
            headerFrame: headerTransform.apply(to: header),
            avatarScaleFactor: factor,
            avatarScale: 1 - factor,
            avatarTransform: avatarTransform,
            avatarFrame: avatarTransform.apply(to: local),
            headerInFront: headerInFront(at: offset),
            whiteLabelTranslationY: whiteLabelTranslation(at: offset),
            blurAlpha: blurAlpha(at: offset),
            contentTranslationY: -offset + 0)
    }
}
