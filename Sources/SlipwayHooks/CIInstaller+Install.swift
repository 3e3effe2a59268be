import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

extension CIInstaller {
    /// What `slipway ci install` will do; refuses (changing nothing) to replace a file with other content unless
    /// `--force`.
    public func planInstall(_ request: Request) throws -> CIInstallPlan {
        let (placements, source) = try rendered(try destinations(request), request: request)
        let root = workspace.root
        let different = placements.filter {
            FileStatus.exists($0.destination) && !$0.file.isInstalled(at: $0.destination)
        }
        if !different.isEmpty, !request.force {
            let names = different.map { DisplayPath.of($0.destination, relativeTo: root) }.joined(separator: ", ")
            let one = different.count == 1
            throw Failure(
                "\(names) already \(one ? "exists" : "exist") with other content; nothing was written",
                hint: "compare with Slipway's version, or replace \(one ? "it" : "them") with "
                    + "'slipway ci install \(request.target.rawValue) --force'")
        }
        var changes: [InstallChange] = []
        var rows: [String] = []
        var plannedFolders: Set<String> = []
        for (file, destination) in placements {
            let shown = DisplayPath.of(destination, relativeTo: root)
            if file.isInstalled(at: destination) {
                rows.append("unchanged  \(shown)")
                continue
            }
            let folder = destination.deletingLastPathComponent()
            let missing = { (url: URL) in !FileStatus.exists(url) && !plannedFolders.contains(url.path) }
            if missing(folder) {
                var topmost = folder
                while missing(topmost.deletingLastPathComponent()) { topmost = topmost.deletingLastPathComponent() }
                changes.append(.createFolder(folder, topmost: topmost))
                plannedFolders.formUnion(InstallChange.folders(from: folder, upTo: topmost).map(\.path))
            }
            let previous = try FileContents.read(destination, shownAs: shown)
            changes.append(.writeFile(destination, bytes: file.bytes, mode: file.mode, previous: previous))
            rows.append((previous == nil ? "created    " : "replaced   ") + shown)
        }
        var plan = CIInstallPlan(command: command(request), changes: changes, rows: rows, source: source)
        if request.target == .github, !source.isCommitSHA {
            plan.notes.append(
                "note: \(source.ref) is not a full commit sha; a tag or branch can be moved under the workflow "
                    + "(pin the sha: --ref <40 hex digits>)")
        }
        return plan
    }

    public func install(_ request: Request, console: Console) throws -> ExitStatus {
        // The repository's writer lock, held from before planning until the files are written; a dry run writes
        // nothing, not even the lock file.
        var lock: WriterLock?
        if !request.dryRun, !repository.isBare {
            lock = try WriterLock.take(
                repository, command: command(request), wait: request.waitForLock, console: console)
        }
        defer { lock?.release() }
        let plan = try planInstall(request)
        let display = { (url: URL) in DisplayPath.of(url, relativeTo: workspace.root) }
        if request.dryRun {
            console.out(
                InstallDryRunReport.text(
                    command: plan.command, place: nil, changes: plan.changes,
                    outcome: plan.rows.map { "  \($0)\n" }.joined(), display: display))
            for note in plan.notes { console.err(note + "\n") }
            return .success
        }
        let effects = SystemInstallEffects(repository: repository)
        let executor = InstallExecutor(effects: effects, root: workspace.root, command: plan.command)
        try executor.execute(plan.changes)
        var text = plan.rows.joined(separator: "\n") + "\n"
        text += "Slipway from \(plan.source.url) at \(plan.source.ref)\n"
        switch request.target {
        case .github:
            text +=
                "Commit it: the workflow judges every push, builds and tests major changes on macOS, and releases "
                + "from the default branch. Its header names the secrets the release job reads.\n"
        case .xcodeCloud:
            text +=
                "Commit ci_scripts/: Xcode Cloud runs them in every workflow (post-clone, pre- and "
                + "post-xcodebuild).\n"
        }
        console.out(text)
        for note in plan.notes { console.err(note + "\n") }
        return .success
    }

    /// The command as typed, for the hint when a rollback fails.
    private func command(_ request: Request) -> String {
        var words = ["slipway", "ci", "install", request.target.rawValue]
        if let directory = request.directory { words += ["--directory", directory] }
        if let source = request.source { words += ["--source", source.url, "--ref", source.ref] }
        if request.force { words.append("--force") }
        return Shell.quote(words)
    }
}
