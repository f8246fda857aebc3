import Synchronization

/// A test hook that records what the library does for a logo, by the logo's name, and only for
/// the names a test is watching. Tests run in parallel and share the library's statics: a hook
/// switched on and off as a whole let one suite count another's draws (or switch the count off
/// under it), so each test watches a name of its own.
final class WatchedLog<Entry: Sendable>: Sendable {
    private let entries = Mutex<[String: Entry]>([:])
    private let empty: Entry

    /// A log whose watched names start from `empty`.
    init(empty: Entry) {
        self.empty = empty
    }

    /// Whether any name is watched (to skip work that only feeds the log).
    var isWatching: Bool {
        entries.withLock { !$0.isEmpty }
    }

    /// Updates the entry of `name` if a test is watching it.
    func record(_ name: String, _ update: (inout Entry) -> Void) {
        entries.withLock { entries in
            guard var entry = entries[name] else { return }
            update(&entry)
            entries[name] = entry
        }
    }

    /// Runs `body` while watching `name`; returns what was recorded for it.
    func watching(_ name: String, _ body: () throws -> Void) rethrows -> Entry {
        entries.withLock { $0[name] = empty }
        defer { entries.withLock { _ = $0.removeValue(forKey: name) } }
        try body()
        return entries.withLock { $0[name] ?? empty }
    }
}
