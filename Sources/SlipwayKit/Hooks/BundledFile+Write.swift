import Foundation
import SlipwayCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
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
        let folder = url.deletingLastPathComponent()
        var template = Array(folder.appendingPathComponent(".\(url.lastPathComponent).slipway-XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure("cannot create a file in \(folder.path): \(String(cString: strerror(errno)))",
                          hint: "check that the folder exists and is writable")
        }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, mode_t(mode)) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure("cannot write \(url.path): \(failure)")
        }
    }
}
