import HomescreenStore

extension StoreTable {
    public static let event = StoreTable(rawValue: "event")
}

extension CalendarFeature {
    /// The calendar's own events: a lunar anniversary (lunarMonth, lunarDay, lunarLeap,
    /// lunarYear: the first lunar year) or a solar event (day, an optional time, an iCalendar
    /// RRULE or '' for once, and exdates: days left out, comma-separated YYYY-MM-DD, in the
    /// event's zone when it has one). uid is
    /// stable for .ics. Its first steps make what the store's shared schema 7 held; a store from
    /// then has those tables rebuilt as described, rows kept.
    public static let data: KindData? = KindData(owner: "calendar", steps: [
        .create(DataTable(.event, columns: [
            .id, DataColumn.text("uid", max: 255, nonBlank: true).identifying(.unique), .text("title", max: 20_000, nonBlank: true),
            .text("note", max: 20_000).defaulting(""),
            DataColumn.integer("lunarMonth", 1...12).orNull(), DataColumn.integer("lunarDay", 1...30).orNull(), .flag("lunarLeap"),
            DataColumn.integer("lunarYear", 1800...2199).orNull(), DataColumn.day("day").orNull(), DataColumn.clock("time").orNull(),
            .text("rule", max: 500).defaulting(""), .text("exdates", max: 20_000).defaulting(""), .timestamp("createdAt"),
        ], checks: [
            "rule = '' OR substr(rule, 1, 5) = 'FREQ='",
            "(day IS NULL) = (lunarMonth IS NOT NULL AND lunarDay IS NOT NULL)",
            "day IS NULL OR (lunarMonth IS NULL AND lunarDay IS NULL AND lunarLeap = 0 AND lunarYear IS NULL)",
            "day IS NOT NULL OR (time IS NULL AND rule = '' AND exdates = '')",
            "lunarLeap = 0 OR lunarYear IS NOT NULL",
        ])),
        // Issue 30: an imported event keeps its zone (TZID; '' floating) and its length (an
        // RFC 5545 duration, P3D or PT90M; '' none).
        .addColumn(.event, DataColumn.text("zone", max: 64).defaulting("")),
        .addColumn(.event, DataColumn.text("duration", max: 32).defaulting("")),
        // Issue 54: the vdir files' events as last read, by path, inode, size and modification
        // time (nanoseconds), read with `zone`; `hash` is FNV-1a of the bytes; `events` is
        // `VdirIndex.encode`'s text. A cache: any row may be deleted.
        .create(DataTable(.vdirIndex, columns: [
            .id, DataColumn.text("path", max: 4096, nonBlank: true).identifying(.unique), .integer("inode", Int64.min...Int64.max),
            .integer("size", 0...Int64.max), .integer("modified", Int64.min...Int64.max), .integer("hash", Int64.min...Int64.max),
            .text("zone", max: 64), .text("events", max: 50_000_000),
        ])),
        // The days a file's events fall on, as day numbers in the row's zone (`VdirIndex.days`):
        // a dashboard's first frame reads only the rows its days need. The rows read before
        // have no days: dropped (a cache), their files read once more. Both indexes hold both
        // days, so a window's rows are found in whichever index without reading the others.
        .sql(sqlite: "DELETE FROM vdirIndex", postgres: "DELETE FROM vdirIndex"),
        .addColumn(.vdirIndex, DataColumn.integer("firstDay", Int64(Int32.min)...Int64(Int32.max)).defaulting(.integer(Int64(Int32.min)))),
        .addColumn(.vdirIndex, DataColumn.integer("lastDay", Int64(Int32.min)...Int64(Int32.max)).defaulting(.integer(Int64(Int32.max)))),
        .addIndex(.vdirIndex, DataIndex("vdirIndexByLastDay", on: ["zone", "lastDay", "firstDay"])),
        .addIndex(.vdirIndex, DataIndex("vdirIndexByFirstDay", on: ["zone", "firstDay", "lastDay"])),
    ])
}
