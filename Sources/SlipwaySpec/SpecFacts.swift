import Foundation
import SlipwayConfig
import SlipwayGit
import SlipwayYAML

/// The project name and version numbers a spec states at a commit, for the manifest.
///
/// The spec is read by the one spec reader (`SpecLoader`), includes followed in the commit's own tree, and versions
/// are found by the same `VersionLocator` the bump edits with; references such as `$(MARKETING_VERSION)` or
/// `${APP_VERSION}` are not versions. When definitions disagree, the most used value is reported.
package struct SpecFacts: Sendable, Equatable {
    package var name: String?
    package var marketing: String?
    package var build: String?

    /// What the spec at `spec` (repository-relative) says in `commit`; `nil` when the commit has no spec there.
    package static func read(
        spec: String, projectRoot: String?, environment: [String: String], in repository: Repository, at commit: OID,
        configuration: Configuration? = nil
    ) -> SpecFacts? {
        let loader = SpecLoader(repository: repository, commit: commit, environment: environment)
        let loaded: LoadedSpec
        do {
            loaded = try loader.load(
                loader.location(spec: spec, projectRoot: projectRoot), access: .read, policy: .bestEffort)
        } catch {
            // A spec that does not parse at that commit leaves the facts unknown; no spec there means no facts.
            return loader.source.isFile(loader.location(spec: spec, projectRoot: nil).spec.path) ? SpecFacts() : nil
        }
        var facts = SpecFacts()
        if let root = loaded.root.file.root, let name = root["name"], name.kind == .scalar, !name.isNull {
            facts.name = name.scalar
        }
        do {
            // The selected app's versions, read as `slipway version --app` reads them.
            let scope = try configuration.flatMap { (configuration) throws(SpecError) in
                try AppScope.of(configuration, targets: SpecTargets(spec: loaded), spec: spec)
            }
            let inventory = try VersionInventory(spec: loaded, app: scope)
            facts.marketing = inventory.values(.marketing).first?.value
            facts.build = inventory.values(.build).first?.value
        } catch {
            // Definitions the bump would refuse (a mapping where a version belongs) are not worth failing a record for.
        }
        return facts
    }
}
