/// An operation git has started and not finished, which a release must not run in the middle of.
public enum RepositoryState: String, Sendable, CaseIterable {
    case clean
    case merge
    case revert
    case cherryPick = "cherry-pick"
    case bisect
    case rebase
    case applyMailbox = "am"

    /// The operation as a sentence fragment: "a merge is in progress".
    public var summary: String {
        switch self {
        case .clean: return "no operation is in progress"
        case .merge: return "a merge is in progress"
        case .revert: return "a revert is in progress"
        case .cherryPick: return "a cherry-pick is in progress"
        case .bisect: return "a bisect is in progress"
        case .rebase: return "a rebase is in progress"
        case .applyMailbox: return "'git am' is in progress"
        }
    }

    /// How to finish or leave the operation.
    public var hint: String {
        switch self {
        case .clean: return ""
        case .merge: return "finish it with 'git commit' or abandon it with 'git merge --abort'"
        case .revert: return "finish it with 'git revert --continue' or abandon it with 'git revert --abort'"
        case .cherryPick:
            return "finish it with 'git cherry-pick --continue' or abandon it with 'git cherry-pick --abort'"
        case .bisect: return "end it with 'git bisect reset'"
        case .rebase: return "finish it with 'git rebase --continue' or abandon it with 'git rebase --abort'"
        case .applyMailbox: return "finish it with 'git am --continue' or abandon it with 'git am --abort'"
        }
    }
}
