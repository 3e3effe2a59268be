import Foundation
import SlipwayCore
import SlipwayGit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes and takes back install changes on disk and in the repository's own git config file. Before each change it
/// checks that the file, folder or key is still as the plan recorded it, so a plan never overwrites something that
/// changed after planning.
struct SystemInstallEffects: InstallEffects {
    let repository: Repository

    func display(_ url: URL) -> String { DisplayPath.of(url, relativeTo: repository.rootDirectory) }

    func apply(_ change: InstallChange) throws {
        switch change {
        case .createFolder(let folder, _):
            try expectNothing(at: folder)
            try FileSystem.createFolder(folder.path, shownAs: display(folder))
        case .removeFolder(let folder, _):
            try check(rmdir(folder.path), "remove the folder \(display(folder))")
        case .setConfig(let key, let value, let previous):
            try expectConfig(key, previous)
            try repository.setLocalConfig(key, value)
        case .removeConfig(let key, let previous):
            try expectConfig(key, previous)
            try repository.removeLocalConfig(key)
        case .writeFile(let url, let bytes, let mode, let previous):
            try expect(url, holds: previous)
            try BundledFile.writeAtomically(bytes, mode: mode, to: url)
        case .removeFile(let url, let previous):
            try expect(url, holds: previous)
            try check(unlink(url.path), "remove \(display(url))")
        case .keepAside(let source, let destination), .putBack(let source, let destination):
            try move(source, to: destination)
        case .dropEmptyConfigSection(let name, _):
            repository.removeEmptyConfigSection(name)
        }
    }

    func undo(_ change: InstallChange) throws {
        switch change {
        case .createFolder(let folder, let topmost):
            for created in InstallChange.folders(from: folder, upTo: topmost) {
                try check(rmdir(created.path), "remove the folder \(display(created))")
            }
        case .removeFolder(let folder, let mode):
            try check(mkdir(folder.path, mode_t(mode)), "create the folder \(display(folder)) again")
        case .setConfig(let key, _, let previous):
            if let previous {
                try repository.setLocalConfig(key, previous)
            } else {
                try repository.removeLocalConfig(key)
                // git keeps the emptied `[section]` header; drop it, so .git/config is back byte for byte.
                if let section = key.split(separator: ".").first {
                    repository.removeEmptyConfigSection(String(section))
                }
            }
        case .removeConfig(let key, let previous):
            try repository.setLocalConfig(key, previous)
        case .writeFile(let url, _, _, let previous):
            if let previous {
                try BundledFile.writeAtomically(previous.bytes, mode: previous.mode, to: url)
            } else {
                try check(unlink(url.path), "remove \(display(url))")
            }
        case .removeFile(let url, let previous):
            if FileStatus.exists(url) {
                throw Failure("cannot write \(display(url)) back: something else is there now")
            }
            try BundledFile.writeAtomically(previous.bytes, mode: previous.mode, to: url)
        case .keepAside(let source, let destination), .putBack(let source, let destination):
            try move(destination, to: source)
        case .dropEmptyConfigSection:
            // Only an empty header went; git writes it again with the next entry, so there is nothing to restore.
            break
        }
    }

    // MARK: Checks

    /// Renames without following links, so a hook that is a symbolic link is kept as the link it is; never over
    /// something already at `destination`.
    private func move(_ source: URL, to destination: URL) throws {
        if FileStatus.exists(destination) {
            throw Failure(
                "cannot rename \(display(source)) to \(display(destination)): \(display(destination)) is "
                    + "already there")
        }
        try check(rename(source.path, destination.path), "rename \(display(source)) to \(display(destination))")
    }

    private func expectNothing(at url: URL) throws(Failure) {
        guard FileStatus.exists(url) else { return }
        throw changed("\(display(url)) appeared")
    }

    private func expect(_ url: URL, holds expected: FileContents?) throws(Failure) {
        guard let expected else { return try expectNothing(at: url) }
        guard try FileContents.read(url, shownAs: display(url)) == expected else {
            throw changed("\(display(url)) changed")
        }
    }

    private func expectConfig(_ key: String, _ expected: String?) throws {
        let value = try repository.localConfigValue(key)
        guard value == expected else {
            throw changed("git config \(key) changed (it is \(value.map { "'\($0)'" } ?? "unset") now)")
        }
    }

    private func changed(_ what: String) -> Failure {
        Failure(
            "\(what) after Slipway planned the change",
            hint: "run the command again so it starts from how things are now")
    }

    private func check(_ result: Int32, _ action: String) throws(Failure) {
        guard result != 0 else { return }
        throw Failure("cannot \(action): \(String(cString: strerror(errno)))")
    }
}
