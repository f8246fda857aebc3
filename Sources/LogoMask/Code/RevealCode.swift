import FoundationEssentials
import MaskGeometry

/// The platform a reveal's native code is written for.
public enum RevealCodePlatform: String, Sendable, CaseIterable, Codable {
    /// Swift: `RevealGeometry.swift` (Foundation only), `SplashReveal.swift` (UIKit, Core Animation)
    /// and `SplashRevealView.swift` (SwiftUI).
    case ios
    /// Kotlin: `RevealGeometry.kt` (no Android import), `SplashReveal.kt` (androidx SplashScreen)
    /// and `SplashRevealCompose.kt` (Jetpack Compose).
    case android
}

/// One generated source file.
public struct RevealCodeFile: Sendable, Hashable {
    /// The file's name (no folder), e.g. `RevealGeometry.swift`.
    public var name: String
    /// The source text.
    public var text: String
    /// True for the file that compiles without the platform's SDK (Foundation or plain Kotlin).
    public var isPortable: Bool
}

/// A file the generated code reads at run time, to add to the app beside the source: the logo's
/// picture when its outline cannot carry it (an image set for the asset catalog, a drawable).
public struct RevealCodeResource: Sendable, Hashable {
    /// The path inside the output folder, e.g. `LogoReveal.imageset/LogoReveal.png` or
    /// `res/drawable-nodpi/logo_reveal.png`.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// What it is and where it goes in the app, one sentence.
    public var purpose: String
}

/// The generated code of one reveal for one platform, with what it does not reproduce exactly.
public struct RevealCodeBundle: Sendable, Hashable {
    /// The platform.
    public var platform: RevealCodePlatform
    /// The files, the portable geometry first.
    public var files: [RevealCodeFile]
    /// The radial profile the cover scale is computed from (nil for a reveal without a hole).
    public var profile: RadialProfile?
    /// What the code does not reproduce exactly, one sentence each (sampled springs, a radial
    /// gradient's focal point drawn from its centre, the logo drawn from a picture…); empty when
    /// it reproduces the reveal.
    public var notes: [String]
    /// What the app must hold beside the files for the code to draw the logo (the logo's
    /// picture when its outline is not exact; empty otherwise), each written under its path.
    public var resources: [RevealCodeResource] = []
}

/// Native code for a reveal: the numbers (radial profile, anchor, logo size, the logo's path,
/// key times, values and timing curves) in a portable file, and the platform's animation code
/// that plays them, sized at run time for whatever window the app gets.
///
/// The scene's viewport only serves to read the timeline: every number that depends on the
/// window (the final scale, the corner angle, the launch rect) is written as a function of the
/// window's width and height, and the final scale is the cover scale read from the logo's
/// `RadialProfile` for the window the app runs in.
///
/// ```swift
/// let scene = try RevealScene(logo: logo, spec: RevealPreset.twitter.spec, settings: settings)
/// let bundle = try RevealCode.swift(scene)
/// try RevealCode.write(bundle, to: "Generated")   // RevealGeometry.swift, SplashReveal.swift
/// ```
public enum RevealCode {
    /// The iOS files: `RevealGeometry.swift`, `SplashReveal.swift` (UIKit) and
    /// `SplashRevealView.swift` (the SwiftUI modifier `.logoReveal()`, a file of its own so that
    /// a UIKit app need not import SwiftUI).
    ///
    /// - Parameters:
    ///   - scene: the reveal; its viewport only serves to read the timeline.
    ///   - profile: a profile measured already (nil: measured here, about the scene's anchor).
    ///   - deadline: checked while the profile is measured.
    ///   - darkBackground: the launch background in dark mode (nil: no dark mode, unless `darkLogo`).
    ///   - darkLogo: the logo drawn in dark mode (nil: the light logo).
    /// - Throws: ``LogoMaskError/noCoverScale(file:anchor:searchedUpTo:)`` when the scene has a
    ///   hole and its anchor is not inside the logo's fully opaque part;
    ///   ``LogoMaskError/invalidRequest(_:)`` when a track cannot be written as a function of
    ///   the window.
    public static func swift(
        _ scene: RevealScene, profile: RadialProfile? = nil, deadline: Deadline = .none,
        darkBackground: RGBAColor? = nil, darkLogo: VectorLogo? = nil
    ) throws(LogoMaskError) -> RevealCodeBundle {
        let model = try RevealCodeModel(
            scene: scene, profile: profile, deadline: deadline, darkBackground: darkBackground, darkLogo: darkLogo, platform: .ios)
        return RevealCodeBundle(
            platform: .ios,
            files: [
                RevealCodeFile(name: "RevealGeometry.swift", text: SwiftGeometryWriter.text(model), isPortable: true),
                RevealCodeFile(name: "SplashReveal.swift", text: SwiftSplashWriter.text(model), isPortable: false),
                RevealCodeFile(name: "SplashRevealView.swift", text: SwiftUIRevealWriter.text(model), isPortable: false),
            ],
            profile: model.profile, notes: model.notes + SwiftSplashWriter.notes(model),
            resources: try model.resources(for: .ios))
    }

