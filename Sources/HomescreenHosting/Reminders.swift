import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// Something a kind tells its user once, where they are: a product about to expire, a month's
/// spending past a share of its limit, an anniversary coming.
public struct Reminder: Sendable, Hashable {
    public let kind: WidgetKind
    /// What makes it once: the item, the threshold and the period ("product 12 due 2026-11-27
    /// within 1"). The same key is never delivered twice; a change that makes the reminder true
    /// again (a new due date, a raised limit) makes a new key.
    public let key: String
    /// The sentence: "Milk expires tomorrow (1 l)". Control characters are the sender's to strip.
    public let title: String
    /// The second line of a notification: the kind's title.
    public let body: String
    /// Lesser thresholds that are true too and are said by this one (80 % when 100 % is passed
    /// at once, "in 3 days" on the day itself): marked delivered with it, never said on their own.
    public let also: [String]

    public init(kind: WidgetKind, key: String, title: String, body: String, also: [String] = []) {
        self.kind = kind
        self.key = key
        self.title = title
        self.body = body
        self.also = also
    }
}

/// What a kind's reminder rules are checked with.
public struct ReminderContext: Sendable {
    public let now: Date
    public let timeZone: Zone
    public let language: Language
    public let locale: FormattingLocale
    /// Names and amounts masked in the text (privacy mode).
    public let privacy: Bool
    /// The `[reminders]` keys the kinds declared (`pantry-days = 1`), at their defaults when unset.
    public let settings: WidgetSettings
    /// The kinds' own config keys (`due-soon-days = 3`), as their views read them: a rule says
    /// "due soon" as the pane does.
    public let widgetSettings: WidgetSettings

    public init(now: Date, timeZone: Zone, language: Language, locale: FormattingLocale, privacy: Bool, settings: WidgetSettings,
                widgetSettings: WidgetSettings = WidgetSettings()) {
        self.now = now
        self.timeZone = timeZone
        self.language = language
        self.locale = locale
        self.privacy = privacy
        self.settings = settings
        self.widgetSettings = widgetSettings
    }

    public var today: LocalDate { LocalDate(now, in: timeZone) }
    /// A name from the store, masked in privacy mode.
    public func name(_ text: String) -> String { PrivacyMask.name(text, masked: privacy) }
    /// An amount, masked in privacy mode.
    public func amount(_ text: String) -> String { PrivacyMask.amount(text, masked: privacy) }
}

/// A kind's reminders at an instant: the ones that are true, and when the next one can become
/// true with no write to the store (nil: only at a write or at midnight, which the host watches).
public struct ReminderCheck: Sendable {
    public var due: [Reminder]
    public var next: Date?

    public init(due: [Reminder] = [], next: Date? = nil) {
        self.due = due
        self.next = next
    }
}

/// A reminder rule's on/off key and its number of days, as the kinds declare them in `[reminders]`.
public enum ReminderSetting {
    /// `pantry = false` turns a rule off; `true` is the default.
    public static func flag(_ name: String) -> SettingKey<Bool> {
        SettingKey(name, default: true) { value in
            guard case .boolean(let on) = value else { throw ConfigError("reminders.\(name) = \(value) is not true or false.") }
            return on
        }
    }

    /// A number of days ahead, 0 (the day itself) to 60.
    public static func days(_ name: String, default value: Int) -> SettingKey<Int> {
        SettingKey(name, default: value) { value in
            guard case .integer(let days) = value, (0...60).contains(days) else {
                throw ConfigError("reminders.\(name) = \(value) is not a number of days; use 0 (the day itself) to 60.")
            }
            return days
        }
    }
}

/// The reminders already delivered, in the store (both backends): a reminder is claimed by
/// inserting its key, and only the process whose insert made the row delivers it, so a restart,
/// a second machine of the household or a second `notify` never repeats one.
public struct ReminderLedger {
    public let store: any StoreBackend
    public init(_ store: any StoreBackend) { self.store = store }

    /// The ledger's table: described like a kind's data, prepared with them on either backend.
    /// Not tracked: a delivery changes nothing any view shows.
    public static let data = KindData(owner: "reminders", steps: [
        .create(DataTable(.reminderSent, columns: [
            DataColumn.text("key", max: 300, nonBlank: true).identifying(.primary), .text("kind", max: 40, nonBlank: true), .timestamp("sentAt"),
        ], indexes: [DataIndex("reminderSentByDate", on: ["sentAt"])], tracked: false)),
    ])

    /// How long a key is kept: a year and a month (a monthly or yearly period never comes back
    /// within it with the same key, and the table stays small).
    public static let kept: TimeInterval = 400 * 86_400

    /// Marks these reminders delivered, in one transaction. - Returns: the ones this call
    /// claimed (not delivered before, by anyone), in order.
    public func claim(_ reminders: [Reminder], at date: Date) throws -> [Reminder] {
        guard !reminders.isEmpty else { return [] }
        return try store.writing { sql in
            var claimed: [Reminder] = []
            let insert = { (key: String, kind: WidgetKind) in
                try sql.execute("INSERT INTO reminderSent (key, kind, sentAt) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
                                [.text(key), .text(kind.rawValue), StoreValue(date)]) == 1
            }
            for reminder in reminders where try insert(reminder.key, reminder.kind) {
                claimed.append(reminder)
                for key in reminder.also { _ = try insert(key, reminder.kind) }
            }
            if !claimed.isEmpty { try sql.execute("DELETE FROM reminderSent WHERE sentAt < ?", [StoreValue(date.addingTimeInterval(-Self.kept))]) }
            return claimed
        }
    }

    /// Forgets that these were delivered (they reached no channel): the next check sends them.
    public func release(_ reminders: [Reminder]) throws {
        let keys = reminders.flatMap { [$0.key] + $0.also }
        guard !keys.isEmpty else { return }
        try store.writing { sql in
            for chunk in keys.chunked(500) {
                try sql.execute("DELETE FROM reminderSent WHERE key IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))", chunk.map(StoreValue.text))
            }
        }
    }

    /// The ones not delivered yet (what `--dry-run` would send).
    public func unsent(_ reminders: [Reminder]) throws -> [Reminder] {
        guard !reminders.isEmpty else { return [] }
        let sent = try store.reading { sql in
            try Set(reminders.map(\.key).chunked(500).flatMap { keys in
                try sql.rows("SELECT key FROM reminderSent WHERE key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))", keys.map(StoreValue.text))
                    .compactMap { $0.text("key") }
            })
        }
        return reminders.filter { !sent.contains($0.key) }
    }
}

extension StoreTable {
    public static let reminderSent = StoreTable(rawValue: "reminderSent")
}

private extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
