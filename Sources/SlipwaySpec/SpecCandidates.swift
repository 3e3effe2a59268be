import Foundation

/// Where a repository's XcodeGen specs are when `.slipway.yml` does not say: `project.yml` (or `.yaml`, `.json`) at
/// the root, one folder down (`MyApp/project.yml`), and a white-label layout's `Apps/<Brand>/project.yml`; for
/// `init`, deeper too.
public enum SpecCandidates {
    /// Repository-relative paths of the specs found in the working tree at `root`, sorted, root first.
    public static func find(root: URL) -> [String] {
        let manager = FileManager.default
        let names = SpecPath.defaultNames
        var found: [String] = []
        if let name = names.first(where: { isFile(root.appendingPathComponent($0)) }) { found.append(name) }
        for folder in subfolders(of: root, manager) {
            if let name = names.first(where: { isFile(root.appendingPathComponent(folder + "/" + $0)) }) {
                found.append(folder + "/" + name)
            }
        }
        for folder in subfolders(of: root.appendingPathComponent("Apps"), manager) {
            if let name = names.first(where: { isFile(root.appendingPathComponent("Apps/\(folder)/\($0)")) }) {
                found.append("Apps/\(folder)/\(name)")
            }
        }
        return found
    }

    /// Folders the deep search does not enter: dependencies checked in (Carthage, CocoaPods, npm, vendored code),
    /// build output, and test fixtures, whose specs are data rather than the repository's app.
    private static let skippedFolders: Set<String> = [
        "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor", "Fixtures", "fixtures",
        "TestFixtures",
    ]
    /// Bundles and generated projects, which hold no spec.
    private static let skippedExtensions: Set<String> = [
        "xcodeproj", "xcworkspace", "xcassets", "lproj", "bundle", "framework", "xcframework", "app", "playground",
    ]

    /// Specs two to five folders down, breadth first and sorted within a level: deeper than `find` looks, for `init`
    /// when `find` has none. Hidden folders (`.build` among them) and `skippedFolders` are not searched.
    public static func findDeeper(root: URL) -> [String] {
        let deepest = 6
        var found: [String] = []
        var folders = [""]
        for depth in 1...deepest {
            var next: [String] = []
            for folder in folders {
                let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
                // A folder that cannot be listed holds no spec Slipway could read either.
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                for entry in entries.sorted()
                where !entry.hasPrefix(".") && !skippedFolders.contains(entry)
                    && !skippedExtensions.contains((entry as NSString).pathExtension)
                {
                    let path = folder.isEmpty ? entry : folder + "/" + entry
                    let url = root.appendingPathComponent(path)
                    if depth >= 3, SpecPath.defaultNames.contains(entry), SpecPath.isFile(url) {
                        found.append(path)
                    } else if depth < deepest, SpecPath.isDirectory(url) {
                        next.append(path)
                    }
                }
            }
            folders = next
        }
        return found
    }

    /// `paths` less each spec another of them includes: a framework's fragment that only the app's spec includes
    /// is no spec of its own.
    public static func withoutFragments(_ paths: [String], root: URL) -> [String] {
        let included = Set(paths.flatMap { includes(of: $0, root: root) })
        return paths.filter { !included.contains($0) }
    }

    /// The repository-relative paths of the files `path`'s includes read, itself left out; none when it cannot be
    /// read (then it stays a candidate, and reading it later says why).
    private static func includes(of path: String, root: URL) -> [String] {
        let loader = SpecLoader(root: root, environment: [:])
        let location = SpecLocation(spec: SpecPath.canonical(root.appendingPathComponent(path)))
        do {
            let spec = try loader.load(location, access: .read, policy: .missingIncludesSkipped)
            return spec.documents.dropFirst().map(\.rootRelativePath)
        } catch {
            return []
        }
    }

    private static func subfolders(of url: URL, _ manager: FileManager) -> [String] {
        // A folder that cannot be listed holds no spec Slipway could read either.
        let entries = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
        return entries.filter { !$0.hasPrefix(".") && SpecPath.isDirectory(url.appendingPathComponent($0)) }.sorted()
    }

    private static func isFile(_ url: URL) -> Bool { SpecPath.isFile(url) }

    /// The hint of an error that found no spec: the candidates elsewhere, and `slipway init`.
    public static func hint(root: URL) -> String {
        let found = find(root: root)
        let elsewhere = found.isEmpty ? "" : "found \(found.prefix(3).joined(separator: ", ")); "
        return elsewhere + "run 'slipway init' to write a .slipway.yml that names the spec, or pass --spec <path>"
    }
}
