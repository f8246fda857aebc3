import FoundationEssentials

/// What logo-mask wrote into a project, kept in `PROJECT/.logo-mask/written.json`: each
/// project path with the SHA-256 of the bytes written there. A file whose bytes still match is
/// logo-mask's to replace; any other existing file is the user's (``ProjectInstaller``).
public struct ProjectRecord: Codable, Sendable, Equatable {
    /// The record's path inside the project.
    public static let path = ".logo-mask/written.json"
    /// Project-relative path to the hex SHA-256 of the bytes logo-mask wrote there.
    public var files: [String: String] = [:]

    /// An empty record.
    public init() {}

    /// The record of `project`, empty when it has none.
    public static func read(project: String) throws(LogoMaskError) -> ProjectRecord {
        let file = project + "/" + path
        guard let data = FileManager.default.contents(atPath: file) else { return ProjectRecord() }
        do {
            return try JSONDecoder().decode(ProjectRecord.self, from: data)
        } catch {
            throw LogoMaskError.unreadableInput(
                file: file, reason: "it is not logo-mask's record of written files (\(error)); delete it (the files it listed are then refused until overwritten on purpose, with force)")
        }
    }

    /// The record's bytes: sorted keys, so the same files give the same bytes.
    func encoded() throws(LogoMaskError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self) + Data([0x0A])
        } catch {
            throw LogoMaskError.drawingFailed(file: ProjectRecord.path, reason: "\(error)")
        }
    }
}
