#ifndef HS_PROCESS_START_H
#define HS_PROCESS_START_H

// What runs before `main`: the process's arguments handed to the standard library without its
// search of /proc/self/maps (arguments.c), and a status line's memory mapped at once
// (prefault.c).

/// Whether a process started with these arguments maps its zero-filled data and a block of heap
/// up front: a one-shot `homescreen status` (no --follow before a `--`), nothing else.
int hs_prefaults_memory(int argc, char *const *argv);

#endif
