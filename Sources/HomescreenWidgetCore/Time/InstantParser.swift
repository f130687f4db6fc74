import Foundation

/// Parses the `--now` option: ISO 8601 with an offset (`2026-02-16T23:59:50+07:00`, `…Z`),
/// a local date-time without offset (`2026-02-16T23:59:50`), or a date (`2026-02-16`, which
/// means the start of that day in the local time zone).
public enum InstantParser {
    public static let accepted = "an ISO 8601 instant such as 2026-02-16T23:59:50+07:00, or a day: 2026-02-16, today, tomorrow, +3d"

    public static func parse(_ text: String, timeZone: Zone) -> Date? {
        if let date = LocalDate(iso: text) { return date.start(in: timeZone) }
        // An instant with an offset, or a local date-time (its seconds may be left out).
        return internetInstant(text.utf8.count == 16 ? text + ":00" : text, fraction: true, localIn: timeZone)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, then fractions of a second (1 to 9 digits) when `fraction` allows,
    /// then `Z` or `±HH:MM` (RFC 3339's internet date-time; also `±HHMM` and `±HH`). Without an offset the time is on
    /// `localIn`'s wall clock, or refused when it is nil. Written by hand: Foundation's
    /// `ISO8601DateFormatter` is ICU's on Linux (BENCHMARKS.md, issue 36).
    public static func internetInstant(_ text: String, fraction: Bool, localIn zone: Zone?) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let day = LocalDate(year: year, month: month, day: dayOfMonth), hour < 24, minute < 60, second < 60 else { return nil }
        var at = 19, nanoseconds = 0
        if fraction, at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            var digits = 0
            at += 1
            while at < bytes.count, let digit = number(at, 1) {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
                digits += 1
                at += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        let clock = hour * 3600 + minute * 60 + second
        let fractionSeconds = Double(nanoseconds) / 1e9
        if at == bytes.count {
            guard let zone else { return nil }
            return zone.instant(day, seconds: clock).addingTimeInterval(fractionSeconds)
        }
        let offset: Int
        if bytes[at] == UInt8(ascii: "Z") || bytes[at] == UInt8(ascii: "z"), at + 1 == bytes.count {
            offset = 0
        } else if bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-"), let hours = number(at + 1, 2), hours < 24,
                  // ±HH:MM, and ISO 8601's basic ±HHMM and ±HH.
                  let minutes = bytes.count == at + 6 && bytes[at + 3] == UInt8(ascii: ":") ? number(at + 4, 2)
                      : bytes.count == at + 5 ? number(at + 3, 2) : bytes.count == at + 3 ? 0 : nil, minutes < 60 {
            offset = (bytes[at] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(day.dayNumber * 86_400 + clock - offset) + fractionSeconds)
    }

    /// RFC 3339's internet date-time of an instant on a zone's clock, to the second:
    /// `2026-11-22T10:00:00+01:00`, `…Z` in UTC (what `ISO8601DateFormatter` writes).
    public static func internet(_ date: Date, in zone: Zone = .utc) -> String {
        // An offset with seconds (local mean time before 1900: Monrovia's -00:44:30) has no
        // ±HH:MM: that instant is written in UTC.
        let zone = zone.secondsFromGMT(for: date) % 60 == 0 ? zone : .utc
        let (day, seconds) = zone.wallClock(date)
        let offset = zone.secondsFromGMT(for: date)
        let time = (seconds / 3600).zeroPadded(2) + ":" + (seconds / 60 % 60).zeroPadded(2) + ":" + (seconds % 60).zeroPadded(2)
        let zoneText = offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + (abs(offset) / 3600).zeroPadded(2) + ":" + (abs(offset) / 60 % 60).zeroPadded(2)
        return day.iso + "T" + time + zoneText
    }
}
