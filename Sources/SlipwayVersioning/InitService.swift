import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace
import SlipwayYAML

/// `slipway init`: looks at the repository and writes a commented `.slipway.yml` describing it: the spec(s), a
/// project root where includes need one, the apps when a spec's targets disagree on versions (or one per spec in a
/// white-label layout), the release tags already in history, the CI in use and a committed generated project.
public struct InitService {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// What `init` found, from which the file's text is written.
    public struct Findings: Sendable {
        public struct Spec: Sendable {
            public var path: String
            /// `.` when the includes resolve only against the repository root.
            public var projectRoot: String?
            /// The apps a split of its targets by marketing version gives; empty: the spec is one app.
            public var apps: [(name: String, targets: [String], version: String)]
            /// The generated project git tracks, if any.
            public var committedProject: String?
        }

        public var specs: [Spec] = []
        public var tags: [String] = []
        public var ci: [String] = []
    }

    /// Everything `init` would write; throws when there is no spec to describe.
    public func findings() throws -> Findings {
        var findings = Findings()
        let paths = SpecCandidates.search(root: workspace.root)
        guard !paths.isEmpty else {
            throw Failure(
                "no XcodeGen spec found: no project.yml (or .yaml, .json) at the root or up to "
                    + "\(SpecCandidates.searchDepth) folders down, outside Carthage/, Pods/, build folders and fixtures",
                hint: "run 'slipway init' in the repository that holds the spec")
        }
        for path in paths { findings.specs.append(try spec(at: path)) }
        if let repository = workspace.repository, !repository.isEmpty {
            findings.tags = try repository.tags(matching: Glob("*")).map(\.name).sorted {
                $0.compare($1, options: .numeric) == .orderedAscending
            }
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: workspace.root.appendingPathComponent(".github/workflows").path) {
            findings.ci.append("GitHub Actions (.github/workflows)")
        }
        if manager.fileExists(atPath: workspace.root.appendingPathComponent("ci_scripts").path) {
            findings.ci.append("Xcode Cloud (ci_scripts/)")
        }
        return findings
    }

    /// One spec: read as `slipway version` reads it, first against its own folder, then against the root.
    private func spec(at path: String) throws -> Findings.Spec {
        let location = SpecLocation(spec: SpecPath.canonical(workspace.root.appendingPathComponent(path)))
        var projectRoot: String?
        let inventory: VersionInventory
        do {
            inventory = try plain.versions(at: location, access: .read)
        } catch {
            // Includes written relative to the repository root need XcodeGen's --project-root.
            var atRoot = location
            atRoot.projectRoot = SpecPath.canonical(workspace.root)
            guard let read = try? plain.versions(at: atRoot, access: .read) else { throw error }
            inventory = read
            projectRoot = "."
        }
        var apps: [(name: String, targets: [String], version: String)] = []
        if inventory.suggestedApps != nil {
            var order: [String] = []
            var groups: [String: [String]] = [:]
            for (target, value) in inventory.valuesByTarget(.marketing) {
                if groups[value] == nil { order.append(value) }
                groups[value, default: []].append(target)
            }
            apps = order.map { (InitService.appName(groups[$0]?[0] ?? "app"), groups[$0] ?? [], $0) }
        }
        var committed: String?
        if let root = inventory.spec.root.file.root, let name = root["name"], name.kind == .scalar,
            let repository = workspace.repository
        {
            let folder = (path as NSString).deletingLastPathComponent
            let project = (folder.isEmpty ? "" : folder + "/") + name.scalar + ".xcodeproj/project.pbxproj"
            if try repository.isTracked(project) { committed = (project as NSString).deletingLastPathComponent }
        }
        return Findings.Spec(path: path, projectRoot: projectRoot, apps: apps, committedProject: committed)
    }

    /// The workspace without `.slipway.yml`'s own choices, so what is found does not depend on the file replaced.
    private var plain: Workspace {
        workspace.with(Configuration())
    }

    static func appName(_ target: String) -> String {
        let name = target.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" ? String($0) : "-" }.joined()
        return name.isEmpty || name.hasPrefix("-") ? "app" + name : name
    }

    /// Writes the file (refusing to replace one unless `force`), or prints it with `dryRun`.
    public func run(dryRun: Bool, force: Bool, console: Console) throws -> ExitStatus {
        let url = workspace.root.appendingPathComponent(Configuration.fileName)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if exists, !force, !dryRun {
            throw Failure(
                "\(Configuration.fileName) exists already; slipway init does not replace it",
                hint: "see what it would write with --dry-run, or replace it with --force")
        }
        let text = InitFile.text(try findings())
        // The file must read back as a valid configuration: what init writes, every command accepts.
        _ = try Configuration.parse(try YAMLFile(path: Configuration.fileName, text: text))
        if dryRun {
            console.out(text)
            return .success
        }
        try AtomicFileWriter.replace(url.path, with: Array(text.utf8))
        console.out("\(exists ? "Replaced" : "Wrote") \(Configuration.fileName); check it, then commit it.\n")
        return .success
    }
}
