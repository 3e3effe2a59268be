import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwayProject

/// The rules that judge a change by what it does to the project: build-config (the resolved model before and after
/// a spec change), version-only, shared-code (the targets that compile a file), and release commits.
extension MajorChangeDetector {
    /// The models at both ends of a change, resolved only when a rule asks.
    struct ModelLookup {
        var head: OID
        var base: OID?
        var headModel: () -> CommitModels.Entry
        /// `nil` when there is no base (a root commit, a range from the empty tree).
        var baseModel: () -> CommitModels.Entry?

        init(
            head: OID, base: OID?, headModel: @escaping () -> CommitModels.Entry,
            baseModel: @escaping () -> CommitModels.Entry?
        ) {
            self.head = head
            self.base = base
            self.headModel = headModel
            self.baseModel = baseModel
        }
    }

    /// The models its caller shares (`DetectService`), else ones for this judgement alone.
    func commitModels() -> CommitModels {
        models
            ?? CommitModels(
                repository: repository, specPath: specPath, projectRoot: projectRoot, environment: environment)
    }

    /// Models read for one verdict.
    func lookup(head: OID, base: OID?, in models: CommitModels) -> ModelLookup {
        ModelLookup(
            head: head, base: base, headModel: { models.entry(at: head) },
            baseModel: { base.map { models.entry(at: $0) } })
    }

    // MARK: shared-code

    /// With `sharedCode: reach` and a model at the head: a changed file is shared when two or more shipped targets
    /// hold it (compile it, or link a framework or library that does) and together build for more than one platform, or
    /// when it is compiled into more than one app of `apps:` (plus any `sharedPaths` the configuration names).
    /// Otherwise by folder name.
    func judgeShared(_ paths: [String], models: ModelLookup, into rules: inout RuleResults) {
        let named = config.given.contains("sharedPaths") ? config.sharedPaths : []
        guard config.sharedCode == .reach else {
            judgeSharedByName(paths, globs: config.sharedPaths, why: nil, into: &rules)
            return
        }
        guard !paths.isEmpty else {
            rules.quiet.append((.sharedCode, "no file changed"))
            return
        }
        let resolved: CommitModels.ResolvedModel
        switch models.headModel() {
        case .absent:
            // No spec: the mission's folder rule, as before there was a model.
            judgeSharedByName(paths, globs: config.sharedPaths, why: nil, into: &rules)
            return
        case .unresolved(let why):
            judgeSharedByName(
                paths, globs: config.sharedPaths,
                why: "by folder name: no project model at \(models.head.short): \(why)", into: &rules)
            return
        case .resolved(let found):
            guard !found.model.targets.isEmpty else {
                judgeSharedByName(
                    paths, globs: config.sharedPaths,
                    why: "by folder name: the spec at \(models.head.short) defines no targets", into: &rules)
                return
            }
            resolved = found
        }
        var shared: [String] = []
        var platforms: [String] = []
        var appNames: [String] = []
        var byName: [String] = []
        for path in paths {
            if named.contains(where: { $0.matches(path) }) {
                shared.append(path)
                byName.append(path)
                continue
            }
            guard resolved.mayShare || appScopes.count > 1 else { continue }
            let sharing = resolved.sharing(of: path)
            // Apps of `apps:` on one spec: a file a shipped target compiles and two apps' targets reach.
            let apps =
                appScopes.count > 1 && sharing.holders > 0
                ? appScopes.filter { $0.value.concerns(path) }.map(\.key).sorted() : []
            guard sharing.isShared || apps.count > 1 else { continue }
            shared.append(path)
            if sharing.isShared {
                for platform in sharing.platforms where !platforms.contains(platform) { platforms.append(platform) }
            }
            for app in apps where !appNames.contains(app) { appNames.append(app) }
        }
        guard !shared.isEmpty else {
            let extra = named.isEmpty ? "" : ", nor under \(QuietText.list(named.map(\.pattern)))"
            rules.quiet.append(
                (
                    .sharedCode,
                    "no changed file is compiled into targets of more than one platform, or into more than one app (the project model at "
                        + "\(models.head.short))\(extra)"
                ))
            return
        }
        var how: [String] = []
        if platforms.count > 1 { how.append("compiled for \(platforms.joined(separator: ", "))") }
        if appNames.count > 1 { how.append("in apps \(appNames.joined(separator: ", "))") }
        if !byName.isEmpty { how.append("\(summary(byName)) by name in detect.sharedPaths") }
        var reason = Verdict.Reason(
            rule: .sharedCode,
            message: "shared code changed: \(summary(shared)) (\(how.joined(separator: "; ")))", paths: shared)
        reason.platforms = platforms.count > 1 ? platforms : []
        reason.apps = appNames.count > 1 ? appNames : []
        reason.basis = byName.count == shared.count ? .paths : .model
        rules.reasons.append(reason)
    }

