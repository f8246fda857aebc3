// The kernel's memory calls (mmap, madvise, munmap): large pixel buffers backed by transparent
// huge pages where the kernel offers them (Debian's default is "madvise").
#if canImport(Glibc)
import Glibc
#endif

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