    /// The Android files: `RevealGeometry.kt`, `SplashReveal.kt` (View system) and
    /// `SplashRevealCompose.kt` (Jetpack Compose), in the Kotlin package `package`.
    ///
    /// - Parameters:
    ///   - scene: the reveal; its viewport only serves to read the timeline.
    ///   - package: the Kotlin package of the files (dot-separated identifiers).
    ///   - launch: Android's launch screen the reveal continues (its background, the logo's place
    ///     on the splash icon view, night mode's background and logo); `scene` must be placed
    ///     from it (``RevealSettings/init(launch:)``). Nil: the logo is centred at the scene's
    ///     size over the spec's background, one appearance.
    ///   - profile: a profile measured already (nil: measured here, about the scene's anchor).
    ///   - deadline: checked while the profile is measured.
    /// - Throws: as ``swift(_:profile:deadline:darkBackground:darkLogo:)``, and ``LogoMaskError/invalidRequest(_:)`` for a
    ///   package name that is not one or a scene not placed from `launch`.
    public static func kotlin(
        _ scene: RevealScene, package: String = defaultKotlinPackage, launch: KotlinLaunch? = nil, profile: RadialProfile? = nil,
        deadline: Deadline = .none
    ) throws(LogoMaskError) -> RevealCodeBundle {
        guard isKotlinPackage(package) else {
            throw LogoMaskError.invalidRequest("\"\(package)\" is not a Kotlin package name: give dot-separated identifiers such as com.example.app.")
        }
        try launch?.check(scene)
        var model = try RevealCodeModel(scene: scene, profile: profile, deadline: deadline, platform: .android)
        if let pictures = try launch?.darkFilterPictures(for: scene), let darkLogo = launch?.darkLogo {
            model.darkFilterPictures = pictures
            model.notes.append(CodeFilterPicture.note(pictures, of: darkLogo, platform: .android))
        } else {
            model.darkPicture = try launch?.darkPicture(for: scene)
        }
        let darkShapes = try launch?.darkShapes(for: scene) ?? []
        let geometry = KotlinGeometryWriter.text(
            model, package: package, launch: launch, darkShapes: darkShapes, darkPicture: model.darkPicture, tint: scene.spec.logoColor)
        // With a launch screen the background is its colour, whatever the spec's.
        var modelNotes = launch == nil ? model.notes : model.notes.filter { !$0.hasPrefix("The background ") }
        if launch?.darkLogo != nil, model.hole {
            modelNotes.append("Night mode draws the dark logo in the light logo's hole: the hole's shape and the cover scale are the light logo's.")
        }
        if let dark = model.darkPicture { modelNotes.append(dark.note) }
        return RevealCodeBundle(
            platform: .android,
            files: [
                RevealCodeFile(name: "RevealGeometry.kt", text: geometry.text, isPortable: true),
                RevealCodeFile(name: "SplashReveal.kt", text: KotlinSplashWriter.text(model, package: package, groups: geometry.hasGroups), isPortable: false),
                RevealCodeFile(name: "SplashRevealCompose.kt", text: KotlinComposeWriter.text(model, package: package), isPortable: false),
            ],
            profile: model.profile, notes: modelNotes + geometry.notes + KotlinSplashWriter.notes(model),
            resources: try model.resources(for: .android, launch: launch != nil))
    }