    private func judgeSharedByName(_ paths: [String], globs: [Glob], why: String?, into rules: inout RuleResults) {
        let shared = paths.filter { path in globs.contains { $0.matches(path) } }
        let suffix = why.map { " (\($0))" } ?? ""
        guard !shared.isEmpty else {
            rules.quiet.append((.sharedCode, "nothing changed under \(QuietText.list(globs.map(\.pattern)))\(suffix)"))
            return
        }
        var reason = Verdict.Reason(
            rule: .sharedCode, message: "shared code changed: \(summary(shared))\(suffix)", paths: shared)
        reason.basis = .paths
        rules.reasons.append(reason)
    }

    // MARK: build-config and version-only

    /// What a change to the spec files amounts to.
    enum SpecJudgement {
        /// No model at one end: the path rule decides, for this reason.
        case byPath(String)
        case compared(ProjectModelDiff)
    }

    func judgeSpec(_ models: ModelLookup) -> SpecJudgement {
        guard let base = models.base, let before = models.baseModel() else {
            return .byPath("by path: no parent commit to compare the project model with")
        }
        switch (before, models.headModel()) {
        case (.resolved(let old), .resolved(let new)):
            return .compared(ProjectModelDiff.compare(old.snapshot, new.snapshot))
        case (.unresolved(let why), _):
            return .byPath("by path: no project model at \(base.short): \(why)")
        case (_, .unresolved(let why)):
            return .byPath("by path: no project model at \(models.head.short): \(why)")
        case (.absent, _):
            return .byPath("by path: no spec at \(base.short) to compare with")
        case (_, .absent):
            return .byPath("by path: no spec at \(models.head.short)")
        }
    }

    /// Build files (plists, entitlements, xcconfigs, `Package.resolved`, a committed `project.pbxproj`) fire on any
    /// change; spec files fire when what a shipped target builds changes (`buildConfig: semantic`), a change to the
    /// versions alone being the version-only finding.
    func judgeBuildConfig(
        _ paths: [String], specFiles: Set<String>, models: ModelLookup, into rules: inout RuleResults
    ) {
        guard !paths.isEmpty else {
            rules.quiet.append((.buildConfig, "no build configuration changed"))
            return
        }
        let specPaths = paths.filter(specFiles.contains)
        let others = paths.filter { !specFiles.contains($0) }
        var fired = others
        var parts: [String] = []
        var notCounted: String?
        var basis: Verdict.Basis = .paths
        var targets: [String] = []
        if !others.isEmpty { parts.append(describeBuildFiles(others, models: models)) }
        if !specPaths.isEmpty {
            let files = summary(specPaths)
            switch config.buildConfig == .paths ? .byPath("detect.buildConfig is paths") : judgeSpec(models) {
            case .byPath(let why):
                fired += specPaths
                parts.append("\(files) (\(why))")
            case .compared(let diff):
                basis = .model
                let compared = "compared the project model at \(models.base?.short ?? "") and \(models.head.short)"
                if diff.isVersionOnly {
                    let text = "version-only change to \(files): \(describe(diff.shipped)) (\(compared))"
                    if config.versionOnly == .major {
                        var reason = Verdict.Reason(
                            rule: .versionOnly, message: text + "; counted: detect.versionOnly is major",
                            paths: specPaths)
                        reason.targets = diff.shipped.map(\.name)
                        reason.basis = .model
                        rules.reasons.append(reason)
                    } else {
                        rules.quiet.append((.versionOnly, text + "; not counted: detect.versionOnly is ignore"))
                    }
                    notCounted = "version-only change to \(files) (see version-only)"
                } else if !diff.shipped.isEmpty {
                    fired += specPaths
                    targets = diff.shipped.map(\.name)
                    parts.append("\(files): \(describe(diff.shipped)) (\(compared))")
                } else {
                    notCounted = "\(unshippedExplanation(diff, files: files)) (\(compared); not counted)"
                }
            }
        }
        guard !fired.isEmpty else {
            rules.quiet.append((.buildConfig, notCounted ?? "no build configuration changed"))
            return
        }
        if let notCounted { parts.append(notCounted) }
        var reason = Verdict.Reason(
            rule: .buildConfig, message: "build configuration changed: \(parts.joined(separator: "; "))",
            paths: fired)
        reason.targets = targets
        reason.basis = basis
        rules.reasons.append(reason)
    }

