import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayHistory

/// `slipway hooks install|uninstall|status`: puts Slipway's hook scripts into the folder git runs hooks from,
/// chaining any hook that was there, and takes them out again leaving the folder exactly as it was.
public struct HooksService {
    public let repository: Repository
    public let configuration: Configuration

    public init(workspace: Workspace) {
        repository = workspace.repository
        configuration = workspace.configuration
    }

    public struct InstallRequest: Sendable {
        /// The absolute path the installed hooks call slipway by.
        public var slipwayPath: String
        /// The post-commit action to record for this clone; `nil` keeps what is configured.
        public var action: HookAction?
        /// Install even when another hook manager owns the hooks, when `core.hooksPath` comes from a global or
        /// system config, or over a Slipway hook someone edited.
        public var force = false

        public init(slipwayPath: String, action: HookAction? = nil, force: Bool = false) {
            self.slipwayPath = slipwayPath
            self.action = action
            self.force = force
        }
    }

    var folder: URL { repository.hooksDirectory }
    var files: [HookFile] { GitHook.allCases.map { HookFile(hook: $0, folder: folder) } }

    func display(_ url: URL) -> String { DisplayPath.of(url, root: repository.rootDirectory) }

    // MARK: Install

    public func install(_ request: InstallRequest, console: Console) throws -> ExitStatus {
        guard !repository.isBare else {
            throw Failure("this repository is bare: it has no commits made in it to run hooks for",
                          hint: "install the hooks in a clone with a working tree")
        }
        if !request.force, let scope = repository.configScope(of: "core.hooksPath"), scope.isShared {
            throw sharedFolderError(scope)
        }
        if !request.force, let match = HookManager.detect(repository: repository, hooksFolder: folder) {
            throw managedError(match)
        }
        let edited = files.filter { $0.state == .edited }
        if !request.force, !edited.isEmpty {
            let names = edited.map { display($0.url) }.joined(separator: " and ")
            throw Failure("\(names) \(edited.count == 1 ? "is Slipway's hook" : "are Slipway's hooks") with changes made after installing; nothing was written",
                          hint: "keep the changes by moving \(edited.count == 1 ? "it" : "them") away first, or replace \(edited.count == 1 ? "it" : "them") with this version with 'slipway hooks install --force'")
        }
        for file in files where file.state == .foreign && file.hasChained {
            throw Failure("cannot keep the existing \(display(file.url)): \(display(file.chainedURL)) is already there",
                          hint: "an earlier install was interrupted; move one of the two away, then install again")
        }
        let journal = InstallJournal()
        var rows: [(String, String)] = []
        var changed = false
        do {
            changed = try createFolder(journal) || changed
            changed = try setConfig(HookSettings.pathKey, request.slipwayPath, journal) || changed
            if let action = request.action {
                changed = try setConfig(HookSettings.actionKey, action.rawValue, journal) || changed
            }
            for file in files {
                let (row, wrote) = try install(file, journal)
                rows.append((file.hook.rawValue, row))
                changed = changed || wrote
            }
        } catch {
            journal.rollBack()
            throw error
        }
        let action = HookSettings.action(repository: repository, configuration: configuration)
        var text = changed ? "Installed Slipway's git hooks in \(display(folder)):\n"
            : "Slipway's git hooks are already installed in \(display(folder)); nothing changed:\n"
        for (name, row) in rows { text += "  \(pad(name))\(row)\n" }
        text += "  \(pad("slipway"))\(request.slipwayPath) (git config \(HookSettings.pathKey))\n"
        text += "  \(pad("after commit"))\(action.action.rawValue) on a major change (\(action.source))\n"
        console.out(text)
        if let warning = action.warning { console.err("warning: \(warning)\n") }
        return .success
    }

    private func install(_ file: HookFile, _ journal: InstallJournal) throws -> (String, Bool) {
        let script = file.hook.script
        let chained = file.hasChained ? "; runs \(file.hook.chainedName) first" : ""
        let state = file.state
        switch state {
        case .current:
            return ("already installed" + chained, false)
        case .outdated, .edited:
            let old = try snapshot(file.url)
            try script.write(to: file.url)
            journal.record { try? BundledFile.writeAtomically(old.bytes, mode: old.mode, to: file.url) }
            let row = state == .edited ? "replaced the edited copy with this version (--force)" : "updated to this version"
            return (row + chained, true)
        case .absent:
            try script.write(to: file.url)
            journal.record { unlink(file.url.path) }
            return ("installed" + chained, true)
        case .foreign:
            try move(file.url, to: file.chainedURL, journal)
            try script.write(to: file.url)
            journal.record { unlink(file.url.path) }
            return ("installed; the hook that was there is kept as \(file.hook.chainedName) and runs first", true)
        }
    }

