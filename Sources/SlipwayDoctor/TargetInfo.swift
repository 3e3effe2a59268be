import Foundation
import SlipwayCore
import SlipwayProject

/// A target's Info.plist keys as the built app will have them: `info.properties` when the spec has `info:` (XcodeGen
/// then writes the file, over XcodeGen's defaults), else the `INFOPLIST_FILE` on disk, plus `INFOPLIST_KEY_<key>`
/// build settings (Xcode's generated Info.plist).
struct TargetInfo {
    struct Value {
        /// The string (a boolean or number as written); `nil` for a list or a dictionary.
        var text: String?
        var location: SourceLocation
    }

    private(set) var values: [String: Value] = [:]
    /// Whether XcodeGen writes the file from `info:` (its defaults then fill what `properties` leaves out).
    let generatedByXcodeGen: Bool
    /// Whether any source of keys could be read: without one, a missing key proves nothing.
    let known: Bool
    /// Where to point a finding about a key the target lacks.
    let anchor: SourceLocation

    init(_ target: ProjectTarget, project: DoctorProject, settings: SettingResolver) {
        generatedByXcodeGen = target.info != nil
        anchor = target.info?.location ?? target.location
        var known = target.info != nil
        for entry in target.info?.properties ?? [] {
            values[entry.key] = Value(text: entry.value.string, location: entry.keyLocation)
        }
        if target.info == nil, let file = settings.value("INFOPLIST_FILE", of: target),
            let expanded = settings.expand(file.value, for: target)
        {
            let plist = PlistFile(
                url: project.url(expanded), displayPath: project.display(project.url(expanded)), project: project)
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

    subscript(key: String) -> Value? { values[key] }
}

/// An Info.plist on disk: each top-level key with its value and the line of its `<key>` (XML), or line 1.
struct PlistFile {
    let url: URL
    let displayPath: String
    let project: DoctorProject

    func read() -> [String: TargetInfo.Value]? {
        guard let data = project.read(url),
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
                location: SourceLocation(file: displayPath, line: (index ?? 0) + 1, column: column ?? 1))
        }
        return result
    }
}

/// Build settings as Xcode resolves the few the checks need: the target's (its groups first, then its own), else the
/// project's; `$(NAME)` and `${NAME}` expanded from the same settings.
struct SettingResolver {
    let model: ProjectModel

    /// The base (every-config) entries that apply to the target, the most specific last.
    func entries(of target: ProjectTarget) -> [ProjectValue.Entry] {
        flatten(model.settings) + flatten(target.settings)
    }

    private func flatten(_ settings: ProjectSettings, seen: Set<String> = []) -> [ProjectValue.Entry] {
        var result: [ProjectValue.Entry] = []
        var seen = seen
        for group in settings.groups where seen.insert(group.value).inserted {
            if let found = model.settingGroups[group.value] { result += flatten(found, seen: seen) }
        }
        return result + settings.base
    }

    func value(_ name: String, of target: ProjectTarget) -> Located<String>? {
        guard let entry = entries(of: target).last(where: { $0.key == name }), let text = entry.value.string else {
            return nil
        }
        return Located(text, at: entry.value.location)
    }

    /// `text` with every `$(NAME)`/`${NAME}` replaced, or `nil` when one names no setting the spec gives.
    func expand(_ text: String, for target: ProjectTarget, depth: Int = 0) -> String? {
        guard text.contains("$"), depth < 8 else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "$(") ?? rest.range(of: "${") {
            let close: Character = rest[start].hasSuffix("(") ? ")" : "}"
            guard let end = rest[start.upperBound...].firstIndex(of: close) else { return nil }
            let name = String(rest[start.upperBound..<end]).split(separator: ":").first.map(String.init) ?? ""
            let builtIn = name == "PRODUCT_NAME" ? target.productName : name == "TARGET_NAME" ? target.name : nil
            guard let value = builtIn ?? self.value(name, of: target)?.value,
                let expanded = expand(value, for: target, depth: depth + 1)
            else { return nil }
            result += rest[..<start.lowerBound] + expanded
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
