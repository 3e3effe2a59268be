/// How the base of a judged range was chosen: given, the latest release tag, the root, the merge base after a
/// force push, or a commit's parent.
public enum RangeBaseSource: String, Sendable {
    case given, tag, root
    case mergeBase = "merge-base"
    case parent
}
