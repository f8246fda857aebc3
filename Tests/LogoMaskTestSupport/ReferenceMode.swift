import Foundation

/// Whether the tests compare with their stored references (the default) or rewrite them:
/// `make references` sets LOGO_MASK_UPDATE_REFERENCES=1 and runs the reference and help tests,
/// which then store what the built binary writes instead of comparing.
public enum ReferenceMode {
    /// The environment variable that switches the reference tests to rewriting.
    public static let variable = "LOGO_MASK_UPDATE_REFERENCES"

    /// True when the stored references are being rewritten.
    public static let updating = ProcessInfo.processInfo.environment[variable] == "1"

    /// Where failing comparisons leave what was drawn and the diff pictures, one folder per test
    /// process (printed in each failure).
    public static let failureFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("logo-mask-reference-failures-\(ProcessInfo.processInfo.processIdentifier)")

    /// The files under `folder`, as paths relative to it, sorted (folders themselves left out).
    public static func files(under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }
}
