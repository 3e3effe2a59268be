import Foundation
import SlipwayCore

extension CIInstaller {
    /// The bundled files with the source of Slipway written in: `--source`/`--ref`, else the one the installed files
    /// already name. Refuses (exit 2, nothing written) when neither exists, since the placeholder is no repository.
    func rendered(
        _ placements: [(file: BundledFile, destination: URL)], request: Request
    ) throws(Failure) -> (placements: [(file: BundledFile, destination: URL)], source: CISource) {
        let source = try source(for: placements, request: request)
        var files: [(file: BundledFile, destination: URL)] = []
        for (file, destination) in placements {
            let contents = try render(file.contents, target: request.target, source: source)
            files.append((BundledFile(path: file.path, executable: file.executable, contents: contents), destination))
        }
        return (files, source)
    }

    private func source(
        for placements: [(file: BundledFile, destination: URL)], request: Request
    ) throws(Failure) -> CISource {
        if let given = request.source {
            try given.validate()
            return given
        }
        // A second install keeps what the first one wrote (the Slipway action the workflow already uses).
        for (file, destination) in placements {
            guard let data = FileManager.default.contents(atPath: destination.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let found =
                request.target == .github
                ? CISource.fromWorkflow(text)
                : file.name == "ci_post_clone.sh" ? CISource.fromPostClone(text) : nil
            if let found, (try? found.validate()) != nil { return found }
        }
        let example =
            request.target == .github
            ? "--source https://github.com/<owner>/slipway.git --ref <full commit sha>"
            : "--source <git url of Slipway> --ref <tag or commit sha>"
        throw Failure(
            "Slipway's CI files name a placeholder source (\(CISource.placeholderURL)), which is no repository; "
                + "nothing was written",
            hint: "say where CI gets Slipway: 'slipway ci install \(request.target.rawValue) \(example)'")
    }

    private func render(_ text: String, target: Target, source: CISource) throws(Failure) -> String {
        switch target {
        case .github:
            guard let repository = source.gitHubRepository else {
                throw Failure(
                    "--source \(source.url) is not a GitHub repository; a workflow runs an action only from one "
                        + "(uses: <owner>/<repo>@<ref>); nothing was written",
                    hint: "push Slipway to a GitHub repository (a fork or mirror) and give its URL")
            }
            let placeholder = CISource.placeholderAction + CISource.actionMarker
            let real = "\(repository)@\(source.ref)" + CISource.actionMarker
            return text.replacingOccurrences(of: placeholder, with: real)
        case .xcodeCloud:
            return
                text
                .replacingOccurrences(
                    of: "SLIPWAY_GIT_URL=${SLIPWAY_GIT_URL:-\(CISource.placeholderURL)}",
                    with: "SLIPWAY_GIT_URL=${SLIPWAY_GIT_URL:-\(source.url)}"
                )
                .replacingOccurrences(
                    of: "SLIPWAY_REF=${SLIPWAY_REF:-\(CISource.placeholderRef)}",
                    with: "SLIPWAY_REF=${SLIPWAY_REF:-\(source.ref)}")
        }
    }
}
