import HomescreenWidgetCore

extension RecurrenceRule {
    /// The rule in words, as the calendar says a repeat ("every week", "every year from …"):
    /// "every 2 weeks on Monday, Wednesday until 2027-01-15", "every month on the 2nd Sunday,
    /// 10 times", "every year in March on the 15th". A person reads it; the RRULE stays in the
    /// files and in `event list --json`.
    public var words: String {
        let units = [Frequency.daily: ("day", "days"), .weekly: ("week", "weeks"), .monthly: ("month", "months"), .yearly: ("year", "years")]
        let (one, many) = units[frequency] ?? ("time", "times")
        var text = interval == 1 ? "every " + one : "every \(interval) " + many
        if !byMonth.isEmpty { text += " in " + byMonth.map { Self.monthNames[$0 - 1] }.joined(separator: ", ") }
        if !byDay.isEmpty {
            text += " on " + byDay.map { day in
                let name = Self.weekdayNames[day.weekday]
                return day.ordinal == 0 ? name : "the " + Self.ordinal(day.ordinal) + " " + name
            }.joined(separator: ", ")
        }
        if !byMonthDay.isEmpty {
            text += (byDay.isEmpty ? " on " : " and ") + "the " + byMonthDay.map { $0 == -1 ? "last day" : Self.ordinal($0) }.joined(separator: ", ")
        }
        if let count { text += ", \(count) " + (count == 1 ? "time" : "times") }
        if let until { text += " until " + until.iso }
        return text
    }

    /// `words` for a rule as stored; an RRULE this version cannot read stays as it is written.
    public static func words(_ text: String) -> String {
        (try? RecurrenceRule(parsing: text))?.words ?? text
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// 1 → "1st", 22 → "22nd", -1 → "last", -2 → "2nd-to-last".
    static func ordinal(_ number: Int) -> String {
        if number == -1 { return "last" }
        if number < 0 { return ordinal(-number) + "-to-last" }
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)" + suffix
    }
}
