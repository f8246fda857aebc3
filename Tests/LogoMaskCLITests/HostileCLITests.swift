import Foundation
import Testing
import LogoMaskTestSupport

/// Every command against every hostile logo (see HostileInputs.swift): a documented exit status,
/// never a signal, a message naming the file with what is wrong and a hint, and no output file
/// or temporary left behind when the command fails.
@Suite("Hostile inputs through the CLI")
struct HostileCLITests {
    /// A command with the arguments it needs, writing (if it writes) into `folder`.
    struct Command: Sendable, CustomStringConvertible {
        let name: String
        /// Arguments after the logo path; `{out}` becomes the output folder.
        let arguments: [String]
        /// The file it writes, relative to the output folder (nil: prints only).
        let output: String?
        var description: String { name }
    }

    static let commands: [Command] = [
        Command(name: "info", arguments: ["--json"], output: nil),
        Command(name: "render", arguments: ["-o", "{out}/logo.png", "--width", "64", "-q"], output: "logo.png"),
        Command(name: "export", arguments: ["-o", "{out}/logo.pdf"], output: "logo.pdf"),
        Command(name: "mask", arguments: ["-o", "{out}/mask.png", "--width", "64", "-q"], output: "mask.png"),
        Command(name: "hole", arguments: ["-o", "{out}/hole.png", "--viewport", "40x40@1", "-q"], output: "hole.png"),
        Command(name: "bounds", arguments: ["--json"], output: nil),
        Command(name: "cover", arguments: ["--viewport", "40x40@1", "--json"], output: nil),
        Command(name: "assets", arguments: ["-o", "{out}/assets", "--platforms", "web", "-q"], output: "assets"),
        Command(name: "reveal", arguments: ["--viewport", "40x40@1", "--preset", "fade", "--fps", "5", "-o", "{out}/frames", "-q"],
                output: "frames"),
    ]

    /// Words one of which every error message's hint uses.
    static let hintWords = ["check", "pass", "give", "raise", "ask", "try", "simplify", "export it", "use", "flatten"]

    struct Pair: Sendable, CustomStringConvertible {
        let hostile: HostileCase
        let command: Command
        var description: String { "\(command.name): \(hostile.name)" }
    }

    static let pairs: [Pair] = hostileCases.flatMap { hostile in commands.map { Pair(hostile: hostile, command: $0) } }

    @Test("hostile logo through a command", arguments: pairs)
    func hostileThroughCommand(_ pair: Pair) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let logo = folder.appendingPathComponent(pair.hostile.fileName).path
        try pair.hostile.bytes.write(to: URL(fileURLWithPath: logo))

        let arguments = [pair.command.name, logo]
            + pair.command.arguments.map { $0.replacingOccurrences(of: "{out}", with: out.path) }
            + ["--timeout", "30"] + pair.hostile.extraArguments
        let started = Date()
        let result = try CLI.run(arguments)
        let elapsed = Date().timeIntervalSince(started)

