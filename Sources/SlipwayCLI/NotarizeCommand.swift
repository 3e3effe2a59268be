import Foundation
import SlipwayAppStoreConnect
import SlipwayCore

/// `slipway notarize <file>`: the derived Developer ID stages' notarization step, runnable on its own.
enum NotarizeCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["notarize"],
        abstract: "Notarize a Developer ID zip, dmg or pkg with notarytool and the App Store Connect API key.",
        discussion: """
            On a Mac with Xcode: xcrun notarytool submit <file> --key <p8> --key-id <id> --issuer <issuer> --wait
            --output-format json, the key written to a private temporary file that is removed afterwards. Prints
            the submission's id and status; anything but Accepted fetches notarytool log and fails with its
            issues. Staple with xcrun stapler staple afterwards (the derived notarize stage does).
            """)

    struct Options: CommandOptions {
        var file = ""
        var result: String?

        static var declarations: [Declaration<Self>] {
            [
                .argument(\.file, "file", help: "The zip, dmg or pkg to submit.", completion: .file),
                .option(
                    \.result, "result", "<path>",
                    help: "Write the submission's id and status there as JSON (for the release manifest).",
                    completion: .file),
            ]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        let workspace = try context.workspace(needs: .anyFolder)
        let environment = workspace.appStoreConnectEnvironment
        let key = try APIKey.fromEnvironment(environment)
        let submission = try Notarization.run(
            file: options.file, key: key, runner: ProcessRunner(), environment: environment
        ) { submission in
            guard let result = options.result else { return }
            let bytes = Array((submission.json(file: options.file).pretty() + "\n").utf8)
            let folder = (result as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileSystem.createFolder(folder) }
            try AtomicFileWriter.replace(result, with: bytes)
        }
        context.console.out("\(options.file): notarization \(submission.status) (submission \(submission.id))\n")
        return .success
    }
}
