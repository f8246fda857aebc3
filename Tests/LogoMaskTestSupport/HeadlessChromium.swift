import Foundation

/// Screenshots of web pages by headless Chromium (Debian `chromium`), for comparing an exported
/// page with logo-mask's own frames.
///
/// Two ways, the same renderer:
/// - ``screenshot(url:width:height:scale:to:)`` runs the command line a user would type
///   (`--headless --screenshot --window-size --force-device-scale-factor`), one browser per
///   picture (about 2-5 s each, mostly start-up);
/// - ``screenshots(_:)`` starts one browser and drives it over the DevTools protocol on a pipe
///   (`--remote-debugging-pipe`, a short stdlib-only Python driver): each job sets the
///   window's size and device scale factor (`Emulation.setDeviceMetricsOverride`), loads the
///   URL, waits for its load event and two animation frames, and captures the screen. About
///   0.1-0.3 s a picture.
///
/// Both use a fresh profile in a temporary folder, no GPU (software raster: the same pixels on
/// every machine), the sRGB colour profile (no colour management of the page's colours), no
/// scroll bars, and `--no-sandbox` (the tests may run as root).
public enum HeadlessChromium {
    /// One screenshot to take.
    public struct Job: Codable, Sendable {
        /// The page, e.g. `file:///tmp/x/splash.html?t=0.3`.
        public var url: String
        /// The window in CSS pixels.
        public var width: Int
        /// The window in CSS pixels.
        public var height: Int
        /// The device scale factor.
        public var scale: Double
        /// Where the PNG goes.
        public var output: String
        /// Seconds to wait after the load event before the capture (0: two animation frames).
        public var delay: Double
        /// CSS media features to emulate (`Emulation.setEmulatedMedia`), e.g.
        /// `["prefers-color-scheme": "dark"]`; empty: the browser's defaults.
        public var media: [String: String]
        /// JavaScript evaluated (its promise awaited) after the delay and before the capture; its
        /// value, as JSON, goes to `output + ".json"`.
        public var evaluate: String?

        /// A job.
        public init(
            url: String, width: Int, height: Int, scale: Double, output: String, delay: Double = 0,
            media: [String: String] = [:], evaluate: String? = nil
        ) {
            self.url = url
            self.width = width
            self.height = height
            self.scale = scale
            self.output = output
            self.delay = delay
            self.media = media
            self.evaluate = evaluate
        }
    }

    /// The flags that make a headless run deterministic and quiet, with `profile` as its
    /// user-data folder.
    public static func flags(profile: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
            "--user-data-dir=\(profile)", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--mute-audio", "--disable-features=Translate,MediaRouter",
        ]
    }

    /// The command-line screenshot: `chromium --headless --screenshot=FILE --window-size=W,H
    /// --force-device-scale-factor=S URL`.
    public static func screenshot(url: String, width: Int, height: Int, scale: Double, to output: String) throws {
        let chromium = try Tool.path("chromium")
        let profile = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let arguments = flags(profile: profile.path) + [
            "--screenshot=\(output)", "--window-size=\(width),\(height)", "--force-device-scale-factor=\(scale)", url,
        ]
        let result = try runTool(chromium, arguments)
        guard result.status == 0, FileManager.default.fileExists(atPath: output) else {
            throw ChromiumFailure(description: "chromium --screenshot exited \(result.status): \(result.stderr.suffix(2000))")
        }
    }

    /// Takes every job's screenshot with one browser, in order.
    public static func screenshots(_ jobs: [Job]) throws {
        let chromium = try Tool.path("chromium")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile").path
        let jobsFile = folder.appendingPathComponent("jobs.json")
        let driver = folder.appendingPathComponent("driver.py")
        try JSONEncoder().encode(jobs).write(to: jobsFile)
        try Data(driverScript.utf8).write(to: driver)
        let flagsFile = folder.appendingPathComponent("flags.json")
        try JSONEncoder().encode([chromium] + flags(profile: profile) + ["--remote-debugging-pipe", "about:blank"])
            .write(to: flagsFile)
        let result = try runTool("/usr/bin/python3", [driver.path, flagsFile.path, jobsFile.path, TestPaths.path("Tests/Scripts")])
        guard result.status == 0 else {
            throw ChromiumFailure(description: "the DevTools driver exited \(result.status): \(result.stderr.suffix(3000))")
        }
        for job in jobs where !FileManager.default.fileExists(atPath: job.output) {
            throw ChromiumFailure(description: "no screenshot at \(job.output): \(result.stderr.suffix(2000))")
        }
    }

    /// The DevTools-protocol driver: the jobs, over Tests/Scripts/devtools_pipe.py (messages are
    /// JSON, each ended by a NUL byte, written to the browser's fd 3 and read from its fd 4).
    static let driverScript = #"""
    import base64, json, sys
    sys.path.insert(0, sys.argv[3])
    from devtools_pipe import Browser

    browser = Browser(json.load(open(sys.argv[1])), sys.argv[2] + ".log")
    jobs = json.load(open(sys.argv[2]))
    send, wait_event, session = browser.send, browser.wait_event, browser.session
    for job in jobs:
        send("Emulation.setDeviceMetricsOverride", {"width": job["width"], "height": job["height"],
             "deviceScaleFactor": job["scale"], "mobile": False}, session)
        send("Emulation.setEmulatedMedia", {"features": [{"name": k, "value": v}
             for k, v in sorted(job.get("media", {}).items())]}, session)
        browser.events.clear()
        send("Page.navigate", {"url": job["url"]}, session)
        wait_event("Page.loadEventFired", session)
        send("Runtime.evaluate", {"expression": "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))",
             "awaitPromise": True}, session)
        if job.get("delay", 0) > 0:
            send("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, %d))" % int(job["delay"] * 1000),
                 "awaitPromise": True}, session)
        if job.get("evaluate"):
            result = send("Runtime.evaluate", {"expression": job["evaluate"], "awaitPromise": True,
                          "returnByValue": True}, session)
            if "exceptionDetails" in result:
                raise SystemExit(job["url"] + ": " + json.dumps(result["exceptionDetails"])[:2000])
            with open(job["output"] + ".json", "w") as f:
                json.dump(result.get("result", {}).get("value"), f)
        shot = send("Page.captureScreenshot", {"format": "png"}, session)
        with open(job["output"], "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    browser.close()
    """#
}

/// Chromium did not give a screenshot.
public struct ChromiumFailure: Error, CustomStringConvertible, Sendable {
    /// What happened.
    public let description: String
}
