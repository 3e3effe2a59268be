import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayWorkspace

/// `slipway hook pre-push`: reports the verdict for every range being pushed. It refuses the push only when
/// `.slipway.yml` says `hooks: {prePush: block}` and a range is a major change that has not been released.
///
/// Reports go to standard error: git passes a pre-push hook's standard output through to its own, which
/// `git push --porcelain` keeps for machine-readable lines.
public struct PrePushHook {
    /// One line git writes on the hook's standard input.
    public struct Update: Equatable, Sendable {
        public var localRef: String
        public var localSHA: String
        public var remoteRef: String
        public var remoteSHA: String

        public init(localRef: String, localSHA: String, remoteRef: String, remoteSHA: String) {
            self.localRef = localRef
            self.localSHA = localSHA
            self.remoteRef = remoteRef
            self.remoteSHA = remoteSHA
        }

        var isDeletion: Bool { PrePushHook.isZero(localSHA) }
        var isNewBranch: Bool { PrePushHook.isZero(remoteSHA) }
        var branch: String { PrePushHook.short(remoteRef) }
    }

    public init() {}

    /// Parses `<local ref> <local sha> <remote ref> <remote sha>` lines; blank and malformed lines are skipped.
    public static func parse(_ input: String) -> [Update] {
        input.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard fields.count == 4 else { return nil }
            return Update(localRef: fields[0], localSHA: fields[1], remoteRef: fields[2], remoteSHA: fields[3])
        }
    }

    /// pre-commit runs pre-push hooks without git's lines and describes the push in variables instead.
    static func fromPreCommit(_ environment: [String: String]) -> [Update] {
        guard let to = environment["PRE_COMMIT_TO_REF"], !to.isEmpty else { return [] }
        let from =
            environment["PRE_COMMIT_FROM_REF"].flatMap { $0.isEmpty ? nil : $0 } ?? String(repeating: "0", count: 40)
        let local = environment["PRE_COMMIT_LOCAL_BRANCH"] ?? "HEAD"
        let remote = environment["PRE_COMMIT_REMOTE_BRANCH"] ?? local
        return [Update(localRef: local, localSHA: to, remoteRef: remote, remoteSHA: from)]
    }

    public func run(
        from directory: URL, remote: String?, input: String, environment: [String: String], console: Console
    ) -> ExitStatus {
        if HookGuard.reasonToSkip(environment: environment) != nil { return .success }
        var updates = PrePushHook.parse(input)
        if updates.isEmpty { updates = PrePushHook.fromPreCommit(environment) }
        let remoteName = PrePushHook.display(remote: remote)
        let workspace: Workspace
        do {
            workspace = try Workspace.open(from: directory, environment: environment)
        } catch {
            // The configuration could not be read, so its text decides: a push the team asked to check is not let
            // through unchecked.
            guard PrePushHook.asksToBlock(directory) else {
                console.err("slipway: pre-push hook: \(FileSystem.oneLine(error))\n")
                return .success
            }
            console.err(
                "slipway: pre-push hook: \(FileSystem.oneLine(error)); .slipway.yml asks to block "
                    + "(hooks.prePush: block), so the push is stopped; to push anyway: git push --no-verify\n")
            return .negative
        }
        // With several apps, each is judged with its own release tags and files.
        let configuration = workspace.configuration
        let scopes: [(app: String?, workspace: Workspace)] =
            configuration.apps.isEmpty
            ? [(nil, workspace)]
            : configuration.apps.map { ($0.name, workspace.with(configuration.scoped(to: $0))) }
        var unreleased: [String] = []
        var unjudged: [String] = []
        for update in updates {
            let branch = update.branch.cQuotedIfNeeded
            let label = "\(PrePushHook.short(update.localRef).cQuotedIfNeeded) -> \(remoteName) \(branch)"
            if update.isDeletion {
                console.err("slipway: \(remoteName) \(branch): deleted, nothing to judge\n")
                continue
            }
            if update.remoteRef.hasPrefix("refs/tags/") { continue }
            for scope in scopes {
                let shown = label + (scope.app.map { " (\($0))" } ?? "")
                switch judge(update, scope.workspace, label: shown, console: console) {
                case .major: unreleased.append(branch + (scope.app.map { " (\($0))" } ?? ""))
                case .unjudged: unjudged.append(branch + (scope.app.map { " (\($0))" } ?? ""))
                case .fine: break
                }
            }
        }
        guard workspace.configuration.hooks.prePush == .block else { return .success }
        if unreleased.isEmpty, !unjudged.isEmpty {
            console.err(
                "slipway: refusing to push \(unjudged.joined(separator: ", ")): Slipway could not judge it and "
                    + ".slipway.yml asks to block (hooks.prePush: block); to push anyway: git push --no-verify\n")
            return .negative
        }
        guard !unreleased.isEmpty else { return .success }
        console.err(
            """
            slipway: refusing to push \(unreleased.joined(separator: ", ")): a major change that has not been released \
            (.slipway.yml hooks.prePush: block)
            hint: run 'slipway release' first, or push anyway with 'SLIPWAY_SKIP_HOOK=1 git push'

            """)
        return .negative
    }

    /// What judging one update found.
    private enum Judgement {
        /// A major change that is not a release commit.
        case major
        /// Slipway failed to judge it.
        case unjudged
        case fine
    }

    /// Whether the text of `.slipway.yml` in `directory` asks the hook to block: a line naming `prePush` and
    /// `block`, outside a comment. Only for when the configuration cannot be read; the hook script reads it the same
    /// way when slipway itself fails.
    static func asksToBlock(_ directory: URL) -> Bool {
        guard let data = BoundedFile.readIfRegular(directory.appendingPathComponent(".slipway.yml").path) else {
            return false
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            let text = line.prefix { $0 != "#" }
            guard let name = text.range(of: "prePush") else { return false }
            return text[name.upperBound...].contains("block")
        }
    }

    /// Reports one update's verdict for one app.
    private func judge(_ update: Update, _ workspace: Workspace, label: String, console: Console) -> Judgement {
        do {
            let service = try DetectService(workspace: workspace)
            let resolver = CIRangeResolver(
                repository: service.repository, releaseTags: workspace.configuration.detect.releaseTagPattern)
            let range = try resolver.resolve(base: update.remoteSHA, head: update.localSHA)
            let verdict = try service.detector.judge(range)
            let new = update.isNewBranch ? " (new branch)" : ""
            console.err(
                "slipway: \(label)\(new): \(VerdictReport.summary(verdict)) [\(VerdictReport.range(verdict))]\n")
            guard verdict.major else { return .fine }
            return try service.repository.commit(range.head).isRelease ? .fine : .major
        } catch {
            console.err("slipway: \(label): cannot judge: \(FileSystem.oneLine(error))\n")
            return .unjudged
        }
    }

    /// The remote as git names it to the hook: its name, or the URL pushed to (`git push https://…`), which may
    /// carry a token. Shown without credentials, quoted when it holds a control character.
    static func display(remote: String?) -> String {
        guard let remote, !remote.isEmpty else { return "the remote" }
        return RemoteURL.redactingCredentials(remote).cQuotedIfNeeded
    }

    static func isZero(_ sha: String) -> Bool { !sha.isEmpty && sha.allSatisfy { $0 == "0" } }

    static func short(_ ref: String) -> String {
        for prefix in ["refs/heads/", "refs/tags/"] where ref.hasPrefix(prefix) {
            return String(ref.dropFirst(prefix.count))
        }
        return ref
    }
}
