import Glibc

/// What a set of files looked like on disk at one moment (modification time, size, inode; or
/// missing), to tell which of them changed since: how `generate --watch` and the preview server
/// follow the files, by polling (a `stat` per file every few hundred milliseconds costs nothing
/// and, unlike inotify, sees a file an editor replaces by renaming another over it).
public struct FileFingerprints: Sendable, Equatable {
    /// One file's state; nil when it cannot be read.
    private struct Stamp: Sendable, Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt
    }

    /// The paths, in the order given.
    public let paths: [String]
    private let stamps: [Stamp?]

    /// The files' state now.
    public init(paths: [String]) {
        self.paths = paths
        stamps = paths.map(Self.stamp)
    }

    /// The paths whose state differs in `other` (a later look at the same or other paths),
    /// in `other`'s order; a path only one of them watches counts as changed.
    public func changes(to other: FileFingerprints) -> [String] {
        var changed: [String] = []
        for (index, path) in other.paths.enumerated() {
            guard let mine = paths.firstIndex(of: path) else {
                changed.append(path)
                continue
            }
            if stamps[mine] != other.stamps[index] { changed.append(path) }
        }
        for path in paths where !other.paths.contains(path) { changed.append(path) }
        return changed
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size),
            inode: UInt(info.st_ino))
    }
}
