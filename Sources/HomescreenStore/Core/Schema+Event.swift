import GRDB

extension Schema {
    /// Schema 7: the calendar's own events (issue 19), a STRICT table with tracking triggers.
    static func addEvents(_ db: Database) throws {
        try db.execute(sql: """
            -- A lunar anniversary (lunarMonth, lunarDay, lunarLeap, lunarYear: the first lunar year)
            -- or a solar event (day, an optional time, an iCalendar RRULE or '' for once, and
            -- exdates: days left out, comma-separated YYYY-MM-DD). uid is stable for .ics.
            CREATE TABLE event (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uid TEXT NOT NULL UNIQUE CHECK (length(trim(uid)) BETWEEN 1 AND 255),
                title TEXT NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 20000),
                note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 20000),
                lunarMonth INTEGER CHECK (lunarMonth BETWEEN 1 AND 12),
                lunarDay INTEGER CHECK (lunarDay BETWEEN 1 AND 30),
                lunarLeap INTEGER NOT NULL DEFAULT 0 CHECK (lunarLeap IN (0, 1)),
                lunarYear INTEGER CHECK (lunarYear BETWEEN 1800 AND 2199),
                day TEXT CHECK (day IS NULL OR (date(day, '+0 days') IS day AND day BETWEEN '\(firstDay)' AND '\(lastDay)')),
                time TEXT CHECK (time IS NULL OR (time GLOB '[0-2][0-9]:[0-5][0-9]' AND time < '24:00')),
                rule TEXT NOT NULL DEFAULT '' CHECK (rule = '' OR (rule GLOB 'FREQ=*' AND length(rule) <= 500)),
                exdates TEXT NOT NULL DEFAULT '' CHECK (length(exdates) <= 20000),
                createdAt TEXT NOT NULL CHECK (datetime(createdAt) IS NOT NULL),
                CHECK ((day IS NULL) = (lunarMonth IS NOT NULL AND lunarDay IS NOT NULL)),
                CHECK (day IS NULL OR (lunarMonth IS NULL AND lunarDay IS NULL AND lunarLeap = 0 AND lunarYear IS NULL)),
                CHECK (day IS NOT NULL OR (time IS NULL AND rule = '' AND exdates = '')),
                CHECK (lunarLeap = 0 OR lunarYear IS NOT NULL)
            ) STRICT;
            \(trackingTriggers(for: StoreTable(rawValue: "event")))
            PRAGMA user_version = 7;
            """)
    }
}
