import Foundation
import Testing
import LogoMaskTestSupport

/// `render` and `mask` over many logos (`-o DIR/`): the same bytes as one by one, collisions
/// refused up front, failures (bad files, dying workers) reported while the others complete.
@Suite("batches of logos")
struct BatchCLITests {
    static let icons = ["abb", "adyen", "airbrake", "activitypub", "1001tracklists"]

    /// The hidden files (temporaries) and every file of a folder.
    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a render batch (workers and in-process) and a mask batch write the one-by-one bytes")
    func sameBytesAsOneByOne() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logos = Self.icons.map { CLI.fixture("\($0).svg") } + [CLI.sample("bird.pdf")]
        let names = (Self.icons + ["bird"]).map { "\($0).png" }.sorted()
        for (command, options) in [("render", ["--width", "96", "--background", "#fff8"]), ("mask", ["--height", "80", "--gray", "--invert"])] {
            let single = folder.appendingPathComponent("single-\(command)")
            try FileManager.default.createDirectory(at: single, withIntermediateDirectories: false)
            for logo in logos {
                let name = URL(fileURLWithPath: logo).deletingPathExtension().lastPathComponent
                let run = try CLI.run([command, logo, "-o", single.appendingPathComponent("\(name).png").path, "-q"] + options)
                #expect(run.status == 0, "\(run.stderr)")
            }
            for mode in [["--jobs", "2"], ["--jobs", "3", "--in-process"]] {
                let out = folder.appendingPathComponent("\(command)\(mode.count)")
                let run = try CLI.run([command] + logos + ["-o", out.path + "/"] + options + mode)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.contains("\(command): wrote 6 of 6 logos into \(out.path)/"))
                #expect(try listing(out) == names)
                for name in names {
                    let batch = try Data(contentsOf: out.appendingPathComponent(name))
                    let alone = try Data(contentsOf: single.appendingPathComponent(name))
                    #expect(batch == alone, "\(command) \(mode) \(name)")
                }
            }
        }
    }

    @Test("two logos with the same name are refused with 64 naming both, before anything is written")
    func nameCollision() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = try CLI.run(["render", CLI.fixture("abb.svg"), CLI.sample("bird.svg"), CLI.sample("bird.pdf"),
                               "-o", out.path + "/", "--width", "64"])
        #expect(run.status == 64)
        #expect(run.stderr == "logo-mask: \(CLI.sample("bird.svg")) and \(CLI.sample("bird.pdf")) would both be written to "
            + "\(out.path)/bird.png. Rename one, or run them as two batches.\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("bad files fail alone with their single-run message; the batch exits 1 and the others are written")
    func failingLogos() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0".utf8).write(to: broken)
        let missing = folder.appendingPathComponent("missing.svg").path
        let out = folder.appendingPathComponent("out")
        for mode in [[String](), ["--in-process"]] {
            try? FileManager.default.removeItem(at: out)
            let run = try CLI.run(["mask", CLI.fixture("abb.svg"), broken.path, missing, CLI.fixture("adyen.svg"),
                                   "-o", out.path + "/", "--width", "64", "--jobs", "2"] + mode)
            #expect(run.status == 1)
            for bad in [broken.path, missing] {
                let alone = try CLI.run(["mask", bad, "-o", folder.appendingPathComponent("x.png").path, "--width", "64"])
                #expect([65, 66].contains(alone.status))
                #expect(run.stderr.contains(alone.stderr), "\(mode): \(run.stderr)")
            }
            #expect(run.stderr.contains("mask: wrote 2 of 4 logos into \(out.path)/; 2 failed (exit status 1)"))
            #expect(try listing(out) == ["abb.png", "adyen.png"])
        }
    }

    @Test("workers that die (killed, crash-guard abort, past the time limit) cost only their logo; no temporary is left")
    func dyingWorkers() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let logos = Self.icons.map { CLI.fixture("\($0).svg") }
        let started = Date()
        let run = try CLI.run(
            ["render"] + logos + ["-o", out.path + "/", "--width", "64", "--jobs", "2", "--timeout", "2"],
            environment: ["LOGO_MASK_BATCH_TEST_FAULT": "abb.svg:kill,adyen.svg:abort,airbrake.svg:hang"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(run.status == 1)
        #expect(run.stderr.contains("logo-mask: \(CLI.fixture("abb.svg")): the batch worker drawing it was killed by signal 9 (SIGKILL)\n"))
        #expect(run.stderr.contains("logo-mask: \(CLI.fixture("adyen.svg")): librsvg aborted while drawing it: a bug in librsvg, not in the file's syntax\n"))
        #expect(run.stderr.contains("logo-mask: \(CLI.fixture("airbrake.svg")): "))
        #expect(run.stderr.contains("render: wrote 2 of 5 logos into \(out.path)/; 3 failed (exit status 1)"))
        #expect(try listing(out) == ["1001tracklists.png", "activitypub.png"])
    }

    @Test("a folder and an @list give their logos (sorted; list paths from the list's folder); -o an existing folder is a batch")
    func folderAndListInputs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = folder.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: false)
        for name in ["adyen", "abb"] {
            try FileManager.default.copyItem(atPath: CLI.fixture("\(name).svg"), toPath: icons.appendingPathComponent("\(name).svg").path)
        }
        try Data("not a logo".utf8).write(to: icons.appendingPathComponent("notes.txt"))
        let list = folder.appendingPathComponent("logos.txt")
        try Data("# two logos\nicons/abb.svg\n\n\(CLI.sample("bird.svg"))\n".utf8).write(to: list)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let fromFolder = try CLI.run(["render", icons.path, "-o", out.path, "--width", "48", "-q"])
        #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
        #expect(fromFolder.stderr.isEmpty)
        #expect(try listing(out) == ["abb.png", "adyen.png"])
        let fromList = try CLI.run(["mask", "@" + list.path, "-o", out.path + "/", "--width", "48", "-q"])
        #expect(fromList.status == 0, "\(fromList.stderr)")
        #expect(try listing(out) == ["abb.png", "adyen.png", "bird.png"])
        #expect(pngSize(out.appendingPathComponent("bird.png").path)?.width == 48)
        let blank = folder.appendingPathComponent("blank")
        try FileManager.default.createDirectory(at: blank, withIntermediateDirectories: false)
        let empty = try CLI.run(["render", blank.path, "-o", out.path + "/", "--width", "48"])
        #expect(empty.status == 66)
        #expect(empty.stderr == "logo-mask: \(blank.path): cannot read it: the folder holds no .svg, .svgz or .pdf file. Check the path and its permissions.\n")
        let notFolder = try CLI.run(["render", icons.path, "-o", folder.appendingPathComponent("x.png").path, "--width", "48"])
        #expect(notFolder.status == 64)
        #expect(notFolder.stderr.contains("give -o DIR/ (ending in /) or an existing folder, not \(folder.appendingPathComponent("x.png").path)."))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
        let noList = try CLI.run(["render", "@" + folder.appendingPathComponent("nolist.txt").path, "-o", out.path + "/", "--width", "48"])
        #expect(noList.status == 66)
        #expect(noList.stderr.hasPrefix("logo-mask: \(folder.appendingPathComponent("nolist.txt").path): cannot read it: cannot read the list of logos"))
    }
}
