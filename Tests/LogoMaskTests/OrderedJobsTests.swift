import Foundation
import LogoMaskTestSupport
import Synchronization
import Testing
@testable import LogoMask

@Suite("generate's and assets' outputs side by side")
struct OrderedJobsTests {
    /// A filtered light logo (its pictures shared through one cache by every thread), a dark
    /// logo and background (the dark previews, Lottie and stills), every native platform: every
    /// kind of job `generate` runs, on one device to stay quick.
    static func configuration(output: String) -> SplashConfiguration {
        var c = SplashConfiguration(logo: TestPaths.sample("bird.svg"))
        c.darkLogo = TestPaths.sample("y-mark.svg")
        c.darkBackground = SplashBackground(parsing: "#0B1320")
        c.platforms = [.ios, .android, .web]
        c.devices = [Device.builtIn[0]]
        c.reveal.fps = 5
        c.output = output
        return c
    }

    /// A log the jobs write from their threads.
    final class Log<Entry: Sendable>: Sendable {
        let entries = Mutex<[Entry]>([])
        func add(_ entry: Entry) { entries.withLock { $0.append(entry) } }
        var all: [Entry] { entries.withLock { $0 } }
    }

    @Test("one worker and three write the same files, byte for byte, and the same manifest")
    func sameBytesWhateverTheWorkers() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifests: [Data] = []
        for workers in [1, 3] {
            let output = folder.appendingPathComponent("splash-\(workers)").path
            let report = try SplashGenerator.write(
                Self.configuration(output: output), deadline: .none, progress: nil, force: false, workers: workers)
            #expect(report.manifest.files.count > 40, "\(report.manifest.files.count) files")
            manifests.append(try Data(contentsOf: URL(fileURLWithPath: output + "/manifest.json")))
        }
        // The manifest lists every file with its SHA-256: equal manifests are equal files.
        #expect(manifests[0] == manifests[1])
        let listed = try JSONSerialization.jsonObject(with: manifests[1]) as? [String: Any]
        let paths = ((listed?["files"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }
        for name in ["reveal/reveal.lottie", "reveal/reveal-dark.json", "previews/iPhone-SE-dark.png", "ios/Reveal/RevealGeometry.swift",
                     "android/res/drawable-night-xxxhdpi/splash_logo.png", "web/splash-hole.svg"] {
            #expect(paths.contains(name), "\(name) listed")
        }
    }

    @Test("assets: the native platforms on one thread and on three write the same files and manifest")
    func assetsSameBytesWhateverTheWorkers() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        var options = AssetOptions()
        options.darkLogo = try VectorLogo(contentsOf: TestPaths.sample("y-mark.svg"))
        options.darkBackground = RGBAColor(red: 0x0B, green: 0x13, blue: 0x20)
        options.devices = [Device.builtIn[0]]
        let prepared = try AssetGenerator.prepare(logo: logo, options: options, deadline: .none, session: nil)
        var manifests: [Data] = []
        for workers in [1, 3] {
            let output = folder.appendingPathComponent("assets-\(workers)").path
            let report = try AssetGenerator.write(
                prepared, logo: logo, options: options, to: output, deadline: .none, progress: nil, workers: workers)
            #expect(report.manifest.files.count > 30, "\(report.manifest.files.count) files")
            manifests.append(try Data(contentsOf: URL(fileURLWithPath: output + "/manifest.json")))
        }
        #expect(manifests[0] == manifests[1])
    }

    /// Job `index`: logs that it ran and returns `index * 10`, or throws when `failing` holds
    /// it; the `slow` one sleeps 0.2 s first.
    static func job(_ index: Int, failing: Set<Int>, slow: Int?, log: Log<Int>) -> OrderedJobs.Job<Int> {
        let fails = failing.contains(index), sleeps = index == slow
        return { () throws(LogoMaskError) -> Int in
            if sleeps { usleep(200_000) }
            log.add(index)
            guard !fails else { throw LogoMaskError.invalidRequest("job \(index)") }
            return index * 10
        }
    }

    @Test("the first failure by index wins, whichever thread failed first; later jobs do not start, earlier ones all run")
    func firstFailureByIndex() throws {
        let ran = Log<Int>()
        let jobs = (0..<8).map { Self.job($0, failing: [1, 3], slow: 1, log: ran) }
        var consumed: [Int] = []
        // Jobs 3 and 0 are handed out first: 3 fails at once, 1 (handed out next) 0.2 s later.
        let order = [3, 0, 1, 2, 4, 5, 6, 7]
        #expect(throws: LogoMaskError.invalidRequest("job 1")) {
            try OrderedJobs.run(jobs, workers: 2, order: order) { (index, value) throws(LogoMaskError) in
                #expect(value == index * 10)
                consumed.append(index)
            }
        }
        #expect(consumed == [0])
        let started = Set(ran.all)
        #expect(started.isSuperset(of: [0, 1, 3]))
        #expect(started.isDisjoint(with: [4, 5, 6, 7]), "\(started.sorted())")
    }

    @Test("with one worker the jobs run on the caller's thread, each consumed before the next starts")
    func oneWorkerInOrder() throws {
        let log = Log<String>()
        let ran = Log<Int>()
        let jobs = (0..<4).map { Self.job($0, failing: [], slow: nil, log: ran) }
        try OrderedJobs.run(jobs, workers: 1, order: [3, 2, 1, 0]) { (index, _) throws(LogoMaskError) in
            log.add("run \(ran.all.last ?? -1)")
            log.add("consume \(index)")
        }
        #expect(log.all == (0..<4).flatMap { ["run \($0)", "consume \($0)"] })
    }
}
