import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport

/// The same rows, written with plain SQL by another program (`sqlite3` on the file, `psql` on
/// the server), are refused or taken alike by both backends: wrong types, out-of-range numbers,
/// fractions where whole numbers go, bad days and instants, control characters.
struct HostileRowsTests {
    static let stamp = "'2026-01-01 00:00:00'"
    static func product(name: String = "'a'", amount: String = "1", unit: String = "''", due: String = "'2026-01-01'", at: String = stamp) -> String {
        "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (\(name), \(amount), \(unit), \(due), \(at))"
    }
    static func expense(_ amount: String = "100", day: String = "'2026-01-01'", currency: String = "'CHF'") -> String {
        "INSERT INTO expense (amountCents, day, note, createdAt, currency) VALUES (\(amount), \(day), '', \(stamp), \(currency))"
    }
    static func budget(month: String = "'2026-01'", limit: String = "100", currency: String = "'CHF'") -> String {
        "INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES (\(month), \(limit), \(currency), \(stamp))"
    }
    static func event(_ columns: String, _ values: String) -> String { "INSERT INTO event (uid, title, createdAt, \(columns)) VALUES ('u', 'T', \(stamp), \(values))" }

    /// Each row and whether both backends take it.
    static let rows: [(sql: String, taken: Bool)] = [
        (product(), true), (product(amount: "'abc'"), false), (product(amount: "-1"), false), (product(amount: "2.5"), false),
        (product(amount: "2500.0"), true), (product(amount: "1000000001"), false), (product(name: "'  '"), false), (product(name: "NULL"), false),
        (product(name: "'bell\u{07}and\u{1B}[31mred'"), true), (product(unit: "'abcdefghijklmnopqrstu'"), false),
        (product(due: "'2026-02-30'"), false), (product(due: "'1799-12-31'"), false), (product(due: "'2200-01-01'"), false),
        (product(due: "'not a day'"), false), (product(at: "'not a time'"), false),
        // Words PostgreSQL's date and timestamptz types took before the kinds' days and
        // instants became text on both backends; and a number for an instant (SQLite's
        // datetime() read 0 as a Julian day).
        (product(due: "'today'"), false), (product(due: "'Jan 5 2026'"), false), (product(due: "'2026-01-01 10:00'"), false),
        (product(at: "'now'"), false), (product(at: "'2026-01-01 00:00:00+05'"), false), (product(at: "'2026-01-01T00:00:00'"), false),
        (product(at: "0"), false), (product(at: "'2026-01-01 00:00:00.125'"), true),
        (expense(), true), (expense("0"), false), (expense("12.5"), false), (expense("100000000001"), false),
        (expense(currency: "'chf'"), false), (expense(currency: "'CHFX'"), false), (expense(day: "'2026-13-01'"), false),
        (budget(), true), (budget(month: "'2026-13'"), false), (budget(month: "'2026-1'"), false), (budget(limit: "0"), false),
        (budget(limit: "99.5"), false), (budget(currency: "'CH'"), false),
        ("INSERT INTO card (firstName, lastName, active, updatedAt) VALUES ('A', 'B', 1, \(stamp))", true),
        ("INSERT INTO card (firstName, lastName, active, updatedAt) VALUES ('A', 'B', 2, \(stamp))", false),
        ("INSERT INTO card (firstName, lastName, active, updatedAt) VALUES ('A', 'B', 0.5, \(stamp))", false),
        ("INSERT INTO card (firstName, lastName, active, updatedAt) VALUES ('A', ' ', 1, \(stamp))", false),
        ("INSERT INTO selectedCard (singleton, cardID) VALUES (2, 1)", false), ("INSERT INTO selectedCard (singleton, cardID) VALUES (1, 1.5)", false),
        (event("lunarMonth, lunarDay", "1, 15"), true), (event("lunarMonth, lunarDay", "13, 1"), false), (event("lunarMonth, lunarDay", "1, 1.5"), false),
        (event("day, time", "'2026-01-01', '25:00'"), false), (event("day, rule", "'2026-01-01', 'WEEKLY'"), false),
        (event("day, lunarMonth, lunarDay", "'2026-01-01', 1, 1"), false), (event("day", "'2026-01-01'"), true),
        ("INSERT INTO publishedSnapshot (kind, json, publishedAt) VALUES ('budget', '{not json', \(stamp))", false),
    ]

    @Test(arguments: TestBackend.allCases) func theSameRowsAreRefusedOrTakenOnBothBackends(_ backend: TestBackend) throws {
        for row in Self.rows {
            let made = try backend.make()   // a store of its own: an accepted row never blocks the next (UNIQUE uid)
            let taken = (try? made.plainSQL(row.sql)) != nil
            #expect(taken == row.taken, "\(backend): \(row.sql)")
        }
    }
}
