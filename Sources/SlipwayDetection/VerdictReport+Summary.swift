import SlipwayCore
import SlipwayGit

/// One-line verdicts, for hooks (which must not flood a commit's or a push's output), `run`'s decision and the
/// release plan.
extension VerdictReport {
    /// `MAJOR CHANGE (bump minor): message tag [deploy] in 1a2b3c4 "…"; 6 Swift files changed, more than 5`.
    public static func summary(_ verdict: Verdict) -> String {
        guard verdict.major else {
            let skip = verdict.reason(.skipTag).map { ": \($0.message)" } ?? ""
            return "not a major change" + skip
        }
        return "MAJOR CHANGE (bump \(verdict.bump.rawValue)): " + verdict.reasons.map(\.message).joined(separator: "; ")
    }

    /// Where a judged range starts: `3 commits since v1.2.0`.
    public static func range(_ verdict: Verdict) -> String {
        let count = verdict.commits.count
        let commits = "\(count) commit\(count == 1 ? "" : "s")"
        if let tag = verdict.baseTag { return "\(commits) since \(tag.cQuotedIfNeeded)" }
        if let base = verdict.base { return "\(commits) since \(base.short)" }
        return "\(commits), all of history"
    }
}
