import Foundation
import SlipwayCore

/// The path of the running slipway, as hooks should call it.
public enum SlipwayExecutable {
    /// The absolute path this process was started by. Symbolic links are kept, not resolved: a Homebrew
    /// `bin/slipway` link still works after an upgrade moves the real binary.
    public static func path(environment: [String: String] = ProcessEnvironment.current) -> String {
        let invoked = CommandLine.arguments.first ?? ""
        let currentDirectory = FileManager.default.currentDirectoryPath
        // Folded by name (RealPath.folded): standardizedFileURL resolves links when the path holds `..`.
        if invoked.contains("/") {
            return RealPath.folded(invoked.hasPrefix("/") ? invoked : currentDirectory + "/" + invoked)
        }
        if !invoked.isEmpty {
            for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
                let candidate = RealPath.folded(String(folder) + "/" + invoked)
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return Bundle.main.executablePath ?? invoked
    }
}
