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
        case resolved(ResolvedModel)
        case unresolved(String)
        /// The commit has no spec at the configured path.
        case absent
    }

    /// A model and what the shared-code rule asks of it, worked out once for all the commits that share it.
    final class ResolvedModel {
        let model: ProjectModel
        let reach: AffectedTargets
        /// The spec and its includes, repository-relative.
        var specFiles: [String] = []
        /// The targets that ship, in the model's order.
        let shipped: [ProjectTarget]
        /// The frameworks and libraries each shipped target links, directly or through other ones, by name: their
        /// code runs in the target. An app or extension it embeds (a watch app in its iOS app) keeps its code.
        let closures: [String: Set<String>]
        /// Whether any file can be shared across platforms: the shipped targets span two platforms.
        let mayShare: Bool
        /// What a comparison with the model before or after reads, made on first use.
        private(set) lazy var snapshot = ProjectModelDiff.Snapshot(model, shippedNames: shippedNames)
        private let shippedNames: Set<String>
        /// What each path asked about compiles into, by path: histories change the same files again and again, and
        /// models that differ only in what no path's answer depends on (versions, settings) share it.
        private let memo: SharingMemo

        /// The shipped targets that hold a path: those that compile it, and those that link a framework or library
        /// that does.
        struct Sharing {
            /// Their platforms, in the model's order.
            var platforms: [String]
            /// How many they are.
            var holders: Int

            /// Code of one target is that target's own, however many platforms it builds for (one target with
            /// `supportedDestinations`, flavours of one app on one platform); code two targets hold that together
            /// build for two platforms is shared.
            var isShared: Bool { holders > 1 && platforms.count > 1 }
        }

        init(model: ProjectModel, reach: AffectedTargets, memos: SharingMemos) {
            self.model = model
            self.reach = reach
            let names = model.shippedTargetNames
            shippedNames = names
            shipped = model.targets.filter { names.contains($0.name) }
            memo = memos.memo(for: Self.reachKey(shipped, model: model))
            var closures: [String: Set<String>] = [:]
            for target in shipped { closures[target.name] = Self.linked(target, in: model) }
            self.closures = closures
            mayShare = Set(shipped.flatMap(\.platforms)).count > 1
        }

        static func linked(_ target: ProjectTarget, in model: ProjectModel) -> Set<String> {
            var found: Set<String> = []
            var pending = [target]
            while let next = pending.popLast() {
                for dependency in next.dependencies where dependency.kind == .target {
                    guard let library = model.target(named: dependency.name.value),
                        library.typeName.hasPrefix("framework") || library.typeName.hasPrefix("library"),
                        found.insert(library.name).inserted
                    else { continue }
                    pending.append(library)
                }
            }
            return found
        }

        func sharing(of path: String) -> Sharing {
            if let known = memo.answers[path] { return known }
            let compilers = Set(shipped.filter { reach.compiles($0, path) }.map(\.name))
            let holders = shipped.filter { target in
                compilers.contains(target.name) || !(closures[target.name] ?? []).isDisjoint(with: compilers)
            }
            var platforms: [String] = []
            for platform in holders.flatMap(\.platforms) where !platforms.contains(platform) {
                platforms.append(platform)
            }
            let found = Sharing(platforms: platforms, holders: holders.count)
            // A commit touching thousands of files (a reformat, a root commit) would keep them all.
            if memo.answers.count >= Self.pathLimit { memo.answers.removeAll(keepingCapacity: true) }
            memo.answers[path] = found
            return found
        }

        private static let pathLimit = 4096

        /// Everything `sharing(of:)` reads of the model: the shipped targets' platforms, sources, dependencies and
        /// local packages.
        static func reachKey(_ shipped: [ProjectTarget], model: ProjectModel) -> String {
            var key = ""
            for target in shipped {
                key += target.name + "|" + target.platforms.joined(separator: ",") + "|"
                for source in target.sources {
                    key +=
                        source.path.value + ";" + source.excludes.map(\.value).joined(separator: ",") + ";"
                        + source.includes.map(\.value).joined(separator: ",") + ";" + (source.type ?? "") + "|"
                }
                for dependency in target.dependencies {
                    key += dependency.kind.rawValue + ":" + dependency.name.value + "|"
                }
                key += "\n"
            }
            for package in model.packages { key += package.name + "=" + (package.path?.value ?? "") + "\n" }
            for target in model.targets
            where target.info != nil || target.entitlements != nil || !target.configFiles.isEmpty {
                key +=
                    target.name + ":" + (target.info?.path?.value ?? "") + ":"
                    + (target.entitlements?.path?.value ?? "")
                    + ":" + target.configFiles.values.map(\.value).sorted().joined(separator: ",") + "\n"
            }
            return key
        }
    }

    /// Shared answers by reach key.
    final class SharingMemo {
        var answers: [String: ResolvedModel.Sharing] = [:]
    }

    final class SharingMemos {
        private var memos: [String: SharingMemo] = [:]

        func memo(for key: String) -> SharingMemo {
            if let known = memos[key] { return known }
            // Each shape of the project keeps its own answers; a history has few.
            if memos.count >= 16 { memos.removeAll() }
            let memo = SharingMemo()
            memos[key] = memo
            return memo
        }
    }

    private let memos = SharingMemos()
    /// Spec files as read for the models before: a new version of the spec reads again only the files it changed.
    private let values = SpecValueCache()

    let repository: Repository
    let specPath: String
    let projectRoot: String?
    let environment: [String: String]
    private var byKey: [Int: Entry] = [:]
    private var order: [Int] = []
    private var byCommit: [OID: Entry] = [:]
    /// Models kept at once: a long history holds many spec versions, and a model of a large spec is large.
    private static let limit = 32

    /// Spec files read and parsed once for both questions asked of a commit: its spec files (`specFiles(at:)`, the
    /// build-config rule's paths) and its model.
    private lazy var files = SpecIncludeCache(
        repository: repository, spec: specPath, projectRoot: projectRoot, environment: environment,
        parsedFiles: parsedFiles)
    /// The working tree's parsed spec files (`Workspace.parsedSpecFiles`): HEAD mostly holds the same bytes.
    private let parsedFiles: ParsedSpecFiles?

    init(
        repository: Repository, specPath: String, projectRoot: String?, environment: [String: String],
        parsedFiles: ParsedSpecFiles? = nil
    ) {
        self.parsedFiles = parsedFiles
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

    /// The spec path and the paths it includes (recursively) in a commit's tree.
    func specFiles(at commit: OID) -> Set<String> {
        guard let tree = try? repository.treeID(of: commit) else { return [specPath] }
        return files.resolve(commit: commit, tree: tree).specFiles
    }

    private func resolve(at commit: OID) -> Entry {
        do throws(SpecError) {
            let tree: OID
            do throws(GitError) { tree = try repository.treeID(of: commit) } catch {
                throw SpecError(error.oneLine)
            }
            let spec = try files.load(commit: commit, tree: tree)
            let model = try ProjectModel.resolve(spec, environment: environment, values: values, warnings: false)
            let root = projectRoot.map(SpecPath.normalize) ?? SpecPathParentOf.folder(of: specPath)
            let resolved = ResolvedModel(
                model: model, reach: AffectedTargets(model: model, projectRoot: root), memos: memos)
            resolved.specFiles = spec.documents.map(\.rootRelativePath)
            return .resolved(resolved)
        } catch {
            // Only a spec that is not there at all has no position (`DetectService.reachReport` reads it so too).
            guard let place = error.location else { return .absent }
            return .unresolved("\(place): \(error.message)")
        }
    }
}
