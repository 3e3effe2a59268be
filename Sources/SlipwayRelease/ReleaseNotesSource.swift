/// Where a release's "What to Test" comes from. The asc branch's `ReleaseNotes` (`slipway notes`: Conventional
/// Commits groups, `BREAKING CHANGE` first) is meant to stand behind this once merged; until then `SubjectNotes`
/// lists the subjects.
protocol ReleaseNotesSource {
    func notes(for commits: [ReleaseManifest.CommitEntry]) -> String
}

/// One subject a line, newest first, `[skip deploy]` commits left out, within TestFlight's 4,000 characters.
struct SubjectNotes: ReleaseNotesSource {
    static let limit = 4000

    func notes(for commits: [ReleaseManifest.CommitEntry]) -> String {
        let subjects = commits.map(\.subject).filter { !$0.lowercased().contains("[skip deploy]") }
        var text = ""
        for (index, subject) in subjects.enumerated() {
            let line = "- \(subject)\n"
            let more = "… and \(subjects.count - index) more\n"
            if text.count + line.count + (index + 1 < subjects.count ? more.count : 0) > Self.limit {
                text += more
                break
            }
            text += line
        }
        return text
    }
}
