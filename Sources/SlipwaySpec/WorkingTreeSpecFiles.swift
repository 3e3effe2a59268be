import Foundation
import SlipwayCore

/// Spec files on disk, shown relative to the current folder as a compiler shows the files it was given.
package struct WorkingTreeSpecFiles: SpecFileSource {
    /// The real path of the folder messages are relative to.
    let currentDirectory: String

    package init(currentDirectory: URL) {
        self.currentDirectory = SpecPath.canonical(currentDirectory).filePath
    }

    package func contents(of path: String) throws(SpecError) -> [UInt8]? {
        guard isFile(path) else { return nil }
        guard let bytes = Self.bytes(at: path) else {
            throw SpecError("cannot read \(displayPath(of: path))", hint: "check that the file exists and is readable")
        }
        return bytes
    }

    /// The file's bytes read straight into an array, its size asked first (`FileManager.contents` reads them into
    /// `Data`, which a large spec is then copied out of); `nil` when the file cannot be opened or read.
    static func bytes(at path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = max(Int(info.st_size), 0)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    failed = got < 0
                    break
                }
                count += got
            }
        }
        // Until the end: the file may have grown since `fstat`.
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !failed {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                failed = got < 0
                break
            }
            bytes += chunk[0..<got]
        }
        return failed ? nil : bytes
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
        SpecPath.canonical(URL(fileURLWithPath: path)).filePath
    }

    package func displayPath(of path: String) -> String {
        SpecPath.relative(identity(of: path), from: currentDirectory)
    }
}
