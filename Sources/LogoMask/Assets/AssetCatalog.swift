import FoundationEssentials
import MaskGeometry

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

    static var info: JSON { ["author": "xcode", "version": 1] }

    /// The catalog's root `Contents.json`.
    static func root() -> JSON { ["info": info] }

    /// An image set; `preservesVector` marks a PDF to keep its vector data.
    static func imageSet(_ images: [Image], preservesVector: Bool = false) -> JSON {
        var json: JSON = [
            "images": .array(images.map { image -> JSON in
                var entry: JSON = ["filename": .string(image.filename), "idiom": .string(image.idiom)]
                if let scale = image.scale { entry["scale"] = .string(scale) }
                if image.dark { entry["appearances"] = [["appearance": "luminosity", "value": "dark"]] }
                return entry
            }),
            "info": info,
        ]
        if preservesVector { json["properties"] = ["preserves-vector-representation": true] }
        return json
    }

    /// A colour set with an optional dark appearance.
    static func colorSet(_ color: RGBAColor, dark: RGBAColor?) -> JSON {
        func entry(_ c: RGBAColor, dark: Bool) -> JSON {
            func hex(_ v: UInt8) -> JSON { .string("0x" + formatHex(v, digits: 2)) }
            var e: JSON = [
                "color": [
                    "color-space": "srgb",
                    "components": [
                        "alpha": .string(formatFixed(c.alphaFraction, decimals: 3)),
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
        return ["colors": .array(colors), "info": info]
    }

    /// Deterministic pretty JSON (sorted keys), as bytes.
    static func encode(_ json: JSON) throws(LogoMaskError) -> Data {
        var text = ""
        json.write(into: &text, indent: "")
        text += "\n"
        return Data(text.utf8)
    }
}
