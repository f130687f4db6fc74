import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore

/// One cell of the month grid (seed 003's CalendarDay, with its date and leap flag).
public struct CalendarDay: Hashable, Sendable, Encodable {
    public let date: LocalDate
    public let lunar: LunarDate
    public let isCurrentMonth: Bool
    public let isToday: Bool
    /// How many of the person's own events fall on the day (the grid marks the day).
    public var eventCount = 0
    /// The color of the calendar (a vdir's `color` file) of the day's first event, if it has one.
    public var eventColor: RGB?
    /// The holidays falling on the day, in `Holiday.all`'s order.
    public var holidays: [Holiday] = []
    /// The public holiday whose day off the day is (its own, or one announced for it).
    public var dayOff: Holiday?

    /// 0 = Sunday … 6 = Saturday, as the seed counts.
    public var dayOfWeek: Int { date.weekday }
    /// The lunar day as a cell shows it: "d/m" on the first day of a lunar month ("1/6N" for a
    /// leap month), the day alone otherwise.
    public var lunarText: String { lunar.day == 1 ? lunar.dayMonth : "\(lunar.day)" }

    enum CodingKeys: String, CodingKey { case date, solar, lunar, lunarMonth, lunarLeap, dayOfWeek, isCurrentMonth, isToday, events, holidays, dayOff }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date.iso, forKey: .date)
        try container.encode(date.day, forKey: .solar)
        try container.encode(lunar.day, forKey: .lunar)
        try container.encode(lunar.month, forKey: .lunarMonth)
        try container.encode(lunar.isLeapMonth, forKey: .lunarLeap)
        try container.encode(dayOfWeek, forKey: .dayOfWeek)
        try container.encode(isCurrentMonth, forKey: .isCurrentMonth)
        try container.encode(isToday, forKey: .isToday)
        try container.encode(eventCount, forKey: .events)
        try container.encode(holidays.map(\.name), forKey: .holidays)
        try container.encode(dayOff != nil, forKey: .dayOff)
    }
}

/// A coming date in the calendar's list: a person's event or a holiday.
public struct UpcomingDate: Hashable, Sendable {
    public let title: String
    public let date: LocalDate
    public let lunar: LunarDate
    /// The event's id for a person's event; nil for a holiday.
    public let eventID: Int64?
    /// A timed event's time.
    public var time: EventTime? = nil
    /// The holiday, whose name the view labels in the interface's language.
    public var holiday: Holiday? = nil
    /// A vdir event's calendar color.
    public var color: RGB? = nil
    public var isPersonal: Bool { eventID != nil }
    public var isDayOff: Bool { holiday?.isDayOff == true }
}

/// A calendar entry: the month on show as 42 days from the Monday on or before its first day,
/// the day in focus (today, or the one chosen in the month view) and that day's details.
public struct CalendarEntry: TimelineEntry, Encodable {
    public let date: Date
    public let today: LocalDate
    public let month: YearMonth
    public let selected: LocalDate
    public let days: [CalendarDay]
    /// The day in focus, one of `days`.
    public let selectedDay: CalendarDay
    public let holidays: [Holiday.Occurrence]
    /// The person's events on the day in focus, in order.
    public let dayEvents: [EventOccurrence]
    /// Events and holidays from the day in focus on, soonest first; on one day the person's
    /// events come before the holidays.
    public let upcoming: [UpcomingDate]
    public let isPlaceholder: Bool

    /// Nil when a day of the grid lies outside the calendar's range (1800–2199), or `selected`
    /// is not on the grid.
    /// How far ahead the list looks for events: a lunar year and a bit.
    static let lookahead = 400

    /// The first day of the grid of `month`: the Monday on or before its first day.
    static func gridStart(_ month: YearMonth) -> LocalDate {
        let first = month.firstDay
        return first.adding(days: -((first.dayNumber + 3) % 7 + 7) % 7)
    }

    /// The events an entry shows: those on its grid's 42 days, and the first `holidayCount`
    /// after them (the coming list, from the day in focus, a day of the grid).
    public static func window(month: YearMonth, selected: LocalDate, holidayCount: Int = 24) -> EventWindow {
        let start = gridStart(month)
        return EventWindow(days: min(start, selected)...max(start.adding(days: 41), selected), following: holidayCount)
    }

