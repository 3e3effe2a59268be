import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// Several apps bumped at once: each app's own plan, and the one set of file edits they make together.
public struct AppsBumpPlan {
    public struct App {
        public var name: String
        public var plan: BumpPlan
    }

    public var apps: [App]
    /// Every edit once (a definition the apps share is written once), the files and their diff.
    public var merged: BumpPlan
}

extension BumpService {
    /// `bump --set holder=5.2.0 --set verifier=5.2.0`: every named app's definitions take its value; a definition
    /// several apps share is written once when each of them is given the same value, and refused otherwise.
    public func plan(_ request: AppsBumpRequest) throws -> AppsBumpPlan {
        let configuration = workspace.configuration
        guard configuration.apps.count > 1 else {
            throw Failure(
                "--set and --build <app>=<value> set several apps at once, but \(Configuration.fileName) lists "
                    + (configuration.apps.isEmpty ? "no apps" : "one app"),
                hint: "give the value alone: slipway bump --set <version> or --build <n>")
        }
        for name in request.appNames { _ = try configuration.selecting(app: name) }
        let sharing = try AppsSharing.read(workspace, editing: request.appNames)
        var values: [String: String] = [:]
        for value in request.marketing { values[value.app] = value.value }
        try sharing.check(.marketing, values: values, command: "bump")
        values = [:]
        for value in request.build { values[value.app] = value.value }
        try sharing.check(.build, values: values, command: "bump")

        var apps: [AppsBumpPlan.App] = []
        var inventories: [VersionInventory] = []
        var placesOfApps: [VersionPlaces] = []
        for name in request.appNames {
            guard let app = sharing.apps.first(where: { $0.config.name == name }) else { continue }
            // The app's xcconfig files, Info.plist and committed project, read as a one-app bump reads them.
            let places = try VersionPlaces.read(app.inventory, location: app.location, workspace: app.workspace)
            var planner = BumpPlanner(inventory: app.inventory)
            planner.checksShared = false
            planner.places = places
            let plan = try planner.plan(
                marketing: request.marketing(of: name).map { .set($0) },
                build: request.build(of: name).map { .set($0) },
                auto: nil)
            apps.append(AppsBumpPlan.App(name: name, plan: plan))
            inventories.append(app.inventory)
            placesOfApps.append(places)
        }
        return AppsBumpPlan(
            apps: apps, merged: try BumpService.merge(apps.map(\.plan), inventories, placesOfApps))
    }

    /// The apps' edits as one plan: a file two specs (or two apps' xcconfig chains) read is rewritten once, with
    /// every edit to it.
    static func merge(_ plans: [BumpPlan], _ inventories: [VersionInventory], _ places: [VersionPlaces])
        throws(SpecError) -> BumpPlan
    {
        var groups: [(document: SpecDocument, edits: [BumpPlan.Edit])] = []
        var placeGroups: [(file: VersionPlaces.File, edits: [BumpPlan.Edit])] = []
        var edits: [BumpPlan.Edit] = []
        for (plan, appPlaces) in zip(plans, places) {
            for edit in plan.edits where edit.documentIndex < 0 {
                let file = appPlaces.files[-1 - edit.documentIndex]
                var edit = edit
                guard let index = placeGroups.firstIndex(where: { $0.file.rootRelativePath == file.rootRelativePath })
                else {
                    edit.documentIndex = -1 - placeGroups.count
                    placeGroups.append((file, [edit]))
                    edits.append(edit)
                    continue
                }
                edit.documentIndex = -1 - index
                if let same = placeGroups[index].edits.first(where: { $0.range == edit.range }) {
                    // One line two apps ship: written once, and only when they give it one value.
                    guard same.replacement == edit.replacement else {
                        throw SpecError(
                            "apps that share one definition of the \(edit.kind.title) were given different values: "
                                + "\(edit.keyPath) would be both \(same.new) and \(edit.new)", location: edit.location,
                            hint: "give those apps the same value, or give each app its own \(edit.setting) line")
                    }
                    continue
                }
                placeGroups[index].edits.append(edit)
                edits.append(edit)
            }
        }
        for (plan, inventory) in zip(plans, inventories) {
            for edit in plan.edits where edit.documentIndex >= 0 {
                let document = inventory.spec.documents[edit.documentIndex]
                if let index = groups.firstIndex(where: { $0.document.rootRelativePath == document.rootRelativePath }) {
                    // The same definition, read through two apps' specs: already edited, with the same value.
                    guard !groups[index].edits.contains(where: { $0.range == edit.range }) else { continue }
                    groups[index].edits.append(edit)
                } else {
                    groups.append((document, [edit]))
                }
                edits.append(edit)
            }
        }
        var (files, diff) = try BumpPlanner.files(groups)
        let placeFiles = try BumpPlanner.placeFiles(placeGroups)
        files += placeFiles.files
        diff += placeFiles.diff
        var references: [VersionDefinition] = []
        for reference in plans.flatMap(\.references)
        where !references.contains(where: {
            $0.location == reference.location
        }) {
            references.append(reference)
        }
        return BumpPlan(
            spec: plans.map(\.spec).uniqued().joined(separator: ", "), level: nil, auto: nil, marketing: nil,
            build: nil, edits: edits, definitions: references, files: files, diff: diff,
            notes: plans.flatMap(\.notes).uniqued())
    }

