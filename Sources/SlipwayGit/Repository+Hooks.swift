import CGit2
import Foundation
import SlipwayCore

/// What hooks need from a repository: where git looks for them, the repository's own config file, the reflog entry
/// that says how HEAD last moved, and commit trailers.
extension Repository {
    // MARK: Hooks folder

    /// The folder git runs hooks from, as git resolves it.
    ///
    /// libgit2 has no hooks-path API, so this follows git's rules: `core.hooksPath` (with `~/` expanded) wins, and a
    /// relative value is taken from where git runs hooks (the working tree root, or the git folder when bare);
    /// otherwise `hooks/` in the common git folder, which linked worktrees share with the main one.
    public var hooksDirectory: URL {
        if let configured = configPath("core.hooksPath"), !configured.isEmpty {
            // Folded by name (RealPath.folded): standardizedFileURL would drop a leading /private on macOS once the
            // folder exists, and the path would no longer start with the repository's own.
            let path = configured.hasPrefix("/") ? configured : rootDirectory.path + "/" + configured
            return URL(fileURLWithPath: RealPath.folded(path), isDirectory: true)
        }
        return URL(fileURLWithPath: RealPath.folded(commonDirectory.path + "/hooks"), isDirectory: true)
    }

    // MARK: Configuration

    /// A path-valued configuration entry with `~/` expanded as git does, or `nil` when it is not set.
    public func configPath(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return nil }
        defer { git_config_free(config) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_config_get_path(&buffer, config, key) == 0, let pointer = buffer.ptr else { return nil }
        return String(cString: pointer)
    }

    /// Which kind of configuration file set an entry, from the machine's down to the repository's own.
    public enum ConfigScope: Sendable, Equatable {
        /// The machine-wide file (`/etc/gitconfig`, or git's program data file on Windows).
        case system
        /// The user's file (`~/.gitconfig` or `~/.config/git/config`).
        case global
        /// The repository's own file (`.git/config`, or a worktree's `config.worktree`).
        case repository
        /// A value the running program set in memory.
        case application

        /// Whether the entry applies beyond this repository: to every repository of the user or the machine.
        public var isShared: Bool { self == .system || self == .global }

        /// How messages name the file: "the global git config (~/.gitconfig)".
        public var displayName: String {
            switch self {
            case .system: return "the system git config (/etc/gitconfig)"
            case .global: return "the global git config (~/.gitconfig)"
            case .repository: return "this repository's git config"
            case .application: return "a value set by the program"
            }
        }
    }

