import Foundation

/// One change `hooks install`, `hooks uninstall` or `ci install` makes, with every value it needs decided at planning
/// time, including what was there before. A plan lists them in order; the dry run prints them, and
/// `InstallExecutor` carries them out one after another, and nothing else, undoing them in reverse on a failure.
public enum InstallChange: Sendable, Equatable {
    /// Create `folder`, and the missing folders above it up to `topmost` (the highest one that was missing).
    case createFolder(URL, topmost: URL)
    /// Remove this empty folder, which had these permission bits.
    case removeFolder(URL, mode: Int)
    /// Set a key in the repository's own git config file; `previous` is its value there before (`nil`: unset).
    case setConfig(key: String, value: String, previous: String?)
    /// Remove a key, which has the value `previous`, from the repository's own git config file.
    case removeConfig(key: String, previous: String)
    /// Write these bytes with this mode to the file, atomically, over `previous` (`nil`: nothing is there).
    case writeFile(URL, bytes: [UInt8], mode: Int, previous: FileContents?)
    /// Remove the file, which holds `previous`.
    case removeFile(URL, previous: FileContents)
    /// Rename the hook that was there before Slipway to `<hook>.pre-slipway`, where Slipway's script runs it first.
    case keepAside(URL, as: URL)
    /// Rename the kept `<hook>.pre-slipway` back to the hook's own name.
    case putBack(URL, as: URL)
    /// Drop the `[name]` header from this config file when no entry is left under it.
    case dropEmptyConfigSection(String, file: URL)
}

extension InstallChange {
    /// The change in plain words, as the dry run prints it; `display` shows a path.
    func description(_ display: (URL) -> String) -> String {
        switch self {
        case .createFolder(let folder, _):
            return "create the folder \(display(folder))"
        case .removeFolder(let folder, _):
            return "remove the folder \(display(folder)), which the install created and which is then empty"
        case .setConfig(let key, let value, let previous):
            return "set git config \(key) \(value)" + (previous.map { " (it is \($0) now)" } ?? "")
        case .removeConfig(let key, let previous):
            return "unset git config \(key) (it is \(previous) now)"
        case .writeFile(let url, _, let mode, let previous):
            let executable = mode & 0o111 != 0 ? " (executable)" : ""
            return previous == nil
                ? "write \(display(url))\(executable)"
                : "replace \(display(url)) with Slipway's version\(executable)"
        case .removeFile(let url, _):
            return "remove \(display(url))"
        case .keepAside(_, let chained):
            return "keep the existing hook as \(display(chained))"
        case .putBack(let chained, let hook):
            return "put the earlier hook back: rename \(display(chained)) to \(display(hook))"
        case .dropEmptyConfigSection(let name, let file):
            return "drop the [\(name)] header from \(display(file)) if no entry is left under it"
        }
    }
}
