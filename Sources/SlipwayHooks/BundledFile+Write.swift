import Foundation
import SlipwayCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BundledFile {
    /// Whether `url` already holds exactly this file: the same bytes, and executable exactly when this one is.
    func isInstalled(at url: URL) -> Bool {
        guard let status = FileStatus(url), !status.isSymbolicLink, !status.isDirectory,
            let data = FileManager.default.contents(atPath: url.path)
        else { return false }
        return Array(data) == bytes && status.isExecutable == executable
    }

    /// Writes the file atomically: a temporary file in the same folder with the final mode, renamed over `url`.
    /// A reader (git running the hook) sees the old file or the new one, never half of one.
    func write(to url: URL) throws {
        try BundledFile.writeAtomically(bytes, mode: mode, to: url)
    }

    static func writeAtomically(_ bytes: [UInt8], mode: Int, to url: URL) throws {
        try AtomicFileWriter.replace(url.path, with: bytes, mode: mode_t(mode), followingLinks: false)
    }
}
