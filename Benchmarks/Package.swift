// swift-tools-version:6.1
// Benchmarks for logo-mask: package-benchmark suites of the hot paths (Benchmarks/LogoMaskBenchmarks)
// and the in-process "floor" measurement used by the whole-process comparison (compare.py).
import PackageDescription

let package = Package(
    name: "logo-mask-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "logo-mask", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark suites: `swift package benchmark` (see README.md).
        .executableTarget(
            name: "LogoMaskBenchmarks",
            dependencies: [
                .product(name: "LogoMask", package: "logo-mask"),
                .product(name: "MaskGeometry", package: "logo-mask"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LogoMaskBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),

        // The floor: render without encoding, and one copy of the output-sized buffer (compare.py runs it).
        .executableTarget(
            name: "floor",
            dependencies: [
                .product(name: "LogoMask", package: "logo-mask"),
                .product(name: "MaskGeometry", package: "logo-mask"),
            ],
            path: "Sources/floor"),
    ]
)
