import Foundation

/// One hook in the hooks folder, and the earlier hook Slipway keeps beside it.
struct HookFile {
    let hook: GitHook
    let folder: URL

    var url: URL { folder.appendingPathComponent(hook.rawValue) }
    var chainedURL: URL { folder.appendingPathComponent(hook.chainedName) }

    enum State: Equatable {
        case absent
        /// Slipway's script, byte for byte, executable.
        case current
        /// A Slipway script from another version (or made non-executable): replaced in place on install.
        case outdated
        /// Someone else's hook: chained on install, never overwritten.
        case foreign
    }

    /// A line every version of Slipway's hook scripts carries.
    static let marker = "installed by 'slipway hooks install'"

    var state: State {
        guard let status = FileStatus(url) else { return .absent }
        if status.isSymbolicLink || status.isDirectory { return .foreign }
        if hook.script.isInstalled(at: url) { return .current }
        guard let data = FileManager.default.contents(atPath: url.path) else { return .foreign }
        return String(decoding: data, as: UTF8.self).contains(HookFile.marker) ? .outdated : .foreign
    }

    var hasChained: Bool { FileStatus.exists(chainedURL) }
}
