/// How a logo is loaded.
public struct LoadOptions: Sendable, Hashable {
    /// The PDF page to use, counted from 1. Ignored for SVG.
    public var page: Int
    /// Draw only the SVG element with this id, cropped to its ink box (the element becomes the
    /// whole document). Nil draws the whole document.
    public var elementID: String?
    /// Let the SVG load images and other files it references, but only from the logo's own
    /// folder (librsvg's rule). Off by default: no file outside the logo is ever read, and
    /// nothing is ever fetched from the network.
    public var allowLocalReferences: Bool
    /// Lift libxml2's safety limits (`RSVG_HANDLE_FLAG_UNLIMITED`). Only for logos you trust.
    public var trustedInput: Bool
    /// Largest input accepted, in bytes (default 64 MiB): logos are small, and a larger file
    /// is more likely a mistake or an attack.
    public var maxInputBytes: Int

    /// Creates options; the defaults load page 1, the whole document, with every safety on.
    public init(
        page: Int = 1, elementID: String? = nil, allowLocalReferences: Bool = false,
        trustedInput: Bool = false, maxInputBytes: Int = 64 << 20
    ) {
        self.page = page
        self.elementID = elementID
        self.allowLocalReferences = allowLocalReferences
        self.trustedInput = trustedInput
        self.maxInputBytes = maxInputBytes
    }
}
