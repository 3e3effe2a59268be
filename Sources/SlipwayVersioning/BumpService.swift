import Foundation
import SlipwayCore
import SlipwayDetection
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// `slipway bump`: plans the new versions, shows or writes them.
///
/// Planning and writing are separate steps: the plan is a value (`--dry-run` prints its diff), and `BumpPlan.write`
/// writes exactly its bytes, as a release's first step does too.
public struct BumpService {
    public let workspace: Workspace
    let writer: AtomicFileWriter
    /// The day a calendar version (`version.scheme: calver`) takes its year and month from, in `calendar`.
    public var today = Date()
    public var calendar = Calendar(identifier: .gregorian)

    public init(workspace: Workspace) {
        self.workspace = workspace
        writer = AtomicFileWriter()
    }

    /// Everything the bump would do, without writing; `auto` is the verdict `bump auto` chooses from when the
    /// caller already judged the commits since the previous release.
    /// `command` is the one a hint names (`release` when a release plans the bump).
    public func plan(_ request: BumpRequest, auto verdict: Verdict? = nil, command: String = "bump") throws -> BumpPlan
    {
        let location = try workspace.locate(request.options)
        let inventory = try workspace.versions(at: location, access: .edit)
        var marketing: BumpPlanner.Marketing?
        var auto: BumpPlan.AutoLevel?
        switch request.marketing {
        case .none: break
        case .bump(let level): marketing = .bump(level)
        case .set(let value): marketing = .set(value)
        case .auto:
            let chosen = try BumpService.autoLevel(
                try verdict ?? verdictSincePreviousRelease(spec: location.spec), command: command)
            auto = chosen
            marketing = .bump(chosen.level)
        }
        if case .bump = marketing, workspace.configuration.version.scheme == .calver {
            marketing = .set(try calendarVersion(inventory))
        }
        // A release regenerates a committed project in its `generate` stage (ReleasePlanner.generatedProject).
        let places = try VersionPlaces.read(
            inventory, location: location, workspace: workspace, committedProject: command != "release")
        if case .bump = marketing {
            try BumpService.requireMarketingVersions(inventory, places)
        } else if marketing == nil, command == "release" {
            // The version a release ships as it is must be one App Store Connect takes, too.
            try BumpService.requireMarketingVersions(inventory, places)
        }
        var build = request.build
        if case .next = build, let source = request.buildNumbers {
            build = .set(try source.nextBuildNumber())
        }
        var notes: [String] = []
        if let variable = workspace.configuration.version.buildNumberFrom, build == .incrementIfDefined {
            // CI owns the build number: a level moves the marketing version only.
            build = nil
            notes.append("the build number comes from CI ($\(variable), version.buildNumberFrom): left alone")
        }
        if let app = workspace.configuration.selectedApp, workspace.configuration.apps.count > 1 {
            // A definition another app uses too (the same spec's project settings, a file both specs include).
            let sharing = try AppsSharing.read(workspace, editing: [app.name])
            // With `version.sharedByApps` the apps' shared marketing version is one version: bumping it is the point.
            if marketing != nil, !workspace.configuration.version.sharedByApps {
                try sharing.check(.marketing, values: [app.name: ""], command: command)
            } else if marketing != nil {
                try sharing.checkUnowned(.marketing)
            }
            if build != nil { try sharing.check(.build, values: [app.name: ""], command: command) }
        }
        var planner = BumpPlanner(inventory: inventory)
        planner.places = places
        planner.refusesSeparateApps = command == "release"
        var plan = try planner.plan(marketing: marketing, build: build, auto: auto)
        plan.notes += notes
        return plan
    }

    /// The calendar version a marketing bump gives under `version.scheme: calver`, from the spec's one value.
    private func calendarVersion(_ inventory: VersionInventory) throws(SpecError) -> String {
        let current = try inventory.requireLiteral(.marketing)
        try inventory.requireAgreement(.marketing, override: "slipway bump --set <version>")
        return VersionNumber.nextCalendar(after: VersionNumber(current.value), on: today, in: calendar)
    }

    /// Refuses marketing versions App Store Connect would refuse (`1.2.3.4`, `2.0 beta`), at their place, with a
    /// value it takes: in the spec, and in every xcconfig, Info.plist or committed project line a target ships.
    static func requireMarketingVersions(_ inventory: VersionInventory, _ places: VersionPlaces) throws(SpecError) {
        try requireMarketingVersions(inventory)
        for index in places.places.indices where places.shipsLiteral(index, .marketing) {
            let place = places.places[index]
            guard let problem = VersionNumber.marketingProblem(place.value) else { continue }
            let near = VersionNumber.nearestMarketing(place.value) ?? "1.0.0"
            throw SpecError(
                "\(place.setting) '\(place.value)' is not a marketing version App Store Connect accepts: \(problem)",
                location: place.location, sourceLine: places.sourceLine(of: index),
                hint: "write one to three integers separated by periods there, for example \(near)")
        }
    }

