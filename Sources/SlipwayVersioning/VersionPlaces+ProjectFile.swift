import Foundation
import SlipwayCore
import SlipwaySpec

extension VersionPlaces {
    /// One `MARKETING_VERSION = 3.4.0;` or `CURRENT_PROJECT_VERSION = "52";` build setting of a `project.pbxproj`,
    /// with the byte range of the value (inside the quotes when quoted).
    struct ProjectFileSetting {
        var key: String
        var value: String
        var range: Range<Int>
        var line: Int
        var column: Int
    }

    /// The version build settings a `project.pbxproj` holds, each line of the form `KEY = value;` (Xcode and
    /// XcodeGen write one setting per line).
    static func projectFileSettings(_ bytes: [UInt8]) -> [ProjectFileSetting] {
        var result: [ProjectFileSetting] = []
        var start = 0
        var line = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let setting = projectFileSetting(bytes, start..<end, line: line) { result.append(setting) }
            start = end + 1
            line += 1
        }
        return result
    }

    private static func projectFileSetting(_ bytes: [UInt8], _ range: Range<Int>, line: Int) -> ProjectFileSetting? {
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        for (key, _) in VersionLocator.settingsKinds {
            let prefix = Array((key + " = ").utf8)
            guard index + prefix.count <= range.upperBound,
                bytes[index..<index + prefix.count].elementsEqual(prefix)
            else { continue }
            var valueStart = index + prefix.count
            guard let semicolon = bytes[valueStart..<range.upperBound].lastIndex(of: UInt8(ascii: ";")) else {
                return nil
            }
            var valueEnd = semicolon
            if valueEnd - valueStart >= 2, bytes[valueStart] == UInt8(ascii: "\""),
                bytes[valueEnd - 1] == UInt8(ascii: "\"")
            {
                valueStart += 1
                valueEnd -= 1
            }
            let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            // An escaped quote or backslash would need unescaping: leave such a value to be reported, not edited.
            guard !value.contains("\\") && !value.contains("\"") else { return nil }
            return ProjectFileSetting(
                key: key, value: value, range: valueStart..<valueEnd, line: line,
                column: valueStart - range.lowerBound + 1)
        }
        return nil
    }
}
