import SlipwayCore

/// Build settings as Xcode resolves the few the checks need: the target's (its groups first, then its own), else the
/// project's; `$(NAME)` and `${NAME}` expanded from the same settings.
public struct SettingResolver: Sendable {
    public let model: ProjectModel

    public init(model: ProjectModel) {
        self.model = model
    }

    /// The base (every-config) entries that apply to the target, the most specific last.
    public func entries(of target: ProjectTarget) -> [ProjectValue.Entry] {
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

    public func value(_ name: String, of target: ProjectTarget) -> Located<String>? {
        guard let entry = entries(of: target).last(where: { $0.key == name }), let text = entry.value.string else {
            return nil
        }
        return Located(text, at: entry.value.location)
    }

    /// `text` with every `$(NAME)`/`${NAME}` replaced, or `nil` when one names no setting the spec gives.
    public func expand(_ text: String, for target: ProjectTarget, depth: Int = 0) -> String? {
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
