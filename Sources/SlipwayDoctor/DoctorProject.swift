import Foundation
import SlipwayCore
import SlipwayProject
import SlipwaySpec

/// What the checks read: the model, and the files on disk its paths name (relative to the project root).
struct DoctorProject {
    let model: ProjectModel
    /// The files on disk the model's paths name.
    let files: ProjectFiles
    /// The targets that depend on each target, by name: worked out once, as every check of an app or an embedded
    /// bundle asks.
    private let dependents: [String: [ProjectTarget]]

    var root: URL { files.root }

    init(model: ProjectModel, files: ProjectFiles) {
        self.model = model
        self.files = files
        var dependents: [String: [ProjectTarget]] = [:]
        for other in model.targets {
            var named = Set<String>()
            for dependency in other.dependencies where dependency.kind == .target {
                if named.insert(dependency.name.value).inserted {
                    dependents[dependency.name.value, default: []].append(other)
                }
            }
        }
        self.dependents = dependents
    }

    func url(_ path: String) -> URL { files.url(path) }
    func read(_ url: URL) -> Data? { files.read(url) }
    func exists(_ path: String) -> Bool { files.exists(path) }
    func display(_ url: URL) -> String { files.display(url) }

    /// The files a target compiles or copies from its sources (folders walked, `excludes`/`includes` applied),
    /// as URLs; a missing source gives none (`missing-source` reports it).
    func files(of target: ProjectTarget) -> [URL] {
        var result: [URL] = []
        for source in target.sources {
            let base = url(source.path.value)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                result.append(base)
                continue
            }
            let prefix = SpecPath.normalize(source.path.value)
            for relative in Self.walk(base) {
                let path = prefix == "." ? relative : prefix + "/" + relative
                if ProjectTargetFiles.source(source, contains: path) {
                    result.append(base.appendingPathComponent(relative))
                }
            }
        }
        return result
    }

    /// Every file under `folder`, relative to it, hidden ones left out as XcodeGen leaves them out; bundles that
    /// Xcode treats as one file (`.xcassets`, `.bundle`…) are not entered.
    static func walk(_ folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            let kind = walker.fileAttributes?[.type] as? FileAttributeType
            if kind == .typeDirectory {
                if opaque.contains((name as NSString).pathExtension) { walker.skipDescendants() }
                continue
            }
            result.append(relative)
        }
        return result
    }

    static let opaque: Set<String> = ["xcassets", "bundle", "framework", "xcframework", "xcdatamodeld", "app"]

    /// The targets that embed `target` (depend on it), directly.
    func containers(of target: ProjectTarget) -> [ProjectTarget] {
        dependents[target.name] ?? []
    }

    /// An application no other target embeds: what is uploaded to App Store Connect.
    func isTopLevelApp(_ target: ProjectTarget) -> Bool {
        ["application", "application.messages"].contains(target.typeName) && !target.platforms.contains("watchOS")
            && containers(of: target).allSatisfy { $0.isTest }
    }

    static func isWatchApp(_ target: ProjectTarget) -> Bool {
        ["application.watchapp", "application.watchapp2"].contains(target.typeName)
            || (target.typeName == "application" && target.platforms == ["watchOS"])
    }

    /// Bundles shipped inside an app, which carry its versions.
    static func isEmbeddedBundle(_ target: ProjectTarget) -> Bool {
        isWatchApp(target) || target.typeName.hasPrefix("app-extension") || target.typeName.hasPrefix("watchkit")
            || ["extensionkit-extension", "tv-app-extension", "application.on-demand-install-capable"].contains(
                target.typeName)
    }
}
