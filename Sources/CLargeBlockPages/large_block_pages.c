// Huge pages for librsvg's filter surfaces, which glibc cannot be told to use after start-up.
//
// librsvg 2.54 gives every filtered element several intermediate surfaces the size of the whole
// toplevel viewport (64 MiB each at 4096 x 4096), allocated with calloc through Cairo and
// pixman. Above glibc's mmap threshold each one is a fresh mapping, so every surface costs
// 16,384 page faults: kiten (111 blurred elements) took 6.6 million, half of its CPU time in
// the kernel. glibc would advise huge pages for such mappings with GLIBC_TUNABLES=
// glibc.malloc.hugetlb=1, but tunables are read only when a process starts, and mallopt has no
// such setting; so the executable defines calloc (which librsvg's libraries, opened later, bind
// to: the symbol is exported) and gives the same advice itself.
//
// Only a few blocks at a time: a huge page becomes resident as a whole when one byte of it is
// written, and librsvg writes some surfaces only where the element is, so advising every
// surface raised kiten's peak memory from 430 to 545 MB. With 4 blocks advised at a time it
// peaked at 475 MB and took 1.1 million page faults (rocs: 442 to 464 MB). Six since a filtered
// render is cut into two strips drawn at once (FilteredStripCut), each with its own surfaces:
// kiten's two workers took 5.2 s of system time with 4, 3.6-4.2 s with 6 (peak 457-487 MiB over
// five runs), 2.8-3.5 s with 8 (459-497 MiB: too near the 500 MB target) and 2.6 s with 16
// (565 MB). free and realloc forget a block before glibc releases it, so a slot never names
// memory someone else owns.
//
// Heap blocks from 128 KiB up are cleared here, every byte, instead of by glibc's calloc, which
// skips the part of a block that is fresh heap (the kernel's zeros). Pixman then reads those
// untouched pages first (a group surface is composited whole, drawn or not), so the kernel maps
// its shared zero page there; when glibc hands the block out again and clears it, every such
// page is copied on write, and each copy flushes the other worker's TLB by an interrupt
// (ptep_clear_flush). Tango's internet-web-browser at 4096 px took 3,800 such copies and 3,500
// zero-page reads: 0.35 s of CPU, 0.07 s of it in the kernel. Written first, a page faults once,
// as a plain fresh page: 0.29 s, 0.02 s in the kernel (Benchmarks/PERFORMANCE.md). The price:
// the pages of a block nobody touches become resident too (a few MB of peak memory at most).
//
// Only on glibc (its __libc_* entry points are the real allocator); elsewhere nothing is defined
// and the C library's own functions are used.
#include "large_block_pages.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>  // glibc's headers define __GLIBC__

#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <string.h>
#include <sys/mman.h>

extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_realloc(void *pointer, size_t size);

// glibc's largest mmap threshold: blocks from here up are mappings of their own.
#define LARGE_BLOCK ((size_t)32 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)
#define SLOTS 6
// Heap blocks from this size up are cleared by calloc below, whole.
#define CLEARED_BLOCK ((size_t)128 << 10)

static _Atomic uintptr_t advised[SLOTS];
static _Atomic unsigned long advised_count;

unsigned long logo_mask_large_blocks_advised(void) { return atomic_load(&advised_count); }

// A block glibc mapped on its own starts 16 bytes past a page boundary: anything else is
// never in a slot, and is let through without touching the shared slots.
static void forget(void *pointer) {
    uintptr_t address = (uintptr_t)pointer;
    if (address == 0 || (address & 4095) != 16) return;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t expected = address;
        if (atomic_load_explicit(&advised[i], memory_order_relaxed) == address)
            atomic_compare_exchange_strong(&advised[i], &expected, 0);
    }
}

// Blocks under 32 MiB come from the heap, and freed memory stays in it for the next surface.
// glibc's defaults (a threshold that starts at 128 KiB and a heap trimmed past 128 KiB free at
// its top) gave each of librsvg's smaller filter surfaces (13 MiB at 2048 px) a fresh mapping
// or fresh heap pages: 1.75 million page faults and 2.8 s of kernel time in kiten's `assets`,
// 0.9 s of a 1024-px render's 1.3; with these settings 30,000 faults and 0.2 s (peak memory
// 138 -> 152 MB). The memory is only kept, not grown: the peak is what was live at once.
// Blocks from 32 MiB up are still mappings of their own, and advised below.
__attribute__((constructor)) static void keep_freed_surfaces(void) {
    (void)mallopt(M_MMAP_THRESHOLD, (int)LARGE_BLOCK);
    (void)mallopt(M_TRIM_THRESHOLD, (int)((size_t)512 << 20));
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) return __libc_calloc(count, size);
    if (total >= CLEARED_BLOCK && total < LARGE_BLOCK) {
        void *block = __libc_malloc(total);
        if (block != NULL) memset(block, 0, total);
        return block;
    }
    void *pointer = __libc_calloc(count, size);
    if (pointer == NULL || total < LARGE_BLOCK) return pointer;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t empty = 0;
        if (atomic_compare_exchange_strong(&advised[i], &empty, (uintptr_t)pointer)) {
            // The whole huge pages inside the block; the block is still untouched (glibc does
            // not clear fresh mappings), so its first writes fault in 2 MiB at a time.
            uintptr_t start = ((uintptr_t)pointer + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
            uintptr_t end = ((uintptr_t)pointer + total) & ~(HUGE_PAGE - 1);
            if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
            atomic_fetch_add(&advised_count, 1);
            break;
        }
    }
    return pointer;
}

void free(void *pointer) {
    forget(pointer);
    __libc_free(pointer);
}

void *realloc(void *pointer, size_t size) {
    forget(pointer);
    return __libc_realloc(pointer, size);
}
#else
unsigned long logo_mask_large_blocks_advised(void) { return 0; }
#endif
