import FoundationEssentials
import MaskGeometry

/// One logo of a batch and the PNG it becomes.
public struct BatchItem: Sendable, Hashable {
    /// The logo's path, as given (or as found in a folder or a list).
    public var input: String
    /// The PNG to write: `FOLDER/NAME.png`, NAME being the input's file name without its extension.
    public var output: String

    /// Creates an item.
    public init(input: String, output: String) {
        self.input = input
        self.output = output
    }
}

/// Turns what a user names (logo paths, folders, `@list` files) into the items of a batch,
/// refusing up front what would make a batch write over itself.
public enum BatchInputs {
    /// The file extensions a folder's logos are taken by (compared without case).
    public static let logoExtensions: Set<String> = ["svg", "svgz", "pdf"]

    /// The logo paths `arguments` name, in order: a path is itself; a folder gives its `.svg`,
    /// `.svgz` and `.pdf` files (not its subfolders), sorted by name; `@FILE` gives the paths in
    /// FILE, one a line (blank lines and lines starting with `#` skipped; a relative path is
    /// taken from FILE's folder). Paths that do not exist are kept: each fails alone when drawn.
    ///
    /// Throws ``LogoMaskError/unreadableInput(file:reason:)`` for a list that cannot be read and
    /// a folder that holds no logo, and ``LogoMaskError/invalidRequest(_:)`` for standard input
    /// (`-`), which has no name to write under.
    public static func expand(_ arguments: [String]) throws(LogoMaskError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            if argument == "-" {
                throw LogoMaskError.invalidRequest("standard input (-) cannot be part of a batch: its output would have no name. Save it to a file.")
            }
            if argument.hasPrefix("@"), argument.count > 1 {
                paths += try listedPaths(String(argument.dropFirst()))
                continue
            }
            var isFolder = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder {
                paths += try folderLogos(argument)
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    /// The items writing each of `inputs` to `folder/NAME.png`. Throws
    /// ``LogoMaskError/invalidRequest(_:)`` naming both inputs when two would write the same
    /// file, and when there is no input at all.
    public static func items(for inputs: [String], into folder: String) throws(LogoMaskError) -> [BatchItem] {
        guard !inputs.isEmpty else { throw LogoMaskError.invalidRequest("the batch has no logo to draw.") }
        var seen: [String: String] = [:]
        var items: [BatchItem] = []
        for input in inputs {
            let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            let output = (folder.hasSuffix("/") ? folder : folder + "/") + name + ".png"  // as given, not made absolute
            if let first = seen[output] {
                throw LogoMaskError.invalidRequest(
                    "\(first) and \(input) would both be written to \(output). Rename one, or run them as two batches.")
            }
            seen[output] = input
            items.append(BatchItem(input: input, output: output))
        }
        return items
    }

    private static func listedPaths(_ list: String) throws(LogoMaskError) -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: list))
        } catch {
            throw LogoMaskError.unreadableInput(file: list, reason: "cannot read the list of logos (\(SystemErrorText.describe(error)))")
        }
        let base = URL(fileURLWithPath: list).deletingLastPathComponent()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let path = line.trimmingWhitespace()
            guard !path.isEmpty, !path.hasPrefix("#") else { return nil }
            return path.hasPrefix("/") ? path : base.appendingPathComponent(path).path
        }
    }

    private static func folderLogos(_ folder: String) throws(LogoMaskError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw LogoMaskError.unreadableInput(file: folder, reason: "cannot list the folder (\(SystemErrorText.describe(error)))")
        }
        let logos = names.filter { name in
            !name.hasPrefix(".") && logoExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased())
        }.sorted()
        guard !logos.isEmpty else {
            throw LogoMaskError.unreadableInput(file: folder, reason: "the folder holds no .svg, .svgz or .pdf file")
        }
        return logos.map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }
}
