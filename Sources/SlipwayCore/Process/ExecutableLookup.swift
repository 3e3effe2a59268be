import Foundation

/// Finds the program of an argv array the way a shell does, in the `PATH` the child will get.
///
/// `posix_spawnp` would search the parent's `PATH`; a stage's `env` may set its own.
enum ExecutableLookup {
    static func resolve(_ program: String, environment: [String: String], arguments: [String])
        throws(ProcessLaunchError) -> String
    {
        if program.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw ProcessLaunchError(
                    arguments: arguments, reason: "\(program) is not an executable file", notFound: true)
            }
            return program
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let directory = folder.isEmpty ? "." : String(folder)
            let candidate = directory + "/" + program
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        throw ProcessLaunchError(
            arguments: arguments, reason: "command not found: \(program)", notFound: true,
            hint: "install \(program) or add its folder to PATH")
    }
}
