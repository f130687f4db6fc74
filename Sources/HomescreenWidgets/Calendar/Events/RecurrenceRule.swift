import HomescreenHosting
import HomescreenWidgetCore

/// The part of an iCalendar RRULE (RFC 5545 §3.3.10) that all-day and daily events use:
/// FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, COUNT, UNTIL, BYDAY (weekdays; with an
/// ordinal such as 2SU or -1FR in monthly and yearly rules), BYMONTHDAY, BYMONTH and WKST.
/// Anything else (BYSETPOS, BYWEEKNO, BYYEARDAY, hourly rules, RSCALE…) is refused by name,
/// never expanded wrongly. Expansion follows the RFC as python-dateutil implements it (the
/// reference the tests compare with): days that do not exist are skipped (a monthly rule on
/// the 31st has no April), COUNT counts the days the rule makes before EXDATEs are removed.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    public enum Frequency: String, Sendable, CaseIterable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    /// A BYDAY item: a weekday (0 = Sunday, as `LocalDate.weekday`) and an ordinal (0: every).
    public struct Weekday: Hashable, Sendable {
        public let ordinal: Int
        public let weekday: Int
    }

    public var frequency: Frequency
    public var interval = 1
    public var count: Int?
    public var until: LocalDate?
    /// UNTIL's time when it is a date-time: seconds into `until`, and whether in UTC (`Z`);
    /// nil for a date. A timed event's occurrences are compared with it as RFC 5545 says
    /// (`CalendarEvent.occurrences`); the days of `days(from:in:)` run to `until` inclusive.
    public var untilClock: UntilClock?
    public struct UntilClock: Hashable, Sendable {
        public let seconds: Int
        public let utc: Bool
    }
    public var byDay: [Weekday] = []
    public var byMonthDay: [Int] = []
    public var byMonth: [Int] = []
    /// The day weeks start on (WKST), Monday unless the rule says.
    public var weekStart = 1

    public init(frequency: Frequency) { self.frequency = frequency }

    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// Why a rule cannot be used: an unsupported part, named, or a malformed value.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The part as the rule names it ("BYSETPOS", "FREQ=HOURLY").
        public let part: String
        public let isUnsupported: Bool
        public var description: String {
            isUnsupported ? "the recurrence rule part \(part) is not supported" : "the recurrence rule part \(part) is not valid"
        }
    }

    /// Parses an RRULE value ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE").
    public init(parsing text: String) throws(Problem) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        for part in text.split(separator: ";") where !part.isEmpty {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2, !pair[1].isEmpty else { throw Problem(part: String(part), isUnsupported: false) }
            let (name, value) = (pair[0], pair[1])
            let invalid = Problem(part: "\(name)=\(value)", isUnsupported: false)
            func numbers(_ range: ClosedRange<Int>, signed: Bool) throws(Problem) -> [Int] {
                var result: [Int] = []
                for item in value.split(separator: ",") {
                    guard let number = Int(item), range.contains(abs(number)), signed || number > 0 else { throw invalid }
                    result.append(number)
                }
                return result
            }
            switch name {
            case "FREQ":
                guard let known = Frequency(rawValue: value) else {
                    throw Problem(part: "FREQ=\(value)", isUnsupported: ["SECONDLY", "MINUTELY", "HOURLY"].contains(value))
                }
                frequency = known
            case "INTERVAL":
                guard let number = Int(value), (1...10_000).contains(number) else { throw invalid }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), (1...100_000).contains(number) else { throw invalid }
                rule.count = number
            case "UNTIL":
                // A date, or a date-time (local, or UTC with Z).
                let digits = value.prefix(8), clock = value.dropFirst(9)
                guard digits.count == 8, value.count == 8 || value.dropFirst(8).first == "T",
                      let day = LocalDate(iso: digits.prefix(4) + "-" + digits.dropFirst(4).prefix(2) + "-" + digits.suffix(2)) else { throw invalid }
                rule.until = day
                if value.count > 8 {
                    let utc = clock.hasSuffix("Z"), figures = utc ? clock.dropLast() : clock
                    guard figures.count == 6, figures.allSatisfy(\.isNumber), let hour = Int(figures.prefix(2)), let minute = Int(figures.dropFirst(2).prefix(2)),
                          let second = Int(figures.suffix(2)), hour < 24, minute < 60, second < 61 else { throw invalid }
                    rule.untilClock = UntilClock(seconds: hour * 3600 + minute * 60 + min(second, 59), utc: utc)
                }
            case "BYDAY":
                for item in value.split(separator: ",") {
                    let code = String(item.suffix(2)), ordinalText = item.dropLast(2)
                    guard let weekday = Self.weekdayCodes.firstIndex(of: code) else { throw invalid }
                    var ordinal = 0
                    if !ordinalText.isEmpty {
                        guard let number = Int(ordinalText.hasPrefix("+") ? String(ordinalText.dropFirst()) : String(ordinalText)),
                              number != 0, abs(number) <= 53 else { throw invalid }
                        ordinal = number
                    }
                    rule.byDay.append(Weekday(ordinal: ordinal, weekday: weekday))
                }
            case "BYMONTHDAY": rule.byMonthDay = try numbers(1...31, signed: true)
            case "BYMONTH": rule.byMonth = try numbers(1...12, signed: false)
            case "WKST":
                guard let weekday = Self.weekdayCodes.firstIndex(of: value) else { throw invalid }
                rule.weekStart = weekday
            case "RSCALE", "SKIP", "BYSETPOS", "BYWEEKNO", "BYYEARDAY", "BYHOUR", "BYMINUTE", "BYSECOND":
                throw Problem(part: name, isUnsupported: true)
            default:
                throw Problem(part: name, isUnsupported: !name.hasPrefix("X-"))
            }
        }
        guard let frequency else { throw Problem(part: "FREQ", isUnsupported: false) }
        if rule.count != nil && rule.until != nil { throw Problem(part: "COUNT with UNTIL", isUnsupported: false) }
        // Ordinals only mean something in a month or a year (dateutil reads them as weekdays
        // elsewhere; a rule that writes them there is refused instead of guessed at).
        if frequency == .daily || frequency == .weekly, rule.byDay.contains(where: { $0.ordinal != 0 }) {
            throw Problem(part: "BYDAY with an ordinal in a \(frequency.rawValue) rule", isUnsupported: true)
        }
        if Set(rule.byDay.map { $0.ordinal == 0 }).count > 1 {
            throw Problem(part: "BYDAY mixing ordinal and plain weekdays", isUnsupported: true)
        }
        if frequency == .weekly, !rule.byMonthDay.isEmpty { throw Problem(part: "BYMONTHDAY in a WEEKLY rule", isUnsupported: false) }
        rule.frequency = frequency
        self = rule
    }

    /// The rule as written back to the store and to .ics, parts in a fixed order.
    public var description: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until {
            let clock = untilClock.map { String(format: "T%02d%02d%02d", $0.seconds / 3600, $0.seconds / 60 % 60, $0.seconds % 60) + ($0.utc ? "Z" : "") }
            parts.append("UNTIL=" + until.iso.filter { $0 != "-" } + (clock ?? ""))
        }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty {
            parts.append("BYDAY=" + byDay.map { ($0.ordinal == 0 ? "" : "\($0.ordinal)") + Self.weekdayCodes[$0.weekday] }.joined(separator: ","))
        }
        if weekStart != 1 { parts.append("WKST=" + Self.weekdayCodes[weekStart]) }
        return parts.joined(separator: ";")
    }

    // MARK: - Expansion

    /// The days the rule makes from `start` (the event's first day) that fall in `range`,
    /// less `except`, in order.
    public func days(from start: LocalDate, in range: ClosedRange<LocalDate>, except: Set<LocalDate> = []) -> [LocalDate] {
        var result: [LocalDate] = []
        var made = 0
        let last = until.map { min($0, range.upperBound) } ?? range.upperBound
        // Without a COUNT, the periods before the range can be skipped.
        var period = count == nil ? max(0, firstPeriod(reaching: range.lowerBound, from: start)) : 0
        // The start is always an occurrence, whether or not the rule makes it (RFC 5545
        // §3.8.5.3); as in dateutil's rule sets it is not one of COUNT's.
        if range.contains(start) && start <= last && !except.contains(start) && !(self.days(inPeriod: 0, from: start)?.contains(start) ?? false) {
            result.append(start)
        }
        while true {
            guard let days = self.days(inPeriod: period, from: start) else { break }
            if days.first.map({ $0 > last }) ?? false { break }
            for day in days where day >= start {
                if day > last { return result }
                made += 1
                if let count, made > count { return result }
                if day >= range.lowerBound && !except.contains(day) { result.append(day) }
            }
            period += 1
        }
        return result
    }

    /// The index of a period that starts no later than `day` (and not much earlier).
    private func firstPeriod(reaching day: LocalDate, from start: LocalDate) -> Int {
        switch frequency {
        case .daily: return (day.dayNumber - start.dayNumber) / interval
        case .weekly: return (day.dayNumber - start.dayNumber) / (7 * interval) - 1
        case .monthly: return ((day.year - start.year) * 12 + day.month - start.month) / interval - 1
        case .yearly: return (day.year - start.year) / interval - 1
        }
    }

    /// The days of the `index`th period (every `interval` days, weeks, months or years from
    /// the one holding `start`) that the rule keeps, in order; nil past the calendar's years.
    private func days(inPeriod index: Int, from start: LocalDate) -> [LocalDate]? {
        let candidates: [LocalDate]
        switch frequency {
        case .daily:
            candidates = [start.adding(days: index * interval)]
        case .weekly:
            let weekFirst = start.adding(days: -((start.weekday - weekStart + 7) % 7)).adding(days: 7 * interval * index)
            candidates = (0..<7).map { weekFirst.adding(days: $0) }
        case .monthly:
            let month = YearMonth(start).adding(months: index * interval)
            candidates = (1...month.dayCount).compactMap { LocalDate(year: month.year, month: month.month, day: $0) }
        case .yearly:
            let year = start.year + index * interval
            guard let first = LocalDate(year: year, month: 1, day: 1) else { return nil }
            candidates = (0..<(LocalDate.isLeap(year) ? 366 : 365)).map { first.adding(days: $0) }
        }
        guard let first = candidates.first, first.year <= LocalDate.supported.upperBound.year else { return nil }
        return candidates.filter { keeps($0, start: start) }
    }

    /// Whether a day of the period is one of the rule's, with dateutil's defaults: with no
    /// BYDAY or BYMONTHDAY, a yearly rule keeps the start's month and day, a monthly one the
    /// start's day of the month, a weekly one the start's weekday.
    private func keeps(_ day: LocalDate, start: LocalDate) -> Bool {
        var months = byMonth, monthDays = byMonthDay, weekdays = byDay
        if byDay.isEmpty && byMonthDay.isEmpty {
            switch frequency {
            case .yearly:
                if months.isEmpty { months = [start.month] }
                monthDays = [start.day]
            case .monthly: monthDays = [start.day]
            case .weekly: weekdays = [Weekday(ordinal: 0, weekday: start.weekday)]
            case .daily: break
            }
        }
        if !months.isEmpty && !months.contains(day.month) { return false }
        if !monthDays.isEmpty {
            let length = LocalDate.daysIn(month: day.month, year: day.year)
            guard monthDays.contains(day.day) || monthDays.contains(day.day - length - 1) else { return false }
        }
        if !weekdays.isEmpty {
            let matching = weekdays.filter { $0.weekday == day.weekday }
            if matching.isEmpty { return false }
            if matching.allSatisfy({ $0.ordinal != 0 }) {
                // The nth such weekday of the month (monthly, or yearly with BYMONTH), else of the year.
                let inMonth = frequency == .monthly || !byMonth.isEmpty
                let first = inMonth ? YearMonth(day).firstDay : LocalDate(year: day.year, month: 1, day: 1)!
                let last = inMonth ? YearMonth(day).lastDay : LocalDate(year: day.year, month: 12, day: 31)!
                let fromStart = (day.dayNumber - first.dayNumber) / 7 + 1, fromEnd = -((last.dayNumber - day.dayNumber) / 7 + 1)
                guard matching.contains(where: { $0.ordinal == fromStart || $0.ordinal == fromEnd }) else { return false }
            }
        }
        return true
    }
}