    static func requireMarketingVersions(_ inventory: VersionInventory) throws(SpecError) {
        for definition in inventory.literals(.marketing) {
            guard let problem = VersionNumber.marketingProblem(definition.value) else { continue }
            let near = VersionNumber.nearestMarketing(definition.value) ?? "1.0.0"
            throw SpecError(
                "\(definition.setting) '\(definition.value)' is not a marketing version App Store Connect accepts: "
                    + problem,
                at: definition.node, in: inventory.document(of: definition).file,
                hint: "write one to three integers separated by periods there, for example \(near)")
        }
    }

    /// Runs `body` (plan, then write) holding the repository's writer lock, which a dry run or a bare repository
    /// does without.
    func holdingWriterLock<Result>(
        unless dryRun: Bool, commandLine: String, waitForLock: Bool, console: Console,
        _ body: () throws -> Result
    ) throws -> Result {
        var lock: WriterLock?
        if !dryRun, let repository = workspace.repository, !repository.isBare {
            lock = try WriterLock.take(repository, command: commandLine, wait: waitForLock, console: console)
        }
        defer { lock?.release() }
        return try body()
    }

    /// Writes every edited file atomically (all or none) and returns what they held before.
    public func apply(_ plan: BumpPlan) throws -> AtomicFileWriter.Backup {
        try BumpPlan.write(plan.files, with: writer)
    }

    /// Plans, then prints the diff (`dryRun`) or writes and reports. A write holds the repository's lock from before
    /// planning until the files are written, so concurrent writers never lose an update: a second one is refused
    /// naming the first, or with `waitForLock` waits and then plans from what the first wrote.
    public func run(
        _ request: BumpRequest, dryRun: Bool, json: Bool, commandLine: String = "slipway bump",
        waitForLock: Bool = false, console: Console
    ) throws -> ExitStatus {
        let plan = try holdingWriterLock(
            unless: dryRun, commandLine: commandLine, waitForLock: waitForLock, console: console
        ) { () throws -> BumpPlan in
            let plan = try self.plan(request)
            if !dryRun, !plan.isEmpty { _ = try apply(plan) }
            return plan
        }
        if json {
            console.out(BumpReport.json(plan, dryRun: dryRun).compact() + "\n")
        } else {
            if dryRun { console.out(plan.diff) } else { console.out(BumpReport.text(plan)) }
            if dryRun, plan.isEmpty { console.out(BumpReport.text(plan)) }
        }
        return .success
    }

    /// The verdict `bump auto` chooses its level from: the commits since the previous release (all history when
    /// there is none), judged as `slipway detect` judges them. `slipway release` asks for it once and passes it to
    /// `plan(_:auto:)` and the manifest.
    public func verdictSincePreviousRelease(spec: URL) throws -> Verdict {
        guard let repository = workspace.repository else {
            let folder = workspace.displayPath(workspace.currentDirectory)
            throw SpecError(
                "'bump auto' reads the commits since the last release, but \(folder) is not in a git repository",
                hint: "run it inside the repository, or name the level: slipway bump patch|minor|major")
        }
        let locator = SpecLocator(root: workspace.root, configuration: workspace.configuration)
        // A spec outside the repository (`--spec ../x.yml`) is no path a commit changes: judge the repository's own.
        let specPath = locator.relativePath(of: spec) ?? workspace.specPath
        let detector = MajorChangeDetector(
            repository: repository, config: workspace.configuration.detect, specPath: specPath,
            projectRoot: workspace.configuration.projectRoot, environment: workspace.environment)
        return try detector.judgeSincePreviousRelease(head: try repository.resolveCommit("HEAD"))
    }

    /// The level a verdict suggests; no commits since the last release leave `auto` nothing to choose.
    static func autoLevel(_ verdict: Verdict, command: String = "bump") throws(SpecError) -> BumpPlan.AutoLevel {
        guard !verdict.commits.isEmpty else {
            throw SpecError(
                "no commits since \(verdict.baseTag ?? "the last release"): nothing to release, so 'auto' has no level "
                    + "to choose",
                hint: "name the level if you mean it: slipway \(command) patch|minor|major", exitStatus: .negative)
        }
        return BumpPlan.AutoLevel(level: verdict.bump, since: verdict.baseTag, commitCount: verdict.commits.count)
    }
}
