/// Seconds as people read them in reports: "0.42 s", "12.3 s", "2 min 5 s".
///
/// Formatted by hand: on Linux the first `String(format:)` loads ICU's locale data, which costs tens of
/// milliseconds, more than running a trivial stage.
public enum DurationFormat {
    public static func text(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 9.995 {
            let hundredths = Int((seconds * 100).rounded())
            return "\(hundredths / 100).\(twoDigits(hundredths % 100)) s"
        }
        if seconds < 59.95 {
            let tenths = Int((seconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) s"
        }
        let whole = Int(seconds.rounded())
        return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
    }

    public static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
