/// What the post-commit hook does when a commit is a major change.
public enum HookAction: String, Sendable, CaseIterable {
    /// Print one line with the verdict and its reasons.
    case notify
    /// Push the branch in the background, so CI takes over.
    case push
    /// Run `slipway release` in the background.
    case release
}

/// What the pre-push hook does with a major change.
public enum PrePushPolicy: String, Sendable, CaseIterable {
    /// Print the verdict of each pushed range; never refuse the push.
    case report
    /// Also refuse a push whose range is a major change not yet released (its newest commit is no release commit).
    case block
}
