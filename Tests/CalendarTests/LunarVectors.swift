import Foundation
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// The reference data in `Vectors/`, written once by `scripts/generate-lunar-vectors.py` from
/// vnlunar (an independent Python implementation) for UTC+7.
enum LunarVectors {
    /// The rows of a CSV file, comment and header lines dropped, split on commas.
    static func rows(_ name: String) -> [[String]] {
        let url = Bundle.module.url(forResource: "Vectors/\(name)", withExtension: "csv")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst(2).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    struct Month { let start: LocalDate; let lunar: LunarDate; let days: Int }

    /// Every lunar month with a day in 1900–2100.
    static let months: [Month] = rows("lunar-months").map { row in
        Month(start: LocalDate(iso: row[0])!, lunar: LunarDate(year: Int(row[1])!, month: Int(row[2])!, day: 1, isLeapMonth: row[3] == "1"), days: Int(row[4])!)
    }

    struct Day {
        let date: LocalDate, lunar: LunarDate
        let canChiDay: String, canChiMonth: String, canChiYear: String, solarTerm: String
    }

    /// Every day of 1984–1986, 2006–2008, 2025 and 2033.
    static let days: [Day] = rows("days").map { row in
        Day(date: LocalDate(iso: row[0])!, lunar: LunarDate(year: Int(row[3])!, month: Int(row[2])!, day: Int(row[1])!, isLeapMonth: row[4] == "1"),
            canChiDay: row[5], canChiMonth: row[6], canChiYear: row[7], solarTerm: row[8])
    }

    /// Tết of every lunar year 1900–2100.
    static let tet: [(year: Int, date: LocalDate)] = rows("tet").map { (Int($0[0])!, LocalDate(iso: $0[1])!) }
}
