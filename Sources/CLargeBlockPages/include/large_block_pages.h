// calloc, free and realloc for the logo-mask executable: glibc's own, plus transparent huge
// pages for a few large zeroed blocks at a time, and heap blocks from 128 KiB cleared whole so
// their pages are never the kernel's zero page (see large_block_pages.c). Nothing to call:
// linking the target is the whole effect; this count is for tests and the curious.
#ifndef LARGE_BLOCK_PAGES_H
#define LARGE_BLOCK_PAGES_H

/// How many blocks have been given huge-page advice since the process started.
unsigned long logo_mask_large_blocks_advised(void);

#endif
