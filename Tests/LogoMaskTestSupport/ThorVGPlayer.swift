import Foundation

/// ThorVG (PyPI `thorvg-python`) as a second Lottie player: Tests/Scripts/thorvg_render.py
/// speaks Tests/Tools/rlottie-render.c's protocol, so its frames read as ``RlottiePlayer``'s.
public enum ThorVGPlayer {
    /// Renders every job in one run of the script, the frames into `folder`; the results are in
    /// the jobs' order. Fails with a clear message when python3 or thorvg-python is missing.
    public static func render(_ jobs: [RlottiePlayer.Job], into folder: URL) throws -> [RlottiePlayer.Result] {
        let python = try Tool.path("python3")
        let check = try runTool(python, ["-c", "import thorvg_python"])
        guard check.status == 0 else { throw MissingTool(name: "thorvg-python (python3 -c 'import thorvg_python')", package: "pip install thorvg-python") }
        var lines = ""
        for (index, job) in jobs.enumerated() {
            guard !job.file.contains(" ") else { throw RlottiePlayer.Failure(description: "\(job.file): the player takes paths without spaces") }
            let prefix = folder.appendingPathComponent("thorvg\(index)-").path
            lines += "\(job.file) \(job.width) \(job.height) \(prefix) " + job.frames.map(String.init).joined(separator: " ") + "\n"
        }
        let run = try runTool(python, [TestPaths.path("Tests/Scripts/thorvg_render.py")], stdin: Data(lines.utf8))
        let reports = run.stdout.split(separator: "\n").map(String.init)
        guard run.status == 0, reports.count == jobs.count else {
            throw RlottiePlayer.Failure(description: "thorvg_render.py (\(run.status)) answered \(reports.count) of \(jobs.count) jobs: \(run.stdout.suffix(500)) \(run.stderr.suffix(1000))")
        }
        var results: [RlottiePlayer.Result] = []
        for (index, job) in jobs.enumerated() {
            let words = reports[index].split(separator: " ")
            guard words.first == "ok", words.count == 4, let total = Int(words[2]), let fps = Double(words[3]) else {
                throw RlottiePlayer.Failure(description: "ThorVG: " + reports[index])
            }
            let prefix = folder.appendingPathComponent("thorvg\(index)-").path
            results.append(RlottiePlayer.Result(totalFrames: total, fps: fps, job: job, prefix: prefix))
        }
        return results
    }
}
