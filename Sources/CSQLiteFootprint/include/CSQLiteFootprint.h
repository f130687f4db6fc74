#ifndef HS_SQLITE_FOOTPRINT_H
#define HS_SQLITE_FOOTPRINT_H

/// Process-wide SQLite settings for a small resident footprint and a cheap start (no page cache
/// allocated ahead, no memory statistics), made before the first connection opens
/// (sqlite3_config, which Swift cannot call: it is variadic). Returns SQLITE_OK, or
/// SQLITE_MISUSE when SQLite was already initialised (the settings then stay the defaults).
int hs_sqlite_small_footprint(void);

#endif
