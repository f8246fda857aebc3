// libFuzzer entry point: every input is treated as the bytes of a logo file and sent through
// the path a hostile logo takes in every command: sniff + load (librsvg or poppler, safety
// limits on), the reported bounds, an alpha-tight bounds pass and a 64x64 coverage mask.
// A thrown LogoMaskError is a correct answer; a crash, a sanitizer report, a timeout or an
// out-of-memory is a finding. Build and run with Fuzz/run.sh (see Fuzz/README.md).
import Foundation
import LogoMask
import MaskGeometry

/// Called by libFuzzer once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func logoMaskFuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let data = Data(bytes: start, count: count)
    do {
        try fuzzOne(data)
    } catch {
        // A clean refusal: every message must name the input and the exit status be documented.
        precondition(error.description.contains("<fuzz>") || error.exitStatus == 64,
                     "error message does not name the input: \(error.description)")
        precondition([3, 64, 65, 66, 69, 70, 73, 75].contains(error.exitStatus), "undocumented exit status \(error.exitStatus)")
    }
    return 0
}

private func fuzzOne(_ data: Data) throws(LogoMaskError) {
    let logo = try VectorLogo(data: data, name: "<fuzz>")
    _ = try logo.info(elementID: nil)
    let ink = logo.inkBounds
    guard !ink.isEmpty else { return }
    // Bounds: the alpha-tight pass draws at 4096 px and zooms on each edge, too slow for every
    // input: one input in eight (chosen by length, so a crash reproduces) takes it.
    if data.count % 8 == 0 {
        do { _ = try AlphaBounds.alphaTight(of: logo) } catch where error.exitStatus == 65 {}
    }
    // Mask: the document box fitted into 64x64 pixels, coverage only.
    let size = logo.documentSize
    let scale = 64 / max(size.width, size.height)
    guard scale.isFinite, scale > 0 else { return }
    _ = try Rasterizer.image(of: logo, width: 64, height: 64, transform: .scale(scale), coverageOnly: true)
}

// SwiftPM links every Linux executable with `--defsym main=<Module>_main` (so tests can link
// it), and `-parse-as-library` never emits that symbol, so the link fails. Defining it here and
// handing control to libFuzzer's driver keeps `swift build` working (libFuzzer's own `main`
// is then not pulled from its archive).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The process entry point (see above).
@_cdecl("LogoMaskFuzz_main")
public func logoMaskFuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector) { data, size in logoMaskFuzzOneInput(data, size) }
}
