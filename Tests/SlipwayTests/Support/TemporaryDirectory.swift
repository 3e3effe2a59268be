import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
///
/// `url` is the folder's real path: on macOS the temporary directory is under `/var`, a link to `/private/var`, and
/// Slipway, git and `pwd` name what they find there by the real path, so tests compare paths in that form.
final class TemporaryDirectory {
    let url: URL

    init(_ label: String = "slipway-test") {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        let made = base.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        url = URL(fileURLWithPath: realPath(made.path), isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }
}

/// Where `path` really leads, as realpath(3) says (symbolic links resolved, `/private` kept on macOS); `path` itself
/// when it does not exist. Foundation's `resolvingSymlinksInPath()` and `standardizedFileURL` drop a leading
/// `/private` on macOS, so they cannot stand in for it.
func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
