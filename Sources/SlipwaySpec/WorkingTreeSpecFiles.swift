import Foundation
import SlipwayCore

/// Spec files on disk, shown relative to the current folder as a compiler shows the files it was given.
package struct WorkingTreeSpecFiles: SpecFileSource {
    /// The real path of the folder messages are relative to.
    let currentDirectory: String

    package init(currentDirectory: URL) {
        self.currentDirectory = SpecPath.canonical(currentDirectory).path
    }

    package func contents(of path: String) throws(SpecError) -> [UInt8]? {
        guard !SpecPath.isDirectory(URL(fileURLWithPath: path)) else { return nil }
        do {
            return try BoundedFile.read(path)
        } catch {
            throw SpecError("cannot read \(displayPath(of: path)): it is \(error.reason)", hint: error.hint)
        }
    }

    package func isFile(_ path: String) -> Bool {
        SpecPath.isFile(URL(fileURLWithPath: path))
    }

    package func entries(of folder: String) -> [SpecFolderEntry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.map { name in
            var info = stat()
            let isFolder = lstat(SpecPath.join(folder, name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return SpecFolderEntry(name: name, isFolder: isFolder)
        }
    }

    package func identity(of path: String) -> String {
        SpecPath.canonical(URL(fileURLWithPath: path)).path
    }

    package func displayPath(of path: String) -> String {
        DisplayPath.of(identity(of: path), relativeTo: currentDirectory, outside: .climbing)
    }
}
