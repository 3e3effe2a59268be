import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwaySpec
import SlipwayVersioning

extension ReleasePlanner {
    /// The bump a release asks for once the spec and the tags are read: `auto` leaves a version the spec already
    /// holds, newer than the last release and not tagged yet, as it is (it was set for this release); with
    /// `version.buildNumberFrom` the build number is CI's (`--build <n>` or the variable) and the spec's is left
    /// alone. Returns the request, CI's build number and a note for the plan.
    func versionChoice(_ request: BumpRequest, shipped: String?, verdict: Verdict) throws -> (
        request: BumpRequest, ciBuild: String?, note: String?
    ) {
        var request = request
        var note: String?
        if request.marketing == .auto, let unreleased = try unreleasedVersion(shipped, since: verdict.baseTag) {
            request.marketing = nil
            note =
                "the spec holds \(unreleased.version), newer than the last release \(unreleased.tag) and not tagged "
                + "yet: released as it is, not bumped again"
        }
        guard let variable = workspace.configuration.version.buildNumberFrom else { return (request, nil, note) }
        let build: String
        let several = workspace.configuration.apps.count > 1
        let appOption = several ? workspace.configuration.selectedApp.map { " --app \($0.name)" } ?? "" : ""
        switch request.build {
        case .set(let value)?:
            build = value
        case .next(let source)? where request.buildNumbers != nil:
            build = try request.buildNumbers?.nextBuildNumber() ?? source
        default:
            guard let value = workspace.environment[variable], !value.isEmpty else {
                throw Failure(
                    "cannot release: version.buildNumberFrom in \(Configuration.fileName) says CI gives the build "
                        + "number, but neither --build nor $\(variable) gives one",
                    hint: "give it: slipway release\(appOption) --build <n>, or set \(variable) in the environment")
            }
            guard BumpRequest.isBuildNumber(value) else {
                throw Failure(
                    "cannot release: $\(variable) is '\(value)', not a build number (digits, optionally dotted)",
                    hint: "set \(variable) to the build number (118, 2024.11.3), or give it with --build <n>")
            }
            build = value
        }
        request.build = nil
        return (request, build, note)
    }

    /// The marketing version the targets ship (`shipped`, one value) when it is newer than the latest release
    /// tag's and no release tag holds it.
    private func unreleasedVersion(_ shipped: String?, since baseTag: String?) throws -> (
        version: String, tag: String
    )? {
        guard let baseTag, let current = shipped, let number = VersionNumber(current)
        else { return nil }
        let template = workspace.configuration.release.tag
        guard let released = template.values(in: baseTag)?["version"].flatMap(VersionNumber.init),
            VersionNumber.compare(number, released) == .orderedDescending
        else { return nil }
        let pattern = workspace.configuration.detect.releaseTagPattern
        for tag in try repository.tags(matching: pattern) {
            guard let tagged = template.values(in: tag.name)?["version"].flatMap(VersionNumber.init) else { continue }
            if VersionNumber.compare(tagged, number) == .orderedSame { return nil }
        }
        return (current, baseTag)
    }
}
