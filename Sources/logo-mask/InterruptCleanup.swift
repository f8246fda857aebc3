import Dispatch
import Glibc
import LogoMask
import Synchronization

/// SIGINT and SIGTERM: removes registered temporaries, then exits 128 + the signal.
///
/// The work happens on a dispatch queue (a signal source), not in a signal handler: removing
/// files takes locks and allocates, which a handler interrupting a thread inside malloc would
/// deadlock on. The signals' default action is turned off first, so nothing is lost between.
enum InterruptCleanup {
    /// The installed sources, kept alive for the life of the process.
    private static let sources = Mutex<[DispatchSourceSignal]>([])

    /// Installs the signal sources once per process.
    static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: DispatchQueue.global(qos: .userInteractive))
                source.setEventHandler {
                    TemporaryOutputs.shared.removeAll()
                    _exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
