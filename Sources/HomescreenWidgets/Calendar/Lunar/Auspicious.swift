import HomescreenHosting
import HomescreenWidgetCore

/// Giờ hoàng đạo and ngày hoàng đạo / hắc đạo: the twelve spirits (Thanh Long, Minh Đường,
/// Thiên Hình, Chu Tước, Kim Quỹ, Bảo Quang, Bạch Hổ, Ngọc Đường, Thiên Lao, Huyền Vũ, Tư Mệnh,
/// Câu Trận) follow the twelve branches in turn; six of them are hoàng đạo (auspicious).
/// - For the hours of a day, Thanh Long falls on the hour Thân on days Tý and Ngọ, and two
///   branches later for each following pair of day branches (Sửu/Mùi: Tuất, Dần/Thân: Tý, …).
/// - For a day, Thanh Long falls on the day Tý in the lunar months Giêng (Dần) and Bảy
///   (Thân), and two branches later for each following pair of months; a leap month counts as
///   the regular month of its number. This is the Vietnamese practice (vnlunar's default,
///   `god_basis="lunar"`); Chinese almanacs count the month by solar terms instead, which
///   differs on the days between a lunar month's start and its solar term.
/// Checked against vnlunar (`get_auspicious_hours`, `get_god_index`), an implementation nobody
/// here wrote: Tests/CalendarTests/Vectors/auspicious.csv, from scripts/generate-event-vectors.py.
public enum Auspicious {
    public static let spirits = ["Thanh Long", "Minh Đường", "Thiên Hình", "Chu Tước", "Kim Quỹ", "Bảo Quang",
                                 "Bạch Hổ", "Ngọc Đường", "Thiên Lao", "Huyền Vũ", "Tư Mệnh", "Câu Trận"]
    /// Indexes of the hoàng đạo spirits.
    static let auspiciousSpirits: Set<Int> = [0, 1, 4, 5, 7, 10]

    /// A two-hour period named by its branch: Tý is 23:00–01:00, Sửu 01:00–03:00, …
    public struct Hour: Hashable, Sendable, Encodable {
        public let branch: Int
        public var name: String { CanChi.branches[branch] }
        public var startHour: Int { (branch * 2 + 23) % 24 }
        public var endHour: Int { (branch * 2 + 1) % 24 }
        /// "Tý 23–1".
        public var label: String { "\(name) \(startHour)–\(endHour)" }
        /// "23:00–01:00".
        public var range: String { String(format: "%02d:00–%02d:00", startHour, endHour) }

        enum CodingKeys: String, CodingKey { case name, start, end }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(String(format: "%02d:00", startHour), forKey: .start)
            try container.encode(String(format: "%02d:00", endHour), forKey: .end)
        }
    }

    /// Whether a day is hoàng đạo, and its spirit.
    public struct DayQuality: Hashable, Sendable {
        public let spirit: Int
        public var isAuspicious: Bool { auspiciousSpirits.contains(spirit) }
        public var spiritName: String { spirits[spirit] }
        /// "Hoàng đạo (Kim Quỹ)".
        public var label: String { (isAuspicious ? "Hoàng đạo" : "Hắc đạo") + " (\(spiritName))" }
        /// `hoangDao` or `hacDao`, for JSON.
        public var key: String { isAuspicious ? "hoangDao" : "hacDao" }
    }

    /// The day's branch, 0 = Tý.
    static func dayBranch(_ date: LocalDate) -> Int { ((Astronomy.julianDay(date) + 1) % 12 + 12) % 12 }

    /// The six hoàng đạo hours of a day, from Tý on.
    public static func hours(on date: LocalDate) -> [Hour] {
        let thanhLong = (8 + 2 * (dayBranch(date) % 6)) % 12
        return (0..<12).filter { auspiciousSpirits.contains(($0 - thanhLong + 12) % 12) }.map(Hour.init(branch:))
    }

    /// The lunar month's branch (2 = Dần for tháng Giêng); nil outside the calendar's range.
    static func monthBranch(_ date: LocalDate) -> Int? {
        VietnameseCalendar.lunarDate(for: date).map { ($0.month + 1) % 12 }
    }

    public static func dayQuality(on date: LocalDate) -> DayQuality {
        let thanhLong = (2 * (((monthBranch(date) ?? 2) - 2 + 12) % 6)) % 12
        return DayQuality(spirit: (dayBranch(date) - thanhLong + 12) % 12)
    }
}
