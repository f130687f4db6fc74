#include <sqlite3.h>
#include "CSQLiteFootprint.h"

int hs_sqlite_small_footprint(void) {
    // No page cache allocated ahead: by default each connection takes 20 pages (87 KB) at its
    // first read, whatever the store needs; pages now come one at a time, as they are read.
    // (Debian's SQLite is built without lookaside memory, the other per-connection buffer.)
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
