import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayWorkspace
import Testing

@testable import SlipwayHooks

@Suite("hooks install and uninstall as plans: one executor, exact changes, honest rollback")
struct HooksPlanTests {
    /// A repository whose post-commit hook is the team's own (mode 0700), so install keeps it aside.
    func makeRepository(hooksPath: String? = nil) throws -> TestRepository {
        let repository = try TestRepository()
        try repository.write("README.md", "hello\n")
        try repository.commit("Initial commit")
        try repository.writeExecutable(
            repository.hooksFolder.appendingPathComponent("post-commit"), "#!/bin/sh\necho ours\n", mode: 0o700)
        if let hooksPath { try repository.git(["config", "core.hooksPath", hooksPath]) }
        return repository
    }

    func service(_ repository: TestRepository) throws -> HooksService {
        try HooksService(workspace: try Workspace.open(from: repository.url))
    }

    func request(action: HookAction? = nil) -> HooksService.InstallRequest {
        HooksService.InstallRequest(slipwayPath: "/usr/local/bin/slipway", action: action)
    }

    @Test("install then uninstall change exactly what their plans list, and uninstall restores the start")
    func executorMakesThePlannedChanges() throws {
        let repository = try makeRepository()
        let start = try DiskState.capture(repository)
        let startConfig = try repository.configBytes
        let install = try service(repository).planInstall(request(action: .push))
        #expect(install.changes.count == 5, "\(install.changes)")
        try service(repository).executor(command: install.command).execute(install.changes)
        let installed = try DiskState.capture(repository)
        #expect(installed == start.applying(install.changes, root: repository.url))
        #expect(installed != start)

        let uninstall = try service(repository).planUninstall()
        try service(repository).executor(command: uninstall.command).execute(uninstall.changes)
        let after = try DiskState.capture(repository)
        #expect(after == installed.applying(uninstall.changes, root: repository.url))
        #expect(after == start)
        #expect(try repository.configBytes == startConfig)
    }

    @Test("the folders install creates are planned, made, and removed again by uninstall's plan")
    func createdFoldersArePlanned() throws {
        let repository = try makeRepository(hooksPath: "tools/git/hooks")
        let start = try DiskState.capture(repository)
        let install = try service(repository).planInstall(request())
        let folder = repository.url.appendingPathComponent("tools/git/hooks", isDirectory: true)
        guard case .createFolder(let created, let topmost)? = install.changes.first else {
            Issue.record("the plan does not start by creating the folder: \(install.changes)")
            return
        }
        #expect(created.path == folder.path)
        #expect(topmost.path == repository.url.appendingPathComponent("tools").path)
        try service(repository).executor(command: install.command).execute(install.changes)
        let installed = try DiskState.capture(repository)
        #expect(installed == start.applying(install.changes, root: repository.url))

        let uninstall = try service(repository).planUninstall()
        let removed = uninstall.changes.compactMap { change -> String? in
            if case .removeFolder(let url, _) = change { return DiskState.relative(url, root: repository.url) }
            return nil
        }
        #expect(removed == ["tools/git/hooks", "tools/git", "tools"])
        try service(repository).executor(command: uninstall.command).execute(uninstall.changes)
        #expect(try DiskState.capture(repository) == installed.applying(uninstall.changes, root: repository.url))
        #expect(try DiskState.capture(repository) == start)
    }

