import SlipwayConfig

/// The explanations of the quiet rules that depend on the configuration alone.
struct QuietText {
    let messageTag: String
    let skipTag: String
    let sharedCode: String

    init(_ config: DetectConfig) {
        messageTag = "no commit message carries \(Self.list(config.tags))"
        skipTag = "no commit message carries \(Self.list(config.skipTags))"
        sharedCode = "nothing changed under \(Self.list(config.sharedPaths.map(\.pattern)))"
    }

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "(none configured)" : items.joined(separator: ", ")
    }
}
