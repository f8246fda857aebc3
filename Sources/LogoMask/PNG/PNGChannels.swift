/// PNG colour types the writer produces (8 bits a channel).
public enum PNGChannels: Sendable {
    /// Colour type 6: red, green, blue and straight alpha.
    case rgba
    /// Colour type 0: one grey level (for masks: the coverage).
    case gray

    var colorType: UInt8 { self == .rgba ? 6 : 0 }
    var bytesPerPixel: Int { self == .rgba ? 4 : 1 }
}
