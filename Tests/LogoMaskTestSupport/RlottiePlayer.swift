import Foundation

/// rlottie (Debian's librlottie-dev, the C API `lottie_animation_from_data` /
/// `lottie_animation_render`) as the tests' reference Lottie player: Tests/Tools/rlottie-render.c
/// is compiled once per test process with `cc` and pkg-config's flags, and one run of it renders
/// every frame a test asks for.
public enum RlottiePlayer {
    /// One Lottie file to render: its size in pixels and the frame numbers.
    public struct Job: Sendable {
        /// The Lottie JSON file.
        public var file: String
        /// Render width in pixels.
        public var width: Int
        /// Render height in pixels.
        public var height: Int
        /// Frame numbers (the composition's frames: time x frame rate).
        public var frames: [Int]

        /// A job.
        public init(file: String, width: Int, height: Int, frames: [Int]) {
            self.file = file
            self.width = width
            self.height = height
            self.frames = frames
        }
    }

    /// What rlottie made of one file; the frames stay on disk until asked for.
    public struct Result: Sendable {
        /// The frames rlottie says the file has (`op - ip`).
        public var totalFrames: Int
        /// Its frame rate.
        public var fps: Double
        let job: Job
        let prefix: String

        /// A frame's pixels: premultiplied ARGB32 words (Cairo's layout), rows packed.
        public func frame(_ number: Int) throws -> [UInt32] {
            let path = prefix + "\(number).bgra"
            guard let data = FileManager.default.contents(atPath: path), data.count == job.width * job.height * 4 else {
                throw Failure(description: "\(job.file): frame \(number) missing or of the wrong size")
            }
            return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: UInt32.self)) }
        }
    }

    /// A failure to build or run the player, or a file rlottie refused.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Renders every job in one run of the player, the frames into `folder`; the results are
    /// in the jobs' order.
    public static func render(_ jobs: [Job], into folder: URL) throws -> [Result] {
        let binary = try compiled()
        var lines = ""
        for (index, job) in jobs.enumerated() {
            guard !job.file.contains(" ") else { throw Failure(description: "\(job.file): the player takes paths without spaces") }
            let prefix = folder.appendingPathComponent("job\(index)-").path
            lines += "\(job.file) \(job.width) \(job.height) \(prefix) " + job.frames.map(String.init).joined(separator: " ") + "\n"
        }
        let run = try runTool(binary, [], stdin: Data(lines.utf8))
        guard run.status == 0 else {
            throw Failure(description: "rlottie-render failed (\(run.status)): \(run.stdout.split(separator: "\n").last ?? "") \(run.stderr)")
        }
        let reports = run.stdout.split(separator: "\n").map(String.init)
        guard reports.count == jobs.count else {
            throw Failure(description: "rlottie-render answered \(reports.count) of \(jobs.count) jobs: \(run.stdout) \(run.stderr)")
        }
        var results: [Result] = []
        for (index, job) in jobs.enumerated() {
            let words = reports[index].split(separator: " ")
            guard words.first == "ok", words.count == 4, let total = Int(words[2]), let fps = Double(words[3]) else {
                throw Failure(description: reports[index])
            }
            let prefix = folder.appendingPathComponent("job\(index)-").path
            results.append(Result(totalFrames: total, fps: fps, job: job, prefix: prefix))
        }
        return results
    }

    /// The compiled player, built once per test process.
    public static func compiled() throws -> String {
        try compiledPlayer.get()
    }

    private static let compiledPlayer: Swift.Result<String, any Error> = Swift.Result {
        let cc = try Tool.path("cc")
        let pkgConfig = try Tool.path("pkg-config")
        let flags = try runTool(pkgConfig, ["--cflags", "--libs", "rlottie"])
        guard flags.status == 0 else {
            throw MissingTool(name: "rlottie (pkg-config rlottie)", package: "librlottie-dev")
        }
        let folder = try TestPaths.temporaryFolder()
        let binary = folder.appendingPathComponent("rlottie-render").path
        let source = TestPaths.path("Tests/Tools/rlottie-render.c")
        let arguments = ["-O2", "-o", binary, source] + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        let build = try runTool(cc, arguments)
        guard build.status == 0 else { throw Failure(description: "cc \(arguments.joined(separator: " ")) failed: \(build.stderr)") }
        return binary
    }
}
