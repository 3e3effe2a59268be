import Foundation
import SlipwayCore

/// The path of the running slipway, as hooks should call it.
public enum SlipwayExecutable {
    /// The absolute path this process was started by. Symbolic links are kept, not resolved: a Homebrew
    /// `bin/slipway` link still works after an upgrade moves the real binary.
    public static func path(environment: [String: String] = ProcessEnvironment.current) -> String {
        let invoked = CommandLine.arguments.first ?? ""
        let currentDirectory = FileManager.default.currentDirectoryPath
        if invoked.contains("/") {
            let url =
                invoked.hasPrefix("/")
                ? URL(fileURLWithPath: invoked)
                : URL(fileURLWithPath: invoked, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            return url.absoluteURL.standardizedFileURL.path
        }
        if !invoked.isEmpty {
            for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
                let candidate = URL(fileURLWithPath: String(folder), isDirectory: true).appendingPathComponent(invoked)
                if FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate.standardizedFileURL.path
                }
            }
        }
        return Bundle.main.executablePath ?? invoked
    }
}
