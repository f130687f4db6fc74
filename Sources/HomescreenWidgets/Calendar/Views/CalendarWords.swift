import HomescreenWidgetCore

/// The calendar's interface words in each language. What is Vietnamese by nature stays so in
/// every language — the can chi, the solar terms' names, the lunar months' names, the spirits
/// of the day — each behind a label in the interface's language ("Solar term: Tiểu tuyết"); a
/// holiday keeps its Vietnamese name with its label beside it ("Quốc khánh (National Day)").
struct CalendarWords: Sendable {
    let title: String
    let today: String
    /// "Âm lịch" before a lunar date, and its short form where room is scarce ("ÂL").
    let lunar: String
    let lunarShort: String
    /// Sunday first, as `LocalDate.weekday` counts.
    let weekdays: [String]
    /// Monday first, two letters, over the month's columns.
    let weekdayHeaders: [String]
    let solarTerm: String
    let solarTermShort: String
    let auspiciousHours: String
    let goodHours: String
    let comingUp: String
    let auspiciousDay: String
    let inauspiciousDay: String
    let leap: String
    /// "Day %1", "month %1", "year %1": labels before a can chi or a lunar number.
    let dayOf: String, monthOf: String, yearOf: String
    let lunarMonth: String
    /// After a public holiday's name ("Quốc khánh · day off"), and before the holiday an
    /// announced day off belongs to ("Day off: Tết Nguyên Đán").
    let dayOff: String, dayOffFor: String
    /// Each holiday's label by its `Holiday.id`; none in Vietnamese, where the name says it.
    let holidayLabels: [String: String]
    let language: Language

    static func of(_ language: Language) -> CalendarWords {
        switch language {
        case .english: return english
        case .french: return french
        case .italian: return italian
        case .vietnamese: return vietnamese
        }
    }

