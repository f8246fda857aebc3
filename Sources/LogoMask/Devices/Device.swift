import FoundationEssentials
import MaskGeometry

/// A screen from the built-in table: its name, its portrait size in points and its density.
public struct Device: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name, as `--device` accepts it (case and spaces do not matter).
    public var name: String
    /// Portrait width in points (dp on Android).
    public var width: Double
    /// Portrait height in points.
    public var height: Double
    /// Pixels per point.
    public var density: Double

    /// Creates a device entry.
    public init(name: String, width: Double, height: Double, density: Double) {
        self.name = name; self.width = width; self.height = height; self.density = density
    }

    /// The device's viewport, portrait or landscape (width and height swapped).
    public func viewport(landscape: Bool = false) -> Viewport {
        landscape ? Viewport(width: height, height: width, density: density)
            : Viewport(width: width, height: height, density: density)
    }

    /// `name WxH@D`.
    public var description: String { "\(name) \(viewport())" }

    /// The built-in table: common phones and tablets (sizes in points, densities in pixels per point).
    public static let builtIn: [Device] = [
        Device(name: "iPhone SE", width: 375, height: 667, density: 2),
        Device(name: "iPhone 15", width: 393, height: 852, density: 3),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932, density: 3),
        Device(name: "iPad Pro 12.9\"", width: 1024, height: 1366, density: 2),
        Device(name: "Pixel 8", width: 412, height: 915, density: 2.625),
        Device(name: "Galaxy S24", width: 360, height: 780, density: 3),
    ]

    /// The built-in device with this name, ignoring case, spaces, dashes, underscores and quotes
    /// (`iphone-se`, `iPhone SE` and `IPHONESE` are the same); nil when there is none.
    public static func named(_ name: String) -> Device? {
        let key = normalized(name)
        return builtIn.first { normalized($0.name) == key }
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "." })
    }
}
