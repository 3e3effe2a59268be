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
    /// `--spec` and `--project-root` (relative to the current folder): the spec to describe instead of the ones
    /// found where specs usually are.
    public var given = SpecLocator.Options()

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
            /// The spec's one marketing version, if it has one (to tell `v1.45.71` = version 1.45, build 71).
            public var version: String?
            /// The files (repository-relative) that hold its literal marketing versions.
            public var marketingFiles: [String] = []
        }

        public var specs: [Spec] = []
        public var tags: [String] = []
        public var ci: [String] = []
        /// What `init` tells the user beside the file (on stderr): a spec it took from deeper in the repository.
        public var notes: [String] = []
    }

    /// Everything `init` would write; throws when there is no spec to describe.
    public func findings() throws -> Findings {
        var findings = Findings()
        if given.spec != nil || given.projectRoot != nil {
            let location = try plain.locate(given)
            let rootPath = SpecPath.canonical(workspace.root).path
            let relative = { (url: URL) in DisplayPath.of(url.path, relativeTo: rootPath, outside: .climbing) }
            findings.specs.append(
                try spec(at: relative(location.spec), projectRoot: location.projectRoot.map(relative)))
        } else {
            var paths = SpecCandidates.withoutFragments(SpecCandidates.find(root: workspace.root), root: workspace.root)
            if paths.isEmpty {
                // Deeper, one app spec is the app's; several need the user to say which.
                let deeper = SpecCandidates.withoutFragments(
                    SpecCandidates.findDeeper(root: workspace.root), root: workspace.root)
                guard deeper.count == 1 else { throw noSpecFound(deeper: deeper) }
                paths = deeper
                findings.notes.append(
                    "using \(deeper[0]), the only app spec found (none at the root, one folder down or in "
                        + "Apps/<name>/)")
            }
            for path in paths { findings.specs.append(try spec(at: path)) }
        }
        if let repository = workspace.repository, !repository.isEmpty {
            // `**`: tags with a slash too (`app/2026.11.2`).
            findings.tags = try repository.tags(matching: Glob("**")).map(\.name).sorted {
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

    /// What `init` says when no spec is where specs usually are and not exactly one lies deeper: where it looked,
    /// the specs deeper or what kind of project this is instead, and what to run next.
    private func noSpecFound(deeper: [String]) -> Failure {
        let root = workspace.displayPath(workspace.root)
        let looked =
            "no XcodeGen spec in \(root): no project.yml (or .yaml, .json) at the root, one folder down or in "
            + "Apps/<name>/"
        if let first = deeper.first {
            let shown = deeper.prefix(5).joined(separator: ", ") + (deeper.count > 5 ? ", …" : "")
            return Failure(
                looked + "; found \(deeper.count) specs deeper: \(shown)",
                hint: "name the app's spec: slipway init --spec "
                    + workspace.displayPath(workspace.root.appendingPathComponent(first)))
        }
        if FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("Package.swift").path) {
            return Failure(
                looked + "; found Package.swift, a Swift package",
                hint: "a Swift package needs no .slipway.yml: 'slipway run' derives swift build and swift test; "
                    + "for an XcodeGen app, name its spec with --spec <path>")
        }
        return Failure(
            looked,
            hint: "run 'slipway init' in the repository that holds the app's project.yml, or name the spec "
                + "with --spec <path>")
    }

    /// One spec: read as `slipway version` reads it, first against its own folder, then against the root (or
    /// against `projectRoot` when `--project-root` gives it).
    private func spec(at path: String, projectRoot givenRoot: String? = nil) throws -> Findings.Spec {
        var location = SpecLocation(spec: SpecPath.canonical(workspace.root.appendingPathComponent(path)))
        var projectRoot: String?
        if let givenRoot {
            location.projectRoot = SpecPath.canonical(workspace.root.appendingPathComponent(givenRoot))
            projectRoot = givenRoot
        }
        let inventory: VersionInventory
        do {
            inventory = try plain.versions(at: location, access: .read)
        } catch {
            guard givenRoot == nil else { throw error }
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
        let version = inventory.agrees(.marketing) ? inventory.effective(.marketing) : nil
        var spec = Findings.Spec(
            path: path, projectRoot: projectRoot, apps: apps, committedProject: committed, version: version)
        spec.marketingFiles = inventory.literals(.marketing).map { inventory.document(of: $0).rootRelativePath }
            .uniqued()
        return spec
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
        let findings = try findings()
        for note in findings.notes { console.err("note: \(note)\n") }
        for note in InitFile.tagNotes(findings) { console.err("note: \(note)\n") }
        let text = InitFile.text(findings)
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
