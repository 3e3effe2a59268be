import Foundation

/// Seconds as people read them in reports: "0.42 s", "12.3 s", "2 min 5 s".
public enum DurationFormat {
    public static func text(_ seconds: Double) -> String {
        if seconds < 10 { return String(format: "%.2f s", seconds) }
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
    }
}
