import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwayHistory
import SlipwaySpec

/// `slipway bump`: plans the new versions, shows or writes them.
///
/// Planning and writing are separate steps so `slipway release` can plan, apply, and restore every file byte for
/// byte if a later stage fails.
public struct BumpService {
    public let context: SpecContext
    let writer: AtomicFileWriter

    public init(context: SpecContext) {
        self.context = context
        writer = AtomicFileWriter()
    }

    /// Everything the bump would do, without writing.
    public func plan(_ request: BumpRequest) throws -> BumpPlan {
        let location = try context.locate(request.options)
        let inventory = try VersionInventory.read(location, context: context)
        var marketing: BumpPlanner.Marketing?
        var auto: BumpPlan.AutoLevel?
        switch request.marketing {
        case .none: break
        case .bump(let level): marketing = .bump(level)
        case .set(let value): marketing = .set(value)
        case .auto:
            let chosen = try autoLevel(spec: location.spec)
            auto = chosen
            marketing = .bump(chosen.level)
        }
        return try BumpPlanner(inventory: inventory).plan(marketing: marketing, build: request.build, auto: auto)
    }

    /// Writes every edited file atomically (all or none) and returns what they held before.
    public func apply(_ plan: BumpPlan) throws -> AtomicFileWriter.Backup {
        try writer.write(plan.files.map { AtomicFileWriter.Change(path: $0.url.path, bytes: $0.updated, expected: $0.original) })
    }

    /// Plans, then prints the diff (`dryRun`) or writes and reports.
    public func run(_ request: BumpRequest, dryRun: Bool, json: Bool, console: Console) throws -> ExitStatus {
        let plan = try plan(request)
        if !dryRun, !plan.isEmpty {
            _ = try apply(plan)
        }
        if json {
            console.out(BumpReport.json(plan, dryRun: dryRun).compact() + "\n")
        } else {
            console.out(dryRun ? plan.diff : BumpReport.text(plan))
            if dryRun, plan.isEmpty { console.out(BumpReport.text(plan)) }
        }
        return .success
    }

    /// The level `detect` suggests for the commits since the latest release tag (all history when there is none).
    func autoLevel(spec: URL) throws -> BumpPlan.AutoLevel {
        guard let repository = try context.openRepository() else {
            throw SpecError("'bump auto' reads the commits since the last release, but \(context.displayPath(context.currentDirectory)) is not in a git repository",
                            hint: "run it inside the repository, or name the level: slipway bump patch|minor|major")
        }
        let detect = context.configuration.detect
        let resolution = try CIRangeResolver(repository: repository, releaseTags: detect.releaseTagPattern).resolve(base: nil, head: "HEAD")
        let specPath = SpecPath.relative(spec.path, from: SpecPath.canonical(repository.rootDirectory).path)
        let detector = MajorChangeDetector(
            repository: repository, config: detect,
            specPath: specPath.hasPrefix("/") || specPath.hasPrefix("..") ? context.configuration.spec ?? "project.yml" : specPath,
            projectRoot: context.configuration.projectRoot)
        let verdict = try detector.judge(base: resolution.base, head: resolution.head, baseSource: resolution.source,
                                         baseTag: resolution.tag, notes: resolution.notes)
        guard !verdict.commits.isEmpty else {
            throw SpecError("no commits since \(resolution.tag ?? "the last release"): nothing to release, so 'auto' has no level to choose",
                            hint: "name the level if you mean it: slipway bump patch|minor|major", exitStatus: .negative)
        }
        return BumpPlan.AutoLevel(level: verdict.bump, since: resolution.tag, commitCount: verdict.commits.count)
    }
}
