// swift-tools-version:6.0
// logo-mask: masks, holes, geometry, reveal previews and platform assets from one vector logo.
import PackageDescription

// The release link of the command-line tool (`make build`), measured in Benchmarks/PERFORMANCE.md:
// lld instead of gold; a position-dependent executable, so the loader applies none of the 86,000
// relative relocations of the 95 MB binary (2 MB of .rela.dyn read, 1 MB of pages copied on
// write at every start); no dynamic export of the binary's 9,000 Swift symbols (nothing loads
// code into it); and the functions that start-up and a small render run laid out together
// (scripts/startup-order.sh). Debug builds and tests link as before.
let releaseLinkFlags: [String] = [
    "-use-ld=lld",
    "-Xlinker", "-no-pie",
    "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/startup-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]

// The modules the command-line tool links import FoundationEssentials, never Foundation: linking
// Foundation (CoreFoundation's start-up and ICU's tables) costs a small render 3 MB of memory
// (Benchmarks/PERFORMANCE.md). With member import visibility a file sees only the extension
// members of modules it imports itself, so one file importing Foundation cannot lend
// `String(format:)` or `range(of:)` to the others.
let foundationEssentialsOnly: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

// The project's own modules are optimized in debug builds too, which are what `make test` runs
// (the library in process, the debug logo-mask binary in the CLI tests). Unoptimized, their
// hot loops (path parsing, the outline, cover searches, PNG and Lottie writing) cost 10 to 30
// times more: the suite took 1,288 s of test time on 2 cores, 750 s with this (about a minute
// more to build). `@testable import` still works (SwiftPM builds debug with -enable-testing);
// what -O costs is the debugger's view of locals, so drop it locally when stepping through.
// CPixmanGradients' entry points, exported by the binaries that draw so that Cairo's calls into
// pixman bind to them (as for CPNGWriteSpeed's png_create_write_struct).
let pixmanGradientExports: [String] = [
    "pixman_image_create_linear_gradient", "pixman_image_create_radial_gradient", "pixman_image_set_transform",
    "pixman_image_set_repeat", "pixman_image_set_dither", "pixman_image_composite32",
].flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] }

let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
let libraryModule = foundationEssentialsOnly + optimizedEvenInDebug

