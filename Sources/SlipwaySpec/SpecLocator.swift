import Foundation
import SlipwayConfig
import SlipwayCore

/// The one place that decides which file is the XcodeGen spec and which folder is XcodeGen's project root:
/// `--spec`/`--project-root` (relative to the current folder), else `spec`/`projectRoot` in `.slipway.yml`
/// (relative to the repository root), else `project.yml`, `project.yaml` or `project.json` at the root.
public struct SpecLocator {
    /// The repository root (the current folder outside a repository).
    public let root: URL
    public let configuration: Configuration

    public init(root: URL, configuration: Configuration) {
        self.root = root
        self.configuration = configuration
    }

    /// Command-line choices that take precedence over `.slipway.yml`; both are relative to the current folder.
    public struct Options: Sendable {
        public var spec: String?
        public var projectRoot: String?

        public init(spec: String? = nil, projectRoot: String? = nil) {
            self.spec = spec
            self.projectRoot = projectRoot
        }
    }

    /// The spec path relative to the root as `.slipway.yml` names it, else the first default name `source` holds
    /// at the root; `nil` when neither. `detect` reads a commit's tree; a bare repository HEAD's.
    package func relativeSpecPath(in source: some SpecFileSource) -> String? {
        let rootPath = SpecPath.normalize(root.path)
        if let configured = configuration.spec {
            return DisplayPath.of(SpecPath.join(rootPath, configured), relativeTo: rootPath, outside: .climbing)
        }
        return SpecPath.defaultSpec(in: rootPath, source: source).map {
            DisplayPath.of($0, relativeTo: rootPath, outside: .climbing)
        }
    }

    /// The spec and project root in the working tree; a spec that is not there is an error saying where it was
    /// looked for and how to name another.
    public func locate(_ options: Options, currentDirectory: URL) throws(SpecError) -> SpecLocation {
        let display = { (url: URL) in
            DisplayPath.of(
                SpecPath.canonical(url).path, relativeTo: SpecPath.canonical(currentDirectory).path, outside: .climbing)
        }
        let spec: URL
        if let given = options.spec {
            spec = SpecPath.absolute(given, from: currentDirectory)
            try requireFile(spec, display: display, hint: "--spec is relative to the current folder")
        } else if let configured = configuration.spec {
            spec = SpecPath.absolute(configured, from: root)
            let hint =
                "'spec' in \(Configuration.fileName) is relative to the repository root; "
                + SpecCandidates.hint(root: root)
            try requireFile(spec, display: display, hint: hint)
        } else {
            let source = WorkingTreeSpecFiles(currentDirectory: currentDirectory)
            guard let found = SpecPath.defaultSpec(in: SpecPath.normalize(root.path), source: source) else {
                let missing = display(root.appendingPathComponent(SpecPath.defaultNames[0]))
                throw SpecError(
                    "no XcodeGen spec found: \(missing) does not exist", hint: SpecCandidates.hint(root: root))
            }
            spec = URL(fileURLWithPath: found)
        }
        var projectRoot: URL?
        if let given = options.projectRoot {
            projectRoot = SpecPath.absolute(given, from: currentDirectory)
        } else if let configured = configuration.projectRoot {
            projectRoot = SpecPath.absolute(configured, from: root)
        }
        if let projectRoot, !SpecPath.isDirectory(projectRoot) {
            throw SpecError(
                "the project root \(display(projectRoot)) is not a folder",
                hint: "--project-root is relative to the current folder, 'projectRoot' in \(Configuration.fileName) "
                    + "to the repository root")
        }
        return SpecLocation(spec: SpecPath.canonical(spec), projectRoot: projectRoot.map(SpecPath.canonical))
    }

    /// `spec` relative to the root when it lies inside it (what `detect` compares with changed paths), else `nil`.
    package func relativePath(of spec: URL) -> String? {
        let path = DisplayPath.of(spec.path, relativeTo: SpecPath.canonical(root).path, outside: .climbing)
        return path.hasPrefix("/") || path.hasPrefix("../") || path == ".." ? nil : path
    }

    private func requireFile(_ url: URL, display: (URL) -> String, hint: String) throws(SpecError) {
        guard SpecPath.isFile(url) else {
            throw SpecError("no XcodeGen spec at \(display(url))", hint: hint)
        }
    }
}

/// The spec file and the folder XcodeGen would use as `--project-root` (`nil`: the spec's own folder).
public struct SpecLocation: Sendable, Equatable {
    public var spec: URL
    public var projectRoot: URL?

    public init(spec: URL, projectRoot: URL? = nil) {
        self.spec = spec
        self.projectRoot = projectRoot
    }
}
