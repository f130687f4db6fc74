import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The Vietnamese lunar/solar calendar (seed 003, Lịch Việt): the month grid with today, and
/// today's lunar date, can-chi, solar term, good hours, the person's events and coming
/// holidays. It reads the store's events; it reloads at the next local midnight, when "today"
/// moves, and when any program writes an event.
public struct CalendarWidget: Widget {
    /// Where the events are; nil: a calendar without events (the benchmark, view tests).
    public let events: EventRepository?

    public init(store: (any StoreBackend)? = nil) { events = store.map(EventRepository.init) }

    public var kind: WidgetKind { .calendar }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> CalendarEntry {
        let today = LocalDate(Date(), in: context.timeZone)
        let shown = VietnameseCalendar.supportedYears.contains(today.year) ? today : LocalDate(year: 2026, month: 2, day: 17)!
        return CalendarEntry(date: Date(), today: shown, month: YearMonth(shown), selected: shown, isPlaceholder: true)!
    }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<CalendarEntry> {
        let today = LocalDate(date, in: context.timeZone)
        let (month, selected) = Self.focus(today: today, context: context)
        let events = try self.events?.events(showing: CalendarEntry.window(month: month, selected: selected)) ?? []
        guard let entry = CalendarEntry(date: date, today: today, month: month, selected: selected, events: events, timeZone: context.timeZone) else {
            throw CalendarRangeError(month: month)
        }
        return Timeline(entries: [entry], policy: .after(TimeBoundaries.nextMidnight(after: date, in: context.timeZone)))
    }

    /// The month on show and the day in focus: today's in a pane; in the month view ←/→
    /// (`cursor`) move by months and ↑/↓ (`scroll`, signed) by days within the month, from
    /// today's day of the month.
    static func focus(today: LocalDate, context: WidgetContext) -> (YearMonth, LocalDate) {
        guard context.detail else { return (YearMonth(today), today) }
        let month = YearMonth(today).adding(months: context.cursor)
        let day = min(max(1, min(today.day, month.dayCount) + context.scroll), month.dayCount)
        return (month, LocalDate(year: month.year, month: month.month, day: day) ?? month.firstDay)
    }

    public func render(_ entry: CalendarEntry, in context: WidgetContext) -> CellGrid {
        CalendarView(entry: entry, context: context).drawForFamily()
    }
}

/// A month the calendar cannot compute.
public struct CalendarRangeError: Error, CustomStringConvertible {
    public let month: YearMonth
    public var description: String {
        "\(month.iso) is outside the lunar calendar's range (\(VietnameseCalendar.supportedYears.lowerBound)–\(VietnameseCalendar.supportedYears.upperBound))"
    }
}
