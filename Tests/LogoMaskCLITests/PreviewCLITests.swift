import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// `logo-mask preview` end to end: one server on a project of three devices (two phones and a
/// tablet, which also turns) in light and dark, one headless Chromium driven over DevTools by
/// Tests/Scripts/preview_driver.py. About 20-40 s in a debug build (most of it the reveal pages
/// the debug server makes and the browser's start).
@Suite("Preview server", .serialized)
struct PreviewCLITests {
    /// A pixel differs when a colour channel is off by more than this (of 255), as in HandOffTests.
    static let tolerance = 24
    static let darkBackground = RGBAColor(red: 0x10, green: 0x18, blue: 0x20)

    /// A project folder: bird.svg and a logo-mask.yml that `init` wrote, with three devices and a
    /// dark background.
    static func project() throws -> (folder: URL, config: String) {
        let folder = try CLI.temporaryFolder()
        let logo = folder.appendingPathComponent("bird.svg").path
        try FileManager.default.copyItem(atPath: CLI.sample("bird.svg"), toPath: logo)
        let config = folder.appendingPathComponent("logo-mask.yml").path
        let made = try CLI.run(["init", logo, "-o", config, "--quiet"])
        #expect(made.status == 0, "init: \(made.stderr)")
        var lines = try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("  - ") })
        let count = lines[first...].prefix { $0.hasPrefix("  - ") }.count
        lines.replaceSubrange(first..<(first + count), with: ["  - \"iPhone SE\"", "  - \"Galaxy S24\"", "  - \"iPad Pro 12.9\\\"\""])
        let dark = try #require(lines.firstIndex { $0.hasPrefix("darkBackground:") })
        lines[dark] = "darkBackground: \"#101820\"  # kept: a comment on the line"
        try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        return (folder, config)
    }

    /// A running `logo-mask preview`, its URL and port.
    final class Server {
        let process = Process()
        let errors = Pipe()
        var url = ""
        var port = 0

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["preview"] + arguments + ["--port", "0"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // The first line: "preview: http://127.0.0.1:PORT/".
            var line = Data()
            while !line.contains(0x0A) {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line += byte
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.hasPrefix("preview: http://127.0.0.1:"), let port = Int(text.split(separator: ":").last?.dropLast() ?? "") else {
                process.terminate()
                throw ServerFailure(description: "the server did not say where it listens: \(text)")
            }
            url = String(text.dropFirst("preview: ".count))
            self.port = port
        }

        /// SIGINT, then the exit status.
        func interrupt() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    struct ServerFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Premultiplied ARGB words of a PNG.
    static func words(_ path: String) throws -> (pixels: [UInt32], width: Int, height: Int) {
        let image = try RasterImage(contentsOfPNG: path)
        return (words(image), image.width, image.height)
    }

    static func words(_ image: RasterImage) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.stride + x * 4
                result[y * image.width + x] = UInt32(image.bytes[i]) | UInt32(image.bytes[i + 1]) << 8
                    | UInt32(image.bytes[i + 2]) << 16 | UInt32(image.bytes[i + 3]) << 24
            }
        }
        return result
    }

    static func differs(_ a: UInt32, _ b: UInt32) -> Bool {
        [0, 8, 16].contains { (shift: UInt32) in abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) > tolerance }
    }

    /// Python's answer to a few questions about the port and the paths, from outside the page.
    static let probe = #"""
    import http.client, json, socket, subprocess, sys
    port = int(sys.argv[1])
    result = {"listening": [], "paths": {}}
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        if int(local.split(":")[1], 16) == port and state == "0A":
            result["listening"].append(local.split(":")[0])
    for path in sys.argv[2:]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        result["paths"][path] = [response.status, b"root:" in body]
    others = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    result["otherAddress"] = others[0] if others else None
    if others:
        try:
            socket.create_connection((others[0], port), timeout=3).close()
            result["otherAnswered"] = True
        except OSError:
            result["otherAnswered"] = False
    print(json.dumps(result))
    """#

    @Test("The page shows every device's launch screen at t = 0, plays to the app, follows the files, shows a broken file's error and writes its controls back; the server answers on loopback only, inside the project, and stops on SIGINT")
    func previewInChromium() throws {
        let chromium = try Tool.path("chromium")
        let (folder, config) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOfFile: config, encoding: .utf8)
        let configuration = try SplashConfiguration.load(path: config)
        let snapshot = try PreviewSnapshot.make(configuration)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("outside").path, withDestinationPath: "/etc/passwd")

        let server = try Server([config])
        var stopped = false
        defer { if !stopped { _ = server.interrupt() } }

        // The paths and the address, before the browser.
        let probeFile = folder.appendingPathComponent("probe.py")
        try Self.probe.write(to: probeFile, atomically: true, encoding: .utf8)
        let refused = ["/files/../../../../etc/passwd", "/files/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/files/..%2f..%2f..%2f..%2fetc%2fpasswd",
                       "/../../../../etc/passwd", "/files/outside", "/files/%2E%2E/logo-mask.yml"]
        let probed = try runTool("/usr/bin/python3", [probeFile.path, String(server.port), "/files/bird.svg"] + refused)
        #expect(probed.status == 0, "\(probed.stderr)")
        let probe = try JSONSerialization.jsonObject(with: Data(probed.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(probe["listening"] as? [String] == ["0100007F"], "listens on 127.0.0.1 only: \(probed.stdout)")
        if probe["otherAddress"] is String { #expect(probe["otherAnswered"] as? Bool == false, "\(probed.stdout)") }
        let paths = probe["paths"] as? [String: [Any]] ?? [:]
        #expect(paths["/files/bird.svg"]?.first as? Int == 200, "a file of the project is served: \(paths)")
        for path in refused {
            let status = paths[path]?.first as? Int ?? 0
            #expect(status == 403 || status == 404, "\(path) is refused: \(paths[path] ?? [])")
            #expect(paths[path]?.last as? Bool == false, "\(path) gave nothing of /etc/passwd")
        }

        // The page, in one browser.
        let out = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let flags = out.appendingPathComponent("flags.json")
        try JSONEncoder().encode([chromium] + HeadlessChromium.flags(profile: out.appendingPathComponent("profile").path)
            + ["--remote-debugging-pipe", "about:blank"]).write(to: flags)
        let driven = try runTool("/usr/bin/python3", [TestPaths.path("Tests/Scripts/preview_driver.py"), flags.path, server.url, config, out.path])
        try #require(driven.status == 0, "the driver: \(driven.stdout) \(driven.stderr.suffix(3000))")
        let result = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("result.json"))) as? [String: Any] ?? [:]

        // Every configured device, the tablet also in landscape, each light and dark.
        let devices = result["devices"] as? [String] ?? []
        #expect(devices == ["iPhone SE", "iPhone SE", "Galaxy S24", "Galaxy S24", "iPad Pro 12.9\"", "iPad Pro 12.9\"", "iPad Pro 12.9\"", "iPad Pro 12.9\""])
        let screens = result["screens"] as? [[String: Any]] ?? []
        #expect(screens.count == snapshot.screens.count && screens.count == 8)
        #expect(screens.map { $0["appearance"] as? String ?? "" } == ["light", "dark", "light", "dark", "light", "dark", "light", "dark"])
        #expect(screens.compactMap { $0["landscape"] as? Bool }.filter { $0 }.count == 2)
        let captions = result["captions"] as? [String] ?? []
        #expect(captions.allSatisfy { $0.contains("cover scale ") && $0.contains("anchor ") }, "\(captions)")
        #expect(result["phaseAtStart"] as? String == "launch")

        // t = 0: the launch screen the platform draws from the files `assets` writes.
        let assets = folder.appendingPathComponent("assets").path
        let logo = try VectorLogo(contentsOf: configuration.resolve(configuration.logo))
        var jobs: [LaunchScreenComposer.Job] = []
        for platform in [AssetPlatform.ios, .android] {
            let options = AssetOptions(platforms: [platform], background: configuration.background.flatColor,
                                       logoWidth: configuration.logoWidth(for: platform), devices: [], stillPreset: nil)
            _ = try AssetGenerator.write(logo: logo, options: options, to: assets + "-" + platform.rawValue)
        }
        for (index, screen) in snapshot.screens.enumerated() where screen.appearance == "light" {
            jobs.append(LaunchScreenComposer.Job(
                assets: assets + "-" + screen.platform, platform: screen.platform, width: screen.width, height: screen.height,
                density: screen.density, output: out.appendingPathComponent("launch-\(index).png").path))
        }
        _ = try LaunchScreenComposer.compose(jobs)
        var worstLaunch = 0.0, worstEnd = 0.0
        let offsets = result["t0Offsets"] as? [[Int]] ?? []
        #expect(offsets.count == snapshot.screens.count)
        for (index, screen) in snapshot.screens.enumerated() where index < offsets.count {
            let light = screen.appearance == "light" ? index : index - 1
            // The logo box as HandOffTests takes it (the launch frame grown to whole device
            // pixels), inside the picture's box the shot holds.
            let f = screen.logoFrame, d = screen.density, p = screen.logoBox
            let b = [Int((f[0] * d).rounded(.down)), Int((f[1] * d).rounded(.down)),
                     Int(((f[0] + f[2]) * d).rounded(.up)), Int(((f[1] + f[3]) * d).rounded(.up))]
            let (dx, dy) = (offsets[index][0] + b[0] - p[0], offsets[index][1] + b[1] - p[1])
            let expected = try Self.words(out.appendingPathComponent("launch-\(light).png").path)
            let actual = try Self.words(out.appendingPathComponent("t0-\(index).png").path)
            #expect(actual.width >= b[2] - b[0] + dx && actual.height >= b[3] - b[1] + dy, "\(screen.device): the shot holds the logo box")
            guard actual.width >= b[2] - b[0] + dx, actual.height >= b[3] - b[1] + dy else { continue }
            var differing = 0, compared = 0
            let white: UInt32 = 0xFFFF_FFFF
            let dark = 0xFF00_0000 | UInt32(Self.darkBackground.red) << 16 | UInt32(Self.darkBackground.green) << 8 | UInt32(Self.darkBackground.blue)
            for y in 0..<(b[3] - b[1]) {
                for x in 0..<(b[2] - b[0]) {
                    let reference = expected.pixels[(y + b[1]) * expected.width + x + b[0]]
                    let shown = actual.pixels[(y + dy) * actual.width + x + dx]
                    if screen.appearance == "light" {
                        compared += 1
                        if Self.differs(shown, reference) { differing += 1 }
                    } else if reference == white {
                        // The same logo over the dark colour: where the light screen is bare, this one is dark.
                        compared += 1
                        if Self.differs(shown, dark) { differing += 1 }
                    }
                }
            }
            let fraction = Double(differing) / Double(max(compared, 1))
            worstLaunch = max(worstLaunch, fraction)
            #expect(compared > 0 && fraction <= 0.005, "\(screen.device) \(screen.appearance) landscape \(screen.landscape): \(String(format: "%.3f", fraction * 100)) % of the logo box differs from the launch screen")
        }

        // After play: the app, as the frames draw the reveal's last moment.
        #expect(result["phaseAtEnd"] as? String == "app")
        for (index, scene) in snapshot.scenes.enumerated() {
            let player = try RevealFramePlayer(scene: scene)
            _ = try player.render(at: scene.duration)
            let expected = player.withPixels { Array($0.bindMemory(to: UInt32.self)) }
            let actual = try Self.words(out.appendingPathComponent("end-\(index).png").path)
            #expect(actual.pixels.count == expected.count, "end \(index): \(actual.width)x\(actual.height)")
            guard actual.pixels.count == expected.count else { continue }
            let differing = zip(actual.pixels, expected).filter { Self.differs($0, $1) }.count
            let fraction = Double(differing) / Double(expected.count)
            worstEnd = max(worstEnd, fraction)
            #expect(fraction <= 0.025, "\(snapshot.screens[index].device): the last moment differs from the app on \(String(format: "%.2f", fraction * 100)) %")
        }

        print("preview: t = 0 worst \(String(format: "%.3f", worstLaunch * 100)) % of a logo box, the end worst \(String(format: "%.3f", worstEnd * 100)) % of a screen; edit followed in \(String(format: "%.2f", result["editSeconds"] as? Double ?? -1)) s, error shown in \(String(format: "%.2f", result["errorSeconds"] as? Double ?? -1)) s, control in \(String(format: "%.2f", result["controlSeconds"] as? Double ?? -1)) s")

        // The files: followed within a second; a broken file's error, naming file and line, over the last preview.
        let editSeconds = result["editSeconds"] as? Double ?? 99
        #expect(editSeconds < 1, "the page followed the edit in \(editSeconds) s")
        #expect(abs((result["durationAfterEdit"] as? Double ?? 0) - 0.75) < 1e-9)
        let errorSeconds = result["errorSeconds"] as? Double ?? 99
        #expect(errorSeconds < 1, "the error showed in \(errorSeconds) s")
        let errorText = result["errorText"] as? String ?? ""
        #expect(errorText.contains("logo-mask.yml") && errorText.contains(":\(result["brokenLine"] as? Int ?? -1)"), "\(errorText)")
        #expect(result["versionAfterError"] as? Bool == true)
        #expect(result["screensAfterError"] as? Int == 8 && result["framesAfterError"] as? Int == 8)

        // The control: only the duration's line changed, comments kept.
        #expect(abs((result["durationAfterControl"] as? Double ?? 0) - 0.6) < 1e-9)
        let before = (result["configBeforeControl"] as? String ?? "").components(separatedBy: "\n")
        let after = (result["configAfterControl"] as? String ?? "").components(separatedBy: "\n")
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1 && changed.first?.1 == "  duration: 0.6", "\(changed)")
        #expect(after.contains("darkBackground: \"#101820\"  # kept: a comment on the line"))
        #expect(original.components(separatedBy: "\n").filter { $0.hasPrefix("#") } == after.filter { $0.hasPrefix("#") })

        // SIGINT: status 0, the port free again.
        let status = server.interrupt()
        stopped = true
        #expect(status == 0, "SIGINT: status \(status)")
        let rebind = try runTool("/usr/bin/python3", ["-c", "import socket; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', \(server.port))); s.listen()"])
        #expect(rebind.status == 0, "the port is free after SIGINT: \(rebind.stderr)")
    }

    @Test("logo-mask preview without logo-mask-preview beside it: status 69, naming the program and how to build it")
    func missingServer() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("logo-mask").path
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: copy)
        let run = try runTool(copy, ["preview", "x.yml"])
        #expect(run.status == 69)
        #expect(run.stderr.contains("logo-mask-preview") && run.stderr.contains("swift build --product logo-mask-preview"), "\(run.stderr)")
    }

    @Test("generate --watch writes, says which file changed, writes again, and stops on Ctrl-C leaving no temporaries")
    func generateWatch() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("bird.svg").path
        try FileManager.default.copyItem(atPath: CLI.sample("bird.svg"), toPath: logo)
        let config = folder.appendingPathComponent("logo-mask.yml").path
        #expect(try CLI.run(["init", logo, "-o", config, "--quiet"]).status == 0)
        var text = try String(contentsOfFile: config, encoding: .utf8)
        text = text.replacingOccurrences(of: "platforms: [ios, android, web]", with: "platforms: [web]")
        var lines = text.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("  - ") })
        let count = lines[first...].prefix { $0.hasPrefix("  - ") }.count
        lines.replaceSubrange(first..<(first + count), with: ["  - \"iPhone SE\""])
        try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["generate", config, "--watch"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        func wait(for text: String, count: Int = 1) -> Bool {
            let start = Date()
            while seen.components(separatedBy: text).count - 1 < count, Date().timeIntervalSince(start) < 120 {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            return seen.components(separatedBy: text).count - 1 >= count
        }
        #expect(wait(for: "watching"), "\(seen)")
        let manifest = folder.appendingPathComponent("splash/manifest.json").path
        let firstManifest = try Data(contentsOf: URL(fileURLWithPath: manifest))
        try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(of: "margin: 1", with: "margin: 1.2")
            .write(toFile: config, atomically: true, encoding: .utf8)
        #expect(wait(for: "changed: \(config)"), "\(seen)")
        #expect(wait(for: "watching", count: 2), "\(seen)")
        #expect(seen.components(separatedBy: "wrote ").count - 1 == 2, "\(seen)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: manifest)) != firstManifest, "the second run wrote other outputs")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "Ctrl-C: status \(process.terminationStatus)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["bird.svg", "logo-mask.yml", "splash"], "nothing half written is left: \(left)")
    }
}
