import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

@Suite("configuration file")
struct SplashConfigurationTests {
    /// Every key, each at a value that is not its default.
    static let everyKey = """
        # a comment
        logo: art/logo.svg
        darkLogo: "art/logo-dark.pdf"
        background: "#7B2FF7,#F107A3,135"
        darkBackground: "#0B1320"
        logoWidth: 120
        platforms: [android, ios]
        devices:
          - iPhone 15
          - pixel-8
        output: build/splash
        ios:
          logoWidth: 110
        android:
          logoWidth: 96
          iconFit: canvas
          iconBackground: "#FFFFFF"
          animatedIcon: yula
        web:
          logoWidth: 200
        reveal:
          spec: mine.json
          duration: 0.8
          anchor: 12.5,-3
          fps: 30
          content: first.png
          margin: 1.1
        code:
          kotlinPackage: com.example.app
        """

    @Test("every key is read into the model")
    func everyKeyDecodes() throws {
        let c = try SplashConfiguration.decode(Self.everyKey, file: "logo-mask.yml")
        #expect(c.logo == "art/logo.svg")
        #expect(c.darkLogo == "art/logo-dark.pdf")
        #expect(c.background.gradient == LinearGradient(
            from: RGBAColor(red: 0x7B, green: 0x2F, blue: 0xF7), to: RGBAColor(red: 0xF1, green: 0x07, blue: 0xA3), degrees: 135))
        #expect(c.background.flatColor == RGBAColor(red: 0x7B, green: 0x2F, blue: 0xF7))
        #expect(c.darkBackground?.flatColor == RGBAColor(red: 0x0B, green: 0x13, blue: 0x20))
        #expect(c.darkBackground?.gradient == nil)
        #expect(c.logoWidth == 120)
        #expect(c.platforms == [.android, .ios])
        #expect(c.devices.map(\.name) == ["iPhone 15", "Pixel 8"])
        #expect(c.output == "build/splash")
        #expect(c.logoWidth(for: .ios) == 110)
        #expect(c.logoWidth(for: .android) == 96)
        #expect(c.logoWidth(for: .web) == 200)
        #expect(c.android.iconFit == .canvas)
        #expect(c.android.iconBackground == .white)
        #expect(c.android.animatedIcon == .yula)
        #expect(c.reveal.spec == "mine.json")
        #expect(c.reveal.duration == 0.8)
        #expect(c.reveal.anchor == .point(Point(x: 12.5, y: -3)))
        #expect(c.reveal.fps == 30)
        #expect(c.reveal.content == "first.png")
        #expect(c.reveal.margin == 1.1)
        #expect(c.code.kotlinPackage == "com.example.app")
    }

    @Test("a file with only the logo takes every default; paths resolve against the file's folder")
    func defaultsAndPaths() throws {
        let c = try SplashConfiguration.decode("logo: bird.svg\nplatforms: ios, web\nreveal:\n  anchor: auto\n", file: "x.yml")
        var expected = SplashConfiguration(logo: "bird.svg")
        expected.platforms = [.ios, .web]
        expected.reveal.anchor = .automatic
        #expect(c == expected)
        #expect(c.background.flatColor == .white && c.devices == Device.builtIn && c.reveal.preset == .twitter && c.reveal.fps == 60)
        var placed = c
        placed.baseFolder = "/work/app"
        #expect(placed.resolve("bird.svg") == "/work/app/bird.svg")
        #expect(placed.resolve("/abs/bird.svg") == "/abs/bird.svg")
        #expect(SplashConfigurationTemplate.relativePath(of: "/a/art/logo.svg", from: "/a/app") == "../art/logo.svg")
        #expect(SplashConfigurationTemplate.relativePath(of: "/a/logo.svg", from: "/a") == "logo.svg")
    }

    @Test("each bad key or value names the file, the line, the key's path and what is allowed", arguments: [
        ("logo: a.svg\nreveal:\n  preset: twiter\n",
         "logo-mask.yml:3: reveal.preset: \"twiter\" is not one of twitter, yula, huvi, fade"),
        ("logo: a.svg\nreveal:\n  speed: 2\n",
         "logo-mask.yml:3: reveal.speed: unknown key; reveal takes preset, spec, duration, anchor, fps, content, margin"),
        ("logo: a.svg\nLogoWidth: 2\n",
         "logo-mask.yml:2: LogoWidth: unknown key (did you mean logoWidth?); the file takes logo, darkLogo, background, darkBackground, logoWidth, platforms, devices, output, into, ios, android, web, reveal, code"),
        ("logo: a.svg\nbackground: \"#12345\"\n",
         "logo-mask.yml:2: background: \"#12345\" is not a colour (#RGB, #RRGGBB, #RRGGBBAA, quoted, or a CSS name) or a gradient FROM,TO[,DEG] such as \"#7B2FF7,#F107A3,135\""),
        ("logo: a.svg\nbackground: #1DA1F2\n",
         "logo-mask.yml:2: background: is empty; give a colour (#RGB, #RRGGBB, #RRGGBBAA, quoted, or a CSS name) or a gradient FROM,TO[,DEG] such as \"#7B2FF7,#F107A3,135\" (a bare # starts a comment: write \"#1DA1F2\")"),
        ("logo: a.svg\n\nandroid:\n  iconBackground: \"#GG0000\"\n",
         "logo-mask.yml:4: android.iconBackground: \"#GG0000\" is not a colour: #RGB, #RRGGBB, #RRGGBBAA (quoted: a bare # starts a comment) or a CSS name"),
        ("logo: a.svg\nlogoWidth: [1, 2]\n", "logo-mask.yml:2: logoWidth: a list is not a positive number of points"),
        ("logo: a.svg\nreveal: fast\n",
         "logo-mask.yml:2: reveal: \"fast\" is not a mapping; give keys below it, one of preset, spec, duration, anchor, fps, content, margin"),
        ("logo: a.svg\nreveal:\n  fps: 500\n", "logo-mask.yml:3: reveal.fps: \"500\" is not a positive number of frames per second up to 240"),
        ("logo: a.svg\nreveal:\n  anchor: middle\n", "logo-mask.yml:3: reveal.anchor: \"middle\" is not center-or-auto, center, auto or X,Y in document units"),
        ("logo: a.svg\nplatforms: [ios, windows]\n", "logo-mask.yml:2: platforms: \"windows\" is not one of ios, android, web, pwa, flutter, react-native, expo, capacitor, cordova"),
        ("logo: a.svg\nandroid:\n  animatedIcon: fade\n", "logo-mask.yml:3: android.animatedIcon: \"fade\" moves no hole; an animated icon plays twitter or yula"),
        ("background: red\n", "logo-mask.yml:1: logo: missing; give the logo's SVG or PDF file (relative to this file's folder)"),
        ("logo: a.svg\nlogo: b.svg\n", "logo-mask.yml:2: the key logo is given twice; keep one"),
        ("logo: a.svg\n  x: : y\n", "logo-mask.yml:2: mapping values are not allowed in this context"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: LogoMaskError.self) { try SplashConfiguration.decode(text, file: "logo-mask.yml") }
        do {
            _ = try SplashConfiguration.decode(text, file: "logo-mask.yml")
        } catch {
            #expect(error.description == message)
            #expect(error.exitStatus == 64)
        }
    }

    @Test("the init template reads back as the configuration it was made from; its anchor is the commands' default where the centre covers")
    func templateRoundTrip() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let template = try SplashConfigurationTemplate.make(
            logo: logo, logoPath: TestPaths.sample("bird.svg"), configurationPath: TestPaths.path("logo-mask.yml"))
        #expect(template.configuration.logo == "SampleLogos/bird.svg")
        #expect(template.documentSize == Size(width: 120, height: 100))
        // bird's centre covers iPhone SE (the first device) at 28.3036x: the file keeps the
        // default, so generate anchors where reveal alone would.
        #expect(template.configuration.reveal.anchor == .centerOrBest && template.centreCovers)
        #expect(template.text.contains("anchor: \"center-or-auto\"\n"))
        #expect(template.text.contains("the centre covers iPhone SE (cover scale 28.304)"))
        #expect(template.text.contains("document size 120 x 100 units"))
        let back = try SplashConfiguration.decode(template.text, file: "logo-mask.yml")
        #expect(back == template.configuration)
        #expect(!template.text.contains(": \n"))
    }

    @Test("where the centre is in a gap (ring), init writes the searched point, to two decimals, and says why")
    func templateSearchedAnchor() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("ring.svg"))
        let template = try SplashConfigurationTemplate.make(
            logo: logo, logoPath: TestPaths.sample("ring.svg"), configurationPath: TestPaths.path("logo-mask.yml"))
        let anchor = try #require(template.configuration.reveal.anchor?.point)
        // `cover SampleLogos/ring.svg --device "iPhone SE"`: 86.968774,49.955176 at 25.0421x.
        #expect(abs(anchor.x - 86.97) < 0.015 && abs(anchor.y - 49.96) < 0.015)
        #expect(!template.centreCovers)
        #expect(template.text.contains("the centre is in a gap of the logo; the cover search's point on iPhone SE (cover scale 25.042)"))
        #expect(try SplashConfiguration.decode(template.text, file: "x.yml") == template.configuration)
    }

    @Test("an anchor search past its deadline leaves the default anchor and says so; the logo still gets its file")
    func templateSearchTimesOut() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let template = try SplashConfigurationTemplate.make(
            logo: logo, logoPath: TestPaths.sample("bird.svg"), configurationPath: TestPaths.path("logo-mask.yml"),
            deadline: .after(seconds: 1e-9))
        #expect(template.searchTimedOut && template.coverScale == nil)
        #expect(template.configuration.reveal.anchor == .centerOrBest)
        #expect(template.text.contains("anchor: \"center-or-auto\"\n") && template.text.contains("ran out of time"))
        #expect(try SplashConfiguration.decode(template.text, file: "x.yml") == template.configuration)
    }
}
