import Foundation

/// The `Contents.json` files of an Xcode asset catalog, written as Xcode writes them (keys
/// sorted, `"author" : "xcode"`).
enum AssetCatalog {
    /// One image entry of an image set.
    struct Image {
        var filename: String
        var idiom = "universal"
        var scale: String?
        var dark = false
    }

    static var info: [String: Any] { ["author": "xcode", "version": 1] }

    /// The catalog's root `Contents.json`.
    static func root() -> [String: Any] { ["info": info] }

    /// An image set; `preservesVector` marks a PDF to keep its vector data.
    static func imageSet(_ images: [Image], preservesVector: Bool = false) -> [String: Any] {
        var json: [String: Any] = [
            "images": images.map { image -> [String: Any] in
                var entry: [String: Any] = ["filename": image.filename, "idiom": image.idiom]
                if let scale = image.scale { entry["scale"] = scale }
                if image.dark { entry["appearances"] = [["appearance": "luminosity", "value": "dark"]] }
                return entry
            },
            "info": info,
        ]
        if preservesVector { json["properties"] = ["preserves-vector-representation": true] }
        return json
    }

    /// A colour set with an optional dark appearance.
    static func colorSet(_ color: RGBAColor, dark: RGBAColor?) -> [String: Any] {
        func entry(_ c: RGBAColor, dark: Bool) -> [String: Any] {
            func hex(_ v: UInt8) -> String { String(format: "0x%02X", v) }
            var e: [String: Any] = [
                "color": [
                    "color-space": "srgb",
                    "components": [
                        "alpha": String(format: "%.3f", c.alphaFraction),
                        "blue": hex(c.blue), "green": hex(c.green), "red": hex(c.red),
                    ],
                ],
                "idiom": "universal",
            ]
            if dark { e["appearances"] = [["appearance": "luminosity", "value": "dark"]] }
            return e
        }
        var colors = [entry(color, dark: false)]
        if let dark { colors.append(entry(dark, dark: true)) }
        return ["colors": colors, "info": info]
    }

    /// Deterministic pretty JSON (sorted keys), as bytes.
    static func encode(_ json: [String: Any]) throws(LogoMaskError) -> Data {
        do {
            var data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            data.append(0x0A)
            return data
        } catch {
            throw LogoMaskError.drawingFailed(file: "Contents.json", reason: "\(error)")
        }
    }
}
