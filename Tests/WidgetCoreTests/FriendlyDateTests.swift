import Testing
import HomescreenWidgetCore

struct FriendlyDateTests {
    /// A Sunday.
    let today = LocalDate(year: 2026, month: 11, day: 22)!

    func day(_ text: String) -> String? { FriendlyDate.parse(text, today: today)?.iso }

    @Test func wordsInEveryLanguage() {
        for word in ["today", "Aujourd'hui", "oggi", "hôm nay", "Hom Nay"] { #expect(day(word) == "2026-11-22", "\(word)") }
        for word in ["tomorrow", "demain", "domani", "ngày mai", "ngay mai"] { #expect(day(word) == "2026-11-23", "\(word)") }
        for word in ["yesterday", "hier", "ieri", "hôm qua"] { #expect(day(word) == "2026-11-21", "\(word)") }
    }

    @Test func weekdaysAreTheNextOneOrToday() {
        for word in ["monday", "Mon", "lundi", "lunedì", "thứ hai", "T2"] { #expect(day(word) == "2026-11-23", "\(word)") }
        for word in ["friday", "vendredi", "venerdi", "thứ sáu", "t6"] { #expect(day(word) == "2026-11-27", "\(word)") }
        for word in ["sunday", "dimanche", "domenica", "chủ nhật", "CN"] { #expect(day(word) == "2026-11-22", "\(word)") }
        #expect(day("saturday") == "2026-11-28")
    }

    @Test func offsets() {
        #expect(day("+3d") == "2026-11-25")
        #expect(day("-1w") == "2026-11-15")
        #expect(day("+2m") == "2027-01-22")
        #expect(day("+1y") == "2027-11-22")
        #expect(day("+3j") == "2026-11-25" && day("+3g") == "2026-11-25" && day("+1s") == "2026-11-29" && day("-1a") == "2025-11-22")
        // The day of the month is kept where it exists, else the month's last.
        #expect(FriendlyDate.parse("+1m", today: LocalDate(year: 2026, month: 1, day: 31)!)?.iso == "2026-02-28")
        #expect(FriendlyDate.parse("+1y", today: LocalDate(year: 2028, month: 2, day: 29)!)?.iso == "2029-02-28")
    }

    @Test func isoStaysAndTheRestIsRefused() {
        #expect(day("2026-02-17") == "2026-02-17")
        for text in ["", "+", "+d", "3d", "+3", "+3x", "+123456d", "+٣d", "next week", "2026-02-30", "frday"] { #expect(day(text) == nil, "\(text)") }
    }

    @Test func theExampleIsThreeDaysFromToday() {
        #expect(FriendlyDate.accepted(today: today).contains("such as 2026-11-25"))
    }
}
