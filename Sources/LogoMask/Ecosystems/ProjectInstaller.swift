import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Copies an asset run's files into an app project where its tools expect them
/// (``ProjectLayout``), refusing to overwrite files logo-mask did not write:
///
/// 1. every destination is checked first: an existing file is replaced only when its bytes are
///    the ones ``ProjectRecord`` lists for it (logo-mask wrote it) or the new bytes (nothing
///    changes), or with `force`; otherwise ``LogoMaskError/projectFileNotOurs(file:others:)``
///    (status 73) names it and nothing at all is written;
/// 2. then each file is written aside and renamed into place, and the record last.
public enum ProjectInstaller {
    /// What an installation did.
    public struct Report: Sendable, Equatable {
        /// Project-relative paths written, sorted.
        public var written: [String]
        /// Run paths with no place in a project (they stay in the run's folder), sorted.
        public var notPlaced: [String]
    }

    /// Writes `logo`'s assets for `options` straight into `project` (the run is made in a scratch
    /// folder in the temporary directory, removed afterwards).
    public static func install(
        logo: VectorLogo, options: AssetOptions, into project: String, force: Bool, deadline: Deadline = .none,
        progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> (assets: AssetGenerator.Report, install: Report) {
        try checkProject(project)
        // Unique per call (the process id alone would let two threads of one process share it).
        let unique = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("logo-mask-into-\(getpid())-\(unique)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let assets = try AssetGenerator.write(logo: logo, options: options, to: scratch, deadline: deadline, progress: progress)
        return (assets, try install(from: scratch, into: project, force: force))
    }

    /// Copies the files of the asset folder `folder` (as `assets` or `generate` wrote it) into `project`.
    public static func install(from folder: String, into project: String, force: Bool) throws(LogoMaskError) -> Report {
        try checkProject(project)
        let paths: [String]
        do {
            paths = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        } catch {
            throw LogoMaskError.unreadableInput(file: folder, reason: SystemErrorText.describe(error))
        }
        var app: String?
        func appFolder() throws(LogoMaskError) -> String {
            if let app { return app }
            let found = try ProjectLayout.iosAppFolder(in: project)
            app = found
            return found
        }

        // Plan: every destination and its bytes, before anything is written.
        var plan: [(target: String, data: Data)] = []
        var notPlaced: [String] = []
        for path in paths {
            var isFolder = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder else { continue }
            guard path != "manifest.json", let target = try ProjectLayout.destination(of: path, app: appFolder) else {
                if path != "manifest.json" { notPlaced.append(path) }
                continue
            }
            if ProjectLayout.onlyWhenMissing.contains(path), FileManager.default.fileExists(atPath: project + "/" + target) { continue }
            guard var data = FileManager.default.contents(atPath: folder + "/" + path) else {
                throw LogoMaskError.unreadableInput(file: folder + "/" + path, reason: "it vanished while being read")
            }
            if target == ExpoConfigScript.name { data = ExpoConfigScript.script(fragment: data) }
            plan.append((target, data))
        }

        // Check: every existing destination must be logo-mask's own (or already these bytes).
        var record = try ProjectRecord.read(project: project)
        var refused: [String] = []
        for (target, data) in plan {
            let file = project + "/" + target
            var isFolder = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else { continue }
            if isFolder { throw LogoMaskError.cannotWriteOutput(file: file, reason: "it is a folder; logo-mask writes a file there") }
            if force { continue }
            let existing = FileManager.default.contents(atPath: file) ?? Data()
            if existing == data { continue }
            if let recorded = record.files[target], try SHA256Digest.hex(of: existing) == recorded { continue }
            refused.append(target)
        }
        if let first = refused.first {
            throw LogoMaskError.projectFileNotOurs(file: project + "/" + first, others: Array(refused.dropFirst()))
        }

        // Write: each file aside then renamed into place; the record last.
        for (target, data) in plan {
            let file = project + "/" + target
            try makeParent(of: file)
            let output = try AtomicFile(path: file)
            try output.write(Array(data))
            try output.commit()
            record.files[target] = try SHA256Digest.hex(of: data)
        }
        let recordFile = project + "/" + ProjectRecord.path
        try makeParent(of: recordFile)
        let output = try AtomicFile(path: recordFile)
        try output.write(Array(try record.encoded()))
        try output.commit()
        return Report(written: plan.map(\.target).sorted(), notPlaced: notPlaced)
    }

    private static func checkProject(_ project: String) throws(LogoMaskError) {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: project, isDirectory: &isFolder), isFolder else {
            throw LogoMaskError.cannotWriteOutput(file: project, reason: "the project folder does not exist; give the app project's root folder")
        }
    }

    private static func makeParent(of file: String) throws(LogoMaskError) {
        let parent = URL(fileURLWithPath: file).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: file, reason: "cannot create its folder (\(SystemErrorText.describe(error)))")
        }
    }
}
