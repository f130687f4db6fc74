import Foundation
import Testing
@testable import HomescreenWidgetCore

struct TimeTests {
    static let saigon = Zone(identifier: "Asia/Ho_Chi_Minh")!
    static let zurich = Zone(identifier: "Europe/Zurich")!

    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    @Test func localDatesParseOnlyRealDays() {
        #expect(LocalDate(iso: "2026-02-17") == LocalDate(year: 2026, month: 2, day: 17))
        #expect(LocalDate(iso: "2028-02-29") != nil)
        for bad in ["2026-02-29", "2100-02-29", "2026-13-01", "2026-04-31", "2026-00-10", "2026-1-5", "26-01-05", "2026/01/05", "tomorrow", "", "２０２６-01-05",
                    "2026-0²-05", "2026-01-5a", "+026-01-05", "-026-01-05", "2026-01-05T", " 2026-01-05", "2026_01-05", "2026-01-0５"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
        #expect(YearMonth(iso: "2026-11") == YearMonth(year: 2026, month: 11))
        for bad in ["2026-1", "2026-13", "2026-00", "2026-11-01", "２０２６-11", "2026-1²", "+026-11", "2026/11", ""] {
            #expect(YearMonth(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func zeroPaddingWritesWhatPrintfWrites() {
        for value in [0, 7, 42, 999, 2026, 10_000, 123_456, -1, -42, -2026] {
            for width in [0, 2, 4] {
                #expect(value.zeroPadded(width) == String(format: "%0*d", width, value), "\(value) \(width)")
            }
        }
        #expect(LocalDate(year: 812, month: 3, day: 9)!.iso == "0812-03-09")
        #expect(YearMonth(year: 2026, month: 1)!.iso == "2026-01")
    }

    @Test func dayNumbersAgreeWithFoundationForEveryDayOfTwoCenturies() {
        let utc = Zone(identifier: "UTC")!
        var date = LocalDate(year: 1900, month: 1, day: 1)!
        let start = date.start(in: utc)
        for offset in stride(from: 0, to: 73_000, by: 1) {
            let expected = LocalDate(start.addingTimeInterval(Double(offset) * 86_400), in: utc)
            if date != expected { Issue.record("\(date) != \(expected)"); return }
            date = date.adding(days: 1)
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2026, month: 11, day: 22)!.weekday == 0)   // a Sunday
        #expect(LocalDate(year: 2026, month: 2, day: 17)!.weekday == 2)    // Tết 2026, a Tuesday
    }

    @Test func nextMidnightInSaigon() {
        let now = Self.instant("2026-02-16T23:59:50+07:00")
        #expect(TimeBoundaries.nextMidnight(after: now, in: Self.saigon) == Self.instant("2026-02-17T00:00:00+07:00"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-02-17T00:00:00+07:00"), in: Self.saigon) == Self.instant("2026-02-18T00:00:00+07:00"))
    }

    @Test func nextMidnightInZurichOnTheDaysDaylightSavingChanges() {
        // 29 March 2026 has 23 hours in Zurich: midnight after noon is 22:00 UTC.
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-03-29T12:00:00+02:00"), in: Self.zurich) == Self.instant("2026-03-30T00:00:00+02:00"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-03-29T00:30:00+01:00"), in: Self.zurich) == Self.instant("2026-03-29T22:00:00Z"))
        // 25 October 2026 has 25 hours: midnight after 00:30 is 24 h 30 min later... in UTC.
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-10-25T00:30:00+02:00"), in: Self.zurich) == Self.instant("2026-10-25T23:00:00Z"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-10-24T23:00:00+02:00"), in: Self.zurich) == Self.instant("2026-10-25T00:00:00+02:00"))
    }

    @Test func nextHourSkipsTheMissingHourAndRepeatsTheDoubledOne() {
        // 02:00 does not exist on 29 March: after 01:30 CET comes 03:00 CEST.
        #expect(TimeBoundaries.nextHour(after: Self.instant("2026-03-29T01:30:00+01:00"), in: Self.zurich) == Self.instant("2026-03-29T03:00:00+02:00"))
        // 02:00–03:00 happens twice on 25 October; each hour boundary comes one hour later.
        #expect(TimeBoundaries.nextHour(after: Self.instant("2026-10-25T02:30:00+02:00"), in: Self.zurich) == Self.instant("2026-10-25T02:00:00+01:00"))
        #expect(TimeBoundaries.nextHour(after: Self.instant("2026-10-25T02:30:00+01:00"), in: Self.zurich) == Self.instant("2026-10-25T03:00:00+01:00"))
    }

    @Test func monthEndsAndLeapYears() {
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2028-02-28T18:00:00+07:00"), in: Self.saigon) == Self.instant("2028-02-29T00:00:00+07:00"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2028-02-29T18:00:00+07:00"), in: Self.saigon) == Self.instant("2028-03-01T00:00:00+07:00"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-02-28T18:00:00+07:00"), in: Self.saigon) == Self.instant("2026-03-01T00:00:00+07:00"))
        #expect(TimeBoundaries.nextMidnight(after: Self.instant("2026-12-31T23:59:59+01:00"), in: Self.zurich) == Self.instant("2027-01-01T00:00:00+01:00"))
        #expect(TimeBoundaries.nextMonth(after: Self.instant("2028-02-10T10:00:00+07:00"), in: Self.saigon) == Self.instant("2028-03-01T00:00:00+07:00"))
        #expect(TimeBoundaries.nextMonth(after: Self.instant("2026-03-15T10:00:00+01:00"), in: Self.zurich) == Self.instant("2026-04-01T00:00:00+02:00"))
        #expect(TimeBoundaries.nextMonth(after: Self.instant("2100-02-28T10:00:00+07:00"), in: Self.saigon) == Self.instant("2100-03-01T00:00:00+07:00"))
    }

    @Test func nowParsesOffsetsLocalTimesAndDates() {
        #expect(InstantParser.parse("2026-02-16T23:59:50+07:00", timeZone: Self.zurich) == Self.instant("2026-02-16T16:59:50Z"))
        #expect(InstantParser.parse("2026-02-16T23:59:50Z", timeZone: Self.zurich) == Self.instant("2026-02-16T23:59:50Z"))
        #expect(InstantParser.parse("2026-02-16T23:59:50", timeZone: Self.saigon) == Self.instant("2026-02-16T23:59:50+07:00"))
        #expect(InstantParser.parse("2026-02-16", timeZone: Self.saigon) == Self.instant("2026-02-16T00:00:00+07:00"))
        // ISO 8601's basic offsets, and fractions of a second.
        #expect(InstantParser.parse("2026-02-16T23:59:50+0700", timeZone: Self.zurich) == Self.instant("2026-02-16T16:59:50Z"))
        #expect(InstantParser.parse("2026-02-16T23:59:50-07", timeZone: Self.zurich) == Self.instant("2026-02-17T06:59:50Z"))
        #expect(InstantParser.parse("2026-02-16T23:59:50.250Z", timeZone: Self.zurich) == Self.instant("2026-02-16T23:59:50Z").addingTimeInterval(0.25))
        for bad in ["yesterday", "2026-02-30", "2026-02-16T25:00:00", "2026-02-16T23:60", "", "1700000000", "2026-02-16 10:00",
                    "2026-02-16T23:59:50+7", "2026-02-16T23:59:50+07:0", "2026-02-16T23:59:50+0760", "2026-02-16T10:00:٣٣", "2026-02-16T23:59:50."] {
            #expect(InstantParser.parse(bad, timeZone: Self.zurich) == nil, "\(bad)")
        }
    }

    /// What `ISO8601DateFormatter` wrote: the zone's offset, `Z` in UTC; an offset with seconds
    /// (local mean time, New York before 1883) is written in UTC, which reads back the same.
    @Test func stampsAreRFC3339AndReadBack() throws {
        let date = Self.instant("2026-07-01T12:00:00Z")
        #expect(InstantParser.internet(date) == "2026-07-01T12:00:00Z")
        #expect(InstantParser.internet(date, in: Self.zurich) == "2026-07-01T14:00:00+02:00")
        let newYork = try #require(Zone(identifier: "America/New_York"))
        let early = Date(timeIntervalSince1970: -3_000_000_000)
        let text = InstantParser.internet(early, in: newYork)
        #expect(text.hasSuffix("Z") && InstantParser.parse(text, timeZone: Self.zurich) == early, "\(text)")
    }
}
