import Foundation

/// lottie-web as a third Lottie player: the copy of lottie-web 5.7.5 that PyPI `pylottie` carries
/// inline in its `lottie.html`, played by its SVG renderer in headless Chromium
/// (``HeadlessChromium/screenshots(_:)``), each frame paused with `goToAndStop(frame, true)` over
/// a picture of the app content.
public enum LottieWebPlayer {
    /// One Lottie file to play.
    public struct Job: Sendable {
        /// The Lottie JSON file.
        public var file: String
        /// The window in CSS pixels (the composition's size).
        public var width: Int
        /// The window in CSS pixels.
        public var height: Int
        /// The device scale factor.
        public var scale: Double
        /// A PNG drawn under the animation, filling the window (the app content); nil: black.
        public var underlay: String?
        /// Frame numbers.
        public var frames: [Int]

        /// A job.
        public init(file: String, width: Int, height: Int, scale: Double, underlay: String?, frames: [Int]) {
            self.file = file
            self.width = width
            self.height = height
            self.scale = scale
            self.underlay = underlay
            self.frames = frames
        }
    }

    /// Screenshots of every job's frames, in the jobs' order: the PNG path of each frame.
    public static func render(_ jobs: [Job], into folder: URL) throws -> [[Int: String]] {
        let script = folder.appendingPathComponent("lottie.js")
        try extractLottieWeb(to: script)
        var shots: [HeadlessChromium.Job] = []
        var paths: [[Int: String]] = []
        for (index, job) in jobs.enumerated() {
            let data = try String(contentsOfFile: job.file, encoding: .utf8)
            let dataFile = folder.appendingPathComponent("lottie-web-\(index).js")
            try ("var animationData = " + data + ";\n").write(to: dataFile, atomically: true, encoding: .utf8)
            let underlay = job.underlay.map { "<img src=\"file://\($0)\" style=\"position:absolute;left:0;top:0;width:\(job.width)px;height:\(job.height)px\">" } ?? ""
            let page = """
                <!DOCTYPE html><html><head><meta charset="utf-8">
                <style>html,body{margin:0;padding:0;background:#000;overflow:hidden}
                #player{position:absolute;left:0;top:0;width:\(job.width)px;height:\(job.height)px}</style>
                <script src="lottie.js"></script><script src="\(dataFile.lastPathComponent)"></script></head>
                <body>\(underlay)<div id="player"></div><script>
                var frame = parseFloat(new URLSearchParams(location.search).get('frame') || '0');
                var animation = lottie.loadAnimation({container: document.getElementById('player'), renderer: 'svg',
                  loop: false, autoplay: false, animationData: animationData});
                animation.goToAndStop(frame, true);
                animation.addEventListener('DOMLoaded', function () { animation.goToAndStop(frame, true); });
                </script></body></html>
                """
            let html = folder.appendingPathComponent("lottie-web-\(index).html")
            try page.write(to: html, atomically: true, encoding: .utf8)
            var frames: [Int: String] = [:]
            for frame in job.frames {
                let output = folder.appendingPathComponent("lottie-web-\(index)-\(frame).png").path
                shots.append(HeadlessChromium.Job(
                    url: html.absoluteString + "?frame=\(frame)", width: job.width, height: job.height, scale: job.scale,
                    output: output, delay: 0.1))
                frames[frame] = output
            }
            paths.append(frames)
        }
        try HeadlessChromium.screenshots(shots)
        return paths
    }

    /// Writes lottie-web's script, taken from pylottie's `lottie.html`, to `url`. The package is
    /// found, not imported: its `__init__` imports Playwright, which `make deps` leaves out (pylottie
    /// is installed without its dependencies, only for the lottie-web copy it carries).
    static func extractLottieWeb(to url: URL) throws {
        let python = try Tool.path("python3")
        let code = """
            import importlib.util, os, re, sys
            spec = importlib.util.find_spec('pylottie')
            if spec is None or not spec.origin: sys.exit('pylottie is not installed')
            text = open(os.path.join(os.path.dirname(spec.origin), 'lottie.html'), encoding='utf-8').read()
            match = re.search(r'<script>(.*?)</script>', text, re.S)
            if not match or 'loadAnimation' not in match.group(1): sys.exit('no lottie-web script in pylottie/lottie.html')
            open(sys.argv[1], 'w', encoding='utf-8').write(match.group(1))
            """
        let run = try runTool(python, ["-c", code, url.path])
        guard run.status == 0 else {
            throw MissingTool(name: "lottie-web from pylottie's lottie.html (\(run.stderr.suffix(300)))", package: "pip install pylottie")
        }
    }
}
