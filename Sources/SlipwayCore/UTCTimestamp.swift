import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates as UTC ISO 8601 text (`2024-05-01T12:00:00Z`), formatted the same on every platform and locale.
public enum UTCTimestamp {
    /// Whole seconds, or milliseconds with `fractional`.
    public static func string(_ date: Date, fractional: Bool = false) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        if fractional {
            let milliseconds = min(999, Int(((interval - interval.rounded(.down)) * 1000).rounded(.down)))
            text += String(format: ".%03d", milliseconds)
        }
        return text + "Z"
    }

    /// Reads what `string` writes (whole seconds or a fraction, `Z` only).
    public static func date(_ text: String) -> Date? {
        guard text.hasSuffix("Z"), text.count >= 20 else { return nil }
        let body = text.dropLast()
        let main = body.prefix(19)
        let fraction = body.dropFirst(19)
        let numbers = main.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(numbers[0] - 1900)
        parts.tm_mon = Int32(numbers[1] - 1)
        parts.tm_mday = Int32(numbers[2])
        parts.tm_hour = Int32(numbers[3])
        parts.tm_min = Int32(numbers[4])
        parts.tm_sec = Int32(numbers[5])
        var seconds = TimeInterval(timegm(&parts))
        if !fraction.isEmpty {
            guard fraction.first == ".", let value = Double("0" + fraction) else { return nil }
            seconds += value
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
