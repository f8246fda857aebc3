import FoundationEssentials

/// Writes one cross-platform ecosystem's files into an asset run, under the folder named after
/// the platform (`pwa/`, ...), each file listed in the run's manifest with its purpose and size.
/// The pictures are drawn from the same ``LaunchScene`` model as the native launch files.
enum EcosystemWriter {
    /// Writes `platform`'s files; the native platforms are the generator's own and write nothing here.
    static func write(_ platform: AssetPlatform, logo: VectorLogo, options: AssetOptions, writer: inout AssetWriter) throws(LogoMaskError) {
        switch platform {
        case .ios, .android, .web: return
        case .pwa: try PWAWriter.write(logo: logo, options: options, writer: &writer)
        case .flutter: try FlutterWriter.write(logo: logo, options: options, writer: &writer)
        case .reactNative: try ReactNativeWriter.write(logo: logo, options: options, writer: &writer)
        case .expo: try ExpoWriter.write(logo: logo, options: options, writer: &writer)
        case .capacitor: try CapacitorWriter.write(logo: logo, options: options, writer: &writer)
        case .cordova: try CordovaWriter.write(logo: logo, options: options, writer: &writer)
        }
    }
}
