// CoverScale_<logo>: the cover-scale solve (CoverScale.compute) of the fixture logos at their
// default launch placement (100 pt wide, centred) on a 1290 x 2796 @1x viewport.
//
//   CoverScale_<logo>            anchor .automatic: the search for the anchor with the smallest
//                                cover scale, then the exact solve (kotlin and debridlink have no
//                                cover scale about their centre, so this is what a user must run)
//   CoverScale_elsevier_center   the placement's own anchor (the document box's centre): one solve
//
// Each iteration is one whole solve, coverage oracle included (it renders the logo through librsvg).
// Their run times are bimodal on the shared 2 cores (elsevier: 260 or 375 ms from run to run), so
// time gets a 60 % tolerance here.

import Benchmark
import Foundation
import LogoMask
import MaskGeometry

/// The viewport of the cover-scale and reveal suites: an iPhone 15 Pro Max screen at 1x.
let phoneViewport = Viewport(width: 1290, height: 2796, density: 1)

func registerCoverScaleBenchmarks() {
    let cases: [(name: String, logo: String, anchor: Anchor?)] = [
        ("kotlin", "kotlin", .automatic),
        ("debridlink", "debridlink", .automatic),
        ("elsevier", "elsevier", .automatic),
        ("elsevier_center", "elsevier", nil),
    ]
    var coverTolerances = tolerances()
    coverTolerances[.wallClock] = BenchmarkThresholds(relative: [.p90: 60.0])
    coverTolerances[.cpuTotal] = BenchmarkThresholds(relative: [.p90: 60.0])
    for item in cases {
        let logo = loadFixture(item.logo)
        let placement = Placement(documentSize: logo.documentSize, viewport: phoneViewport)
        Benchmark(
            "CoverScale_\(item.name)",
            configuration: .init(
                metrics: metrics,
                warmupIterations: 1,
                maxDuration: .seconds(10),
                maxIterations: 20,
                thresholds: coverTolerances)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = try CoverScale.compute(logo: logo, placement: placement, anchor: item.anchor)
                blackHole(result.scale)
            }
        }
    }
}
