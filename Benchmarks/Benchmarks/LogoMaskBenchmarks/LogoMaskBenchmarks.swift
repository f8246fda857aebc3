// In-process benchmarks of logo-mask's hot paths (package-benchmark).
//
//   cd Benchmarks && swift package benchmark                       # run every suite
//   swift package benchmark --filter "Rasterize.*"                # one family (the filter is a regex matching the whole name)
//   swift package benchmark thresholds check                       # compare with Thresholds/
//   swift package --allow-writing-to-package-directory benchmark thresholds update   # after an intended change
//
// Suites (see README.md for what each measures):
//   Rasterize_<logo>_<px>   render only, in memory (Rasterizer.image), no encoding: 1024, 4096, 16384 px
//   StripPNG_kotlin_65536   Rasterizer.writePNG at 65,536 px wide into a temporary folder (peak memory)
//   EncodePNG_1290x2796_<compression>   RasterImage.writePNG of one phone-sized frame
//   CoverScale_<logo>, CoverScale_elsevier_center   CoverScale.compute on 1290x2796 (CoverScaleBenchmarks.swift)
//   Composite_1290x2796_<moment>   one twitter reveal frame into a reused buffer, 50 frames an
//                                  iteration; mallocs must stay 0 (RevealBenchmarks.swift)
//   Twitter_frames_1290x2796       the twitter preset's 37 frames to PNG files (RevealBenchmarks.swift)
//
// Names use '_', not '/': package-benchmark 1.38.1 writes Thresholds/Target.Name.p90.json with '/'
// replaced by '_' but reads it back with the name as it is, so a '/' in a name breaks
// `thresholds check` ("Could not find any matching absolute thresholds").

import Benchmark
import Foundation
import LogoMask
import MaskGeometry

/// The folder that holds the fixture logos: Benchmarks/Fixtures, found from this source file so the
/// suites run from any working directory and without ../shared.
let fixtures: String = {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LogoMaskBenchmarks/
        .deletingLastPathComponent()  // Benchmarks/Benchmarks/
        .deletingLastPathComponent()  // Benchmarks/
        .appendingPathComponent("Fixtures").path
}()

func loadFixture(_ name: String) -> VectorLogo {
    do {
        return try VectorLogo(contentsOf: "\(fixtures)/\(name).svg")
    } catch {
        fatalError("cannot load fixture \(fixtures)/\(name).svg: \(error)")
    }
}

/// A fresh temporary folder for one benchmark's outputs, removed by the caller.
func makeScratchFolder(_ label: String) -> String {
    let path = NSTemporaryDirectory() + "logo-mask-bench-\(label)-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Tolerances for `thresholds check` (checked at p90 against Thresholds/*.p90.json). The machine
/// is 2 shared cores, so time gets a wide margin; memory is steadier. Malloc counts of long runs
/// include the allocations of package-benchmark's own sampling thread, which grow with the
/// run's duration, so long benchmarks get a wider malloc margin.
func tolerances(long: Bool = false) -> [BenchmarkMetric: BenchmarkThresholds] {
    [
        .wallClock: BenchmarkThresholds(relative: [.p90: 35.0]),
        .cpuTotal: BenchmarkThresholds(relative: [.p90: 35.0]),
        .mallocCountTotal: BenchmarkThresholds(relative: [.p90: long ? 100.0 : 10.0]),
        .peakMemoryResident: BenchmarkThresholds(relative: [.p90: 20.0]),
    ]
}

/// The metrics every suite records.
let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident]

let benchmarks: @Sendable () -> Void = {

    // MARK: Rasterize: render only, in memory, no PNG encoding.
    // Rasterizer.image draws straight into the bytes of the RasterImage it returns (in bands on
    // every core from 64 MiB); 16384 x 16384 ARGB is 1 GiB. The first 1 GiB a process touches
    // cost 3.4 s on this VM when drawn on one core (the kernel zeroing fresh pages,
    // clear_page_erms), later ones 0.6 s, so one warm-up iteration keeps it out of the p90.
    for name in ["kotlin", "debridlink", "elsevier"] {
        let logo = loadFixture(name)
        for width in [1024, 4096, 16384] {
            Benchmark(
                "Rasterize_\(name)_\(width)",
                configuration: .init(
                    metrics: metrics,
                    warmupIterations: 1,
                    maxDuration: .seconds(width >= 16384 ? 20 : 5),
                    maxIterations: width >= 16384 ? 5 : (width >= 4096 ? 10 : 50),
                    thresholds: tolerances(long: width >= 16384))
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let image = try Rasterizer.image(of: logo, size: .width(width))
                    blackHole(image.bytes.count)
                }
            }
        }
    }

    // MARK: StripPNG: the streamed writer past Cairo's 32767 px limit; peak memory is the point.
    let kotlin = loadFixture("kotlin")
    Benchmark(
        "StripPNG_kotlin_65536",
        configuration: .init(
            metrics: metrics,
            warmupIterations: 0,
            maxDuration: .seconds(60),
            maxIterations: 2,
            thresholds: tolerances(long: true))
    ) { benchmark in
        let folder = makeScratchFolder("strip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for _ in benchmark.scaledIterations {
            let size = try Rasterizer.writePNG(
                of: kotlin, size: .width(65536), to: "\(folder)/kotlin-65536.png", compression: .fast)
            blackHole(size)
        }
    }

    // MARK: EncodePNG: one 1290 x 2796 frame (an iPhone 15 Pro Max screen) already in memory:
    // a gradient-free solid background with the elsevier logo 1000 px wide in the middle.
    let frameWidth = 1290, frameHeight = 2796
    let elsevier = loadFixture("elsevier")
    let frame: RasterImage = {
        let scale = 1000 / max(elsevier.documentSize.width, elsevier.documentSize.height)
        let transform = Transform.scale(scale).concatenating(.translation(
            x: (Double(frameWidth) - elsevier.documentSize.width * scale) / 2,
            y: (Double(frameHeight) - elsevier.documentSize.height * scale) / 2))
        do {
            return try Rasterizer.image(
                of: elsevier, width: frameWidth, height: frameHeight, transform: transform,
                background: RGBAColor(red: 0x1D, green: 0xA1, blue: 0xF2))
        } catch {
            fatalError("cannot render the 1290x2796 frame: \(error)")
        }
    }()
    for compression in PNGCompression.allCases {
        Benchmark(
            "EncodePNG_1290x2796_\(compression.rawValue)",
            configuration: .init(
                metrics: metrics,
                warmupIterations: 2,
                maxDuration: .seconds(5),
                maxIterations: 40,
                thresholds: tolerances())
        ) { benchmark in
            let folder = makeScratchFolder("encode-\(compression.rawValue)")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for _ in benchmark.scaledIterations {
                try frame.writePNG(to: "\(folder)/frame.png", compression: compression)
            }
        }
    }

    registerCoverScaleBenchmarks()
    registerRevealBenchmarks()
}
