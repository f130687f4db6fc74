import Foundation

/// Parses the `--now` option: ISO 8601 with an offset (`2026-02-16T23:59:50+07:00`, `…Z`),
/// a local date-time without offset (`2026-02-16T23:59:50`), or a date (`2026-02-16`, which
/// means the start of that day in the local time zone).
public enum InstantParser {
    public static let accepted = "an ISO 8601 instant such as 2026-02-16T23:59:50+07:00, or a day: 2026-02-16, today, tomorrow, +3d"

    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        if let date = LocalDate(iso: text) { return date.start(in: timeZone) }
        let withOffset = ISO8601DateFormatter()
        withOffset.formatOptions = [.withInternetDateTime]
        if let date = withOffset.date(from: text) { return date }
        withOffset.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withOffset.date(from: text) { return date }
        // Local date-time: validate the shape strictly, then let the calendar place it.
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = LocalDate(iso: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60 else { return nil }
        let second = clock.count == 3 ? Int(clock[2])! : 0
        guard second < 60 else { return nil }
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        return Calendar.gregorian(in: timeZone).date(from: components)
    }
}
