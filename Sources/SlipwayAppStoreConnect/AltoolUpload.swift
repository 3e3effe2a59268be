import Foundation
import SlipwayCore

/// The upload on a Mac, as fastlane makes it today: `xcrun altool --upload-app` with the API key.
///
/// altool reads the key from `$API_PRIVATE_KEYS_DIR/AuthKey_<id>.p8`, never from argv, so the key is written to
/// a private temporary folder (0700, the file 0600) that is removed when the upload ends, however it ends.
public struct AltoolUpload: Sendable {
    public var arguments: [String]
    /// The variables added to the child's environment (only `API_PRIVATE_KEYS_DIR`).
    public var environment: [String: String]

    /// The command line for `artifact`, as data: no key text in it, only the key's id and issuer.
    public static func plan(_ artifact: UploadArtifact, key: APIKey, keysFolder: String) -> AltoolUpload {
        var arguments = [
            "xcrun", "altool", "--upload-app", "-f", artifact.path, "-t", artifact.platform.altoolType,
            "--apiKey", key.id,
        ]
        if let issuer = key.issuer { arguments += ["--apiIssuer", issuer] }
        return AltoolUpload(arguments: arguments, environment: ["API_PRIVATE_KEYS_DIR": keysFolder])
    }

    /// Whether altool is here: on macOS, when `xcrun --find altool` finds it.
    public static func isAvailable(runner: any ProcessRunning, environment: [String: String]) -> Bool {
        #if os(macOS)
        let request = ProcessRequest(arguments: ["xcrun", "--find", "altool"], environment: environment, timeout: 30)
        return (try? runner.run(request, observer: nil).termination) == .exited(0)
        #else
        return false
        #endif
    }

    /// Writes the key where altool looks, runs the upload, removes the key; a failure names the command and the
    /// tail of altool's output.
    public static func run(
        _ artifact: UploadArtifact, key: APIKey, runner: any ProcessRunning, environment: [String: String]
    ) throws {
        let folder = try PrivateKeyFolder(key: key)
        defer { folder.remove() }
        let upload = plan(artifact, key: key, keysFolder: folder.path)
        var childEnvironment = environment
        for (name, value) in upload.environment { childEnvironment[name] = value }
        let request = ProcessRequest(arguments: upload.arguments, environment: childEnvironment, timeout: 4 * 3600)
        let outcome = try runner.run(request, observer: nil)
        guard outcome.termination == .exited(0) else {
            throw ProcessFailure(
                arguments: upload.arguments, outcome: outcome,
                hint: "altool's message above says why; ITMS-90189 means the build number is taken: "
                    + "slipway bump --build testflight")
        }
    }
}

/// A temporary folder only this user can read, holding `AuthKey_<id>.p8`.
struct PrivateKeyFolder {
    let path: String

    init(key: APIKey) throws {
        var template = Array((NSTemporaryDirectory() + "slipway-asc-key.XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap(mkdtemp) })
        else {
            throw Failure("cannot create a private folder for the API key: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
        let file = path + "/AuthKey_\(key.id).p8"
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(path)
            throw Failure("cannot write the API key for altool in \(path): \(reason)")
        }
        let failed = Console.writeAll(Array(key.pem.utf8), to: descriptor) != nil
        close(descriptor)
        if failed {
            remove()
            throw Failure("cannot write the API key for altool in \(path)")
        }
    }

    func remove() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { unlink(path + "/" + name) }
        }
        rmdir(path)
    }
}
