import Foundation

/// A temporary folder only this user can read (0700), for files that hold secrets; removed with `remove()`.
public struct PrivateFolder: Sendable {
    public let path: String

    public init(prefix: String) throws {
        var template = Array((NSTemporaryDirectory() + "\(prefix).XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap(mkdtemp) })
        else {
            throw Failure("cannot create a private temporary folder: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    /// Writes `name` with mode 0600, created fresh (never through an existing file or link).
    public func write(_ name: String, _ data: Data) throws {
        // Names come from outside (a key id from the environment): one that leads out of the folder is refused.
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw Failure(
                "cannot write \(name.cQuotedIfNeeded) into a private folder: it is not a plain file name",
                hint: "check the App Store Connect key id: letters and digits, as App Store Connect shows it")
        }
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw Failure("cannot write \(file): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        if Console.writeAll(Array(data), to: descriptor) != nil {
            throw Failure("cannot write \(file): \(String(cString: strerror(errno)))")
        }
    }

    public func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(path + "/" + name) }
        }
        rmdir(path)
    }
}
