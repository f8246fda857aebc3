import FoundationEssentials
import LogoMask
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
final class ProgressBar {
    private let label: String
    private let enabled: Bool
    private var lastDrawn = -1

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
    }

    /// Redraws for a fraction 0...1 (at most once a percent).
    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int((fraction * 100).rounded(.down))
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        FileDescriptorWriter.writeAll(STDERR_FILENO, Data("\r\(label) [\(bar)] \(percent)%".utf8))
    }

    /// Prints a line on standard error above the bar (clears the bar, prints, draws it again).
    func printAbove(_ text: String) {
        guard enabled, lastDrawn >= 0 else { return printError(text) }
        FileDescriptorWriter.writeAll(STDERR_FILENO, Data("\r\u{1B}[K".utf8))
        printError(text)
        let percent = lastDrawn
        lastDrawn = -1
        update(Double(percent) / 100)
    }

    /// Clears the line.
    func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        FileDescriptorWriter.writeAll(STDERR_FILENO, Data("\r\u{1B}[K".utf8))
    }
}
