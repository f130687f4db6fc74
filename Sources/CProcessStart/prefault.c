#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "CProcessStart.h"

// A status line's memory, mapped in two calls instead of a page fault per page (BENCHMARKS.md,
// issue 36). `homescreen status` without --follow starts every few seconds in many tmux setups
// and is done in about 2 ms; each page of zero-filled data or heap it touches cost a fault of its
// own (a zero-filled page read before it is written, two), about 90 of its 270 faults. Here,
// before anything else runs:
// - the front of .bss, where the link order puts the runtime's caches and the data a status
//   line touches (linker/homescreen.order), is mapped writable at once;
// - a block of heap of about what a status line uses (SQLite's schema and pages, the runtime's
//   objects) is mapped, then freed for the allocator to hand out again: the thresholds keep it
//   on the heap and keep free() from giving it back to the kernel.
// Anything else (the dashboard, the other commands, `status --follow`, which stays running)
// starts as before. On a kernel without MADV_POPULATE_WRITE (before Linux 5.14) the calls fail
// and nothing changes.

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

enum { hotData = 256 * 1024, heapBlock = 320 * 1024 };

extern char __bss_start[], _end[];

static void populate(void *start, size_t length) {
    uintptr_t low = (uintptr_t)start & ~(uintptr_t)4095;
    uintptr_t high = ((uintptr_t)start + length + 4095) & ~(uintptr_t)4095;
    (void)madvise((void *)low, high - low, MADV_POPULATE_WRITE);
}

int hs_prefaults_memory(int argc, char *const *argv) {
    if (argc < 2 || strcmp(argv[1], "status") != 0) return 0;
    for (int index = 2; index < argc; index++) {
        if (strcmp(argv[index], "--") == 0) break;
        if (strcmp(argv[index], "--follow") == 0) return 0;
    }
    return 1;
}

__attribute__((constructor(101))) static void hs_prefault_status_line(int argc, char **argv, char **envp) {
    (void)envp;
    if (!argv || !hs_prefaults_memory(argc, argv)) return;
    size_t data = (size_t)(_end - __bss_start);
    populate(__bss_start, data < hotData ? data : hotData);
    mallopt(M_MMAP_THRESHOLD, 2 * heapBlock);
    mallopt(M_TRIM_THRESHOLD, 4 * heapBlock);
    void *block = malloc(heapBlock);
    if (block) {
        populate(block, heapBlock);
        free(block);
    }
}