    /// Plans the apps' bump, then prints the diff (`dryRun`) or writes every file (all or none) and reports, under
    /// the repository's lock as `run` takes it.
    public func run(
        _ request: AppsBumpRequest, dryRun: Bool, json: Bool, commandLine: String = "slipway bump",
        waitForLock: Bool = false, console: Console
    ) throws -> ExitStatus {
        let plan = try holdingWriterLock(
            unless: dryRun, commandLine: commandLine, waitForLock: waitForLock, console: console
        ) { () throws -> AppsBumpPlan in
            let plan = try self.plan(request)
            if !dryRun, !plan.merged.isEmpty { _ = try apply(plan.merged) }
            return plan
        }
        if json {
            console.out(BumpReport.json(plan, dryRun: dryRun).compact() + "\n")
        } else {
            if dryRun { console.out(plan.merged.diff) } else { console.out(BumpReport.text(plan)) }
            if dryRun, plan.merged.isEmpty { console.out(BumpReport.text(plan)) }
        }
        return .success
    }
}

extension BumpReport {
    /// One line per app and kind (`app holder  marketing version  5.1.0 -> 5.2.0`), then the edits and files.
    public static func text(_ plan: AppsBumpPlan) -> String {
        let width = plan.apps.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for app in plan.apps {
            for (kind, change) in [(VersionDefinition.Kind.marketing, app.plan.marketing), (.build, app.plan.build)] {
                guard let change else { continue }
                let old = change.old ?? change.oldValues.joined(separator: " / ")
                lines.append(
                    "app " + VersionReport.pad(app.name, width + 2) + VersionReport.pad(kind.title, 19)
                        + (old == change.new ? "\(old) (unchanged)" : "\(old) -> \(change.new)"))
            }
        }
        return lines.joined(separator: "\n") + "\n" + text(plan.merged)
    }

    /// The merged plan's JSON with `apps`: each app's `marketing` and `build` change.
    public static func json(_ plan: AppsBumpPlan, dryRun: Bool) -> JSON {
        guard case .object(var fields) = json(plan.merged, dryRun: dryRun) else { return .null }
        fields["apps"] = .array(
            plan.apps.compactMap { app in
                guard case .object(let own) = json(app.plan, dryRun: dryRun) else { return nil }
                return .object([
                    "app": .string(app.name), "marketing": own["marketing"] ?? .null, "build": own["build"] ?? .null,
                ])
            })
        return .object(fields)
    }
}
