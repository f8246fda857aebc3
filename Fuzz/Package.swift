// swift-tools-version:6.0
// A libFuzzer target for logo-mask's load -> bounds -> mask path (see README.md).
// Its own package so that `-sanitize=fuzzer` never touches the main build.
import PackageDescription

let package = Package(
    name: "logo-mask-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "logo-mask", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "LogoMaskFuzz",
            dependencies: [
                .product(name: "LogoMask", package: "logo-mask"),
                .product(name: "MaskGeometry", package: "logo-mask"),
            ]),
    ]
)
