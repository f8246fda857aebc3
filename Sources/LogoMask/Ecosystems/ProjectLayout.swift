import FoundationEssentials

/// Where each file of an asset run goes in an app project, for ``ProjectInstaller`` (`assets
/// --into` and `generate`'s `into:`). One table, by the run's path prefix (`ios` stands for the
/// project's iOS app folder, `ios/<App>`, found by ``iosAppFolder(in:)``):
///
/// ```
/// ios/Assets.xcassets/...           ios/<App>/Assets.xcassets/...   (its root Contents.json only when the catalog has none)
/// ios/LaunchScreen.storyboard       ios/<App>/LaunchScreen.storyboard
/// android/res/...                   android/app/src/main/res/...
/// react-native/android/...          android/...
/// react-native/ios/...              ios/<App>/...                   (BootSplash.storyboard, Colors/Images.xcassets)
/// react-native/assets/...           assets/...                      (assets/bootsplash/)
/// flutter/...                       the project root                (flutter_native_splash.yaml, assets/splash/)
/// expo/assets/...                   assets/...
/// expo/app.json                     app.config.js                   (adds the plugin entry to app.json's configuration)
/// capacitor/assets/...              assets/...
/// cordova/res/...                   res/...
/// ```
///
/// Anything else (launch stills, `web/`, `pwa/`, `UILaunchScreen.plist`, Cordova's
/// `config-splash.xml`, the reveal code) has no single place in a project: it is not placed.
public enum ProjectLayout {
    /// The table: a run path prefix and the project path it becomes (`{app}` is the iOS app folder).
    public static let rules: [(run: String, project: String)] = [
        ("ios/Assets.xcassets/", "{app}/Assets.xcassets/"),
        ("ios/LaunchScreen.storyboard", "{app}/LaunchScreen.storyboard"),
        ("android/res/", "android/app/src/main/res/"),
        ("react-native/android/", "android/"),
        ("react-native/ios/", "{app}/"),
        ("react-native/assets/", "assets/"),
        ("flutter/", ""),
        ("expo/assets/", "assets/"),
        ("expo/app.json", ExpoConfigScript.name),
        ("capacitor/assets/", "assets/"),
        ("cordova/res/", "res/"),
    ]
    /// Run files written only when the project has none (shared scaffolding the project may own).
    public static let onlyWhenMissing: Set<String> = ["ios/Assets.xcassets/Contents.json"]

    /// The project path of the run's file `path`, or nil when it has no place in a project.
    /// `app` is the iOS app folder (asked for only when a rule needs it).
    public static func destination(of path: String, app: () throws(LogoMaskError) -> String) throws(LogoMaskError) -> String? {
        for rule in rules {
            let matches = rule.run.hasSuffix("/") ? path.hasPrefix(rule.run) : path == rule.run
            guard matches else { continue }
            var target = rule.project + path.dropFirst(rule.run.count)
            if target.hasPrefix("{app}") { target = try app() + target.dropFirst("{app}".count) }
            return target
        }
        return nil
    }

    /// The iOS app folder of `project`, relative to it: the one folder in `ios/` holding
    /// `Info.plist`, else the one `ios/<Name>.xcodeproj`'s `ios/<Name>`; neither (or several)
    /// throws naming what was looked for.
    public static func iosAppFolder(in project: String) throws(LogoMaskError) -> String {
        let ios = project + "/ios"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: ios)) ?? []).sorted()
        let withPlist = names.filter { FileManager.default.fileExists(atPath: "\(ios)/\($0)/Info.plist") }
        if withPlist.count == 1 { return "ios/" + withPlist[0] }
        let projects = names.filter { $0.hasSuffix(".xcodeproj") }.map { String($0.dropLast(".xcodeproj".count)) }
        if withPlist.isEmpty, projects.count == 1 { return "ios/" + projects[0] }
        let found = withPlist.count > 1
            ? "several folders hold Info.plist (\(withPlist.joined(separator: ", ")))"
            : projects.count > 1 ? "there are several Xcode projects (\(projects.map { $0 + ".xcodeproj" }.joined(separator: ", ")))"
            : "no folder in it holds Info.plist and it has no *.xcodeproj"
        throw LogoMaskError.invalidRequest(
            "\(ios): cannot tell the iOS app's folder: \(found). Keep one app folder with its Info.plist (or one <App>.xcodeproj) in ios/, or leave the iOS files out of the platforms.")
    }
}