let package = Package(
    name: "logo-mask",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LogoMask", targets: ["LogoMask"]),
        .library(name: "MaskGeometry", targets: ["MaskGeometry"]),
        .library(name: "LogoAnimation", targets: ["LogoAnimation"]),
        .executable(name: "logo-mask", targets: ["logo-mask"]),
        // The preview server `logo-mask preview` execs (it links Foundation; logo-mask must not).
        .executable(name: "logo-mask-preview", targets: ["logo-mask-preview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: builds the DocC catalog Sources/LogoMask/LogoMask.docc (a plugin only, no code linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The preview server's HTTP and WebSocket (logo-mask-preview only; it builds in a
        // fraction of Hummingbird's time and brings no SwiftNIO).
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        // C bridges: nothing but a module map and a shim header each.
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(
            name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]),
        // poppler-glib (apt: libpoppler-glib-dev), loaded with dlopen on the first PDF.
        .target(name: "CPopplerLoader", path: "Sources/CPopplerLoader", linkerSettings: [.linkedLibrary("dl")]),
        // The library crash guard: signal handlers that turn an abort inside librsvg, poppler or
        // Cairo into one line and status 70 (async-signal-safe code is simpler in C).
        .target(name: "CCrashGuard", path: "Sources/CCrashGuard"),
        // librsvg, Cairo, gdk-pixbuf and GLib/GObject/GIO loaded with dlopen on first use: the
        // functions the Swift code calls, defined under their own names and forwarding to the
        // real ones. With the executable's `--as-needed`, it links none of those libraries, so
        // `--version` and the commands that never draw do not map them (Benchmarks/PERFORMANCE.md).
        .target(
            name: "CDrawingLibraries", dependencies: ["CCairo", "CRsvg", "CGdkPixbuf", "CCrashGuard"],
            path: "Sources/CDrawingLibraries", exclude: ["ld-as-needed"], linkerSettings: [.linkedLibrary("dl")]),
        // The reveal's veil blend with AVX2 behind a run-time CPU check (Bridges/PixelRuns.swift).
        .target(name: "CPixelRuns", path: "Sources/CPixelRuns"),
        // The box blurs that stand in for librsvg's feGaussianBlur (Raster/GaussianBoxBlur.swift).
        .target(name: "CBoxBlur", path: "Sources/CBoxBlur"),
        // pixman's linear and radial gradient composites, its arithmetic in vector loops (see
        // pixman_gradients.c). Linked into the library; logo-mask and the library's tests export
        // the six entry points, so that Cairo's pixman calls bind to them. CCairo: pixman.h's path;
        // CPixelRuns: its AVX2 check.
        .target(
            name: "CPixmanGradients", dependencies: ["CCairo", "CPixelRuns"], path: "Sources/CPixmanGradients",
            linkerSettings: [.linkedLibrary("dl")]),
        // The executable's calloc, free and realloc: glibc's, with huge pages for a few large
        // zeroed blocks at a time (librsvg's filter surfaces; see large_block_pages.c). Linked
        // into logo-mask only, which exports the three so the libraries it opens bind to them.
        .target(name: "CLargeBlockPages", path: "Sources/CLargeBlockPages"),
        // libpng's png_create_write_struct, deflating at level 1 without row filters the PNGs
        // Cairo's SVG surface writes inside the outline's read-backs, which the library reads
        // straight back (see png_write_speed.c). logo-mask exports it for Cairo's libpng to bind to.
        .target(name: "CPNGWriteSpeed", path: "Sources/CPNGWriteSpeed", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // gdk-pixbuf (librsvg already brings it): JPEG, WebP, GIF, TIFF and BMP pictures.
        .systemLibrary(
            name: "CGdkPixbuf", path: "Sources/CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"]), .brew(["gdk-pixbuf"])]),
        // libyaml (the C library Yams wraps) reads the configuration file: Yams itself imports
        // Foundation, which the tool must not link (Bridges/YAMLDocument.swift).
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

        // Pure Swift: points, rects, transforms, placement, the cover search. No C.
        .target(name: "MaskGeometry", swiftSettings: libraryModule),

        // Pure Swift: timing curves, animations, timelines and the scroll-driven header layout
        // (what moves over time, not where). FoundationEssentials and MaskGeometry only.
        .target(name: "LogoAnimation", dependencies: ["MaskGeometry"], swiftSettings: libraryModule),

        // The public library.
        .target(
            name: "LogoMask",
            dependencies: [
                "MaskGeometry", "LogoAnimation", "CCairo", "CRsvg", "CPopplerLoader", "CZlib", "CDeflate", "CCrashGuard",
                "CGdkPixbuf", "CPixelRuns", "CBoxBlur", "CDrawingLibraries", "CYAML", "CPNGWriteSpeed", "CPixmanGradients",
            ],
            swiftSettings: libraryModule),

        // The command-line tool: thin, one file per subcommand.
        .executableTarget(
            name: "logo-mask",
            dependencies: [
                "LogoMask", "MaskGeometry", "LogoAnimation", "CLargeBlockPages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: libraryModule,
            linkerSettings: [
                .unsafeFlags(releaseLinkFlags, .when(platforms: [.linux], configuration: .release)),
                // CLargeBlockPages' allocator entry points, for librsvg, Cairo and pixman to bind to.
                .unsafeFlags(["calloc", "free", "realloc"].flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] },
                             .when(platforms: [.linux])),
                // CPNGWriteSpeed's, for Cairo's libpng to bind to.
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=png_create_write_struct"], .when(platforms: [.linux])),
                // CPixmanGradients', for Cairo's pixman to bind to.
                .unsafeFlags(pixmanGradientExports, .when(platforms: [.linux])),
                // `--as-needed` before the libraries: drops those CDrawingLibraries stands in for.
                .unsafeFlags(["-ld-path=\(Context.packageDirectory)/Sources/CDrawingLibraries/ld-as-needed"], .when(platforms: [.linux])),
            ]),

        // The live preview server `logo-mask preview` execs: FlyingFox (and so Foundation) stay
        // out of the logo-mask binary, whose start-up and memory the benchmark holds.
        .executableTarget(
            name: "logo-mask-preview",
            dependencies: [
                "LogoMask", "MaskGeometry",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // What both LogoMask test targets share: the package root and temporary folders, the
        // process runner and the finder of outside tools (failing with what to install), the
        // hostile inputs, a PNG reader and writer of its own and picture comparison. CZlib: the
        // PNG reader inflates with zlib, and the deflate tests hold the hand-written encoder to it.
        .target(
            name: "LogoMaskTestSupport",
            dependencies: ["CZlib"],
            path: "Tests/LogoMaskTestSupport"),

        .testTarget(
            name: "MaskGeometryTests",
            dependencies: ["MaskGeometry"]),
        .testTarget(
            name: "LogoAnimationTests",
            dependencies: ["LogoAnimation", "MaskGeometry"]),
        .testTarget(
            name: "LogoMaskTests",
            dependencies: ["LogoMask", "MaskGeometry", "LogoAnimation", "LogoMaskTestSupport"],
            resources: [.copy("Fixtures")],
            // As the logo-mask executable: the library in process writes its read-backs' PNGs as
            // the binary does (CPNGWriteSpeed).
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=png_create_write_struct"] + pixmanGradientExports,
                             .when(platforms: [.linux]))
            ]),
        .testTarget(
            name: "LogoMaskCLITests",
            // Runs the built logo-mask binary; the stored references and help texts are read from
            // the source tree, not bundled.
            dependencies: ["LogoMask", "LogoMaskTestSupport"],
            exclude: ["References", "Help"]),
    ]
)
