import Foundation
import HomescreenHosting
import HomescreenWidgetCore

/// New moons and the sun's longitude for the Vietnamese calendar, from the truncated series of
/// Meeus' *Astronomical Algorithms* (new moon: chapter 49's main terms; the sun: chapter 25's
/// low-accuracy position). Days are Julian day numbers (the integer day starting at local
/// midnight in UTC+7); times are Julian dates.
enum Astronomy {
    static let hoursEast = 7.0
    static let synodicMonth = 29.530588853
    /// The new moon of 1900-01-01 (lunation 0), Julian ephemeris date.
    static let epoch = 2415020.75933
    static let degrees = Double.pi / 180

    static func julianDay(_ date: LocalDate) -> Int { date.dayNumber + 2_440_588 }
    static func localDate(julianDay: Int) -> LocalDate { LocalDate(dayNumber: julianDay - 2_440_588) }

    /// The lunation whose new moon is closest to a day.
    static func lunation(near julianDay: Int) -> Int {
        Int(((Double(julianDay) - 2415021.076998695) / synodicMonth).rounded())
    }

    /// The local day of the new moon of lunation `k`.
    static func newMoonDay(_ k: Int) -> Int {
        let k = Double(k)
        let t = k / 1236.85, t2 = t * t, t3 = t2 * t
        var jd = epoch + 29.53058868 * k + 0.0001178 * t2 - 0.000000155 * t3
        jd += 0.00033 * sin((166.56 + 132.87 * t - 0.009173 * t2) * degrees)
        let m = (359.2242 + 29.10535608 * k - 0.0000333 * t2 - 0.00000347 * t3) * degrees        // the sun's mean anomaly
        let mMoon = (306.0253 + 385.81691806 * k + 0.0107306 * t2 + 0.00001236 * t3) * degrees  // the moon's
        let f = (21.2964 + 390.67050646 * k - 0.0016528 * t2 - 0.00000239 * t3) * degrees       // its argument of latitude
        var correction = (0.1734 - 0.000393 * t) * sin(m) + 0.0021 * sin(2 * m)
        correction += -0.4068 * sin(mMoon) + 0.0161 * sin(2 * mMoon) - 0.0004 * sin(3 * mMoon)
        correction += 0.0104 * sin(2 * f) - 0.0051 * sin(m + mMoon) - 0.0074 * sin(m - mMoon)
        correction += 0.0004 * sin(2 * f + m) - 0.0004 * sin(2 * f - m) - 0.0006 * sin(2 * f + mMoon)
        correction += 0.0010 * sin(2 * f - mMoon) + 0.0005 * sin(2 * mMoon + m)
        // Ephemeris time to universal time (ΔT, in days), a polynomial for each era.
        let deltaT = t < -11
            ? 0.001 + 0.000839 * t + 0.0002261 * t2 - 0.00000845 * t3 - 0.000000081 * t * t3
            : -0.000278 + 0.000265 * t + 0.000262 * t2
        return Int((jd + correction - deltaT + 0.5 + hoursEast / 24).rounded(.down))
    }

    /// The sun's apparent longitude in degrees [0, 360) at the local midnight that starts a day.
    static func sunLongitude(atLocalMidnightBefore julianDay: Int) -> Double {
        let t = (Double(julianDay) - 2451545.5 - hoursEast / 24) / 36525, t2 = t * t
        let m = (357.52910 + 35999.05030 * t - 0.0001559 * t2 - 0.00000048 * t * t2) * degrees  // mean anomaly
        let meanLongitude = 280.46645 + 36000.76983 * t + 0.0003032 * t2
        let center = (1.914600 - 0.004817 * t - 0.000014 * t2) * sin(m) + (0.019993 - 0.000101 * t) * sin(2 * m) + 0.000290 * sin(3 * m)
        let longitude = (meanLongitude + center).truncatingRemainder(dividingBy: 360)
        return longitude < 0 ? longitude + 360 : longitude
    }

    /// The 30° sector (0…11, 0 from the March equinox) the sun is in when a day starts.
    static func majorTermSector(_ julianDay: Int) -> Int {
        Int(sunLongitude(atLocalMidnightBefore: julianDay) / 30)
    }

    /// The first day of lunar month 11 in a solar year: the month holding the winter solstice.
    static func month11(solarYear: Int) -> Int {
        let lastDay = julianDay(LocalDate(year: solarYear, month: 12, day: 31)!)
        let k = Int((Double(lastDay - 2415021) / synodicMonth).rounded(.down))
        let newMoon = newMoonDay(k)
        // The sun past 270° at that new moon: the solstice came before it, in the month before.
        return majorTermSector(newMoon) >= 9 ? newMoonDay(k - 1) : newMoon
    }
}