        #expect(result.status < 128, "crashed or killed: status \(result.status)\n\(result.stderr)")
        #expect(pair.hostile.allowed(for: pair.command.name).contains(result.status),
                "status \(result.status), expected one of \(pair.hostile.allowed(for: pair.command.name).sorted())\n\(result.stderr)")
        #expect(elapsed < 40, "took \(elapsed) s")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")

        let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        if result.status == 0 {
            #expect(left == (pair.command.output.map { [$0] } ?? []), "left behind: \(left)")
        } else {
            #expect(left.isEmpty, "a failed run left \(left)")
            let message = result.stderr.lowercased()
            #expect(result.stderr.contains(logo), "the message does not name the file: \(result.stderr)")
            #expect(Self.hintWords.contains { message.contains($0) }, "no hint in: \(result.stderr)")
        }
        // Words about what is wrong: in the error, or in the warning of a run that succeeded.
        let relevant = result.status == 0 || pair.hostile.allowed(for: pair.command.name).count == 1
        if relevant, !pair.hostile.mentions.isEmpty, result.status != 3, result.status != 75 {
            let message = result.stderr.lowercased()
            let missing = pair.hostile.mentions.filter { !message.contains($0.lowercased()) }
            let applies = result.status != 0 || pair.hostile.mentions.contains("warning")
            #expect(!applies || missing.isEmpty, "message lacks \(missing): \(result.stderr)")
        }
        if result.status == 75 {
            #expect(result.stderr.contains("deadline"), "\(result.stderr)")
        }
    }

    @Test("a missing file, a folder and an empty standard input", arguments: commands)
    func unreadableInputs(_ command: Command) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let rest = command.arguments.map { $0.replacingOccurrences(of: "{out}", with: out.path) } + ["--timeout", "5"]
        let missing = folder.appendingPathComponent("nope.svg").path
        let r1 = try CLI.run([command.name, missing] + rest)
        #expect(r1.status == 66 && r1.stderr.contains(missing) && r1.stderr.contains("no such file"), "\(r1)")
        let r2 = try CLI.run([command.name, folder.path] + rest)
        // render and mask take a folder of logos as a batch, which writes into a folder: with a
        // file name for -o that is a usage error (64); the other commands cannot read a folder (66).
        let takesBatches = ["render", "mask"].contains(command.name)
        #expect(r2.status == (takesBatches ? 64 : 66) && r2.stderr.contains("folder"), "\(r2)")
        let r3 = try CLI.run([command.name, "-"] + rest, stdin: Data())
        #expect(r3.status == 65 && r3.stderr.contains("<stdin>") && r3.stderr.contains("empty"), "\(r3)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty)
    }

    @Test("standard input past 64 MiB is refused without buffering it all")
    func endlessStandardInput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["info", "-", "--timeout", "30"]
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // Write 80 MiB of spaces (the reader stops at 64 MiB + 1; later writes fail with EPIPE).
        signal(SIGPIPE, SIG_IGN)
        let block = Data(repeating: 0x20, count: 1 << 20)
        let writer = input.fileHandleForWriting
        for _ in 0..<80 {
            do { try writer.write(contentsOf: block) } catch { break }
        }
        try? writer.close()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65, "\(message)")
        #expect(message.contains("<stdin>") && message.contains("byte limit"), "\(message)")
    }

    @Test("an output folder that does not exist is refused with 73 and nothing written")
    func unwritableOutput() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in Self.commands where command.output != nil {
            let rest = command.arguments.map { $0.replacingOccurrences(of: "{out}", with: folder.path + "/missing") }
            let result = try CLI.run([command.name, CLI.sample("bird.svg")] + rest + ["--timeout", "10"])
            #expect(result.status == 73, "\(command.name): \(result)")
            #expect(result.stderr.contains("missing"), "\(command.name): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--max-pixels refuses before drawing, naming the size it would need", arguments: ["render", "mask"])
    func pixelBudget(_ command: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("big.png").path
        let result = try CLI.run([command, CLI.sample("bird.svg"), "-o", output, "--width", "3000", "--max-pixels", "1000000", "-q"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("would be 3000x") && result.stderr.contains("pixels, over the budget of 1000000")
            && result.stderr.contains("--max-pixels"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--max-pixels bounds the screen-sized commands too", arguments: [
        ["hole", "-o", "{out}/h.png", "--viewport", "400x400@2"],
        ["cover", "--viewport", "400x400@2"],
        ["reveal", "--viewport", "400x400@2", "--preset", "fade", "-o", "{out}/frames"],
    ])
    func pixelBudgetScreens(_ arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let args = arguments.map { $0.replacingOccurrences(of: "{out}", with: folder.path) }
        let result = try CLI.run([args[0], CLI.sample("bird.svg")] + args.dropFirst() + ["--max-pixels", "100000"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("800x800 = 640000 pixels, over the budget of 100000"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--max-pixels refuses a huge document at its own size, naming the size")
    func pixelBudgetHugeDocument() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("huge.svg").path
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e8" height="1e8"><rect width="5" height="5"/></svg>"#.utf8)
            .write(to: URL(fileURLWithPath: logo))
        for command in ["render", "mask"] {
            let result = try CLI.run([command, logo, "-o", folder.appendingPathComponent("o.png").path, "-q"])
            #expect(result.status == 64, "\(command): \(result)")
            #expect(result.stderr.contains("100000000x100000000"), "\(command): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["huge.svg"])
    }

    @Test("--timeout stops a long render with 75 and leaves no partial PNG")
    func deadlineBetweenStrips() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("huge.png").path
        let started = Date()
        // 240000 x 60000 px: about 20 s even in a release build. At 60000 px wide the render
        // itself now ends in half a second, under the timeout, on an idle machine.
        let result = try CLI.run(["render", CLI.sample("wordmark.svg"), "-o", output, "--width", "240000", "--timeout", "1", "-q"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains(CLI.sample("wordmark.svg")) && result.stderr.contains("--timeout"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("SIGTERM and SIGINT mid-render remove the temporary and exit 128+signal", arguments: [SIGTERM, SIGINT])
    func interrupted(_ signalNumber: Int32) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("huge.png").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        // Long enough (about 20 s) to be under way when the signal comes.
        process.arguments = ["render", CLI.sample("wordmark.svg"), "-o", output, "--width", "240000", "--timeout", "60", "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary exists (the render is under way), at most 10 s.
        let until = Date().addingTimeInterval(10)
        while Date() < until, ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty {
            usleep(20_000)
        }
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--allow-local-refs loads a file beside the logo but never one outside its folder")
    func localReferences() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("logo")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        // A 1x1 red PNG beside the logo, and one outside its folder.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==") ?? Data()
        try png.write(to: inner.appendingPathComponent("dot.png"))
        try png.write(to: folder.appendingPathComponent("outside.png"))
        let logo = inner.appendingPathComponent("logo.svg").path
        try svgText(#"<image width="10" height="10" xlink:href="dot.png"/><image x="10" width="10" height="10" xlink:href="../outside.png"/>"#)
            .write(toFile: logo, atomically: true, encoding: .utf8)
        let plain = try CLI.run(["info", logo, "--json"])
        #expect(plain.status == 0 && plain.stderr.contains("warning") && plain.stderr.contains("dot.png"), "\(plain)")
        #expect(plain.stdout.contains("\"logicalBounds\" : null"), "nothing should draw without --allow-local-refs: \(plain.stdout)")
        // librsvg gives images a logical box (no ink box): 10 wide means dot.png loaded and
        // ../outside.png did not.
        let allowed = try CLI.run(["info", logo, "--json", "--allow-local-refs"])
        #expect(allowed.status == 0, "\(allowed)")
        let compact = allowed.stdout.filter { !$0.isWhitespace }
        #expect(compact.contains(#""logicalBounds":{"height":10,"width":10,"x":0,"y":0}"#), "\(allowed.stdout)")
        let render = folder.appendingPathComponent("r.png").path
        let drawn = try CLI.run(["render", logo, "-o", render, "--width", "20", "--allow-local-refs", "-q"])
        #expect(drawn.status == 0, "\(drawn)")
        #expect(pngSize(render) == PNGSize(20, 10))
    }

    private func svgText(_ body: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="10">"# + body + "</svg>"
    }
}
