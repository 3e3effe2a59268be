import Foundation
import SlipwayCore

extension HooksService {
    /// Prints where the hooks are and what they will do; exit 1 when they are not (all) installed or cannot run.
    public func status(console: Console) -> ExitStatus {
        var healthy = true
        var text = "Slipway's git hooks in \(display(folder))"
        if let hooksPath = repository.configString("core.hooksPath") {
            let scope = repository.configScope(of: "core.hooksPath")
            let shared = scope.map { $0.isShared ? ", from \($0.displayName), shared by other repositories" : "" } ?? ""
            text += " (core.hooksPath is \(hooksPath)\(shared))"
        }
        text += ":\n"
        for file in files {
            let state = file.state
            if state != .current { healthy = false }
            text += ReportRow(file.hook.rawValue, statusRow(file, state)).line
        }
        if let path = repository.configString(HookSettings.pathKey) {
            let works = FileManager.default.isExecutableFile(atPath: path)
            if !works { healthy = false }
            text += ReportRow("slipway", "\(path)\(works ? "" : " is missing: run 'slipway hooks install' again")").line
        } else {
            text +=
                ReportRow(
                    "slipway",
                    "not recorded (git config \(HookSettings.pathKey)); the hooks look for "
                        + "slipway on PATH"
                ).line
        }
        let action = HookSettings.action(repository: repository, configuration: configuration)
        text += ReportRow("after commit", "\(action.action.rawValue) on a major change (\(action.source))").line
        let prePushSource = configuration.hooks.prePush == .report ? "default" : ".slipway.yml hooks.prePush"
        text += ReportRow("before push", "\(configuration.hooks.prePush.rawValue) (\(prePushSource))").line
        if let match = HookManager.detect(repository: repository, hooksFolder: folder) {
            text +=
                ReportRow(
                    "manager",
                    "\(match.manager.rawValue) (\(match.evidence)); see 'slipway hooks "
                        + "install' for the lines to add"
                ).line
        }
        let log = HookPaths(repository: repository).log
        if FileStatus.exists(log) { text += ReportRow("log", display(log)).line }
        console.out(text)
        if let warning = action.warning { console.err("warning: \(warning)\n") }
        return healthy ? .success : .negative
    }

    private func statusRow(_ file: HookFile, _ state: HookFile.State) -> String {
        let chained = file.hasChained ? "; runs \(file.hook.chainedName) first" : ""
        switch state {
        case .current:
            return "installed" + chained
        case .outdated:
            return "installed by another version of slipway; run 'slipway hooks install' to update" + chained
        case .edited:
            return "Slipway's hook with changes made after installing; 'slipway hooks install --force' replaces it"
                + chained
        case .absent:
            return "not installed"
        case .foreign:
            return "not installed (the hook there is not Slipway's)"
        }
    }
}
