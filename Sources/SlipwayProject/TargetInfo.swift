import Foundation
import SlipwayCore

/// A target's Info.plist keys as the built app will have them: `info.properties` when the spec has `info:` (XcodeGen
/// then writes the file, over XcodeGen's defaults), else the `INFOPLIST_FILE` on disk, plus `INFOPLIST_KEY_<key>`
/// build settings (Xcode's generated Info.plist).
public struct TargetInfo: Sendable {
    public struct Value: Sendable, Equatable {
        /// The string (a boolean or number as written); `nil` for a list or a dictionary.
        public var text: String?
        public var location: SourceLocation

        public init(text: String?, location: SourceLocation) {
            self.text = text
            self.location = location
        }
    }

    public private(set) var values: [String: Value] = [:]
    /// Whether XcodeGen writes the file from `info:` (its defaults then fill what `properties` leaves out).
    public let generatedByXcodeGen: Bool
    /// Whether any source of keys could be read: without one, a missing key proves nothing.
    public let known: Bool
    /// Where to point a finding about a key the target lacks.
    public let anchor: SourceLocation

    public init(_ target: ProjectTarget, files: ProjectFiles, settings: SettingResolver) {
        generatedByXcodeGen = target.info != nil
        anchor = target.info?.location ?? target.location
        var known = target.info != nil
        for entry in target.info?.properties ?? [] {
            values[entry.key] = Value(text: entry.value.string, location: entry.keyLocation)
        }
        if target.info == nil, let file = settings.value("INFOPLIST_FILE", of: target),
            let expanded = settings.expand(file.value, for: target)
        {
            let plist = PlistFile(url: files.url(expanded), files: files)
            if let keys = plist.read() {
                known = true
                for (key, value) in keys { values[key] = value }
            }
        }
        for entry in settings.entries(of: target) where entry.key.hasPrefix("INFOPLIST_KEY_") {
            known = true
            let key = String(entry.key.dropFirst("INFOPLIST_KEY_".count))
            if values[key] == nil { values[key] = Value(text: entry.value.string, location: entry.keyLocation) }
        }
        if settings.value("GENERATE_INFOPLIST_FILE", of: target)?.value == "YES" { known = true }
        self.known = known
    }

    public subscript(key: String) -> Value? { values[key] }
}

/// An Info.plist on disk: each top-level key with its value and the line of its `<key>` (XML), or line 1.
public struct PlistFile: Sendable {
    public let url: URL
    public let files: ProjectFiles

    public init(url: URL, files: ProjectFiles) {
        self.url = url
        self.files = files
    }

    /// `nil` when the file is missing, outside the boundary, or not a property list.
    public func read() -> [String: TargetInfo.Value]? {
        guard let data = files.read(url),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var result: [String: TargetInfo.Value] = [:]
        for (key, value) in plist {
            let marker = "<key>\(key)</key>"
            let index = lines.firstIndex { $0.contains(marker) }
            let column = index.flatMap { lines[$0].range(of: marker) }.map {
                lines[index!].distance(from: lines[index!].startIndex, to: $0.lowerBound) + 1
            }
            let text: String? =
                switch value {
                case let string as String: string
                case let number as NSNumber: number.stringValue
                default: nil
                }
            result[key] = TargetInfo.Value(
                text: text,
                location: SourceLocation(file: files.display(url), line: (index ?? 0) + 1, column: column ?? 1))
        }
        return result
    }
}
