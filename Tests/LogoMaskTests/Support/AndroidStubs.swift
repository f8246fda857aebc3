import Foundation
import LogoMaskTestSupport

/// The stubs of the Android SDK, androidx (core, core-splashscreen) and Jetpack Compose APIs the
/// generated Kotlin calls, in Tests/Stubs/android (see its README.md): Java sources for the Java
/// APIs, Kotlin for the Kotlin ones. kotlinc reads them with the generated files to type-check
/// SplashReveal.kt and SplashRevealCompose.kt on Linux, where there is no android.jar. They prove
/// that names and types line up, not behaviour.
enum AndroidStubs {
    /// The stub folder.
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/Stubs/android")

    /// The paths of every stub source (`.java` and `.kt`), sorted; to pass to kotlinc as they are.
    static func paths() throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw CodeTestFailure("The Android stubs are missing: \(folder.path) cannot be read.")
        }
        let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".java") || $0.hasSuffix(".kt") }.sorted()
        guard !paths.isEmpty else { throw CodeTestFailure("The Android stubs are missing: no .java or .kt file in \(folder.path).") }
        return paths.map { folder.appendingPathComponent($0).path }
    }
}
