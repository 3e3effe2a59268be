import SlipwayCore
import SlipwayGit

/// One-line verdicts for hooks, which must not flood a commit's or a push's output.
package enum HookReport {
    /// `MAJOR CHANGE (bump minor): message tag [deploy] in 1a2b3c4 "…"; 6 Swift files changed, more than 5`.
    package static func summary(_ verdict: Verdict) -> String {
        guard verdict.major else {
            let skip = verdict.reason(.skipTag).map { ": \($0.message)" } ?? ""
            return "not a major change" + skip
        }
        return "MAJOR CHANGE (bump \(verdict.bump.rawValue)): " + verdict.reasons.map(\.message).joined(separator: "; ")
    }

    /// Where a pushed range starts, for pre-push lines.
    package static func range(_ verdict: Verdict) -> String {
        let count = verdict.commits.count
        let commits = "\(count) commit\(count == 1 ? "" : "s")"
        if let tag = verdict.baseTag { return "\(commits) since \(tag)" }
        if let base = verdict.base { return "\(commits) since \(base.short)" }
        return "\(commits), all of history"
    }

    /// An error as one line (`.slipway.yml:3:11: message (hint)`): a hook must not flood git's output.
    package static func oneLine(_ error: SlipwayError) -> String {
        let location = error.location.map { "\($0): " } ?? ""
        let hint = error.hint.map { " (\($0.replacingOccurrences(of: "\n", with: " ")))" } ?? ""
        return location + error.message + hint
    }
}
