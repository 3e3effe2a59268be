import Foundation
import SlipwayCore

extension HooksService {
    /// What `slipway hooks uninstall` will do: remove Slipway's own hooks (byte for byte what it wrote), put back
    /// the hooks they replaced, unset its git config keys, and remove the folders the install created once empty.
    public func planUninstall() throws -> HooksPlan {
        var changes: [InstallChange] = []
        var rows: [ReportRow] = []
        var keptEdited: [String] = []
        for file in files {
            let state = file.state
            let (fileChanges, row) = try uninstallChanges(for: file, state: state)
            changes += fileChanges
            rows.append(ReportRow(file.hook.rawValue, row))
            if state == .edited { keptEdited.append(display(file.url)) }
        }
        for key in [HookSettings.pathKey, HookSettings.actionKey] {
            if let previous = try repository.localConfigValue(key) {
                changes.append(.removeConfig(key: key, previous: previous))
            }
        }
        // Tidying up after install does not count as a change to the hooks in the report.
        let changed = !changes.isEmpty
        changes += try tidyUpChanges(after: changes)
        let headline =
            changed
            ? "Removed Slipway's git hooks from \(display(folder))"
            : "Slipway's git hooks are not installed in \(display(folder)); nothing changed"
        var warnings: [String] = []
        if !keptEdited.isEmpty {
            warnings.append(
                "warning: kept \(keptEdited.joined(separator: " and ")): Slipway only removes hooks it "
                    + "wrote, byte for byte")
        }
        return HooksPlan(
            command: "slipway hooks uninstall", folder: folder, changes: changes, headline: headline,
            rows: rows, warnings: warnings)
    }

    private func uninstallChanges(for file: HookFile, state: HookFile.State) throws -> ([InstallChange], String) {
        let putBack = InstallChange.putBack(file.chainedURL, as: file.url)
        switch state {
        case .current, .outdated:
            let remove = InstallChange.removeFile(file.url, previous: try existing(file.url))
            return file.hasChained
                ? ([remove, putBack], "removed; the hook that was there before is back")
                : ([remove], "removed")
        case .absent:
            return file.hasChained
                ? ([putBack], "was already gone; the hook that was there before is back")
                : ([], "not installed")
        case .edited:
            let earlier = file.hasChained ? " (the earlier hook is still in \(file.hook.chainedName))" : ""
            return (
                [],
                "kept: it is Slipway's hook with changes made after installing; delete it yourself if you "
                    + "no longer want it" + earlier
            )
        case .foreign:
            return (
                [],
                file.hasChained
                    ? "left alone: it was replaced after Slipway installed it; the earlier hook is still in "
                        + file.hook.chainedName
                    : "not installed (the hook there is not Slipway's)"
            )
        }
    }

    /// The folders install created, once the plan leaves them empty; the key that recorded them; and the
    /// `[slipway]` header once the plan removes the last of its keys.
    private func tidyUpChanges(after changes: [InstallChange]) throws -> [InstallChange] {
        var tidy: [InstallChange] = []
        if let created = try repository.localConfigValue(HookSettings.createdFolderKey) {
            tidy += folderRemovals(upTo: URL(fileURLWithPath: created, isDirectory: true), after: changes)
            tidy.append(.removeConfig(key: HookSettings.createdFolderKey, previous: created))
        }
        let removesKey = (changes + tidy).contains { if case .removeConfig = $0 { true } else { false } }
        if removesKey { tidy.append(.dropEmptyConfigSection("slipway", file: repository.localConfigFile)) }
        return tidy
    }

    /// Removes the hooks folder and its parents up to `topmost`, each only when the plan leaves it empty.
    private func folderRemovals(upTo topmost: URL, after changes: [InstallChange]) -> [InstallChange] {
        var removals: [InstallChange] = []
        var emptied: URL?
        for current in InstallChange.folders(from: folder, upTo: topmost) {
            guard let mode = FileStatus(current)?.permissions, var entries = entries(of: current) else { break }
            if let emptied { entries.remove(emptied.lastPathComponent) }
            if current.path == RealPath.folded(folder.path) {
                entries = HooksService.entries(entries, after: changes)
            }
            guard entries.isEmpty else { break }
            removals.append(.removeFolder(current, mode: mode))
            emptied = current
        }
        return removals
    }

    /// The names in a folder; `nil` when it cannot be listed, and then it is kept (the safe choice, and not an
    /// error: the hooks are still removed, and the folder can be removed by hand).
    private func entries(of folder: URL) -> Set<String>? {
        do {
            return Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        } catch {
            return nil
        }
    }

    /// The hooks folder's names once `changes` are made.
    private static func entries(_ names: Set<String>, after changes: [InstallChange]) -> Set<String> {
        var names = names
        for change in changes {
            switch change {
            case .removeFile(let url, _): names.remove(url.lastPathComponent)
            case .putBack(let chained, let hook):
                names.remove(chained.lastPathComponent)
                names.insert(hook.lastPathComponent)
            default: break
            }
        }
        return names
    }
}
