import Foundation

/// Where a repository's XcodeGen specs are when `.slipway.yml` does not say: `project.yml` (or `.yaml`, `.json`) at
/// the root, one folder down (`MyApp/project.yml`), and a white-label layout's `Apps/<Brand>/project.yml`.
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

    /// Folders a deep search does not enter: dependencies checked in by Carthage, CocoaPods, SwiftPM or npm, build
    /// output, and test fixtures (specs that are data, not the repository's app).
    static let skippedFolders: Set<String> = [
        "Carthage", "Pods", "DerivedData", "node_modules", "build", "Build", "vendor", "Fixtures", "fixtures",
        "TestFixtures",
    ]
    /// Folders that are bundles or generated projects, never holding a spec.
    static let skippedExtensions: Set<String> = [
        "xcodeproj", "xcworkspace", "xcassets", "lproj", "bundle", "framework", "xcframework", "app", "playground",
    ]
    /// How many folders down a deep search looks.
    public static let searchDepth = 4

    /// What `init` finds: the specs at any depth down to `searchDepth` folders (`MyApp/ios/project.yml`), breadth
    /// first and sorted within a level, outside `skippedFolders` and hidden folders; less each spec another found
    /// spec includes (a framework's fragment that only the app's spec includes is no spec of its own).
    public static func search(root: URL) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var level = [""]
        for depth in 0...searchDepth {
            var next: [String] = []
            for folder in level {
                let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
                if let name = SpecPath.defaultNames.first(where: { isFile(url.appendingPathComponent($0)) }) {
                    found.append(folder.isEmpty ? name : folder + "/" + name)
                }
                guard depth < searchDepth else { continue }
                for child in subfolders(of: url, manager)
                where !skippedFolders.contains(child)
                    && !skippedExtensions.contains((child as NSString).pathExtension)
                {
                    next.append(folder.isEmpty ? child : folder + "/" + child)
                }
            }
            level = next
        }
        let included = Set(found.flatMap { includes(of: $0, root: root) })
        return found.filter { !included.contains($0) }
    }

    /// The repository-relative paths of the files `path`'s includes read, itself left out; none when it cannot be
    /// read (then it stays a candidate, and reading it later says why).
    private static func includes(of path: String, root: URL) -> [String] {
        let loader = SpecLoader(root: root, isRepository: false, currentDirectory: root, environment: [:])
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
