import Foundation
import SlipwayCore
import Testing

@testable import SlipwayHooks

/// The part of a repository an install plan may touch, as the tests compare it: every entry under some folders
/// (files with bytes and mode, folders, links) and the keys of the repository's own git config file.
struct DiskState: Equatable, CustomStringConvertible {
    enum Entry: Equatable {
        case file([UInt8], mode: Int)
        case folder
        case link(String)
    }

    /// Paths relative to the repository root.
    var entries: [String: Entry]
    /// `git config --local --list`, keys lowercased as git prints them.
    var config: [String: String]

    var description: String {
        let files = entries.keys.sorted().map { path -> String in
            switch entries[path]! {
            case .file(let bytes, let mode): return "\(path) (\(bytes.count) bytes, mode \(String(mode, radix: 8)))"
            case .folder: return "\(path)/"
            case .link(let target): return "\(path) -> \(target)"
            }
        }
        return (files + config.keys.sorted().map { "\($0)=\(config[$0]!)" }).joined(separator: "\n")
    }

    /// Everything in the working tree (but `.git`) and in `.git/hooks`, and the local config keys.
    static func capture(_ repository: TestRepository) throws -> DiskState {
        var entries: [String: Entry] = [:]
        try walk(repository.url, root: repository.url, into: &entries)
        try walk(repository.hooksFolder, root: repository.url, into: &entries)
        let listing = try repository.gitResult(["config", "--local", "--list"]).stdout
        var config: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            config[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return DiskState(entries: entries, config: config)
    }

    private static func walk(_ folder: URL, root: URL, into entries: inout [String: Entry]) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: folder.path) else { return }
        for name in try manager.contentsOfDirectory(atPath: folder.path) where folder != root || name != ".git" {
            let url = folder.appendingPathComponent(name)
            let path = relative(url, root: root)
            let attributes = try manager.attributesOfItem(atPath: url.path)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                entries[path] = .link(try manager.destinationOfSymbolicLink(atPath: url.path))
            case .typeDirectory?:
                entries[path] = .folder
                try walk(url, root: root, into: &entries)
            default:
                let mode = (attributes[.posixPermissions] as? Int) ?? -1
                entries[path] = .file(Array(try Data(contentsOf: url)), mode: mode)
            }
        }
    }

    /// By name, as Slipway names the paths it plans (`standardizedFileURL` would drop `/private` on macOS from a path
    /// that exists and keep it on one that does not).
    static func relative(_ url: URL, root: URL) -> String {
        String(RealPath.folded(url.path).dropFirst(RealPath.folded(root.path).count + 1))
    }

    /// This state with `changes` made as the plan describes them: what the executor must leave on disk.
    func applying(_ changes: [InstallChange], root: URL) -> DiskState {
        var state = self
        let path = { (url: URL) in DiskState.relative(url, root: root) }
        for change in changes {
            switch change {
            case .createFolder(let folder, let topmost):
                for created in InstallChange.folders(from: folder, upTo: topmost) {
                    state.entries[path(created)] = .folder
                }
            case .removeFolder(let folder, _):
                state.entries[path(folder)] = nil
            case .setConfig(let key, let value, _):
                state.config[key.lowercased()] = value
            case .removeConfig(let key, _):
                state.config[key.lowercased()] = nil
            case .writeFile(let url, let bytes, let mode, _):
                state.entries[path(url)] = .file(bytes, mode: mode)
            case .removeFile(let url, _):
                state.entries[path(url)] = nil
            case .keepAside(let source, let destination), .putBack(let source, let destination):
                state.entries[path(destination)] = state.entries[path(source)]
                state.entries[path(source)] = nil
            case .dropEmptyConfigSection:
                break
            }
        }
        return state
    }
}

/// The real effects, with a chance to sabotage the file system just before a chosen change, so that the change, or
/// the undoing of the ones before it, fails for real.
struct SabotagedEffects: InstallEffects {
    let real: SystemInstallEffects
    let before: (InstallChange) throws -> Void

    func apply(_ change: InstallChange) throws {
        try before(change)
        try real.apply(change)
    }

    func undo(_ change: InstallChange) throws {
        try real.undo(change)
    }
}

extension TestRepository {
    func makeFolder(_ url: URL, holding file: String? = nil) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let file { try Data("in the way\n".utf8).write(to: url.appendingPathComponent(file)) }
    }

    var configBytes: Data {
        get throws { try Data(contentsOf: gitFolder.appendingPathComponent("config")) }
    }
}
