import Foundation
import SlipwayCrypto

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
        /// Byte for byte a script an earlier Slipway shipped (or this one made non-executable): replaced in place on
        /// install, removed on uninstall.
        case outdated
        /// Slipway's script with someone's edits (it carries the marker but no shipped version's bytes): never
        /// replaced without `--force`, never removed.
        case edited
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
        let bytes = Array(data)
        if bytes == hook.script.bytes { return .outdated }
        // A digest libcrypto cannot make only means the file is not recognised as an earlier Slipway hook: it is
        // then left alone as edited or foreign, never overwritten.
        if let digest = try? SHA256Hasher.hexDigest(of: bytes), hook.earlierDigests.contains(digest) {
            return .outdated
        }
        return String(decoding: data, as: UTF8.self).contains(HookFile.marker) ? .edited : .foreign
    }

    var hasChained: Bool { FileStatus.exists(chainedURL) }
}
