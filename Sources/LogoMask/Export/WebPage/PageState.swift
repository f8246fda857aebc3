import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// What ``WebPageBuilder`` gathers while it writes the layers.
struct PageState {
    let timeline: ExportedTimeline
    let duration: Double
    var definitions = ""
    var animations: [WebAnimation] = []
    var notes: [String] = []
    var approximations: [String] = []
    var pictures = 0

    init(timeline: ExportedTimeline, duration: Double) {
        self.timeline = timeline
        self.duration = duration
    }

    /// The CSS value at time 0 of `track` (or of `fallback` when there is none), recording an
    /// animation of the element's `transform` when the track moves.
    mutating func transform<Value>(
        _ id: String, _ track: ExportedTrack<Value>?, default fallback: Value, css: (Value) -> String
    ) -> String {
        guard let track else { return css(fallback) }
        let animation = WebAnimation(elementID: id, property: "transform", track: track, duration: duration, css: css)
        if !track.isConstant { animations.append(animation) }
        return animation.initialValue
    }

    /// The opacity at time 0 of `track` (of `1 - track` with `complement`), recording an
    /// animation when it changes.
    mutating func opacity(
        _ id: String, _ track: ExportedTrack<Double>?, default fallback: Double, complement: Bool = false
    ) -> String {
        let css = { (value: Double) -> String in WebAnimation.opacity(complement ? 1 - value : value) }
        guard let track else { return css(fallback) }
        let animation = WebAnimation(elementID: id, property: "opacity", track: track, duration: duration, css: css)
        if !track.isConstant { animations.append(animation) }
        return animation.initialValue
    }
}
