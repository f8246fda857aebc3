import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension RevealScene {
    /// The scene's timeline as keyframes with Bézier easing, its times in seconds of the reveal
    /// (stretched when the settings give another duration), the drawn logo resting at its
    /// launch rect: what the Lottie, web-page, native-code and Android exporters write.
    /// `exportedTimeline.state(at: t)` equals ``state(at:)`` (but for a sampled spring, see
    /// `ExportedTimeline.approximations`).
    public var exportedTimeline: ExportedTimeline {
        let own = timeline.duration
        let scale = settings.duration != nil && own > 0 ? duration / own : 1
        return timeline.exported(timeScale: scale, launchFrame: launchFrame)
    }

    /// The hole's transform at `state` in viewport points (document units to points): the
    /// placement's scale and rotation about the anchor, then the offset. ``holeTransform(_:)``
    /// is this times the density.
    public func holeTransformInPoints(_ state: FrameState) -> Transform {
        var p = placement
        p.scale = state.holeScale
        p.rotation = placement.rotation + state.holeRotation
        let t = p.transform
        if state.holeOffset == .zero { return t }
        return t.concatenating(.translation(x: state.holeOffset.x, y: state.holeOffset.y))
    }

    /// The drawn logo's transform at `state` in viewport points (``drawnLogoTransform(_:)``
    /// without the density): at `logoFrame` when the timeline moves it, else with the hole (a
    /// hole scene) or at launch.
    public func drawnLogoTransformInPoints(_ state: FrameState) -> Transform {
        if let frame = state.logoFrame {
            let size = logo.documentSize
            return Transform.scale(x: frame.width / size.width, y: frame.height / size.height)
                .concatenating(.translation(x: frame.x, y: frame.y))
        }
        return spec.hole ? holeTransformInPoints(state) : placement.transform
    }
}