    /// `timeZone`: the viewer's, on whose clock timed events with a zone are shown.
    public init?(date: Date, today: LocalDate, month: YearMonth, selected: LocalDate, events: [CalendarEvent] = [], timeZone: Zone = .utc,
                 holidayCount: Int = 24, isPlaceholder: Bool = false) {
        let start = Self.gridStart(month)
        var days: [CalendarDay] = []
        days.reserveCapacity(42)
        let onGrid = EventSchedule.occurrences(of: events, in: start...start.adding(days: 41), timeZone: timeZone, covering: true)
        let holidaysNear = Holiday.occurrences(around: start...start.adding(days: 41))
        for offset in 0..<42 {
            let day = start.adding(days: offset)
            guard let lunar = VietnameseCalendar.lunarDate(for: day) else { return nil }
            var cell = CalendarDay(date: day, lunar: lunar, isCurrentMonth: day.month == month.month, isToday: day == today)
            cell.eventCount = onGrid.count { $0.covers(day) }
            if cell.eventCount > 0 { cell.eventColor = onGrid.first { $0.covers(day) }?.event.calendarColor }
            cell.holidays = holidaysNear.filter { $0.date == day }.map(\.holiday)
            cell.dayOff = Holiday.dayOff(on: day, among: holidaysNear)
            days.append(cell)
        }
        guard let selectedDay = days.first(where: { $0.date == selected }) else { return nil }
        self.date = date
        self.today = today
        self.month = month
        self.selected = selected
        self.days = days
        self.selectedDay = selectedDay
        let holidays = Holiday.upcoming(from: selected, count: holidayCount)
        self.holidays = holidays
        let coming = EventSchedule.occurrences(of: events, in: selected...selected.adding(days: Self.lookahead), timeZone: timeZone, covering: true)
        self.dayEvents = coming.filter { $0.covers(selected) }
        let personal = coming.filter { $0.date >= selected }.prefix(holidayCount).compactMap { occurrence in
            VietnameseCalendar.lunarDate(for: occurrence.date).map {
                UpcomingDate(title: occurrence.event.title, date: occurrence.date, lunar: $0, eventID: occurrence.event.id, time: occurrence.time,
                             color: occurrence.event.calendarColor)
            }
        }
        let public_ = holidays.map { UpcomingDate(title: $0.holiday.name, date: $0.date, lunar: $0.lunar, eventID: nil, holiday: $0.holiday) }
        // A stable sort by day keeps the person's events (listed first) ahead on their day.
        self.upcoming = Array((personal + public_).enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element).prefix(holidayCount))
        self.isPlaceholder = isPlaceholder
    }

    /// "Tháng 2, 2026".
    public var monthName: String { "Tháng \(month.month), \(month.year)" }
    /// "Tháng Giêng Bính Ngọ": the lunar month and year of the day in focus.
    public var lunarMonthName: String { LunarNames.monthTitle(selectedLunar) + " " + CanChi.year(selectedLunar.year) }
    public var canChiDay: String { CanChi.day(selected) }
    public var canChiMonth: String { CanChi.month(selectedLunar) }
    public var canChiYear: String { CanChi.year(selectedLunar.year) }
    public var solarTerm: String { LunarNames.solarTerms[VietnameseCalendar.solarTerm(at: selected)] }
    public var selectedLunar: LunarDate { selectedDay.lunar }
    public var auspiciousHours: [Auspicious.Hour] { Auspicious.hours(on: selected) }
    public var dayQuality: Auspicious.DayQuality { Auspicious.dayQuality(on: selected) }

    /// The next of the person's events within a week of the day in focus (the small and
    /// accessory views show it).
    public var nextEventThisWeek: UpcomingDate? {
        upcoming.first { $0.isPersonal && $0.date.dayNumber - selected.dayNumber <= 7 }
    }

    // MARK: - JSON (documented in the README)

    enum CodingKeys: String, CodingKey {
        case date, today, selected, currentMonth, currentYear, lunarDay, lunarMonth, lunarYear, lunarLeap
        case monthName, lunarMonthName, canChi, solarTerm, holidays, events, upcoming, auspiciousHours, dayQuality, days
    }

    struct JSONHoliday: Encodable { let id: String, name: String, date: String, lunar: String, dayOff: Bool, daysOff: [String] }
    struct JSONEvent: Encodable {
        let id: Int64, title: String, date: String
        @NullWhenAbsent var time: String?
        @NullWhenAbsent var lunar: String?
    }
    struct JSONUpcoming: Encodable {
        let title: String, date: String
        @NullWhenAbsent var time: String?
        let lunar: String, daysLeft: Int
        @NullWhenAbsent var eventID: Int64?
        let dayOff: Bool
    }
    struct JSONDayQuality: Encodable { let quality: String, spirit: String }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(today.iso, forKey: .today)
        try container.encode(selected.iso, forKey: .selected)
        try container.encode(month.month, forKey: .currentMonth)
        try container.encode(month.year, forKey: .currentYear)
        try container.encode(selectedLunar.day, forKey: .lunarDay)
        try container.encode(selectedLunar.month, forKey: .lunarMonth)
        try container.encode(selectedLunar.year, forKey: .lunarYear)
        try container.encode(selectedLunar.isLeapMonth, forKey: .lunarLeap)
        try container.encode(monthName, forKey: .monthName)
        try container.encode(lunarMonthName, forKey: .lunarMonthName)
        try container.encode(["day": canChiDay, "month": canChiMonth, "year": canChiYear], forKey: .canChi)
        try container.encode(solarTerm, forKey: .solarTerm)
        try container.encode(holidays.map {
            JSONHoliday(id: $0.holiday.id, name: $0.holiday.name, date: $0.date.iso, lunar: $0.lunar.dayMonth, dayOff: $0.holiday.isDayOff, daysOff: $0.daysOff.map(\.iso))
        }, forKey: .holidays)
        try container.encode(dayEvents.map { JSONEvent(id: $0.event.id, title: $0.event.title, date: $0.date.iso, time: $0.time?.description, lunar: selectedLunar.dayMonth) }, forKey: .events)
        try container.encode(upcoming.map {
            JSONUpcoming(title: $0.title, date: $0.date.iso, time: $0.time?.description, lunar: $0.lunar.dayMonth, daysLeft: $0.date.dayNumber - today.dayNumber, eventID: $0.eventID, dayOff: $0.isDayOff)
        }, forKey: .upcoming)
        try container.encode(auspiciousHours, forKey: .auspiciousHours)
        try container.encode(JSONDayQuality(quality: dayQuality.key, spirit: dayQuality.spiritName), forKey: .dayQuality)
        try container.encode(days, forKey: .days)
    }
}
