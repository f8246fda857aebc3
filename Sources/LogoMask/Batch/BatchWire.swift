import FoundationEssentials

/// One job as the supervisor sends it to a worker process: a line of JSON on the worker's
/// standard input. Everything the worker needs is in the line, so a fresh worker can take any job.
struct BatchWireJob: Codable {
    var input: String
    var output: String
    var kind: String  // "render" or "mask"
    var sizeKind: String  // "width", "height", "scale" or "dpi"
    var sizeValue: Double
    var background: RGBAColor?
    var compression: PNGCompression
    var gray: Bool
    var invert: Bool
    var page: Int
    var elementID: String?
    var allowLocalReferences: Bool
    var trustedInput: Bool
    var maxInputBytes: Int
    var maxPixels: Int
    var timeout: Double

    init(item: BatchItem, operation: BatchOperation, settings: BatchSettings) {
        input = item.input
        output = item.output
        let size: RenderSize
        switch operation {
        case let .render(renderSize, background, compression):
            kind = "render"
            size = renderSize
            self.background = background
            self.compression = compression
            gray = false
            invert = false
        case let .mask(maskSize, pixels, invert, compression):
            kind = "mask"
            size = maskSize
            background = nil
            self.compression = compression
            gray = pixels == .gray
            self.invert = invert
        }
        switch size {
        case let .width(value): (sizeKind, sizeValue) = ("width", Double(value))
        case let .height(value): (sizeKind, sizeValue) = ("height", Double(value))
        case let .scale(value): (sizeKind, sizeValue) = ("scale", value)
        case let .dpi(value): (sizeKind, sizeValue) = ("dpi", value)
        }
        page = settings.load.page
        elementID = settings.load.elementID
        allowLocalReferences = settings.load.allowLocalReferences
        trustedInput = settings.load.trustedInput
        maxInputBytes = settings.load.maxInputBytes
        maxPixels = settings.maxPixels
        timeout = settings.timeout
    }

    var item: BatchItem { BatchItem(input: input, output: output) }

    var operation: BatchOperation {
        let size: RenderSize = switch sizeKind {
        case "width": .width(Int(sizeValue))
        case "height": .height(Int(sizeValue))
        case "dpi": .dpi(sizeValue)
        default: .scale(sizeValue)
        }
        return kind == "mask"
            ? .mask(size: size, pixels: gray ? .gray : .whiteOnTransparent, invert: invert, compression: compression)
            : .render(size: size, background: background, compression: compression)
    }

    var settings: BatchSettings {
        BatchSettings(
            load: LoadOptions(
                page: page, elementID: elementID, allowLocalReferences: allowLocalReferences,
                trustedInput: trustedInput, maxInputBytes: maxInputBytes),
            maxPixels: maxPixels, timeout: timeout)
    }
}

/// A worker's answer to one job: a line of JSON on its standard output.
struct BatchWireAnswer: Codable {
    var width: Int?
    var height: Int?
    var scale: Double?
    var references: [String]?
    var status: Int32?
    var message: String?
}
