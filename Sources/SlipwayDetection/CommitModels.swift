import SlipwayCore
import SlipwayGit
import SlipwayProject
import SlipwaySpec

/// The project model of the spec at a commit, as the semantic rules compare it: resolved once per set of spec files
/// (`detect --each` hands the `SpecIncludeCache` resolution's id as the key, so commits whose spec files are the
/// same objects share one model).
final class CommitModels {
    /// A model with its reach, or why there is none at that commit.
    enum Entry {
        case resolved(ProjectModel, AffectedTargets)
        case unresolved(String)
        /// The commit has no spec at the configured path.
        case absent

    }

    let repository: Repository
    let specPath: String
    let projectRoot: String?
    let environment: [String: String]
    private var byKey: [Int: Entry] = [:]
    private var order: [Int] = []
    private var byCommit: [OID: Entry] = [:]
    /// Models kept at once: a long history holds many spec versions, and a model of a large spec is large.
    private static let limit = 8

    init(repository: Repository, specPath: String, projectRoot: String?, environment: [String: String]) {
        self.repository = repository
        self.specPath = specPath
        self.projectRoot = projectRoot
        self.environment = environment
    }

    /// The model at `commit`; `key` names its set of spec files when the caller knows it.
    func entry(at commit: OID, key: Int? = nil) -> Entry {
        if let key, let known = byKey[key] { return known }
        if key == nil, let known = byCommit[commit] { return known }
        let entry = resolve(at: commit)
        if let key {
            byKey[key] = entry
            order.append(key)
            if order.count > Self.limit { byKey.removeValue(forKey: order.removeFirst()) }
        } else {
            if byCommit.count >= Self.limit { byCommit.removeAll() }
            byCommit[commit] = entry
        }
        return entry
    }

    private func resolve(at commit: OID) -> Entry {
        let loader = SpecLoader(repository: repository, commit: commit, environment: environment)
        let location = loader.location(spec: specPath, projectRoot: projectRoot)
        do {
            let spec = try loader.load(location, access: .read, policy: .missingIncludesSkipped)
            let model = try ProjectModel.resolve(spec, environment: environment)
            let root = projectRoot.map(SpecPath.normalize) ?? SpecPathParentOf.folder(of: specPath)
            return .resolved(model, AffectedTargets(model: model, projectRoot: root))
        } catch {
            // Only a spec that is not there at all has no position (`DetectService.reachReport` reads it so too).
            guard let place = error.location else { return .absent }
            return .unresolved("\(place): \(error.message)")
        }
    }
}
