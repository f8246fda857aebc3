import Foundation

/// The launch screen a platform draws, composed from the written launch files without
/// logo-mask: Tests/Scripts/compose_launch_screen.py reads the storyboard, colour set and image
/// set (iOS) or the theme, colours and splash icon (Android: a vector drawable, or a `<bitmap>`
/// drawable of the density PNGs, resolved by night mode and density as Android resolves
/// resources), writes an SVG of the screen and has rsvg-convert draw it.
public enum LaunchScreenComposer {
    /// One launch screen to draw.
    public struct Job: Sendable {
        /// The folder `logo-mask assets` wrote.
        public var assets: String
        /// `ios` or `android`.
        public var platform: String
        /// The screen in points (dp) and its density.
        public var width: Double, height: Double, density: Double
        /// The PNG to write.
        public var output: String
        /// `light` or `dark` (the dark colour set entries and images; the `-night` resources).
        public var appearance: String

        /// A job.
        public init(
            assets: String, platform: String, width: Double, height: Double, density: Double, output: String, appearance: String = "light"
        ) {
            self.appearance = appearance
            self.assets = assets
            self.platform = platform
            self.width = width
            self.height = height
            self.density = density
            self.output = output
        }
    }

    /// Draws every job, two at a time; for each, the logo picture's rect in pixels (x, y, w, h).
    public static func compose(_ jobs: [Job]) throws -> [[Double]] {
        let python = try Tool.path("python3")
        let rsvg = try Tool.path("rsvg-convert")
        let lines = jobs.map { "\($0.assets) \($0.platform) \($0.width) \($0.height) \($0.density) \($0.output) \($0.appearance)" }
        guard !lines.contains(where: { $0.split(separator: " ").count != 7 }) else {
            throw RlottiePlayer.Failure(description: "compose_launch_screen.py takes paths without spaces")
        }
        let run = try runTool(python, [TestPaths.path("Tests/Scripts/compose_launch_screen.py"), "--rsvg", rsvg, "--jobs", "2"],
                              stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        let answers = run.stdout.split(separator: "\n").map(String.init)
        guard run.status == 0, answers.count == jobs.count else {
            throw RlottiePlayer.Failure(description: "compose_launch_screen.py (\(run.status)): \(run.stdout.suffix(500)) \(run.stderr.suffix(1000))")
        }
        return try answers.map { answer in
            let words = answer.split(separator: " ")
            guard words.first == "ok", words.count == 5 else { throw RlottiePlayer.Failure(description: answer) }
            return words.dropFirst().compactMap { Double($0) }
        }
    }
}
