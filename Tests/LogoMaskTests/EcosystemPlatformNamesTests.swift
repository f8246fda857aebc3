import Foundation
import LogoMask
import Testing

/// The ecosystem platforms' names in the configuration file (the CLI's `--platforms` parses the
/// same raw values): accepted, and listed when a name is wrong. Under 0.1 s.
@Suite("ecosystem: platform names")
struct EcosystemPlatformNamesTests {
    @Test("platforms takes every ecosystem by its tool's name; the default stays ios, android, web")
    func names() throws {
        let c = try SplashConfiguration.decode(
            "logo: bird.svg\nplatforms: [pwa, flutter, react-native, expo, capacitor, cordova]\n", file: "x.yml")
        #expect(c.platforms == [.pwa, .flutter, .reactNative, .expo, .capacitor, .cordova])
        #expect(SplashConfiguration(logo: "bird.svg").platforms == [.ios, .android, .web])
        #expect(AssetOptions().platforms == [.ios, .android, .web])
        #expect(throws: LogoMaskError.invalidConfiguration(
            file: "x.yml", line: 2, key: "platforms",
            problem: "\"reactnative\" is not one of ios, android, web, pwa, flutter, react-native, expo, capacitor, cordova")) {
            try SplashConfiguration.decode("logo: bird.svg\nplatforms: [reactnative]\n", file: "x.yml")
        }
    }
}