    /// The scope of the file that sets `key` as git reads it (the one that wins), or `nil` when it is not set.
    public func configScope(of key: String) -> ConfigScope? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return nil }
        defer { git_config_free(config) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        guard git_config_get_entry(&entry, config, key) == 0, let entry else { return nil }
        defer { git_config_entry_free(entry) }
        // Levels grow from the machine towards the program; libgit2 1.8 inserted a worktree level before APP, so
        // compare with the named bounds rather than listing every value.
        let level = entry.pointee.level.rawValue
        if level <= GIT_CONFIG_LEVEL_SYSTEM.rawValue { return .system }
        if level <= GIT_CONFIG_LEVEL_GLOBAL.rawValue { return .global }
        if level < GIT_CONFIG_LEVEL_APP.rawValue { return .repository }
        return .application
    }

    /// Sets an entry in the repository's own config file (`.git/config`, shared by linked worktrees).
    public func setLocalConfig(_ key: String, _ value: String) throws(GitError) {
        let local = try openLocalConfig()
        defer { git_config_free(local) }
        try check(git_config_set_string(local, key, value), "git_config_set_string")
    }

    /// Removes an entry from the repository's own config file; removing a missing entry is not an error.
    public func removeLocalConfig(_ key: String) throws(GitError) {
        let local = try openLocalConfig()
        defer { git_config_free(local) }
        let code = git_config_delete_entry(local, key)
        if code == GIT_ENOTFOUND.rawValue { return }
        try check(code, "git_config_delete_entry")
    }

    /// The entry as the repository's own config file has it, ignoring global and system files; `nil` when unset.
    /// A config file that cannot be read is an error, not an unset entry.
    public func localConfigValue(_ key: String) throws(GitError) -> String? {
        let local = try openLocalConfig()
        defer { git_config_free(local) }
        var snapshot: OpaquePointer?
        try check(git_config_snapshot(&snapshot, local), "git_config_snapshot")
        defer { git_config_free(snapshot) }
        var value: UnsafePointer<CChar>?
        let code = git_config_get_string(&value, snapshot, key)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_config_get_string")
        return value.map { String(cString: $0) }
    }

    /// `localConfigValue(_:)` for callers that treat an unreadable config file as an unset entry: the repository
    /// was opened, so its config was readable a moment ago. Prefer `localConfigValue(_:)` in new code.
    public func localConfigString(_ key: String) -> String? {
        (try? localConfigValue(key)) ?? nil
    }

    /// The path of the repository's own config file.
    public var localConfigFile: URL {
        commonDirectory.appendingPathComponent("config")
    }

    /// Drops the `[name]` header from the repository's config file when no entry is left under it, so that
    /// setting and then removing keys leaves the file as it was. libgit2 (like `git config --unset`) keeps empty
    /// headers and exports no call to remove a section, so this edits the file under git's own lock protocol
    /// (`config.lock` created exclusively, then renamed over `config`). Does nothing when git holds the lock.
    public func removeEmptyConfigSection(_ name: String) {
        let file = localConfigFile
        let lockPath = file.path + ".lock"
        guard let data = FileManager.default.contents(atPath: file.path) else { return }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        let header = "[\(name.lowercased())]"
        guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == header })
        else { return }
        let rest = lines[(index + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("[") }
        guard rest.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return }
        lines.remove(at: index)
        var info = stat()
        guard stat(file.path, &info) == 0 else { return }
        let descriptor = open(lockPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return }
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, info.st_mode & 0o7777)
        close(descriptor)
        if written != bytes.count || rename(lockPath, file.path) != 0 { unlink(lockPath) }
    }

    private func openLocalConfig() throws(GitError) -> OpaquePointer {
        var config: OpaquePointer?
        try check(git_repository_config(&config, handle), "git_repository_config")
        defer { git_config_free(config) }
        var local: OpaquePointer?
        try check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "git_config_open_level")
        guard let local else {
            throw GitError.library(function: "git_config_open_level", code: -1, detail: "no local config")
        }
        return local
    }

    // MARK: Reflog and trailers

    /// The message of the newest reflog entry of `reference` (`"commit: …"`, `"rebase (pick): …"`), or `nil` when
    /// the reference keeps no reflog.
    public func lastReflogMessage(of reference: String = "HEAD") -> String? {
        var reflog: OpaquePointer?
        guard git_reflog_read(&reflog, handle, reference) == 0 else { return nil }
        defer { git_reflog_free(reflog) }
        guard git_reflog_entrycount(reflog) > 0, let entry = git_reflog_entry_byindex(reflog, 0),
            let message = git_reflog_entry_message(entry)
        else { return nil }
        return String(cString: message)
    }

    /// The trailers of a commit message (`Slipway-Release: 1.2.0+45`), parsed as `git interpret-trailers` does.
    public static func trailers(in message: String) -> [(key: String, value: String)] {
        GitLibrary.ensureInitialised()
        var array = git_message_trailer_array()
        guard git_message_trailers(&array, message) == 0 else { return [] }
        defer { git_message_trailer_array_free(&array) }
        var result: [(key: String, value: String)] = []
        for index in 0..<array.count {
            let trailer = array.trailers[index]
            guard let key = trailer.key, let value = trailer.value else { continue }
            result.append((String(cString: key), String(cString: value)))
        }
        return result
    }
}