    @Test("a step that fails undoes the steps before it: the hooks folder and .git/config are as before")
    func failingStepRollsBack() throws {
        let repository = try makeRepository()
        let plan = try service(repository).planInstall(request(action: .release))
        // Something takes pre-push's place after planning: the last step must fail.
        try repository.makeFolder(repository.hooksFolder.appendingPathComponent("pre-push"))
        let before = try DiskState.capture(repository)
        let config = try repository.configBytes

        let error = #expect(throws: Failure.self) {
            try service(repository).executor(command: plan.command).execute(plan.changes)
        }
        #expect(
            error?.message.contains(".git/hooks/pre-push appeared after Slipway planned the change") == true,
            "\(String(describing: error))")
        #expect(
            error?.message.contains("the 4 changes made before it were undone") == true,
            "\(String(describing: error))")
        #expect(try DiskState.capture(repository) == before)
        #expect(try repository.configBytes == config)
    }

    @Test("an undo that fails too: the error names what is left, and the hint's commands finish the rollback")
    func failedUndoSaysHowToFinish() throws {
        let repository = try makeRepository()
        let start = try DiskState.capture(repository)
        let plan = try service(repository).planInstall(request())
        let hooks = repository.hooksFolder
        let lock = repository.gitFolder.appendingPathComponent("config.lock")
        let sabotage = SabotagedEffects(real: SystemInstallEffects(repository: try service(repository).repository)) {
            guard case .writeFile(let url, _, _, _) = $0, url.lastPathComponent == "pre-push" else { return }
            try repository.makeFolder(url) // this step fails,
            try FileManager.default.removeItem(at: hooks.appendingPathComponent("post-commit"))
            try repository.makeFolder(hooks.appendingPathComponent("post-commit"), holding: "x") // so does unlink,
            try repository.makeFolder(lock) // and git cannot lock .git/config to unset slipway.path.
        }
        let executor = InstallExecutor(effects: sabotage, root: repository.url, command: plan.command)

        let error = #expect(throws: Failure.self) { try executor.execute(plan.changes) }
        let message = error?.message ?? ""
        let hint = error?.hint ?? ""
        #expect(message.contains("undoing the changes made before it failed, so these are left"), "\(message)")
        #expect(message.contains("git config slipway.path is still set to /usr/local/bin/slipway"), "\(message)")
        #expect(message.contains("the earlier hook is still .git/hooks/post-commit.pre-slipway"), "\(message)")
        let commands = hint.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(commands.contains("git config --local --unset slipway.path"), "\(hint)")
        #expect(commands.contains("mv .git/hooks/post-commit.pre-slipway .git/hooks/post-commit"), "\(hint)")
        #expect(hint.contains("run 'slipway hooks install' again"), "\(hint)")

        // Take the sabotage away (leaving the file install wrote), then run the hint's commands as given.
        try FileManager.default.removeItem(at: lock)
        try FileManager.default.removeItem(at: hooks.appendingPathComponent("pre-push"))
        try FileManager.default.removeItem(at: hooks.appendingPathComponent("post-commit"))
        try Data(GitHook.postCommit.script.bytes).write(to: hooks.appendingPathComponent("post-commit"))
        for command in commands where ["rm ", "mv ", "git "].contains(where: command.hasPrefix) {
            let result = try runProcess(
                "/bin/sh", ["-c", command], in: repository.url, environment: repository.environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        #expect(try DiskState.capture(repository) == start)
    }

    @Test("uninstall failing at its config step writes the removed hooks back and puts the earlier one aside again")
    func uninstallRollsBack() throws {
        let repository = try makeRepository()
        let install = try service(repository).planInstall(request())
        try service(repository).executor(command: install.command).execute(install.changes)
        let installed = try DiskState.capture(repository)
        let plan = try service(repository).planUninstall()
        let lock = repository.gitFolder.appendingPathComponent("config.lock")
        let sabotage = SabotagedEffects(real: SystemInstallEffects(repository: try service(repository).repository)) {
            if case .removeConfig = $0 { try repository.makeFolder(lock) }
        }
        let executor = InstallExecutor(effects: sabotage, root: repository.url, command: plan.command)
        let error = #expect(throws: Failure.self) { try executor.execute(plan.changes) }
        #expect(
            error?.message.contains("the 3 changes made before it were undone") == true,
            "\(String(describing: error))")
        try FileManager.default.removeItem(at: lock)
        #expect(try DiskState.capture(repository) == installed)
    }

    @Test("ci install: a failed step undoes the files before it and names the folder it could not remove")
    func ciRollback() throws {
        let repository = try makeRepository()
        let workspace = try Workspace.open(from: repository.url)
        let installer = try CIInstaller(workspace: workspace)
        var request = CIInstaller.Request(target: .xcodeCloud)
        request.source = CISource(url: "https://github.com/acme/slipway.git", ref: "v1.0.0")
        let plan = try installer.planInstall(request)
        #expect(plan.changes.count == 4, "\(plan.changes)")
        let sabotage = SabotagedEffects(real: SystemInstallEffects(repository: try workspace.requireRepository())) {
            change in
            guard case .writeFile(let url, _, _, _) = change, url.lastPathComponent == "ci_pre_xcodebuild.sh" else {
                return
            }
            try repository.makeFolder(url, holding: "x")
        }
        let executor = InstallExecutor(effects: sabotage, root: repository.url, command: plan.command)
        let error = #expect(throws: Failure.self) { try executor.execute(plan.changes) }
        #expect(
            error?.message.contains("the folder ci_scripts that it created is still there") == true,
            "\(String(describing: error))")
        #expect(error?.hint?.contains("rmdir ci_scripts") == true, "\(String(describing: error?.hint))")
        let folder = repository.url.appendingPathComponent("ci_scripts")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["ci_pre_xcodebuild.sh"], "the files written before the failure were not removed")
    }
}
