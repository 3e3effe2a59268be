import Foundation
import SlipwayCore

extension InstallChange {
    /// What stays changed when undoing a change fails, and the shell command that undoes it by hand from the
    /// repository root, when one can.
    struct Leftover: Equatable {
        var what: String
        var fix: String?
    }

    func leftover(_ display: (URL) -> String) -> Leftover {
        func quoted(_ url: URL) -> String { Shell.quote(display(url)) }
        switch self {
        case .createFolder(let folder, let topmost):
            let folders = InstallChange.folders(from: folder, upTo: topmost)
            return Leftover(
                what: "the folder \(display(topmost)) that it created is still there",
                fix: "rmdir " + folders.map(quoted).joined(separator: " "))
        case .removeFolder(let folder, let mode):
            return Leftover(
                what: "the folder \(display(folder)) is gone",
                fix: "mkdir -m \(String(mode, radix: 8)) \(quoted(folder))")
        case .setConfig(let key, let value, nil):
            return Leftover(
                what: "git config \(key) is still set to \(value)",
                fix: "git config --local --unset \(key)")
        case .setConfig(let key, let value, let previous?):
            return Leftover(
                what: "git config \(key) is \(value); it was \(previous)",
                fix: "git config --local \(key) \(Shell.quote(previous))")
        case .removeConfig(let key, let previous):
            return Leftover(
                what: "git config \(key) is unset; it was \(previous)",
                fix: "git config --local \(key) \(Shell.quote(previous))")
        case .writeFile(let url, _, _, nil):
            return Leftover(what: "\(display(url)), which it wrote, is still there", fix: "rm \(quoted(url))")
        case .writeFile(let url, _, _, let previous?):
            return Leftover(
                what: "\(display(url)) holds Slipway's version: the \(previous.bytes.count) bytes it held before "
                    + "could not be written back", fix: nil)
        case .removeFile(let url, let previous):
            return Leftover(
                what: "\(display(url)) is gone: its \(previous.bytes.count) bytes could not be written back", fix: nil)
        case .keepAside(let hook, let chained):
            return Leftover(
                what: "the earlier hook is still \(display(chained))",
                fix: "mv \(quoted(chained)) \(quoted(hook))")
        case .putBack(let chained, let hook):
            return Leftover(
                what: "the earlier hook is back as \(display(hook))",
                fix: "mv \(quoted(hook)) \(quoted(chained))")
        case .dropEmptyConfigSection(let name, let file):
            return Leftover(what: "the empty [\(name)] header is gone from \(display(file))", fix: nil)
        }
    }

    /// `folder` and each folder above it up to `topmost`, deepest first.
    static func folders(from folder: URL, upTo topmost: URL) -> [URL] {
        let stop = RealPath.folded(topmost.path)
        var folders: [URL] = []
        var current = URL(fileURLWithPath: RealPath.folded(folder.path), isDirectory: true)
        while current.path.hasPrefix(stop) {
            folders.append(current)
            if current.path == stop || current.path == "/" { break }
            current = current.deletingLastPathComponent()
        }
        return folders
    }
}
