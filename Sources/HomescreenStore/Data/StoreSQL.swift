import Foundation
import HomescreenWidgetCore

/// The SQL a store speaks. A kind writes its statements once, with `?` for values, in the SQL
/// both dialects share (its days and instants are text on both: `substr(day, 1, 7)` is a
/// month everywhere); where they differ (a row lock), it asks the dialect.
public enum SQLDialect: String, Sendable {
    case sqlite, postgres

    /// What follows a SELECT that reads rows it will change (PostgreSQL locks them; SQLite's
    /// writer already holds the database).
    public var forUpdate: String { self == .sqlite ? "" : " FOR UPDATE" }

    /// A text column ordered by its UTF-8 bytes, as SQLite's BINARY collation does.
    public func bytes(_ column: String) -> String { self == .sqlite ? column : "\(column) COLLATE \"C\"" }

    /// SQLite's hint to read a table through an index (its planner picks another on small
    /// tables); PostgreSQL's planner takes no hints.
    public func indexedBy(_ index: String) -> String { self == .sqlite ? " INDEXED BY \(index)" : "" }
}

/// A value bound to a statement, or read from a row. Days and instants travel as the text both
/// dialects read: `2026-11-25` and `2026-11-25 09:30:00.000` (UTC).
public enum StoreValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    case null
    case integer(Int64)
    case text(String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(_ text: String?) { self = text.map(StoreValue.text) ?? .null }
    public init(_ number: Int64?) { self = number.map(StoreValue.integer) ?? .null }
    public init(_ day: LocalDate) { self = .text(day.iso) }
    /// An instant, as UTC text with milliseconds (what GRDB writes for a `Date`).
    public init(_ date: Date) { self = .text(StoreValue.timestampText(date)) }

    static func timestampText(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Int(milliseconds.floorDivided(by: 1000)), fraction = Int(milliseconds - Int64(seconds) * 1000)
        let day = LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: .utc)
        let second = ((seconds % 86_400) + 86_400) % 86_400
        return "\(day.iso) \((second / 3600).zeroPadded(2)):\((second / 60 % 60).zeroPadded(2)):\((second % 60).zeroPadded(2)).\(fraction.zeroPadded(3))"
    }

    /// The value as the text a statement is sent with (nil for NULL).
    public var text: String? {
        switch self {
        case .null: return nil
        case .integer(let number): return String(number)
        case .text(let text): return text
        }
    }
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 { self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor) }
}

/// A row read by a statement: its columns by name (any case), as both dialects give them.
public struct StoreRow: Sendable {
    let columns: [String]
    let values: [StoreValue]

    public init(columns: [String], values: [StoreValue]) {
        self.columns = columns.map { $0.lowercased() }
        self.values = values
    }

    /// Columns already in lower case (a statement's, lowered once for all its rows).
    init(lowercased columns: [String], values: [StoreValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(_ name: String) -> StoreValue {
        // A name written in lower case (most are) is found without lowering it again.
        (columns.firstIndex(of: name) ?? columns.firstIndex(of: name.lowercased())).map { values[$0] } ?? .null
    }

    public func text(_ name: String) -> String? { self[name].text }
    public func int(_ name: String) -> Int64? {
        switch self[name] {
        case .integer(let number): return number
        case .text(let text): return Int64(text) ?? Double(text).flatMap { $0 == $0.rounded() ? Int64(exactly: $0) : nil }
        case .null: return nil
        }
    }
    /// A day column: SQLite's text or PostgreSQL's `date`.
    public func day(_ name: String) -> LocalDate? { text(name).flatMap { LocalDate(iso: String($0.prefix(10))) } }
    /// An instant column, UTC: `2026-11-25 09:30:00.000` (a kind's data on both backends; the
    /// shared tables' `timestamptz` on PostgreSQL reads `2026-11-25 09:30:00.5+00`).
    public func date(_ name: String) -> Date? {
        guard let text = text(name), text.count >= 19, let day = LocalDate(iso: String(text.prefix(10))) else { return nil }
        let clock = text.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var fraction = 0.0
        if text.count > 19, text[text.index(text.startIndex, offsetBy: 19)] == "." {
            let digits = text.dropFirst(20).prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
        }
        return Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]) + fraction)
    }
}

/// One connection inside a read or a transaction, in either dialect. A kind's repository runs
/// its statements here; `?` stands for each value in turn.
public protocol StoreSQL: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs a statement. - Returns: the rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [StoreValue]) throws -> Int
    /// Runs a query. - Returns: its rows.
    func rows(_ sql: String, _ values: [StoreValue]) throws -> [StoreRow]
}

extension StoreSQL {
    @discardableResult
    public func execute(_ sql: String) throws -> Int { try execute(sql, []) }
    public func rows(_ sql: String) throws -> [StoreRow] { try rows(sql, []) }
    public func row(_ sql: String, _ values: [StoreValue] = []) throws -> StoreRow? { try rows(sql, values).first }

    /// Deletes the row `id` of `table`. - Returns: the row as it was; `missing` (nothing
    /// deleted) when there is none.
    public func deleteRow(from table: StoreTable, id: Int64, missing: @autoclosure () -> any Error) throws -> StoreRow {
        guard let row = try row("DELETE FROM \(table.rawValue) WHERE id = ? RETURNING *", [.integer(id)]) else { throw missing() }
        return row
    }
}

/// A refused statement: a rule of the schema (a CHECK, a trigger's refusal, a type) said no.
/// Both backends throw it for the same rows, so a kind treats them alike.
public struct ConstraintViolation: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
