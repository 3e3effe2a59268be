import Foundation

/// One release in a Sparkle appcast: what `<item>` says about the archive users download.
public struct AppcastItem: Sendable, Equatable {
    /// How Sparkle shows the release notes (`sparkle:format` of `<description>`; Sparkle 2 reads all three).
    public enum NotesFormat: String, Sendable {
        case html
        case markdown
        case plainText = "plain-text"

        /// `.html`/`.htm` files are HTML, `.md` Markdown, anything else plain text.
        public static func of(path: String) -> NotesFormat {
            switch (path as NSString).pathExtension.lowercased() {
            case "html", "htm": return .html
            case "md", "markdown": return .markdown
            default: return .plainText
            }
        }
    }

    /// The marketing version (`sparkle:shortVersionString`), also the title.
    public var version: String
    /// The build number (`sparkle:version`), which Sparkle compares to decide what is newer.
    public var build: String
    public var publicationDate: Date
    public var url: String
    public var length: Int64
    /// Base64 of the Ed25519 signature of the archive (`sparkle:edSignature`).
    public var signature: String
    public var channel: String?
    public var minimumSystemVersion: String?
    public var notes: String?
    public var notesFormat = NotesFormat.plainText

    public init(
        version: String, build: String, publicationDate: Date, url: String, length: Int64, signature: String
    ) {
        self.version = version
        self.build = build
        self.publicationDate = publicationDate
        self.url = url
        self.length = length
        self.signature = signature
    }

    /// `Mon, 07 Dec 2026 05:00:00 +0000`: RSS's date (RFC 822), in UTC and English whatever the locale.
    public static func rssDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    /// The `<item>` element: its first line unindented, every later line after `indent`, children one `step` in.
    func xml(prefix: String, indent: String, step: String, newline: String) -> String {
        let inner = indent + step
        var lines = [
            "<item>",
            "\(inner)<title>\(AppcastItem.escaped(version))</title>",
            "\(inner)<pubDate>\(AppcastItem.rssDate(publicationDate))</pubDate>",
            "\(inner)<\(prefix):version>\(AppcastItem.escaped(build))</\(prefix):version>",
            "\(inner)<\(prefix):shortVersionString>\(AppcastItem.escaped(version))</\(prefix):shortVersionString>",
        ]
        if let channel {
            lines.append("\(inner)<\(prefix):channel>\(AppcastItem.escaped(channel))</\(prefix):channel>")
        }
        if let minimumSystemVersion {
            let value = AppcastItem.escaped(minimumSystemVersion)
            lines.append("\(inner)<\(prefix):minimumSystemVersion>\(value)</\(prefix):minimumSystemVersion>")
        }
        if let notes {
            let format = notesFormat == .html ? "" : " \(prefix):format=\"\(notesFormat.rawValue)\""
            lines.append("\(inner)<description\(format)><![CDATA[\(AppcastItem.cdata(notes))]]></description>")
        }
        lines.append(
            "\(inner)<enclosure url=\"\(AppcastItem.escaped(url, attribute: true))\" length=\"\(length)\" "
                + "type=\"application/octet-stream\" \(prefix):edSignature=\"\(signature)\"/>")
        lines.append("\(indent)</item>")
        return lines.joined(separator: newline)
    }

    static func escaped(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Text inside one CDATA section: a `]]>` in it is split across two sections, the only way XML allows.
    static func cdata(_ text: String) -> String {
        text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>")
    }
}
