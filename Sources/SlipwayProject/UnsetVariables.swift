import SlipwayCore

/// The `${VAR}` references XcodeGen would leave as written because its environment does not set them: the spec
/// generates differently (or not at all) without them, so stages must pass them to `xcodegen` or say so.
///
/// XcodeGen expands `${VAR}` in every key and string; Xcode expands build settings in the same syntax at build time.
/// So a reference is left out when Xcode resolves it: inside build scripts, scheme environments and arguments, and
/// in settings and Info.plist properties when it names a build setting (one the spec defines, or one of Xcode's own).
enum UnsetVariables {
    /// Subtrees whose `${VAR}` Xcode or the shell expands later, never XcodeGen's to fill (and templates, whose
    /// `${target_name}` and attributes are filled where they are applied).
    static let laterKeys: Set<String> = [
        "targetTemplates", "schemeTemplates", "preBuildScripts", "prebuildScripts", "postCompileScripts",
        "postBuildScripts", "postbuildScripts",
        "buildRules", "preActions", "postActions", "environmentVariables", "legacy", "buildToolPlugins",
    ]
    /// Subtrees where a build setting's name is resolved by Xcode.
    static let settingKeys: Set<String> = ["settings", "settingGroups", "settingPresets", "info", "entitlements"]
    /// Build settings every Xcode target has, which specs commonly name in settings and plists.
    static let xcodeSettings: Set<String> = [
        "inherited", "SRCROOT", "PROJECT_DIR", "PROJECT_NAME", "TARGET_NAME", "PRODUCT_NAME", "PRODUCT_MODULE_NAME",
        "PRODUCT_BUNDLE_IDENTIFIER", "EXECUTABLE_NAME", "BUILT_PRODUCTS_DIR", "CONFIGURATION", "PLATFORM_NAME",
        "SDKROOT", "DEVELOPMENT_TEAM", "MARKETING_VERSION", "CURRENT_PROJECT_VERSION", "TARGET_BUILD_DIR",
        "DERIVED_FILE_DIR", "BUILD_DIR", "CONFIGURATION_BUILD_DIR", "PODS_ROOT", "DEVELOPMENT_LANGUAGE",
        "SWIFT_VERSION", "INFOPLIST_FILE", "CODE_SIGN_IDENTITY", "APP_GROUP_IDENTIFIER", "ARCHS", "CURRENT_ARCH",
        "EFFECTIVE_PLATFORM_NAME", "PLATFORM_DIR", "SDK_DIR", "TEMP_DIR", "OBJROOT", "SYMROOT", "DSTROOT",
        "WRAPPER_NAME", "FULL_PRODUCT_NAME", "CONTENTS_FOLDER_PATH", "DWARF_DSYM_FOLDER_PATH", "DWARF_DSYM_FILE_NAME",
        "TEAM_ID", "BUNDLE_IDENTIFIER", "PRODUCT_TYPE", "HOME", "USER", "PATH",
    ]

    /// Each unset reference once, at its first position, in the order written.
    static func find(in merged: ProjectValue) -> [Located<String>] {
        var defined = Set<String>()
        collectSettingNames(merged, inSettings: false, into: &defined)
        var found: [Located<String>] = []
        var seen = Set<String>()
        visit(merged, inSettings: false, defined: defined) { name, location in
            if seen.insert(name).inserted { found.append(Located(name, at: location)) }
        }
        return found
    }

    private static func visit(
        _ value: ProjectValue, inSettings: Bool, defined: Set<String>, _ report: (String, SourceLocation) -> Void
    ) {
        switch value.content {
        case .scalar(let scalar):
            guard !scalar.isNull else { return }
            for name in names(in: scalar.text) where !isSetting(name, inSettings ? defined : []) {
                report(name, value.location)
            }
        case .sequence(let items):
            for item in items { visit(item, inSettings: inSettings, defined: defined, report) }
        case .mapping(let entries):
            for entry in entries where !laterKeys.contains(entry.key) {
                for name in names(in: entry.key) where !isSetting(name, inSettings ? defined : []) {
                    report(name, entry.keyLocation)
                }
                visit(
                    entry.value, inSettings: inSettings || settingKeys.contains(entry.key), defined: defined, report)
            }
        }
    }

    /// A setting Xcode resolves at build time: one of its own (wherever written), or, in settings, one the spec
    /// sets (not only to itself).
    private static func isSetting(_ name: String, _ defined: Set<String>) -> Bool {
        xcodeSettings.contains(name) || defined.contains(name)
    }

    /// Every key written under a settings mapping whose value is not just `${KEY}` (which needs the environment).
    private static func collectSettingNames(_ value: ProjectValue, inSettings: Bool, into names: inout Set<String>) {
        switch value.content {
        case .scalar: return
        case .sequence(let items):
            for item in items { collectSettingNames(item, inSettings: inSettings, into: &names) }
        case .mapping(let entries):
            for entry in entries {
                let nested = inSettings || entry.key == "settings" || entry.key == "settingGroups"
                if inSettings, entry.value.scalar != nil, !refersToItself(entry) { names.insert(entry.key) }
                collectSettingNames(entry.value, inSettings: nested, into: &names)
            }
        }
    }

    /// Whether a setting's value reads `${KEY}`, its own name (most values hold no `$` at all: a byte scan says so).
    private static func refersToItself(_ entry: ProjectValue.Entry) -> Bool {
        guard let text = entry.value.string, text.utf8.contains(UInt8(ascii: "$")) else { return false }
        return text.contains("${\(entry.key)}")
    }

    /// The names of `${NAME}` in `text` (XcodeGen's form: `${` then a name up to the next `}`).
    static func names(in text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return [] }
        var result: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            let after = rest[start.upperBound...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = String(after[..<close])
            if !name.isEmpty { result.append(name) }
            rest = after[after.index(after: close)...]
        }
        return result
    }
}
