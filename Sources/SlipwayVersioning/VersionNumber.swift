import Foundation
import SlipwayDetection

/// A dotted numeric version (`1.4.2`, `2.0`, `2024.11.3`) and the arithmetic of bumping it.
///
/// Parts are kept as the digit strings written, so arithmetic never overflows (`20200826151407` is a real build
/// number) and parts a bump leaves alone keep their exact text.
public struct VersionNumber: Sendable, Equatable, CustomStringConvertible {
    public let parts: [String]

    /// `nil` unless `text` is digits separated by single dots.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
        self.parts = parts
    }

    public var description: String { parts.joined(separator: ".") }

    /// The semantic bump of a marketing version:
    /// - `major` 1.4.2 → 2.0.0, `minor` 1.4.2 → 1.5.0, `patch` 1.4.2 → 1.4.3;
    /// - a two-part version stays two-part for minor and major (1.9 → 1.10, 2.0) and gains a third for patch
    ///   (1.9 → 1.9.1); a one-part version gains what the level needs (3 → 4, 3.1, 3.0.1);
    /// - parts after the bumped one become 0; parts before it keep their text;
    /// - a zero-padded part keeps its width, as calendar versions need (`26.07.5` → minor `26.08.0`, patch
    ///   `26.07.6`; `2024.05.09` → patch `2024.05.10`), and a part reset to 0 keeps it too (`26.07.05` → `26.08.00`).
    public func bumped(_ level: BumpLevel) -> String {
        var result = parts
        let index: Int
        switch level {
        case .major: index = 0
        case .minor: index = 1
        case .patch: index = 2
        }
        while result.count <= index { result.append("0") }
        result[index] = VersionNumber.increment(result[index])
        for later in (index + 1)..<max(result.count, index + 1) {
            result[later] =
                VersionNumber.isPadded(result[later]) ? String(repeating: "0", count: result[later].count) : "0"
        }
        return result.joined(separator: ".")
    }

    /// Compares part by part as numbers, a missing part counting as 0 (`1.10` > `1.9`, `1.2` == `1.2.0`).
    public static func compare(_ left: VersionNumber, _ right: VersionNumber) -> ComparisonResult {
        for index in 0..<max(left.parts.count, right.parts.count) {
            let a = index < left.parts.count ? stripZeros(left.parts[index]) : "0"
            let b = index < right.parts.count ? stripZeros(right.parts[index]) : "0"
            if a.count != b.count { return a.count < b.count ? .orderedAscending : .orderedDescending }
            if a != b { return a < b ? .orderedAscending : .orderedDescending }
        }
        return .orderedSame
    }

    private static func stripZeros(_ digits: String) -> String {
        let stripped = digits.drop { $0 == "0" }
        return stripped.isEmpty ? "0" : String(stripped)
    }

    /// Why this is not a marketing version App Store Connect accepts, or `nil` when it is: one to three integers
    /// separated by periods (`1`, `1.4`, `1.4.2`).
    public var marketingProblem: String? {
        parts.count <= 3 ? nil : "it takes at most three parts, and this has \(parts.count)"
    }

    /// Why `text` is not a marketing version App Store Connect accepts, or `nil` when it is.
    public static func marketingProblem(_ text: String) -> String? {
        guard let number = VersionNumber(text) else {
            return "it takes one to three integers separated by periods, such as 1.4.2"
        }
        return number.marketingProblem
    }

    /// The nearest value App Store Connect accepts, for a hint: the leading numbers, at most three (`1.2.3.4` →
    /// `1.2.3`, `2.0 beta` → `2.0`, `v3` → `3`); `nil` when there is no number at all.
    public static func nearestMarketing(_ text: String) -> String? {
        var numbers: [String] = []
        var current = ""
        for character in text.unicodeScalars.drop(while: { !("0"..."9").contains($0) }) {
            if ("0"..."9").contains(character) {
                current.unicodeScalars.append(character)
            } else if character == ".", !current.isEmpty, numbers.count < 2 {
                numbers.append(current)
                current = ""
            } else {
                break
            }
        }
        if !current.isEmpty { numbers.append(current) }
        return numbers.isEmpty ? nil : numbers.joined(separator: ".")
    }

    /// A part written with leading zeros (`07`), whose width a bump keeps.
    static func isPadded(_ digits: String) -> Bool {
        digits.count > 1 && digits.hasPrefix("0")
    }

    /// The next build number: the last part + 1, keeping its width (`118` → `119`, `2024.11.3` → `2024.11.4`,
    /// `0099` → `0100`).
    public func nextBuild() -> String {
        var result = parts
        result[result.count - 1] = VersionNumber.increment(result[result.count - 1])
        return result.joined(separator: ".")
    }

    /// Adds one to a string of decimal digits, carrying as on paper; the width grows only when every digit was 9.
    static func increment(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "9") {
                bytes[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                bytes[index] += 1
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return "1" + String(decoding: bytes, as: UTF8.self)
    }
}

extension VersionNumber {
    /// The calendar version (`YY.MM.patch`) a bump gives on `date`: `patch` + 1 when `current` is already this
    /// year and month, else the year, the month and patch 0. The year keeps the width `current` writes it in
    /// (`26` or `2026`); the month is zero-padded unless `current` writes a four-digit year and a one-digit month (`2025.2.0`).
    public static func nextCalendar(after current: VersionNumber?, on date: Date, in calendar: Calendar) -> String {
        let components = calendar.dateComponents([.year, .month], from: date)
        let year = components.year ?? 2000
        let month = components.month ?? 1
        let parts = current?.parts ?? []
        let fullYear = parts.first.map { $0.count == 4 } ?? false
        // Only a four-digit year with a one-digit month (`2025.2.0`) says the months go unpadded.
        let padMonth = !(fullYear && parts.count >= 2 && parts[1].count == 1)
        let yearText = fullYear ? String(year) : pad(year % 100)
        let monthText = padMonth ? pad(month) : String(month)
        if parts.count == 3, Int(parts[0]) == Int(yearText), Int(parts[1]) == month {
            return [parts[0], parts[1], increment(parts[2])].joined(separator: ".")
        }
        return "\(yearText).\(monthText).0"
    }

    private static func pad(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }
}
