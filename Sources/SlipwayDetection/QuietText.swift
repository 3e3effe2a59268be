import SlipwayConfig

/// The explanations of the quiet rules that depend on the configuration alone.
struct QuietText {
    let messageTag: String
    let skipTag: String

    init(_ config: DetectConfig) {
        messageTag = "no commit message carries \(Self.list(config.tags))"
        skipTag = "no commit message carries \(Self.list(config.skipTags))"
    }

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "(none configured)" : items.joined(separator: ", ")
    }
}
