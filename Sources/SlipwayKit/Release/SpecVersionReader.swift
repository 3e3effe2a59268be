import SlipwayYAML

/// The project name and version numbers an XcodeGen spec states, for the manifest.
///
/// Looks for the first `MARKETING_VERSION` / `CURRENT_PROJECT_VERSION` setting anywhere in the spec (project
/// settings first, as they come first in document order), then for Info.plist `CFBundleShortVersionString` /
/// `CFBundleVersion` properties; values that are build-setting references (`$(…)`) are skipped. Included files are
/// not followed: a manifest only reports the version, the bump service is what edits every place it lives.
struct SpecVersionReader {
    var name: String?
    var marketing: String?
    var build: String?

    init(bytes: [UInt8], path: String) {
        guard let file = try? YAMLFile(path: path, bytes: bytes), let root = file.root, root.kind == .mapping else { return }
        if let node = root["name"], node.kind == .scalar, !node.isNull { name = node.scalar }
        marketing = SpecVersionReader.first("MARKETING_VERSION", in: root) ?? SpecVersionReader.first("CFBundleShortVersionString", in: root)
        build = SpecVersionReader.first("CURRENT_PROJECT_VERSION", in: root) ?? SpecVersionReader.first("CFBundleVersion", in: root)
    }

    private static func first(_ key: String, in node: YAMLNode) -> String? {
        switch node.kind {
        case .scalar:
            return nil
        case .mapping:
            for pair in node.pairs {
                if pair.key.scalar == key, pair.value.kind == .scalar, !pair.value.isNull, !pair.value.scalar.contains("$(") {
                    return pair.value.scalar
                }
            }
            for pair in node.pairs {
                if let found = first(key, in: pair.value) { return found }
            }
            return nil
        case .sequence:
            for item in node.items {
                if let found = first(key, in: item) { return found }
            }
            return nil
        }
    }
}
