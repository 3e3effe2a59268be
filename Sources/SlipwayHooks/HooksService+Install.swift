import Foundation
import SlipwayCore

extension HooksService {
    /// What `slipway hooks install` will do; refuses (changing nothing) when installing would be wrong.
    public func planInstall(_ request: InstallRequest) throws -> HooksPlan {
        try checkInstallable(request)
        let slipwayPath = request.slipwayPath ?? SlipwayExecutable.path(environment: environment)
        var changes = try folderChanges()
        changes += try configChanges(HookSettings.pathKey, slipwayPath)
        if let action = request.action {
            changes += try configChanges(HookSettings.actionKey, action.rawValue)
        }
        var rows: [ReportRow] = []
        for file in files {
            let (fileChanges, row) = try installChanges(for: file)
            changes += fileChanges
            rows.append(ReportRow(file.hook.rawValue, row))
        }
        // The action once installed: --action is recorded in git config, where it wins; else what is set now.
        let recorded = request.action.map {
            HookSettings.Action(action: $0, source: "git config \(HookSettings.actionKey)")
        }
        let action = recorded ?? HookSettings.action(repository: repository, configuration: configuration)
        rows.append(ReportRow("slipway", "\(slipwayPath) (git config \(HookSettings.pathKey))"))
        rows.append(ReportRow("after commit", "\(action.action.rawValue) on a major change (\(action.source))"))
        let headline =
            changes.isEmpty
            ? "Slipway's git hooks are already installed in \(display(folder)); nothing changed"
            : "Installed Slipway's git hooks in \(display(folder))"
        return HooksPlan(
            command: installCommand(request), folder: folder, changes: changes, headline: headline, rows: rows,
            warnings: action.warning.map { ["warning: \($0)"] } ?? [])
    }

    private func installChanges(for file: HookFile) throws -> ([InstallChange], String) {
        let script = file.hook.script
        let chained = file.hasChained ? "; runs \(file.hook.chainedName) first" : ""
        let state = file.state
        let write = { (previous: FileContents?) in
            InstallChange.writeFile(file.url, bytes: script.bytes, mode: script.mode, previous: previous)
        }
        switch state {
        case .current:
            return ([], "already installed" + chained)
        case .outdated, .edited:
            let row =
                state == .edited
                ? "replaced the edited copy with this version (--force)" : "updated to this version"
            return ([write(try existing(file.url))], row + chained)
        case .absent:
            return ([write(nil)], "installed" + chained)
        case .foreign:
            return (
                [.keepAside(file.url, as: file.chainedURL), write(nil)],
                "installed; the hook that was there is kept as \(file.hook.chainedName) and runs first"
            )
        }
    }

    /// Creates the hooks folder when missing and remembers the topmost folder created, for uninstall.
    private func folderChanges() throws -> [InstallChange] {
        if let status = FileStatus(folder) {
            if status.isDirectory { return [] }
            throw Failure(
                "the hooks folder \(display(folder)) is a file, not a folder",
                hint: "move the file away, or point core.hooksPath at a folder")
        }
        var topmost = folder
        while !FileStatus.exists(topmost.deletingLastPathComponent()) { topmost = topmost.deletingLastPathComponent() }
        return [.createFolder(folder, topmost: topmost)]
            + (try configChanges(HookSettings.createdFolderKey, topmost.path))
    }

    /// Sets a key in the repository's config file unless it already has the value.
    private func configChanges(_ key: String, _ value: String) throws -> [InstallChange] {
        let previous = try repository.localConfigValue(key)
        return previous == value ? [] : [.setConfig(key: key, value: value, previous: previous)]
    }

    private func installCommand(_ request: InstallRequest) -> String {
        var words = ["slipway", "hooks", "install"]
        if let action = request.action { words += ["--action", action.rawValue] }
        if request.force { words.append("--force") }
        return Shell.quote(words)
    }
}