    /// Creates the hooks folder when missing and remembers the topmost folder created, for uninstall.
    private func createFolder(_ journal: InstallJournal) throws -> Bool {
        if FileStatus(folder)?.isDirectory == true { return false }
        var topmost = folder
        while !FileStatus.exists(topmost.deletingLastPathComponent()) { topmost = topmost.deletingLastPathComponent() }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure("cannot create the hooks folder \(folder.path): \(error.localizedDescription)")
        }
        journal.record { try? FileManager.default.removeItem(at: topmost) }
        _ = try setConfig(HookSettings.createdFolderKey, topmost.path, journal)
        return true
    }

    /// Sets a key in the repository's config file unless it already has the value; the journal can put it back.
    private func setConfig(_ key: String, _ value: String, _ journal: InstallJournal) throws -> Bool {
        let previous = repository.localConfigString(key)
        if previous == value { return false }
        try repository.setLocalConfig(key, value)
        journal.record { [repository] in
            if let previous { try? repository.setLocalConfig(key, previous) } else { try? repository.removeLocalConfig(key) }
        }
        return true
    }

    /// `core.hooksPath` set for every repository: installing there would run Slipway's hooks in all of them.
    private func sharedFolderError(_ scope: Repository.ConfigScope) -> Failure {
        let own = repository.commonDirectory.appendingPathComponent("hooks").standardizedFileURL.path
        return Failure(
            "core.hooksPath is set in \(scope.displayName), so \(folder.path) holds the hooks of every repository "
                + "that does not set its own; installing there would run Slipway's hooks in all of them",
            hint: "give this repository its own hooks folder first: git config --local core.hooksPath \(Shell.quote(own))\n"
                + "or install into the shared folder anyway with 'slipway hooks install --force'")
    }

    private func managedError(_ match: HookManager.Match) -> Failure {
        var hint = ""
        for hook in GitHook.allCases {
            let (place, line) = match.manager.line(for: hook, configuration: match.configuration)
            hint += "add this line to \(place):\n    \(line)\n"
        }
        if let followUp = match.manager.followUp { hint += followUp + "\n" }
        hint += "or install Slipway's own hooks in \(display(folder)) anyway with 'slipway hooks install --force'"
        return Failure("the git hooks of this repository are managed by \(match.manager.rawValue) (\(match.evidence))", hint: hint)
    }

    // MARK: Uninstall

    public func uninstall(console: Console) throws -> ExitStatus {
        var rows: [(String, String)] = []
        var changed = false
        var keptEdited: [String] = []
        let journal = InstallJournal()
        do {
            for file in files {
                let row: String
                switch file.state {
                case .current, .outdated:
                    try remove(file.url, journal)
                    changed = true
                    if file.hasChained {
                        try move(file.chainedURL, to: file.url, journal)
                        row = "removed; the hook that was there before is back"
                    } else {
                        row = "removed"
                    }
                case .absent:
                    if file.hasChained {
                        try move(file.chainedURL, to: file.url, journal)
                        changed = true
                        row = "was already gone; the hook that was there before is back"
                    } else {
                        row = "not installed"
                    }
                case .edited:
                    row = "kept: it is Slipway's hook with changes made after installing; delete it yourself if you no longer want it"
                        + (file.hasChained ? " (the earlier hook is still in \(file.hook.chainedName))" : "")
                    keptEdited.append(display(file.url))
                case .foreign:
                    row = file.hasChained
                        ? "left alone: it was replaced after Slipway installed it; the earlier hook is still in \(file.hook.chainedName)"
                        : "not installed (the hook there is not Slipway's)"
                }
                rows.append((file.hook.rawValue, row))
            }
            for key in [HookSettings.pathKey, HookSettings.actionKey] {
                guard let previous = repository.localConfigString(key) else { continue }
                try repository.removeLocalConfig(key)
                journal.record { [repository] in try? repository.setLocalConfig(key, previous) }
                changed = true
            }
        } catch {
            journal.rollBack()
            throw error
        }
        // Past this point nothing can fail in a way that needs undoing: these only tidy up after install.
        if let created = repository.localConfigString(HookSettings.createdFolderKey) {
            removeEmptyFolders(from: folder, upTo: URL(fileURLWithPath: created, isDirectory: true))
            try? repository.removeLocalConfig(HookSettings.createdFolderKey)
        }
        repository.removeEmptyConfigSection("slipway")
        var text = changed ? "Removed Slipway's git hooks from \(display(folder)):\n"
            : "Slipway's git hooks are not installed in \(display(folder)); nothing changed:\n"
        for (name, row) in rows { text += "  \(pad(name))\(row)\n" }
        console.out(text)
        if !keptEdited.isEmpty {
            console.err("warning: kept \(keptEdited.joined(separator: " and ")): Slipway only removes hooks it wrote, byte for byte\n")
        }
        return .success
    }

    /// Removes `folder` and its parents up to `topmost` (the folders install created), each only when empty.
    private func removeEmptyFolders(from folder: URL, upTo topmost: URL) {
        let stop = topmost.standardizedFileURL.path
        var current = folder.standardizedFileURL
        while current.path.hasPrefix(stop) {
            guard (try? FileManager.default.contentsOfDirectory(atPath: current.path))?.isEmpty == true,
                rmdir(current.path) == 0
            else { return }
            if current.path == stop { return }
            current = current.deletingLastPathComponent()
        }
    }

    // MARK: Status

    /// Prints where the hooks are and what they will do; exit 1 when they are not (all) installed or cannot run.
    public func status(console: Console) -> ExitStatus {
        var healthy = true
        var text = "Slipway's git hooks in \(display(folder))"
        if let hooksPath = repository.configString("core.hooksPath") {
            let scope = repository.configScope(of: "core.hooksPath")
            text += " (core.hooksPath is \(hooksPath)\(scope?.isShared == true ? ", from \(scope?.displayName ?? ""), shared by other repositories" : ""))"
        }
        text += ":\n"
        for file in files {
            let chained = file.hasChained ? "; runs \(file.hook.chainedName) first" : ""
            let row: String
            switch file.state {
            case .current: row = "installed" + chained
            case .outdated: row = "installed by another version of slipway; run 'slipway hooks install' to update" + chained
            case .edited: row = "Slipway's hook with changes made after installing; 'slipway hooks install --force' replaces it" + chained
            case .absent: row = "not installed"
            case .foreign: row = "not installed (the hook there is not Slipway's)"
            }
            if file.state != .current { healthy = false }
            text += "  \(pad(file.hook.rawValue))\(row)\n"
        }
        if let path = repository.configString(HookSettings.pathKey) {
            let works = FileManager.default.isExecutableFile(atPath: path)
            if !works { healthy = false }
            text += "  \(pad("slipway"))\(path)\(works ? "" : " is missing: run 'slipway hooks install' again")\n"
        } else {
            text += "  \(pad("slipway"))not recorded (git config \(HookSettings.pathKey)); the hooks look for slipway on PATH\n"
        }
        let action = HookSettings.action(repository: repository, configuration: configuration)
        text += "  \(pad("after commit"))\(action.action.rawValue) on a major change (\(action.source))\n"
        let prePushSource = configuration.hooks.prePush == .report ? "default" : ".slipway.yml hooks.prePush"
        text += "  \(pad("before push"))\(configuration.hooks.prePush.rawValue) (\(prePushSource))\n"
        if let match = HookManager.detect(repository: repository, hooksFolder: folder) {
            text += "  \(pad("manager"))\(match.manager.rawValue) (\(match.evidence)); see 'slipway hooks install' for the lines to add\n"
        }
        let log = HookPaths(repository: repository).log
        if FileStatus.exists(log) { text += "  \(pad("log"))\(display(log))\n" }
        console.out(text)
        if let warning = action.warning { console.err("warning: \(warning)\n") }
        return healthy ? .success : .negative
    }

    // MARK: Files

    private func snapshot(_ url: URL) throws -> (bytes: [UInt8], mode: Int) {
        guard let data = FileManager.default.contents(atPath: url.path), let status = FileStatus(url) else {
            throw Failure("cannot read \(url.path)")
        }
        return (Array(data), status.permissions)
    }

    /// Renames without following links, so a hook that is a symbolic link is kept as the link it is.
    private func move(_ source: URL, to destination: URL, _ journal: InstallJournal? = nil) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw Failure("cannot rename \(display(source)) to \(display(destination)): \(String(cString: strerror(errno)))")
        }
        journal?.record { rename(destination.path, source.path) }
    }

    /// Removes one of Slipway's hook scripts; the journal can write it back as it was.
    private func remove(_ url: URL, _ journal: InstallJournal) throws {
        let old = try snapshot(url)
        guard unlink(url.path) == 0 else {
            throw Failure("cannot remove \(display(url)): \(String(cString: strerror(errno)))")
        }
        journal.record { try? BundledFile.writeAtomically(old.bytes, mode: old.mode, to: url) }
    }

    private func pad(_ text: String) -> String {
        text.count >= 14 ? text + " " : text + String(repeating: " ", count: 14 - text.count)
    }
}
