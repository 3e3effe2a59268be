import Foundation
import SlipwayConfig
import SlipwayCore

/// What a stage needs on disk before its programs run: its planned files (`ExportOptions.plist`), and its secrets
/// as private files whose paths replace their placeholders in the argv. `remove()` deletes the secrets' folder.
struct StageInputs {
    /// Placeholder → the path the programs get.
    var substitutions: [String: String] = [:]
    /// The private folder holding secrets written from text, removed after the stage.
    var privateFolder: PrivateFolder?

    /// Writes the files (atomically, relative to `root`) and the secrets; a missing secret fails the stage here,
    /// with the variables to set and never a value.
    static func prepare(_ stage: Stage, root: URL, environment: [String: String]) throws(Failure) -> StageInputs {
        var inputs = StageInputs()
        for file in stage.files {
            let url = root.appendingPathComponent(file.path)
            do {
                try FileSystem.createFolder(url.deletingLastPathComponent().path)
                try AtomicFileWriter.replace(url.path, with: Array(file.contents.utf8))
            } catch {
                throw Failure("cannot write \(file.path.cQuotedIfNeeded): \(FileSystem.oneLine(error))")
            }
        }
        for secret in stage.secretFiles {
            if let path = AppStoreConnectKey.first(secret.pathVariables, in: environment) {
                inputs.substitutions[secret.placeholder] = path
                continue
            }
            // The text as set (a PEM file's last line break kept), from the variable the shared lookup chose.
            let chosen = AppStoreConnectVariables.first(secret.textVariables, in: environment)
            guard let text = chosen.flatMap({ environment[$0.name] }) else {
                inputs.remove()
                throw Failure(
                    "the stage '\(stage.name)' needs the App Store Connect API key, and the environment has none",
                    hint: "set \(secret.pathVariables[0]) to the .p8 file, or \(secret.textVariables[0]) to its text")
            }
            do {
                let folder = try inputs.privateFolder ?? PrivateFolder(prefix: "slipway-key")
                inputs.privateFolder = folder
                let name = safeName(secret.fileName)
                try folder.write(name, Data(AppStoreConnectVariables.pem(text).utf8))
                inputs.substitutions[secret.placeholder] = folder.path + "/" + name
            } catch {
                inputs.remove()
                throw Failure("cannot write the App Store Connect key to a private file: \(FileSystem.oneLine(error))")
            }
        }
        return inputs
    }

    /// The argv with every placeholder replaced (an element equal to one, never part of one).
    func arguments(_ arguments: [String]) -> [String] {
        arguments.map { substitutions[$0] ?? $0 }
    }

    func remove() {
        privateFolder?.remove()
    }

    /// A key id is not ours to trust as a file name: anything but letters, digits, `_`, `.` and `-` is dropped.
    static func safeName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_.-".unicodeScalars.contains($0)
        }
        let text = String(String.UnicodeScalarView(kept))
        return text.isEmpty || text.hasPrefix(".") ? "AuthKey.p8" : text
    }
}