    /// The files of `platform` (``swift(_:profile:deadline:darkBackground:darkLogo:)`` or
    /// ``kotlin(_:package:launch:profile:deadline:)``). `darkBackground` and `darkLogo` reach the
    /// Swift; the Kotlin takes its appearances from `kotlinLaunch`.
    public static func generate(
        _ scene: RevealScene, platform: RevealCodePlatform, kotlinPackage: String = defaultKotlinPackage,
        kotlinLaunch: KotlinLaunch? = nil, profile: RadialProfile? = nil, deadline: Deadline = .none,
        darkBackground: RGBAColor? = nil, darkLogo: VectorLogo? = nil
    ) throws(LogoMaskError) -> RevealCodeBundle {
        switch platform {
        case .ios: try swift(scene, profile: profile, deadline: deadline, darkBackground: darkBackground, darkLogo: darkLogo)
        case .android: try kotlin(scene, package: kotlinPackage, launch: kotlinLaunch, profile: profile, deadline: deadline)
        }
    }

    /// The Kotlin package when none is given.
    public static let defaultKotlinPackage = "com.example.reveal"

    /// Writes the bundle's files and resources into `folder` (created when missing, its parent
    /// must exist), each written aside and renamed into place; on an error before the renames
    /// nothing is left (a folder made here is removed). Returns the paths written.
    @discardableResult
    public static func write(_ bundle: RevealCodeBundle, to folder: String) throws(LogoMaskError) -> [String] {
        let fileManager = FileManager.default
        var isFolder = false
        var made: [String] = []
        if fileManager.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder else {
                throw LogoMaskError.cannotWriteOutput(file: folder, reason: "it is a file, not a folder")
            }
        } else {
            made.append(folder)
        }
        let base = URL(fileURLWithPath: folder)
        let contents = bundle.files.map { (name: $0.name, bytes: Array($0.text.utf8)) }
            + bundle.resources.map { (name: $0.path, bytes: $0.bytes) }
        let paths = contents.map { base.appendingPathComponent($0.name).path }
        // The resources' folders (an image set, res/drawable-nodpi), outermost first.
        for resource in bundle.resources {
            var parts = resource.path.split(separator: "/").dropLast().map(String.init)
            var chain: [String] = []
            while !parts.isEmpty { chain.insert(base.appendingPathComponent(parts.joined(separator: "/")).path, at: 0); parts.removeLast() }
            for path in chain where !made.contains(path) && !fileManager.fileExists(atPath: path) { made.append(path) }
        }
        do throws(LogoMaskError) {
            for path in made {
                do {
                    try fileManager.createDirectory(atPath: path, withIntermediateDirectories: false)
                } catch {
                    throw LogoMaskError.cannotWriteOutput(file: path, reason: "cannot create the folder (\(SystemErrorText.describe(error)))")
                }
            }
            let pending = try paths.map { (path: String) throws(LogoMaskError) in try AtomicFile(path: path) }
            for (file, item) in zip(pending, contents) { try file.write(item.bytes) }
            for file in pending { try file.commit() }
        } catch {
            // Nothing half-written: folders made here go too, innermost first.
            for path in made.reversed() { try? fileManager.removeItem(atPath: path) }
            throw error
        }
        return paths
    }

    /// True for dot-separated Kotlin identifiers (letters, digits, underscores; not starting with a digit).
    static func isKotlinPackage(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }
}