    static let vietnamese = CalendarWords(
        title: "Lịch Việt", today: "Hôm nay", lunar: "Âm lịch", lunarShort: "ÂL", weekdays: LunarNames.weekdays, weekdayHeaders: LunarNames.weekdayHeaders,
        solarTerm: "Tiết khí", solarTermShort: "Tiết", auspiciousHours: "Giờ hoàng đạo", goodHours: "Giờ tốt", comingUp: "Sắp tới",
        auspiciousDay: "Ngày hoàng đạo", inauspiciousDay: "Ngày hắc đạo", leap: "nhuận", dayOf: "Ngày %1", monthOf: "tháng %1", yearOf: "năm %1",
        lunarMonth: "Tháng %1", dayOff: "ngày nghỉ", dayOffFor: "Nghỉ %1", holidayLabels: [:], language: .vietnamese)
    static let english = CalendarWords(
        title: "Lunar calendar", today: "Today", lunar: "Lunar", lunarShort: "Lun.",
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], weekdayHeaders: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
        solarTerm: "Solar term", solarTermShort: "Term", auspiciousHours: "Auspicious hours", goodHours: "Good hours", comingUp: "Coming up",
        auspiciousDay: "Auspicious day", inauspiciousDay: "Inauspicious day", leap: "(leap)", dayOf: "Day %1", monthOf: "month %1", yearOf: "year %1",
        lunarMonth: "Lunar month %1", dayOff: "day off", dayOffFor: "Day off: %1",
        holidayLabels: [
            "new-year": "New Year's Day", "tet": "Lunar New Year", "first-full-moon": "First Full Moon", "cold-food": "Cold Food Festival",
            "hung-kings": "Hùng Kings' Day", "reunification": "Reunification Day", "labour-day": "Labour Day", "buddha": "Buddha's Birthday",
            "double-fifth": "Double Fifth Festival", "double-seventh": "Double Seventh", "vu-lan": "Ullambana", "mid-autumn": "Mid-Autumn Festival",
            "national-day": "National Day", "kitchen-gods": "Kitchen Gods' Day", "new-years-eve": "Lunar New Year's Eve",
        ], language: .english)
    static let french = CalendarWords(
        title: "Calendrier lunaire", today: "Aujourd'hui", lunar: "Lunaire", lunarShort: "Lun.",
        weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"], weekdayHeaders: ["Lu", "Ma", "Me", "Je", "Ve", "Sa", "Di"],
        solarTerm: "Terme solaire", solarTermShort: "Terme", auspiciousHours: "Heures fastes", goodHours: "Heures", comingUp: "À venir",
        auspiciousDay: "Jour faste", inauspiciousDay: "Jour néfaste", leap: "(intercalaire)", dayOf: "Jour %1", monthOf: "mois %1", yearOf: "année %1",
        lunarMonth: "Mois lunaire %1", dayOff: "jour férié", dayOffFor: "Jour chômé : %1",
        holidayLabels: [
            "new-year": "Jour de l'An", "tet": "Nouvel An lunaire", "first-full-moon": "Première pleine lune", "cold-food": "Fête des plats froids",
            "hung-kings": "Fête des rois Hùng", "reunification": "Jour de la Réunification", "labour-day": "Fête du Travail", "buddha": "Naissance du Bouddha",
            "double-fifth": "Fête du double cinq", "double-seventh": "Fête du double sept", "vu-lan": "Ullambana", "mid-autumn": "Fête de la mi-automne",
            "national-day": "Fête nationale", "kitchen-gods": "Fête des génies du foyer", "new-years-eve": "Réveillon du Nouvel An lunaire",
        ], language: .french)
    static let italian = CalendarWords(
        title: "Calendario lunare", today: "Oggi", lunar: "Lunare", lunarShort: "Lun.",
        weekdays: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"], weekdayHeaders: ["Lu", "Ma", "Me", "Gi", "Ve", "Sa", "Do"],
        solarTerm: "Termine solare", solarTermShort: "Termine", auspiciousHours: "Ore fauste", goodHours: "Ore", comingUp: "In arrivo",
        auspiciousDay: "Giorno fausto", inauspiciousDay: "Giorno infausto", leap: "(intercalare)", dayOf: "Giorno %1", monthOf: "mese %1", yearOf: "anno %1",
        lunarMonth: "Mese lunare %1", dayOff: "festivo", dayOffFor: "Giorno festivo: %1",
        holidayLabels: [
            "new-year": "Capodanno", "tet": "Capodanno lunare", "first-full-moon": "Prima luna piena", "cold-food": "Festa del cibo freddo",
            "hung-kings": "Festa dei re Hùng", "reunification": "Giorno della Riunificazione", "labour-day": "Festa dei lavoratori", "buddha": "Nascita del Buddha",
            "double-fifth": "Festa del doppio cinque", "double-seventh": "Festa del doppio sette", "vu-lan": "Ullambana", "mid-autumn": "Festa di metà autunno",
            "national-day": "Festa nazionale", "kitchen-gods": "Festa degli dei del focolare", "new-years-eve": "Vigilia del Capodanno lunare",
        ], language: .italian)

    func fill(_ pattern: String, _ value: String) -> String { pattern.replacingOccurrences(of: "%1", with: value) }

    /// "Quốc khánh", "Quốc khánh (National Day)".
    func holidayName(_ holiday: Holiday) -> String { holidayLabels[holiday.id].map { holiday.name + " (\($0))" } ?? holiday.name }

    /// "Tháng 11, 2026", "November 2026".
    func monthTitle(_ month: Int, _ year: Int) -> String {
        language == .vietnamese ? "Tháng \(month), \(year)" : BudgetStrings.of(language).monthNames[month - 1] + " \(year)"
    }

    /// The lunar month by its name: "Tháng Mười nhuận", "Lunar month Mười (leap)".
    func lunarMonth(_ lunar: LunarDate) -> String {
        fill(lunarMonth, LunarNames.month(lunar.month)) + (lunar.isLeapMonth ? " " + leap : "")
    }

    /// "ngày", "day", "days": the unit after a count of days.
    private func unit(_ count: Int) -> String {
        switch language {
        case .vietnamese: return "ngày"
        case .english: return language.plural(count, one: "day", other: "days")
        case .french: return language.plural(count, one: "jour", other: "jours")
        case .italian: return language.plural(count, one: "giorno", other: "giorni")
        }
    }

    /// "còn 3 ngày", "in 3 days", "hôm nay", "2 days ago".
    func daysLeft(_ days: Int) -> String {
        let count = "\(abs(days)) " + unit(abs(days))
        switch language {
        case .vietnamese: return days == 0 ? "hôm nay" : days > 0 ? "còn \(count)" : "\(count) trước"
        case .english: return days == 0 ? "today" : days > 0 ? "in \(count)" : "\(count) ago"
        case .french: return days == 0 ? "aujourd'hui" : days > 0 ? "dans \(count)" : "il y a \(count)"
        case .italian: return days == 0 ? "oggi" : days > 0 ? "tra \(count)" : "\(count) fa"
        }
    }

    /// "3 ngày", "3 days" (the ring's short count), "hôm nay", "today".
    func days(_ days: Int) -> String { days == 0 ? daysLeft(0) : "\(days) " + unit(days) }

    /// "+2 sự kiện", "+2 more".
    func moreEvents(_ count: Int) -> String {
        switch language {
        case .vietnamese: return "+\(count) sự kiện"
        case .english: return "+\(count) more"
        case .french: return "+\(count) de plus"
        case .italian: return "+\(count) altri"
        }
    }
}
