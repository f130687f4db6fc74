import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The calendar's reminders: a lunar anniversary `anniversary-days` ahead (default 3, time to
/// prepare the offering) and on the day; another event `event-days` ahead (default 0: only on
/// the day), a timed one on its day `event-minutes` before it starts (default 60) rather than
/// at midnight. Each fires once per event, occurrence and threshold; the day itself, when the
/// days-ahead reminder was never sent (a machine off), says both at once.
extension CalendarFeature {
    public static let remindAnniversaries = ReminderSetting.flag("anniversaries")
    public static let anniversaryDays = ReminderSetting.days("anniversary-days", default: 3)
    public static let remindEvents = ReminderSetting.flag("events")
    public static let eventDays = ReminderSetting.days("event-days", default: 0)
    public static let eventMinutes = SettingKey<Int>("event-minutes", default: 60) { value in
        guard case .integer(let minutes) = value, (0...1440).contains(minutes) else {
            throw ConfigError("reminders.event-minutes = \(value) is not a number of minutes; use 0 (when it starts) to 1440.")
        }
        return minutes
    }

    public var reminderSettings: [SettingSpec] {
        [Self.remindAnniversaries.spec, Self.anniversaryDays.spec, Self.remindEvents.spec, Self.eventDays.spec, Self.eventMinutes.spec]
    }

    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck {
        let settings = context.settings
        let ahead = (lunar: settings[Self.remindAnniversaries] ? settings[Self.anniversaryDays] : nil,
                     solar: settings[Self.remindEvents] ? settings[Self.eventDays] : nil)
        guard let furthest = [ahead.lunar, ahead.solar].compactMap({ $0 }).max() else { return ReminderCheck() }
        let today = context.today
        let events = try EventRepository(store).events(showing: EventWindow(days: today...today.adding(days: max(furthest, 1))))
        let words = CalendarWords.of(context.language)
        var due: [Reminder] = [], next: Date?
        // From today, and tomorrow for a timed event whose reminder time is tonight.
        for occurrence in EventSchedule.occurrences(of: events, in: today...today.adding(days: max(furthest, 1)), timeZone: context.timeZone) {
            guard let days = occurrence.event.isLunar ? ahead.lunar : ahead.solar else { continue }
            let away = today.days(until: occurrence.date), key = "event \(occurrence.event.id) on \(occurrence.date.iso) "
            let text = { (away: Int) in words.reminder(context.name(occurrence.event.title), occurrence, away: away) }
            if let time = occurrence.time, !occurrence.event.isLunar {
                // A timed event: its own reminder some minutes before it starts (in the viewer's
                // zone), none once it has started; the days-ahead one at midnight as for any other.
                let starts = ICalendar.instant(occurrence.date, time, in: context.timeZone)
                let at = starts.addingTimeInterval(-Double(settings[Self.eventMinutes]) * 60)
                if at > context.now {
                    next = min(next ?? at, at)
                } else if context.now < starts {
                    due.append(Reminder(kind: .calendar, key: key + "today", title: text(away), body: words.title, also: days > 0 ? [key + "ahead \(days)"] : []))
                    continue
                }
                guard away > 0, away <= days, context.now < starts else { continue }
                due.append(Reminder(kind: .calendar, key: key + "ahead \(days)", title: text(away), body: words.title))
                continue
            }
            guard away <= days else { continue }
            due.append(Reminder(kind: .calendar, key: key + (away == 0 ? "today" : "ahead \(days)"), title: text(away),
                                body: words.title, also: away == 0 && days > 0 ? [key + "ahead \(days)"] : []))
        }
        return ReminderCheck(due: due, next: next)
    }
}

extension CalendarWords {
    /// "Giỗ ông nội in 3 days (Thursday, 15/3 âm lịch)", "Choir today (19:00)".
    func reminder(_ title: String, _ occurrence: EventOccurrence, away: Int) -> String {
        let when: String
        switch (language, away) {
        case (.french, 0): when = "aujourd’hui"
        case (.french, 1): when = "demain"
        case (.french, _): when = "dans \(away) jours"
        case (.italian, 0): when = "oggi"
        case (.italian, 1): when = "domani"
        case (.italian, _): when = "tra \(away) giorni"
        case (.vietnamese, 0): when = "hôm nay"
        case (.vietnamese, 1): when = "ngày mai"
        case (.vietnamese, _): when = "còn \(away) ngày"
        case (_, 0): when = "today"
        case (_, 1): when = "tomorrow"
        case (_, _): when = "in \(away) days"
        }
        let date: String
        if occurrence.event.isLunar, let lunar = VietnameseCalendar.lunarDate(for: occurrence.date) {
            date = "\(lunar.day)/\(lunar.month)\(lunar.isLeapMonth ? " nhuận" : "") âm lịch"
        } else {
            date = "\(occurrence.date.day)/\(occurrence.date.month)"
        }
        var details = away == 0 ? [] : [weekdays[occurrence.date.weekday]]
        if occurrence.event.isLunar || away > 0 { details.append(date) }
        if let time = occurrence.time { details.append(time.description) }
        return details.isEmpty ? "\(title) \(when)" : "\(title) \(when) (\(details.joined(separator: ", ")))"
    }
}
