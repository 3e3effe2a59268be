import Foundation
import SlipwayCore
import SlipwayYAML

/// Spec files on disk, shown relative to the current folder as a compiler shows the files it was given.
package struct WorkingTreeSpecFiles: SpecFileSource {
    /// The real path of the folder messages are relative to.
    let currentDirectory: String
    /// Files parsed before, shared by the readers of one command.
    let parsedFiles: ParsedSpecFiles?

    package init(currentDirectory: URL, parsedFiles: ParsedSpecFiles? = nil) {
        self.currentDirectory = SpecPath.canonical(currentDirectory).path
        self.parsedFiles = parsedFiles
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

    package func parsed(_ path: String, bytes: [UInt8], parse: ([UInt8]) throws(SpecError) -> YAMLFile)
        throws(SpecError) -> YAMLFile
    {
        guard let parsedFiles else { return try parse(bytes) }
        return try parsedFiles.file(shownAs: displayPath(of: path), bytes: bytes, parse: parse)
    }
}

/// The spec files one command has parsed, by the name messages give them, each with its bytes: `run` and `release`
/// read the working tree's spec for the stages' model, again for the versions they pass the stages, and HEAD's for
/// the verdict, and a 10 MB spec takes about as long to parse as to resolve. A file is parsed again when its bytes
/// or its name are not those of the last parse (a bump rewrites it; run from a subfolder, the working tree's files
/// and a commit's are named differently). Files outside the repository are never parsed, so every file here may be
/// quoted in messages. One thread's: the commits `detect --each` reads on another have their own cache.
package final class ParsedSpecFiles {
    private var files: [String: YAMLFile] = [:]

    package init() {}

    func file(shownAs name: String, bytes: [UInt8], parse: ([UInt8]) throws(SpecError) -> YAMLFile)
        throws(SpecError) -> YAMLFile
    {
        if let file = files[name], file.bytes == bytes { return file }
        let file = try parse(bytes)
        files[name] = file
        return file
    }
}
