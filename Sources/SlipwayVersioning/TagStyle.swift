import SlipwayCore

/// The release tag style a repository's history shows, as `slipway init` proposes it: the template a release
/// makes (`v{version}`, `{version}`, `v{version}.{build}`, `app/v{version}`) and a pattern that matches those
/// tags and not the others (`testflight`, `beta`, `preview`, `source/2026-08-12-2119`).
///
/// A release tag is a prefix, then digits separated by dots and nothing after (`v1.45.71`, `1.7.4`, `app/2026.11.2`);
/// a pre-release (`v3.0.0-beta.1`) is not one. The prefix most release tags share wins.
package struct TagStyle: Equatable {
    /// What comes before the version (`v`, ``, `app/`, `holder/v`).
    package var prefix: String
    /// Whether the tags end in the build number: their versions have one part more than the spec's marketing
    /// version (`v1.45.71` with `MARKETING_VERSION` 1.45).
    package var withBuild: Bool
    /// The release tags of this style, oldest version first.
    package var releases: [String]
    /// The tags in history that are not releases of this style.
    package var others: [String]
    /// Tags that are not releases but the pattern still matches (a pattern has no way to leave out `v3.0.0-beta`).
    package var alsoMatched: [String]

    package var template: String { prefix + (withBuild ? "{version}.{build}" : "{version}") }

    /// `v*.*` where the versions have two parts or more, so a moving tag without a period (`beta`, `preview`,
    /// `testflight`) never matches; `v*` for one-part versions.
    package var pattern: String { prefix + (dotted ? "*.*" : "*") }

    private var dotted: Bool { releases.allSatisfy { $0.dropFirst(prefix.count).contains(".") } }

    /// The style of `tags` for a spec whose marketing version is `version`; `nil` when no tag is a release tag.
    package static func infer(_ tags: [String], version: String?) -> TagStyle? {
        var byPrefix: [String: [(tag: String, parts: Int)]] = [:]
        for tag in tags {
            guard let (prefix, parts) = split(tag) else { continue }
            byPrefix[prefix, default: []].append((tag, parts))
        }
        guard
            let (prefix, releases) = byPrefix.max(by: {
                $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key.count > $1.key.count
            })
        else { return nil }
        // The tags carry the build when every one has a part more than the spec's version has.
        let specParts = version.flatMap(VersionNumber.init)?.parts.count
        let withBuild = specParts.map { count in releases.allSatisfy { $0.parts == count + 1 } } ?? false
        var style = TagStyle(
            prefix: prefix, withBuild: withBuild, releases: releases.map(\.tag), others: [], alsoMatched: [])
        let names = Set(style.releases)
        style.others = tags.filter { !names.contains($0) }
        let glob = Glob(style.pattern)
        style.alsoMatched = style.others.filter { glob.matches($0) }
        return style
    }

    /// The prefix and the number of version parts of a release tag; `nil` for any other tag.
    static func split(_ tag: String) -> (prefix: String, parts: Int)? {
        guard let digit = tag.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        guard let number = VersionNumber(String(tag[digit...])) else { return nil }
        return (String(tag[..<digit]), number.parts.count)
    }
}
