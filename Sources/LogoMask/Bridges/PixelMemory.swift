// The kernel's memory calls (mmap, madvise, munmap): large pixel buffers backed by transparent
// huge pages where the kernel offers them (Debian's default is "madvise"); and glibc's malloc
// settings for large renders (mallopt).
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A zero-initialised buffer of `byteCount` bytes for pixels, mapped straight from the kernel.
///
/// A 16 MiB strip in 4 KiB pages takes 4,096 page faults the first time it is drawn into, which
/// cost a 4096-px render about a fifth of its time; in 2 MiB huge pages it takes 8. The kernel
/// hands out zeroed pages, so the buffer starts cleared.
final class PixelMemory {
    /// The first byte.
    let bytes: UnsafeMutablePointer<UInt8>
    /// Bytes in the buffer.
    let byteCount: Int
    private let mappedLength: Int
    private let mapped: Bool

    init(byteCount: Int) {
        self.byteCount = byteCount
        let hugePage = 2 << 20
        // Huge pages only pay for buffers of a few of them; small ones come from malloc.
        #if canImport(Glibc)
        if byteCount >= 2 * hugePage {
            let length = (byteCount + hugePage - 1) / hugePage * hugePage
            let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let address, address != MAP_FAILED {
                _ = madvise(address, length, MADV_HUGEPAGE)  // advice only: without it the pages are small
                bytes = address.assumingMemoryBound(to: UInt8.self)
                mappedLength = length
                mapped = true
                return
            }
        }
        #endif
        bytes = .allocate(capacity: max(1, byteCount))
        bytes.initialize(repeating: 0, count: max(1, byteCount))
        mappedLength = 0
        mapped = false
    }

    deinit {
        #if canImport(Glibc)
        if mapped {
            munmap(bytes, mappedLength)
            return
        }
        #endif
        bytes.deallocate()
    }
}

extension PixelMemory {
    /// Asks glibc's malloc to keep up to 32 MiB of freed memory per arena instead of handing it
    /// back to the kernel at once, for the rest of the process. Called by large strip renders.
    ///
    /// Every strip makes Cairo flatten the whole logo (librsvg asks for its fill extents before
    /// filling), into an edge list that grows by `realloc` to a few MiB at 16384 px for a
    /// complex logo and is freed at the end of the strip. glibc gave those pages back each time
    /// (`MADV_DONTNEED` when the arena's top passed its trim threshold, or `munmap` above the
    /// mmap threshold), so the next strip faulted them in again, zeroed: 11,000 of a 16384-px
    /// elsevier render's 15,000 page faults and about 4% of its CPU. Peak memory does not move
    /// (the pages were resident at the peak anyway).
    static func keepFreedHeapMemory() {
        _ = heapSettings
    }

    private static let heapSettings: Void = {
        // 32 MiB is the largest mmap threshold glibc accepts on 64-bit systems.
        mallopt(mmapThreshold, 32 << 20)
        mallopt(trimThreshold, 32 << 20)
    }()

    /// Limits glibc to one malloc arena for the rest of the process, so that threads started
    /// from now on allocate from its main heap; call before any thread starts. glibc still hands
    /// a new thread the arena of a thread that has ended, so it holds as described only when no
    /// worker ran before (the CLI's `generate` and `assets`, first thing in the process).
    ///
    /// `generate` draws filtered logos on worker threads. Each got a heap of its own (an arena),
    /// and glibc unmaps such a heap as soon as it is empty, whatever the trim threshold, so each
    /// of librsvg's filter surfaces (13.5 MiB at 2048 px) was mapped and faulted in afresh:
    /// kiten's `generate` on two threads took 1.0-2.0 million page faults and 2-4 s of kernel
    /// time (40,000 and 0.3 s in one thread) and peaked at 313 MB; with one arena 49,000 faults,
    /// 0.5 s, 240 MB.
    static func oneHeapForEveryThread() {
        _ = arenaSettings
    }

    private static let arenaSettings: Void = {
        mallopt(arenaMax, 1)
        sharesOneHeap.store(true, ordering: .relaxed)
    }()

    /// Whether ``oneHeapForEveryThread()`` ran: freed memory then serves every thread's next
    /// surfaces, and is not trimmed after each layer.
    private static let sharesOneHeap = Atomic<Bool>(false)

    // <malloc.h> is not in Swift's Glibc module: mallopt is looked up, and its parameters are
    // malloc.h's numbers. Setting either threshold turns off glibc's own adjustment of both.
    // Another libc has no such symbol and keeps its defaults.
    private static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3, arenaMax: Int32 = -8

    private static func mallopt(_ parameter: Int32, _ value: Int32) {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(parameter, value)
        #endif
    }

    /// Gives the heap's free pages back to the kernel, in every thread's arena (glibc's
    /// `malloc_trim`). Each worker's arena keeps what it freed for its next surfaces; after a
    /// large filtered layer (``LayeredFilterRender``) that is tens of MiB per worker that no
    /// other thread can use, and the arenas' high-water marks add up (kiten: 646 MB).
    /// With one arena for every thread (``oneHeapForEveryThread()``) it does nothing: what was
    /// freed is then what the next layer, on any thread, takes again.
    static func releaseFreedHeapMemory() {
        guard !sharesOneHeap.load(ordering: .relaxed) else { return }
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
