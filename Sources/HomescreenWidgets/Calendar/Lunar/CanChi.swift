import HomescreenHosting
import HomescreenWidgetCore

/// Names of the Vietnamese calendar: the sexagenary cycle (can-chi) of years, months and days,
/// the lunar months, the 24 solar terms.
public enum CanChi {
    static let stems = ["Giáp", "Ất", "Bính", "Đinh", "Mậu", "Kỷ", "Canh", "Tân", "Nhâm", "Quý"]
    public static let branches = ["Tý", "Sửu", "Dần", "Mão", "Thìn", "Tỵ", "Ngọ", "Mùi", "Thân", "Dậu", "Tuất", "Hợi"]

    /// "Bính Ngọ" for lunar year 2026.
    public static func year(_ lunarYear: Int) -> String {
        name(stem: lunarYear + 6, branch: lunarYear + 8)
    }

    /// The month's can-chi: the branch is fixed by the month number (month 1 is Dần), the stem
    /// follows the year's; a leap month takes the name of its regular month.
    public static func month(_ lunar: LunarDate) -> String {
        name(stem: lunar.year * 12 + lunar.month + 3, branch: lunar.month + 1)
    }

    /// The day's can-chi, a cycle of 60 days counted from the Julian day number.
    public static func day(_ date: LocalDate) -> String {
        let julianDay = Astronomy.julianDay(date)
        return name(stem: julianDay + 9, branch: julianDay + 1)
    }

    private static func name(stem: Int, branch: Int) -> String {
        stems[((stem % 10) + 10) % 10] + " " + branches[((branch % 12) + 12) % 12]
    }
}

/// Vietnamese names of lunar months and solar terms.
public enum LunarNames {
    static let months = ["Giêng", "Hai", "Ba", "Tư", "Năm", "Sáu", "Bảy", "Tám", "Chín", "Mười", "Một", "Chạp"]

    /// "Giêng" … "Chạp".
    public static func month(_ number: Int) -> String { months[(number - 1) % 12] }

    /// "Tháng Giêng", "Tháng Sáu nhuận".
    public static func monthTitle(_ lunar: LunarDate) -> String {
        "Tháng " + month(lunar.month) + (lunar.isLeapMonth ? " nhuận" : "")
    }

    /// From the March equinox, 15° each.
    public static let solarTerms = [
        "Xuân phân", "Thanh minh", "Cốc vũ", "Lập hạ", "Tiểu mãn", "Mang chủng", "Hạ chí", "Tiểu thử",
        "Đại thử", "Lập thu", "Xử thử", "Bạch lộ", "Thu phân", "Hàn lộ", "Sương giáng", "Lập đông",
        "Tiểu tuyết", "Đại tuyết", "Đông chí", "Tiểu hàn", "Đại hàn", "Lập xuân", "Vũ thủy", "Kinh trập",
    ]

    /// Monday first, as the grid's header row: T2 … CN.
    public static let weekdayHeaders = ["T2", "T3", "T4", "T5", "T6", "T7", "CN"]
    /// By `dayOfWeek` (0 = Sunday).
    public static let weekdays = ["Chủ nhật", "Thứ hai", "Thứ ba", "Thứ tư", "Thứ năm", "Thứ sáu", "Thứ bảy"]
}
