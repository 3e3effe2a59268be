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
    /// - parts after the bumped one become 0; parts before it keep their text (`2024.05.1` → `2024.05.2`); the bumped
    ///   part is written without leading zeros.
    public func bumped(_ level: BumpLevel) -> String {
        var result = parts
        let index: Int
        switch level {
        case .major: index = 0
        case .minor: index = 1
        case .patch: index = 2
        }
        while result.count <= index { result.append("0") }
        result[index] = VersionNumber.stripLeadingZeros(VersionNumber.increment(result[index]))
        for later in (index + 1)..<max(result.count, index + 1) { result[later] = "0" }
        return result.joined(separator: ".")
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

    static func stripLeadingZeros(_ digits: String) -> String {
        let stripped = digits.drop { $0 == "0" }
        return stripped.isEmpty ? "0" : String(stripped)
    }
}
