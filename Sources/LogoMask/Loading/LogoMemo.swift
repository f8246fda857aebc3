import Synchronization

/// What a run's outputs draw of one logo again and again, kept per key for the logo's life
/// (``VectorLogo/screenPictures``, ``VectorLogo/framePictures``, ``VectorLogo/pictureBitmaps``):
/// in `generate` the Lottie, the web page's drawn logo and hole, the overlay, the web launch
/// screen and each platform's code ask for the same screens (kiten drew its 109 shadows about
/// 2 s of CPU over again).
///
/// Transparent to its callers: a value is the same bytes whoever asks first. Each key is made at
/// most once however many threads ask at the same time (they wait for the first, as the outputs
/// run as ``OrderedJobs``); different keys are made side by side. A failure goes to the callers
/// waiting for it and is then dropped, so that a later caller makes the value again.
final class LogoMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[(key: Key, value: OnceCache<Value>)]>([])
    private let capacity: Int

    /// A memo keeping the `capacity` keys asked most recently.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value of `key`, made by `make` if no one has asked for it yet (or it was dropped).
    func value(_ key: Key, make: () throws(LogoMaskError) -> Value) throws(LogoMaskError) -> Value {
        let cache = entries.withLock { list -> OnceCache<Value> in
            if let index = list.firstIndex(where: { $0.key == key }) {
                let found = list.remove(at: index)
                list.insert(found, at: 0)
                return found.value
            }
            let made = OnceCache<Value>()
            list.insert((key, made), at: 0)
            if list.count > capacity { list.removeLast() }
            return made
        }
        // Made outside the list's lock: another key can be made meanwhile.
        do throws(LogoMaskError) {
            return try cache.value(make)
        } catch {
            // A failure is not kept: the next caller tries again (with its own file to name).
            entries.withLock { list in list.removeAll { $0.value === cache } }
            throw error
        }
    }
}
