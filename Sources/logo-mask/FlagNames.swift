import LogoMask

/// The one table from the library's parameter names to this tool's flags, and the messages of
/// library errors as the tool prints them (with its flags where the library names parameters).
enum FlagNames {
    /// The flag that sets `parameter` in every command that has it.
    static func flag(for parameter: LogoMaskParameter) -> String {
        switch parameter {
        case .width: "--width"
        case .height: "--height"
        case .scale: "--scale"
        case .dpi: "--dpi"
        case .logoWidth: "--logo-width"
        case .center: "--center"
        case .anchor: "--anchor"
        case .rotation: "--rotate"
        case .tolerance: "--tolerance"
        case .page: "--page"
        case .trustedInput: "--trusted-input"
        case .maxPixels: "--max-pixels"
        case .deadline: "--timeout"
        case .fps: "--fps"
        case .duration: "--duration"
        case .margin: "--margin"
        case .finalScale: "--final-scale"
        case .target: "--target"
        case .still: "--still"
        case .background: "--background"
        case .backgroundImage: "--background-image"
        case .force: "--force"
        }
    }

    /// `error`'s message with the tool's flags for the parameters it names, and the tool's own
    /// commands where the library points at its API.
    static func message(for error: LogoMaskError) -> String {
        switch error {
        case let .invalidRevealSpec(file, reason):
            "\(file): not a usable reveal spec: \(reason). See `logo-mask reveal --preset twitter --print-spec` for the format."
        default:
            error.message(naming: flag(for:))
        }
    }
}
