import LogoMask

/// The largest difference between two images' premultiplied channels, or nil when their sizes
/// differ. Premultiplied, because straight colour at alpha 1 turns a rounding step of one level
/// into 255; what a person sees is the premultiplied value.
func maxPremultipliedDifference(_ a: RasterImage, _ b: RasterImage) -> Int? {
    guard a.width == b.width, a.height == b.height, a.format == b.format else { return nil }
    var worst = 0
    let bpp = a.format == .coverage ? 1 : 4
    for y in 0..<a.height {
        let ra = y * a.stride, rb = y * b.stride
        for i in 0..<(a.width * bpp) {
            let d = abs(Int(a.bytes[ra + i]) - Int(b.bytes[rb + i]))
            if d > worst { worst = d }
        }
    }
    return worst
}
