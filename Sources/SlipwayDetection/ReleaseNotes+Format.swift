import SlipwayCore

extension ReleaseNotes {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    /// Plain text, as TestFlight shows it: a heading line per group, `- subject` per commit, within `maxBytes`
    /// (UTF-8), whole lines only, ending with "and N more" when some did not fit.
    public func text(maxBytes: Int = defaultMaxBytes) -> String {
        render(maxBytes: maxBytes, heading: { $0.rawValue + ":" }, separator: "\n")
    }

    /// Markdown: `### Group` headings and `- subject` lists (a GitHub release, a changelog).
    public func markdown(maxBytes: Int = defaultMaxBytes) -> String {
        render(maxBytes: maxBytes, heading: { "### " + $0.rawValue }, separator: "\n")
    }

    /// Every entry, untrimmed.
    public var json: JSON {
        .object([
            "since": .string(since), "head": .string(head.hex), "count": .int(entries.count),
            "groups": .array(
                grouped.map { group, entries in
                    .object([
                        "title": .string(group.rawValue),
                        "entries": .array(
                            entries.map { .object(["subject": .string($0.subject), "commit": .string($0.commit.hex)]) }
                        ),
                    ])
                }),
        ])
    }

    /// Lines in order while they fit, reserving room for the "and N more" line when anything is left out.
    private func render(maxBytes: Int, heading: (Group) -> String, separator: String) -> String {
        var lines: [(text: String, isEntry: Bool)] = []
        for (index, (group, entries)) in grouped.enumerated() {
            if index > 0 { lines.append(("", false)) }
            lines.append((heading(group), false))
            lines += entries.map { ("- " + $0.subject, true) }
        }
        let all = lines.map(\.text).joined(separator: "\n") + "\n"
        if all.utf8.count <= maxBytes { return lines.isEmpty ? "" : all }
        // Room for the longest "and N more" line, so it always fits after the lines kept.
        let reserve = "and \(entries.count) more\n".utf8.count
        var kept: [String] = []
        var used = 0
        for line in lines {
            let cost = line.text.utf8.count + 1
            guard used + cost + reserve <= maxBytes else { break }
            kept.append(line.text)
            used += cost
        }
        // No heading or blank line without an entry after it.
        while let last = kept.last, !last.hasPrefix("- ") { kept.removeLast() }
        let shown = kept.filter { $0.hasPrefix("- ") }.count
        let body = kept.isEmpty ? "" : kept.joined(separator: separator) + "\n"
        return body + "and \(entries.count - shown) more\n"
    }
}