    private func unshippedExplanation(_ diff: ProjectModelDiff, files: String) -> String {
        if diff.sameContent { return "comment, format or key-order change to \(files)" }
        if !diff.unshipped.isEmpty {
            let names = diff.unshipped.map(\.name)
            let shown =
                names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            return "change to \(files) reaches only targets that do not ship: \(shown)"
                + (diff.schemesChanged ? ", and schemes" : "")
        }
        if diff.schemesChanged { return "scheme-only change to \(files)" }
        return "change to \(files) alters nothing a target builds"
    }

    /// `iOS/Info.plist (MyApp)`, `Package.resolved (dependency versions)`: each build file with what it is for.
    private func describeBuildFiles(_ paths: [String], models: ModelLookup) -> String {
        let reach: AffectedTargets?
        if case .resolved(let found) = models.headModel() { reach = found.reach } else { reach = nil }
        let described = paths.prefix(5).map { path -> String in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name == "Package.resolved" { return "\(path.cQuotedIfNeeded) (dependency versions)" }
            if name == "project.pbxproj" { return "\(path.cQuotedIfNeeded) (the committed Xcode project)" }
            let owners =
                reach.map { reach in reach.model.targets.filter { reach.compiles($0, path) }.map(\.name) } ?? []
            return owners.isEmpty ? path.cQuotedIfNeeded : "\(path.cQuotedIfNeeded) (\(owners.joined(separator: ", ")))"
        }
        return described.joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }

    /// `targets MyApp, MyAppWatch: settings SWIFT_VERSION 5.9 → 6.0`: targets with the same changes named together.
    func describe(_ changes: [ProjectModelDiff.TargetChange]) -> String {
        var groups: [(names: [String], text: String)] = []
        for target in changes {
            let text = describe(target.changes)
            if let index = groups.firstIndex(where: { $0.text == text }) {
                groups[index].names.append(target.name)
            } else {
                groups.append(([target.name], text))
            }
        }
        let shown = groups.prefix(3).map { group in
            "target\(group.names.count == 1 ? "" : "s") \(group.names.joined(separator: ", ")): \(group.text)"
        }
        return shown.joined(separator: "; ") + (groups.count > 3 ? "; and \(groups.count - 3) more" : "")
    }

    private func describe(_ changes: [ProjectModelDiff.Change]) -> String {
        var byAspect: [(aspect: ProjectModelDiff.Aspect, texts: [String])] = []
        for change in changes {
            let text: String
            if change.aspect == .definition, change.key == "target" {
                text = change.before == nil ? "added" : "removed"
            } else {
                text = Self.shorten(change.text)
            }
            if let index = byAspect.firstIndex(where: { $0.aspect == change.aspect }) {
                byAspect[index].texts.append(text)
            } else {
                byAspect.append((change.aspect, [text]))
            }
        }
        return byAspect.map { group in
            let shown = group.texts.prefix(3).joined(separator: ", ")
            let more = group.texts.count > 3 ? " and \(group.texts.count - 3) more" : ""
            if group.aspect == .definition, group.texts == ["added"] || group.texts == ["removed"] {
                return group.texts[0]
            }
            return "\(group.aspect.rawValue) \(shown)\(more)"
        }.joined(separator: "; ")
    }

    private static func shorten(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
