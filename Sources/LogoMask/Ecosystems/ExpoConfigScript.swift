import FoundationEssentials
import MaskGeometry

/// The `app.config.js` that `--into` writes for Expo instead of editing the project's `app.json`:
/// Expo reads `app.json` first and passes it to `app.config.js` as `config`
/// (docs.expo.dev, "Configuration with app config": dynamic configuration), which returns it
/// with the expo-splash-screen plugin entry (``ExpoWriter``'s) put in place of any earlier one.
/// Every other key of `app.json` is kept as it is, and the user's file is never rewritten.
enum ExpoConfigScript {
    /// The file's name in the project root.
    static let name = "app.config.js"

    /// The script embedding `fragment`, the `app.json` fragment ``ExpoWriter`` writes (JSON is JavaScript).
    static func script(fragment: Data) -> Data {
        let json = String(decoding: fragment, as: UTF8.self).trimmingWhitespaceAndNewlines()
        let text = """
            // Written by logo-mask: adds expo-splash-screen's plugin entry to the
            // configuration Expo reads from app.json, keeping every other key. Re-run logo-mask to change it.
            const fragment = \(json);

            module.exports = ({ config }) => {
              const entry = fragment.expo.plugins[0];
              const others = (config.plugins ?? []).filter((plugin) => (Array.isArray(plugin) ? plugin[0] : plugin) !== entry[0]);
              return { ...config, plugins: [...others, entry] };
            };

            """
        return Data(text.utf8)
    }
}
