#include <sqlite3.h>
#include "CSQLiteFootprint.h"

int hs_sqlite_small_footprint(void) {
    // No page cache allocated ahead: by default each connection takes 20 pages (87 KB) at its
    // first read, whatever the store needs; pages now come one at a time, as they are read.
    // (Debian's SQLite is built without lookaside memory, the other per-connection buffer.)
    int status = sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    // No statistics of SQLite's memory, which nothing reads: each of SQLite's allocations took
    // a global mutex to count itself, 6,000 times in a status line's start (8% of its
    // instructions, most of them parsing the schema; BENCHMARKS.md, issue 36).
    int memstatus = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return status != SQLITE_OK ? status : memstatus;
}
