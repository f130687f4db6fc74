#ifndef HS_PROCESS_START_H
#define HS_PROCESS_START_H

// What runs before `main` (arguments.c): the process's arguments handed to the standard library
// without its search of /proc/self/maps. Nothing to call; linking the target is what counts.

#endif
